"""`referee stats` and `referee export`: every number agrees with every other (issue 34
point 5): a file given twice is read once, a fallen word counts as what it scored,
ratings are the whole history's, unfinished matches are counted apart, and one style of
plurals and numbers (the Dutch one in Dutch)."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parent.parent
SEASON = REPO / "examples" / "season"
EXAMPLES = REPO / "examples"


@pytest.fixture
def shelf(tmp_path):
    """A copy of the example season."""
    folder = tmp_path / "shelf"
    shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
    return folder


def counted(referee, *paths: str) -> tuple[int, int, dict[str, int]]:
    document = referee("stats", *paths, "--json").json()
    games = document["games"]
    return document["files"]["read"], document["files"]["matches"], {name: game["matches"] for name, game in games.items()}


def test_a_file_given_twice_by_any_path_is_read_once(referee, tmp_path, monkeypatch):
    shutil.copy(EXAMPLES / "smoorverliefd-match.toml", tmp_path / "m1.toml")
    monkeypatch.chdir(tmp_path)
    once = counted(referee, "m1.toml")
    assert once == (1, 1, {"smoorverliefd": 1})
    assert counted(referee, "m1.toml", "m1.toml", "./m1.toml", str(tmp_path / "m1.toml")) == once
    os.symlink(tmp_path / "m1.toml", tmp_path / "link.toml")
    os.link(tmp_path / "m1.toml", tmp_path / "hard.toml")
    assert counted(referee, "m1.toml", "link.toml", "hard.toml") == once
    assert counted(referee, ".") == once  # the folder holds the file and two links to it
    assert counted(referee, ".", ".", "m1.toml") == once


def test_a_folder_given_twice_or_inside_another_is_read_once(referee, shelf):
    whole = counted(referee, str(shelf))
    assert counted(referee, str(shelf), str(shelf)) == whole
    assert counted(referee, str(shelf), str(shelf / "."), str(shelf / "2026-09-04-smoor-0000.toml")) == whole
    (shelf / "copy").symlink_to(shelf, target_is_directory=True)
    assert counted(referee, str(shelf), str(shelf / "copy")) == whole


def test_export_reads_a_file_given_twice_once(referee, shelf, tmp_path):
    once = referee("export", str(shelf), "--bgsplay", str(tmp_path / "once.bgsplay"), "--json").json()
    twice = referee("export", str(shelf), str(shelf), str(shelf / "2026-09-04-smoor-0000.toml"), "--bgsplay", str(tmp_path / "twice.bgsplay"), "--json").json()
    assert once["plays"] == twice["plays"] > 0
    assert (tmp_path / "once.bgsplay").read_text().count('"playDate"') == (tmp_path / "twice.bgsplay").read_text().count('"playDate"')


def spell_words_by_player(folder: Path) -> dict[str, list[tuple[int, bool]]]:
    """Per player, each word they played in a finished Spellcrafter match: (what the rules
    count it for in the totals, whether it fell), read from the replayed save files."""
    from referee import savefile
    from referee.spellcrafter.rounds import Play
    from referee.spellcrafter.ruleset import RULES

    found: dict[str, list[tuple[int, bool]]] = {}
    for path in sorted(folder.glob("*spell*.toml")):
        game = savefile.load(path, RULES).state
        if RULES.outcome(game) is None:
            continue
        for played in game.rounds:
            for seat, entry in enumerate(played.entries):
                if isinstance(entry, Play):
                    found.setdefault(game.setup.players[seat], []).append((played.points(seat) + played.penalty(seat), entry.fallen))
    return found


def test_a_word_that_fell_to_a_challenge_counts_as_what_it_scored_everywhere(referee, shelf, tmp_path):
    (shelf / "aliases.toml").unlink()  # players as the files name them
    words = spell_words_by_player(shelf)
    assert any(fallen for played in words.values() for _points, fallen in played)  # the season has fallen words
    game = referee("stats", str(shelf), "--json", "--game", "spell").json()["games"]["spellcrafter"]
    for row in game["words"]:
        mine = words[row["name"]]
        assert row["words"] == len(mine)
        assert row["average_word_score"] == round(sum(points for points, _fallen in mine) / len(mine), 1)
    assert all(points == 0 for played in words.values() for points, fallen in played if fallen)
    fallen_words = {(word["word"], word["player"]) for word in game["best_words"]}
    assert all(word["score"] > 0 and word["score"] == word["breakdown"]["score"] for word in game["best_words"]), fallen_words


def ratings(document: dict[str, Any], game: str) -> dict[str, dict[str, Any]]:
    return {p["name"]: p["rating"] for p in document["games"][game]["players"]}


def test_ratings_are_computed_over_the_whole_history_and_player_and_since_filter_only_the_display(referee, shelf):
    whole = referee("stats", str(shelf), "--json").json()
    for game in ("smoorverliefd", "spellcrafter"):
        everyone = ratings(whole, game)
        for name, rating in everyone.items():
            mine = referee("stats", str(shelf), "--json", "--player", name).json()
            assert ratings(mine, game)[name] == rating
        later = referee("stats", str(shelf), "--json", "--since", "2026-10-15").json()
        for name, rating in ratings(later, game).items():
            full = everyone[name]
            assert {key: rating[key] for key in ("rating", "mu", "sigma", "change")} == {key: full[key] for key in ("rating", "mu", "sigma", "change")}
            assert rating["history"] == [point for point in full["history"] if point["date"] >= "2026-10-15"]
            assert rating["history"] and len(rating["history"]) < len(full["history"])
    assert referee("stats", str(shelf), "--json", "--game", "smoor").json()["games"]["smoorverliefd"] == whole["games"]["smoorverliefd"]


@pytest.fixture
def half_played(tmp_path, referee):
    """Three finished matches and three unfinished ones (one of each game)."""
    folder = tmp_path / "half"
    folder.mkdir()
    for name in ("smoorverliefd-match.toml", "spellcrafter-game.toml", "smitten-two-player-lost.toml"):
        shutil.copy(EXAMPLES / name, folder / name)
    for args in (("smoor", "new", str(folder / "s.toml"), "Anna", "Bram", "Cees"), ("spell", "new", str(folder / "w.toml"), "Anna", "Bram"),
                 ("smitten", "new", str(folder / "m.toml"), "--players", "Anna", "Bram")):  # fmt: skip
        result = referee(*args)
        assert result.exit_code == 0, result.stderr
    return folder


def test_unfinished_matches_are_counted_apart(referee, half_played):
    document = referee("stats", str(half_played), "--json").json()
    files = document["files"]
    assert (files["read"], files["matches"], files["finished"], files["unfinished"]) == (6, 6, 3, 3)
    games = document["games"].values()
    assert sum(game["matches"] for game in games) == 3 and sum(game["unfinished"] for game in games) == 3
    text = referee("stats", str(half_played)).stdout
    assert text.splitlines()[0] == "3 finished matches, 3 unfinished, in 6 files read"
    assert "Smoorverliefd: 1 finished match, 1 unfinished" in text
    mine = referee("stats", str(half_played), "--json", "--player", "Anna").json()
    shown = mine["files"]
    assert shown["finished"] == sum(game["matches"] for game in mine["games"].values())
    assert shown["unfinished"] == sum(game["unfinished"] for game in mine["games"].values())


ONE_PLURAL = re.compile(r"(?<![\d.,])1 (times|rounds|revokes|words|challenges|matches|files|finished matches)\b")


def test_counts_of_one_are_singular(referee, shelf, tmp_path):
    shutil.copy(EXAMPLES / "smoorverliefd-match.toml", tmp_path / "one.toml")
    for text in (referee("stats", str(shelf)).stdout, referee("stats", str(tmp_path / "one.toml")).stdout):
        assert not ONE_PLURAL.search(text), ONE_PLURAL.search(text)
    text = referee("stats", str(shelf)).stdout
    assert "all 13 hearts 1 time," in text
    assert re.search(r"\b1 file was written before referee recorded dates: dated by its modification time", referee("stats", str(tmp_path / "one.toml")).stdout)


def test_every_rating_has_one_decimal_and_every_minus_is_the_minus_sign(referee, shelf):
    document = referee("stats", str(shelf), "--json").json()
    text = referee("stats", str(shelf)).stdout
    assert not re.search(r"(?:^|[\s(])-\d", text), "a hyphen for a minus"
    for game in ("smoorverliefd", "spellcrafter"):
        for player in document["games"][game]["players"]:
            shown = f"{abs(player['rating']['rating']):.1f}"
            sign = "−" if player["rating"]["rating"] <= -0.05 else ""
            assert re.search(rf"^{re.escape(player['name'])} .* {sign}{re.escape(shown)} ", text, re.M), (player["name"], shown)
            average = f"{player['average_score']:.1f}"
            assert re.search(rf"^{re.escape(player['name'])} .* {re.escape(average)} ", text, re.M)
    for line in text.splitlines():
        if line.startswith("Ratings over time"):
            assert re.fullmatch(r"Ratings over time \(−?\d+\.\d to −?\d+\.\d\)", line)


def test_a_dutch_season_writes_decimal_commas_and_the_same_minus(referee, shelf):
    text = referee("--lang", "nl", "stats", str(shelf)).stdout
    assert re.search(r"\d,\d", text) and not re.search(r"\d\.\d", text)
    assert "−" in text and not re.search(r"(?:^|[\s(])-\d", text)
    assert "24 uitgespeelde partijen in 25 gelezen bestanden" in text
    assert "keer uitgedaagd" not in text and "daagde " in text
