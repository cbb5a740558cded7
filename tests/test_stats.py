"""`referee stats`: a season over many save files (issue 26)."""

from __future__ import annotations

import json
import subprocess
import sys
import shutil
from pathlib import Path

import pytest

from referee.stats.names import Names, parse_alias
from referee.stats.records import places

REPO = Path(__file__).resolve().parent.parent
SEASON = REPO / "examples" / "season"
EXAMPLES = REPO / "examples"


@pytest.fixture
def shelf(tmp_path):
    """A copy of the example season, to add files to."""
    folder = tmp_path / "shelf"
    shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
    return folder


def test_stats_reads_every_match_of_a_folder_recursively(tmp_path, referee, shelf):
    nested = shelf / "2025" / "autumn"
    nested.mkdir(parents=True)
    shutil.copy(EXAMPLES / "smoorverliefd-match.toml", nested / "old.toml")
    document = referee("stats", str(shelf), "--json").json()
    assert document["files"]["matches"] == len(list(SEASON.glob("2026-*.toml"))) + 1
    assert set(document["games"]) == {"smoorverliefd", "spellcrafter", "smitten"}


def test_files_that_are_not_referee_files_are_skipped_quietly_and_damaged_ones_named(referee, shelf):
    (shelf / "notes.toml").write_text('title = "not a game"\n')
    (shelf / "deck.toml").write_bytes((EXAMPLES / "spellcrafter-deck.toml").read_bytes())
    broken = shelf / "broken.toml"
    broken.write_text((EXAMPLES / "smoorverliefd-match.toml").read_text().replace("events = ", "events = 9"))
    result = referee("stats", str(shelf), "--json")
    assert result.exit_code == 0
    damaged = result.json()["files"]["damaged"]
    assert [d["file"] for d in damaged] == [str(broken)]
    assert "[end]" in damaged[0]["problem"]
    text = referee("stats", str(shelf))
    assert "skipped " + str(broken) in text.stdout and "notes.toml" not in text.stdout


def test_older_files_are_dated_by_their_modification_time_and_it_says_so(referee, tmp_path):
    shutil.copy(EXAMPLES / "smoorverliefd-match.toml", tmp_path / "old.toml")
    document = referee("stats", str(tmp_path), "--json").json()
    assert document["files"]["dated_by_file"] == [str(tmp_path / "old.toml")]
    assert "1 file was written before referee recorded dates: dated by its modification time" in referee("stats", str(tmp_path)).stdout


def test_the_default_is_the_current_folder(referee, shelf, monkeypatch):
    monkeypatch.chdir(shelf)
    assert referee("stats", "--json").json()["files"]["matches"] == 24


def test_per_player_wins_scores_and_streaks_add_up(referee, shelf):
    game = referee("stats", str(shelf), "--json", "--game", "smoor").json()["games"]["smoorverliefd"]
    assert sum(player["wins"] for player in game["players"]) >= game["matches"]  # a shared win counts for each
    for player in game["players"]:
        assert 0 <= player["longest_streak"] <= player["wins"] <= player["played"]
        assert player["win_rate"] == round(player["wins"] / player["played"], 3)
        assert player["best_score"] >= player["average_score"]


def test_head_to_head_is_counted_pair_by_pair_both_ways(referee, shelf):
    game = referee("stats", str(shelf), "--json").json()["games"]["spellcrafter"]
    pairs = {(row["player"], row["opponent"]): row for row in game["head_to_head"]}
    for (me, them), row in pairs.items():
        mirror = pairs[them, me]
        assert (row["wins"], row["losses"], row["draws"]) == (mirror["losses"], mirror["wins"], mirror["draws"])
        assert row["played"] == row["wins"] + row["losses"] + row["draws"]


def test_an_alias_file_in_the_folder_merges_a_player_typed_two_ways(referee, shelf):
    names = {p["name"] for p in referee("stats", str(shelf), "--json").json()["games"]["smoorverliefd"]["players"]}
    assert "Bram" in names and "Bram V." not in names
    (shelf / "aliases.toml").unlink()
    names = {p["name"] for p in referee("stats", str(shelf), "--json").json()["games"]["smoorverliefd"]["players"]}
    assert "Bram V." in names
    merged = referee("stats", str(shelf), "--json", "--alias", "bram v.=Bram").json()["games"]["smoorverliefd"]["players"]
    assert "Bram V." not in {p["name"] for p in merged}


def test_names_are_matched_ignoring_case_and_accents():
    names = Names({}, ["Élodie", "elodie", "ELODIE", "Élodie"])
    assert names.person("elodie") == names.person("Élodie") == names.person("ÉLODIE")
    assert names.shown(names.person("elodie")) == "Élodie"  # the spelling used most


def test_an_alias_that_is_not_old_equals_new_is_exit_2(referee, shelf):
    result = referee("stats", str(shelf), "--alias", "Bram")
    assert result.exit_code == 2 and "OLD=NEW" in result.stderr
    with pytest.raises(ValueError):
        parse_alias("=Bram")


def test_player_filter_keeps_their_matches_and_rows_and_an_unknown_player_is_exit_2(referee, shelf):
    game = referee("stats", str(shelf), "--json", "--player", "elodie").json()["games"]["smoorverliefd"]
    assert [p["name"] for p in game["players"]] == ["Élodie"]
    assert {row["player"] for row in game["head_to_head"]} == {"Élodie"}
    result = referee("stats", str(shelf), "--player", "Zed")
    assert result.exit_code == 2 and "Anna" in result.stderr


def test_since_keeps_the_matches_played_from_that_day_and_a_bad_date_is_exit_2(referee, shelf):
    later = referee("stats", str(shelf), "--json", "--since", "2026-10-01").json()
    assert 0 < later["files"]["matches"] < 24
    result = referee("stats", str(shelf), "--since", "last week")
    assert result.exit_code == 2 and "YYYY-MM-DD" in result.stderr


def test_spellcrafter_gives_the_best_words_with_their_breakdowns_and_challenges(referee, shelf):
    game = referee("stats", str(shelf), "--json").json()["games"]["spellcrafter"]
    scores = [word["score"] for word in game["best_words"]]
    assert scores == sorted(scores, reverse=True) and len(scores) == 10
    assert all(word["breakdown"]["score"] == word["score"] for word in game["best_words"])
    for row in game["words"]:
        assert 0 <= row["challenges_won"] <= row["challenges_made"]


def test_smoorverliefd_gives_hearts_per_round_rounds_with_all_13_and_revokes(referee, shelf):
    game = referee("stats", str(shelf), "--json").json()["games"]["smoorverliefd"]
    assert sum(row["rounds_with_all_13"] for row in game["hearts"]) >= 1
    assert all(0 <= row["hearts_per_round"] <= 13 and row["revokes"] == 0 for row in game["hearts"])


def test_smitten_is_cooperative_wins_by_mode_and_pair_and_the_furthest_lost_game(referee, shelf):
    game = referee("stats", str(shelf), "--json").json()["games"]["smitten"]
    assert "players" not in game  # not rated, no winners among partners
    assert game["won"] + game["lost"] == game["matches"]
    assert sum(mode["played"] for mode in game["by_mode"]) == game["matches"]
    assert all(len(pair["players"]) == 2 for pair in game["by_pair"])
    assert game["furthest_lost"]["cards"] == 11


def test_ratings_are_conservative_mu_minus_three_sigma_with_the_last_change(referee, shelf):
    game = referee("stats", str(shelf), "--json").json()["games"]["smoorverliefd"]
    for player in game["players"]:
        rating = player["rating"]
        assert rating["rating"] == pytest.approx(rating["mu"] - 3 * rating["sigma"], abs=0.02)
        history = rating["history"]
        assert len(history) == player["played"]
        before = history[-2]["rating"] if len(history) > 1 else 0.0
        assert rating["change"] == pytest.approx(history[-1]["rating"] - before, abs=0.02)
    ratings = [p["rating"]["rating"] for p in game["players"]]
    assert ratings == sorted(ratings, reverse=True)


def test_tied_places_share_a_place():
    assert places((0,), (50, 30, 30, 10), 4) == (1, 2, 2, 4)
    assert places((0, 2), (50, 30, 50), 3) == (1, 2, 1)
    assert places((), None, 2) == (1, 1)


def test_a_tie_is_rated_as_a_tie():
    from referee.stats.ratings import rate
    from referee.stats.records import Record
    from datetime import UTC, datetime

    tie = Record("spellcrafter", "Spellcrafter", Path("t.toml"), datetime(2026, 1, 1, tzinfo=UTC), False, None, None, None,
                 True, False, ("Anna", "Bram"), (0, 1), (40, 40), (1, 1), 0, {})  # fmt: skip
    rated = rate([tie], str)
    assert rated["Anna"].rating == rated["Bram"].rating


def test_stats_text_shows_tables_and_charts(referee, shelf):
    text = referee("stats", str(shelf)).stdout
    for words in ("Smoorverliefd", "Head to head", "Ratings over time", "Win rate", "Best words", "the furthest a lost game got"):
        assert words in text


def test_a_file_changed_since_the_last_reading_is_read_again(referee, tmp_path):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--target", "10")
    assert referee("stats", str(tmp_path), "--json").json()["games"]["smoorverliefd"]["unfinished"] == 1
    referee("smoor", "round", str(path), "Anna=13")
    game = referee("stats", str(tmp_path), "--json").json()["games"]["smoorverliefd"]
    assert game["matches"] == 1 and game["players"][0]["name"] == "Anna"


def test_a_path_that_does_not_exist_is_exit_2(referee, tmp_path):
    result = referee("stats", str(tmp_path / "nowhere"))
    assert result.exit_code == 2 and "nowhere" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_big_first_reading_shared_among_processes_gives_what_one_process_gives(shelf, monkeypatch):
    """The replaying of a first reading goes to worker processes on a big shelf; each file
    is replayed alone, so the season is the same, byte for byte, in the same order (a
    damaged file and a file that is not a referee file included)."""
    from referee.stats import shelf as shelves
    from referee.stats.season import gather

    (shelf / "notes.toml").write_text('title = "not a game"\n')
    (shelf / "broken.toml").write_text((EXAMPLES / "smoorverliefd-match.toml").read_text().replace("events = ", "events = 9"))
    todo = [(path, path.stat().st_mtime) for path in shelves.files([shelf])]
    # In a process of its own: the workers are forked only where no other thread runs, and a
    # test session may have threads of earlier tests (a server's) still ending.
    probe = (
        "import sys; from pathlib import Path; from referee.stats import shelf as s\n"
        "todo = [(p, p.stat().st_mtime) for p in s.files([Path(sys.argv[1])])]\n"
        "shared = s._in_processes(todo, 2)\n"
        "assert shared is not None, 'not shared among processes'\n"
        "assert shared == [s._replayed(p, m) for p, m in todo]\n"
        "print(len(shared))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(shelf)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == len(todo)
    monkeypatch.setattr(shelves, "PARALLEL_FROM", 1)
    monkeypatch.setattr(shelves, "idle_cores", lambda: 2)
    first = json.dumps(gather([shelf], None, None, []).to_json(), ensure_ascii=False)
    monkeypatch.setattr(shelves, "PARALLEL_FROM", 10**9)
    monkeypatch.setattr(shelves, "_cached", dict)  # replayed again, here
    assert json.dumps(gather([shelf], None, None, []).to_json(), ensure_ascii=False) == first
