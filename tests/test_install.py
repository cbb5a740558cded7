"""A non-editable install works from any folder and finds its shipped data files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_runs_from_any_folder_with_its_data_files(tmp_path):
    wheels = tmp_path / "wheels"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(REPO)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr
    (wheel,) = wheels.glob("referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "referee/examples/README.md" in names and "referee/dictionaries/README.md" in names

    target = tmp_path / "site"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert install.returncode == 0, install.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = (
        "import json, referee, referee.data as d;"
        "print(json.dumps([referee.__file__, str(d.data_folder('examples')), str(d.data_folder('dictionaries'))]))"
    )
    found = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=elsewhere, env=env)
    module, examples, dictionaries = json.loads(found.stdout)
    for path in (module, examples, dictionaries):
        assert Path(path).is_relative_to(target), path
    dealt = subprocess.run(
        [sys.executable, "-m", "referee", "deal", "smitten", "--seed", "s", "--json"],
        capture_output=True, text=True, cwd=elsewhere, env=env,
    )  # fmt: skip
    assert dealt.returncode == 0 and json.loads(dealt.stdout)["set_aside"] == 5
