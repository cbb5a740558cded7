"""The game contract: the one shape every game has, so that the save-file engine, the
command line, and later a table session, a solver or a statistic are written once.

A game is a package (``referee/smitten/``, …) that gives:

- a :class:`~referee.games.GameSpec` line in the registry (:mod:`referee.games`): its
  name, aliases, save-file format, and where its rules, its command group and its deal
  (:class:`~referee.games.DealSpec`) live;
- a :class:`Rules` object, pure (no printing, no files):

  ``read_setup`` / ``write_setup``   the ``[setup]`` table ⇄ the game's checked setup
  ``start(setup)``                   the state before any event
  ``decode`` / ``encode``            a save file's event ⇄ an action (the game's move)
  ``apply(state, action)``           → :class:`Step`: the new state and the effect, what
                                     just happened ("Bram wins the trick with A♠"); it
                                     raises ``RuleError`` with :meth:`Rules.refusal`'s
                                     reason for an action the rules forbid
  ``refusal(state, action)``         why the rules forbid an action, or None: the one
                                     definition of legality
  ``legal_actions(state)``           every legal action, where a game can list them
                                     (Smitten), else None
  ``outcome(state)``                 :class:`Outcome` once the game is over, else None
  ``describe(event)``                one line for ``history``
  ``history_detail(before, event, step)``
                                     what ``history`` says more of an event in its
                                     context (``section``, ``round``, a fuller
                                     ``summary``…), ``{}`` when nothing

The attributes ``format`` and ``command`` say the save file's format and the command
group to type; they agree with the game's registry line (``tests/test_registry.py``
checks it for every game).

:class:`Step`'s ``effect`` is typed ``Any``: each game's effects are its own frozen
dataclasses (a union per game), and the command line narrows them with ``isinstance``.

``Step`` and ``Outcome`` are named tuples rather than dataclasses: every command loads
this module, and a named tuple costs a tenth of a frozen dataclass to define.

Like pokerkit's operations and python-chess's ``push``: the rules return what happened
as a value, and only the command line words it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

State = TypeVar("State")
Action = TypeVar("Action")
S = TypeVar("S")
A = TypeVar("A")


class Step(NamedTuple, Generic[S]):
    """What applying one action did: the state after it, and the effect, the game's own
    frozen record of what just happened (None when there is nothing to tell)."""

    state: S
    effect: Any = None


class Outcome(NamedTuple):
    """How a game ended, the same type for every game.

    ``winners`` are seats (for a side game such as partners Smoorverliefd, the seats of
    the winning duo; for a cooperative game that is won, every seat; lost, none).
    ``termination`` is the game's own enum member naming the way it ended, and
    ``reason`` says it in words ("lost: player 2 could not follow card 4").
    """

    winners: tuple[int, ...]
    termination: enum.Enum
    reason: str

    def __str__(self) -> str:
        return self.reason


class Rules(Protocol[State, Action]):
    """What every game implements (see the module docstring)."""

    format: str  # the save file's format, e.g. "referee/smoorverliefd"
    version: int  # the schema version this program writes and understands
    command: str  # e.g. "referee smoor", for messages that say what to type

    def read_setup(self, table: Mapping[str, Any]) -> Any: ...

    def write_setup(self, setup: Any) -> dict[str, Any]: ...

    def start(self, setup: Any) -> State: ...

    def decode(self, state: State, event: Mapping[str, Any]) -> Action: ...

    def encode(self, state: State, action: Action) -> dict[str, Any]: ...

    def apply(self, state: State, action: Action) -> Step[State]: ...

    def refusal(self, state: State, action: Action) -> str | None: ...

    def legal_actions(self, state: State) -> Iterable[Action] | None: ...

    def outcome(self, state: State) -> Outcome | None: ...

    def describe(self, event: Mapping[str, Any]) -> str: ...

    def history_detail(self, before: State, event: Mapping[str, Any], step: Step[State]) -> dict[str, Any]: ...
