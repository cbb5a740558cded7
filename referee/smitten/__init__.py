"""Smitten's rules, pure: grids, instructions, legality, play, outcomes.

The public face, python-chess style::

    state = new_game(Options(SmittenMode.SOLO, None, seed="s"))
    for move in legal_moves(state): ...
    state = play(state, move)          # a new state; RuleError if illegal
    state.outcome                      # None, or Outcome(result, termination, reason)

The names below are imported on first use (PEP 562), so `referee smitten check`
loads only the modules it needs and starts quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.smitten.legality import Refusal, Rule, choices_for, is_legal, legal_moves, refusal
    from referee.smitten.play import declare_loss, new_game, play, resolve
    from referee.smitten.state import (
        Draw,
        Flipped,
        Hand,
        Kind,
        Move,
        NoDraw,
        Options,
        Outcome,
        Pending,
        Result,
        State,
        Termination,
        TurnEnd,
    )

_HOME = {
    "legality": ("Refusal", "Rule", "choices_for", "is_legal", "legal_moves", "refusal"),
    "play": ("declare_loss", "new_game", "play", "resolve"),
    "state": ("Draw", "Flipped", "Hand", "Kind", "Move", "NoDraw", "Options", "Outcome", "Pending", "Result", "State",
              "Termination", "TurnEnd"),
}
_WHERE = {name: module for module, names in _HOME.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.smitten' has no attribute {name!r}")
    return getattr(importlib.import_module(f"referee.smitten.{module}"), name)
