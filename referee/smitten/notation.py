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


def parse_smitten_card(text: str) -> int:
    """A Smitten card is just its number, 1 to 9."""
    stripped = text.strip()
    if stripped.isascii() and stripped.isdigit() and int(stripped) in SMITTEN_NUMBERS:
        return int(stripped)
    raise InputError(_("{text} is not a Smitten card; cards are numbered 1 to 9").format(text=quoted(text)))


@dataclass(frozen=True)
class Placement:
    """A Smitten card put into a grid, written number + grid: ``3L``, ``9R``.

    The cell follows from the number (row (n−1)//3, column (n−1)%3), so the number and
    the grid are all there is to say.
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
