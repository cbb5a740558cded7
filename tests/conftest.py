"""Shared test helpers: run the real CLI in-process, and find the installed command."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from referee import i18n
from referee.cli import app

# CI runs the same examples every time (a landing must not depend on luck); locally,
# hypothesis explores new ones on every run.
settings.register_profile("ci", derandomize=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """Every test gets its own user cache folder (``file:`` list indexes), never the real one."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.setenv("REFEREE_LANG", "en")  # English whatever the machine's locale (Dutch: --lang nl)
    i18n.set_language(None)  # and not the language an earlier test's command line chose


class Run:
    """The result of one `referee …` call: exit code, stdout, stderr."""

    def __init__(self, result) -> None:
        self.exit_code = result.exit_code
        self.stdout = result.stdout
        self.stderr = result.stderr
        self.exception = result.exception

    def json(self) -> dict:
        document = json.loads(self.stdout)
        assert isinstance(document, dict)
        return document


@pytest.fixture
def referee():
    """Call the real `referee` app through typer's CliRunner: referee("deal", "smitten")."""
    runner = CliRunner()

    def call(*args: str, env: dict | None = None) -> Run:
        return Run(runner.invoke(app, list(args), env=env, catch_exceptions=True))

    return call


def installed_referee() -> str:
    """The installed `referee` console script (next to this Python, or on PATH)."""
    beside = Path(sys.executable).parent / "referee"
    found = str(beside) if beside.exists() else shutil.which("referee")
    if not found:
        pytest.fail("the `referee` command is not installed; run `pip install .` first")
    return found
