"""A write that fails changes nothing: not the save file, not its FILE.bak, and it leaves
no temporary file behind (SPEC §1, "Save files"; issue 21 point 5).

The failures are injected where the operating system would report them: the final
rename refused (EIO, or EXDEV when the folder is a mount that cannot rename across), a
full disk while the new version is written, the backup's own rename refused.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import savefile
from toy_game import TALLY, cli, score


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The toy game in the registry, where its voice (its words) is found."""
    from referee import games
    from toy_game import SPEC

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])


def started(folder: Path) -> Path:
    """A tally file with two events, so that FILE.bak holds the first one."""
    path = folder / "game.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    savefile.record(path, TALLY, score("Anna", 1))
    savefile.record(path, TALLY, score("Bram", 2))
    return path


def contents(folder: Path) -> dict[str, bytes]:
    return {name: (folder / name).read_bytes() for name in sorted(os.listdir(folder))}


def failing(monkeypatch, name: str, code: int, when=lambda *args: True, times: int = 1_000) -> None:
    """Make ``os.<name>`` fail with ``code`` on the calls for which ``when(*args)`` holds."""
    real = getattr(os, name)
    left = [times]

    def call(*args, **kwargs):
        if when(*args) and left[0] > 0:
            left[0] -= 1
            raise OSError(code, os.strerror(code))
        return real(*args, **kwargs)

    monkeypatch.setattr(os, name, call)


def run(*args: object):
    return CliRunner().invoke(cli(), [str(arg) for arg in args])


ENTRIES = {"a new entry": ("score", "{file}", "Anna", "3"), "undo": ("undo", "{file}")}


@pytest.mark.parametrize("code", [errno.EIO, errno.EXDEV])
@pytest.mark.parametrize("entry", list(ENTRIES))
def test_a_final_rename_that_fails_keeps_the_file_and_its_older_backup(tmp_path, monkeypatch, code, entry):
    path = started(tmp_path)
    before = contents(tmp_path)
    failing(monkeypatch, "replace", code, when=lambda source, target: Path(target) == path)
    result = run(*(arg.format(file=path) for arg in ENTRIES[entry]))
    assert result.exit_code == 2
    assert "nothing was changed" in result.stderr and os.strerror(code) in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert contents(tmp_path) == before  # FILE and FILE.bak byte for byte, no temporary left


def test_a_full_disk_while_the_new_version_is_written_leaves_nothing_behind(tmp_path, monkeypatch):
    path = started(tmp_path)
    before = contents(tmp_path)
    failing(monkeypatch, "fsync", errno.ENOSPC)
    result = run("score", path, "Anna", "3")
    assert result.exit_code == 2 and "nothing was changed" in result.stderr
    assert os.strerror(errno.ENOSPC) in result.stderr
    assert contents(tmp_path) == before


def test_a_backup_that_cannot_be_renamed_changes_nothing(tmp_path, monkeypatch):
    path = started(tmp_path)
    before = contents(tmp_path)
    backup = path.with_name(path.name + ".bak")
    failing(monkeypatch, "replace", errno.EIO, when=lambda source, target: Path(target) == backup)
    result = run("score", path, "Anna", "3")
    assert result.exit_code == 2 and "nothing was changed" in result.stderr
    assert contents(tmp_path) == before


def test_a_first_backup_is_removed_again_when_the_write_fails(tmp_path, monkeypatch):
    path = tmp_path / "game.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    before = contents(tmp_path)
    failing(monkeypatch, "replace", errno.EIO, when=lambda source, target: Path(target) == path)
    result = run("score", path, "Anna", "3")
    assert result.exit_code == 2 and "nothing was changed" in result.stderr
    assert contents(tmp_path) == before  # no FILE.bak: there was none


def test_when_even_the_older_backup_cannot_be_put_back_the_message_says_where_it_is(tmp_path, monkeypatch):
    path = started(tmp_path)
    before = contents(tmp_path)
    backup = path.with_name(path.name + ".bak")
    # The final rename fails, and so does every rename after it (the folder went bad).
    state = {"failed": False}

    def broken(source, target):
        if Path(target) == path:
            state["failed"] = True
        return state["failed"]

    failing(monkeypatch, "replace", errno.EIO, when=broken)
    result = run("score", path, "Anna", "3")
    assert result.exit_code == 2 and "nothing was changed" not in result.stderr
    assert "the file was not changed" in result.stderr and str(backup) in result.stderr
    older = [name for name in os.listdir(tmp_path) if name.endswith(".old.tmp")]
    assert len(older) == 1 and older[0] in result.stderr
    assert (tmp_path / older[0]).read_bytes() == before["game.toml.bak"]
    assert path.read_bytes() == before["game.toml"]
