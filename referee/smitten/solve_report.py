"""What the solver and the hint found, in words and JSON, for the command line.

Pure: values in, strings and dicts out. A move is written as the arguments of the
command that makes it (:func:`referee.smitten.report.command_args`): ``play 7L --hand A``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.smitten.actions import encode
from referee.smitten.report import command_args, outcome_text
from referee.smitten.state import State
from referee.wording import counted

if TYPE_CHECKING:
    from referee.smitten.hint import Hint
    from referee.smitten.solver import Solution


def line_args(state: State, solution: Solution) -> list[list[str]]:
    return [command_args(state.setup, move) for move in solution.line]


def solution_words(state: State, solution: Solution, timed: bool = True) -> list[str]:
    """The verdict, the effort, and the winning line one move a line."""
    effort = f"{counted(solution.nodes, 'position')} searched"
    if timed:
        effort += f" in {solution.seconds * 1000:.1f} ms"
    effort += f", transposition-table hit rate {solution.hit_rate:.1%}"
    over = outcome_text(state)
    if over is not None:
        return [f"The game is over: {over}"]
    if not solution.winnable:
        return [f"Not winnable: every line of play from here loses (the search was exhaustive; {effort})."]
    lines = [f"Winnable: a winning line of {counted(len(solution.line), 'move')} ({effort}):"]
    width = len(str(len(solution.line)))
    lines += [f"{number:>{width}}. {' '.join(args)}" for number, args in enumerate(line_args(state, solution), 1)]
    return lines


def solution_json(state: State, solution: Solution) -> dict[str, Any]:
    return {
        "winnable": solution.winnable,
        "over": state.outcome is not None,
        "line": [{**encode(state, move), "args": args} for move, args in zip(solution.line, line_args(state, solution), strict=True)],
        "nodes": solution.nodes,
        "tt_probes": solution.probes,
        "tt_hits": solution.hits,
        "seconds": round(solution.seconds, 6),
    }
