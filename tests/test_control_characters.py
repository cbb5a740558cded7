"""No raw control sequence reaches the terminal (issue 21, point 2): a seed, a reason, a
deck file's name, a word or any other text that came from the user or a file is shown
with its control characters made visible (ESC as ``\\x1b``), in every game and every
screen, by the one gate of the output layer (``referee.cli.output.printable``)."""

from __future__ import annotations

import re
import subprocess
import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import installed_referee
from referee.cli import app
from referee.cli.output import Line, printable, shown_console
from referee.data import example

CLEAR = "\x1b[2J"
#: ESC (a screen clear), BEL, the C1 CSI, DEL, a bidi override, a tab, a line separator
NASTY = f"x{CLEAR}\x07\x9b1m\x7f\u202eab\tc\u2028y"


def obeyed(text: str) -> list[str]:
    """The characters of ``text`` a terminal would act on instead of showing."""
    return [c for c in text if not (c.isprintable() or c == "\n" or unicodedata.category(c) == "Zs")]


def assert_shown(run) -> None:
    for stream in (run.stdout, run.stderr):
        assert obeyed(stream) == [], stream
    assert "Traceback" not in run.stderr


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)


@pytest.fixture
def deck(tmp_path: Path) -> Path:
    """A deck file with a control sequence in its name and in its ``name`` field."""
    text = Path(example("spellcrafter-deck.toml")).read_text(encoding="utf-8")
    text = re.sub(r'^name = ".*"$', lambda _: 'name = "box \\u001b[2J \\u009b1m \\u202e"', text, count=1, flags=re.M)
    path = tmp_path / f"box{CLEAR}\x07.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- the one function ---------------------------------------------------------------------


def test_a_control_character_is_shown_as_python_writes_it():
    assert printable(NASTY) == "x\\x1b[2J\\x07\\x9b1m\\x7f\\u202eab\\tc\\u2028y"
    assert printable("Anna\nBram") == "Anna\\nBram"
    assert printable("Anna\nBram", newlines=True) == "Anna\nBram"


def test_plain_text_and_spaces_of_every_width_pass_unchanged():
    for text in ("Anna", "K♥ 10♠", "tête-à-tête", "1\u00a0000", "a\u2009b", "🂡"):
        assert printable(text) == text


def test_the_gate_is_idempotent():
    assert printable(printable(NASTY)) == printable(NASTY)


def test_a_line_shows_user_text_literally_with_or_without_colour():
    line = Line(("seed ", "bold"), (NASTY, "cyan"))
    assert obeyed(line.plain) == []
    assert CLEAR not in line.ansi() and "\\x1b[2J" in line.ansi()
    assert line.ansi().startswith("\x1b[1m")  # the program's own colour still works


def test_the_console_keeps_its_colours_but_not_the_users_escapes():
    from rich.text import Text

    shown = shown_console(force_terminal=True, color_system="standard", width=60)
    with shown.capture() as capture:
        shown.print(Text.assemble(("seed ", "bold red"), NASTY))
    text = capture.get()
    assert CLEAR not in text and "\\x1b[2J" in text and "\u202e" not in text
    assert "\x1b[1;31m" in text  # rich's own style
    assert all(re.match(r"\x1b\[[0-9;]*m", text[i:]) for i in range(len(text)) if text[i] == "\x1b")


# --- every command that echoes text -------------------------------------------------------


@pytest.mark.slow
def test_smitten_seed_and_reason_are_shown_in_new_show_history(tmp_path):
    game = str(tmp_path / "g.toml")
    for args in (
        ["smitten", "new", game, "--seed", NASTY],
        ["smitten", "show", game],
        ["smitten", "history", game],
        ["smitten", "moves", game],
        ["--lang", "nl", "smitten", "show", game],
        ["smitten", "undo", game],
    ):
        run = invoke(*args)
        assert_shown(run)
    physical = str(tmp_path / "p.toml")
    assert invoke("smitten", "new", physical, "--physical").exit_code == 0
    run = invoke("smitten", "lose", physical, "--reason", NASTY)
    assert_shown(run)
    for command in ("show", "history", "undo", "redo"):
        assert_shown(invoke("smitten", command, physical))
    assert "x\\x1b[2J" in invoke("smitten", "history", physical).stdout


def test_smitten_names_and_entries_with_control_characters(tmp_path):
    game = str(tmp_path / "g.toml")
    assert_shown(invoke("smitten", "new", game, "--players", NASTY, "Bram"))
    assert invoke("smitten", "new", game, "--seed", "s").exit_code == 0
    for args in (["play", game, NASTY], ["play", game, "3L", "--choose", NASTY], ["place", game, NASTY], ["show", game, "--by", NASTY]):
        assert_shown(invoke("smitten", *args))
    assert_shown(invoke("smitten", "check", NASTY))
    assert_shown(invoke("smitten", "check", "3L", "--left", NASTY))


def test_deals_show_the_seed_literally(deck):
    for game in ("smitten", "smoorverliefd", "french52", "spellcrafter"):
        run = invoke("deal", game, "--seed", NASTY)
        assert run.exit_code == 0
        assert_shown(run)
        assert "\\x1b[2J" in run.stdout
    run = invoke("deal", "spellcrafter", "--deck", str(deck), "--seed", NASTY)
    assert_shown(run)
    assert "\\x1b[2J" in run.stdout


def test_a_deck_files_name_and_name_field_are_shown_literally(deck, tmp_path):
    run = invoke("spell", "deck", str(deck))
    assert run.exit_code == 0
    assert_shown(run)
    assert "box \\x1b[2J" in run.stdout
    assert_shown(invoke("spell", "deck", str(tmp_path / f"none{CLEAR}.toml")))
    game = str(tmp_path / "g.toml")
    assert_shown(invoke("spell", "new", game, "Anna", "Bram", "--deck", str(deck)))
    for args in (["show", game], ["history", game], ["score", "K4m", "--deck", str(deck)]):
        assert_shown(invoke("spell", *args))


def test_spellcrafter_words_players_and_dictionary_names(tmp_path):
    game = str(tmp_path / "g.toml")
    assert_shown(invoke("spell", "new", game, NASTY, "Bram"))
    assert invoke("spell", "new", game, "Anna", "Bram").exit_code == 0
    for args in (
        ["word", game, "Anna", NASTY, "I1m"],
        ["word", game, NASTY, "K4m", "I1m"],
        ["pass", game, NASTY],
        ["score", NASTY],
        ["challenge", NASTY],
        ["challenge", "kitty", "--dict", f"file:{tmp_path / CLEAR}"],
        ["best", NASTY],
    ):
        assert_shown(invoke("spell", *args))
    words = tmp_path / f"words{CLEAR}.txt"
    words.write_text("kitty\ncat\n", encoding="utf-8")
    for args in (
        ["dict", "check", "kitty", NASTY, "--dict", f"file:{words}"],
        ["dict", "info", f"file:{words}"],
        ["dict", "info", NASTY],
        ["spell", "challenge", "kitty", "--dict", f"file:{words}"],
    ):
        run = invoke(*args)
        assert_shown(run)


@pytest.mark.slow
def test_smoorverliefd_seed_entries_and_screens(tmp_path):
    match = str(tmp_path / "m.toml")
    assert_shown(invoke("smoor", "new", match, NASTY, "Bram", "Cees"))
    run = invoke("smoor", "new", match, "Anna", "Bram", "Cees", "Daan", "--seed", NASTY)
    assert run.exit_code == 0
    assert_shown(run)
    for args in (
        ["round", match, f"Anna={NASTY}"],
        ["round", match, NASTY],
        ["trick", match, NASTY],
        ["standings", match],
        ["history", match],
        ["hands", match],
        ["hands", match, "--player", NASTY],
        ["chart", match],
        ["export", match, "--csv"],
    ):
        assert_shown(invoke("smoor", *args))
    assert invoke("smoor", "round", match, "Anna=13", "Bram=0", "Cees=0", "Daan=0").exit_code == 0
    for command in ("standings", "history", "chart"):
        assert_shown(invoke("smoor", command, match))


def test_a_hand_edited_file_with_control_characters(tmp_path):
    physical = tmp_path / "p.toml"
    assert invoke("smitten", "new", str(physical), "--physical").exit_code == 0
    assert invoke("smitten", "lose", str(physical), "--reason", "plain").exit_code == 0
    text = physical.read_text(encoding="utf-8").replace('"plain"', '"why \\u001b[2J \\u009b \\u202e"')
    physical.write_text(text, encoding="utf-8")
    for command in ("show", "history"):
        assert_shown(invoke("smitten", command, str(physical)))
    broken = tmp_path / "b.toml"
    broken.write_text(text.replace('format = "', 'format = "\\u001b[2J'), encoding="utf-8")
    assert_shown(invoke("smitten", "show", str(broken)))


def test_errors_and_usage_errors_show_the_users_text_literally(tmp_path):
    for args in (
        [NASTY],
        ["smoor", NASTY],
        ["deal", NASTY],
        ["deal", "smitten", "--players", NASTY],
        ["deal", "smitten", f"--{NASTY}"],
        ["--lang", NASTY, "deal", "smitten"],
        ["smitten", "show", str(tmp_path / f"none{CLEAR}.toml")],
        ["smoor", "standings", str(tmp_path / f"none{CLEAR}.toml")],
        ["table", str(tmp_path / f"none{CLEAR}.toml")],
    ):
        run = invoke(*args)
        assert run.exit_code == 2
        assert_shown(run)


def test_table_mode_piped_echoes_and_answers_entries_literally(tmp_path):
    match = tmp_path / "m.toml"
    assert invoke("smoor", "new", str(match), "Anna", "Bram", "Cees", "--seed", NASTY).exit_code == 0
    entries = f"round Anna={NASTY}\nhelp\n{NASTY}\nstandings\nhistory\nhelp {NASTY}\n"
    run = invoke("table", str(match), input=entries)
    assert_shown(run)
    assert "\\x1b[2J" in run.stdout


@pytest.mark.slow
def test_the_installed_command_shows_control_characters_literally(tmp_path, deck):
    referee = installed_referee()
    env = {"PATH": "/usr/bin:/bin", "NO_COLOR": "1", "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    game = str(tmp_path / "g.toml")
    for args in (
        ["smitten", "new", game, "--seed", NASTY],
        ["smitten", "show", game],
        ["smitten", "history", game],
        ["spell", "deck", str(deck)],
        ["deal", "spellcrafter", "--deck", str(deck), "--seed", NASTY],
        ["deal", "smitten", "--players", NASTY],
    ):
        done = subprocess.run([referee, *args], capture_output=True, env=env, timeout=60)
        for stream in (done.stdout, done.stderr):
            assert b"\x1b" not in stream and b"\x07" not in stream and obeyed(stream.decode("utf-8")) == []
        assert b"Traceback" not in done.stderr
