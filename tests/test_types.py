"""The type hints are checked, not only written: one ``mypy`` run checks the package and
its tests (the settings are in pyproject.toml's ``[tool.mypy]``: strict for referee/;
for tests/ strict too, but a test or fixture may go without annotations, its body still
checked; overrides for the untyped enchant and msgpack). `.ci/run` runs it through this
test."""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

#: The modules that read ``TrickTaken.revokes`` (found with ``grep -rn "revokes" referee
#: tests``, keeping the reads of a trick's effect): each must fail mypy when the field is
#: renamed, the tests' included.
REVOKES_READERS = {
    "referee/smoorverliefd/voice.py",
    "referee/cli/smoor.py",
    "tests/test_smoor_tricks.py",
    "tests/test_smoor_revokes.py",
}


def _mypy(cache: Path, *args: str) -> tuple[str, int]:
    """Run mypy in-process in the current folder, with its config there; (output, status)."""
    api = pytest.importorskip("mypy.api", reason="mypy is in the test extra: pip install '.[test]'")
    out, err, status = api.run(["--cache-dir", str(cache), *args])
    return out + err, status


@pytest.mark.slow
def test_mypy_strict_passes_on_the_whole_package(tmp_path, monkeypatch):
    monkeypatch.chdir(REPO)
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["referee", "tests"]  # no path given below: these are checked
    out, status = _mypy(tmp_path / "cache")
    assert status == 0, out
    assert "Success" in out
    checked = re.search(r"in (\d+) source files", out)
    assert checked is not None, out
    assert int(checked.group(1)) >= len(list((REPO / "referee").rglob("*.py"))) + len(list((REPO / "tests").glob("*.py")))


@pytest.mark.slow
def test_a_renamed_effect_field_fails_mypy_at_every_reader(tmp_path, monkeypatch):
    """Rename ``TrickTaken.revokes`` in its definition only, in a copy of the sources:
    mypy must report every module that still reads the old name, and no other error."""
    copy = tmp_path / "copy"
    shutil.copytree(REPO / "referee", copy / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "tests").mkdir()
    for module in (REPO / "tests").glob("*.py"):
        shutil.copy2(module, copy / "tests" / module.name)
    shutil.copy2(REPO / "pyproject.toml", copy / "pyproject.toml")

    actions = copy / "referee" / "smoorverliefd" / "actions.py"
    source = actions.read_text(encoding="utf-8")
    start = source.index("class TrickTaken(")
    end = source.index("\n\n\n", start)
    renamed, count = re.subn(r"\n    revokes: ", "\n    revokes_proven: ", source[start:end])
    assert count == 1, "TrickTaken has no `revokes` field to rename"
    actions.write_text(source[:start] + renamed + source[end:], encoding="utf-8")

    monkeypatch.chdir(copy)
    out, status = _mypy(tmp_path / "cache")
    assert status == 1, out
    errors = [line for line in out.splitlines() if ": error: " in line]
    assert errors and all('"TrickTaken" has no attribute "revokes"' in line for line in errors), out
    failing = {line.split(":", 1)[0] for line in errors}
    assert REVOKES_READERS <= failing, out
