"""The type hints are checked: ``mypy --strict`` passes on the parts that are clean so far
(issue 12 point 5; the lead widens the list to all of referee/). Skipped where mypy is not
installed (it is no test dependency yet)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CHECKED = ["referee/lexicon", "referee/cli/dictionary.py"]


def test_mypy_strict_passes_on_the_lexicon_and_the_dict_commands(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api")
    monkeypatch.chdir(REPO)  # pyproject.toml's [tool.mypy] holds the overrides for untyped packages
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), *CHECKED])
    assert status == 0, out + err
