"""What one seat may see of a Smitten game (SPEC §6.6): the only door to private cards.

Public to every seat: the grids, the pending instruction, the number of cards in each
hand and in the deck, a card revealed for card 1, the deck's top card once card 3 turns
it up, the set-aside card once the solo Easy Mode swap has shown it, who started the
turn, whether a 9 was played in it, whether the swap is used, and the outcome.

- Two players: a seat sees its own hand besides; the partner's hand is hidden ("each
  player may not share information about their hand").
- Solo: the face-up cards of both hands lie face up on the table, so every seat (and the
  public) sees them; face-down cards stay hidden from everyone until flipped.
- Physical cards: the referee sees no hand at all (every card is ``UNSEEN``), so a view
  holds only counts.

The deck's order and the set-aside card before a swap are hidden from every seat.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.game import Outcome
from referee.smitten.actions import Kind, Move
from referee.smitten.state import UNSEEN, Flipped, Pending, Setup, State


@dataclass(frozen=True, slots=True)
class HandView:
    """One hand as a seat sees it: ``cards`` held in all; ``face_up`` the numbers this seat
    may see (all of a hand it may look at, else only a card revealed for card 1);
    ``face_down`` how many face-down cards (solo), never which."""

    cards: int
    face_up: tuple[int, ...]
    face_down: int = 0
    seen: bool = False  # the seat sees this hand's face-up cards (its own, or solo's)


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``seat`` (None: the public, anyone at the table) may see of a state."""

    seat: int | None
    setup: Setup
    grids: tuple[int, int]
    hands: tuple[HandView, HandView]
    deck: int  # cards left in the deck
    top_card: int | None  # the deck's top card, turned up to follow card 3
    set_aside: int | None  # the set-aside card, once the Easy Mode swap has shown it
    pending: Pending | Flipped | None
    outcome: Outcome | None
    # The turn as the table saw it (public): who started it (None between turns), whether
    # a 9 was played in it (no card is drawn), whether the solo Easy Mode swap is used.
    starter: int | None = None
    no_draw: bool = False
    swapped: bool = False

    def cards(self) -> frozenset[int]:
        """Every card number this view shows outside the grids (for the tests of who sees what)."""
        shown = {number for hand in self.hands for number in hand.face_up}
        shown |= {number for number in (self.top_card, self.set_aside) if number}
        if isinstance(self.pending, Flipped):
            shown.add(self.pending.number)
        return frozenset(shown - {UNSEEN})


def _hand(state: State, actor: int, seat: int | None) -> HandView:
    hand = state.hands[actor]
    setup = state.setup
    seen = not setup.physical and (setup.solo or seat == actor)
    if seen:
        face_up = hand.face_up
    else:
        pending = state.pending
        revealed = pending.revealed if isinstance(pending, Pending) and pending.follower == actor else None
        face_up = (revealed,) if revealed and not setup.physical else ()
    return HandView(len(hand), tuple(face_up), len(hand.face_down), seen)


def view(state: State, seat: int | None) -> SeatView:
    """What ``seat`` (0 or 1: player 1/2, hand A/B; None: the public) may see now."""
    pending = state.pending
    top = None
    if isinstance(pending, Pending) and pending.card == 3 and state.deck and state.deck[0] != UNSEEN and state.outcome is None:
        top = state.deck[0]
    elif state.outcome is not None and state.outcome.detail("top") is not None:
        top = state.outcome.detail("top")
    return SeatView(
        seat=seat,
        setup=state.setup,
        grids=state.grids,
        hands=(_hand(state, 0, seat), _hand(state, 1, seat)),
        deck=len(state.deck),
        top_card=top,
        set_aside=state.set_aside if state.swapped and state.set_aside != UNSEEN else None,
        pending=pending,
        outcome=state.outcome,
        starter=state.starter,
        no_draw=state.no_draw,
        swapped=state.swapped,
    )


def visible_moves(state: State, moves: Iterable[Move], seat: int | None) -> list[Move]:
    """The legal ``moves`` that ``seat`` (None: the public) may be shown: a move names its
    card, so one made from a hand this seat may not look at is shown only when that card
    is public (revealed for card 1, or the deck's top card turned up for card 3). A
    face-down card played (solo) names no card; with physical cards the referee knows no
    hand, so every move is only geometry. The one filter for `moves` and for completion
    on a shared screen."""
    if state.setup.physical:
        return list(moves)
    seen = view(state, seat)
    shown = []
    for move in moves:
        hand = seen.hands[move.actor]
        if move.kind is Kind.FLIP or hand.seen or move.number in hand.face_up or move.number == seen.top_card:
            shown.append(move)
    return shown
