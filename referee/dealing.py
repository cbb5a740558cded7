"""Dealing seeded decks (SPEC §3): one card at a time, in seating order from player 1.

Pure functions: a seed and the table's options in, a deal out. The shuffle itself is
``referee.shuffle``; this module only says which cards go where.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from referee.cards import Card, french_deck
from referee.errors import InputError, choose
from referee.shuffle import VERSION, shuffle
from referee.spellcrafter.cards import Card as SpellCard
from referee.spellcrafter.cards import Suit as SpellSuit
from referee.spellcrafter.deck import Deck as SpellDeck
from referee.spellcrafter.setup import ROUNDS as SPELLCRAFTER_ROUNDS

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
            raise InputError("solo Smitten has no --difficulty; its options are --easy, --hard1 and --hard2")
        a_up, b_up, a_down, b_down = cards[0:4:2], cards[1:4:2], cards[4], cards[5]
        hands = (SmittenHand(tuple(a_up), (a_down,)), SmittenHand(tuple(b_up), (b_down,)))
        return SmittenDeal(seed, mode, None, set_aside, hands, tuple(cards[6:]))
    difficulty = difficulty or Difficulty.MEDIUM
    (first, second), deck = _deal_round_robin(cards, 2, difficulty.hand_size)
    return SmittenDeal(seed, mode, difficulty, set_aside, (SmittenHand(first), SmittenHand(second)), deck)


#: Spellcrafter: players -> cards each. "For a two-player game, remove the Familiars
#: (black) suit from the deck. Deal a hand of 14 cards to each player."
SPELLCRAFTER_HANDS = {2: 14, 3: 8, 4: 8, 5: 8}


def reshuffle_seed(seed: str, number: int) -> str:
    """The seed of the game's ``number``-th reshuffle of the discards: ``SEED/reshuffle-N``."""
    return f"{seed}/reshuffle-{number}"


@dataclass(frozen=True)
class SpellDeal:
    """One round of a Spellcrafter game dealt from a seeded virtual deck."""

    seed: str
    deck: str  # the deck's name
    round: int
    jumper: SpellCard
    hands: tuple[tuple[SpellCard, ...], ...]
    stock: tuple[SpellCard, ...]  # the deck after the deal, top first
    reshuffles: int  # how many times the discards have been reshuffled so far

    def to_json(self) -> dict:
        return {
            "game": "spellcrafter",
            "seed": self.seed,
            "shuffle": VERSION,
            "deck": self.deck,
            "round": self.round,
            "jumper": str(self.jumper),
            "hands": [[str(card) for card in hand] for hand in self.hands],
            "stock": [str(card) for card in self.stock],
            "reshuffles": self.reshuffles,
        }


class _VirtualDeck:
    """The draw pile of a seeded Spellcrafter game and its discard pile.

    "If you run out of cards while dealing, reshuffle the discard pile to create a new
    deck." Ruling: the discards are put in deck-file order and shuffled (v1) with the
    seed ``SEED/reshuffle-N``, N counting the game's reshuffles from 1, so the whole game
    is reproducible from its seed.
    """

    def __init__(self, cards: list[SpellCard], seed: str) -> None:
        self.order = {card: index for index, card in reversed(list(enumerate(cards)))}
        self.seed = seed
        self.pile = shuffle(cards, seed)
        self.discards: list[SpellCard] = []
        self.reshuffles = 0

    def draw(self) -> SpellCard:
        if not self.pile:
            if not self.discards:
                raise InputError("the deck and the discards have run out of cards; use a fuller deck file")
            self.reshuffles += 1
            ordered = sorted(self.discards, key=self.order.__getitem__)
            self.pile, self.discards = shuffle(ordered, reshuffle_seed(self.seed, self.reshuffles)), []
        return self.pile.pop(0)

    def turn_up_jumper(self) -> SpellCard:
        """The Jumper must show a letter (it is "the letter Y represented by a face down
        card"). Ruling: a special card turned up is put under the deck, and the next
        card is turned up."""
        under = []
        while True:
            card = self.draw()
            if card.is_letter:
                self.pile += under
                return card
            under.append(card)
            if len(under) > len(self.order) * 2:
                raise InputError("the deck has no letter card to turn up as the Jumper")


def deal_spellcrafter(deck: SpellDeck, seed: str, players: int, round_number: int = 1) -> SpellDeal:
    """Round ``round_number`` of a game: the virtual deck continues from round to round.

    Each round: one Jumper, then 8 cards each (two players: 14 each, Familiars removed),
    one card at a time in seating order. At the end of a round every card dealt in it
    (the Jumper and the hands, all played or discarded) goes to the discard pile.
    """
    if players not in SPELLCRAFTER_HANDS:
        raise InputError(f"spellcrafter is played by 2 to 5 players, not {players}; use --players 2..5")
    if not 1 <= round_number <= SPELLCRAFTER_ROUNDS:
        raise InputError(f"a Spellcrafter game has rounds 1 to {SPELLCRAFTER_ROUNDS}, not {round_number}")
    cards = deck.without(SpellSuit.FAMILIARS) if players == 2 else deck
    if not any(card.is_letter for card in cards.cards):
        raise InputError(f"the deck {deck.name!r} has no letter cards to deal")
    each = SPELLCRAFTER_HANDS[players]
    virtual = _VirtualDeck(list(cards.cards), seed)
    for number in range(1, round_number + 1):
        jumper = virtual.turn_up_jumper()
        hands: list[list[SpellCard]] = [[] for _ in range(players)]
        for _ in range(each):
            for hand in hands:
                hand.append(virtual.draw())
        if number < round_number:
            virtual.discards += [jumper, *(card for hand in hands for card in hand)]
    return SpellDeal(seed, deck.name, round_number, jumper, tuple(map(tuple, hands)), tuple(virtual.pile), virtual.reshuffles)


GAMES = ("smoorverliefd", "smitten", "spellcrafter", "french52")
_GAME_ALIASES = {"smoor": "smoorverliefd", "spell": "spellcrafter", "french": "french52"}

Deal = FrenchDeal | SmittenDeal | SpellDeal


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
    if seed == "":
        raise InputError("the seed is empty; give any text (--seed amber-otter-tulip) or leave --seed out")
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
    return deal_spellcrafter(deck, seed, 4 if players is None else players, 1 if round_number is None else round_number)
