"""The dictionary a game's table agreed on, with the house rules the game keeps on top:
one definition for every front end that judges a game's challenge (the command line's
`spell challenge FILE CHALLENGER PLAYER`, table mode through it, a phone of `referee
serve`), so every challenge of a game is judged alike."""

from __future__ import annotations

from collections.abc import Set
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from referee.lexicon.backend import Dictionary
    from referee.lexicon.verdict import Verdict


class House(Protocol):
    """House rules as a game keeps them (``referee.spellcrafter.setup.HouseRules``) or
    as a file reads them (``referee.lexicon.backend.HouseList``): all a challenge reads."""

    @property
    def path(self) -> object: ...  # where the rules came from: named by the dictionary's name

    @property
    def added(self) -> Set[str]: ...

    @property
    def removed(self) -> Set[str]: ...


def agreed_dictionary(name: str, house: House | None) -> Dictionary:
    """The dictionary ``name`` (as stored at `new`), with ``house`` on top when the game
    keeps house rules (anything of a house list's shape: path, added, removed)."""
    from referee.lexicon.backend import WithHouse
    from referee.lexicon.catalogue import open_dictionary

    dictionary = open_dictionary(name)
    return dictionary if house is None else WithHouse(dictionary, house)  # type: ignore[arg-type]  # WithHouse reads only these


def judge_agreed(word: str, name: str, house: House | None) -> Verdict:
    """The verdict of the agreed dictionary and house rules on ``word``."""
    from referee.lexicon.verdict import judge

    return judge(word, agreed_dictionary(name, house))
