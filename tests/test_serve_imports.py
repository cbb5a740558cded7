"""`referee serve` costs the other commands nothing (issue 23 point 1): starlette,
uvicorn and segno (and the server) are imported by `serve` only, so `referee --help` and
the quick entries start as before (benchmarks/instructions counts it)."""

from __future__ import annotations

import subprocess
import sys

import pytest

SERVER_ONLY = ("starlette", "uvicorn", "segno", "anyio", "referee.web.server", "referee.web.links")

PROBE = (
    "import sys; from referee.cli import main; sys.argv = ['referee', *sys.argv[1:]]\n"
    "try:\n    main()\nexcept SystemExit:\n    pass\n"
    f"print(*[m for m in {SERVER_ONLY!r} if m in sys.modules], file=sys.stderr)"
)


@pytest.mark.slow
@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["serve", "--help"],
        ["deal", "smoorverliefd", "--seed", "s", "--json"],
        ["smitten", "check", "--left", "1,2,4", "--right", "5", "3L"],
        ["smoor", "standings", "{example}", "--json"],
        ["spell", "score", "K6m", "I1m", "T1m"],
    ],
)
def test_quick_commands_import_nothing_of_the_web_server(args):
    from referee.data import example

    argv = [str(example("smoorverliefd-match.toml")) if arg == "{example}" else arg for arg in args]
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60)
    assert done.stderr.strip() == "", done.stderr


@pytest.mark.slow
def test_the_probe_sees_the_server_when_serve_runs(tmp_path):
    """The check above can fail: `serve --links` imports the links (and nothing heavy)."""
    import shutil

    from referee.data import example

    shutil.copyfile(example("smoorverliefd-match.toml"), tmp_path / "m.toml")
    done = subprocess.run([sys.executable, "-c", PROBE, "serve", "m.toml", "--links", "--host", "127.0.0.1"],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)  # fmt: skip
    assert done.stderr.split() == ["referee.web.links"]
