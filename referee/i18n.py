"""The language of the messages: English, or Dutch for a Dutch table (stdlib gettext).

The language is chosen once per command line: ``--lang nl|en`` anywhere before ``--``
(read by the shared error path, :func:`referee.cli.group.run`), else ``REFEREE_LANG``,
else the locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set: Dutch
when it starts with ``nl``), else English.

Messages are written in English in the code and marked with :func:`_` (or
:func:`ngettext` for counts); the Dutch catalogue is the ``.po`` files a translator edits,
``referee/locale/nl/LC_MESSAGES/*.po`` (``referee.po``, and one file per area of the
program, read together as one catalogue). It is read only when Dutch is chosen, and
without a compile step: the ``.po`` is turned into the ``.mo`` bytes stdlib ``gettext``
reads, in memory. English costs one comparison per message.

JSON keys and save files never change with the language; JSON message strings do.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import gettext

LANGUAGES = ("en", "nl")
DOMAIN = "referee"

_chosen: str | None = None
#: The language of :func:`speaking`'s block: one per thread and per task (the web server
#: answers pages in their own languages on its loop and in worker threads at once).
_spoken: ContextVar[str | None] = ContextVar("referee_spoken", default=None)


def set_language(language: str | None) -> None:
    """Fix the language for this process (``None``: from the environment again)."""
    global _chosen
    _chosen = language


@contextmanager
def speaking(language: str | None) -> Iterator[None]:
    """Words in ``language`` inside the block, the language chosen before after it: the
    web server answers each page in its own. The choice holds for this thread (and this
    task) only, so a page answered in a worker thread never changes another's words."""
    token = _spoken.set(language if language in LANGUAGES else _spoken.get())
    try:
        yield
    finally:
        _spoken.reset(token)


def language() -> str:
    """``"nl"`` or ``"en"``: the language of the :func:`speaking` block around, else what
    was chosen, else what the environment asks for."""
    global _chosen
    spoken = _spoken.get()
    if spoken is not None:
        return spoken
    if _chosen is None:
        _chosen = from_environment(os.environ)
    return _chosen


def from_environment(environ: os._Environ[str] | dict[str, str]) -> str:
    """``REFEREE_LANG``, else the locale's message language; Dutch only when it says so."""
    chosen = environ.get("REFEREE_LANG") or next(
        (environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), ""
    )
    return "nl" if chosen.lower().startswith("nl") else "en"


def dutch() -> bool:
    return language() == "nl"


def _(message: str) -> str:
    """``message`` in the chosen language (the English text is the key)."""
    if language() == "en":
        return message
    return translations().gettext(message)


def N_(message: str) -> str:
    """Mark a help text for the catalogue; it is translated when help is drawn
    (:func:`referee.cli.typer_internals.localize`), not when the module is imported,
    which may be before the command line chose its language (or, in one process, in
    another language than the help drawn later)."""
    return message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``, in the chosen language."""
    if language() == "en":
        return singular if count == 1 else plural
    return translations().ngettext(singular, plural, count)


def number(value: float, places: int = 0, grouped: bool = False) -> str:
    """A number for people, with ``places`` decimals and, ``grouped``, its thousands
    marked: English ``1,234.5``, Dutch ``1.234,5`` (the decimal comma); a negative number
    with the minus sign, ``−2.8``, as the program writes every minus for people (and no
    sign on a number that rounds to zero). JSON keeps its numbers as numbers; this is for
    text only."""
    text = f"{value:,.{places}f}" if grouped else f"{value:.{places}f}"
    if text.startswith("-"):
        text = text[1:] if not text.strip("-0.,") else MINUS + text[1:]
    return text.translate(_DUTCH_MARKS) if dutch() else text


#: The minus sign (U+2212) of every negative number written for people.
MINUS = "\u2212"


def percent(share: float, places: int = 1) -> str:
    """A share (0 to 1) as a percentage for people: ``12.5 %``, Dutch ``12,5 %``."""
    return number(share * 100, places) + " %"


_DUTCH_MARKS = str.maketrans(",.", ".,")


def catalogue_path() -> str:
    return os.path.join(catalogue_folder(), DOMAIN + ".po")


def catalogue_folder() -> str:
    return os.path.join(os.path.dirname(__file__), "locale", "nl", "LC_MESSAGES")


def catalogue_paths() -> list[str]:
    """Every ``.po`` file of the Dutch catalogue, ``referee.po`` first."""
    folder = catalogue_folder()
    others = sorted(name for name in os.listdir(folder) if name.endswith(".po") and name != DOMAIN + ".po")
    return [catalogue_path(), *(os.path.join(folder, name) for name in others)]


def catalogue() -> dict[str, str]:
    """The translated messages of every ``.po`` file of the catalogue, as one."""
    messages: dict[str, str] = {}
    for path in catalogue_paths():
        with open(path, encoding="utf-8") as po:
            messages.update(read_po(po.read()))
    return messages


@cache
def translations() -> gettext.GNUTranslations:
    """The Dutch catalogue, read from its ``.po`` files on first use."""
    import gettext
    import io

    return gettext.GNUTranslations(io.BytesIO(mo_bytes(catalogue())))


def read_po(text: str) -> dict[str, str]:
    """The translated messages of a ``.po`` file, keyed as a ``.mo`` file keys them
    (a plural message as ``singular NUL plural``, its forms joined by NUL). Untranslated
    and fuzzy entries are left out, so gettext falls back to the English text."""
    messages: dict[str, str] = {}
    entry: dict[str, str] = {}
    field = ""
    fuzzy = False

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in entry and not fuzzy:
            key = entry["msgid"]
            if "msgid_plural" in entry:
                key += "\0" + entry["msgid_plural"]
                forms = [entry[f] for f in sorted(k for k in entry if k.startswith("msgstr["))]
                value = "\0".join(forms) if all(forms) else ""
            else:
                value = entry.get("msgstr", "")
            if value:
                messages[key] = value
        entry.clear()
        fuzzy = False

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line:
                finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            entry[field] += _unquoted(line)
            continue
        keyword, _space, rest = line.partition(" ")
        if keyword == "msgid" and "msgid" in entry:
            finish()
        field = keyword
        entry[field] = _unquoted(rest)
    finish()
    return messages


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquoted(text: str) -> str:
    """A ``.po`` string (``"a \\"quoted\\" word\\n"``) as the text it stands for."""
    import re

    body = text.strip()[1:-1]
    return re.sub(r"\\(.)", lambda escape: _ESCAPES.get(escape[1], escape[1]), body) if "\\" in body else body


def mo_bytes(messages: dict[str, str]) -> bytes:
    """``messages`` as a GNU ``.mo`` file (the layout ``msgfmt`` writes)."""
    import struct

    keys = sorted(messages, key=lambda key: key.encode())
    ids = strs = b""
    spans = []
    for key in keys:
        encoded_key, encoded_value = key.encode(), messages[key].encode()
        spans.append((len(ids), len(encoded_key), len(strs), len(encoded_value)))
        ids += encoded_key + b"\0"
        strs += encoded_value + b"\0"
    key_start = 7 * 4 + 16 * len(keys)
    value_start = key_start + len(ids)
    key_table = b"".join(struct.pack("<2I", length, offset + key_start) for offset, length, _, _ in spans)
    value_table = b"".join(struct.pack("<2I", length, offset + value_start) for _, _, offset, length in spans)
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 7 * 4, 7 * 4 + 8 * len(keys), 0, 0)
    return header + key_table + value_table + ids + strs
