"""How Smitten looks to people: the two grids as 3×3 boxes, hands, deck, what is pending.

Empty cells show ``·``; the card played last is shown ``[9]`` and a card placed after it
``(3)`` (bold on a terminal), with a line under the grids that says which is which.
The hands are drawn from a seat's view (:mod:`referee.smitten.view`): a public screen
shows no private card. The words are the voice's (:mod:`referee.smitten.voice`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from referee.cli.output import console
from referee.i18n import _, ngettext
from referee.smitten.actions import Move
from referee.smitten.grid import BIT, SIDE_INDEX
from referee.smitten.report import command_args, last_cards
from referee.smitten.state import State
from referee.smitten.view import view
from referee.smitten.voice import outcome_text, requirement
from referee.smitten.words import capital, cards, label, name, title

if TYPE_CHECKING:
    from referee.smitten.hint import Hint
    from referee.smitten.solver import Solution

_GAP = "   "


def grid_lines(state: State, events: Sequence[Mapping[str, object]]) -> list[Text]:
    """Both grids side by side, each a box of 3×3 cells, then which card went in last
    (as the file's ``events`` say)."""
    kinds = (("[{}]", _("{card} played last")), ("({})", _("{card} placed last")))
    shown = [(card, shape, word) for card, (shape, word) in zip(last_cards(events), kinds, strict=True) if card is not None]
    marks = {(SIDE_INDEX[card.side], card.number): shape for card, shape, _word in shown}
    top, middle, bottom = "┌───┬───┬───┐", "├───┼───┼───┤", "└───┴───┴───┘"
    left, right = _("Left grid"), _("Right grid")
    lines = [Text("  " + left + " " * max(1, 16 - len(left)) + right), Text(top + _GAP + top)]
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
    legend = [word.format(card=shape.format(card.number)) for card, shape, word in shown]
    if legend:
        lines.append(Text(", ".join(legend)))
    return lines


def hand_lines(state: State, seat: int | None = None) -> list[Text]:
    """The hands as ``seat`` may see them (None: the public), then the deck."""
    seen = view(state, seat)
    options = state.setup
    lines = []
    for actor, hand in enumerate(seen.hands):
        who = title(options, actor)
        if options.physical:
            lines.append(Text(_("{who}: {cards} (the table's own)").format(who=who, cards=cards(hand.cards))))
            continue
        if not hand.cards:
            lines.append(Text(_("{who}: empty").format(who=who)))
            continue
        if hand.seen:
            text = "{who}: {cards}".format(who=who, cards=" ".join(map(str, hand.face_up)) or _("no face-up cards"))
            if options.solo:
                down = hand.face_down
                text += " · " + (_("face down: {cards}").format(cards=cards(down)) if down else _("no face-down card"))
        else:
            text = _("{who}: {cards}, not shown").format(who=who, cards=cards(hand.cards))
            if hand.face_up:
                text += " · " + _("revealed: {card}").format(card=", ".join(map(str, hand.face_up)))
        lines.append(Text(text))
    deck = _("Deck: {cards}").format(cards=cards(seen.deck))
    if seen.set_aside is not None:
        deck += " · " + _("set aside, face up: {card}").format(card=seen.set_aside)
    else:
        deck += " · " + _("set aside: 1 card, face down")
    lines.append(Text(deck))
    return lines


def show_state(state: State, events: Sequence[Mapping[str, object]], seat: int | None = None) -> None:
    """The whole table as ``seat`` may see it: the title, both grids, the hands and deck,
    and what comes next."""
    out = console()
    options = state.setup
    heading = Text.assemble(("Smitten", "bold"), f" — {label(options)}")
    if options.seed is not None:
        heading.append(" — " + _("seed") + " ")
        heading.append(options.seed, style="bold cyan")
    counts = _("{cards} in the grids, {events}").format(
        cards=cards(state.cards_in_grids),
        events=ngettext("{count} event", "{count} events", len(events)).format(count=len(events)),
    )
    heading.append(f" — {counts}")
    if seat is not None:
        heading.append(" — " + _("as {who} sees it").format(who=name(options, seat)))
    out.print(heading)
    for line in grid_lines(state, events):
        out.print(line)
    for line in hand_lines(state, seat):
        out.print(line)
    ended = outcome_text(state)
    if ended is not None:
        won = state.outcome is not None and bool(state.outcome.winners)
        out.print(Text(ended, style="bold green" if won else "bold red"))
    else:
        out.print(Text(_("Now: {requirement}.").format(requirement=capital(requirement(state)))))


def show_lines(lines: list[str]) -> None:
    out = console()
    for line in lines:
        out.print(Text(line))


def show_moves(state: State, moves: list[Move], hidden: bool = False) -> None:
    """The legal moves, per hand or player, as the arguments that make them; ``hidden``:
    some were left out because they name a card this screen may not show."""
    out = console()
    result = outcome_text(state)
    if result is not None:  # the game is over: say how, once
        out.print(Text(result))
        return
    out.print(Text(capital(requirement(state)) + "."))
    by_actor: dict[int, list[str]] = {}
    for move in moves:
        by_actor.setdefault(move.actor, []).append(" ".join(command_args(state.setup, move, who=False)))
    for actor, texts in sorted(by_actor.items()):
        count = ngettext("{count} move", "{count} moves", len(texts)).format(count=len(texts))
        out.print(Text(f"{title(state.setup, actor)}, {count}: " + ", ".join(texts)))
    if hidden:
        out.print(Text(_("A player's own moves name the cards in hand: `moves FILE --by NAME` shows them to that player."), style="dim"))


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
