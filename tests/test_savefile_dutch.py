"""The messages of the save-file engine, the file checks and the shared number and name
checks are in the Dutch catalogue (referee/locale/nl/LC_MESSAGES/savefile.po)."""

from __future__ import annotations

from pathlib import Path

import pytest

import referee
from referee import i18n
from test_smoor_dutch import marked_messages

PACKAGE = Path(referee.__file__).parent
MODULES = [
    PACKAGE / "files.py", PACKAGE / "players.py", PACKAGE / "cli" / "files.py", *sorted(PACKAGE.glob("savefile/*.py")),
]  # fmt: skip


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_message_has_a_dutch_translation(module):
    translated = i18n.catalogue()
    missing = [message for message in marked_messages(module) if "\0".join(message) not in translated]
    assert not missing


def test_a_refusal_of_a_named_pipe_and_a_redo_read_dutch(referee, tmp_path):
    import os

    pipe = tmp_path / "pijp.toml"
    os.mkfifo(pipe)
    assert referee("smoor", "standings", str(pipe), "--lang", "nl").stderr == f"referee: {pipe} is een named pipe (FIFO), geen bewaarbestand\n"
    match = tmp_path / "partij.toml"
    referee("smoor", "new", str(match), "Anna", "Bram", "Cees")
    result = referee("smoor", "redo", str(match), "--lang", "nl")
    assert result.exit_code == 1 and "niets om opnieuw te doen" in result.stderr
