"""Table mode never drops an entry because of its history file (issue 21 point 1): a full
disk, a read-only file, a folder in its place, a state folder that cannot be made. The
session says so once, in one line, and goes on without the history; every entry typed is
answered and written. Each case through a real pseudo-terminal (pexpect)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import installed_referee

from referee import games, savefile

pexpect = pytest.importorskip("pexpect")

NOTICE = "the history of entries cannot be kept in"

#: Runs `referee table night.toml` with the history file's writes (or opens for writing)
#: failing with the errno given: how a full disk, or a read-only file for root, looks.
FAILING = """
import builtins, errno, os, sys
code, when = int(sys.argv[1]), sys.argv[2]
real_open = builtins.open

class Failing:
    def __init__(self, file):
        self.file = file
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        self.file.close()
    def write(self, data):
        raise OSError(code, os.strerror(code))
    def close(self):
        self.file.close()

def failing_open(file, mode="r", *args, **kwargs):
    if str(file).endswith(".history") and "a" in mode:
        if when == "open":
            raise OSError(code, os.strerror(code), str(file))
        return Failing(real_open(file, mode, *args, **kwargs))
    return real_open(file, mode, *args, **kwargs)

builtins.open = failing_open
sys.argv = ["referee", "table", "night.toml"]
from referee.cli import main
main()
"""


@pytest.fixture
def night(tmp_path):
    subprocess.run([installed_referee(), "smoor", "new", "night.toml", "Anna", "Bram", "Cees"], cwd=tmp_path, check=True, capture_output=True)
    return tmp_path / "night.toml"


def history_path(night: Path, state: Path) -> Path:
    from referee.cli.table import open_session

    before = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = str(state)
    try:
        return open_session(night).history_path()
    finally:
        if before is None:
            del os.environ["XDG_STATE_HOME"]
        else:
            os.environ["XDG_STATE_HOME"] = before


def session(tmp_path: Path, state: Path, command: list[str] | None = None):
    env = {**os.environ, "TERM": "xterm", "NO_COLOR": "1", "XDG_STATE_HOME": str(state), "PROMPT_TOOLKIT_NO_CPR": "1"}
    program, arguments = (command[0], command[1:]) if command else (installed_referee(), ["table", "night.toml"])
    child = pexpect.spawn(program, arguments, cwd=str(tmp_path), env=env, dimensions=(40, 200), encoding="utf-8", timeout=30)
    child.logfile_read = io.StringIO()
    return child


def play_an_evening(child, night: Path) -> str:
    """Two entries, each answered, then Ctrl-D: everything the terminal showed."""
    child.expect_exact("night.toml>")
    child.send("round a=13\r")
    child.expect_exact("Round 2 — Bram deals; Cees leads")
    child.expect_exact("night.toml>")
    child.send("round b=13\r")
    child.expect_exact("Round 3 — Cees deals; Anna leads")
    child.expect_exact("night.toml>")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert len(savefile.load(night, games.game("smoor").load_rules()).events) == 2
    shown: str = child.logfile_read.getvalue()
    assert shown.count(NOTICE) == 1, shown
    assert "Traceback" not in shown and "Press ENTER" not in shown and "internal error" not in shown
    return shown


@pytest.mark.slow
def test_a_full_disk_is_said_once_and_every_entry_is_still_answered_and_written(tmp_path, night):
    import errno

    child = session(tmp_path, tmp_path / "state", [sys.executable, "-c", FAILING, str(errno.ENOSPC), "write"])
    assert "No space left on device" in play_an_evening(child, night)


@pytest.mark.slow
def test_a_read_only_history_file_is_said_once_and_the_session_goes_on(tmp_path, night):
    import errno

    state = tmp_path / "state"
    path = history_path(night, state)
    path.parent.mkdir(parents=True)
    path.write_text("", encoding="utf-8")
    path.chmod(0o444)
    if os.geteuid() == 0:  # root writes a read-only file anyway: the error it would get
        child = session(tmp_path, state, [sys.executable, "-c", FAILING, str(errno.EACCES), "open"])
    else:
        child = session(tmp_path, state)
    assert "Permission denied" in play_an_evening(child, night)


@pytest.mark.slow
def test_a_folder_in_place_of_the_history_file_is_said_once_and_the_session_goes_on(tmp_path, night):
    state = tmp_path / "state"
    history_path(night, state).mkdir(parents=True)
    assert "Is a directory" in play_an_evening(session(tmp_path, state), night)


@pytest.mark.slow
def test_a_history_folder_that_cannot_be_made_is_said_once_and_the_session_opens(tmp_path, night):
    state = tmp_path / "state"
    state.write_text("a file where the state folder should be", encoding="utf-8")
    play_an_evening(session(tmp_path, state), night)
