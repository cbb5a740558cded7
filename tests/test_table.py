"""`referee table`: the session answers each entry exactly as the one-shot command, through
the game's own command group and save-file engine (prompt_toolkit's pipe input)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from table_helpers import drive

from referee import games, moments, savefile
from referee.cli.table import open_session
from referee.table import session
from referee.table.complete import candidates
from referee.table.status import lines, toolbar

ENTRIES = [
    "trick 2S KS AS 4D",  # Bram does not hold 2♠: refused, exit 1
    "hands",
    "trick 7S 9S 2S JS",
    "trick 4C KC 8C 3C",
    "trick --json 5C 7C AC 6C",
    "standings",
    "undo",
    "history",
    "trick 5C 7C AC 6C",
    "round a=3",  # a trick is entered this round: refused
    "frobnicate",
    "trick 'unclosed",
]


def in_session_words(message: str) -> str:
    """A one-shot error as the session words it: `help trick`, not `referee smoor trick --help`."""
    import re

    return re.sub(r"\(see `referee smoor ?(\S*) --help`\)", lambda found: f"(see `help {found[1]}`)".replace(" `)", "`)"), message)


@pytest.fixture(autouse=True)
def _private_state(tmp_path_factory, monkeypatch):
    """Each test keeps its session history in its own state folder."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


@pytest.fixture
def night(referee, tmp_path, monkeypatch):
    """A seeded Smoorverliefd match, night.toml, in the current folder."""
    monkeypatch.chdir(tmp_path)
    assert referee("smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s1").exit_code == 0
    return tmp_path / "night.toml"


def test_each_entry_is_answered_exactly_as_the_one_shot_command(referee, night, tmp_path, monkeypatch, capsys):
    """Same stdout, same stderr, same exit codes and the same file, entry by entry."""
    other = tmp_path / "one-shot"
    other.mkdir()
    shutil.copy(night, other / "night.toml")
    table = open_session(Path("night.toml"))  # the file as it was typed
    for entry in ENTRIES:
        code = table.answer(entry)
        answered = capsys.readouterr()
        monkeypatch.chdir(other)
        import shlex

        try:
            words = shlex.split(entry)
        except ValueError:
            assert code == 2 and "cannot read the entry" in answered.err
            monkeypatch.chdir(tmp_path)
            continue
        one_shot = referee("smoor", words[0], "night.toml", *words[1:])
        monkeypatch.chdir(tmp_path)
        in_session = in_session_words(one_shot.stderr)
        assert (code, answered.out, answered.err) == (one_shot.exit_code, one_shot.stdout, in_session), entry
        assert night.read_bytes() == (other / "night.toml").read_bytes(), entry


def test_a_rejected_entry_leaves_the_file_byte_identical(night, capsys):
    table = open_session(night)
    assert table.answer("trick 7S 9S 2S JS") == 0
    before, backup = night.read_bytes(), night.with_name("night.toml.bak").read_bytes()
    assert table.answer("trick 7S 9S 2S JS") == 1  # the cards were played already
    assert table.answer("trick 7S") == 2  # one card of four
    assert night.read_bytes() == before and night.with_name("night.toml.bak").read_bytes() == backup
    assert capsys.readouterr().err.count("\n") == 2  # one line each


def test_an_entry_is_saved_at_once_and_a_second_terminal_sees_it(referee, night, capsys):
    table = open_session(night)
    table.answer("trick 7S 9S 2S JS")
    assert len(savefile.load(night, games.game("smoor").load_rules()).events) == 1
    assert referee("smoor", "trick", "night.toml", "4C", "KC", "8C", "3C").exit_code == 0  # the other terminal
    assert "trick 3:" in lines(table)[0].plain  # the status line reads the file again


def test_quit_help_and_show(night, capsys):
    table = open_session(night)
    assert table.answer("help") == 0
    listed = capsys.readouterr().out
    assert "  trick" in listed and "  show        Same as `standings`." in listed and "  new " not in listed
    assert table.answer("help trick") == 0
    shown = capsys.readouterr().out
    assert "Usage: trick [OPTIONS] CARDS..." in shown and "FILE" not in shown and "referee smoor" not in shown
    assert table.answer("show") == 0 and "No rounds played yet." in capsys.readouterr().out
    assert table.answer("quit") is None and table.answer("exit") is None


def test_ctrl_c_cancels_the_line_and_ctrl_d_leaves(night, capsys):
    before = night.read_bytes()
    assert drive(night, "trick 7S 9S 2S QS\x03show\r\x04") == 0
    assert night.read_bytes() == before  # the cancelled trick was never entered
    assert "No rounds played yet." in capsys.readouterr().out


def test_entries_typed_in_the_session_are_recorded(night, capsys):
    assert drive(night, "trick 7S 9S 2S JS\rquit\r") == 0
    assert "Trick 1: 7♠ 9♠ 2♠ J♠ — Anna wins with J♠" in capsys.readouterr().out
    assert len(savefile.load(night, games.game("smoor").load_rules()).events) == 1


@pytest.mark.slow
def test_history_is_kept_per_file_across_sessions(referee, night, tmp_path, capsys):
    assert referee("smoor", "new", "other.toml", "Anna", "Bram", "Cees").exit_code == 0
    drive(night, "standings\r\x04")
    capsys.readouterr()
    drive(tmp_path / "other.toml", "\x1b[A\r\x04")  # up-arrow: nothing typed on this file yet
    assert "No rounds played yet." not in capsys.readouterr().out
    drive(night, "\x1b[A\r\x04")  # up-arrow, Enter: the last entry on this file again
    assert "No rounds played yet." in capsys.readouterr().out
    table = open_session(night)
    assert "standings" in table.history_path().read_text(encoding="utf-8")
    assert table.history_path() != open_session(tmp_path / "other.toml").history_path()


def test_completion_knows_commands_options_and_players(night):
    table = open_session(night)
    assert candidates(table, "tr") == ["trick"]
    assert "undo" in candidates(table, "") and "new" not in candidates(table, "")
    assert candidates(table, "trick --") == ["--json"]
    assert candidates(table, "round ") == ["Anna=", "Bram=", "Cees=", "Daan="]
    assert candidates(table, "help st") == ["standings"]


def test_completion_in_a_seeded_round_offers_the_cards_not_played_never_a_hand(night):
    """The laptop is a shared screen (SPEC §6.6): completion offers every card not played
    this round nor typed in the trick, so it shows nobody's hand; a complete trick, none."""
    from referee.cards import french_deck

    table = open_session(night)
    deck = sorted(str(card) for card in french_deck())
    assert sorted(candidates(table, "trick ")) == deck
    assert sorted(candidates(table, "trick 7S ")) == [card for card in deck if card != "7S"]
    assert candidates(table, "trick 7S 9S 2S QS ") == []


def test_completion_in_smitten_offers_the_legal_moves(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    referee("smitten", "new", "s.toml", "--mode", "solo", "--seed", "s")
    table = open_session(tmp_path / "s.toml")
    assert candidates(table, "play ") == ["1L", "1R", "6L", "6R", "7L", "7R", "9L", "9R", "down"]
    assert candidates(table, "play 9") == ["9L", "9R"]


def test_completion_in_spellcrafter_offers_the_players_still_to_play(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    referee("spell", "new", "w.toml", "Anna", "Bram", "Cees")
    table = open_session(tmp_path / "w.toml")
    assert table.answer("word anna K6m I1m T1m") == 0
    assert candidates(table, "word ") == ["Bram", "Cees"]
    assert candidates(table, "challenge ") == ["Anna", "Bram", "Cees"]


def test_the_status_line_is_the_games_own_situation(night, monkeypatch):
    table = open_session(night)
    table.answer("trick 7S 9S 2S JS")
    shown = [line.plain for line in lines(table)]
    assert shown[0] == "Round 1 — Anna deals; trick 2: Anna leads"
    assert shown[1].startswith("Round 1 so far (1 trick):")
    assert shown[2].startswith("Totals: ") and "(100 to go to 100)" in shown[2]
    monkeypatch.setenv("NO_COLOR", "1")
    assert toolbar(table) == "\n".join(shown)  # plain text: no colour without a terminal or with NO_COLOR


def test_the_status_line_of_a_damaged_file_says_why(night):
    table = open_session(night)
    night.write_text(night.read_text(encoding="utf-8") + "\n[[events]]\nkind = 'nonsense'\n", encoding="utf-8")
    assert "night.toml" in lines(table)[0].plain


def test_table_new_starts_the_file_and_opens_it(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = referee("table", "new", "smoor", "n.toml", "Anna", "Bram", "Cees", "--target", "50")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("New match in n.toml: Anna, Bram, Cees\ntarget 50\n")
    assert (tmp_path / "n.toml").exists()


def test_table_new_refused_by_the_game_writes_nothing(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = referee("table", "new", "smoor", "n.toml", "Anna")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and not (tmp_path / "n.toml").exists()


@pytest.mark.parametrize("args", [["missing.toml"], ["notes.toml"], ["a.toml", "b.toml"], ["new", "chess", "x.toml"], ["new"]])
def test_a_file_that_is_no_game_is_one_line_and_exit_2(referee, tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.toml").write_text('format = "mine"\n', encoding="utf-8")
    result = referee("table", *args)
    assert result.exit_code == 2 and result.stderr.startswith("referee: ") and result.stderr.count("\n") == 1


@pytest.mark.slow
def test_entries_on_stdin_are_echoed_and_answered(tmp_path):
    """Without a terminal the session reads its entries from stdin (a script, a pipe)."""
    from conftest import installed_referee

    subprocess.run([installed_referee(), "smoor", "new", "n.toml", "Anna", "Bram", "Cees"], cwd=tmp_path, check=True, capture_output=True)
    done = subprocess.run([installed_referee(), "table", "n.toml"], cwd=tmp_path, input="round a=13\nquit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "smoor n.toml> round a=13"
    assert "Round 2 — Bram deals; Cees leads" in done.stdout


@pytest.mark.slow
def test_quick_commands_import_neither_prompt_toolkit_nor_the_table():
    probe = (
        "import sys; from referee.cli import main; sys.argv = ['referee', 'deal', 'smitten', '--seed', 's']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print(*[m for m in ('prompt_toolkit', 'referee.table.session') if m in sys.modules], file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.stderr.strip() == ""


def test_ctrl_r_searches_the_files_history(night, capsys):
    drive(night, "standings\rhands\r\x04")
    capsys.readouterr()
    drive(night, "\x12stan\r\r\x04")  # Ctrl-R, "stan": the earlier `standings`, Enter, Enter
    assert "No rounds played yet." in capsys.readouterr().out


VARIANTS = [
    ("smoor", ["Anna", "Bram", "Cees", "Daan", "--variant", "partners"], "round a=3 b=10 --ace b"),
    ("smoor", ["Anna", "Bram", "Cees", "Daan", "--variant", "cupido"], "curse S"),
    ("smoor", ["Anna", "Bram", "Cees", "--variant", "blinde-liefde"], "bid a=3 b=5 c=5"),
    ("smoor", ["Anna", "Bram", "Cees", "--variant", "troef", "--variant", "kleine-liefde"], "round a=13"),
    ("spell", ["Anna", "Bram", "--ddt"], "pass anna"),
    ("spell", ["Anna", "Bram", "--friendly"], "word bram K6m I1m T1m"),
    ("spell", ["Anna", "Bram"], "best anna K6m I1m T1m"),  # the game form: the session's file (issue 34)
    ("smitten", ["--mode", "two", "--difficulty", "hard", "--seed", "s"], "moves"),
    ("smitten", ["--mode", "solo", "--physical", "--easy"], "play 5L --choose higher --hand A"),
]


@pytest.mark.parametrize("group, arguments, entry", VARIANTS, ids=lambda value: " ".join(value) if isinstance(value, list) else value)
def test_every_game_and_variant_is_answered_as_the_one_shot_command(referee, tmp_path, monkeypatch, capsys, group, arguments, entry):
    monkeypatch.chdir(tmp_path)
    started = moments.now()
    monkeypatch.setattr("referee.moments.now", lambda: started)  # both files start (and end) in the same second
    for folder in ("table", "one-shot"):
        (tmp_path / folder).mkdir()
        assert referee(group, "new", f"{folder}/g.toml", *arguments).exit_code == 0
    table = open_session(Path("table/g.toml"))
    code = table.answer(entry)
    answered = capsys.readouterr()
    words = entry.split()
    one_shot = referee(group, words[0], "one-shot/g.toml", *words[1:])
    assert (code, answered.err) == (one_shot.exit_code, one_shot.stderr.replace("one-shot/", "table/"))
    assert answered.out == one_shot.stdout.replace("one-shot/", "table/")
    assert (tmp_path / "table/g.toml").read_bytes() == (tmp_path / "one-shot/g.toml").read_bytes()


@pytest.mark.parametrize("name", ["smitten-solo-won.toml", "smitten-two-player-lost.toml", "smoorverliefd-match.toml", "spellcrafter-game.toml"])
def test_the_shipped_examples_open_and_show(referee, tmp_path, monkeypatch, capsys, name):
    from referee.data import example

    monkeypatch.chdir(tmp_path)
    shutil.copy(example(name), name)
    table = open_session(Path(name))
    assert table.answer("show") == 0 and table.answer("history") == 0
    assert lines(table)
    assert table.spec.group in table.prompt()


def test_ctrl_c_while_an_entry_runs_is_one_line_and_the_session_goes_on(night, monkeypatch, capsys):
    from referee.cli import group

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    table = open_session(night)
    monkeypatch.setattr(group, "run", interrupted)
    assert table.answer("standings") == 2
    assert capsys.readouterr().err.startswith("referee: interrupted")


def test_best_in_a_session_searches_a_players_cards_in_the_sessions_file(referee, tmp_path, monkeypatch, capsys):
    """`best PLAYER TOKEN…` is `spell best FILE PLAYER TOKEN…` (the game's dictionary and
    variants), as `challenge` is: the session gives it its file (issue 34)."""
    monkeypatch.chdir(tmp_path)
    assert referee("spell", "new", "g.toml", "Anna", "Bram", "--ddt").exit_code == 0
    table = open_session(Path("g.toml"))
    assert table.argv(["best", "anna", "K6m"]) == ["best", "g.toml", "anna", "K6m"]
    assert table.answer("best anna K6m I1m T1m") == 0
    assert capsys.readouterr().out.splitlines()[0] == "From K6m I1m T1m and no Jumper (builtin:en, ddt):"  # the game's variant
