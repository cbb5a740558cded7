"""The README's table-mode transcript is what `referee table` prints for those entries."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

from conftest import installed_referee

README = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")


def transcript() -> tuple[list[str], list[str], str]:
    """The table section's transcript: its command, the entries typed, the whole text."""
    section = README.split("## Table mode", 1)[1]
    block = re.search(r"```text\n(.*?)```", section, flags=re.S)
    assert block is not None
    command, _, shown = block.group(1).partition("\n")
    prompt = re.search(r"^(\w+ [\w.]+> )", shown, flags=re.M)
    assert command.startswith("$ referee table ") and prompt is not None
    entries = [line.removeprefix(prompt.group(1)) for line in shown.splitlines() if line.startswith(prompt.group(1))]
    return shlex.split(command)[2:], entries, shown


@pytest.mark.slow
def test_the_readme_transcript_is_what_the_session_prints(tmp_path):
    args, entries, shown = transcript()
    env = {**os.environ, "NO_COLOR": "1", "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run([installed_referee(), *args], cwd=tmp_path, input="".join(f"{entry}\n" for entry in entries),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, timeout=60)  # fmt: skip
    assert done.returncode == 2  # a trick of 2 cards could not be used (and a card played twice was refused)
    assert [line.rstrip() for line in done.stdout.splitlines()] == [line.rstrip() for line in shown.splitlines()]
