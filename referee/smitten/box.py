"""Smitten as every feature sees it (:class:`referee.box.Box`): its rules, its voice,
and the hooks a season and a rematch read.

The rematch: Smitten is cooperative, and whoever plays becomes the active player; the
seats stay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.fair.scheme import Fair
from referee.fair.rules import EntropyGiven, GiveEntropy
from referee.fair.voice import FairVoice
from referee.box import Box, MatchFacts
from referee.rematch import renewed
from referee.smitten.actions import Action, Effect
from referee.smitten.ruleset import RULES
from referee.smitten.state import Setup, State
from referee.smitten.voice import VOICE

if TYPE_CHECKING:
    from referee.bots import Policy


def facts(state: State) -> MatchFacts:
    """Cooperative: no points; the mode, and how many cards the grids hold (how far a
    lost game got). Seats have names only when the two players were named."""
    setup = state.setup
    names = () if setup.solo or not setup.players else tuple(setup.players)
    flags = [name for name, on in (("easy", setup.easy), ("hard1", setup.hard1), ("hard2", setup.hard2)) if on]
    level = "+".join(flags) if setup.solo else (setup.difficulty.value if setup.difficulty is not None else "")
    mode = f"{setup.mode.value} {level}".strip()
    cards = sum(bin(grid).count("1") for grid in state.grids)
    return MatchFacts(names, None, None, True, {"mode": mode, "cards": cards})


def rematch(state: State, seed: str | None, fair: Fair | None) -> Setup:
    """The same seats."""
    setup = state.setup
    return replace(setup, seed=renewed(setup.seed, seed), fair=renewed(setup.fair, fair))


def bots(level: str) -> Policy:
    """The bot of ``level``: the hint policy as a partner (:mod:`referee.bots.smitten`,
    imported when a bot plays)."""
    from referee.bots.smitten import policy

    return policy(level)


def referee_deals(state: State) -> bool:
    """Whether the referee deals the cards (a seed or a fair deal): a bot can play then."""
    return state.setup.seed is not None or state.setup.fair is not None


GAME: Box[Setup, State, Action | GiveEntropy, Effect | EntropyGiven] = Box(RULES, FairVoice(VOICE, RULES), facts, rematch, bots=bots, referee_deals=referee_deals)
