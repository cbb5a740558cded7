"""Shared test helpers: run the real CLI in-process, and find the installed command."""

from __future__ import annotations

import copy
import functools
import json
import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import settings
from typer.testing import CliRunner

from browser import browsers  # noqa: F401 (a fixture: headless Chromium for the pages' tests)
from referee import i18n
from referee.cli import app, output

# The test modules (rewritten by pytest for its assertions) and, in an editable install,
# referee's own modules keep their bytecode between runs, whatever PYTHONDONTWRITEBYTECODE
# says: compiling them again cost every run, and every worker, seconds (the caches are in
# __pycache__/, which git ignores).
sys.dont_write_bytecode = False

# CI runs the same examples every time (a landing must not depend on luck); locally,
# hypothesis explores new ones on every run. Neither has a deadline: no test depends on
# the machine's speed (a busy machine, or two test processes on two cores, made
# examples run over hypothesis's default 200 ms).
settings.register_profile("ci", derandomize=True, deadline=None)
settings.register_profile("local", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "local")


@pytest.fixture(scope="session")
def _hunspell_root_index_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The root indexes of the installed Hunspell dictionaries, built once for the session
    (only when a test asks for them: building them takes seconds). The processes of one
    pytest-xdist run share them: the first builds them, the others wait and read them."""
    import fcntl

    from referee.lexicon import hunspell, hunspell_roots

    if os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tmp_path_factory.getbasetemp().parent / "hunspell-cache"  # the run's, beside each worker's
        folder.mkdir(exist_ok=True)
    else:
        folder = tmp_path_factory.mktemp("hunspell-cache")
    built = []
    with open(folder / ".lock", "w") as lock, pytest.MonkeyPatch.context() as patch:
        fcntl.flock(lock, fcntl.LOCK_EX)  # let go when the file is closed
        patch.setenv("XDG_CACHE_HOME", str(folder))
        for tag in ("en_US", "en_GB", "nl_NL"):
            dic = hunspell.dic_file(tag)
            if dic is not None and hunspell_roots.root_index(dic.with_suffix(".aff"), dic) is not None:
                built.append(hunspell_roots.index_path(dic))
    return built


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch) -> Path:
    """Every test gets its own user cache folder (``file:`` list indexes), never the real
    one, and speaks English whatever the machine's locale (Dutch: --lang nl)."""
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    monkeypatch.setenv("REFEREE_LANG", "en")
    i18n.set_language(None)  # and not the language an earlier test's command line chose
    # The width is the test's (``env={"COLUMNS": …}``), not the terminal's nor an earlier
    # test's: the console is made once per process and keeps a COLUMNS it was made with.
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    output.console.cache_clear()
    # A save file is still written to a temporary file and moved into place, but not
    # flushed to the disk (a few milliseconds each, more on a busy disk, over thousands
    # of writes); the descriptor must still be open. Tests of a failing fsync patch it
    # themselves, and the commands run as processes sync for real.
    monkeypatch.setattr(os, "fsync", os.fstat)
    return cache


@pytest.fixture
def hunspell_root_indexes(_private_cache, _hunspell_root_index_files: list[Path]) -> list[Path]:
    """Opt-in, for the tests that open a Hunspell dictionary: the session's root indexes
    linked into this test's cache folder, so that they are not built again for the test."""
    from referee.lexicon import wordcache

    if _hunspell_root_index_files:
        wordcache.cache_folder().mkdir(parents=True, exist_ok=True)
        for index in _hunspell_root_index_files:
            try:
                os.link(index, wordcache.cache_folder() / index.name)
            except OSError:  # another file system
                shutil.copyfile(index, wordcache.cache_folder() / index.name)
    return _hunspell_root_index_files


class Run:
    """The result of one `referee …` call: exit code, stdout, stderr."""

    def __init__(self, result) -> None:
        self.exit_code = result.exit_code
        self.stdout = result.stdout
        self.stderr = result.stderr
        self.exception = result.exception

    def json(self) -> dict[str, Any]:
        document = json.loads(self.stdout)
        assert isinstance(document, dict)
        return document


@functools.cache
def _built_app() -> Any:
    """The app's click command, built once for the process: Typer reads the signature of
    every top-level command to build it, most of the cost of a call."""
    return typer.main.get_command(app)


@pytest.fixture
def referee(monkeypatch):
    """Call the real `referee` app through typer's CliRunner: referee("deal", "smitten").
    Each call gets its own copy of the app as built once (:func:`_built_app`): the state
    a command line leaves on it stays on that copy, as it would in its own process."""
    runner = CliRunner()
    build = typer.main.get_command  # what typer.testing's runner calls on every invoke
    monkeypatch.setattr("typer.testing._get_command", lambda given: copy.copy(_built_app()) if given is app else build(given))

    def call(*args: str, env: Mapping[str, str | None] | None = None) -> Run:
        return Run(runner.invoke(app, list(args), env=env, catch_exceptions=True))

    return call


def without_redo(data: bytes) -> bytes:
    """A save file's bytes without its ``[[redo]]`` tables (what ``redo`` can put back,
    kept in the file after an ``undo``): its content as before the entry undone."""
    import re

    text = data.decode("utf-8")
    return re.sub(r"^\[\[redo\]\]\n.*?(?=^\[\[events\]\]|^\[end\])", "", text, flags=re.M | re.S).encode("utf-8")


def installed_referee() -> str:
    """The installed `referee` console script (next to this Python, or on PATH)."""
    beside = Path(sys.executable).parent / "referee"
    found = str(beside) if beside.exists() else shutil.which("referee")
    if not found:
        pytest.fail("the `referee` command is not installed; run `pip install .` first")
    return found


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto`` (pyproject.toml's addopts): a run of one file's tests stays in this
    process, where starting the workers would cost more than they save; any other run
    takes every core (pytest-xdist's own count)."""
    named = {str(arg).partition("::")[0] for arg in config.args}
    return 0 if len(named) == 1 and named.pop().endswith(".py") else None
