"""Dealing a seeded Spellcrafter game (SPEC §3, §5.4): the Jumper, the hands, and a
virtual deck that continues from round to round."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from referee.errors import InputError
from referee.i18n import _
from referee.shuffle import VERSION, shuffle
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.deck import Deck as SpellDeck
from referee.spellcrafter.setup import ROUNDS as SPELLCRAFTER_ROUNDS

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
    teams: bool = False  # two seats dealt the standard rules: two teams (Familiars kept, 8 cards each)

    def to_json(self) -> dict[str, object]:
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
            "teams": self.teams,
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
                raise InputError(_("the deck and the discards have run out of cards; use a fuller deck file"))
            self.reshuffles += 1
            ordered = sorted(self.discards, key=self.order.__getitem__)
            self.pile, self.discards = shuffle(ordered, reshuffle_seed(self.seed, self.reshuffles)), []
        return self.pile.pop(0)

    def turn_up_jumper(self) -> SpellCard:
        """The Jumper must show a letter (it is "the letter Y represented by a face down
        card"). Ruling: a special card turned up is put under the deck, and the next
        card is turned up."""
        under: list[SpellCard] = []
        while True:
            card = self.draw()
            if card.is_letter:
                self.pile += under
                return card
            under.append(card)
            if len(under) > len(self.order) * 2:
                raise InputError(_("the deck has no letter card to turn up as the Jumper"))


def dealable(deck: SpellDeck, seed: str, players: int, two_player: bool | None = None) -> None:
    """A game dealt by the referee must be dealable for all its rounds: a deck too small
    is refused (``InputError``) when the game starts, not in round 3."""
    try:
        dealt(deck, seed, players, SPELLCRAFTER_ROUNDS, two_player)
    except InputError as error:
        message = _("the deck cannot deal {rounds} rounds to {players} players: {error}")
        raise InputError(message.format(rounds=SPELLCRAFTER_ROUNDS, players=players, error=error)) from None


@lru_cache(maxsize=32)
def dealt(deck: SpellDeck, seed: str, players: int, round_number: int, two_player: bool | None = None) -> SpellDeal:
    """:func:`deal_spellcrafter`, remembered: a game asks for the same rounds' deals on
    every screen."""
    return deal_spellcrafter(deck, seed, players, round_number, two_player)


def deal_spellcrafter(deck: SpellDeck, seed: str, players: int, round_number: int = 1, two_player: bool | None = None) -> SpellDeal:
    """Round ``round_number`` of a game: the virtual deck continues from round to round.

    Each round: one Jumper, then 8 cards each (two players: 14 each, Familiars removed),
    one card at a time in seating order. At the end of a round every card dealt in it
    (the Jumper and the hands, all played or discarded) goes to the discard pile.
    ``two_player`` False deals two seats the standard rules (two teams); by default two
    seats get the two-player rules.
    """
    if players not in SPELLCRAFTER_HANDS:
        raise InputError(_("spellcrafter is played by 2 to 5 players, not {count}").format(count=players))
    if not 1 <= round_number <= SPELLCRAFTER_ROUNDS:
        raise InputError(_("a Spellcrafter game has rounds 1 to {rounds}, not {round}").format(rounds=SPELLCRAFTER_ROUNDS, round=round_number))
    two = players == 2 if two_player is None else two_player  # two teams play the standard rules
    cards = deck.without(SpellSuit.FAMILIARS) if two else deck
    if not any(card.is_letter for card in cards.cards):
        raise InputError(_("the deck {name} has no letter cards to deal").format(name=repr(deck.name)))
    each = SPELLCRAFTER_HANDS[2 if two else max(players, 3)]
    virtual = _VirtualDeck(list(cards.cards), seed)
    for number in range(1, round_number + 1):
        jumper = virtual.turn_up_jumper()
        hands: list[list[SpellCard]] = [[] for _seat in range(players)]
        for _turn in range(each):
            for hand in hands:
                hand.append(virtual.draw())
        if number < round_number:
            virtual.discards += [jumper, *(card for hand in hands for card in hand)]
    return SpellDeal(seed=seed, deck=deck.name, round=round_number, jumper=jumper, hands=tuple(map(tuple, hands)),
                     stock=tuple(virtual.pile), reshuffles=virtual.reshuffles, teams=players == 2 and not two)  # fmt: skip


def deal_for_table(
    seed: str, *, players: int | None = None, deck: Path | None = None, round_number: int | None = None, teams: bool | None = None
) -> SpellDeal:
    """`referee deal spellcrafter [--players 2..5] [--teams] [--deck FILE] [--round 1..4]`:
    4 players, the stand-in deck of ``examples/`` and round 1 when not given. ``teams``:
    the seats are teams, so two seats are dealt the standard rules, as a game started with
    ``spell new … --teams`` deals them (more seats are dealt the same either way)."""
    from referee.spellcrafter.deck import load_deck, standin_deck

    cards = standin_deck() if deck is None else load_deck(deck)
    count = 4 if players is None else players
    return deal_spellcrafter(cards, seed, count, 1 if round_number is None else round_number, False if teams and count == 2 else None)
