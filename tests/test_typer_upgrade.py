"""The command line against the newest Typer release, not only the pinned one.

pyproject.toml pins Typer to 0.29.x because ``referee/cli/typer_internals.py`` reaches
into its internals. This test installs the newest Typer the package index has (and the
packages it needs) into a folder of its own, bypassing the pin, puts that folder ahead
of the pinned Typer, and runs the real CLI with it: ``--help``, a quick entry, a save
file, ``--json`` answers and the error path must be exactly what the pinned Typer gives,
and the internals module must still apply (no pydantic on a quick entry). So an upgrade
is one change, and when a release breaks something this test says what.

Without a reachable package index the test is skipped, saying so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

PROBE = """\
import sys, json
sys.argv = ["referee", *sys.argv[1:]]
from referee.cli import main
try:
    main()
except SystemExit as done:
    code = done.code
import typer
from referee.cli import typer_internals
print(json.dumps({"exit": code, "typer": typer.__version__, "typer_file": typer.__file__,
                  "plain": typer_internals._PlainParam is not None,
                  "pydantic": "pydantic" in sys.modules}), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def newest_typer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the newest Typer release and what it needs, or a skip."""
    folder = tmp_path_factory.mktemp("newest-typer")
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", "--upgrade",
         "--target", str(folder), "typer"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    if install.returncode != 0:
        last = (install.stderr.strip().splitlines() or ["pip failed"])[-1]
        pytest.skip(f"no package index reachable to fetch the newest Typer: {last}")
    return folder


def _run(args: list[str], typer_folder: Path | None, cwd: Path) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    env = dict(os.environ)
    if typer_folder is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(typer_folder), env.get("PYTHONPATH")]))
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=120)
    *message, report = done.stderr.splitlines() or [""]
    done.stderr = "\n".join(message) + ("\n" if message else "")
    return done, json.loads(report)


@pytest.mark.network
@pytest.mark.slow
def test_the_cli_runs_the_same_on_the_newest_typer_release(newest_typer, tmp_path):
    runs = [
        ["--help"],
        ["--version", "--json"],
        ["deal", "smoorverliefd", "--seed", "s", "--json"],
        ["deal", "smitten", "--mode", "solo", "--seed", "s"],
        ["smitten", "check", "--left", "1,2,4", "--right", "5", "3L"],
        ["smoor", "new", "night.toml", "Anna", "Bram", "Cees", "Daan", "--seed", "s"],
        ["smoor", "round", "night.toml", "Anna=3", "Bram=0", "Cees=9", "Daan=1", "--ace", "Cees"],
        ["smoor", "standings", "night.toml", "--json"],
        ["smoor", "undo", "night.toml", "--json"],
        ["deal", "smoorverliefd", "--players", "9", "--json"],  # the error path, with --json
        ["deal", "--", "--json"],  # a --json after -- is an argument
        ["smoor", "rond"],  # a usage error
    ]
    (tmp_path / "pinned").mkdir()
    (tmp_path / "newest").mkdir()
    for args in runs:
        pinned, pinned_report = _run(args, None, tmp_path / "pinned")
        newest, report = _run(args, newest_typer, tmp_path / "newest")
        assert report["typer_file"].startswith(str(newest_typer)), "the newest Typer was not the one imported"
        what = f"`referee {' '.join(args)}` on Typer {report['typer']} (pinned: {pinned_report['typer']})"
        assert (newest.stdout, newest.stderr, report["exit"]) == (pinned.stdout, pinned.stderr, pinned_report["exit"]), what
        assert report["plain"], f"{what}: referee/cli/typer_internals.py no longer fits (typer._coercion changed)"
    quick, report = _run(["smitten", "check", "--left", "1,2,4", "--right", "5", "3L"], newest_typer, tmp_path)
    assert not report["pydantic"], f"a quick entry loads pydantic on Typer {report['typer']}: start-up is slower"
