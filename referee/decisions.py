"""A seat's entry taken from its decisions (SPEC §6.7): every front end's one door.

The rules list what a seat may decide now (:meth:`referee.game.Rules.decisions`): each
decision's kind and either every legal choice, a ready save-file event, or a form. An
entry a seat sends is such an event. :func:`seat_entry` checks that it is one of the
seat's choices now, or fills the form as the form says (its fixed keys as given, its
field added), lets the game add what the referee adds when an entry is recorded (the
time of a pick, a challenge's verdict: the game's ``complete`` hook), and reads it with
the game's one parser (``rules.decode``); the rules then judge it as any entry.

So a seat can never enter for another seat (the player is in the listed event, and a
form's fixed keys name it), and a refusal of a choice or a form never depends on what
the seat may not see: the choices are computed for that seat, and nothing else is said.

:func:`decisions_json` is what ``GET /api/seat`` holds: the decisions, each with its
prompt and its choices worded by the game's voice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from referee.errors import InputError, RuleError
from referee.game import Decision, JsonObject, JsonValue, Rules, Voice

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")

#: A game's hook that adds to a seat's event what the referee adds when it is recorded
#: (``complete(state, event) -> event``); None when the game adds nothing.
Complete = Callable[[StateT, Mapping[str, object]], Mapping[str, object]]


class NotYourDecision(RuleError):
    """The seat has no decision of this kind now, or the entry is not one of its
    choices (HTTP 409): the state moved on, or the entry was never offered."""


def not_yours(kind: str) -> NotYourDecision:
    from referee.i18n import _

    return NotYourDecision(_("{kind} is not one of your choices now; look again").format(kind=kind))


def decision_of(rules: Rules[SetupT, StateT, ActionT, EffectT], state: StateT, seat: int, event: Mapping[str, object]) -> Decision:
    """The seat's decision that ``event`` takes: one of its choices, or its form filled
    in; :class:`NotYourDecision` otherwise, :class:`InputError` for an event without a
    kind."""
    kind = event.get("kind")
    if not isinstance(kind, str):
        from referee.i18n import _

        raise InputError(_('an entry is a save file\'s event, with its `kind`: {example}').format(example='{"kind": "play", …}'))
    for decision in rules.decisions(state, seat):
        if decision.kind != kind:
            continue
        if decision.form is not None and _fills(decision, event):
            return decision
        if any(dict(event) == dict(choice) for choice in decision.choices):
            return decision
    raise not_yours(kind)


def _fills(decision: Decision, event: Mapping[str, object]) -> bool:
    """``event`` is the decision's form filled in: its fixed keys as given, its field
    there, nothing else."""
    form = decision.form
    assert form is not None
    fixed = dict(form.event)
    return form.field in event and set(event) <= {*fixed, form.field} and all(event.get(key) == value for key, value in fixed.items())


def seat_entry(
    rules: Rules[SetupT, StateT, ActionT, EffectT], seat: int, event: Mapping[str, object], complete: Complete[StateT] | None = None
) -> Callable[[StateT], ActionT]:
    """The function of the state in the file that gives the action ``seat``'s ``event``
    asks for (for :func:`referee.savefile.record`, which calls it on the state it has
    just read, under its lock): one of the seat's decisions (:func:`decision_of`),
    completed by the game (``complete``), read by the game's parser."""

    def action(state: StateT) -> ActionT:
        decision_of(rules, state, seat, event)
        return rules.decode(state, event if complete is None else complete(state, event))

    return action


def decisions_json(rules: Rules[SetupT, StateT, ActionT, EffectT], voice: Voice[StateT, EffectT], state: StateT, seat: int) -> list[JsonObject]:
    """``seat``'s decisions as ``GET /api/seat`` holds them: each with its ``kind``,
    ``prompt`` (the voice's), ``together`` (other seats decide at the same time), and
    either ``choices`` (events to POST as they are to ``/api/seat/{kind}``) with their
    ``labels`` (the voice's words for each, in the same order), or ``form``: the
    ``event`` to send with its ``field`` filled in, under ``constraints``."""
    found: list[JsonObject] = []
    for decision in rules.decisions(state, seat):
        item: JsonObject = {"kind": decision.kind, "prompt": voice.prompt(state, decision), "together": decision.together}
        if decision.form is not None:
            form = decision.form
            constraints: JsonObject = {name: _plain(value) for name, value in form.constraints}
            item["form"] = {"event": _json_object(form.event), "field": form.field, "constraints": constraints}
        else:
            item["choices"] = [dict(choice) for choice in decision.choices]
            item["labels"] = [voice.choice(state, decision, choice) for choice in decision.choices]
        found.append(item)
    return found


def _json_object(event: Mapping[str, object]) -> JsonValue:
    """A decision's event as the page gets it: its values as they are (the rules build
    them JSON-ready, a tuple a list)."""
    return {key: _plain(value) for key, value in event.items()}


def _plain(value: object) -> JsonValue:
    """A value the rules built JSON-ready (a save-file event's, a form's constraint), as
    JSON: a tuple as a list, a mapping as a dict, all the way down."""
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"not a JSON value: {value!r}")
