"""The game contract: the one shape every game has, so that the save-file engine, the
command line, table mode and the web page are written once for every game.

A game is a package (``referee/smitten/``, …) that gives:

- a :class:`~referee.games.GameSpec` line in the registry (:mod:`referee.games`): its
  name, aliases, save-file format, and where its rules, its game object (a :class:`Box`:
  rules, voice and the hooks features read), its command group, its table hooks and its
  deal live;
- a :class:`Rules` object, pure (no printing, no files, no sentences, no flags):

  ``read_setup`` / ``write_setup``   the ``[setup]`` table ⇄ the game's checked setup
  ``start(setup)``                   the state before any event
  ``decode`` / ``encode``            a save file's event ⇄ an action (the game's move);
                                     ``decode`` raises ``InputError`` for a value of the
                                     wrong shape, speaking of the file
  ``refusal(state, action)``         the :class:`Refusal` (the rule broken and its
                                     parameters), or None: the one definition of
                                     legality. It never raises.
  ``apply(state, action)``           → :class:`Step`: the new state and the effect, a
                                     typed record of what just happened; it raises
                                     :class:`~referee.errors.Refused` with the refusal
                                     for an action the rules forbid
  ``legal_actions(state)``           every legal action now (lazily)
  ``outcome(state)``                 :class:`Outcome` once the game is over, else None
  ``view(state, seat)``              what one seat may see (``None``: the public, a seat
                                     with no private cards): the only door to private
                                     cards for any screen
  ``seats(state)``                   the seats' names, in seating order
  ``decisions(state, seat)``         what ``seat`` may decide now (SPEC §6.7): a tuple of
                                     :class:`Decision`, each with every legal choice as a
                                     ready save-file event, or a :class:`Form` where the
                                     choices cannot be listed. Built from ``legal_actions``
                                     and ``refusal``: never a second definition of legality

- a :class:`Voice`: the one module per game that words refusals, effects, outcomes,
  events, the situation (what the game waits for) and each decision's prompt, in the
  chosen language (:mod:`referee.i18n`). Front ends call the rules for
  values and the voice for words; they never trim or parse the words.

Like pokerkit's operations and python-chess's ``push``: the rules return what happened
as a value, and only a voice words it. Like OpenSpiel's observations: a seat's view is
computed from the state by the rules, not filtered by a front end.

``Step``, ``Outcome`` and ``Refusal`` are named tuples rather than dataclasses: every
command loads this module, and a named tuple costs a tenth of a frozen dataclass to
define. Actions and effects are named tuples too, made :func:`distinct` so that two of
different kinds never compare equal (a plain named tuple is equal to any tuple of the
same values).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, Union

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")
S = TypeVar("S")
E = TypeVar("E")
T = TypeVar("T", bound=type)

#: A JSON value (what ``json.loads`` gives and ``json.dumps`` takes): the web pages'
#: payloads and the ``--json`` answers. A save file's event or ``[setup]`` table, as read,
#: is a ``Mapping[str, object]`` (TOML holds dates too), checked where it is read.
JsonValue = Union[None, bool, int, float, str, list["JsonValue"], dict[str, "JsonValue"]]
JsonObject = dict[str, JsonValue]


def distinct(cls: T) -> T:
    """Make a named tuple class compare by kind as well as by value: ``Bids(()) ==
    PlayTrick(())`` is False, and a value is never equal to a bare tuple."""

    def __eq__(self: tuple[object, ...], other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self: tuple[object, ...], other: object) -> bool:
        return not __eq__(self, other)

    def __hash__(self: tuple[object, ...]) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))

    cls.__eq__ = __eq__  # type: ignore[assignment]
    cls.__ne__ = __ne__  # type: ignore[assignment]
    cls.__hash__ = __hash__  # type: ignore[assignment]
    return cls


@distinct
class Step(NamedTuple, Generic[S, E]):
    """What applying one action did: the state after it, and the effect, the game's own
    typed record of what just happened (None when there is nothing to tell)."""

    state: S
    effect: E


@distinct
class Outcome(NamedTuple):
    """How a game ended, the same type for every game, with no words in it.

    ``winners`` are seats (for a side game such as partners Smoorverliefd, the seats of
    the winning duo; for a cooperative game that is won, every seat; lost, none).
    ``termination`` is the game's own enum member naming the way it ended;
    ``details`` its parameters (the card that could not be followed, the seat…), as
    ``(name, value)`` pairs, for the voice.
    """

    winners: tuple[int, ...]
    termination: enum.Enum
    details: tuple[tuple[str, object], ...] = ()

    def detail(self, name: str, default: object = None) -> Any:  # Any: the voice knows each detail's type
        return dict(self.details).get(name, default)


@distinct
class Form(NamedTuple):
    """A decision whose choices cannot be listed (a Spellcrafter word, a word of
    entropy): the event to send is ``event`` with ``field`` filled in by the seat, under
    ``constraints`` (``(name, value)`` pairs in the game's values: ``("from", (cards…))``
    the tokens it may use, ``("min", 3)``, ``("max_length", 40)``), which a page uses to
    help and the rules judge again when the event arrives."""

    event: Mapping[str, object]
    field: str
    constraints: tuple[tuple[str, object], ...] = ()

    def constraint(self, name: str, default: object = None) -> Any:  # Any: the page knows each constraint's type
        return dict(self.constraints).get(name, default)


@distinct
class Decision(NamedTuple):
    """One decision a seat may take now (SPEC §6.7), like Board Box Arena's possible
    actions with their arguments: its ``kind`` (the save-file event kind it produces) and
    either ``choices``, every legal one as a ready event (``{"kind": "bid", "bids":
    {"Anna": 3}}``), or a :class:`Form`. ``together``: several seats take a decision of
    this kind at once (the draft's picks, blinde liefde's bids), so one seat's entry does
    not make another's page out of date.

    A choice listed is accepted by ``apply`` while the state has not moved on; every
    legal action of the seat is listed (property tests check both, per game).
    """

    kind: str
    seat: int
    choices: tuple[Mapping[str, Any], ...] = ()  # Any: front ends and tests read a choice's values unchecked
    form: Form | None = None
    together: bool = False


def decided(decisions: Iterable[Decision]) -> tuple[Decision, ...]:
    """``decisions`` without the empty ones (no choice and no form): nothing to decide."""
    return tuple(decision for decision in decisions if decision.choices or decision.form is not None)


def offer(rules: Rules[SetupT, StateT, ActionT, EffectT], state: StateT, kind: str, seat: int, actions: Iterable[ActionT],
           together: bool = False) -> Decision:  # fmt: skip
    """A decision of ``kind`` for ``seat`` whose choices are ``actions`` (each once, in
    the order given), each as its save-file event (``rules.encode``)."""
    events = tuple(rules.encode(state, action) for action in dict.fromkeys(actions))
    return Decision(kind, seat, events, together=together)


@distinct
class Refusal(NamedTuple):
    """Why the rules forbid an action: the rule broken (the game's own enum member) and
    its parameters (the card, the seat, the counts), as ``(name, value)`` pairs in the
    values of the game (seats as numbers, cards as cards), never words.

    ``unusable`` marks a refusal of input that cannot be used at all in this state (a
    bid in a match without bids; exit 2) rather than one the rules forbid (exit 1).
    Build one with :func:`refuse`.
    """

    rule: enum.Enum
    params: tuple[tuple[str, Any], ...] = ()  # Any: the voice knows each parameter's type
    unusable: bool = False

    def __getitem__(self, name: Any) -> Any:  # Any: a parameter by name (its type the voice knows), or a field by position
        if isinstance(name, str):
            return dict(self.params)[name]
        return tuple.__getitem__(self, name)

    def get(self, name: str, default: object = None) -> Any:
        return dict(self.params).get(name, default)

    @property
    def exit_code(self) -> int:
        return 2 if self.unusable else 1


def refuse(rule: enum.Enum, *, unusable: bool = False, **params: object) -> Refusal:
    """``refuse(Rule.NOT_IN_HAND, card=card, seat=2)``: a :class:`Refusal`."""
    return Refusal(rule, tuple(params.items()), unusable)


class Rules(Protocol[SetupT, StateT, ActionT, EffectT]):
    """What every game implements (see the module docstring)."""

    format: str  # the save file's format, e.g. "referee/smoorverliefd"
    version: int  # the schema version this program writes and understands
    command: str  # e.g. "referee smoor", the group to type (front ends only)

    def read_setup(self, table: Mapping[str, object]) -> SetupT: ...

    def write_setup(self, setup: SetupT) -> dict[str, object]: ...

    def start(self, setup: SetupT) -> StateT: ...

    def decode(self, state: StateT, event: Mapping[str, object]) -> ActionT: ...

    def encode(self, state: StateT, action: ActionT) -> dict[str, object]: ...

    def apply(self, state: StateT, action: ActionT) -> Step[StateT, EffectT]: ...

    def refusal(self, state: StateT, action: ActionT) -> Refusal | None: ...

    def legal_actions(self, state: StateT) -> Iterable[ActionT]: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def seats(self, state: StateT) -> tuple[str, ...]: ...

    def view(self, state: StateT, seat: int | None) -> Any: ...  # Any: each game's own seat view (no type parameter for it)

    def decisions(self, state: StateT, seat: int) -> tuple[Decision, ...]: ...


class Voice(Protocol[StateT, EffectT]):
    """A game's words, in the chosen language (:mod:`referee.i18n`): the one place its
    values become sentences, for the command line, table mode and the web page alike."""

    def refusal(self, state: StateT, refusal: Refusal, in_file: bool = False) -> str:
        """Why an action is refused, as one line; ``in_file``: a save file's event is
        judged (name the file's keys, not the command line's options)."""
        ...

    def effect(self, before: StateT, step: Step[StateT, EffectT]) -> str:
        """What an action just did, as one line."""
        ...

    def outcome(self, state: StateT, outcome: Outcome) -> str:
        """How the game ended ("Bram wins with 103 points")."""
        ...

    def event(self, event: Mapping[str, object]) -> str:
        """One line for ``history``: a save file's event as it was entered."""
        ...

    def situation(self, state: StateT) -> str:
        """What the game waits for, for the whole table, as one line ("Round 2 — Bram
        deals; Cees leads", "Waiting for the bids of round 3"); the public's: no card a
        seat may not see. Empty once the game is over (the outcome says it)."""
        ...

    def prompt(self, state: StateT, decision: Decision) -> str:
        """The prompt of a decision, for the seat that takes it ("Your bid: how many
        hearts will you take?", "Name the cursed suit")."""
        ...

    def choice(self, state: StateT, decision: Decision, event: Mapping[str, object]) -> str:
        """One choice of a decision, as a button or a card's accessible name says it
        ("3", "♠ spades", "pass", "queen of hearts")."""
        ...

    def history_detail(self, before: StateT, event: Mapping[str, object], step: Step[StateT, EffectT]) -> dict[str, object]:
        """What ``history`` says more of an event in its context (``section``,
        ``round``, a fuller ``summary``…), ``{}`` when nothing."""
        ...
