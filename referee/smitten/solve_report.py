"""What the solver and the hint found, in words and JSON, for the command line.

Pure: values in, strings and dicts out. A move is written as the arguments of the
command that makes it (:func:`referee.smitten.report.command_args`): ``play 7L --hand A``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee.i18n import _, ngettext, number, percent
from referee.smitten.actions import actor_value, encode
from referee.smitten.report import command_args
from referee.smitten.state import State
from referee.smitten.voice import outcome_text
from referee.smitten.words import capital, name

if TYPE_CHECKING:
    from referee.smitten.hint import Hint
    from referee.smitten.solver import Solution
    from referee.smitten.study import Row


def line_args(state: State, solution: Solution) -> list[list[str]]:
    return [command_args(state.setup, move) for move in solution.line]


def solution_words(state: State, solution: Solution, timed: bool = True) -> list[str]:
    """The verdict, the effort, and the winning line one move a line."""
    effort = ngettext("{count} position searched", "{count} positions searched", solution.nodes).format(count=solution.nodes)
    if timed:
        effort += " " + _("in {ms} ms").format(ms=number(solution.seconds * 1000, 1))
    effort += ", " + _("transposition-table hit rate {rate}").format(rate=number(solution.hit_rate * 100, 1) + "%")
    over = outcome_text(state)
    if over is not None:
        return [_("The game is over: {outcome}").format(outcome=over)]
    if not solution.winnable:
        return [_("Not winnable: every line of play from here loses (the search was exhaustive; {effort}).").format(effort=effort)]
    moves = ngettext("{count} move", "{count} moves", len(solution.line)).format(count=len(solution.line))
    lines = [_("Winnable: a winning line of {moves} ({effort}):").format(moves=moves, effort=effort)]
    width = len(str(len(solution.line)))
    lines += [f"{number:>{width}}. {' '.join(args)}" for number, args in enumerate(line_args(state, solution), 1)]
    return lines


def solution_json(state: State, solution: Solution) -> dict[str, object]:
    return {
        "winnable": solution.winnable,
        "over": state.outcome is not None,
        "line": [{**encode(state, move), "args": args} for move, args in zip(solution.line, line_args(state, solution), strict=True)],
        "nodes": solution.nodes,
        "tt_probes": solution.probes,
        "tt_hits": solution.hits,
        "seconds": round(solution.seconds, 6),
    }


def hint_words(state: State, hint: Hint, seed: str, timed: bool = True) -> list[str]:
    """Who the hint is for, then each legal move with its estimated chance and interval."""
    options = state.setup
    who = _("the table (both face-up hands)") if hint.actor is None else name(options, hint.actor)
    samples = ngettext("{count} sample", "{count} samples", hint.samples).format(count=hint.samples)
    if hint.actor is None:
        head = _("Hint for {who}, from what it can see: {samples} of the unseen cards (seed {seed})")
    else:
        head = _("Hint for {who}, from what they can see: {samples} of the unseen cards (seed {seed})")
    head = head.format(who=who, samples=samples, seed=seed)
    if timed:
        head += f", {number(hint.seconds, 2)} s"
    lines = [head + ":"]
    texts = [" ".join(command_args(options, estimate.move)) for estimate in hint.estimates]
    width = max(map(len, texts), default=0)
    for text, estimate in zip(texts, hint.estimates, strict=True):
        low, high = estimate.interval
        wins = _("wins {share}  (95 % interval {low} to {high})").format(share=f"{percent(estimate.share):>7}", low=percent(low), high=percent(high))
        lines.append(f"  {text:<{width}}  {wins}")
    if hint.best is not None:
        lines.append(_("Best: {move}").format(move=" ".join(command_args(options, hint.best))))
    else:
        lines.append(_("{who} has no legal move now.").format(who=capital(who)))
    return lines


def hint_json(state: State, hint: Hint, seed: str) -> dict[str, object]:
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


def _share(row: Row, part: str, places: int = 1) -> str:
    """A share and its interval; deals whose verdict ran out of budget follow it (the
    interval counts them lost at its low end, won at its high end)."""
    share, low, high = row.share(part)
    text = f"{percent(share, places)} ({number(low * 100, places)}–{number(high * 100, places)})"
    if part == "winnable" and row.timed_out:
        text += " " + _("+ {count} timed out").format(count=row.timed_out)
    return text


def study_lines(rows: list[Row], hint_samples: int) -> list[str]:
    """The study as a Markdown table: each share with its 95 % Wilson interval (the
    columns over every deal to 0.01 %, which a large study earns). A study in which
    the hint policy played no deal has no column for it."""
    if not any(row.hint_deals for row in rows):
        lines = [_("| Mode | Deals | Winnable (perfect information) | Random legal play |"), "|---|---:|---:|---:|"]
        return lines + [f"| {mode_label(row.mode)} | {row.deals} | {_share(row, 'winnable', 2)} | {_share(row, 'random_won', 2)} |" for row in rows]
    samples = ngettext("{count} sample", "{count} samples", hint_samples).format(count=hint_samples)
    head = _("| Mode | Deals | Winnable (perfect information) | Hint policy ({samples} a decision) | Random legal play |")
    lines = [head.format(samples=samples), "|---|---:|---:|---:|---:|"]
    for row in rows:
        hinted = _("{share} of {deals}").format(share=_share(row, "hint_won"), deals=row.hint_deals) if row.hint_deals else _("not played")
        lines.append(f"| {mode_label(row.mode)} | {row.deals} | {_share(row, 'winnable', 2)} | {hinted} | {_share(row, 'random_won', 2)} |")
    return lines


def mode_label(mode: str) -> str:
    """A mode of the study as the table's heading names it: 'two players, easy', 'solo, Easy Mode'."""
    return {
        "two-easy": _("two players, easy"),
        "two-medium": _("two players, medium"),
        "two-hard": _("two players, hard"),
        "solo": _("solo"),
        "solo-easy": _("solo, Easy Mode"),
        "solo-hard1": _("solo, Hard Mode 1"),
        "solo-hard2": _("solo, Hard Mode 2"),
        "solo-all": _("solo, easy + hard 1 + hard 2"),
    }.get(mode, mode)


def study_json(rows: list[Row], hint_samples: int, prefix: str, extra: Mapping[str, object] | None = None) -> dict[str, object]:
    """The counts and intervals (``extra``: the plan's settings and the shard, for a
    sharded or merged study); ``winnable`` has ``timed_out`` beside its count."""

    def part(row: Row, name: str, count: int, total: int) -> dict[str, object]:
        share, low, high = row.share(name)
        return {"count": count, "of": total, "share": round(share, 6), "interval": [round(low, 6), round(high, 6)]}

    return {
        "seed": prefix,
        "hint_samples": hint_samples,
        **(extra or {}),
        "modes": [
            {
                "mode": row.mode,
                "deals": row.deals,
                "winnable": {**part(row, "winnable", row.winnable, row.deals), "timed_out": row.timed_out},
                "hint_policy": part(row, "hint_won", row.hint_won, row.hint_deals),
                "random_play": part(row, "random_won", row.random_won, row.deals),
            }
            for row in rows
        ],
    }
