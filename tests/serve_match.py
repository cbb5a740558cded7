"""A long Smoorverliefd match for `referee serve`'s speed (tests/test_serve_speed*.py and
benchmarks/serve): a seeded four-player match with blinde liefde and cupido, played by
recording each seat's decisions through the save-file engine, as the phones would."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from referee import savefile
from referee.decisions import seat_entry
from referee.games import game

PLAYERS = ("Anna", "Bram", "Cees", "Daan")
SETUP: dict[str, object] = {
    "players": list(PLAYERS),
    "target": 100000,  # never reached: the match goes on as long as it is played
    "variants": ["blinde-liefde", "cupido"],
    "dealer": "Anna",
    "seed": "serve-speed",
}


def rules() -> Any:
    return game("smoorverliefd").load_rules()


def next_entry(rules: Any, state: Any, rng: random.Random) -> tuple[int, Mapping[str, Any]]:
    """A seat that has a decision now and one of its choices, at random."""
    for seat in range(len(PLAYERS)):
        decisions = rules.decisions(state, seat)
        if decisions:
            decision = decisions[0]
            return seat, dict(rng.choice(decision.choices))
    raise AssertionError("nobody has a decision")


def start(path: Path) -> savefile.Saved[Any]:
    return savefile.create(path, rules(), SETUP)


def play(path: Path, entries: int | None = None, until_round: int | None = None, seed: int = 0) -> savefile.Saved[Any]:
    """Record ``entries`` entries, or entries until round ``until_round`` begins, each a
    random choice of a seat's decision (recorded with a :class:`~referee.savefile.Held`:
    a long match is built in linear time)."""
    the_rules = rules()
    held: savefile.Held[Any] = savefile.Held()
    saved = savefile.load_held(path, the_rules, held)
    rng = random.Random(seed)
    done = 0
    while (entries is None or done < entries) and (until_round is None or saved.state.current.number < until_round):
        seat, event = next_entry(the_rules, saved.state, rng)
        saved = savefile.record(path, the_rules, seat_entry(the_rules, seat, event), held=held).saved
        done += 1
    return saved
