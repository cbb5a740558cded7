"""Spellcrafter's cards: four suits of letter cards and three special cards.

"35 cards of each suit: Familiars (Black), Sigils (Red), Cauldrons (Green), and Moons
(Blue), including 3 special cards of each suit." A card prints itself the way players
type it (SPEC §2): a letter card as LETTERS VALUE SUIT (``K4m``, ``QU10s``), a special
card as its code and suit (``DDm``, ``TOILm``, ``TRc``).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass


class SpellSuit(enum.Enum):
    """The four suits, in the rulebook's order; the value is the one-letter code."""

    FAMILIARS = "f"
    SIGILS = "s"
    CAULDRONS = "c"
    MOONS = "m"

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def colour(self) -> str:
        """The cards' colour, as a style for the terminal (black shows as plain text)."""
        return _COLOURS[self]

    @classmethod
    def from_code(cls, code: str) -> SpellSuit | None:
        """The suit a code or name stands for (``m``, ``M``, ``moons``), or None."""
        return _BY_CODE.get(code.lower())


#: Each suit by its code, its name and its name in the singular (``m``, ``moons``, ``moon``).
_BY_CODE = {name: suit for suit in SpellSuit for name in (suit.value, suit.label, suit.label.rstrip("s"))}
_COLOURS = {SpellSuit.FAMILIARS: "", SpellSuit.SIGILS: "red", SpellSuit.CAULDRONS: "green", SpellSuit.MOONS: "blue"}


class Special(enum.Enum):
    """The three special cards; the value is the name used in deck files."""

    DOUBLE_DOUBLE = "double-double"
    TOIL = "toil"
    TROUBLE = "trouble"

    @property
    def code(self) -> str:
        """How a token starts: ``DD``, ``TOIL``, ``TR``."""
        return _CODES[self]

    @property
    def title(self) -> str:
        return _TITLES[self]


_CODES = {Special.DOUBLE_DOUBLE: "DD", Special.TOIL: "TOIL", Special.TROUBLE: "TR"}
_TITLES = {Special.DOUBLE_DOUBLE: "Double, Double", Special.TOIL: "Toil", Special.TROUBLE: "Trouble"}

#: The Qu card's letters: "Although Qu is a letter card (not a special card), it is
#: unique because it includes two letters."
QU = "QU"

#: The letters a letter card is written with, in capitals: one letter A–Z, or QU. In a
#: word ``Q`` is the Qu card played without its U; a deck file lists the card as QU.
CARD_LETTERS = re.compile(r"QU|[A-Z]")


@dataclass(frozen=True)
class SpellCard:
    """One physical card: a letter card (``letters`` and ``value``) or a special card.

    ``letters`` is one capital letter, or ``QU`` for the Qu card; special cards have
    ``special`` set, no letters and value 0.
    """

    suit: SpellSuit
    letters: str = ""
    value: int = 0
    special: Special | None = None

    def __str__(self) -> str:
        if self.special is not None:
            return f"{self.special.code}{self.suit.value}"
        return f"{self.letters}{self.value}{self.suit.value}"

    @property
    def is_letter(self) -> bool:
        return self.special is None
