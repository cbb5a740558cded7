"""Players are found from what people type: case and accents do not matter, and any
unambiguous start of a name will do."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.players import seat_of

PLAYERS = ["Élodie", "Bram", "Zoë", "Søren"]


@pytest.mark.parametrize("typed, seat", [("elodie", 0), ("ELODIE", 0), ("Élodie", 0), ("el", 0), ("zoe", 2), ("Zoe", 2), ("b", 1)])
def test_a_player_is_found_ignoring_case_and_accents(typed, seat):
    assert seat_of(typed, PLAYERS) == seat


def test_an_exact_spelling_wins_over_a_match_without_accents():
    assert seat_of("Elodie", ["Élodie", "Elodie"]) == 1
    assert seat_of("élodie", ["Élodie", "Elodie"]) == 0


def test_names_that_match_only_ambiguously_ask_for_more():
    with pytest.raises(InputError, match="could be Élodie or Elodié"):
        seat_of("elodie", ["Élodie", "Elodié"])


def test_accents_are_ignored_in_a_real_entry(referee, tmp_path):
    path = str(tmp_path / "m.toml")
    assert referee("smoor", "new", path, "Élodie", "Bram", "Cees").exit_code == 0
    result = referee("smoor", "round", path, "elodie=4", "bram=8", "--ace", "ELODIE", "--dead", "7H")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Round 1: Élodie 8")
