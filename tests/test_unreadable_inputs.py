"""Input a person can type never hangs the command nor ends in "internal error" (issue 21
point 3): a named pipe or another non-regular file given as a save file, deck file, word
list or house list is refused at once; so is a path longer than the file system allows,
and a number of more than 4,300 digits (Python's limit for reading one). Each is one line
on stderr and exit 2, like every other input that cannot be used.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from conftest import installed_referee

BIG = "9" * 5_000


class Hung(BaseException):
    """A command that waited (on a named pipe) instead of answering."""


@pytest.fixture
def answers_at_once():
    """Fail a test whose command waits more than a few seconds (a FIFO opened for reading
    waits for a writer forever); a BaseException, so no error path can swallow it."""

    def hung(signum, frame):
        raise Hung("the command waited instead of answering")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(3)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


def refused(result, *fragments: str) -> str:
    """Exit 2, one line on stderr holding every fragment, no internal error."""
    assert result.exit_code == 2, (result.stdout, result.stderr)
    message: str = result.stderr
    assert message.startswith("referee: ") and message.count("\n") == 1, message
    assert "internal error" not in message and "Traceback" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


def smoor_match(folder, referee):
    path = folder / "match.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan").exit_code == 0
    return path


# --- files that are no files ------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["smoor", "standings"], ["smoor", "history"], ["smoor", "undo"], ["smoor", "round", "{file}", "Anna=13"],
        ["spell", "show"], ["spell", "pass", "{file}", "Anna"], ["smitten", "show"], ["smitten", "undo"],
    ],
    ids=" ".join,
)
def test_a_named_pipe_as_the_save_file_is_refused_at_once(referee, fifo, answers_at_once, command):
    args = [arg.format(file=fifo) for arg in command] if "{file}" in command else [*command, str(fifo)]
    refused(referee(*args), str(fifo), "is a named pipe (FIFO), not a save file")


def test_a_named_pipe_in_table_mode_is_refused_at_once(referee, fifo, answers_at_once):
    refused(referee("table", str(fifo)), str(fifo), "named pipe")


def test_a_device_as_the_save_file_is_refused(referee):
    refused(referee("smoor", "standings", "/dev/null"), "/dev/null is a device, not a save file")


@pytest.mark.parametrize(
    "command",
    [
        ["spell", "deck", "{fifo}"],
        ["spell", "score", "K4m", "I1m", "T3m", "--deck", "{fifo}"],
        ["deal", "spellcrafter", "--deck", "{fifo}"],
    ],
    ids=" ".join,
)
def test_a_named_pipe_as_the_deck_file_is_refused_at_once(referee, fifo, answers_at_once, command):
    refused(referee(*(arg.format(fifo=fifo) for arg in command)), "is a named pipe (FIFO), not a deck file")


@pytest.mark.parametrize(
    "command, what",
    [
        (["spell", "challenge", "kitty", "--dict", "file:{fifo}"], "a word list"),
        (["dict", "check", "kitty", "--dict", "file:{fifo}"], "a word list"),
        (["dict", "info", "file:{fifo}"], "a word list"),
        (["spell", "challenge", "kitty", "--house", "{fifo}"], "a house list"),
    ],
    ids=lambda value: " ".join(value) if isinstance(value, list) else value,
)
def test_a_named_pipe_as_a_word_list_or_house_list_is_refused_at_once(referee, fifo, answers_at_once, command, what):
    refused(referee(*(arg.format(fifo=fifo) for arg in command)), f"is a named pipe (FIFO), not {what}")


@pytest.mark.slow
def test_the_installed_command_refuses_a_named_pipe_at_once(fifo):
    done = subprocess.run(
        [installed_referee(), "smoor", "history", str(fifo)], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 2 and "named pipe (FIFO)" in done.stderr and done.stderr.count("\n") == 1


# --- names too long for the file system -------------------------------------------------


def test_a_save_file_name_too_long_for_the_file_system_is_one_line(referee, tmp_path):
    name = str(tmp_path / ("x" * 300 + ".toml"))
    for command in (["smoor", "standings", name], ["smoor", "undo", name], ["table", name]):
        refused(referee(*command), "File name too long")


@pytest.mark.parametrize(
    "command",
    [["spell", "deck", "{long}"], ["spell", "score", "K4m", "I1m", "T3m", "--deck", "{long}"],
     ["deal", "spellcrafter", "--deck", "{long}"], ["spell", "new", "{file}", "Anna", "Bram", "--deck", "{long}"]],
    ids=lambda command: " ".join(command[:2]),
)
def test_a_deck_path_too_long_for_the_file_system_is_one_line(referee, tmp_path, command):
    long = str(tmp_path / ("d" * 300 + ".toml"))
    args = [arg.format(long=long, file=tmp_path / "game.toml") for arg in command]
    refused(referee(*args), "File name too long")


def test_a_word_list_or_house_list_path_too_long_is_one_line(referee, tmp_path):
    long = str(tmp_path / ("w" * 300 + ".txt"))
    refused(referee("spell", "challenge", "kitty", "--dict", f"file:{long}"), "File name too long")
    refused(referee("spell", "challenge", "kitty", "--house", long), "File name too long")


# --- numbers of more than 4,300 digits --------------------------------------------------


def test_a_number_of_more_than_4300_digits_is_one_line(referee, tmp_path):
    match = smoor_match(tmp_path, referee)
    before = match.read_bytes()
    for command in (
        ["smoor", "round", str(match), f"Anna={BIG}"],
        ["smoor", "bid", str(match), f"Anna={BIG}"],
        ["smitten", "study", "--hint-deals", BIG],
    ):
        message = refused(referee(*command), "more than 4,300 digits")
        assert BIG not in message
    assert match.read_bytes() == before


def test_a_smitten_card_of_more_than_4300_digits_is_one_line(referee, tmp_path):
    game = tmp_path / "game.toml"
    assert referee("smitten", "new", str(game), "--seed", "a").exit_code == 0
    refused(referee("smitten", "play", str(game), f"{BIG}L"), "more than 4,300 digits")


def test_a_round_number_of_more_than_4300_digits_is_refused(referee, tmp_path):
    match = smoor_match(tmp_path, referee)
    result = referee("smoor", "edit", str(match), BIG, "Anna=13")
    assert result.exit_code == 2 and "internal error" not in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_table_entry_with_a_number_of_more_than_4300_digits_is_answered_and_the_session_goes_on(tmp_path, referee):
    match = smoor_match(tmp_path, referee)
    done = subprocess.run(
        [installed_referee(), "table", str(match)],
        input=f"round Anna={BIG}\nround Anna=13 --ace Anna\n", capture_output=True, text=True, timeout=60,
    )
    assert "more than 4,300 digits" in done.stdout + done.stderr and "internal error" not in done.stdout + done.stderr
    assert 'kind = "round"' in match.read_text()


@pytest.mark.slow
def test_the_installed_command_refuses_a_huge_number_in_one_line():
    done = subprocess.run(
        [installed_referee(), "smitten", "study", "--hint-deals", BIG], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "more than 4,300 digits" in done.stderr
    assert sys.get_int_max_str_digits() == 4300 or sys.get_int_max_str_digits() == 0
