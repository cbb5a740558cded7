"""Smitten games in the states a table's screen and a phone must show (issue 33 point 4):
two players or solo, mid-game, a 5 played (its higher or lower told), a card revealed for
card 1, and over (won, or lost and why). Each is a seeded game played along the solver's
winning line (or, for a loss, by a seeded random player) and written to a save file as
the command line writes it. Used by tests/test_browser_smitten_states.py and the
README's screenshots (examples/screenshots/take.py)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from referee import savefile
from referee.smitten.ruleset import RULES
from referee.smitten.solver import solve
from referee.smitten.dealing import SmittenMode
from referee.smitten.state import Pending, Setup, State

SEED = "w0"  # two players: its winning line reveals a 2 for card 1 and plays 5s (lower)
PLAYERS = ("Anna", "Bram")


class Made(NamedTuple):
    path: Path
    seat: int  # whose phone shows the state best (the one who moves next, if any)


def _setup(solo: bool) -> Setup:
    return Setup(mode=SmittenMode.SOLO, seed=SEED) if solo else Setup(seed=SEED, players=PLAYERS)


def _write(path: Path, setup: Setup, until: Callable[[State, int], bool], random_seed: int | None = None) -> Made:
    """A game of ``setup`` (seed :data:`SEED`) played until ``until(state, moves)``: along the
    solver's winning line, or at random (``random_seed``) to its end."""
    saved = savefile.create(path, RULES, setup)
    state = saved.state
    line = list(solve(state).line or ()) if random_seed is None else []
    chooser = random.Random(random_seed)
    moves = 0
    events: list[dict[str, Any]] = []
    while not until(state, moves) and state.outcome is None:
        action = line[moves] if random_seed is None else chooser.choice(list(RULES.legal_actions(state)))
        events.append(RULES.encode(state, action))
        state = RULES.apply(state, action).state
        moves += 1
    if events:
        savefile.rewrite(path, RULES, lambda old, _state: [*old, *events])
    return Made(path, _mover(state))


def _mover(state: State) -> int:
    pending = state.pending
    return pending.follower if isinstance(pending, Pending) else 0


def _pending(card: int, revealed: bool = False) -> Callable[[State, int], bool]:
    def reached(state: State, moves: int) -> bool:
        pending = state.pending
        return isinstance(pending, Pending) and pending.card == card and (pending.revealed is not None) == revealed

    return reached


def mid_game(folder: Path, solo: bool = False) -> Made:
    """Some moves along the winning line: both grids begun (two players: a 9 to follow;
    solo: a 4)."""
    return _write(folder / f"mid-{'solo' if solo else 'two'}.toml", _setup(solo), lambda _state, moves: moves >= (10 if solo else 6))


def five(folder: Path) -> Made:
    """Two players: a 5 was just played, lower (the partner must place lower in the other grid)."""
    return _write(folder / "five.toml", _setup(False), _pending(5))


def choosing(folder: Path) -> Made:
    """Two players, a new turn whose winning move plays a 5: its player's phone asks higher or lower."""
    return _write(folder / "choosing.toml", _setup(False), lambda _state, moves: moves >= 3)


def revealed(folder: Path) -> Made:
    """Two players: card 1 played, and the partner has revealed a card of their hand."""
    return _write(folder / "revealed.toml", _setup(False), _pending(1, revealed=True))


def won(folder: Path, solo: bool = False) -> Made:
    return _write(folder / f"won-{'solo' if solo else 'two'}.toml", _setup(solo), lambda _state, _moves: False)


def lost(folder: Path, solo: bool = False) -> Made:
    """Played at random until it is lost (seeded: the same loss every time)."""
    made = _write(folder / f"lost-{'solo' if solo else 'two'}.toml", _setup(solo), lambda _state, _moves: False, random_seed=3)
    outcome = savefile.load(made.path, RULES).state.outcome
    assert outcome is not None and not outcome.winners
    return made


#: Every state, by name: a function of a folder that writes its file.
STATES: dict[str, Callable[[Path], Made]] = {
    "two-mid": mid_game, "two-five": five, "two-revealed": revealed, "two-won": won, "two-lost": lost,
    "solo-mid": lambda folder: mid_game(folder, solo=True), "solo-won": lambda folder: won(folder, solo=True),
    "solo-lost": lambda folder: lost(folder, solo=True),
}  # fmt: skip
