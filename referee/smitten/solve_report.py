"""What the solver and the hint found, in words and JSON, for the command line.

Pure: values in, strings and dicts out. A move is written as the arguments of the
command that makes it (:func:`referee.smitten.report.command_args`): ``play 7L --hand A``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.smitten.actions import actor_value, encode
from referee.smitten.report import command_args, outcome_text
from referee.smitten.state import State
from referee.wording import counted

if TYPE_CHECKING:
    from referee.smitten.hint import Hint
    from referee.smitten.solver import Solution
    from referee.smitten.study import Row


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


def _percent(share: float) -> str:
    return f"{share * 100:.1f} %"


def hint_words(state: State, hint: Hint, seed: str, timed: bool = True) -> list[str]:
    """Who the hint is for, then each legal move with its estimated chance and interval."""
    options = state.setup
    who = "the table (both face-up hands)" if hint.actor is None else options.name(hint.actor)
    head = f"Hint for {who}, from what {'it' if hint.actor is None else 'they'} can see: "
    head += f"{counted(hint.samples, 'sample')} of the unseen cards (seed {seed})"
    if timed:
        head += f", {hint.seconds:.2f} s"
    lines = [head + ":"]
    texts = [" ".join(command_args(options, estimate.move)) for estimate in hint.estimates]
    width = max(map(len, texts), default=0)
    for text, estimate in zip(texts, hint.estimates, strict=True):
        low, high = estimate.interval
        lines.append(f"  {text:<{width}}  wins {_percent(estimate.share):>7}  (95 % interval {_percent(low)} to {_percent(high)})")
    if hint.best is not None:
        lines.append(f"Best: {' '.join(command_args(options, hint.best))}")
    else:
        lines.append(f"{who[:1].upper() + who[1:]} has no legal move now.")
    return lines


def hint_json(state: State, hint: Hint, seed: str) -> dict[str, Any]:
    options = state.setup
    return {
        "for": None if hint.actor is None else actor_value(options, hint.actor),
        "samples": hint.samples,
        "seed": seed,
        "moves": [
            {
                **encode(state, estimate.move),
                "args": command_args(options, estimate.move),
                "wins": estimate.wins,
                "share": round(estimate.share, 6),
                "interval": [round(bound, 6) for bound in estimate.interval],
            }
            for estimate in hint.estimates
        ],
        "nodes": hint.nodes,
        "seconds": round(hint.seconds, 6),
    }


def _share(row: Row, part: str) -> str:
    share, low, high = row.share(part)
    return f"{_percent(share)} ({low * 100:.1f}–{high * 100:.1f})"


def study_lines(rows: list[Row], hint_samples: int) -> list[str]:
    """The study as a Markdown table: each share with its 95 % Wilson interval."""
    from referee.smitten.study import LABELS

    lines = [
        f"| Mode | Deals | Winnable (perfect information) | Hint policy ({counted(hint_samples, 'sample')} a decision) | Random legal play |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in rows:
        hinted = f"{_share(row, 'hint_won')} of {row.hint_deals}" if row.hint_deals else "not played"
        lines.append(f"| {LABELS[row.mode]} | {row.deals} | {_share(row, 'winnable')} | {hinted} | {_share(row, 'random_won')} |")
    return lines


def study_json(rows: list[Row], hint_samples: int, prefix: str) -> dict[str, Any]:
    def part(row: Row, name: str, count: int, total: int) -> dict[str, Any]:
        share, low, high = row.share(name)
        return {"count": count, "of": total, "share": round(share, 6), "interval": [round(low, 6), round(high, 6)]}

    return {
        "seed": prefix,
        "hint_samples": hint_samples,
        "modes": [
            {
                "mode": row.mode,
                "deals": row.deals,
                "winnable": part(row, "winnable", row.winnable, row.deals),
                "hint_policy": part(row, "hint_won", row.hint_won, row.hint_deals),
                "random_play": part(row, "random_won", row.random_won, row.deals),
            }
            for row in rows
        ],
    }
