"""Smitten's notation (SPEC §2): cards are numbers 1 to 9, placements number + grid
(``3L``, ``9R``). Parsing is case-insensitive and forgiving about spaces; printing gives
the canonical form used in JSON and save files."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.i18n import _


class GridSide(enum.Enum):
    """Which of the two Smitten grids: left or right."""

    LEFT = "L"
    RIGHT = "R"

    #: Members are singletons compared by identity: hash them by identity too, in C (an
    #: Enum's own hash is a Python function, and the solver looks grids up millions of times).
    __hash__ = object.__hash__

    @property
    def other(self) -> GridSide:
        return GridSide.RIGHT if self is GridSide.LEFT else GridSide.LEFT


SMITTEN_NUMBERS = range(1, 10)


def parse_smitten_card(text: str | int) -> int:
    """A Smitten card is just its number, 1 to 9: typed (``"4"``) or as a save file holds
    it (``4``). The one check of "a card 1 to 9" for every entry.

    >>> parse_smitten_card(" 4"), parse_smitten_card(9)
    (4, 9)
    >>> parse_smitten_card("10")
    Traceback (most recent call last):
    referee.errors.InputError: '10' is not a Smitten card; cards are numbered 1 to 9
    """
    if isinstance(text, int) and not isinstance(text, bool) and text in SMITTEN_NUMBERS:
        return text
    stripped = text.strip() if isinstance(text, str) else ""
    if stripped.isascii() and stripped.isdigit() and int(stripped) in SMITTEN_NUMBERS:
        return int(stripped)
    return _not_a_card(text)


def _not_a_card(text: object) -> int:
    raise InputError(_("{text} is not a Smitten card; cards are numbered 1 to 9").format(text=quoted(str(text))))


@dataclass(frozen=True)
class Placement:
    """A Smitten card put into a grid, written number + grid: ``3L``, ``9R``.

    The cell follows from the number (row (n−1)//3, column (n−1)%3), so the number and
    the grid are all there is to say.

    >>> Placement.parse("5l"), str(Placement.parse(" 9 R"))
    (Placement(number=5, side=<GridSide.LEFT: 'L'>), '9R')
    >>> Placement.parse("3X")
    Traceback (most recent call last):
    referee.errors.InputError: unknown grid 'X' in placement '3X'; use L (left) or R (right), as in 3L
    """

    number: int
    side: GridSide

    def __str__(self) -> str:
        return f"{self.number}{self.side.value}"

    @property
    def cell(self) -> tuple[int, int]:
        return divmod(self.number - 1, 3)

    @classmethod
    def parse(cls, text: str) -> Placement:
        compact = "".join(text.split()).upper()
        head, grid = compact[:-1], compact[-1:]
        if head.isascii() and head.isdigit() and grid.isalpha():  # a number, then one letter
            if grid in ("L", "R"):
                return cls(parse_smitten_card(head), GridSide(grid))
            raise InputError(
                _("unknown grid {grid} in placement {text}; use L (left) or R (right), as in 3L").format(
                    grid=quoted(grid), text=quoted(text)
                )
            )
        raise InputError(_("{text} is not a placement; write the card number and the grid, as in 3L or 7R").format(text=quoted(text)))
