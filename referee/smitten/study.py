"""The winnability study: how often a random Smitten deal can be won, in every mode.

For each mode, deals from the seeds ``PREFIX-0``, ``PREFIX-1``, … are played three
ways: with perfect information (the solver: is the deal winnable at all?), by the hint
policy (every decision taken by :func:`referee.smitten.hint.hint`, which sees only what
the player to act sees), and by random legal play. Each share comes with its 95 %
Wilson interval. Deals are independent, so they are spread over processes.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.state import Setup

#: The modes of the table, in its order: name → the setup of a deal from a seed.
MODES: dict[str, Callable[[str], Setup]] = {
    "two easy": lambda seed: Setup(SmittenMode.TWO, Difficulty.EASY, seed=seed),
    "two medium": lambda seed: Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed=seed),
    "two hard": lambda seed: Setup(SmittenMode.TWO, Difficulty.HARD, seed=seed),
    "solo": lambda seed: Setup(SmittenMode.SOLO, None, seed=seed),
    "solo easy": lambda seed: Setup(SmittenMode.SOLO, None, easy=True, seed=seed),
    "solo hard1": lambda seed: Setup(SmittenMode.SOLO, None, hard1=True, seed=seed),
    "solo hard2": lambda seed: Setup(SmittenMode.SOLO, None, hard2=True, seed=seed),
    "solo easy+hard1+hard2": lambda seed: Setup(SmittenMode.SOLO, None, easy=True, hard1=True, hard2=True, seed=seed),
}
