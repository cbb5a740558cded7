"""Smitten's rules, pure: grids, instructions, legality, play, outcomes.

The public face, python-chess style::

    state = new_game(Options(SmittenMode.SOLO, None, seed="s"))
    for move in legal_moves(state): ...
    state = play(state, move)          # a new state; RuleError if illegal
    step = apply(state, move)          # the new state and its Effect (what the table is told)
    state.outcome                      # None, or referee.game.Outcome(winners, termination, reason)

The game contract (:mod:`referee.game`) is :data:`referee.smitten.ruleset.RULES`.

The names below are imported on first use (PEP 562), so `referee smitten check`
loads only the modules it needs and starts quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.smitten.entry import resolve
    from referee.smitten.explain import Refusal, refusal
    from referee.smitten.legality import Rule, choices_for, is_legal, legal_moves
    from referee.smitten.play import apply, new_game, play
    from referee.smitten.state import (
        Draw,
        Effect,
        Flipped,
        Hand,
        Kind,
        Lose,
        Move,
        NoDraw,
        Options,
        Pending,
        Result,
        State,
        Termination,
        TurnEnd,
    )

_HOME = {
    "entry": ("resolve",),
    "explain": ("Refusal", "refusal"),
    "legality": ("Rule", "choices_for", "is_legal", "legal_moves"),
    "play": ("apply", "new_game", "play"),
    "state": ("Draw", "Effect", "Flipped", "Hand", "Kind", "Lose", "Move", "NoDraw", "Options", "Pending", "Result", "State",
              "Termination", "TurnEnd"),
}
_WHERE = {name: module for module, names in _HOME.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.smitten' has no attribute {name!r}")
    return getattr(importlib.import_module(f"referee.smitten.{module}"), name)
