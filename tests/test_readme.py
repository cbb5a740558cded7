"""The README's quick start is what CI runs, and its examples are real output."""

from __future__ import annotations

import re
import shlex
import shutil
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")


def console_examples() -> list[tuple[list[str], str]]:
    """Every ```console block of the README: (the referee arguments, the expected output)."""
    examples = []
    for block in re.findall(r"^( *)```console\n(.*?)^\1```", README, flags=re.M | re.S):
        body = textwrap.dedent(block[1])
        command, _, output = body.partition("\n")
        assert command.startswith("$ referee "), command
        examples.append((shlex.split(command)[2:], output))
    return examples


def test_ci_runs_exactly_the_readme_test_command():
    commands = re.findall(r"```sh\n(.*?)\n```", README, flags=re.S)
    install_and_run, install_and_test = commands[:2]
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == install_and_test
    assert "pytest" in install_and_test and "referee " in install_and_run


def test_every_image_the_readme_shows_is_a_png_of_its_page_size():
    """The screenshots are there, a TV's 1920 × 1080 and a phone's 360 × 740 CSS pixels
    (at two device pixels each), named by what they show."""
    import struct

    images = re.findall(r'(?:src="|\]\()(examples/screenshots/[^")]+\.png)', README)
    assert {"examples/screenshots/smoorverliefd-bid-phone-en.png", "examples/screenshots/smoorverliefd-curse-phone-nl.png"} <= set(images)
    for image in images:
        data = (REPO / image).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", image
        size = struct.unpack(">II", data[16:24])
        assert size == ((720, 1480) if "-phone-" in image else (1920, 1080)), (image, size)


def test_the_quick_test_loop_leaves_out_only_the_registered_slow_tests():
    import tomllib

    development = README[README.index("## Development") :]
    assert '.venv/bin/pytest -m "not slow"' in development
    options = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    registered = {marker.partition(":")[0] for marker in options["markers"]}
    assert {"slow", "network"} <= registered


@pytest.fixture(scope="module")
def session_folder(tmp_path_factory):
    """The README's examples run in order, as one session, in a folder holding a copy of
    examples/ (commands there may create files, and read the shipped examples)."""
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(REPO / "examples", folder / "examples")
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("args, expected", console_examples(), ids=lambda value: " ".join(value) if isinstance(value, list) else "")
def test_readme_example_output_is_what_referee_prints(referee, session_folder, monkeypatch, args, expected):
    monkeypatch.chdir(session_folder)
    result = referee(*args)
    printed = result.stdout + result.stderr
    strip = lambda text: [line.rstrip() for line in text.strip().splitlines()]  # noqa: E731
    assert strip(printed) == strip(expected)
