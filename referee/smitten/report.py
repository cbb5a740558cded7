"""A state and a move's consequences in words and JSON, for the command line.

Pure: values in, strings and dicts out. What is hidden stays hidden: face-down cards
that the rules have not flipped, the deck's order, the card set aside at setup (until
an Easy Mode swap turns it face up).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.smitten.actions import Draw, Effect, Kind, Lose, Move, TurnEnd, actor_value
from referee.smitten.explain import requirement
from referee.smitten.grid import ALL, SIDE_NAMES, a, numbers
from referee.smitten.notation import GridSide, Placement
from referee.smitten.ruleset import setup_for
from referee.smitten.state import UNSEEN, Flipped, Pending, Result, Setup, State, result
from referee.wording import counted


def hand_json(state: State, actor: int) -> dict[str, Any]:
    hand = state.hands[actor]
    entry: dict[str, Any] = {"name": actor_value(state.setup, actor)}
    if state.setup.physical:
        entry["cards"] = len(hand)
    else:
        entry["face_up"] = list(hand.face_up)
        if state.setup.solo:
            entry["face_down"] = len(hand.face_down)
    return entry


def pending_json(state: State) -> dict[str, Any] | None:
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


def final_card(state: State) -> tuple[int, GridSide] | None:
    """After a win: the card that completes both grids, "as the finishing touch"."""
    left, right = state.grids
    for side, grid in ((GridSide.LEFT, left), (GridSide.RIGHT, right)):
        missing = numbers(ALL & ~grid)
        if len(missing) == 1:
            return missing[0], side
    return None


def last_cards(events: Sequence[Mapping[str, Any]]) -> tuple[Placement | None, Placement | None]:
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


def outcome_text(state: State) -> str | None:
    outcome = state.outcome
    if outcome is None:
        return None
    won = result(outcome)
    text = f"{_sentence(won.value)}: {outcome.reason}."
    final = final_card(state) if won is Result.WON else None
    if final:
        text += f" As the finishing touch, the last {final[0]} completes {SIDE_NAMES[final[1]]}."
    return text


def state_json(state: State, events: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The state as JSON; ``events`` (the file's) say which cards went in last."""
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
        "hands": [hand_json(state, actor) for actor in (0, 1)],
        "deck": len(state.deck),
        "set_aside": state.set_aside if state.swapped and state.set_aside != UNSEEN else None,
        "pending": pending_json(state),
        "requires": requirement(state),
        "outcome": None
        if outcome is None
        else {"result": result(outcome).value, "termination": outcome.termination.value, "reason": outcome.reason},
    }


def move_text(options: Setup, move: Move, start: bool = False) -> str:
    """A move as the table would say it: 'hand A plays 5L (higher)' ('Hand A …' at the
    ``start`` of a sentence; a player's own name is never changed)."""
    who = options.title(move.actor) if start else options.name(move.actor)
    if move.kind is Kind.FLIP:
        return f"{who} plays its face-down card"
    if move.kind is Kind.REVEAL:
        return f"{who} reveals {a(move.number)}"
    if move.kind is Kind.SWAP:
        return f"{who} swaps its {move.number} with the set-aside card"
    choice = f" ({move.choice.value})" if move.choice else ""
    return f"{who} {move.kind.value}s {move.placement}{choice}"


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


def _drawn(draw: Draw, physical: bool) -> str:
    """The cards a hand drew, as the table sees them: face-down cards stay hidden."""
    if physical:  # the table's own cards: only how many
        count = len(draw.face_up) + draw.face_down
        return counted(count, "card")
    parts = [" and ".join(map(str, draw.face_up))] if draw.face_up else []
    if draw.face_down:
        parts.append("a face-down card" if draw.face_down == 1 else counted(draw.face_down, "face-down card"))
    return " and ".join(parts)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def narrate(effect: Effect, after: State) -> list[str]:
    """What an action did (its effect), one sentence a line, ending with what the game
    waits for now (or how it ended)."""
    action = effect.action
    if isinstance(action, Lose):
        return [outcome_text(after) or ""]
    return [*_happened(after.setup, action, effect), what_now(after)]


def _happened(options: Setup, move: Move, effect: Effect) -> list[str]:
    title = options.title(move.actor)
    if move.kind is Kind.FLIP and effect.shown is not None:
        lines = [f"{title} flips its face-down card: {a(effect.shown)}."]
    elif move.kind is Kind.PLACE and effect.top_card:
        assert move.side is not None
        lines = [f"{title} places the top card of the deck, {a(move.number)}, in {SIDE_NAMES[move.side]}."]
    elif move.kind is Kind.SWAP:
        lines = [f"{title} sets its {move.number} aside face up and takes the set-aside {effect.taken or 'card'}."]
    else:
        lines = [move_text(options, move, start=True) + "."]
    if move.kind is Kind.PLAY and effect.shown is not None:
        lines.append(f"{options.title(1 - move.actor)} flips its face-down card: {a(effect.shown)}.")
    if effect.turn_end is not None:
        lines.append(_end_of_turn(options, effect.turn_end))
    return lines


def what_now(state: State) -> str:
    """The line that ends every answer: the result, or what the game waits for."""
    return outcome_text(state) or "Next: " + requirement(state) + "."


def _end_of_turn(options: Setup, turn_end: TurnEnd) -> str:
    """The draws at the end of a turn, as the rules recorded them."""
    if turn_end.nobody is not None:
        return f"End of turn: nobody draws ({turn_end.nobody.value})."
    draws = [f"{options.name(draw.actor)} draws {_drawn(draw, options.physical)}" for draw in turn_end.draws]
    return "End of turn: " + ", then ".join(draws) + "."
