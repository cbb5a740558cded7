"""benchmarks/bots_spell_smitten.py (the Spellcrafter and Smitten sections of
benchmarks/bots) runs on a tiny seeded size and prints its tables; the same seed plays the
same games."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "bots_spell_smitten.py"


def benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bots_spell_smitten", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bots_spell_smitten", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_spellcrafter_and_smitten_bot_benchmark_runs_on_a_tiny_seeded_size() -> None:
    module = benchmark()
    assert [section.name for section in module.SECTIONS] == ["spellcrafter", "smitten"]
    lines = module.run(rounds=3, seed=1, deals=1, workers=1)
    text = "\n".join(lines)
    assert "| strong bot |" in text and "| strong − easy (paired) |" in text and "| random bot |" in text
    assert "two-hard" in text and "Strong decisions timed" in text
    again = module.run(rounds=3, seed=1, deals=1, workers=1)
    assert [line for line in again if "timed" not in line] == [line for line in lines if "timed" not in line]
