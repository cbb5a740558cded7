"""benchmarks/bots runs (issue 35 point 3): its Smoorverliefd section on a tiny seeded size,
so the script cannot rot; it prints the table's rows and the strong bot's times. No test
reads a time (the benchmark reports them)."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest

from referee.bots import smoorverliefd as bots

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bots"
TINY = ["--rounds", "8", "--strong-rounds", "4", "--workers", "1", "--chunk", "2", "--seed", "7", "--matches", "40", "--resamples", "5"]


def benchmark() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("benchmark_bots", str(SCRIPT))
    spec = importlib.util.spec_from_loader("benchmark_bots", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["benchmark_bots"] = module  # dataclasses look their module up
    loader.exec_module(module)
    return module


@pytest.mark.slow
def test_benchmark_prints_every_row_seeded() -> None:
    script = benchmark()
    with mock.patch.object(bots, "BUDGET", bots.Budget(playouts=40, min_samples=3, max_samples=8, bid=12, curse=6)):
        report = script.smoorverliefd(script.arguments(TINY))
        again = script.smoorverliefd(script.arguments(TINY))
    table = [line for line in report.lines if line.startswith("| ")]
    assert [line.split(" | ")[:3] for line in table[2:]] == [
        ["| random", "random", "8"], ["| easy", "random", "8"], ["| strong", "random", "4"], ["| strong", "easy", "4"]
    ]
    assert any(line.startswith("Strong decisions timed:") for line in report.lines)
    assert json.dumps(report.data["rows"]) == json.dumps(again.data["rows"])  # the same seed plays the same rounds


def test_benchmark_reads_the_other_sections_when_their_module_is_there(tmp_path: Path) -> None:
    script = benchmark()
    assert script.more_sections(tmp_path) == []
    (tmp_path / "bots_spell_smitten.py").write_text(
        "SECTIONS = [('spellcrafter', lambda options: None)]\n", encoding="utf-8"
    )
    assert [name for name, _run in script.more_sections(tmp_path)] == ["spellcrafter"]


def test_benchmark_match_wins_from_rounds() -> None:
    script = benchmark()
    always = [script.Seen((13, 0, 0, 0), place) for place in range(4)]
    never = [script.Seen((0, 5, 4, 4), place) for place in range(4)]
    assert script.match_wins(always, 50, random.Random(1)) == 1.0
    assert script.match_wins(never, 50, random.Random(1)) == 0.0
