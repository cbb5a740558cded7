"""A state as JSON and a move as the command that makes it, for the command line.

Pure: values in, strings and dicts out; the words come from the voice
(:mod:`referee.smitten.voice`). What is hidden stays hidden: the hands come from a
seat's view (:mod:`referee.smitten.view`), so a public screen shows no private card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.smitten import voice
from referee.smitten.actions import Kind, Move, actor_value
from referee.smitten.grid import numbers
from referee.smitten.notation import Placement
from referee.smitten.ruleset import setup_for
from referee.smitten.state import Flipped, Pending, Setup, State, result
from referee.smitten.view import SeatView, view
from referee.smitten.endings import outcome_reason
from referee.smitten.voice import requirement


def hand_json(seen: SeatView, actor: int) -> dict[str, object]:
    """One hand as the view sees it: its name, how many cards, and the face-up numbers the
    view may see (a hand hidden from it shows only a card revealed for card 1)."""
    hand = seen.hands[actor]
    entry: dict[str, object] = {"name": actor_value(seen.setup, actor), "cards": hand.cards}
    if not seen.setup.physical:
        entry["face_up"] = list(hand.face_up)
        if seen.setup.solo:
            entry["face_down"] = hand.face_down
    return entry


def pending_json(state: State) -> dict[str, object] | None:
    pending = state.pending
    options = state.setup
    if isinstance(pending, Flipped):
        return {"flipped": pending.number, "by": actor_value(options, pending.by)}
    if isinstance(pending, Pending):
        return {
            "card": pending.card,
            "grid": pending.side.value,
            "by": actor_value(options, pending.by),
            "follower": actor_value(options, pending.follower),
            "choice": pending.choice.value if pending.choice else None,
            "revealed": pending.revealed,
        }
    return None


def last_cards(events: Sequence[Mapping[str, object]]) -> tuple[Placement | None, Placement | None]:
    """The card played last, and the card placed after it (None when the last card put
    into a grid was played), as the file's events (already replayed) record them. A
    placed card triggers nothing, so the table wants to tell them apart: the played card
    is the one whose instruction was followed. The state does not keep them: two equal
    positions are equal states, however they were reached."""
    placed = None
    for event in reversed(events):
        kind = event.get("kind")
        if kind == Kind.PLAY.value:
            return Placement.parse(str(event["card"])), placed
        if kind == Kind.PLACE.value and placed is None:
            placed = Placement.parse(str(event["card"]))
    return None, placed


def state_json(state: State, events: Sequence[Mapping[str, object]], seat: int | None = None) -> dict[str, object]:
    """The state as JSON, as ``seat`` may see it (None: the public); ``events`` (the
    file's) say which cards went in last."""
    seen = view(state, seat)
    left, right = state.grids
    outcome = state.outcome
    played, placed = last_cards(events)
    last = placed or played
    return {
        "game": "smitten",
        "setup": setup_for(state.setup),
        "grids": {"L": numbers(left), "R": numbers(right)},
        "cards_in_grids": state.cards_in_grids,
        "last": str(last) if last else None,
        "played_last": str(played) if played else None,
        "placed_last": str(placed) if placed else None,
        "seat": None if seat is None else actor_value(state.setup, seat),
        "hands": [hand_json(seen, actor) for actor in (0, 1)],
        "deck": seen.deck,
        "set_aside": seen.set_aside,
        "pending": pending_json(state),
        "requires": requirement(state),
        "outcome": None
        if outcome is None
        else {"result": result(outcome).value, "termination": outcome.termination.value, "reason": outcome_reason(state, outcome)},
    }


def command_args(options: Setup, move: Move, who: bool = True) -> list[str]:
    """The `referee smitten` arguments that make ``move``, after the command's FILE:
    ``["play", "down", "--hand", "A"]`` is ``referee smitten play FILE down --hand A``.

    With ``who`` the option naming who moves is included (``--hand`` solo, ``--by`` with
    two players), so the entry never depends on what the referee could infer.
    """
    if move.kind is Kind.FLIP:
        args = ["play", "down"]
    elif move.kind in (Kind.PLAY, Kind.PLACE):
        args = [move.kind.value, move.placement]
    else:
        args = [move.kind.value, str(move.number)]
    if move.choice is not None:
        args += ["--choose", move.choice.value]
    if who:
        args += ["--hand" if options.solo else "--by", str(actor_value(options, move.actor))]
    return args


#: The line that ends every answer: the result, or what the game waits for (the voice's
#: words, :func:`referee.smitten.voice.what_now`; table mode's status line asks here).
what_now = voice.what_now
