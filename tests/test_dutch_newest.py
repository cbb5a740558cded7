"""A Dutch session of the newest commands (issue 34, "Dutch leftovers"): `serve`, `stats`,
`export`, `smitten study`, the Spellcrafter draft, fair games, `rematch` and the files a
command writes, each with its help, at 80 columns: under 1 % of its lines English.

The lines are counted as benchmarks/dutch_share counts them (one measure: card codes,
options, file names and the players' names are left out, then a line is English when one
of its words is a common English word that is not Dutch too); the session is its script
"newest", run here in-process on a copy of examples/season.
"""

from __future__ import annotations

import shutil
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent


def _measure() -> ModuleType:
    loader = SourceFileLoader("dutch_share", str(REPO / "benchmarks" / "dutch_share"))
    spec = spec_from_loader("dutch_share", loader)
    assert spec is not None
    module = module_from_spec(spec)
    loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_dutch_session_of_the_newest_commands_is_under_one_percent_english(referee, tmp_path, monkeypatch) -> None:
    measure = _measure()
    monkeypatch.chdir(tmp_path)
    shutil.copytree(REPO / "examples" / "season", tmp_path / "season")
    lines: list[str] = []
    for arguments, _stdin in measure.SCRIPTS["newest"]:
        done = referee("--lang", "nl", *arguments, env={"COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb"})
        assert "Traceback" not in done.stderr, (arguments, done.stderr)
        lines += done.stdout.splitlines() + done.stderr.splitlines()
    counted = [(line, measure.is_english(words)) for line in lines if (words := measure.words_of(line))]
    english = [line for line, found in counted if found]
    assert len(counted) > 250, len(counted)  # the session ran: help, tables, answers
    assert len(english) / len(counted) < 0.01, "\n".join(english)


def test_the_measure_tells_an_english_line_from_a_dutch_one() -> None:
    measure = _measure()
    assert measure.is_english(measure.words_of("Statistics over many matches: per game and per player"))
    assert not measure.is_english(measure.words_of("Statistieken over veel partijen: per spel en per speler"))
    assert not measure.is_english(measure.words_of("(de QR-code heeft 117 kolommen nodig: open de link op de telefoon)"))
    assert measure.words_of("  WITCH 39 door Élodie (ronde 4): W4s I1s T1s C3s H4s") == ["WITCH", "door"]
