"""A Spellcrafter round's draft as a value: every seat's hand at every pick.

The rulebook's Gameplay: "Players look at the cards in their hand. Next, select one card
to keep by placing it in a pile face down in front of them. Once everyone has selected a
card, pass your remaining hand to the player on your left face down. Repeat this process
until you have a pile of 7 selected cards. Instead of passing the last card, place it
face down in front of you in a separate pile." With two players: "Each time you select a
card as normal also discard one card to the discard pile before passing."

Rulings where the rulebook is silent:

- Seats are named in seating order, clockwise, so the player on your left is the next
  one in that order: passing left gives seat ``s``'s hand to seat ``s + 1``, passing right
  to seat ``s - 1``.
- Picks are made at the same time: a seat that has picked waits, holding the rest of its
  hand, until every seat has picked; then all hands are passed at once.
- A seat's seventh pick leaves it one card: that card is laid down at once as the
  Jumper's stand-in (it is not passed), so the seat's draft is done then.
- Two players: each pick but the last also discards a card (14 cards: 7 selected, 6
  discarded, 1 laid down). The last pick leaves no card to discard before the last card.
- The draft is complete when every seat has laid down its last card; the time of that
  pick starts the crafting clock (:attr:`Draft.completed_at`).

Cards are values: a deck may hold several copies of one card, so a hand is a multiset and
a pick takes one copy. Nothing here prints, reads a clock or words a refusal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from referee.game import Refusal, refuse
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.refusals import Rule

#: "Repeat this process until you have a pile of 7 selected cards."
PICKS = 7


def passed_to(seat: int, direction: str, count: int) -> int:
    """The seat a hand is passed to: the next in seating order to the left, the one
    before to the right."""
    return (seat + (1 if direction == "left" else -1)) % count


def without(hand: Sequence[SpellCard], *cards: SpellCard) -> tuple[SpellCard, ...]:
    """``hand`` less one copy of each of ``cards`` (which it holds)."""
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def holds(hand: Sequence[SpellCard], *cards: SpellCard) -> bool:
    """Whether ``hand`` holds ``cards`` (as many copies of each as are named)."""
    held = Counter(hand)
    return all(held[card] >= count for card, count in Counter(cards).items())


@dataclass(frozen=True)
class Draft:
    """One round's draft: per seat, the hand it holds now, its selected cards (in the
    order picked), its discards (two players) and its last card once laid down;
    ``picked`` marks the seats that have picked since the hands were last passed."""

    direction: str  # "left" or "right"
    discarding: bool  # two players: each pick but the last also discards a card
    hands: tuple[tuple[SpellCard, ...], ...]
    selected: tuple[tuple[SpellCard, ...], ...]
    discarded: tuple[tuple[SpellCard, ...], ...]
    last: tuple[SpellCard | None, ...]
    picked: tuple[bool, ...]
    completed_at: str | None = None  # when the last seat laid down its last card (ISO 8601, UTC)

    @classmethod
    def dealt(cls, hands: Sequence[Sequence[SpellCard]], direction: str, discarding: bool) -> Draft:
        """The draft of a round whose hands were just dealt."""
        count = len(hands)
        return cls(direction=direction, discarding=discarding, hands=tuple(tuple(hand) for hand in hands),
                   selected=((),) * count, discarded=((),) * count, last=(None,) * count,
                   picked=(False,) * count)  # fmt: skip

    @property
    def count(self) -> int:
        return len(self.hands)

    @property
    def complete(self) -> bool:
        """Every seat has 7 selected cards and its last card laid down."""
        return all(card is not None for card in self.last)

    def done(self, seat: int) -> bool:
        """``seat`` has made its seventh pick and laid down its last card."""
        return self.last[seat] is not None

    def pick_number(self, seat: int) -> int:
        """The pick ``seat`` makes next (1 to 7), or has just made while it waits."""
        return len(self.selected[seat]) + (0 if self.picked[seat] or self.done(seat) else 1)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The seats still to pick before the hands can be passed (or the draft ends)."""
        return tuple(seat for seat in range(self.count) if not self.picked[seat] and not self.done(seat))

    def must_discard(self, seat: int) -> bool:
        """Two players: every pick but the last (which leaves only the last card) discards one."""
        return self.discarding and len(self.hands[seat]) > 2

    @property
    def cards(self) -> Counter[SpellCard]:
        """Every card of the round's hands, wherever it is now (one pile or another)."""
        every: Counter[SpellCard] = Counter()
        for seat in range(self.count):
            every.update(self.hands[seat])
            every.update(self.selected[seat])
            every.update(self.discarded[seat])
            last = self.last[seat]
            if last is not None:
                every[last] += 1
        return every

    # --- a pick --------------------------------------------------------------------------

    def refusal(self, seat: int, card: SpellCard, discard: SpellCard | None) -> Refusal | None:
        """Why ``seat`` may not keep ``card`` (and discard ``discard``) now, or None."""
        if self.done(seat):
            return refuse(Rule.DRAFT_DONE, seat=seat)
        if self.picked[seat]:
            return refuse(Rule.ALREADY_PICKED, seat=seat, pick=self.pick_number(seat), waiting=self.waiting)
        hand = self.hands[seat]
        if not holds(hand, card):
            return refuse(Rule.NOT_IN_HAND, seat=seat, card=card, pick=self.pick_number(seat))
        if self.must_discard(seat) and discard is None:
            return refuse(Rule.DISCARD_NEEDED, seat=seat, card=card)
        if discard is not None:
            if not self.must_discard(seat):
                return refuse(Rule.NO_DISCARD, seat=seat, card=discard, two_player=self.discarding)
            if not holds(hand, card, discard):
                return refuse(Rule.NOT_IN_HAND, seat=seat, card=discard, pick=self.pick_number(seat), discard=True, kept=discard == card)
        return None

    def pick(self, seat: int, card: SpellCard, discard: SpellCard | None, at: str | None = None) -> Draft:
        """The draft after ``seat`` keeps ``card`` (allowed: :meth:`refusal` said so); when
        every seat has picked, the hands are passed; a seventh pick lays down the last card.
        ``at`` is when the pick was made: the one that completes the draft starts the clock."""
        dropped = (card,) if discard is None else (card, discard)
        rest = without(self.hands[seat], *dropped)
        last = self.last[seat]
        if len(self.selected[seat]) + 1 == PICKS:
            last, rest = rest[0], ()
        draft = replace(
            self,
            hands=_put(self.hands, seat, rest),
            selected=_put(self.selected, seat, (*self.selected[seat], card)),
            discarded=_put(self.discarded, seat, self.discarded[seat] + (() if discard is None else (discard,))),
            last=_put(self.last, seat, last),
            picked=_put(self.picked, seat, last is None),
        )
        if draft.complete:
            return replace(draft, completed_at=at)
        if all(draft.picked):
            return draft._passed()
        return draft

    def _passed(self) -> Draft:
        """Every seat has picked: each passes the rest of its hand in the round's direction."""
        hands: list[tuple[SpellCard, ...]] = [()] * self.count
        for seat, hand in enumerate(self.hands):
            hands[passed_to(seat, self.direction, self.count)] = hand
        return replace(self, hands=tuple(hands), picked=(False,) * self.count)


T = TypeVar("T")


def _put(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    return tuple(value if s == seat else v for s, v in enumerate(values))
