"""Shell completion (issue 13 point 6), driven through the installed `referee` command with
the environment variables Typer's completion scripts set (bash: COMP_WORDS and
COMP_CWORD; zsh and fish: _TYPER_COMPLETE_ARGS)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import installed_referee

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a save file of each game, a folder, and a .toml that is no save file."""
    for name in ("smoorverliefd-match.toml", "spellcrafter-game.toml", "smitten-solo-won.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    (tmp_path / "saves").mkdir()
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    return tmp_path


def complete(line: str, cwd: Path, shell: str = "bash") -> list[str]:
    """What the installed `referee` offers for the last word of ``line`` (a line ending
    in a space completes a new word)."""
    words = line.split() + ([""] if line.endswith(" ") else [])
    env = {key: value for key, value in os.environ.items() if not key.startswith(("COMP_", "_TYPER", "_REFEREE"))}
    env["_REFEREE_COMPLETE"] = f"complete_{shell}"
    if shell == "bash":
        env |= {"COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    done = subprocess.run([installed_referee()], env=env, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line]


@pytest.mark.slow
def test_completion_offers_the_command_groups(folder):
    assert complete("referee sm", folder) == ["smitten", "smoor"]


@pytest.mark.slow
def test_completion_offers_a_groups_commands(folder):
    assert complete("referee smoor r", folder) == ["reveal", "reveal-secret", "redo", "rematch", "round"]


@pytest.mark.slow
def test_completion_offers_a_commands_options(folder):
    # each option with its Dutch name, which a Dutch table types (issue 22)
    assert complete("referee smoor round --", folder) == ["--ace", "--aas", "--dead", "--dood", "--cursed", "--vervloekt", "--json", "--help"]


@pytest.mark.slow
def test_completion_offers_the_groups_game_files_and_folders(folder):
    assert complete("referee smoor round ", folder) == ["saves/", "smoorverliefd-match.toml"]
    assert complete("referee spell word ", folder) == ["saves/", "spellcrafter-game.toml"]
    assert complete("referee smitten undo s", folder) == ["saves/", "smitten-solo-won.toml"]


@pytest.mark.slow
def test_completion_offers_player_names_read_from_the_named_file(folder):
    assert complete("referee smoor round smoorverliefd-match.toml --ace ", folder) == ["Anna", "Bram", "Cees", "Daan"]
    assert complete("referee smoor round smoorverliefd-match.toml --ace B", folder) == ["Bram"]
    assert complete("referee spell word spellcrafter-game.toml ", folder) == ["Anna", "Bram", "Cees"]


@pytest.mark.slow
def test_completion_offers_the_players_not_entered_yet_as_name_entries(folder):
    assert complete("referee smoor round smoorverliefd-match.toml Bram=3 ", folder) == ["Anna=", "Cees=", "Daan="]


@pytest.mark.slow
def test_completion_without_a_readable_file_offers_no_names(folder):
    assert complete("referee smoor round missing.toml --ace ", folder) == []


@pytest.mark.slow
def test_completion_works_for_zsh_and_fish(folder):
    assert any("smoor" in line for line in complete("referee sm", folder, shell="zsh"))
    assert complete("referee smoor round smoorverliefd-match.toml --ace B", folder, shell="fish") == ["Bram"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_the_script_for_a_shell(shell):
    done = subprocess.run([installed_referee(), "--show-completion", shell], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "_REFEREE_COMPLETE=complete_" + shell in done.stdout


def test_show_completion_refuses_an_unknown_shell_with_exit_2():
    done = subprocess.run([installed_referee(), "--show-completion", "tcsh"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("referee: completion is for the shells") and "Traceback" not in done.stderr


def test_install_completion_writes_the_script_into_the_shells_files(tmp_path):
    env = {**os.environ, "HOME": str(tmp_path)}
    done = subprocess.run([installed_referee(), "--install-completion", "bash"], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "bash completion installed in" in done.stdout
    assert "_REFEREE_COMPLETE=complete_bash" in (tmp_path / ".bash_completions" / "referee.sh").read_text()
    assert "referee.sh" in (tmp_path / ".bashrc").read_text()



@pytest.mark.slow
def test_completion_offers_a_named_smitten_games_players_for_by(tmp_path):
    made = subprocess.run(
        [installed_referee(), "smitten", "new", "game.toml", "--physical", "--players", "Anna", "Bram"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert complete("referee smitten play game.toml 5L --by ", tmp_path) == ["Anna", "Bram"]


@pytest.mark.slow
def test_in_dutch_the_shell_completes_the_dutch_command_names(folder, monkeypatch):
    monkeypatch.setenv("REFEREE_LANG", "nl")
    assert complete("referee smoor sl", folder) == ["slag"]
    assert "stand" in complete("referee smoor st", folder)
    monkeypatch.setenv("REFEREE_LANG", "en")
    assert complete("referee smoor sl", folder) == []


@pytest.fixture
def seeded(tmp_path: Path) -> Path:
    made = subprocess.run([installed_referee(), "smoor", "new", "n.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)  # fmt: skip
    assert made.returncode == 0, made.stderr
    return tmp_path


@pytest.mark.slow
def test_the_shell_completes_the_cards_not_played_yet_and_never_shows_a_hand(seeded):
    """The game's table hooks answer the shell too, with what the table may know (SPEC
    §6.6): every card not played this round nor typed, never the player's hand."""
    from referee.cards import french_deck

    deck = [str(card) for card in french_deck()]
    assert complete("referee smoor trick n.toml ", seeded) == deck
    assert complete("referee smoor trick n.toml 7S ", seeded) == [card for card in deck if card != "7S"]


@pytest.mark.slow
def test_the_shell_completes_play_with_the_player_to_act_then_the_cards_not_played_yet(seeded, monkeypatch):
    from referee.cards import french_deck

    assert complete("referee smoor play n.toml ", seeded) == ["Bram"]
    assert complete("referee smoor play n.toml Bram ", seeded) == [str(card) for card in french_deck()]
    monkeypatch.setenv("REFEREE_LANG", "nl")
    assert complete("referee smoor speel n.toml b", seeded) == ["Bram"]


@pytest.mark.slow
def test_in_dutch_the_shell_completes_cards_in_dutch_letters(seeded, monkeypatch):
    monkeypatch.setenv("REFEREE_LANG", "nl")
    assert complete("referee smoor slag n.toml V", seeded) == ["VK", "VR", "VH", "VS"]
    assert complete("referee smoor trick n.toml h", seeded) == ["HK", "HR", "HH", "HS"]


@pytest.mark.slow
def test_player_names_complete_ignoring_case_and_accents(tmp_path):
    subprocess.run([installed_referee(), "smoor", "new", "e.toml", "Élodie", "Bram", "Cees"], cwd=tmp_path, check=True, capture_output=True)
    assert complete("referee smoor round e.toml --ace elo", tmp_path) == ["Élodie"]
    assert complete("referee smoor round e.toml b=3 ", tmp_path) == ["Élodie=", "Cees="]
