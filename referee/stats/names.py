"""One person, one name: names across files are matched as entries match them, ignoring
case and accents (:func:`referee.players.folded`: ``élodie`` is Élodie), and aliases merge
a player typed two ways (``Bram V.=Bram``).

Aliases come from ``--alias OLD=NEW`` and from an aliases file, ``aliases.toml``, in a
folder that is read::

    # referee stats: one person, one name
    "Bram V." = "Bram"
    Lies = "Liesbeth"

A person is shown under the spelling an alias gives, or else the spelling used most
often (the latest, between equals).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

from referee.errors import InputError, quoted
from referee.i18n import _
from referee.players import folded

ALIASES_FILE = "aliases.toml"


def parse_alias(text: str) -> tuple[str, str]:
    """``Bram V.=Bram`` → (``Bram V.``, ``Bram``)."""
    old, equals, new = text.partition("=")
    if not equals or not old.strip() or not new.strip():
        raise InputError(_("{alias} is not an alias; write OLD=NEW, e.g. --alias \"Bram V.=Bram\"").format(alias=quoted(text)))
    return old.strip(), new.strip()


def aliases_file(path: Path) -> dict[str, str]:
    """The aliases of an aliases file: names to names."""
    try:
        table = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise InputError(_("{path}: cannot read the aliases ({error}); write one alias a line: \"Bram V.\" = \"Bram\"").format(path=path, error=error)) from None
    if not all(isinstance(value, str) and value.strip() for value in table.values()):
        raise InputError(_("{path}: an alias is a name = a name, e.g. \"Bram V.\" = \"Bram\"").format(path=path))
    return {str(old).strip(): str(new).strip() for old, new in table.items()}


def folder_aliases(paths: Iterable[Path]) -> dict[str, str]:
    """The aliases files of the folders read (``aliases.toml`` at each folder's top)."""
    found: dict[str, str] = {}
    for path in paths:
        candidate = path / ALIASES_FILE
        if path.is_dir() and candidate.is_file():
            found.update(aliases_file(candidate))
    return found


class Names:
    """Who is who: ``person(name)`` gives a name's person (its folded key, after aliases),
    ``shown(person)`` the spelling to show."""

    def __init__(self, aliases: Mapping[str, str], spellings: Iterable[str]) -> None:
        self._aliases = {folded(old): new for old, new in aliases.items()}
        self._given = {folded(new): new for new in aliases.values()}
        counts: Counter[str] = Counter(spellings)
        best: dict[str, tuple[int, str]] = {}
        for spelling, count in counts.items():  # in order of first use: a later one wins a tie
            person = self.person(spelling)
            if person not in best or count >= best[person][0]:
                best[person] = (count, spelling)
        self._spelling = {person: spelling for person, (_count, spelling) in best.items()}

    def person(self, name: str) -> str:
        seen: set[str] = set()
        key = folded(name)
        while key in self._aliases and key not in seen:  # an alias of an alias
            seen.add(key)
            key = folded(self._aliases[key])
        return key

    def shown(self, person: str) -> str:
        return self._given.get(person) or self._spelling.get(person, person)
