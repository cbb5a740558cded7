"""Dealing seeded decks (SPEC §3): one card at a time, in seating order from player 1.

Pure functions: a seed and the table's options in, a deal out. The shuffle itself is
``referee.shuffle``; this module only says which cards go where.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.cards import Card, french_deck
from referee.errors import InputError, choose
from referee.seeds import check_seed
from referee.shuffle import VERSION, shuffle

if TYPE_CHECKING:
    from referee.spellcrafter.dealing import SpellDeal
    from referee.spellcrafter.deck import Deck as SpellDeck

#: Smoorverliefd: players -> (cards each, dead cards). The dead cards are the last ones.
SMOORVERLIEFD_HANDS = {3: (17, 1), 4: (13, 0), 5: (10, 2)}


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
class FrenchDeal:
    """A deal of the French deck: hands in seating order, and the cards left over.

    For Smoorverliefd the leftover cards are the dead cards; for a plain French deal
    they are the stock, top first.
    """

    game: str
    seed: str
    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]

    def to_json(self) -> dict:
        rest_key = "dead" if self.game == "smoorverliefd" else "stock"
        return {
            "game": self.game,
            "seed": self.seed,
            "shuffle": VERSION,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            rest_key: [str(card) for card in self.rest],
        }


def _deal_round_robin(deck: list, players: int, each: int) -> tuple[tuple, tuple]:
    """Deal ``each`` cards to every player one at a time; return (hands, rest)."""
    dealt = players * each
    hands = tuple(tuple(deck[p:dealt:players]) for p in range(players))
    return hands, tuple(deck[dealt:])


def deal_smoorverliefd(seed: str, players: int) -> FrenchDeal:
    """3 players: 17 each and 1 dead card; 4: 13 each; 5: 10 each and 2 dead cards."""
    if players not in SMOORVERLIEFD_HANDS:
        raise InputError(f"smoorverliefd is played by 3, 4 or 5 players, not {players}; use --players 3, 4 or 5")
    each, _dead = SMOORVERLIEFD_HANDS[players]
    hands, dead = _deal_round_robin(shuffle(french_deck(), seed), players, each)
    return FrenchDeal("smoorverliefd", seed, hands, dead)


def deal_french52(seed: str, players: int, hand_size: int | None = None) -> FrenchDeal:
    """Any number of hands of equal size from one 52-card deck; the rest is the stock."""
    if not 1 <= players <= 52:
        raise InputError(f"a French deal needs 1 to 52 players, not {players}; use --players 1..52")
    if hand_size is None:
        hand_size = 52 // players
    if hand_size < 1:
        raise InputError(f"--hand-size must be at least 1, not {hand_size}")
    if players * hand_size > 52:
        raise InputError(
            f"{players} players × {hand_size} cards is more than the 52 cards of the deck; "
            f"use --hand-size 1..{52 // players} for {players} players"
        )
    hands, stock = _deal_round_robin(shuffle(french_deck(), seed), players, hand_size)
    return FrenchDeal("french52", seed, hands, stock)


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

    def to_json(self) -> dict:
        if self.mode is SmittenMode.SOLO:
            hands: list = [
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
            raise InputError(
                "solo Smitten has no --difficulty: every solo deal is the same "
                "(its Easy and Hard modes are options of `referee smitten new`)"
            )
        a_up, b_up, a_down, b_down = cards[0:4:2], cards[1:4:2], cards[4], cards[5]
        hands = (SmittenHand(tuple(a_up), (a_down,)), SmittenHand(tuple(b_up), (b_down,)))
        return SmittenDeal(seed, mode, None, set_aside, hands, tuple(cards[6:]))
    difficulty = difficulty or Difficulty.MEDIUM
    (first, second), deck = _deal_round_robin(cards, 2, difficulty.hand_size)
    return SmittenDeal(seed, mode, difficulty, set_aside, (SmittenHand(first), SmittenHand(second)), deck)


if TYPE_CHECKING:
    Deal = FrenchDeal | SmittenDeal | SpellDeal

GAMES = ("smoorverliefd", "smitten", "spellcrafter", "french52")
_GAME_ALIASES = {"smoor": "smoorverliefd", "spell": "spellcrafter", "french": "french52"}


def game_name(game: str) -> str:
    """The game a name or short name stands for (``spell`` → ``spellcrafter``)."""
    return choose(_GAME_ALIASES.get(game.lower(), game), GAMES, "game")


def deal(
    game: str,
    seed: str,
    *,
    players: int | None = None,
    hand_size: int | None = None,
    mode: str | None = None,
    difficulty: str | None = None,
    deck: SpellDeck | None = None,
    round_number: int | None = None,
) -> Deal:
    """Deal ``game`` for ``seed`` with the table's options, refusing options that do not apply."""
    game = game_name(game)
    check_seed(seed)
    if game != "smitten" and (mode is not None or difficulty is not None):
        raise InputError(f"--mode and --difficulty are for smitten; {game} does not take them")
    if game != "spellcrafter" and (deck is not None or round_number is not None):
        raise InputError(f"--deck and --round are for spellcrafter; {game} does not take them")
    if game != "french52" and hand_size is not None:
        raise InputError(f"--hand-size is for french52; {game} deals a fixed number of cards")
    if game == "smoorverliefd":
        return deal_smoorverliefd(seed, 4 if players is None else players)
    if game == "french52":
        return deal_french52(seed, 4 if players is None else players, hand_size)
    if game == "smitten":
        if players is not None:
            raise InputError("smitten always deals two hands; use --mode two or --mode solo instead of --players")
        smitten_mode = SmittenMode(choose(mode or "two", [m.value for m in SmittenMode], "smitten mode"))
        level = Difficulty(choose(difficulty, [d.value for d in Difficulty], "difficulty")) if difficulty else None
        return deal_smitten(seed, smitten_mode, level)
    if deck is None:
        raise InputError("dealing spellcrafter needs a deck file: give --deck FILE (the command line uses the stand-in deck)")
    from referee.spellcrafter.dealing import deal_spellcrafter  # only Spellcrafter needs its deck model

    return deal_spellcrafter(deck, seed, 4 if players is None else players, 1 if round_number is None else round_number)
