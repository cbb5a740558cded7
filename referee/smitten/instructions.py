"""The nine card instructions: what a played card asks of the partner.

Card Reference: "When a card is played, its partner must follow its printed
instruction." A *placed* card triggers nothing. Each instruction is described here once,
as data: what kind of answer it needs (place a card, play a card, place the deck's top
card, reveal then place), in which grid, and which numbers qualify. The legality module
turns that into masks; nothing else knows what a card says.
"""

from __future__ import annotations

import enum

from referee.errors import InputError, quoted
from referee.smitten.grid import ALL, COMPLETING, HIGHER, LOWER
from referee.smitten.notation import GridSide


class Choice(enum.Enum):
    """Card 5: the player who plays it chooses higher or lower."""

    HIGHER = "higher"
    LOWER = "lower"

    __hash__ = object.__hash__  # by identity, in C, as GridSide (the solver hashes moves often)

    @classmethod
    def parse(cls, text: str) -> Choice:
        word = text.strip().lower()
        for choice in cls:
            if choice.value.startswith(word) and word:
                return choice
        from referee.i18n import _

        raise InputError(_("{text} is not a choice for card 5: card 5 asks for higher or lower").format(text=quoted(text)))


class Answer(enum.Enum):
    """What the partner must do to follow a played card."""

    PLACE = "place"  # place a card from hand (cards 4–9)
    PLAY = "play"  # card 2: play a card, whose instruction then binds the other player
    PLACE_TOP_CARD = "place the top card"  # card 3
    REVEAL_THEN_PLACE = "reveal, then place"  # card 1


ANSWER = {1: Answer.REVEAL_THEN_PLACE, 2: Answer.PLAY, 3: Answer.PLACE_TOP_CARD}


#: ANSWERS[card]: :data:`ANSWER` as a tuple, looked up at every move.
ANSWERS = tuple(ANSWER.get(card, Answer.PLACE) for card in range(10))


def answer(card: int) -> Answer:
    return ANSWERS[card]


def grid_allowed(card: int, played: GridSide, side: GridSide) -> bool:
    """Card 5 and 7: "in the other grid"; card 8: "in this grid"; the rest: either grid."""
    if card in (5, 7):
        return side is not played
    if card == 8:
        return side is played
    return True


def numbers_allowed(card: int, choice: Choice | None, grid: int, left: int, right: int) -> int:
    """The numbers card ``card`` allows in a grid holding ``grid`` (a mask).

    - 4: "so that it completes a row and/or column": after placing, the placed card's
      row or column (or both) of its grid is full. A row or column completed elsewhere
      earlier does not count: the placed card must do the completing.
    - 5: higher (6–9) or lower (1–4) than 5, as the player chose.
    - 6: "no other card with that number may already be in any grid".
    """
    if card == 4:
        return COMPLETING[grid]
    if card == 5:
        return HIGHER if choice is Choice.HIGHER else LOWER
    if card == 6:
        return ALL & ~(left | right)
    return ALL


def forced_choice(played: GridSide) -> Choice:
    """Solo Hard Mode 1: "If you play card 5 in the left grid, you must choose 'higher'
    and if you play card 5 in the right grid, you must choose 'lower'."
    """
    return Choice.HIGHER if played is GridSide.LEFT else Choice.LOWER
