"""Smitten on the game contract (referee.game): actions, refusal, legal actions, effects
and the one Outcome type, as the save-file engine and a solver use them."""

from __future__ import annotations

import ast
import random
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_smitten_properties import CANDIDATES, OPTIONS, random_steps

from referee import savefile
from referee.errors import RuleError
from referee.game import Outcome, Refusal, Step
from referee.games import game
from referee.smitten.actions import Effect, Kind, Lose, Move
from referee.smitten.actions import move as make_move
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.entry import entry, resolve
from referee.smitten.notation import GridSide
from referee.smitten.engine import new_game
from referee.smitten.legality import Rule
from referee.smitten.ruleset import RULES
from referee.smitten.voice import VOICE
from referee.smitten.state import UNSEEN, Hand, Pending, Setup, State, Termination

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((REPO / "examples").glob("smitten-*.toml"))
L, R = GridSide.LEFT, GridSide.RIGHT


def test_the_registry_finds_smittens_rules_in_its_ruleset_module():
    assert game("smitten").rules == "referee.smitten.ruleset:RULES"
    assert game("smitten").load_rules() is RULES
    assert not (REPO / "referee" / "smitten" / "record.py").exists()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_decoding_then_encoding_gives_back_every_event_of_the_example_files(path):
    document = tomllib.loads(path.read_text())
    steps = list(savefile.steps(RULES, document["setup"], document["events"]))
    state = RULES.start(RULES.read_setup(document["setup"]))
    for event, done in steps:
        action = RULES.decode(state, event)
        assert RULES.encode(state, action) == event
        state = done.state
    assert isinstance(RULES.outcome(state), Outcome)


@settings(max_examples=40, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_every_event_written_for_a_legal_move_decodes_to_that_move(options, rng):
    states, moves, _effects = random_steps(options, rng)
    for state, move in zip(states, moves):  # noqa: B905  (states is one longer)
        assert RULES.decode(state, RULES.encode(state, move)) == move


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_refusal_and_legal_actions_are_one_definition_of_legality(options, rng):
    states, _moves, _effects = random_steps(options, rng)
    for state in states[:: max(1, len(states) // 4)]:
        listed = set(RULES.legal_actions(state))
        for candidate in CANDIDATES:
            refused = RULES.refusal(state, candidate)
            assert (refused is None) == (candidate in listed), candidate
            if refused is not None:
                with pytest.raises(RuleError) as error:
                    RULES.apply(state, candidate)
                assert str(error.value) == VOICE.refusal(state, refused)
                assert isinstance(refused, Refusal) and isinstance(refused.rule, Rule)


@settings(max_examples=40, deadline=None)
@given(OPTIONS, st.randoms(use_true_random=False))
def test_the_outcome_is_the_one_outcome_type_won_by_both_seats_or_lost_by_both(options, rng):
    states, _moves, _effects = random_steps(options, rng)
    for state in states[:-1]:
        assert RULES.outcome(state) is None
    ended = RULES.outcome(states[-1])
    assert isinstance(ended, Outcome) and isinstance(ended.termination, Termination) and VOICE.outcome(states[-1], ended)
    assert ended.winners == ((0, 1) if ended.termination is Termination.COMPLETED else ())


def test_a_state_holds_no_report_only_field():
    assert "turn_end" not in {field.name for field in fields(State)}


def effect_of(done: Step[State, Any]) -> Effect:
    """The effect of a game move (the rules' effects include a fair game's word of entropy)."""
    assert isinstance(done.effect, Effect)
    return done.effect


def test_applying_a_move_returns_the_step_with_its_effect():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))  # player 1: 7 9 4
    move = resolve(state, Kind.PLAY, 7, L)
    done = RULES.apply(state, move)
    assert isinstance(done, Step) and done.effect == Effect(move)
    assert isinstance(done.state.pending, Pending) and done.state.pending.card == 7


def test_whenever_a_card_has_been_played_the_partners_flipped_card_is_in_the_effect():
    state = new_game(Setup(SmittenMode.SOLO, None, seed="s"))  # A: 7 9 (4 down), B: 6 1 (3 down)
    done = RULES.apply(state, resolve(state, Kind.PLAY, 7, L))
    assert effect_of(done).shown == 3 and done.state.hands[1].face_down == ()


def test_a_flip_shows_its_card_in_the_effect():
    state = new_game(Setup(SmittenMode.SOLO, None, seed="s"))
    done = RULES.apply(state, make_move(Kind.FLIP, 0))
    assert effect_of(done).shown == 4


def test_a_placement_that_follows_card_three_is_the_top_card_of_the_deck_in_the_effect():
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="t")
    state = State(setup=options, grids=(1 << 2, 0), hands=(Hand((2, 4)), Hand((4, 6, 8))), deck=(6, 5, 7),
                  pending=Pending(3, L, 0), starter=0)  # fmt: skip
    done = RULES.apply(state, make_move(Kind.PLACE, 1, 6, L))
    assert effect_of(done).top_card and effect_of(done).turn_end is not None


def test_the_easy_swap_takes_the_set_aside_card_in_the_effect():
    state = new_game(Setup(SmittenMode.SOLO, None, easy=True, seed="s"))
    taken = state.set_aside
    done = RULES.apply(state, make_move(Kind.SWAP, 0, 7))
    assert effect_of(done).taken == taken != UNSEEN and done.state.set_aside == 7


def test_the_table_may_declare_a_loss_until_the_game_is_over():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True))
    assert RULES.refusal(state, Lose()) is None
    assert Lose() not in set(RULES.legal_actions(state))
    done = RULES.apply(state, Lose("we dropped a card"))
    ended = RULES.outcome(done.state)
    assert ended == Outcome(winners=(), termination=Termination.DECLARED, details=(("reason", "we dropped a card"),))
    assert done.effect == Effect(Lose("we dropped a card"))
    refused = RULES.refusal(done.state, Lose())
    assert refused is not None and refused.rule is Rule.GAME_OVER
    assert VOICE.refusal(done.state, refused) == "the game is already over (lost: we dropped a card)"
    with pytest.raises(RuleError, match="already over"):
        RULES.apply(done.state, Lose())


@pytest.mark.parametrize("event", [{"kind": "lose"}, {"kind": "lose", "reason": "oops"}, {"kind": "lose", "reason": ""}])
def test_a_declared_loss_round_trips_as_the_file_holds_it(event):
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True))
    assert RULES.encode(state, RULES.decode(state, event)) == event


def test_typed_words_become_the_save_files_event_read_by_the_games_one_parser():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))
    event = entry(Kind.PLAY, "7l")(state)
    assert event == {"kind": "play", "card": "7l"}
    assert RULES.decode(state, event) == Move(Kind.PLAY, 0, 7, L)
    solo = new_game(Setup(SmittenMode.SOLO, None, seed="s"))
    assert entry(Kind.PLAY, "down", hand="b")(solo) == {"kind": "flip", "hand": "b"}
    assert RULES.decode(solo, entry(Kind.PLAY, "down", hand="b")(solo)) == Move(Kind.FLIP, 1)


def test_legality_does_not_import_its_words():
    """explain words what legality decided: legality never imports explain (no cycle)."""
    source = (REPO / "referee" / "smitten" / "legality.py").read_text()
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert not any(name and "explain" in name for name in imported)


def test_random_games_through_the_contract_end_with_an_outcome():
    rng = random.Random(7)
    for number in range(20):
        state = RULES.start(Setup(SmittenMode.SOLO, None, seed=f"c{number}"))
        while RULES.outcome(state) is None:
            state = RULES.apply(state, rng.choice(list(RULES.legal_actions(state)))).state
        assert RULES.outcome(state) is not None


def test_a_state_is_built_with_keyword_arguments_only():
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s")
    with pytest.raises(TypeError):
        State(options, (0, 0))  # type: ignore[call-arg]  # positional on purpose: refused at run time too
    assert State(setup=options).grids == (0, 0)


def test_the_public_play_is_the_function_whatever_was_imported_before():
    """`from referee.smitten import play` gives the function of the docstring's usage,
    even after the engine's module was imported (it is named `engine`, not `play`)."""
    import importlib

    importlib.import_module("referee.smitten.engine")
    from referee.smitten import play

    assert callable(play) and play.__module__ == "referee.smitten.engine"
