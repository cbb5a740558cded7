"""The type hints are checked, not only written: ``mypy --strict`` passes on the whole
package (the settings, and the overrides for the untyped enchant and msgpack, are in
pyproject.toml's ``[tool.mypy]``). `.ci/run` runs it through this test."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_mypy_strict_passes_on_the_whole_package(tmp_path, monkeypatch):
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install '.[test]'")
    monkeypatch.chdir(REPO)
    out, err, status = api.run(["--cache-dir", str(tmp_path / "cache"), "referee"])
    assert status == 0, out + err
    assert "Success" in out
