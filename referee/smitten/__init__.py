"""Smitten's rules, pure: grids, instructions, legality, play, outcomes.

The public face, python-chess style::

    state = new_game(Setup(SmittenMode.SOLO, None, seed="s"))
    for move in legal_moves(state): ...
    refusal(state, move)               # None, or why the rules say no: a referee.game.Refusal
    state = play(state, move)          # a new state; referee.errors.Refused if illegal
    step = apply(state, move)          # the new state and its Effect (what the table is told)
    state.outcome                      # None, or referee.game.Outcome(winners, termination, details)
    VOICE.refusal(state, refused)      # the words, in the chosen language (referee.smitten.voice)

The modules: ``state`` (the values: Setup, Hand, Pending, State), ``actions`` (Move,
Lose, their Effect, and the events that record them: decode/encode), ``grid`` and
``instructions`` (the cards' geometry and words), ``legality`` (what is allowed: the one
definition), ``engine`` (apply an action: ``play`` and ``apply``), ``entry`` (typed words to a move), ``ruleset``
(the game contract of :mod:`referee.game`: :data:`~referee.smitten.ruleset.RULES`),
``view`` (what a seat may see), ``voice`` (every word: effects, outcomes, events),
``words`` (the small words: who, which grid, a card's instruction), ``explain`` (a
refusal in words), ``report`` (JSON for the command line), ``check`` (one placement
judged without a game file) and ``check_report`` (its words).

The names below are imported on first use (PEP 562), so `referee smitten check`
loads only the modules it needs and starts quickly.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.smitten.actions import Draw, Effect, Kind, Lose, Move, NoDraw, TurnEnd, encode
    from referee.smitten.entry import decode, resolve
    from referee.smitten.legality import Rule, choices_for, is_legal, legal_moves
    from referee.smitten.engine import apply as apply, new_game as new_game, play as play, refusal as refusal
    from referee.smitten.state import Flipped, Hand, Pending, Result, Setup, State, Termination

_HOME = {
    "entry": ("decode", "resolve"),
    "legality": ("Rule", "choices_for", "is_legal", "legal_moves"),
    "engine": ("apply", "new_game", "play", "refusal"),
    "actions": ("Draw", "Effect", "Kind", "Lose", "Move", "NoDraw", "TurnEnd", "encode"),
    "state": ("Flipped", "Hand", "Pending", "Result", "Setup", "State", "Termination"),
}
_WHERE = {name: module for module, names in _HOME.items() for name in names}
__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'referee.smitten' has no attribute {name!r}")
    return getattr(importlib.import_module(f"referee.smitten.{module}"), name)
