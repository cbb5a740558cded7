"""`referee smitten hint`: perfect-information Monte Carlo from only what the player sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import InputError
from referee.smitten.actions import Move
from referee.smitten.grid import numbers
from referee.smitten.hint import BLOCK, DECK, HintError, HintFault, acting, asked, decide, hint, sample, visible, wilson
from referee.smitten.legality import legal_moves
from referee.smitten.engine import new_game, play
from referee.smitten.ruleset import RULES
from referee.smitten.solver import Solver
from referee.smitten.state import State
from referee.smitten.study import MODES

from test_smitten_solve import survive, walk  # one random walk for both files

MODE_NAMES = st.sampled_from(sorted(MODES))
SEEDS = st.text(min_size=1, max_size=8).filter(str.strip)


def someone(state: State, rng: random.Random) -> int | None:
    """The player a hint may be asked for (solo: the table)."""
    if state.setup.solo:
        return None
    return acting(state, rng.choice(sorted({move.actor for move in legal_moves(state)})))


def all_cards(state: State) -> Counter[int]:
    cards: Counter[int] = Counter()
    for grid in state.grids:
        cards.update(numbers(grid))
    for hand in state.hands:
        cards.update(hand.face_up + hand.face_down)
    cards.update(state.deck)
    cards[state.set_aside] += 1
    return cards


@settings(max_examples=40, deadline=None)
@given(MODE_NAMES, SEEDS, st.integers(0, 10), st.randoms(use_true_random=False))
def test_a_sample_agrees_with_everything_the_player_sees_and_is_a_whole_deck(mode, seed, moves, rng):
    state = walk(new_game(MODES[mode](seed)), rng, moves)
    if state.outcome is not None:
        return
    actor = someone(state, rng)
    dealt = sample(state, actor, random.Random(seed))
    assert visible(dealt, actor) == visible(state, actor)
    assert all_cards(dealt) == DECK
    assert [str(move) for move in legal_moves(dealt) if actor is None or move.actor == actor] == [
        str(move) for move in legal_moves(state) if actor is None or move.actor == actor
    ]


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(MODE_NAMES, SEEDS, st.integers(0, 8), st.randoms(use_true_random=False))
def test_the_hint_uses_only_what_the_player_sees_never_the_hidden_cards(mode, seed, moves, rng):
    state = walk(new_game(MODES[mode](seed)), rng, moves)
    if state.outcome is not None:
        return
    actor = someone(state, rng)
    other = sample(state, actor, random.Random(f"other {seed}"))  # the same view, other hidden cards
    first, second = hint(state, actor, samples=6, seed="x"), hint(other, actor, samples=6, seed="x")
    assert first.estimates == second.estimates


@pytest.mark.slow
def test_the_hint_is_reproducible_from_its_seed_and_ranks_every_legal_move_of_the_actor():
    state = new_game(MODES["solo"]("s"))
    first, again = hint(state, None, samples=20, seed="a"), hint(state, None, samples=20, seed="a")
    assert first.estimates == again.estimates
    assert sorted(map(str, (e.move for e in first.estimates))) == sorted(map(str, legal_moves(state)))
    shares = [estimate.share for estimate in first.estimates]
    assert shares == sorted(shares, reverse=True)


def test_the_hint_is_the_same_for_any_number_of_processes_and_tallies_every_sample_in_turn():
    state = walk(new_game(MODES["two-hard"]("jobs")), random.Random(3), 2)
    actor = acting(state, sorted({move.actor for move in legal_moves(state)})[0])
    samples = 2 * BLOCK + 5  # three blocks, the last one short
    alone, shared = hint(state, actor, samples, seed="j"), hint(state, actor, samples, seed="j", jobs=3)
    assert (alone.estimates, alone.nodes) == (shared.estimates, shared.nodes)
    # The plain way: each sample in turn, each of the actor's moves solved by a fresh solver.
    rng = random.Random("j")
    wins: Counter[Move] = Counter()
    tried: Counter[Move] = Counter()
    for _ in range(samples):
        position = sample(state, actor, rng)
        for move in legal_moves(position):
            if move.actor == actor:
                wins[move] += Solver().winnable(play(position, move))
                tried[move] += 1
    assert {e.move: (e.wins, e.samples) for e in shared.estimates} == {move: (wins[move], tried[move]) for move in tried}
    first_seen = list(tried)
    assert [e.move for e in shared.estimates] == sorted(first_seen, key=lambda m: (-wins[m] / tried[m], first_seen.index(m)))


def test_a_hint_needs_at_least_one_process():
    with pytest.raises(InputError) as refused:
        hint(new_game(MODES["solo"]("s")), None, samples=5, jobs=0)
    assert isinstance(refused.value, HintError) and refused.value.refusal.rule is HintFault.TOO_FEW_PROCESSES


def test_a_two_player_hint_ranks_only_the_moves_of_the_player_asking():
    state = new_game(MODES["two-medium"]("s"))
    found = hint(state, 1, samples=5)
    assert found.estimates and {estimate.move.actor for estimate in found.estimates} == {1}


def test_the_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(20, 20)[1] == 1.0 and round(wilson(20, 20)[0], 4) == 0.8389


# --- the command -------------------------------------------------------------------------


@pytest.fixture
def game(referee, tmp_path):
    def make(*options: str) -> str:
        path = tmp_path / "g.toml"
        result = referee("smitten", "new", str(path), *options)
        assert result.exit_code == 0, result.stderr
        return str(path)

    return make


def test_hint_a_solo_game_for_the_table(referee, game):
    path = game("--mode", "solo", "--seed", "s")
    result = referee("smitten", "hint", path, "--samples", "10", "--no-time")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "Hint for the table (both face-up hands), from what it can see: 10 samples of the unseen cards (seed 1):"
    assert lines[-1].startswith("Best: play ")
    assert " wins " in lines[1] and "95 % interval" in lines[1]


def test_hint_json_lists_each_move_with_its_chance_and_interval(referee, game):
    path = game("--seed", "s")
    document = referee("smitten", "hint", path, "--by", "2", "--samples", "8", "--json").json()
    assert document["for"] == 2 and document["samples"] == 8
    first = document["moves"][0]
    assert first["by"] == 2 and first["args"][0] == "play" and 0 <= first["interval"][0] <= first["share"] <= first["interval"][1]


@pytest.mark.slow
def test_hint_gives_the_same_answer_on_one_process_or_several(referee, game):
    path = game("--mode", "solo", "--easy", "--seed", "jobs")
    one, two = (referee("smitten", "hint", path, "--samples", "60", "--jobs", jobs, "--json").json() for jobs in ("1", "2"))
    del one["seconds"], two["seconds"]
    assert one == two and len(one["moves"]) > 3


def test_hint_with_the_tables_own_cards_takes_the_hand_held(referee, game, tmp_path):
    path = game("--physical")
    before = (tmp_path / "g.toml").read_bytes()
    result = referee("smitten", "hint", path, "--by", "1", "--hold", "1,2,3", "--samples", "5", "--json")
    assert result.exit_code == 0, result.stderr
    assert {move["card"][0] for move in result.json()["moves"]} <= {"1", "2", "3"}
    assert (tmp_path / "g.toml").read_bytes() == before


@pytest.mark.parametrize(
    "options, args, message",
    [
        (("--seed", "s"), (), "either player may start the turn: say whose hint it is with --by 1 or --by 2"),
        (("--mode", "solo", "--seed", "s"), ("--by", "1"), "leave out --by"),
        (("--physical",), ("--by", "1"), "give it with --hold"),
        (("--physical",), ("--by", "1", "--hold", "1,2"), "player 1 holds 3 cards, not 2"),
        (("--physical",), ("--by", "1", "--hold", "1,2,x"), "not a Smitten card"),
        (("--physical",), ("--by", "1", "--hold", "5,5,5"), "more than twice"),
        (("--seed", "s"), ("--by", "1", "--hold", "1,2,3"), "--hold is for a game with the table's own cards"),
        (("--seed", "s"), ("--by", "1", "--top", "2"), "--top is for a game with the table's own cards"),
        (("--seed", "s"), ("--by", "1", "--samples", "0"), "--samples must be at least 1"),
        (("--seed", "s"), ("--by", "1", "--jobs", "-1"), "--jobs takes a number of processes, or 0 for every core"),
        (("--mode", "solo", "--physical"), ("--hold", "1,2"), "solo with the table's own cards is not supported"),
    ],
)
def test_hint_refuses_what_it_cannot_use_with_exit_2_and_leaves_the_file_alone(referee, game, tmp_path, options, args, message):
    path = game(*options)
    before = (tmp_path / "g.toml").read_bytes()
    result = referee("smitten", "hint", path, *args)
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert (tmp_path / "g.toml").read_bytes() == before


def test_hint_refuses_a_finished_game_with_exit_1(referee, game):
    path = game("--seed", "s")
    assert referee("smitten", "lose", path).exit_code == 0
    result = referee("smitten", "hint", path, "--by", "1")
    assert result.exit_code == 1
    assert result.stderr.strip() == "referee: the game is over (lost: the table declared the game lost): there is no move to hint"


def test_a_player_with_no_legal_move_is_told_so(referee, tmp_path):
    from referee.smitten.hint import Hint
    from referee.smitten.solve_report import hint_words

    state = new_game(MODES["two-medium"]("s"))
    words = hint_words(state, Hint(0, 5, (), 0, 0.0), "1", timed=False)
    assert words[-1] == "Player 1 has no legal move now."


def test_after_card_3_with_the_tables_own_cards_the_player_gives_the_top_card_turned_up(referee, game, tmp_path):
    path = game("--physical")
    assert referee("smitten", "play", path, "3L", "--by", "1").exit_code == 0
    missing = referee("smitten", "hint", path, "--hold", "4,5,6", "--samples", "3")
    assert missing.exit_code == 2 and "--top gives the deck's top card" in missing.stderr
    result = referee("smitten", "hint", path, "--hold", "4,5,6", "--top", "2", "--samples", "5", "--json")
    assert result.exit_code == 0, result.stderr
    moves = result.json()["moves"]
    assert {move["card"] for move in moves} == {"2L", "2R"} and all(move["kind"] == "place" for move in moves)


def full_hints_choice(state: State, asked: list[tuple[int | None, str]], samples: int):
    """The policy's move the plain way: every asked actor's whole hint, and a later actor's
    best move only when its share is higher."""
    best = None
    for actor, seed in asked:
        top = hint(state, actor, samples, seed).estimates[0]
        if best is None or top.share > best[0]:
            best = (top.share, top.move)
    assert best is not None  # some actor was asked
    return best[1]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(MODE_NAMES, SEEDS, st.integers(0, 12), st.integers(1, 12), st.randoms(use_true_random=False))
def test_the_policys_decision_is_the_best_move_of_the_whole_hints(mode, seed, moves, samples, rng):
    state = walk(new_game(MODES[mode](seed)), rng, moves)
    if state.outcome is None:
        actors = [None] if state.setup.solo else sorted({move.actor for move in legal_moves(state)})
        asked = [(actor, f"{seed}-{actor}") for actor in actors]
        assert decide(state, asked, samples) == full_hints_choice(state, asked, samples)


@pytest.mark.slow
def test_the_policys_decision_is_the_whole_hints_on_many_positions_with_ties_and_both_players():
    rng = random.Random(5)
    not_first = both = 0
    for number in range(60):
        mode = sorted(MODES)[number % len(MODES)]
        state = survive(new_game(MODES[mode](f"decide-{number}")), rng, rng.randint(0, 14))
        if state.outcome is not None:
            continue
        actors = [None] if state.setup.solo else sorted({move.actor for move in legal_moves(state)})
        asked = [(actor, f"d{number}-{actor}") for actor in actors]
        samples = rng.choice([1, 3, 8, 20])
        chosen = decide(state, asked, samples)
        assert chosen == full_hints_choice(state, asked, samples), (mode, number)
        not_first += chosen != next(legal_moves(state))
        both += len(actors) == 2
    assert not_first >= 10 and both >= 5  # not only the easy cases


def test_top_without_hold_in_a_seeded_game_is_refused_even_after_card_3(referee, game, tmp_path):
    path = game("--seed", "e")  # player 1 holds 3 6 5
    assert referee("smitten", "play", path, "3L", "--by", "1").exit_code == 0  # player 2 turns up the top card
    before = (tmp_path / "g.toml").read_bytes()
    result = referee("smitten", "hint", path, "--top", "2", "--samples", "3")
    assert result.exit_code == 2
    assert result.stderr == (
        "referee: --top is for a game with the table's own cards (--physical): the referee turns up this game's cards itself\n"
    )
    assert (tmp_path / "g.toml").read_bytes() == before


@pytest.mark.parametrize(
    ("setup", "by", "hand", "top", "fault", "params"),
    [
        ("solo", None, None, None, None, {}),
        ("physical solo", None, (1, 2, 3), None, HintFault.SOLO_UNSEEN, {}),
        ("seeded", 0, (1, 2, 3), None, HintFault.CARDS_KNOWN, {"given": "hand"}),
        ("seeded", 0, None, 2, HintFault.CARDS_KNOWN, {"given": "top"}),
        ("seeded", None, None, None, HintFault.SAY_WHO, {}),
        ("physical", 0, None, None, HintFault.HAND_UNSEEN, {}),
        ("physical", 0, (1, 2), None, HintFault.HAND_SIZE, {"seat": 0, "count": 3, "given": 2}),
        ("physical", 0, (1, 2, 3), 4, HintFault.TOP_CARD, {"needed": False}),
        ("physical", 0, (5, 5, 5), None, HintFault.NOT_A_DECK, {}),
    ],
)
def test_each_hint_check_is_one_value_with_its_parameters(setup, by, hand, top, fault, params):
    from referee.smitten.dealing import Difficulty, SmittenMode
    from referee.smitten.state import Setup

    setups = {
        "solo": Setup(SmittenMode.SOLO, None, seed="s"),
        "physical solo": Setup(SmittenMode.SOLO, None, physical=True),
        "seeded": Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"),
        "physical": Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True),
    }
    state = RULES.start(setups[setup])
    if fault is None:
        assert asked(state, by, hand, top) == (state, None)
        return
    with pytest.raises(HintError) as refused:
        position, actor = asked(state, by, hand, top)
        hint(position, actor, samples=2)
    assert refused.value.refusal.rule is fault and dict(refused.value.refusal.params) == params
    assert refused.value.exit_code == 2 and "--" not in str(refused.value)


def test_a_hint_for_a_player_the_game_does_not_wait_for_is_a_value_worded_with_both_names(referee, game, tmp_path):
    path = game("--physical", "--players", "Anna", "Bram")
    assert referee("smitten", "play", path, "3L", "--by", "Anna").exit_code == 0  # Bram turns up the top card
    from referee import savefile
    from referee.game import refuse

    with pytest.raises(HintError) as refused:
        asked(savefile.load(path, RULES).state, 0, (1, 2, 4), 5)
    assert refused.value.refusal == refuse(HintFault.NOT_THEIR_MOVE, unusable=True, seat=0, waits=1)
    result = referee("smitten", "hint", path, "--by", "Anna", "--hold", "1,2,4", "--top", "5")
    assert result.exit_code == 2 and result.stderr == "referee: it is not Anna's move: the game waits for Bram\n"
