"""The messages of the save-file engine, the file checks and the shared number and name
checks are in the Dutch catalogue (referee/locale/nl/LC_MESSAGES/savefile.po)."""

from __future__ import annotations

from pathlib import Path


import referee

PACKAGE = Path(referee.__file__).parent
MODULES = [
    PACKAGE / "files.py", PACKAGE / "players.py", PACKAGE / "cli" / "files.py", *sorted(PACKAGE.glob("savefile/*.py")),
]  # fmt: skip


def test_a_refusal_of_a_named_pipe_and_a_redo_read_dutch(referee, tmp_path):
    import os

    pipe = tmp_path / "pijp.toml"
    os.mkfifo(pipe)
    assert referee("smoor", "standings", str(pipe), "--lang", "nl").stderr == f"referee: {pipe} is een named pipe (FIFO), geen bewaarbestand\n"
    match = tmp_path / "partij.toml"
    referee("smoor", "new", str(match), "Anna", "Bram", "Cees")
    result = referee("smoor", "redo", str(match), "--lang", "nl")
    assert result.exit_code == 1 and "niets om opnieuw te doen" in result.stderr
