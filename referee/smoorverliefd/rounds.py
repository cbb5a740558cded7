"""A Smoorverliefd round as a value: a round played and scored (:class:`PlayedRound`),
the round in progress (:class:`RoundInProgress`), and how the next one begins (who
deals, the seeded deal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import Card, Suit
from referee.smoorverliefd.dealing import deal_smoorverliefd
from referee.smoorverliefd.scoring import Capture, RoundScore
from referee.smoorverliefd.setup import Setup, Variant
from referee.smoorverliefd.tricks import Revoke, Trick


@dataclass(frozen=True)
class PlayedRound:
    number: int
    dealer: int
    leader: int
    captures: tuple[Capture, ...]
    ace: int | None  # the seat that took A♥; None when it was dead
    dead: tuple[Card, ...]  # the dead cards that are known (all of them with a seeded deal)
    bids: tuple[int, ...] | None
    cursed_suit: Suit | None
    cursed_most: tuple[int, ...]
    score: RoundScore
    tricks: tuple[Trick, ...]  # empty for a quick entry
    revokes: tuple[Revoke, ...]


@dataclass(frozen=True)
class RoundInProgress:
    number: int
    dealer: int
    leader: int  # who leads the trick being played (or the next one)
    bids: tuple[int, ...] | None = None  # every player's, once all are in
    cursed_suit: Suit | None = None
    tricks: tuple[Trick, ...] = ()
    hands: tuple[frozenset[Card], ...] | None = None  # seeded deal: the cards still in hand
    dead: tuple[Card, ...] | None = None  # seeded deal: the dead cards
    voids: tuple[tuple[tuple[int, Suit], int], ...] = ()  # (seat, suit) -> trick shown out
    revokes: tuple[Revoke, ...] = ()
    table: tuple[Card, ...] = ()  # the trick being played card by card: its cards so far, from the leader
    offered: tuple[tuple[int, int], ...] = ()  # blinde-liefde: (seat, bid) given so far, until every player's is in

    @property
    def played(self) -> frozenset[Card]:
        """The cards played this round: its tricks and the cards on the table."""
        return frozenset(card for trick in self.tricks for card in trick.cards) | frozenset(self.table)

    @property
    def begun(self) -> bool:
        """A card of the round has been played (a trick, or a card of one)."""
        return bool(self.tricks or self.table)

    def trick_of(self, card: Card) -> int:
        """The number of the trick ``card`` was played in this round (the trick in
        progress for a card on the table)."""
        return next((trick.number for trick in self.tricks if card in trick.cards), len(self.tricks) + 1)


def most_collected(counts: Sequence[int]) -> tuple[int, ...]:
    """Cupid's Arrow: "wie … de meeste kaarten van die vervloekte kleur verzamelt" — the
    seats with the most cards of the cursed suit, all tied players; nobody when nobody
    collected any."""
    most = max(counts)
    return tuple(seat for seat, count in enumerate(counts) if count == most and most > 0)


def next_dealer(setup: Setup, dealer: int, captures: Sequence[Capture]) -> int:
    """Dealing passes clockwise; with cupido the player with the fewest hearts deals next.

    Ties for the fewest hearts (a ruling, the rulebook is silent): the first of them
    clockwise from the player left of the dealer, as if the deal passed on among them.
    """
    if not setup.has(Variant.CUPIDO):
        return setup.left_of(dealer)
    order = [(dealer + step) % setup.count for step in range(1, setup.count + 1)]
    fewest = min(capture.count for capture in captures)
    return next(seat for seat in order if captures[seat].count == fewest)


def new_round(setup: Setup, number: int, dealer: int) -> RoundInProgress:
    """A fresh round. With a seed the referee deals it: seed + "-" + round number, dealt
    one card at a time from the player left of the dealer (SPEC §3)."""
    leader = setup.left_of(dealer)
    seed = dealt_from(setup, number)
    if seed is None:
        return RoundInProgress(number=number, dealer=dealer, leader=leader)
    dealt = deal_smoorverliefd(seed, setup.count)
    hands: list[frozenset[Card]] = [frozenset()] * setup.count
    for offset, hand in enumerate(dealt.hands):
        hands[(leader + offset) % setup.count] = frozenset(hand)
    return RoundInProgress(number=number, dealer=dealer, leader=leader, hands=tuple(hands), dead=tuple(dealt.rest))


def dealt_from(setup: Setup, number: int) -> str | None:
    """The seed round ``number`` is dealt from: a fair match's deal ``number - 1``
    (None, not dealt, while a word of entropy is missing), or the seed's
    :func:`round_seed`; None with physical cards."""
    if setup.fair is not None:
        return setup.fair_seed(number - 1)
    return None if setup.seed is None else round_seed(setup.seed, number)


def round_seed(seed: str, number: int) -> str:
    """The seed of one round's deal: ``referee deal smoorverliefd --seed SEED-N`` deals it,
    player 1 being the player left of the dealer."""
    return f"{seed}-{number}"
