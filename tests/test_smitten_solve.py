"""The Smitten solver: winning lines replay through the engine to a win, "not winnable"
agrees with a plain exhaustive search, and `referee smitten solve` says so."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import savefile
import referee.smitten.engine as engine  # the module: referee.smitten's own name `play` is its function
from referee.smitten import legality, solver
from referee.smitten.actions import Move
from referee.smitten.legality import legal_moves
from referee.smitten.engine import new_game
from referee.smitten.ruleset import RULES
from referee.smitten.solver import Solver, Unfinished, brute_force, solve
from referee.game import Outcome
from referee.smitten.state import State, Termination
from referee.smitten.study import MODES

MODE_NAMES = st.sampled_from(sorted(MODES))
SEEDS = st.text(min_size=1, max_size=8).filter(str.strip)
#: Deals that no line of play wins (found by the solver, confirmed by brute force below).
LOST_DEALS = [("two-medium", "x66"), ("two-hard", "x17"), ("solo-hard2", "x21"), ("solo-all", "x57")]


def walk(state: State, rng: random.Random, moves: int) -> State:
    """``moves`` random legal moves from ``state`` (fewer if the game ends)."""
    for _ in range(moves):
        if state.outcome is not None:
            break
        state = RULES.apply(state, rng.choice(list(RULES.legal_actions(state)))).state
    return state


def survive(state: State, rng: random.Random, moves: int) -> State:
    """Up to ``moves`` random legal moves, each chosen among those that do not end the game
    when there are any: positions deep in a game that is still going, won or not."""
    for _ in range(moves):
        if state.outcome is not None:
            break
        after = [RULES.apply(state, move).state for move in RULES.legal_actions(state)]
        state = rng.choice([position for position in after if position.outcome is None] or after)
    return state


def replays_to_a_win(state: State, line: tuple[Move, ...]) -> bool:
    for move in line:
        state = RULES.apply(state, move).state  # RuleError if the engine refused it
    return state.outcome is not None and bool(state.outcome.winners)


def test_the_solver_shares_the_engines_one_definition_of_legality():
    imported = vars(solver)  # the names the solver imports, which it does not re-export
    assert imported["legal_moves"] is legality.legal_moves
    assert imported["apply"] is engine.apply and imported["successors"] is engine.successors


@settings(max_examples=60, deadline=None)
@given(MODE_NAMES, SEEDS, st.integers(0, 12), st.randoms(use_true_random=False))
def test_a_winning_line_replays_through_the_engine_to_a_win(mode, seed, moves, rng):
    state = survive(new_game(MODES[mode](seed)), rng, moves)
    found = solve(state)
    if found.winnable:
        assert replays_to_a_win(state, found.line)
    else:
        assert found.line == ()
        assert state.outcome is None or not state.outcome.winners


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(MODE_NAMES, SEEDS, st.integers(6, 18), st.randoms(use_true_random=False))
def test_not_winnable_agrees_with_a_plain_exhaustive_search_near_the_end(mode, seed, moves, rng):
    state = survive(new_game(MODES[mode](seed)), rng, moves)
    try:
        plain = brute_force(state, [20_000])
    except Unfinished:
        return  # too big for the plain search: the other tests cover it
    assert solve(state).winnable is plain


@pytest.mark.parametrize("mode, seed", LOST_DEALS)
def test_a_lost_deal_is_proven_lost_by_both_searches(mode, seed):
    state = new_game(MODES[mode](seed))
    assert not solve(state).winnable
    assert brute_force(state, [2_000_000]) is False


@pytest.mark.slow
def test_the_solver_and_brute_force_agree_on_many_games_still_going_both_won_and_lost():
    verdicts = []
    rng = random.Random(3)
    for number in range(80):
        mode = rng.choice(sorted(MODES))
        state = survive(new_game(MODES[mode](f"agree-{number}")), rng, rng.randint(8, 18))
        if state.outcome is not None:
            continue
        try:
            plain = brute_force(state, [20_000])
        except Unfinished:
            continue
        assert solve(state).winnable is plain, (mode, number)
        verdicts.append(plain)
    assert verdicts.count(True) >= 20 and verdicts.count(False) >= 5  # both answers are checked


def test_a_finished_game_is_its_own_answer():
    state = walk(new_game(MODES["solo"]("s")), random.Random(1), 60)
    assert state.outcome is not None
    assert solve(state).winnable is bool(state.outcome.winners)


def test_the_transposition_table_is_keyed_on_the_whole_position_and_reused():
    table = Solver()
    state = new_game(MODES["two-hard"]("x17"))
    first = table.solve(state)
    again = table.solve(state)
    assert not first.winnable and not again.winnable
    assert again.nodes == 1 and again.hits == 1  # the position itself is in the table


def test_a_node_budget_stops_the_search():
    with pytest.raises(Unfinished):
        Solver(limit=3).solve(new_game(MODES["two-hard"]("x17")))


def test_every_move_of_a_line_is_a_legal_move_of_its_position():
    state = new_game(MODES["solo-easy"]("line"))
    for move in solve(state).line:
        assert move in list(legal_moves(state))
        state = RULES.apply(state, move).state


# --- the command -------------------------------------------------------------------------


def test_solve_a_fresh_deal_from_a_seed(referee):
    result = referee("smitten", "solve", "--seed", "s", "--mode", "solo", "--no-time")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Winnable: a winning line of 17 moves (")
    assert lines[1] == " 1. play 7L --hand A"


def test_solve_a_game_file_from_its_current_position(referee, tmp_path):
    path = tmp_path / "g.toml"
    assert referee("smitten", "new", str(path), "--seed", "s", "--mode", "solo").exit_code == 0
    assert referee("smitten", "play", str(path), "7L").exit_code == 0
    result = referee("smitten", "solve", str(path), "--json")
    assert result.exit_code == 0, result.stderr
    document = result.json()
    assert document["winnable"] is True and document["file"] == str(path)
    state = savefile.load(path, RULES).state
    for step in document["line"]:
        state = RULES.apply(state, RULES.decode(state, step)).state
    assert state.outcome is not None and state.outcome.winners


def test_solve_says_a_lost_deal_is_not_winnable_and_that_the_search_was_exhaustive(referee):
    result = referee("smitten", "solve", "--seed", "x17", "--difficulty", "hard", "--no-time")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Not winnable: every line of play from here loses (the search was exhaustive;")
    document = referee("smitten", "solve", "--seed", "x17", "--difficulty", "hard", "--json").json()
    assert document["winnable"] is False and document["line"] == [] and document["nodes"] > 1


@pytest.mark.parametrize(
    "args, message",
    [
        ((), "give a game FILE, or --seed S"),
        (("FILE", "--seed", "s"), "not both"),
        (("--seed", "s", "--mode", "three"), "three"),
        (("--seed", "s", "--mode", "solo", "--difficulty", "hard"), "solo Smitten has no difficulty"),
        (("missing.toml",), "missing.toml"),
    ],
)
def test_solve_refuses_what_it_cannot_use_with_exit_2(referee, tmp_path, args, message):
    path = tmp_path / "g.toml"
    assert referee("smitten", "new", str(path), "--seed", "s").exit_code == 0
    args = tuple(str(path) if arg == "FILE" else str(tmp_path / arg) if arg.endswith(".toml") else arg for arg in args)
    result = referee("smitten", "solve", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_solve_refuses_a_physical_game_whose_cards_it_cannot_know(referee, tmp_path):
    path = tmp_path / "g.toml"
    assert referee("smitten", "new", str(path), "--physical").exit_code == 0
    before = path.read_bytes()
    result = referee("smitten", "solve", str(path))
    assert result.exit_code == 2
    assert "physical" in result.stderr
    assert path.read_bytes() == before


# --- the speed-ups, each checked against the plain way -----------------------------------


def positions(count: int, seed: int) -> list[State]:
    """Positions of every mode, from the deal to near the end, still going or not."""
    rng = random.Random(seed)
    found = []
    for number in range(count):
        mode = sorted(MODES)[number % len(MODES)]
        found.append(survive(new_game(MODES[mode](f"pos-{number}")), rng, rng.randint(0, 18)))
    return found


def test_successors_are_the_legal_moves_each_played_by_the_checked_apply():
    for state in positions(120, 1):
        assert list(engine.successors(state)) == [(move, engine.apply(state, move).state) for move in legal_moves(state)]


def test_the_legal_moves_kept_with_a_state_are_the_ones_worked_out_afresh():
    for state in positions(120, 2):
        kept = list(legal_moves(state))
        fresh = dataclasses.replace(state)  # an equal state, with nothing worked out yet
        assert fresh._legal is None and fresh == state and hash(fresh) == hash(state)
        assert list(legal_moves(fresh)) == kept == list(legality._listed(fresh))


def test_a_game_over_is_the_new_state_with_its_outcome_and_nothing_else_changed():
    state = new_game(MODES["two-hard"]("x17"))
    outcome = Outcome(winners=(), termination=Termination.DECLARED, details=(("reason", "test"),))
    fresh = dataclasses.replace(state)
    hash(fresh), list(legal_moves(fresh))  # whatever was worked out for it is forgotten
    ended = engine._over(fresh, outcome, None)
    assert ended == dataclasses.replace(state, pending=None, ended=outcome) and ended.outcome is outcome
    assert hash(ended) == hash(dataclasses.replace(ended)) and list(legal_moves(ended)) == []
    assert state.outcome is None and list(legal_moves(state))  # the state it was made from is untouched


@pytest.mark.slow
def test_winnable_remembering_won_and_lost_positions_agrees_with_brute_force_with_one_table_for_all():
    table = Solver()  # shared, as a hint shares one over its samples
    verdicts = []
    for state in positions(100, 3):
        try:
            plain = brute_force(state, [5_000])
        except Unfinished:
            continue
        assert table.winnable(state) is plain
        assert Solver().winnable(state) is plain and solve(state).winnable is plain
        verdicts.append(plain)
    assert verdicts.count(True) >= 20 and verdicts.count(False) >= 10
    assert table.won and table.lost and table.hits  # both tables were used


def test_a_position_proven_won_is_remembered_and_found_again():
    table = Solver()
    state = new_game(MODES["solo"]("s"))
    assert table.winnable(state) and state in table.won
    before = table.nodes
    assert table.winnable(state) and table.nodes == before + 1
