"""The two 3×3 grids, as 9-bit masks: bit n−1 is set when card n is in the grid.

"Each grid uses one card of each number, 1 through 9", and card n has a fixed cell:
row (n−1)//3, column (n−1)%3 ("the art must align"). So a grid is fully described by
the set of numbers in it, and a set of numbers 1–9 fits in one small integer. Every
question the rules ask about a grid is answered by a table lookup, computed once here:
which numbers may go in next (empty cell touching a card), which numbers would complete
a row or column, how many cards a grid holds. That is what makes thousands of random
games a second possible.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from referee.errors import InputError, quoted
from referee.smitten.notation import GridSide

NUMBERS = tuple(range(1, 10))
ALL = 0b111111111
#: BIT[n] is the mask of card n alone (BIT[0] = 0: an unseen card has no number yet).
BIT = (0,) + tuple(1 << (n - 1) for n in NUMBERS)
HIGHER = BIT[6] | BIT[7] | BIT[8] | BIT[9]
LOWER = BIT[1] | BIT[2] | BIT[3] | BIT[4]

#: The two grids, indexed 0 (left) and 1 (right) in the state's ``grids`` tuple.
SIDES = (GridSide.LEFT, GridSide.RIGHT)
SIDE_INDEX = {GridSide.LEFT: 0, GridSide.RIGHT: 1}


def cell(number: int) -> tuple[int, int]:
    """(row, column) of card ``number``: the art must align."""
    return divmod(number - 1, 3)


def _neighbours(number: int) -> int:
    row, column = cell(number)
    mask = 0
    for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)):
        if 0 <= r < 3 and 0 <= c < 3:
            mask |= BIT[3 * r + c + 1]
    return mask


#: NEIGHBOURS[n]: the cards orthogonally adjacent to card n's cell.
NEIGHBOURS = (0,) + tuple(_neighbours(n) for n in NUMBERS)
ROW = (0,) + tuple(sum(BIT[3 * cell(n)[0] + c + 1] for c in range(3)) for n in NUMBERS)
COLUMN = (0,) + tuple(sum(BIT[3 * r + cell(n)[1] + 1] for r in range(3)) for n in NUMBERS)


def numbers(mask: int) -> list[int]:
    """The card numbers in a mask, lowest first."""
    return [n for n in NUMBERS if mask & BIT[n]]


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for number in cards:
        mask |= BIT[number]
    return mask


def _tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per grid mask (0–511): the cells a new card may touch (any cell when the grid is
    empty), the numbers whose placement leaves their row or column full (card 4), and
    the number of cards. Each entry is built from a smaller grid (one card fewer).
    """
    touching, counts = [ALL], [0]
    for grid in range(1, 512):
        smaller, low = grid & (grid - 1), (grid & -grid).bit_length()
        touching.append((touching[smaller] if smaller else 0) | NEIGHBOURS[low])
        counts.append(counts[smaller] + 1)
    completing = [0] * 512
    for line in {ROW[n] for n in NUMBERS} | {COLUMN[n] for n in NUMBERS}:
        for number in NUMBERS:
            if line & BIT[number]:
                rest = line & ~BIT[number]  # the line's other two cells, full; its own cell empty
                outside = ALL & ~line
                sub = outside
                while True:  # every grid that agrees with ``rest`` on this line
                    completing[sub | rest] |= BIT[number]
                    if not sub:
                        break
                    sub = (sub - 1) & outside
    return tuple(touching), tuple(completing), tuple(counts)


TOUCHING, COMPLETING, COUNT = _tables()
#: NUMBERS_IN[mask]: the card numbers in a mask, lowest first, as a tuple (looked up, not computed).
NUMBERS_IN = tuple(tuple(numbers(mask)) for mask in range(512))


def iter_bits(mask: int) -> Iterator[int]:
    """The card numbers in ``mask``, lowest first (fast: one step per card present)."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def is_connected(grid: int) -> bool:
    """Whether the cards of a grid form one orthogonally connected group.

    Every real grid is connected: each card after the first must touch one already there.
    """
    if not grid:
        return True
    reached = grid & -grid
    while True:
        grown = reached
        for number in iter_bits(reached):
            grown |= NEIGHBOURS[number] & grid
        if grown == reached:
            return reached == grid
        reached = grown


def parse_grid(text: str, side: GridSide, played: int | None = None) -> int:
    """A grid as people write it: the numbers in it, e.g. ``1,2,4`` or ``124`` (or empty).

    ``played`` is a card just played in this grid: it is in the grid whether or not the
    text lists it. The grid must be one a game can reach: "all played/placed cards must
    be orthogonally adjacent to a card already in the grid (except the first card in each
    grid)", so the cards before the one just played touch each other, and it touches one
    of them.
    """
    from referee.i18n import _
    from referee.smitten.words import cell_name, grid_name

    grid = 0
    for token in text.replace(",", " ").replace(";", " ").split():
        digits = list(token) if token.isdigit() and len(token) > 1 else [token]
        for digit in digits:
            if not (digit.isascii() and digit.isdigit() and 1 <= int(digit) <= 9):
                raise InputError(
                    _("{digit} in {grid} ({text}) is not a Smitten card; list the numbers 1 to 9 in the grid, as in 1,2,4").format(
                        digit=quoted(digit), grid=grid_name(side), text=quoted(text)
                    )
                )
            number = int(digit)
            if grid & BIT[number]:
                raise InputError(_("{grid} lists {number} twice; each grid holds each number once").format(grid=grid_name(side), number=number))
            grid |= BIT[number]
    before = grid & ~BIT[played or 0]
    if not is_connected(before):
        listed = ", ".join(map(str, numbers(before)))
        if played:
            words = _(
                "the cards of {grid} before the {played} just played ({cards}) do not touch each other; "
                "every card after the first is placed next to one already in the grid"
            )
        else:
            words = _(
                "the cards of {grid} ({cards}) do not touch each other; every card after the first is placed next to one already in the grid"
            )
        raise InputError(words.format(grid=grid_name(side), played=played, cards=listed))
    if played:
        if before and not NEIGHBOURS[played] & before:
            raise InputError(
                _(
                    "the {played} just played cannot be in {grid} with {cards}: its cell ({cell}) touches none of them, "
                    "and a card played goes next to one already in the grid"
                ).format(played=played, grid=grid_name(side), cards=", ".join(map(str, numbers(before))), cell=cell_name(played))
            )
        grid |= BIT[played]
    return grid
