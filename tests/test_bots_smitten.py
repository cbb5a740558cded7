"""Smitten's bot (:mod:`referee.bots.smitten`): the hint policy as a partner, from its
seat's view only. Every decision it returns is one its seat may take; changing what the
seat may not see (the partner's hand, the deck, face-down cards, the set-aside card)
never changes it; and the hint itself does not peek: on the seat's view it gives the
move it gives on the whole state."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.bots.smitten import easy, policy, position_of, strong
from referee.decisions import decision_of, seat_entry
from referee.smitten.box import GAME
from referee.smitten.hint import decide
from referee.smitten.ruleset import RULES
from referee.smitten.state import Hand, State
from referee.smitten.study import MODES

POLICIES = {"easy": easy, "strong": strong}


def dealt(mode: str, seed: str) -> State:
    return RULES.start(MODES[mode](seed))


def entered(state: State, seat: int, event: Any) -> State:
    return RULES.apply(state, seat_entry(RULES, seat, event)(state)).state


def random_steps(state: State, steps: int, rng: random.Random) -> State:
    for _ in range(steps):
        options = [(seat, choice) for seat in (0, 1) for decision in RULES.decisions(state, seat) for choice in decision.choices]
        if state.outcome is not None or not options:
            break
        seat, choice = rng.choice(options)
        state = entered(state, seat, choice)
    return state


def hidden_changed(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the cards ``seat`` may not see dealt anew among their places: the
    partner's hand (two players), the face-down cards (solo), the deck below a top card
    turned up, the set-aside card before the swap."""
    seen = RULES.view(state, seat)
    top = 1 if seen.top_card is not None else 0
    hands = list(state.hands)
    pool: list[int] = list(state.deck[top:])
    if not seen.swapped:
        pool.append(state.set_aside)
    partner = None if state.setup.solo else 1 - seat
    for index, hand in enumerate(hands):
        pool += list(hand.face_down) + (list(hand.face_up) if index == partner else [])
    rng.shuffle(pool)

    def take(count: int) -> tuple[int, ...]:
        taken = tuple(pool[:count])
        del pool[:count]
        return taken

    for index, hand in enumerate(hands):
        hands[index] = Hand(take(len(hand.face_up)) if index == partner else hand.face_up, take(len(hand.face_down)))
    deck = (*state.deck[:top], *take(len(state.deck) - top))
    set_aside = state.set_aside if seen.swapped else take(1)[0]
    return replace(state, hands=(hands[0], hands[1]), deck=deck, set_aside=set_aside)


def test_the_box_names_both_levels_of_the_smitten_bot() -> None:
    assert GAME.bots is not None
    assert GAME.bots("easy") is easy and GAME.bots("strong") is strong and policy("strong") is strong


@pytest.mark.slow
@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(sorted(MODES)), seed=st.integers(0, 10_000), level=st.sampled_from(["easy", "strong"]))
def test_every_smitten_bot_decision_is_accepted_by_decision_of(mode: str, seed: int, level: str) -> None:
    state = dealt(mode, f"bot-{seed}")
    rng = random.Random(seed)
    while state.outcome is None:
        seats = [seat for seat in (0, 1) if RULES.decisions(state, seat)]
        seat = rng.choice(seats)
        event = POLICIES[level](RULES.view(state, seat), RULES.decisions(state, seat), rng)
        decision_of(RULES, state, seat, event)
        state = entered(state, seat, event)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(sorted(MODES)), seed=st.integers(0, 10_000), steps=st.integers(0, 14), level=st.sampled_from(["easy", "strong"]),
       draw=st.randoms(use_true_random=False))  # fmt: skip
def test_changing_what_a_smitten_bot_may_not_see_never_changes_its_decision(mode, seed, steps, level, draw) -> None:
    state = random_steps(dealt(mode, f"honest-{seed}"), steps, draw)
    seat = draw.randrange(2)
    if state.outcome is not None or not RULES.decisions(state, seat):
        return
    other = hidden_changed(state, seat, draw)
    assert RULES.view(other, seat) == RULES.view(state, seat)
    choices = POLICIES[level](RULES.view(state, seat), RULES.decisions(state, seat), random.Random(1))
    assert POLICIES[level](RULES.view(other, seat), RULES.decisions(other, seat), random.Random(1)) == choices


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(sorted(MODES)), seed=st.integers(0, 10_000), steps=st.integers(0, 14), draw=st.randoms(use_true_random=False))
def test_the_hint_gives_on_the_seats_view_the_move_it_gives_on_the_whole_state(mode, seed, steps, draw) -> None:
    state = random_steps(dealt(mode, f"peek-{seed}"), steps, draw)
    seat = draw.randrange(2)
    moves = RULES.decisions(state, seat)
    if state.outcome is None and moves:
        actor = None if state.setup.solo else seat
        assert decide(position_of(RULES.view(state, seat)), [(actor, "s")], 8) == decide(state, [(actor, "s")], 8)


def test_the_bots_state_holds_no_card_its_seat_may_not_see() -> None:
    state = dealt("two-hard", "unseen")
    built = position_of(RULES.view(state, 0))
    assert built.hands[0] == state.hands[0]
    assert set(built.hands[1].face_up) == {0} and set(built.deck) == {0} and built.set_aside == 0
    assert RULES.view(built, 0) == RULES.view(state, 0)
