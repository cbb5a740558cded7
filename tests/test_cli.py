"""The command line's conventions (SPEC §1): groups, --json, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import __version__
from conftest import installed_referee


def test_version_prints_the_program_and_its_version(referee):
    result = referee("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"referee {__version__}"


def test_version_takes_json_like_every_command(referee):
    for args in (("--version", "--json"), ("--json", "--version")):
        result = referee(*args)
        assert result.exit_code == 0 and result.stderr == ""
        assert result.json() == {"program": "referee", "version": __version__}


def test_json_before_a_command_says_where_it_goes(referee):
    result = referee("--json", "smoor", "standings", "x.toml")
    assert result.exit_code == 2
    assert result.stderr == "referee: put --json after the command: `referee smoor … --json`\n"


def test_a_json_after_double_dash_is_an_argument_not_a_request_for_json(referee):
    result = referee("spell", "challenge", "--", "--json")
    assert not result.stdout.startswith("{")


def test_a_json_after_double_dash_does_not_turn_a_failure_into_json(referee):
    result = referee("deal", "--", "--json")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("referee: unknown game '--json'")


def _every_command() -> list[tuple[str, ...]]:
    from referee.cli import _group, groups

    commands: list[tuple[str, ...]] = [("deal",)]
    for name in groups():
        group = _group(name)
        commands += [(name, command) for command in group.list_commands(None)]  # type: ignore[arg-type]  # Typer's list needs no context
    return commands


@pytest.mark.parametrize("command", [(), *_every_command()], ids=lambda c: " ".join(c) or "referee")
def test_help_names_values_in_one_style_and_flags_without_a_label(referee, command):
    text = referee(*command, "--help").stdout
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert "{" not in usage and "}" not in usage
    assert "…" not in usage and "...." not in usage  # one ellipsis, written ...
    words = usage.split("Usage: ")[1].split()[1 + len(command):]
    for word in words:  # [OPTIONS], FILE, [ENTRIES]..., COMMAND [ARGS]...
        assert word.strip("[].") == word.strip("[].").upper(), usage
    for label in ("<bool>", "<str>", "<int", "<path>", "<list[", "range>"):
        assert label not in text, (command, label)
    for flag in ("--json", "--help"):
        for line in text.splitlines():
            if f" {flag} " in line and "│" in line:
                after = line.split(flag, 1)[1].replace("-h", "").split()
                assert after[0][0].isupper() and after[0] not in ("TEXT", "INTEGER"), line


@pytest.mark.parametrize("group", ["smitten", "spell", "smoor"])
def test_game_groups_list_new_first_and_undo_and_history_last(referee, group):
    from referee.cli import _group

    names = _group(group).list_commands(None)  # type: ignore[arg-type]  # Typer's list needs no context
    assert names[0] == "new" and names[-2:] == ["undo", "history"]


@pytest.mark.parametrize("group", ["deal", "smitten", "spell", "spellcrafter", "smoor", "smoorverliefd", "dict"])
def test_every_command_group_has_help(referee, group):
    result = referee(group, "--help")
    assert result.exit_code == 0
    assert "Usage" in result.stdout


def test_aliases_name_the_same_group(referee):
    for name, alias in (("spell", "spellcrafter"), ("smoor", "smoorverliefd")):
        assert "Usage: referee " + alias in referee(alias, "--help").stdout
        assert "alias: " + alias in referee(alias, "--help").stdout
        assert "alias: " + alias in referee(name, "--help").stdout


def test_bare_referee_shows_the_commands(referee):
    result = referee()
    assert result.exit_code == 0
    for group in ("deal", "smitten", "spell", "smoor", "dict"):
        assert group in result.stdout


# --- deal --------------------------------------------------------------------------


def test_deal_json_is_one_object_with_game_seed_hands_and_dead(referee):
    result = referee("deal", "smoorverliefd", "--players", "3", "--seed", "s", "--json")
    assert result.exit_code == 0
    document = result.json()
    assert {"game", "seed", "hands", "dead"} <= set(document)
    assert document["game"] == "smoorverliefd" and document["seed"] == "s"
    assert [len(hand) for hand in document["hands"]] == [17, 17, 17] and len(document["dead"]) == 1
    assert document["hands"][0][:3] == ["KC", "10D", "9H"]  # canonical forms, pinned


def test_deal_smitten_json_has_set_aside_hands_and_deck(referee):
    document = referee("deal", "smitten", "--seed", "s", "--difficulty", "easy", "--json").json()
    assert {"game", "seed", "set_aside", "hands", "deck"} <= set(document)
    assert document["set_aside"] == 5 and document["hands"] == [[7, 9, 4, 9], [6, 1, 3, 3]]
    solo = referee("deal", "smitten", "--seed", "s", "--mode", "solo", "--json").json()
    assert solo["hands"] == [
        {"name": "A", "face_up": [7, 9], "face_down": [4]},
        {"name": "B", "face_up": [6, 1], "face_down": [3]},
    ]


def test_deal_without_seed_draws_a_fresh_seed_that_reproduces_the_deal(referee):
    first = referee("deal", "french52", "--players", "2", "--hand-size", "5", "--json").json()
    seed = first["seed"]
    assert len(seed.split("-")) == 3
    again = referee("deal", "french52", "--players", "2", "--hand-size", "5", "--seed", seed, "--json").json()
    assert again == first


def test_deal_for_people_shows_sorted_hands_with_suit_symbols_and_the_replay_command(referee):
    result = referee("deal", "smoorverliefd", "--seed", "s")
    assert result.exit_code == 0
    out = result.stdout
    assert "♠" in out and "♥" in out and "Player 4" in out
    assert "A K 8 7 6 3" in out  # player 1's clubs, highest first
    assert "referee deal smoorverliefd --players 4 --seed s" in out
    assert "\x1b[" not in out  # no colour codes when stdout is not a terminal


def test_fresh_seed_is_printed_for_people(referee):
    result = referee("deal", "smitten", "--mode", "solo")
    assert "New seed" in result.stdout and "--seed" in result.stdout


def test_seed_text_is_printed_literally_not_as_markup(referee):
    result = referee("deal", "smitten", "--seed", "[red]Anna[/red]")
    assert "[red]Anna[/red]" in result.stdout


# --- errors -----------------------------------------------------------------------


def assert_one_line_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("referee: ")
    for fragment in fragments:
        assert fragment in result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_unknown_game_suggests_the_nearest_spelling(referee):
    result = referee("deal", "smorverliefd")
    assert_one_line_error(result, 2, "did you mean smoorverliefd?")
    assert result.stdout == ""


def test_unknown_command_suggests_the_nearest_spelling(referee):
    assert_one_line_error(referee("smorverliefd"), 2, "smoorverliefd", "referee --help")


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["deal", "smoorverliefd", "--players", "7"], ["3, 4 or 5 players"]),
        (["deal", "smoorverliefd", "--players", "abc"], ["--players", "whole number"]),
        (["deal", "french52", "--players", "4", "--hand-size", "14"], ["--hand-size 1..13"]),
        (["deal"], ["missing argument", "referee deal --help"]),
        (["deal", "smitten", "--plyers", "2"], ["--plyers"]),
        (["deal", "smitten", "--seed"], ["--seed"]),
    ],
)
def test_bad_input_gives_exit_2_and_one_line_naming_the_problem(referee, args, fragments):
    assert_one_line_error(referee(*args), 2, *fragments)


@pytest.mark.parametrize(
    "args, message",
    [
        (["smitten", "new", "u.toml", "--physical", "--players", "Anna"], "option '--players' requires 2 arguments"),
        (["smoor", "new", "u.toml", "A", "B", "C", "--target"], "option '--target' requires an argument"),
        (["spell", "new", "u.toml", "--seed"], "option '--seed' requires an argument"),
        (["deal", "smitten", "--seed"], "option '--seed' requires an argument"),
    ],
)
def test_an_option_missing_its_values_points_to_the_help_of_its_own_command(referee, args, message):
    path = " ".join(args[: 1 if args[0] == "deal" else 2])
    assert referee(*args).stderr == f"referee: {message} (see `referee {path} --help`)\n"


def test_with_json_an_error_is_also_one_json_object_on_stdout(referee):
    result = referee("deal", "smoorverliefd", "--players", "9", "--json")
    assert result.exit_code == 2
    assert result.json() == {"error": result.stderr.removeprefix("referee: ").strip(), "exit_code": 2}


def test_control_characters_in_input_are_escaped_in_the_message(referee):
    result = referee("deal", "smo\x1b[31mor\nx")
    assert_one_line_error(result, 2)
    assert "\x1b" not in result.stderr


_WORDS = st.sampled_from(
    ["deal", "smoorverliefd", "smitten", "spellcrafter", "french52", "spell", "smoor", "dict", "smoorverliefd",
     "--json", "--players", "-p", "--seed", "--mode", "solo", "two", "--difficulty", "easy", "hard",
     "--hand-size", "--version", "--help", "3", "4", "0", "-1", "99999999999999999999999", "", " ", "--", "-",
     "new", "round", "trick", "bid", "curse", "standings", "history", "undo", "edit", "export", "chart", "hands",
     "check", "play", "place", "reveal", "swap", "show", "moves", "lose", "challenge", "score", "list", "info",
     "match.toml", "game.toml", "missing.toml", "examples", "Anna", "Bram", "Cees", "a=3", "b=10", "--ace",
     "--dead", "AS", "KS", "2H", "10S", "3L", "5R", "--left", "--right", "1,2,4", "--after", "kitty", "qat",
     "--dict", "builtin:en", "hunspell:en_US", "wordfreq:en", "K4m", "I1m", "T3m", "--csv", "--all"]
)  # fmt: skip
_ARGUMENT = st.one_of(_WORDS, _WORDS, _WORDS, st.text(max_size=12), st.text(min_size=500, max_size=3000))


@pytest.fixture
def playground(tmp_path, referee):
    """A folder with a match and a game in it, for commands that read or write files."""
    referee("smoor", "new", str(tmp_path / "match.toml"), "Anna", "Bram", "Cees")
    referee("smitten", "new", str(tmp_path / "game.toml"), "--seed", "s")
    return tmp_path


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(_ARGUMENT, max_size=7))
def test_no_input_produces_a_traceback(referee, playground, monkeypatch, args):
    monkeypatch.chdir(playground)
    result = referee(*args)
    assert result.exit_code in (0, 1, 2), (args, result.exception)
    text = result.stdout + result.stderr
    assert "Traceback" not in text and "internal error" not in text, (args, text)
    if result.exit_code == 2:
        assert result.stderr.count("\n") == 1, (args, result.stderr)
    if "--json" in args and not {"--help", "-h", "--version"} & set(args) and result.stdout.strip():
        json.loads(result.stdout)  # exactly one JSON object, nothing else


# --- the installed command, as a real process ---------------------------------------


def run_installed(*args: str, cwd=None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR")}
    return subprocess.run([installed_referee(), *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=60)


def test_installed_command_deals_the_same_as_the_library(referee, tmp_path):
    process = run_installed("deal", "smoorverliefd", "--seed", "s", "--json", cwd=tmp_path)
    assert process.returncode == 0
    assert json.loads(process.stdout) == referee("deal", "smoorverliefd", "--seed", "s", "--json").json()


def test_installed_command_reports_bad_input_without_traceback(tmp_path):
    process = run_installed("deal", "smitten", "--difficulty", "impossible", cwd=tmp_path)
    assert process.returncode == 2
    assert process.stderr.count("\n") == 1 and "Traceback" not in process.stderr
    assert "difficulty" in process.stderr


def test_python_dash_m_referee_is_the_same_program(tmp_path):
    process = subprocess.run(
        [sys.executable, "-m", "referee", "--version"], capture_output=True, text=True, cwd=tmp_path, timeout=60
    )
    assert process.returncode == 0 and process.stdout.strip() == f"referee {__version__}"


@pytest.mark.slow
def test_no_color_and_pipes_give_plain_text(tmp_path):
    process = run_installed("deal", "smoorverliefd", "--seed", "s", cwd=tmp_path)
    assert process.returncode == 0 and "\x1b[" not in process.stdout and "♥" in process.stdout


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["--version"],
        ["deal", "smoorverliefd", "--seed", "s", "--json"],
        ["smitten", "check", "--left", "1,2,4", "--right", "5", "3L"],
        ["smoor", "standings", "{example}", "--json"],
        ["spell", "score", "K6m", "I1m", "T1m"],
        ["spell", "challenge", "kitty", "--json"],
    ],
)
def test_quick_commands_load_neither_pydantic_nor_rich_nor_other_groups(args):
    """The start-up design, checked by what is imported (speed itself is measured by
    benchmarks/startup): no pydantic (referee/cli/typer_internals.py), no rich for plain answers,
    and only the command group that is used."""
    from referee.data import example

    argv = [str(example("smoorverliefd-match.toml")) if arg == "{example}" else arg for arg in args]
    probe = (
        "import sys; from referee.cli import main; sys.argv = ['referee', *sys.argv[1:]]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "loaded = [m for m in ('pydantic', 'rich', 'referee.cli.smitten', 'referee.cli.smoor', 'referee.cli.dictionary',"
        " 'referee.spellcrafter.game') if m in sys.modules]\n"
        "print(*loaded, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, timeout=60)
    loaded = set(done.stderr.split())
    assert not loaded & {"pydantic", "rich"}, loaded
    used = {"smitten": {"referee.cli.smitten"}, "smoor": {"referee.cli.smoor"}, "spell": {"referee.cli.dictionary"}}
    assert loaded <= used.get(args[0], set()), loaded


@pytest.mark.parametrize("number", ["1_0", "٣", "99999999999999999999999999", "4.0"])
def test_numbers_are_plain_digits(referee, number):
    result = referee("deal", "french52", "--players", number)
    assert result.exit_code == 2 and "is not a whole number" in result.stderr


def test_without_typers_internals_commands_fall_back_to_typers_own_conversion(monkeypatch):
    """referee/cli/typer_internals.py leans on Typer internals; if they are gone, the commands
    still work, converted by Typer itself (slower, same results)."""
    import typer
    from typer.core import TyperGroup
    from typer.testing import CliRunner

    from referee.cli import typer_internals
    from referee.cli.group import command_group

    monkeypatch.setattr(typer_internals, "_PlainParam", None)
    app = command_group("A test group.")
    seen: dict[str, object] = {}

    @app.command()
    def take(file: Path, count: int = 1, names: list[str] | None = None, flag: bool = False) -> None:
        seen.update(file=file, count=count, names=names, flag=flag)

    @app.command()
    def other() -> None:
        pass

    result = CliRunner().invoke(app, ["take", "x.toml", "--count", "3", "--names", "a", "--names", "b", "--flag"])
    assert result.exit_code == 0, result.output
    assert seen == {"file": Path("x.toml"), "count": 3, "names": ["a", "b"], "flag": True}
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    command = group.commands["take"]
    assert all(type(getattr(param, "_runtime_param", None)).__name__ != "PlainParam" for param in command.params)


@pytest.mark.parametrize(
    "game, name, problem",
    [
        ("smitten", "5L", "looks like part of an entry"),
        ("smitten", "solo", "looks like part of an entry"),
        ("smoor", "AH", "looks like part of an entry"),
        ("smoor", "a=3", "looks like part of an entry"),
        ("spell", "K4m", "looks like part of an entry"),
        ("smoor", "night\ngame.toml", "holds control characters"),
        ("spell", "-x", "looks like an option"),
        ("spell", "DDm:T", "looks like part of an entry"),
        ("spell", "TOILm@5", "looks like part of an entry"),
        ("spell", "TRc:E", "looks like part of an entry"),
        ("smitten", " ", "the file name is empty"),
        ("smitten", "", "the file name is empty"),
    ],
)
def test_new_refuses_a_file_name_that_is_surely_a_slip(referee, tmp_path, monkeypatch, game, name, problem):
    monkeypatch.chdir(tmp_path)
    players = {"smitten": ["--physical"], "smoor": ["Anna", "Bram", "Cees"], "spell": ["Anna", "Bram"]}[game]
    result = referee(game, "new", "--", name, *players) if name.startswith("-") else referee(game, "new", name, *players)
    assert result.exit_code == 2, result.stdout
    assert problem in result.stderr and f"`referee {game} new game.toml …`" in result.stderr
    assert os.listdir(tmp_path) == []


def test_new_accepts_ordinary_names_with_or_without_an_extension(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("night", "5L.toml", "friday-game", "Émile's match.toml"):
        assert referee("smitten", "new", name, "--physical").exit_code == 0, name


@pytest.mark.parametrize("seed", ["", "   ", "\t"])
@pytest.mark.parametrize(
    "command",
    [["deal", "smitten"], ["smitten", "new", "{file}"], ["smoor", "new", "{file}", "A", "B", "C"], ["spell", "new", "{file}", "A", "B"]],
)
def test_a_blank_seed_is_refused_the_same_way_everywhere(referee, tmp_path, command, seed):
    path = tmp_path / "game.toml"
    result = referee(*[str(path) if word == "{file}" else word for word in command], "--seed", seed)
    assert result.exit_code == 2
    assert result.stderr == "referee: the seed is empty; give any text (--seed amber-otter-tulip) or leave --seed out\n"
    assert not path.exists()
