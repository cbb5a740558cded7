"""Invariants of Smitten's rules, checked on random seeded games played with random legal moves."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.smitten.actions import Effect, Kind, Move, encode
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.grid import COUNT, is_connected
from referee.smitten.instructions import Choice
from referee.smitten.legality import is_legal, legal_moves
from referee.smitten.notation import GridSide
from referee.smitten.engine import apply, new_game, play
from referee.smitten.ruleset import RULES, setup_for
from referee.smitten.state import Result, Setup, State, result
from referee.smitten.voice import VOICE

#: A seed as `new` accepts it: any text that is not blank (referee.seeds.check_seed).
SEEDS = st.text(min_size=1, max_size=8).filter(str.strip)

OPTIONS = st.one_of(
    st.builds(
        lambda difficulty, physical, seed, players: Setup(
            SmittenMode.TWO, difficulty, physical=physical, seed=None if physical else seed, players=players
        ),
        st.sampled_from(list(Difficulty)), st.booleans(), SEEDS,
        st.sampled_from([None, ("Anna", "Bram"), ("bram", "Anna Maria")]),
    ),
    st.builds(
        lambda easy, hard1, hard2, physical, seed: Setup(
            SmittenMode.SOLO, None, easy=easy, hard1=hard1, hard2=hard2, physical=physical, seed=None if physical else seed
        ),
        st.booleans(), st.booleans(), st.booleans(), st.booleans(), SEEDS,
    ),
)

#: Every move that could be asked for, legal or not.
CANDIDATES = [
    Move(kind, actor, number, side, choice)
    for kind in (Kind.PLAY, Kind.PLACE)
    for actor in (0, 1)
    for number in range(1, 10)
    for side in GridSide
    for choice in (None, *Choice)
] + [Move(kind, actor, number) for kind in (Kind.REVEAL, Kind.SWAP) for actor in (0, 1) for number in range(1, 10)] + [
    Move(Kind.FLIP, actor) for actor in (0, 1)
]


def random_game(options: Setup, rng: random.Random) -> tuple[list[State], list[Move]]:
    """A whole game of random legal moves: the states (first to last) and the moves."""
    states, moves, _effects = random_steps(options, rng)
    return states, moves


def random_steps(options: Setup, rng: random.Random) -> tuple[list[State], list[Move], list[Effect]]:
    """A whole game of random legal moves: the states (first to last), the moves and their effects."""
    states, moves, effects = [new_game(options)], [], []
    while states[-1].outcome is None:
        listed = list(legal_moves(states[-1]))
        assert listed, "the game is stuck: no outcome and no legal move"
        moves.append(rng.choice(listed))
        done = apply(states[-1], moves[-1])
        states.append(done.state)
        effects.append(done.effect)
        assert len(moves) <= 60
    return states, moves, effects


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_random_legal_games_always_end_in_a_win_or_a_loss_with_at_most_17_cards(options, rng):
    states, _moves = random_game(options, rng)
    final = states[-1]
    assert final.outcome is not None and VOICE.outcome(final, final.outcome)
    assert all(state.cards_in_grids <= 17 for state in states)
    assert all(is_connected(grid) for state in states for grid in state.grids)
    if options.balance:
        assert all(abs(COUNT[state.grids[0]] - COUNT[state.grids[1]]) <= 1 for state in states)
    assert (result(final.outcome) is Result.WON) == (final.cards_in_grids == 17)
    assert list(legal_moves(final)) == []


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_every_listed_move_is_accepted_and_every_accepted_move_was_listed(options, rng):
    states, _moves = random_game(options, rng)
    for state in states:
        listed = set(legal_moves(state))
        accepted = {move for move in CANDIDATES if is_legal(state, move)}
        assert listed == accepted, (state, listed ^ accepted)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_replaying_the_recorded_events_gives_the_same_state(options, rng):
    states, moves = random_game(options, rng)
    events = [encode(before, move) for before, move in zip(states, moves, strict=False)]
    assert savefile.replay(RULES, setup_for(options), events) == states[-1]


@settings(max_examples=50, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_the_cards_are_conserved_in_virtual_games(options, rng):
    """18 cards, two of each number: grids + hands + deck + the set-aside card, always."""
    if options.physical:
        return
    states, _moves = random_game(options, rng)
    for state in states:
        cards = [n for side in GridSide for n in state.grid(side)] + list(state.deck) + [state.set_aside]
        for hand in state.hands:
            cards += [*hand.face_up, *hand.face_down]
        assert sorted(cards) == sorted(list(range(1, 10)) * 2)


def _hidden_shuffled(state: State, rng: random.Random) -> State:
    """The same table with its hidden cards dealt differently: the set-aside card (until a
    swap shows it), face-down cards and the deck's order (but a card 3's top card, which
    the partner has revealed)."""
    from dataclasses import replace

    from referee.smitten.state import Hand, Pending

    revealed_top = isinstance(state.pending, Pending) and state.pending.card == 3
    deck = list(state.deck[1:] if revealed_top else state.deck)
    pool = deck + [card for hand in state.hands for card in hand.face_down] + ([] if state.swapped else [state.set_aside])
    rng.shuffle(pool)
    cards = iter(pool)

    def dealt(hand: Hand) -> Hand:
        return Hand(hand.face_up, tuple(next(cards) for _ in hand.face_down))

    hands = (dealt(state.hands[0]), dealt(state.hands[1]))  # the first hand draws first
    new_deck = tuple(next(cards) for _ in deck)
    set_aside = state.set_aside if state.swapped else next(cards)
    return replace(state, hands=hands, deck=(state.deck[:1] + new_deck) if revealed_top else new_deck, set_aside=set_aside)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_the_referee_never_uses_a_hidden_card_to_decide_what_the_table_may_do(options, rng):
    states, moves, effects = random_steps(options, rng)
    for state in states:
        assert list(legal_moves(state)) == list(legal_moves(_hidden_shuffled(state, rng)))
    for before, move, after, effect in zip(states, moves, states[1:], effects):  # noqa: B905  (states is one longer)
        # A placement shows no hidden card unless a card is drawn face up: the verdict on
        # the next turn must then come out the same, however the hidden cards lie.
        shows = effect.turn_end is not None and any(draw.face_up for draw in effect.turn_end.draws)
        if move.kind is Kind.PLACE and not shows:
            assert play(_hidden_shuffled(before, rng), move).outcome == after.outcome
    for state in states:
        if state.outcome is not None and state.outcome.termination.value == "no-playable-card" and options.easy:
            assert state.swapped, "lost for want of a playable card while the easy swap was unused"
