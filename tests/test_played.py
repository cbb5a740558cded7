"""When and where a match was played: the save file's [played] table (issue 26, "When")."""

from __future__ import annotations

import shutil
import tomllib
from datetime import UTC, datetime, timedelta

import pytest

from referee.data import example
from referee.savefile.played import WhenPlayed

T0 = datetime(2026, 12, 4, 19, 2, 11, tzinfo=UTC)


@pytest.fixture
def clock(monkeypatch):
    """The save-file clock, moved on by hand: ``clock.now`` is what the engine writes."""

    class Clock:
        now = T0

    monkeypatch.setattr("referee.moments.now", lambda: Clock.now)
    return Clock


def played(path):
    return tomllib.loads(path.read_text("utf-8")).get("played")


def test_a_new_file_records_when_it_started_in_utc_and_where(tmp_path, referee, clock):
    path = tmp_path / "m.toml"
    result = referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--location", "Café De Zwaan")
    assert result.exit_code == 0, result.stderr
    assert played(path) == {"started": "2026-12-04T19:02:11Z", "location": "Café De Zwaan"}


def test_every_game_records_when_it_started(tmp_path, referee, clock):
    assert referee("spell", "new", str(tmp_path / "s.toml"), "Anna", "Bram").exit_code == 0
    assert referee("smitten", "new", str(tmp_path / "t.toml"), "--seed", "x").exit_code == 0
    assert played(tmp_path / "s.toml") == played(tmp_path / "t.toml") == {"started": "2026-12-04T19:02:11Z"}


def test_the_entry_that_reaches_the_outcome_writes_when_it_ended(tmp_path, referee, clock):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--target", "10")
    clock.now = T0 + timedelta(minutes=20)
    assert referee("smoor", "round", str(path), "Anna=3", "Bram=5", "Cees=5", "--ace", "Bram").exit_code == 0
    assert "ended" not in played(path)
    clock.now = T0 + timedelta(minutes=45)
    assert referee("smoor", "round", str(path), "Anna=13").exit_code == 0
    assert played(path) == {"started": "2026-12-04T19:02:11Z", "ended": "2026-12-04T19:47:11Z"}


def test_undoing_the_entry_that_ended_the_game_takes_ended_away(tmp_path, referee, clock):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--target", "10")
    before = path.read_bytes()
    clock.now = T0 + timedelta(minutes=30)
    referee("smoor", "round", str(path), "Anna=13")
    assert "ended" in played(path)
    assert referee("smoor", "undo", str(path)).exit_code == 0
    assert played(path) == {"started": "2026-12-04T19:02:11Z"}
    from conftest import without_redo

    assert without_redo(path.read_bytes()) == before


def test_older_files_without_played_still_load_and_stay_as_they_are(tmp_path, referee, clock):
    path = tmp_path / "old.toml"
    shutil.copyfile(example("smoorverliefd-match.toml"), path)
    assert "played" not in tomllib.loads(path.read_text("utf-8"))
    assert referee("smoor", "standings", str(path)).exit_code == 0


@pytest.mark.parametrize("table", ['played = "yesterday"', '[played]\nstarted = "soon"', "[played]\nlocation = 3"])
def test_a_bad_played_table_is_a_damaged_file_exit_2(tmp_path, referee, table):
    path = tmp_path / "m.toml"
    text = example("smoorverliefd-match.toml").read_text("utf-8")
    path.write_text(text.replace("[setup]", table + "\n\n[setup]", 1) if not table.startswith("[") else text.replace("[[events]]", table + "\n\n[[events]]", 1))
    before = path.read_bytes()
    result = referee("smoor", "standings", str(path))
    assert result.exit_code == 2
    assert "played" in result.stderr and "Traceback" not in result.stderr
    assert path.read_bytes() == before


def test_a_time_typed_without_an_offset_is_utc_and_text_round_trips():
    table = {"started": "2026-12-04T19:02:11", "ended": datetime(2026, 12, 4, 21, 0)}
    read = WhenPlayed.from_toml(table)
    assert read.started == T0 and read.ended == datetime(2026, 12, 4, 21, 0, tzinfo=UTC)
    assert WhenPlayed.from_toml(read.to_toml()) == read
