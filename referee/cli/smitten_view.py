"""How Smitten looks to people: the two grids as 3×3 boxes, hands, deck, what is pending.

Empty cells show ``·``; the card played last is shown ``[9]`` and a card placed after it
``(3)`` (bold on a terminal), with a line under the grids that says which is which.
Face-down cards stay hidden until the rules flip them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from referee.cli.output import console
from referee.smitten.actions import Move
from referee.smitten.explain import requirement
from referee.smitten.grid import BIT, SIDE_INDEX
from referee.smitten.report import command_args, last_cards, outcome_text
from referee.smitten.state import Result, State, result
from referee.wording import counted

if TYPE_CHECKING:
    from referee.smitten.hint import Hint
    from referee.smitten.solver import Solution

_GAP = "   "


def grid_lines(state: State, events: Sequence[Mapping[str, Any]]) -> list[Text]:
    """Both grids side by side, each a box of 3×3 cells, then which card went in last
    (as the file's ``events`` say)."""
    kinds = (("[{}]", "played"), ("({})", "placed"))
    shown = [(card, shape, word) for card, (shape, word) in zip(last_cards(events), kinds, strict=True) if card is not None]
    marks = {(SIDE_INDEX[card.side], card.number): shape for card, shape, _word in shown}
    top, middle, bottom = "┌───┬───┬───┐", "├───┼───┼───┤", "└───┴───┴───┘"
    lines = [Text("  Left grid" + " " * 7 + "Right grid"), Text(top + _GAP + top)]
    for row in range(3):
        line = Text()
        for index, grid in enumerate(state.grids):
            if index:
                line.append(_GAP)
            line.append("│")
            for column in range(3):
                number = 3 * row + column + 1
                shape = marks.get((index, number))
                if not grid & BIT[number]:
                    line.append(" · ", style="dim")
                elif shape is not None:
                    line.append(shape.format(number), style="bold yellow")
                else:
                    line.append(f" {number} ", style="bold")
                line.append("│")
        lines.append(line)
        lines.append(Text((middle + _GAP + middle) if row < 2 else (bottom + _GAP + bottom)))
    legend = [f"{shape.format(card.number)} {word} last" for card, shape, word in shown]
    if legend:
        lines.append(Text(", ".join(legend)))
    return lines


def hand_lines(state: State) -> list[Text]:
    options = state.setup
    lines = []
    for actor, hand in enumerate(state.hands):
        name = options.title(actor)
        if options.physical:
            lines.append(Text(f"{name}: {counted(len(hand), 'card')} (the table's own)"))
            continue
        if not hand:
            lines.append(Text(f"{name}: empty"))
            continue
        text = f"{name}: {' '.join(map(str, hand.face_up)) or 'no face-up cards'}"
        if options.solo:
            down = len(hand.face_down)
            text += f" · face down: {counted(down, 'card')}" if down else " · no face-down card"
        lines.append(Text(text))
    deck = f"Deck: {counted(len(state.deck), 'card')}"
    if state.swapped:
        deck += f" · set aside, face up: {state.set_aside}"
    else:
        deck += " · set aside: 1 card, face down"
    lines.append(Text(deck))
    return lines


def show_state(state: State, events: Sequence[Mapping[str, Any]]) -> None:
    """The whole table: the title, both grids, the hands and deck, and what comes next."""
    out = console()
    options = state.setup
    title = Text.assemble(("Smitten", "bold"), f" — {options.label()}")
    if options.seed is not None:
        title.append(" — seed ")
        title.append(options.seed, style="bold cyan")
    title.append(f" — {counted(state.cards_in_grids, 'card')} in the grids, {counted(len(events), 'event')}")
    out.print(title)
    for line in grid_lines(state, events):
        out.print(line)
    for line in hand_lines(state):
        out.print(line)
    ended = outcome_text(state)
    if ended is not None:
        won = state.outcome is not None and result(state.outcome) is Result.WON
        out.print(Text(ended, style="bold green" if won else "bold red"))
    else:
        words = requirement(state)
        out.print(Text("Now: " + words[:1].upper() + words[1:] + "."))


def show_lines(lines: list[str]) -> None:
    out = console()
    for line in lines:
        out.print(Text(line))


def show_moves(state: State, moves: list[Move]) -> None:
    """The legal moves, per hand or player, as the arguments that make them."""
    out = console()
    result = outcome_text(state)
    if result is not None:  # the game is over: say how, once
        out.print(Text(result))
        return
    words = requirement(state)
    out.print(Text(words[:1].upper() + words[1:] + "."))
    by_actor: dict[int, list[str]] = {}
    for move in moves:
        by_actor.setdefault(move.actor, []).append(" ".join(command_args(state.setup, move, who=False)))
    for actor, texts in sorted(by_actor.items()):
        out.print(Text(f"{state.setup.title(actor)}, {counted(len(texts), 'move')}: " + ", ".join(texts)))


def show_solution(state: State, solution: Solution, timed: bool = True) -> None:
    from referee.smitten.solve_report import solution_words

    out = console()
    for line in solution_words(state, solution, timed):
        out.print(Text(line))


def show_hint(state: State, hint: Hint, seed: str, timed: bool = True) -> None:
    from referee.smitten.solve_report import hint_words

    out = console()
    for line in hint_words(state, hint, seed, timed):
        out.print(Text(line))
