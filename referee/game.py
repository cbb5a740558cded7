"""The game contract: the one shape every game has, so that the save-file engine, the
command line, and later a table session, a solver or a statistic are written once.

A game is a package (``referee/smitten/``, …) that gives:

- a :class:`GameSpec` line in the registry (:mod:`referee.games`): its name, aliases,
  save-file format, and where its rules, its command group and its deal
  (:class:`DealSpec`) live;
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

Like pokerkit's operations and python-chess's ``push``: the rules return what happened
as a value, and only the command line words it.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

State = TypeVar("State")
Action = TypeVar("Action")
S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True)
class Step(Generic[S]):
    """What applying one action did: the state after it, and the effect, the game's own
    frozen record of what just happened (None when there is nothing to tell)."""

    state: S
    effect: Any = None


@dataclass(frozen=True)
class Outcome:
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


@dataclass(frozen=True)
class DealSpec:
    """How `referee deal` deals a game: names and strings, nothing imported.

    ``deal`` is called as ``function(seed, **options)`` with the options of ``options``
    that the table gave (keyword names of :func:`referee.dealing.deal`: ``players``,
    ``mode``, ``difficulty``, ``hand_size``, ``deck``, ``round_number``), and returns a
    deal with ``seed`` and ``to_json()``. Any other option is refused before dealing:
    with the game's own ``hints`` sentence for it, or by naming the deal that takes it.
    ``view`` shows the deal to people (the command line's, with Rich).
    """

    deal: str  # "module:function"
    options: tuple[str, ...] = ()
    view: str = ""  # "module:function" (table, notes, setting) for `referee deal`
    title: str = ""  # the view's heading, "French deck"; empty: the game's title
    hints: tuple[tuple[str, str], ...] = ()  # (option, why this game refuses it)
    players: str = ""  # how many players it deals, for `--players`' help: "3–5, default 4"

    def load(self) -> Any:
        return _attribute(self.deal)

    def load_view(self) -> Any:
        return _attribute(self.view)


@dataclass(frozen=True)
class GameSpec:
    """One game in the registry: everything the program needs to find the rest of it.

    The modules are named, not imported, so that ``referee --help`` and a quick entry
    of one game import nothing of the others.

    ``entry_words`` is a regular expression (matched in full, ignoring case) of the
    words typed in the game's entries (its notations, its options' values): a new save
    file's name that reads as one is refused as a forgotten file name
    (:func:`referee.savefile.check_new_name`).
    """

    name: str  # as `deal` and messages name it: "smoorverliefd"
    title: str  # as people read it, in `referee --help` and deal views: "Smoorverliefd"
    group: str  # the command group: "smoor"
    aliases: tuple[str, ...]  # other names of the group: ("smoorverliefd",)
    format: str  # the save file's format: "referee/smoorverliefd"
    rules: str  # "module:attribute" of the Rules object
    cli: str  # the module that holds the group's Typer `app`
    deal: DealSpec | None = None  # how `referee deal` deals it, if it can
    entry_words: str = ""  # regex of its entries' words: "troef|partners|…"

    def load_rules(self) -> Any:
        return _attribute(self.rules)


def _attribute(path: str) -> Any:
    import importlib

    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)
