"""Smoorverliefd matches in each state a page shows, as save files, for the browser tests
and the README's screenshots: the fair words still due, the bids coming in, the curse
to name, a trick half played, a round just finished (its story shown), a match over."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import savefile
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup

NAMES = ["Anna", "Bram", "Cees", "Daan"]
VARIANTS = ["blinde-liefde", "cupido"]


def played_until(stop: Callable[[Match], bool]) -> Callable[[list[Any], Any], list[Any]]:
    """A rewrite (:func:`referee.savefile.rewrite`) that adds the rules' first legal
    entry, again and again, until ``stop(match)`` (or the match is over)."""

    def rewrite(events: list[Any], state: Any) -> list[Any]:
        added = []
        while state.outcome is None and not stop(state):
            action = next(iter(RULES.legal_actions(state)))
            added.append(RULES.encode(state, action))
            state = RULES.apply(state, action).state
        return [*events, *added]

    return rewrite


def new_match(path: Path, seed: str = "states", target: int = 100, variants: list[str] | None = None) -> Path:
    savefile.create(path, RULES, Setup.build(NAMES, seed=seed, target=target, variants=VARIANTS if variants is None else variants))
    return path


def bidding(folder: Path) -> Path:
    """Round 1 of blinde liefde and Cupido: Anna and Cees have bid."""
    path = new_match(folder / "bidding.toml")
    for name, bid in (("Anna", 3), ("Cees", 4)):
        savefile.record(path, RULES, {"kind": "bid", "bids": {name: bid}})
    return path


def round_over(folder: Path, rounds: int = 2, variants: list[str] | None = None, target: int = 100) -> Path:
    """``rounds`` rounds played, the next one not begun: the story of the last one shows."""
    path = new_match(folder / f"round-{rounds}.toml", target=target, variants=variants)
    savefile.rewrite(path, RULES, played_until(lambda match: len(match.rounds) >= rounds))
    return path


def cursing(folder: Path) -> Path:
    """Round 2 of blinde liefde and Cupido: every bid in, the dealer to name the cursed suit."""
    path = round_over(folder, 1)
    state = savefile.load(path, RULES).state
    savefile.record(path, RULES, {"kind": "bid", "bids": dict(zip(NAMES, (3, 2, 4, 0)))})
    assert state.current.cursed_suit is None
    return path


def mid_trick(folder: Path) -> Path:
    """Round 3: the curse and the bids in, two tricks and two cards of the third played."""
    path = round_over(folder, 2)
    savefile.rewrite(path, RULES, played_until(lambda match: len(match.current.tricks) == 2 and len(match.current.table) == 2))
    return path


def over(folder: Path) -> Path:
    """A match played to its end (target 40), in a folder with two more finished ones: the
    season's line shows."""
    for number in (1, 2):
        old = new_match(folder / f"earlier-{number}.toml", seed=f"earlier {number}", target=40)
        savefile.rewrite(old, RULES, played_until(lambda match: False))
    path = new_match(folder / "over.toml", target=40)
    savefile.rewrite(path, RULES, played_until(lambda match: False))
    assert savefile.load(path, RULES).state.outcome is not None
    return path


def fair(folder: Path) -> Path:
    """A fair match whose words of entropy are still due (no card dealt yet)."""
    path = folder / "fair.toml"
    subprocess.run([sys.executable, "-m", "referee", "smoor", "new", str(path), *NAMES, "--fair"], check=True, capture_output=True)
    return path


def fair_dealt(folder: Path) -> Path:
    """A fair match whose words are all in: the cards dealt, the fair panel on every page."""
    path = fair(folder)
    for name, word in zip(NAMES, ("kiwi", "lamp", "moss", "nutmeg")):
        savefile.record(path, RULES, {"kind": "entropy", "player": name, "word": word})
    return path


#: Each state a page shows, by name: how to make its file in a folder.
STATES: dict[str, Callable[[Path], Path]] = {
    "fair": fair,
    "fair-dealt": fair_dealt,
    "bidding": bidding,
    "curse": cursing,
    "mid-trick": mid_trick,
    "round-over": round_over,
    "over": over,
}


def long_match(folder: Path) -> Path:
    """Twenty rounds played (target 1000), the twenty-first not begun: the longest table
    of rounds a TV must still fit."""
    return round_over(folder, 20, target=1000)


def seat_shown(path: Path) -> int:
    """The phone worth looking at in a state: the seat with a decision, the cursed suit
    first, then a card to play, then a bid; else Bram's."""
    state = savefile.load(path, RULES).state
    kinds = {seat: {decision.kind for decision in RULES.decisions(state, seat)} for seat in range(len(NAMES))}
    for kind in ("curse", "play", "bid"):
        for seat, has in kinds.items():
            if kind in has:
                return seat
    return 1
