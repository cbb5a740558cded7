"""Smitten's bot: the hint policy (:mod:`referee.smitten.hint`) as a partner, playing from
its seat's view alone.

The hint samples the cards a player cannot see and solves each sample; it reads a game
state, but only what :func:`referee.smitten.hint.visible` counts as seen: the grids, the
acting player's own hand (solo: both hands' face-up cards), the deck's top card once card
3 turns it up and the set-aside card once the Easy Mode swap has shown it. So the bot
builds its state from the seat's view (:func:`position_of`), every card it may not see
written ``UNSEEN``, and the hint deals those places afresh in each sample: it cannot peek,
whatever the real hands and deck hold.

- ``strong``: :func:`referee.smitten.hint.decide` with :data:`STRONG_SAMPLES` samples (the
  policy of `smitten study`'s hint column).
- ``easy``: a plainer rule, one move ahead: the move after which the game is not lost and
  the most moves are open, on average over :data:`EASY_SAMPLES` samples of the unseen cards.

A move forced (one choice) is played without thinking. The answer is the chosen move's
event, exactly as the seat's decisions list it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from referee.bots import Policy
from referee.game import Decision
from referee.smitten.actions import Move, encode
from referee.smitten.view import SeatView
from referee.smitten.state import UNSEEN, Hand, State

#: Samples a strong decision solves (about a quarter of a second on the 2-core machine).
STRONG_SAMPLES = 24
#: Samples the easy rule looks one move ahead in.
EASY_SAMPLES = 6


def position_of(view: SeatView) -> State:
    """A state that holds exactly what ``view`` shows: every card the seat may not see
    (the partner's hand, face-down cards, the deck but a top card turned up, the
    set-aside card before the swap) is ``UNSEEN``."""
    hands = tuple(Hand(hand.face_up, (UNSEEN,) * hand.face_down) if hand.seen else Hand((UNSEEN,) * hand.cards) for hand in view.hands)
    deck: tuple[int, ...] = (UNSEEN,) * view.deck
    if view.top_card is not None and view.deck:
        deck = (view.top_card, *deck[1:])
    return State(
        setup=view.setup,
        grids=view.grids,
        hands=(hands[0], hands[1]),
        deck=deck,
        set_aside=UNSEEN if view.set_aside is None else view.set_aside,
        pending=view.pending,
        starter=view.starter,
        no_draw=view.no_draw,
        swapped=view.swapped,
        ended=view.outcome,
    )


def _choices(decisions: tuple[Decision, ...]) -> list[Mapping[str, object]]:
    return [choice for decision in decisions for choice in decision.choices]


def _event(state: State, move: Move, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The listed choice that is ``move`` (a move the samples found legal is the seat's
    own, so it is listed; any listed choice otherwise)."""
    wanted = encode(state, move)
    listed = _choices(decisions)
    for choice in listed:
        if dict(choice) == wanted:
            return choice
    return rng.choice(listed)


def _actor(view: SeatView) -> int | None:
    """Whose moves the bot weighs: its own seat's; solo, the table's (both hands)."""
    return None if view.setup.solo else view.seat


def strong(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The hint's best move, from :data:`STRONG_SAMPLES` samples of what the seat cannot see."""
    from referee.smitten.hint import decide

    assert isinstance(view, SeatView)
    listed = _choices(decisions)
    if len(listed) == 1 or view.setup.physical:  # the table's own cards: the referee knows no hand to play
        return rng.choice(listed)
    state = position_of(view)
    move = decide(state, [(_actor(view), f"bot-{rng.getrandbits(64)}")], STRONG_SAMPLES)
    return _event(state, move, decisions, rng)


def easy(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """One move ahead: the move that does not lose at once and leaves the most moves open,
    over :data:`EASY_SAMPLES` samples of the unseen cards (ties: the first listed)."""
    from referee.smitten.engine import apply
    from referee.smitten.hint import sample
    from referee.smitten.legality import legal_moves

    assert isinstance(view, SeatView)
    listed = _choices(decisions)
    if len(listed) == 1 or view.setup.physical:
        return rng.choice(listed)
    state, actor = position_of(view), _actor(view)
    totals: dict[Move, float] = {}
    for _ in range(EASY_SAMPLES):
        position = sample(state, actor, rng)
        for move in legal_moves(position):
            if actor is not None and move.actor != actor:
                continue
            after = apply(position, move).state
            outcome = after.outcome
            worth = 100.0 if outcome is not None and outcome.winners else -100.0 if outcome is not None else len(list(legal_moves(after)))
            totals[move] = totals.get(move, 0.0) + worth
    if not totals:
        return rng.choice(listed)
    best = max(totals, key=lambda move: totals[move])
    return _event(state, best, decisions, rng)


def policy(level: str) -> Policy:
    """The policy of ``level`` (:data:`referee.bots.LEVELS`)."""
    return {"easy": easy, "strong": strong}[level]
