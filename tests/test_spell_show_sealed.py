"""The host's terminal is a public screen like the TV (SPEC §6.6): `spell show FILE` and
the status line print no word still face down, nor its score, nor count it in the totals,
until every seat has entered a word or passed, or the crafting clock has run out; `show
--by NAME` shows that seat its own word. The JSON keeps its keys: an entry face down is
``"sealed": true`` with nothing of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee import savefile
from referee.spellcrafter.ruleset import RULES
from test_web_spell_draft import draft_through, drafted
from test_web_spell_hidden import CRAFTING, TIME_UP, entered, word_of

KITTY = ["K6m", "I1m", "T1m", "DDm:T", "*Y4f"]  # 26 points
SEALED = {"player": "Anna", "entered": True, "passed": None, "sealed": True, "penalty": 0, "points": None}


@pytest.fixture
def kitty(tmp_path: Path, referee: Any) -> Path:
    """Physical cards, no clock: Anna has entered KITTY, Bram and Cees are crafting."""
    path = tmp_path / "game.toml"
    assert referee("spell", "new", str(path), "Anna", "Bram", "Cees").exit_code == 0
    assert referee("spell", "word", str(path), "Anna", *KITTY).exit_code == 0
    return path


def test_show_prints_a_word_face_down_without_its_word_or_score(referee: Any, kitty: Path) -> None:
    result = referee("spell", "show", str(kitty))
    assert result.exit_code == 0, result.stderr
    assert "KITTY" not in result.stdout and "26" not in result.stdout
    assert "entered, face down" in result.stdout
    assert "waiting for Bram, Cees" in result.stdout


def test_show_by_the_seat_that_entered_it_shows_its_own_word(referee: Any, kitty: Path) -> None:
    own = referee("spell", "show", str(kitty), "--by", "Anna")
    assert "KITTY 26" in own.stdout
    other = referee("spell", "show", str(kitty), "--by", "Bram")
    assert "KITTY" not in other.stdout and "26" not in other.stdout and "entered, face down" in other.stdout


def test_show_json_marks_a_word_face_down_as_sealed_and_keeps_its_keys(referee: Any, kitty: Path) -> None:
    result = referee("spell", "show", str(kitty), "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert "KITTY" not in result.stdout and "K6m" not in result.stdout
    assert document["rounds"][0]["entries"][0] == SEALED
    assert document["rounds"][0]["entries"][1] == {"player": "Bram", "entered": False, "passed": False, "sealed": False, "penalty": 0, "points": 0}
    assert [player["total"] for player in document["players"]] == [0, 0, 0]
    own = json.loads(referee("spell", "show", str(kitty), "--by", "Anna", "--json").stdout)
    assert own["rounds"][0]["entries"][0]["word"] == "KITTY" and own["rounds"][0]["entries"][0]["sealed"] is False
    assert own["players"][0]["total"] == 26


def test_once_every_seat_has_entered_a_word_or_passed_show_prints_every_word(referee: Any, kitty: Path) -> None:
    assert referee("spell", "pass", str(kitty), "Bram").exit_code == 0
    assert "KITTY" not in referee("spell", "show", str(kitty)).stdout
    assert referee("spell", "pass", str(kitty), "Cees").exit_code == 0
    result = referee("spell", "show", str(kitty))
    assert "KITTY 26" in result.stdout and "face down" not in result.stdout
    assert json.loads(referee("spell", "show", str(kitty), "--json").stdout)["rounds"][0]["entries"][0]["sealed"] is False


def test_the_status_line_counts_no_word_face_down(kitty: Path) -> None:
    from referee.cli.spell_table import status_at

    game = savefile.load(kitty, RULES).state
    lines = [line.plain for line in status_at(game, CRAFTING)]
    assert lines[1] == "Totals: Anna 0 · Bram 0 · Cees 0"
    assert not any("KITTY" in line or "26" in line for line in lines)


def test_a_word_entry_echoes_the_totals_its_seat_sees(referee: Any, kitty: Path) -> None:
    """Bram's word, typed by Bram: his own score counted, Anna's word still face down."""
    result = referee("spell", "word", str(kitty), "Bram", "K6m", "I1m", "T1m")
    assert result.exit_code == 0, result.stderr
    assert "Totals: Bram 16 · Anna 0 · Cees 0" in result.stdout.splitlines()
    answer = json.loads(referee("spell", "pass", str(kitty), "Cees", "--json").stdout)  # the last entry: all shown
    assert [entry["sealed"] for entry in answer["rounds"][0]["entries"]] == [False, False, False]


def test_the_json_of_a_word_entry_seals_the_other_seats_words(referee: Any, kitty: Path) -> None:
    answer = json.loads(referee("spell", "word", str(kitty), "Bram", "K6m", "I1m", "T1m", "--json").stdout)
    entries = answer["rounds"][0]["entries"]
    assert entries[0] == SEALED and entries[1]["word"] == "KIT" and "KITTY" not in json.dumps(answer)


def test_show_prints_the_words_entered_once_the_crafting_clock_has_run_out(referee: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    entered(path, 0)
    word = word_of(path, 0)
    monkeypatch.setattr("referee.moments.now", lambda: CRAFTING)
    assert word not in referee("spell", "show", str(path)).stdout
    monkeypatch.setattr("referee.moments.now", lambda: TIME_UP)
    result = referee("spell", "show", str(path))
    assert word in result.stdout and "time is up" in result.stdout
    assert json.loads(referee("spell", "show", str(path), "--json").stdout)["rounds"][0]["entries"][0]["word"] == word


def test_a_challenged_word_is_shown_to_all(referee: Any, kitty: Path) -> None:
    """The command line may record a challenge before every word is in: the challenge
    names the word, and the dictionary's verdict shows it."""
    assert referee("spell", "challenge", str(kitty), "Bram", "Anna").exit_code == 0
    result = referee("spell", "show", str(kitty))
    assert "KITTY 26" in result.stdout


def test_show_in_dutch_says_a_word_lies_face_down(referee: Any, kitty: Path) -> None:
    result = referee("spell", "show", str(kitty), "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    assert "ingeleverd, dicht" in result.stdout and "KITTY" not in result.stdout
