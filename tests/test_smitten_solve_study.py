"""`referee smitten study`: a small run of the winnability table (the full one is in the README)."""

from __future__ import annotations

import pytest

from referee.smitten.hint import wilson
from referee.smitten.engine import new_game
from referee.smitten.solver import Solver, solve
from referee.smitten.study import MODES, Task, hint_deals_per_mode, hint_play, play_deal, study, won


def test_a_small_study_is_reproducible_and_the_same_over_one_or_two_processes():
    one = study(["solo", "two-hard"], 6, 2, 3, prefix="t", jobs=1)
    two = study(["solo", "two-hard"], 6, 2, 3, prefix="t", jobs=2)
    assert one == two
    assert [row.mode for row in one] == ["solo", "two-hard"]
    assert all(row.deals == 6 and row.hint_deals == 2 for row in one)


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_deal_won_by_any_policy_is_winnable_and_winnable_is_the_solvers_verdict(mode):
    for index in range(3):
        played = play_deal(Task(mode, index, "t", 2 if index == 0 else 0))
        assert played.winnable is solve(new_game(MODES[mode](f"t-{index}"))).winnable
        assert played.winnable or not played.random_won
        assert played.winnable or not played.hinted
        assert (played.hinted is None) is (index != 0)


def test_each_share_comes_with_its_wilson_interval():
    row = study(["two-medium"], 5, 0, 1, prefix="t", jobs=1)[0]
    share, low, high = row.share("winnable")
    assert share == row.winnable / 5 and (low, high) == wilson(row.winnable, 5)
    assert row.share("hint_won") == (0.0, 0.0, 1.0)  # no deal played by the hint policy


def test_study_prints_a_markdown_table_and_json(referee):
    result = referee("smitten", "study", "--deals", "3", "--hint-deals", "1", "--hint-samples", "2", "--modes", "solo,two-easy", "--jobs", "1")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("| Mode | Deals | Winnable (perfect information) | Hint policy (2 samples a decision)")
    assert lines[2].startswith("| solo | 3 | ") and lines[3].startswith("| two players, easy | 3 | ")
    document = referee("smitten", "study", "--deals", "3", "--hint-deals", "0", "--modes", "solo", "--jobs", "1", "--json").json()
    (solo,) = document["modes"]
    assert solo["mode"] == "solo" and solo["winnable"]["of"] == 3 and solo["hint_policy"]["of"] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (("--modes", "three"), "unknown mode 'three'"),
        (("--deals", "0"), "--deals, --hint-samples and --jobs must be at least 1"),
        (("--deals", "2", "--jobs", "-1"), "--jobs takes a number of processes, or 0 for every core; not -1"),
    ],
)
def test_study_refuses_what_it_cannot_use_with_exit_2(referee, args, message):
    result = referee("smitten", "study", *args)
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["two-hard", "solo-hard2", "two-medium", "solo-all"])
def test_stopping_a_game_the_judge_proves_lost_does_not_change_the_policys_result(mode):
    stopped = 0
    for index in range(6):
        state = new_game(MODES[mode](f"judge-{index}"))
        judged = hint_play(state, 3, f"judge-{index}", Solver())
        played_out = hint_play(state, 3, f"judge-{index}")
        assert played_out.outcome is not None
        assert won(judged) is won(played_out)
        if judged.outcome is None:  # stopped early: the game was lost, and is
            stopped += 1
            assert not solve(judged).winnable and not won(played_out)
    assert stopped >= 1


def test_hint_deals_per_mode_a_number_for_all_or_mode_entries():
    modes = ["two-easy", "solo", "solo-easy"]
    assert hint_deals_per_mode("250", modes) == {"two-easy": 250, "solo": 250, "solo-easy": 250}
    assert hint_deals_per_mode("2401, solo-easy=1700", modes) == {"two-easy": 2401, "solo": 2401, "solo-easy": 1700}
    assert hint_deals_per_mode("solo=3", modes) == {"two-easy": 0, "solo": 3, "solo-easy": 0}


def test_the_hint_policy_plays_as_many_deals_in_each_mode_as_asked():
    rows = study(["solo", "two-hard"], 4, {"solo": 1, "two-hard": 2}, 2, prefix="t", jobs=1)
    assert [row.hint_deals for row in rows] == [1, 2]


@pytest.mark.parametrize("text", ["x", "solo=", "three=4", "-1", "solo=-2", ""])
def test_study_refuses_hint_deals_it_cannot_read_with_exit_2(referee, text):
    result = referee("smitten", "study", "--deals", "2", "--hint-deals", text, "--modes", "solo", "--jobs", "1")
    assert result.exit_code == 2
    assert "--hint-deals takes N or MODE=N entries" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("call", "fault", "params"),
    [
        (lambda: hint_deals_per_mode("three=4", ["solo"]), "HINT_DEALS", {"entry": "three=4", "named": True}),
        (lambda: hint_deals_per_mode("x", ["solo"]), "HINT_DEALS", {"entry": "x", "named": False}),
        (lambda: study(["solo"], 0, 0, 1, jobs=1), "TOO_FEW", {}),
    ],
)
def test_study_counts_it_cannot_use_are_values_naming_no_option(call, fault, params):
    from referee.smitten.study import StudyError, StudyFault

    with pytest.raises(StudyError) as refused:
        call()
    assert refused.value.refusal.rule is StudyFault[fault] and dict(refused.value.refusal.params) == params
    assert "--" not in str(refused.value)


def test_study_words_counts_it_cannot_use_with_its_options(referee):
    result = referee("smitten", "study", "--deals", "0", "--modes", "solo", "--jobs", "1")
    assert result.exit_code == 2
    assert result.stderr == "referee: --deals, --hint-samples and --jobs must be at least 1, and --hint-deals at least 0\n"
    named = referee("smitten", "study", "--deals", "1", "--hint-deals", "three=4", "--modes", "solo", "--jobs", "1")
    assert named.exit_code == 2 and named.stderr.rstrip().endswith("; the modes are " + ", ".join(MODES))
