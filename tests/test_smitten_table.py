"""`referee smitten` as a table meets it over an evening (issue 11): what `check --after`
means, `moves --json` in the commands' own words, which card was played and which placed,
players' names, and the Easy Mode swap offered before a loss."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee import savefile
from referee.smitten.record import RULES


def new(referee, path: Path, *options: str) -> None:
    result = referee("smitten", "new", str(path), *options)
    assert result.exit_code == 0, result.stderr


# --- the card played last and the card placed last -------------------------------------


def test_show_marks_the_card_played_last_and_the_card_placed_after_it_and_says_which(referee, tmp_path):
    game = tmp_path / "game.toml"
    new(referee, game, "--mode", "solo", "--seed", "s")  # A: 7 9 (4 down), B: 6 1 (3 down)
    referee("smitten", "play", str(game), "7L")
    out = referee("smitten", "show", str(game)).stdout
    assert "│[7]│ · │ · │" in out and "[7] played last\n" in out
    referee("smitten", "place", str(game), "3R")
    out = referee("smitten", "show", str(game)).stdout
    assert "│[7]│ · │ · │" in out and "│ · │ · │(3)│" in out
    assert "[7] played last, (3) placed last\n" in out
    state = referee("smitten", "show", str(game), "--json").json()["state"]
    assert (state["last"], state["played_last"], state["placed_last"]) == ("3R", "7L", "3R")
