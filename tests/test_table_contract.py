"""Table mode through the game contract (issue 22 point 5, issue 21 point 4): the session
names no game, completion and the status line come from the hooks on a game's registry
line, entries run through the command line's public `run_line` in the chosen language,
and a piped session's exit code tells a script the truth."""

from __future__ import annotations

import ast
import json
import subprocess
from pathlib import Path

import pytest
from conftest import installed_referee

import referee as package
from referee import games, savefile
from referee.cli import _group, _summary
from referee.cli.table import open_session
from referee.table.complete import TableCompleter, candidates
from referee.table.status import Toolbar, lines

TABLE = Path(package.__file__).parent / "table"


@pytest.fixture(autouse=True)
def _private_state(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture
def with_toy_game(monkeypatch):
    from toy_game import SPEC

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    _group.cache_clear()
    _summary.cache_clear()
    yield SPEC
    _group.cache_clear()
    _summary.cache_clear()


@pytest.fixture
def night(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert referee("smoor", "new", "night.toml", "Élodie", "Bram", "Cees", "Daan", "--seed", "s1").exit_code == 0
    return tmp_path / "night.toml"


def test_table_mode_names_no_game_and_imports_nothing_of_the_command_line():
    for path in TABLE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.body[0].value) for node in ast.walk(tree) if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node) is not None and isinstance(node.body[0], ast.Expr)}
        code = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]
        code += [node.id for node in ast.walk(tree) if isinstance(node, ast.Name)] + [node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)]
        for game in ("smoor", "spell", "smitten"):
            assert not any(game in word.lower() for word in code), f"{path.name} names {game}"
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("referee.cli"), f"{path.name} imports {node.module}"


def test_the_toy_game_gets_a_working_session_from_its_registry_line_alone(referee, with_toy_game, tmp_path, monkeypatch, capsys):
    from toy_game import TALLY

    monkeypatch.chdir(tmp_path)
    assert referee("tally", "new", "t.toml", "Anna", "Bram").exit_code == 0
    table = open_session(Path("t.toml"))
    assert table.spec is with_toy_game and "score" in table.commands()
    assert candidates(table, "sc") == ["score"]
    assert candidates(table, "score ") == ["Anna", "Bram"]
    assert table.answer("score Anna 3") == 0 and "Anna has 3" in capsys.readouterr().out
    assert [line.plain for line in lines(table)] == ["Totals: Anna 3 · Bram 0"]
    assert table.answer("score -- Anna -1") == 1 and "points cannot be negative" in capsys.readouterr().err
    assert table.answer("undo") == 0 and savefile.load(Path("t.toml"), TALLY).state.totals == (0, 0)


def test_a_game_without_hooks_still_gets_commands_and_a_status_line(referee, with_toy_game, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    referee("tally", "new", "t.toml", "Anna", "Bram")
    table = open_session(Path("t.toml"), with_toy_game._replace(table=""))
    assert candidates(table, "score ") == [] and candidates(table, "sc") == ["score"]
    assert [line.plain for line in lines(table)] == ["Tally: t.toml"]


def _completed(table, text: str) -> list[str]:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    return [c.text for c in TableCompleter(table).get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_a_completed_word_is_followed_by_a_space_but_a_name_entry_waits_for_its_value(night):
    table = open_session(night)
    assert _completed(table, "tri") == ["trick "]
    assert _completed(table, "round B") == ["Bram="]


def test_ace_completes_a_name_and_names_match_ignoring_case_and_accents(night):
    table = open_session(night)
    assert candidates(table, "round Bram=3 --ace ") == ["Élodie", "Bram", "Cees", "Daan"]
    assert candidates(table, "round elo") == ["Élodie="]
    assert candidates(table, "round --ace ELO") == ["Élodie"]


def test_players_already_entered_in_the_line_are_not_offered_again(night):
    table = open_session(night)
    assert candidates(table, "round elodie=3 b=0 ") == ["Cees=", "Daan="]


def test_the_status_line_follows_a_change_made_by_another_terminal(referee, night):
    table = open_session(night)
    toolbar = Toolbar(table)
    assert "Bram leads" in str(toolbar())  # plain text off a terminal
    assert referee("smoor", "trick", "night.toml", "7S", "9S", "2S", "JS").exit_code == 0
    assert "trick 2: Élodie leads" in str(toolbar())


def test_help_and_errors_in_a_session_name_the_sessions_commands(night, capsys):
    table = open_session(night)
    assert table.answer("trick") == 2
    assert capsys.readouterr().err == "referee: missing argument 'CARDS' (see `help trick`)\n"
    assert table.answer("help trick") == 0
    shown = capsys.readouterr().out
    assert "Usage: trick [OPTIONS] CARDS..." in shown and "FILE" not in shown
    assert table.answer("help frobnicate") == 2 and "`help` lists the commands" in capsys.readouterr().err
    assert table.answer("help") == 0 and "  clear" in capsys.readouterr().out


@pytest.mark.slow
def test_help_knows_the_sessions_own_words(night, capsys):
    table = open_session(night)
    for word, says in (("help", "help COMMAND"), ("clear", "Clear the screen"), ("quit", "Leave the session")):
        assert table.answer(f"help {word}") == 0 and says in capsys.readouterr().out


def test_clear_clears_the_screen(night):
    table = open_session(night)
    cleared = []
    table.clear_screen = lambda: cleared.append(True)
    assert table.answer("clear") == 0 and cleared == [True]


def test_a_dutch_session_answers_in_dutch_and_completes_dutch_words_and_cards(night, capsys):
    from referee import i18n

    i18n.set_language("nl")
    table = open_session(night)
    assert "slag" in candidates(table, "sl")
    from referee.cards import french_deck

    assert candidates(table, "trick ") == [card.dutch_letters for card in french_deck()]
    assert candidates(table, "slag ") == candidates(table, "trick ")
    assert table.answer("stand") == 0 and "Nog geen rondes gespeeld." in capsys.readouterr().out
    assert table.answer("frobnicate") == 2 and "zie `help`" in capsys.readouterr().err


@pytest.mark.slow
def test_referee_lang_nl_table_answers_in_dutch(tmp_path):
    referee_command = installed_referee()
    subprocess.run([referee_command, "smoor", "new", "n.toml", "Anna", "Bram", "Cees"], cwd=tmp_path, check=True, capture_output=True)
    done = subprocess.run([referee_command, "--lang", "nl", "table", "n.toml"], cwd=tmp_path, input="standings\n", capture_output=True, text=True, timeout=60)
    assert "Nog geen rondes gespeeld." in done.stdout, done.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    "entries, code",
    [("standings\n", 0), ("trick 2S KS AS 4D\nstandings\n", 1), ("trick ZZ\ntrick 2S KS AS 4D\n", 2), ("trick 2S KS AS 4D\nfrobnicate\n", 2)],
)
def test_a_piped_session_exits_with_the_worst_of_its_entries(tmp_path, entries, code):
    """Bram leads the seeded round s1 and does not hold 2♠: the rules refuse (1)."""
    referee_command = installed_referee()
    subprocess.run([referee_command, "smoor", "new", "n.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1"], cwd=tmp_path, check=True, capture_output=True)
    done = subprocess.run([referee_command, "table", "n.toml"], cwd=tmp_path, input=entries, capture_output=True, text=True, timeout=60)
    assert done.returncode == code, done.stderr


@pytest.mark.slow
def test_table_new_json_prints_exactly_one_json_object(tmp_path):
    done = subprocess.run(
        [installed_referee(), "table", "new", "smoor", "n.toml", "Anna", "Bram", "Cees", "--json"],
        cwd=tmp_path, input="standings\n", capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert isinstance(json.loads(done.stdout), dict) and (tmp_path / "n.toml").exists()
