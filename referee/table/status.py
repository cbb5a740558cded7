"""The session's status line (the bottom toolbar), read from the file before every prompt.

Each game words its state with the lines its own answers end with (the game's
``situation``), so the status line says exactly what the last answer said, and stays
true when another terminal writes the file. Smoorverliefd: who deals and leads, trick
k, the hearts taken so far this round, totals and distance to the target; Spellcrafter:
round, passing direction, who is still to play, totals; Smitten: what the game waits for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.table.session import Table


def _smoorverliefd(match: Any) -> list[Line]:
    from referee.cli.smoor_lines import round_so_far, situation, totals_line

    so_far = round_so_far(match)
    return [situation(match), *([so_far] if so_far is not None else []), totals_line(match)]


def _spellcrafter(game: Any) -> list[Line]:
    from referee.cli.spell_view import situation, totals_line

    return [situation(game), totals_line(game)]


def _smitten(state: Any) -> list[Line]:
    from referee.cli.output import Line
    from referee.smitten.report import what_now

    return [Line(what_now(state))]


#: Each registered game's status lines, by the game's name in the registry.
STATUS: dict[str, Callable[[Any], list[Line]]] = {
    "smoorverliefd": _smoorverliefd,
    "spellcrafter": _spellcrafter,
    "smitten": _smitten,
}


def lines(table: Table) -> list[Line]:
    """The status of the file now; a file that does not load says why."""
    from referee import savefile
    from referee.cli.output import Line
    from referee.errors import RefereeError

    try:
        state = savefile.load(table.path, table.spec.load_rules()).state
    except RefereeError as error:
        return [Line((f"{table.path}: {error}", "red"))]
    status = STATUS.get(table.spec.name)
    return status(state) if status is not None else [Line(f"{table.spec.title}: {table.path}")]


def toolbar(table: Table) -> Any:
    """The bottom toolbar: the status lines, in colour on a terminal."""
    from prompt_toolkit.formatted_text import ANSI

    from referee.cli.output import color_enabled

    shown = lines(table)
    if color_enabled():  # only on a terminal, never with NO_COLOR
        return ANSI("\n".join(line.ansi() for line in shown))
    return "\n".join(line.plain for line in shown)
