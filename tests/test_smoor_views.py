"""`referee smoor` at the table: the round in progress in `standings`, `history` by round,
what the entry already tells (A♥), exit codes and wording (issues 9 and 11)."""

from __future__ import annotations

import pytest

from referee.data import example

EXAMPLE = example("smoorverliefd-match.toml")


@pytest.fixture
def match_file(tmp_path, referee):
    path = tmp_path / "match.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--target", "50").exit_code == 0
    return path


def unchanged(path, run):
    """Run a refused entry; return its result after checking the file did not change."""
    before = path.read_bytes()
    result = run()
    assert path.read_bytes() == before
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    return result


# --- the round in progress -------------------------------------------------------------


def test_standings_in_the_first_round_shows_the_tricks_and_hearts_so_far(referee, match_file):
    referee("smoor", "trick", str(match_file), "2H", "KH", "AS", "4D")  # Cees wins 2H KH
    referee("smoor", "trick", str(match_file), "AH", "3S", "4S", "5S")  # Cees leads A♥ and wins it
    shown = referee("smoor", "standings", str(match_file)).stdout
    assert "No rounds played yet" not in shown and "No round finished yet." in shown
    assert "Round 1 so far (2 tricks): Anna 0♥ · Bram 0♥ · Cees 3♥ (A♥ K♥ 2♥) · Daan 0♥" in shown
    assert shown.rstrip().endswith("Round 1 — Anna deals; trick 3: Cees leads")


def test_standings_json_adds_the_round_in_progress_and_keeps_the_spec_keys(referee, match_file):
    referee("smoor", "round", str(match_file), "c=13")
    referee("smoor", "trick", str(match_file), "2H", "KH", "AS", "4D")  # Cees leads round 2; Daan wins
    document = referee("smoor", "standings", str(match_file), "--json").json()
    assert {"players", "rounds", "target", "winner"} <= set(document)
    assert document["players"][2] == {"name": "Cees", "total": 34} and len(document["rounds"]) == 1
    current = document["current_round"]
    assert current["number"] == 2 and current["tricks_played"] == 1 and current["leader"] == "Daan"
    assert current["hearts"] == {"Anna": 0, "Bram": 0, "Cees": 0, "Daan": 2}
    assert current["heart_cards"]["Daan"] == ["KH", "2H"]
    assert current["tricks"] == [{"number": 1, "leader": "Cees", "cards": ["2H", "KH", "AS", "4D"], "winner": "Daan"}]


def test_a_finished_match_has_no_round_in_progress(referee):
    assert referee("smoor", "standings", str(EXAMPLE), "--json").json()["current_round"] is None


def test_history_groups_the_tricks_by_round(referee, match_file):
    referee("smoor", "round", str(match_file), "c=13")
    referee("smoor", "trick", str(match_file), "2H", "KH", "AS", "4D")
    referee("smoor", "trick", str(match_file), "3S", "4S", "5S", "6S")
    events = referee("smoor", "history", str(match_file), "--json").json()["events"]
    assert [(e["round"], e["section"]) for e in events] == [(1, "Round 1 — Anna deals")] + [(2, "Round 2 — Bram deals")] * 2
    assert events[1]["summary"] == "trick 1: 2H KH AS 4D — Daan wins"
    shown = [line.strip() for line in referee("smoor", "history", str(match_file)).stdout.splitlines()]
    first, second = shown.index("Round 1 — Anna deals"), shown.index("Round 2 — Bram deals")
    assert first < shown.index("1   round: Cees 13") < second < shown.index("2   trick 1: 2H KH AS 4D — Daan wins")


# --- A♥ when the entry tells ---------------------------------------------------------------


def test_the_ace_is_not_asked_for_when_one_player_took_every_heart(referee, match_file):
    result = referee("smoor", "round", str(match_file), "c=13")
    assert result.exit_code == 0 and "Cees 34 (13♥ incl. A♥, all hearts ×2)" in result.stdout


def test_the_ace_is_not_asked_for_when_listed_hearts_leave_it_to_one_player(referee, match_file):
    result = referee("smoor", "round", str(match_file), "a=2H,3H", "b=11")
    assert result.exit_code == 0 and "Bram 15 (11♥ incl. A♥)" in result.stdout


def test_ace_named_twice_is_refused_with_exit_2(referee, match_file):
    result = unchanged(match_file, lambda: referee("smoor", "round", str(match_file), "a=3", "b=10", "--ace", "a", "--ace", "b"))
    assert result.exit_code == 2 and "--ace is given 2 times; one player took A♥" in result.stderr


@pytest.mark.parametrize("command", [("round",), ("edit", "1")])
def test_dead_named_twice_is_refused_with_exit_2_not_cut_to_the_last(referee, tmp_path, command):
    path = tmp_path / "five.toml"
    assert referee("smoor", "new", str(path), "A", "B", "C", "D", "E").exit_code == 0
    assert referee("smoor", "round", str(path), "a=13", "--dead", "7C,8C").exit_code == 0
    result = unchanged(path, lambda: referee("smoor", *command[:1], str(path), *command[1:], "a=13", "--dead", "7C", "--dead", "8C"))
    assert result.exit_code == 2
    assert result.stderr == "referee: --dead is given 2 times; name the cards once, e.g. --dead 7C,8C\n"


# --- exit codes and wording (issue 9) ---------------------------------------------------------


def test_a_card_already_played_this_round_is_exit_1_and_an_unknown_card_exit_2(referee, match_file):
    referee("smoor", "trick", str(match_file), "2S", "3S", "AS", "4S")
    again = unchanged(match_file, lambda: referee("smoor", "trick", str(match_file), "3S", "5S", "6S", "7S"))
    assert again.exit_code == 1 and "3S was already played in trick 1 of round 1" in again.stderr
    unknown = unchanged(match_file, lambda: referee("smoor", "trick", str(match_file), "3X", "5S", "6S", "7S"))
    assert unknown.exit_code == 2


def test_bids_already_entered_this_round_are_exit_1(referee, tmp_path):
    path = tmp_path / "b.toml"
    referee("smoor", "new", str(path), "A", "B", "C", "--variant", "blinde-liefde")
    referee("smoor", "bid", str(path), "a=1", "b=2", "c=3")
    result = unchanged(path, lambda: referee("smoor", "bid", str(path), "a=3", "b=2", "c=1"))
    assert result.exit_code == 1 and "are in already" in result.stderr


def test_a_quick_entry_for_a_round_being_entered_trick_by_trick_is_exit_1(referee, match_file):
    referee("smoor", "trick", str(match_file), "2S", "3S", "AS", "4S")
    result = unchanged(match_file, lambda: referee("smoor", "round", str(match_file), "a=13"))
    assert result.exit_code == 1 and "(1 trick so far)" in result.stderr


def test_a_word_for_a_heart_count_says_it_is_neither_a_number_nor_cards(referee, match_file):
    result = unchanged(match_file, lambda: referee("smoor", "round", str(match_file), "a=three"))
    assert result.exit_code == 2
    assert "'three' is not a number of hearts nor a list of cards" in result.stderr and "rank" not in result.stderr


def test_the_chart_after_one_round_says_one_round(referee, match_file):
    referee("smoor", "round", str(match_file), "c=13")
    assert "Cumulative totals after 1 round, target 50" in referee("smoor", "chart", str(match_file)).stdout


def test_a_winning_duo_win_and_nobody_is_zero_to_go_past_the_target(referee, tmp_path):
    path = tmp_path / "p.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--variant", "partners", "--target", "10")
    result = referee("smoor", "round", str(path), "a=13")
    assert "Match over — Anna & Cees win with 34 points" in result.stdout


def test_players_tied_past_the_target_are_not_told_zero_to_go(referee, tmp_path):
    path = tmp_path / "t.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--target", "10")
    referee("smoor", "round", str(path), "a=AH,2H,3H,4H", "b=9")  # 8 and 9
    result = referee("smoor", "round", str(path), "a=4", "b=3", "c=6", "--ace", "c")  # 12, 12, 10
    assert "Totals: Anna 12 · Bram 12 · Cees 10\n" in result.stdout
    assert "tied on top at the target: one more round" in result.stdout


def test_an_old_match_file_without_a_revoke_penalty_loads_with_none(referee):
    assert referee("smoor", "standings", str(EXAMPLE), "--json").json()["revoke_penalty"] == 0
