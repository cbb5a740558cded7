"""`redo` takes back an `undo`, in every game and in table mode, until a new entry is
made; and a new game refuses a player's name longer than 40 characters (issue 21
point 7)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import installed_referee, without_redo

GAMES = {
    "smoor": (["smoor", "new", "{file}", "Anna", "Bram", "Cees", "Daan"], ["round", "{file}", "Anna=13", "--ace", "Anna"],
              "round: Anna 13; A♥ Anna"),
    "spell": (["spell", "new", "{file}", "Anna", "Bram", "Cees"], ["word", "{file}", "Anna", "K4m", "I1m", "T1m"], "Anna"),
    "smitten": (["smitten", "new", "{file}", "--physical", "--difficulty", "easy"], ["play", "{file}", "3L", "--by", "1"], "3L"),
}  # fmt: skip


def filled(words: list[str], path: Path) -> list[str]:
    return [str(path) if word == "{file}" else word for word in words]


@pytest.mark.parametrize("game", list(GAMES))
def test_redo_puts_back_what_undo_took_back_in_every_game(referee, tmp_path, game):
    new, entry, shown = GAMES[game]
    path = tmp_path / "game.toml"
    assert referee(*filled(new, path)).exit_code == 0
    assert referee(game, *filled(entry, path)).exit_code == 0
    entered = path.read_bytes()
    assert referee(game, "undo", str(path)).exit_code == 0
    result = referee(game, "redo", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Redone: event 1, ") and shown in result.stdout.splitlines()[0]
    assert f"{path} now holds 1 event." in result.stdout
    assert path.read_bytes() == entered


@pytest.mark.parametrize("game", list(GAMES))
def test_a_new_entry_leaves_nothing_to_redo(referee, tmp_path, game):
    new, entry, _shown = GAMES[game]
    path = tmp_path / "game.toml"
    referee(*filled(new, path))
    referee(game, *filled(entry, path))
    referee(game, "undo", str(path))
    assert referee(game, *filled(entry, path)).exit_code == 0
    assert b"[[redo]]" not in path.read_bytes()
    before = path.read_bytes()
    result = referee(game, "redo", str(path))
    assert result.exit_code == 1 and "nothing to redo" in result.stderr and result.stderr.count("\n") == 1
    assert path.read_bytes() == before


def test_nothing_to_redo_in_a_new_file_is_a_refusal_that_changes_nothing(referee, tmp_path):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees")
    before = path.read_bytes()
    result = referee("smoor", "redo", str(path), "--json")
    assert result.exit_code == 1 and "nothing to redo" in result.stderr
    assert path.read_bytes() == before


def test_undos_are_redone_last_first_and_what_was_undone_stays_in_the_file_between_commands(referee, tmp_path):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    versions = [path.read_bytes()]
    for holder in ("Anna", "Bram", "Cees"):
        assert referee("smoor", "round", str(path), f"{holder}=13", "--ace", holder).exit_code == 0
        versions.append(path.read_bytes())
    for back in (2, 1):
        assert referee("smoor", "undo", str(path)).exit_code == 0
        assert without_redo(path.read_bytes()) == versions[back]
    document = json.loads(referee("smoor", "redo", str(path), "--json").stdout)
    assert document == {"file": str(path), "redone": {"kind": "round", "ace": "Bram", "hearts": {"Bram": 13}}, "events": 2}
    assert without_redo(path.read_bytes()) == versions[2]
    assert referee("smoor", "redo", str(path)).exit_code == 0
    assert path.read_bytes() == versions[3]
    assert referee("smoor", "redo", str(path)).exit_code == 1


def test_redo_puts_back_an_edit_that_undo_took_back(referee, tmp_path):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", str(path), "Anna=3", "Bram=10", "--ace", "Bram")
    referee("smoor", "round", str(path), "Cees=13", "--ace", "Cees")
    assert referee("smoor", "edit", str(path), "1", "Anna=13", "--ace", "Anna").exit_code == 0
    edited = path.read_bytes()
    assert referee("smoor", "undo", str(path)).exit_code == 0
    result = referee("smoor", "redo", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("Redone: the edit of event 1; it is round: Anna 13; A♥ Anna again\n")
    assert path.read_bytes() == edited
    document = json.loads(referee("smoor", "undo", str(path), "--json").stdout)
    assert document["undone"]["kind"] == "correction"
    redone = json.loads(referee("smoor", "redo", str(path), "--json").stdout)
    assert redone["redone"] == {**document["undone"]} and path.read_bytes() == edited


def test_a_damaged_redo_table_is_reported_with_its_line(referee, tmp_path):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", str(path), "Anna=13", "--ace", "Anna")
    referee("smoor", "undo", str(path))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[[redo]]\nevents = 0", "[[redo]]\nevents = -1"), encoding="utf-8")
    result = referee("smoor", "redo", str(path))
    line = text.splitlines().index("[[redo]]") + 1
    assert result.exit_code == 2 and f"line {line}" in result.stderr and "[[redo]]" in result.stderr


@pytest.mark.slow
def test_redo_in_table_mode(tmp_path, referee):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    done = subprocess.run(
        [installed_referee(), "table", str(path)],
        input="round Anna=13 --ace Anna\nundo\nredo\nredo\n", capture_output=True, text=True, timeout=60,
    )
    assert "Redone: event 1, round: Anna 13; A♥ Anna" in done.stdout
    assert "nothing to redo" in done.stdout + done.stderr
    assert 'kind = "round"' in path.read_text() and b"[[redo]]" not in path.read_bytes()


# --- names ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "new",
    [["smoor", "new", "{file}", "Anna", "Bram", "{name}"], ["spell", "new", "{file}", "Anna", "{name}"],
     ["smitten", "new", "{file}", "--players", "Anna", "{name}"]],
    ids=lambda words: words[0],
)
def test_a_new_game_refuses_a_players_name_of_more_than_40_characters(referee, tmp_path, new):
    path = tmp_path / "game.toml"
    result = referee(*[word.format(file=path, name="N" * 41) for word in new])
    assert result.exit_code == 2 and "41 characters long" in result.stderr and "at most 40" in result.stderr
    assert result.stderr.count("\n") == 1 and not path.exists()
    assert referee(*[word.format(file=path, name="N" * 40) for word in new]).exit_code == 0


def test_a_file_written_with_a_longer_name_still_loads(referee, tmp_path):
    path = tmp_path / "match.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees")
    path.write_text(path.read_text(encoding="utf-8").replace('"Cees"', '"' + "C" * 60 + '"'), encoding="utf-8")
    assert referee("smoor", "standings", str(path)).exit_code == 0
