"""Tricks (*slagen*): who wins one, following suit, and revokes (*verzaken*).

"Je moet de uitgespeelde kleur bekennen als je een kaart van die kleur hebt" — a player
must follow the suit led when they can. "De hoogste kaart van de uitgespeelde kleur
wint de slag"; with the troef variant "Harten worden de troefkleur": the highest heart
wins any trick that holds one.

*Verzaken* (revoking) is not following suit while holding a card of that suit. With
physical cards the referee cannot see hands, but it can see the proof afterwards: a
player who showed out of a suit and later plays that suit must have revoked.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from referee.cards import Card, Suit
from referee.smoorverliefd.refusals import Rule


def trick_winner(cards: Sequence[Card], trump: Suit | None = None) -> int:
    """The position (0 = the leader) of the card that wins the trick."""
    led = cards[0].suit
    deciding = trump if trump is not None and any(card.suit is trump for card in cards) else led
    best = max((card.rank, position) for position, card in enumerate(cards) if card.suit is deciding)
    return best[1]


@dataclass(frozen=True)
class Trick:
    """One trick as played: the leader's seat and the cards in play order."""

    number: int  # 1-based, within the round
    leader: int
    cards: tuple[Card, ...]
    winner: int  # the seat that won it

    def seat_of(self, position: int) -> int:
        return (self.leader + position) % len(self.cards)

    def card_of(self, seat: int) -> Card:
        return self.cards[(seat - self.leader) % len(self.cards)]

    @property
    def led(self) -> Suit:
        return self.cards[0].suit


def follow_suit_problem(hand: Collection[Card], card: Card, led: Suit | None) -> Rule | None:
    """The rule playing ``card`` from ``hand`` breaks (:attr:`Rule.NOT_HELD`,
    :attr:`Rule.MUST_FOLLOW`), or None when it may be played."""
    if card not in hand:
        return Rule.NOT_HELD
    if led is not None and card.suit is not led and any(held.suit is led for held in hand):
        return Rule.MUST_FOLLOW
    return None


@dataclass(frozen=True)
class Revoke:
    """A proven revoke: ``seat`` showed out of ``suit`` in one trick and played it later."""

    seat: int
    suit: Suit
    showed_out_in: int  # the trick where they did not follow
    played_in: int  # the later trick where they played the suit
    card: Card


def follow_up(
    trick: Trick, voids: Mapping[tuple[int, Suit], int]
) -> tuple[list[Revoke], dict[tuple[int, Suit], int]]:
    """The revokes ``trick`` proves, and where each seat has shown out after it.

    ``voids`` maps (seat, suit) to the trick in which that seat did not follow that
    suit. A seat that plays such a suit later proves one revoke: the failure to follow
    in that earlier trick. It is proven once: later plays of the suit prove nothing new,
    so the void is forgotten; a seat that fails to follow the suit again starts a new one.
    """
    revokes = []
    after = dict(voids)
    for position, card in enumerate(trick.cards):
        seat = trick.seat_of(position)
        earlier = after.pop((seat, card.suit), None)
        if earlier is not None:
            revokes.append(Revoke(seat=seat, suit=card.suit, showed_out_in=earlier, played_in=trick.number, card=card))
    for position, card in enumerate(trick.cards):
        if card.suit is not trick.led:
            after.setdefault((trick.seat_of(position), trick.led), trick.number)
    return revokes, after
