"""Dealing Smitten (SPEC §3): the set-aside card, then two hands, one card at a time.

Pure functions: a seed and the table's options in, a deal out. The shuffle itself is
``referee.shuffle``; the round-robin deal is :func:`referee.dealing.deal_round_robin`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.dealing import deal_round_robin
from referee.errors import InputError, choose
from referee.shuffle import VERSION, shuffle


class SmittenMode(enum.Enum):
    TWO = "two"
    SOLO = "solo"


class Difficulty(enum.Enum):
    """Two-player Smitten difficulty: it sets the hand size (and hard adds the ±2 rule)."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"

    @property
    def hand_size(self) -> int:
        return 4 if self is Difficulty.EASY else 3


def smitten_deck() -> list[int]:
    """The 18 Smitten cards before shuffling: 1–9, then 1–9 again."""
    return list(range(1, 10)) * 2


@dataclass(frozen=True)
class SmittenHand:
    """A Smitten hand. Solo hands hold face-down cards too; two-player hands never do."""

    face_up: tuple[int, ...]
    face_down: tuple[int, ...] = ()


@dataclass(frozen=True)
class SmittenDeal:
    seed: str
    mode: SmittenMode
    difficulty: Difficulty | None
    set_aside: int
    hands: tuple[SmittenHand, SmittenHand]
    deck: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        hands: list[object]
        if self.mode is SmittenMode.SOLO:
            hands = [
                {"name": name, "face_up": list(hand.face_up), "face_down": list(hand.face_down)}
                for name, hand in zip("AB", self.hands)
            ]
        else:
            hands = [list(hand.face_up) for hand in self.hands]
        return {
            "game": "smitten",
            "seed": self.seed,
            "shuffle": VERSION,
            "mode": self.mode.value,
            "difficulty": self.difficulty.value if self.difficulty else None,
            "set_aside": self.set_aside,
            "hands": hands,
            "deck": list(self.deck),
        }


def deal_smitten(seed: str, mode: SmittenMode, difficulty: Difficulty | None = None) -> SmittenDeal:
    """The top card is set aside; then the hands, one card at a time, alternating.

    Two-player: hands of 4 (easy) or 3 (medium, hard). Solo: hands A and B each get two
    face-up cards and then one face-down card, dealt A, B, A, B, A, B.
    """
    cards = shuffle(smitten_deck(), seed)
    set_aside, cards = cards[0], cards[1:]
    if mode is SmittenMode.SOLO:
        if difficulty is not None:
            from referee.i18n import _

            raise InputError(
                _(
                    "solo Smitten has no --difficulty: every solo deal is the same "
                    "(its Easy and Hard modes are options of `referee smitten new`)"
                )
            )
        a_up, b_up, a_down, b_down = cards[0:4:2], cards[1:4:2], cards[4], cards[5]
        hands = (SmittenHand(tuple(a_up), (a_down,)), SmittenHand(tuple(b_up), (b_down,)))
        return SmittenDeal(seed, mode, None, set_aside, hands, tuple(cards[6:]))
    difficulty = difficulty or Difficulty.MEDIUM
    (first, second), deck = deal_round_robin(cards, 2, difficulty.hand_size)
    return SmittenDeal(seed, mode, difficulty, set_aside, (SmittenHand(first), SmittenHand(second)), deck)


def deal_for_table(seed: str, *, mode: str | None = None, difficulty: str | None = None) -> SmittenDeal:
    """`referee deal smitten [--mode two|solo] [--difficulty easy|medium|hard]`."""
    smitten_mode = SmittenMode(choose(mode or "two", [m.value for m in SmittenMode], "smitten mode"))
    level = Difficulty(choose(difficulty, [d.value for d in Difficulty], "difficulty")) if difficulty else None
    return deal_smitten(seed, smitten_mode, level)
