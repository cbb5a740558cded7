"""The last English and half-Dutch corners of a Dutch table (issue 22 point 6): numbers
with a decimal comma, the stand-in deck's name, and `undo` worded "ongedaan maken"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from referee import i18n


@pytest.fixture
def dutch():
    i18n.set_language("nl")
    yield
    i18n.set_language(None)


def test_numbers_for_people_use_a_decimal_comma_in_dutch(dutch: None) -> None:
    assert i18n.number(1234.56, 1, grouped=True) == "1.234,6" and i18n.number(0.5, 2) == "0,50"
    assert i18n.number(118058, grouped=True) == "118.058" and i18n.percent(0.125) == "12,5 %"


def test_numbers_for_people_use_a_decimal_point_in_english() -> None:
    i18n.set_language("en")
    assert i18n.number(1234.56, 1, grouped=True) == "1,234.6" and i18n.percent(0.9) == "90.0 %"
    assert i18n.number(3.0) == "3"


DUTCH_DECIMAL = re.compile(r"\d,\d %")
ENGLISH_DECIMAL = re.compile(r"\d\.\d")


@pytest.mark.slow
def test_a_dutch_hint_writes_its_percentages_and_seconds_with_a_comma_and_its_json_is_the_same(referee: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "g.toml")
    assert referee("smitten", "new", path, "--seed", "s").exit_code == 0
    shown = referee("--lang", "nl", "smitten", "hint", path, "--by", "1", "--samples", "6")
    assert shown.exit_code == 0, shown.stderr
    assert DUTCH_DECIMAL.search(shown.stdout) and not ENGLISH_DECIMAL.search(shown.stdout), shown.stdout
    assert re.search(r", \d+,\d\d s:", shown.stdout.splitlines()[0])
    english, dutch_json = (referee("--lang", language, "smitten", "hint", path, "--by", "1", "--samples", "6", "--json").json()
                           for language in ("en", "nl"))  # fmt: skip
    del english["seconds"], dutch_json["seconds"]
    assert english == dutch_json


def test_a_dutch_solve_and_study_write_decimals_with_a_comma(referee: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "g.toml")
    assert referee("smitten", "new", path, "--seed", "s").exit_code == 0
    solved = referee("--lang", "nl", "smitten", "solve", path).stdout.splitlines()[0]
    assert re.search(r"in \d+,\d ms, .* \d+,\d%", solved) and not ENGLISH_DECIMAL.search(solved), solved
    study = referee("--lang", "nl", "smitten", "study", "--deals", "2", "--hint-deals", "0", "--modes", "solo", "--jobs", "1")
    row = study.stdout.splitlines()[-1]
    assert re.search(r"\d+,\d+ % \(\d+,\d+–\d+,\d+\)", row) and not ENGLISH_DECIMAL.search(row), row


def test_dict_info_groups_thousands_and_writes_decimals_the_dutch_way(referee: Any) -> None:
    shown = " ".join(referee("--lang", "nl", "dict", "info", "builtin:en").stdout.split())
    assert re.search(r"Woorden \d{1,3}(\.\d{3})+ ", shown) and re.search(r"Grootte \d+,\d MB", shown), shown
    english = " ".join(referee("dict", "info", "builtin:en").stdout.split())
    assert re.search(r"Words \d{1,3}(,\d{3})+ ", english) and re.search(r"Size \d+\.\d MB", english)
    assert referee("--lang", "nl", "dict", "info", "builtin:en", "--json").json() == referee("dict", "info", "builtin:en", "--json").json()


@pytest.mark.slow
def test_the_standin_deck_is_named_in_the_chosen_language_and_kept_as_is_in_files_and_json(referee: Any, tmp_path: Path) -> None:
    from referee.spellcrafter.deck import STANDIN_NAME, standin_deck

    assert standin_deck().name == STANDIN_NAME
    assert referee("--lang", "nl", "spell", "deck").stdout.splitlines()[0] == "vervangend kaartspel van referee (niet de echte kaartwaarden)"
    dealt = referee("--lang", "nl", "deal", "spellcrafter", "--seed", "s").stdout
    assert "Kaartspel: vervangend kaartspel van referee" in dealt and "stand-in" not in dealt
    assert referee("--lang", "nl", "deal", "spellcrafter", "--seed", "s", "--json").json()["deck"] == STANDIN_NAME
    game = tmp_path / "g.toml"
    assert referee("--lang", "nl", "spell", "new", str(game), "Anna", "Bram", "--seed", "kale").exit_code == 0
    assert STANDIN_NAME in game.read_text(encoding="utf-8")
    assert "kaartspel: vervangend kaartspel van referee" in referee("--lang", "nl", "spell", "show", str(game)).stdout


def test_undo_is_worded_ongedaan_maken_in_dutch_everywhere() -> None:
    catalogue = i18n.catalogue()
    undoing = re.compile(r"Undone|\bundo`? (them|it|its|takes|took|to go back|back)|\bto undo\b|what undo took|^Take back the last entry")
    worded = {key: value for key, value in catalogue.items() if undoing.search(key)}
    assert len(worded) >= 10
    assert {key: value for key, value in worded.items() if "ongedaan" not in value.lower()} == {}
    # `herstel` only where the group's Dutch command words are listed (a command name, not a wording of undo)
    assert [key for key, value in catalogue.items() if "herstel" in value and "command words" not in key] == []


def test_a_dutch_undo_and_redo_say_ongedaan_maken(referee: Any, tmp_path: Path) -> None:
    path = str(tmp_path / "g.toml")
    assert referee("smitten", "new", path, "--seed", "s").exit_code == 0
    assert referee("--lang", "nl", "smitten", "undo", path).stderr == f"referee: {path} heeft geen invoer om ongedaan te maken\n"
    assert referee("smitten", "play", path, "7L", "--by", "1").exit_code == 0
    assert referee("--lang", "nl", "smitten", "undo", path).stdout.startswith("Ongedaan gemaakt: invoer 1")
    assert referee("--lang", "nl", "smitten", "redo", path).exit_code == 0
    refused = referee("--lang", "nl", "smitten", "redo", path).stderr
    assert refused == f"referee: {path}: niets om opnieuw te doen; `redo` zet terug wat `undo` ongedaan maakte, tot er iets nieuws wordt ingevoerd\n"
