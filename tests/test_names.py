"""One name, one meaning: a public class or function name defined at the top level of
two modules of referee/ is the same role in each (each game's ``Setup``, each command
group's ``new``), never two different things (issue 12 point 4)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent / "referee"  # the source, not an install (which holds dictionaries/ too)

#: Names defined in several modules on purpose, each for the same role in each place.
SAME_ROLE = {
    "Setup": "each game's table setup (the game contract's Setup)",
    "Termination": "each game's ways to end",
    "Rule": "each game's rules a refusal names (the game contract's Refusal.rule)",
    "decode": "each game's event read into its action (the game's actions module)",
    "encode": "each game's action written back as its event (the game's actions module)",
    "deal_for_table": "each game's deal (the registry's DealSpec)",
    "deal": "`referee deal` and the function it calls",
    "new": "each game's `new` command",
    "show": "each game's `show` command",
    "check": "`dict check`, `smitten check` and the Smitten check it calls",
    "situation": "each game's situation line in its view",
    "totals_line": "each game's totals line in its view",
    "SeatView": "each game's view of one seat (the game contract's view)",
    "seat_view": "each game's view of one seat (<game>/view.py)",
    "facts": "each game's hook for a season (its box's Box.facts)",
    "rematch": "each game's rematch hook (its box's Box.rematch) and the command that asks it",
    "game": "the registry's lookup of a game and its typed overloads (referee.games)",
    "verdict_reason": "why a verdict stands, worded: a placement's (Smitten) or a word's (Spellcrafter)",
    "suit_name": "a suit in words in the chosen language: a French card's (Smoorverliefd) or a Spellcrafter card's",
    "card_name": "a card in words a screen reader says: a French card's (Smoorverliefd) or a Spellcrafter card's",
    "bots": "each game's bot policies (its box's Box.bots)",
    "referee_deals": "each game's hook: whether the referee deals the cards (its box's Box.referee_deals)",
    "easy": "each game's easy bot policy (referee/bots/<game>.py)",
    "strong": "each game's strong bot policy (referee/bots/<game>.py)",
    "policy": "each game's bot policy for a level (referee/bots/<game>.py)",
    "round_story": "a finished round's story as the pages show it, each game's",
}


def top_level_names() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
                found[node.name].append(str(path.relative_to(ROOT)))
    return found


@pytest.mark.slow
def test_a_name_defined_in_several_modules_means_the_same_there():
    repeated = {name: places for name, places in top_level_names().items() if len(places) > 1}
    assert {name: places for name, places in repeated.items() if name not in SAME_ROLE} == {}


@pytest.mark.slow
def test_there_is_one_verdict_at_most():
    assert len(top_level_names().get("Verdict", [])) <= 1
