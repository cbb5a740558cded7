#!/usr/bin/env python3
"""How well the Spellcrafter and Smitten bots play (issue 35): two sections of
``benchmarks/bots`` (its ``SECTIONS`` hook), and a script of its own.

Spellcrafter: first rounds of seeded three-player games, drafted through the referee,
played headless on the rules (``RULES.decisions`` → a policy → ``RULES.apply``; no files),
the strong bot, the easy bot and a random drafter at the table, each seat in turn (the
three orders of seats rotated). The random drafter keeps a random card at every pick and
then plays the exact best word of what it drafted, like the strong bot: the difference
between the two is the draft. Printed with 95 % intervals: points per round of each, and
the strong bot's lead over each other (paired, per round).

Smitten: two-player deals of every difficulty (seeds ``PREFIX-0``, ``PREFIX-1``, …), the bot
as player 1 and the hint policy (:func:`referee.smitten.hint.decide`, from what that
player sees) as the person, player 2. Between turns either may start: the one whose hint
wins in the larger share of its own samples does (the study's stand-in for "I want to
play"), then the bot's policy or the person's hint makes the move. Printed: the share of
deals won with its 95 % Wilson interval, for the strong bot, the easy bot and a random
bot (uniform legal moves) as player 1. A solver that knows the deck stops a game as soon
as it is lost for every line of play (the result is the same; the study does this too).

Every strong decision is timed (``perf_counter`` around the policy call): p50 and p95. A
worker's first Spellcrafter decision opens the dictionary's anagram index (building it when
it is not cached yet): the max.

Seeded: the same seed and sizes play the same games (the times differ).

    python benchmarks/bots_spell_smitten.py                    # 1–2 CPU minutes a core; 4 min on a busy 2-core machine
    python benchmarks/bots_spell_smitten.py --spell-rounds 600 --smitten-deals 200
    python benchmarks/bots                                     # with Smoorverliefd's section

It reports; it always exits 0.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

SPELL_ROUNDS = 240
SMITTEN_DEALS = 40
SMITTEN_MODES = ("two-easy", "two-medium", "two-hard")
SPELL_SEATS = ("strong", "easy", "random")
SMITTEN_BOTS = ("strong", "easy", "random")
Z = 1.959963984540054


class Report(NamedTuple):
    """A section's answer: the lines it prints (a Markdown table and notes) and its JSON."""

    lines: list[str]
    data: dict[str, object]


class Section(NamedTuple):
    name: str
    run: Callable[[argparse.Namespace], Report]


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95 % interval (normal approximation)."""
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf
    return mean, mean - half, mean + half


def wilson(successes: int, trials: int) -> tuple[float, float]:
    from referee.smitten.hint import wilson as interval

    return interval(successes, trials)


def _percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _spread(function: Callable[[Any], Any], jobs: Sequence[Any], workers: int) -> list[Any]:
    if workers <= 1 or len(jobs) <= 1:
        return [function(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, jobs))


# --- Spellcrafter ------------------------------------------------------------------------


def random_drafter(view: object, decisions: tuple[Any, ...], rng: random.Random) -> Mapping[str, object]:
    """A random card at every pick; then the strong bot's word (the exact best)."""
    from referee.bots.spellcrafter import strong

    picks = [choice for decision in decisions if decision.kind == "pick" for choice in decision.choices]
    return rng.choice(picks) if picks else strong(view, decisions, rng)


def _spell_policy(name: str) -> Callable[..., Mapping[str, object]]:
    from referee.bots.spellcrafter import easy, strong

    return {"strong": strong, "easy": easy, "random": random_drafter}[name]


def spell_round(job: tuple[str, int]) -> tuple[dict[str, int], list[float]]:
    """Round 1 of the game seeded ``PREFIX-N``, the seats in the ``N mod 3``-th rotation:
    each policy's points, and the strong bot's decision times."""
    from referee.bots import WAIT
    from referee.decisions import seat_entry
    from referee.spellcrafter.box import GAME
    from referee.spellcrafter.ruleset import RULES
    from referee.spellcrafter.setup import Setup

    prefix, number = job
    turn = number % len(SPELL_SEATS)
    seats = SPELL_SEATS[turn:] + SPELL_SEATS[:turn]
    game = RULES.start(Setup.build(("Anna", "Bram", "Cees"), seed=f"{prefix}-{number}"))
    rng = random.Random(f"{prefix}-{number}")
    seconds: list[float] = []
    while not game.latest.complete:
        for seat, name in enumerate(seats):
            decisions = RULES.decisions(game, seat)
            if not decisions:
                continue
            started = time.perf_counter()
            event = _spell_policy(name)(RULES.view(game, seat), decisions, rng)
            if name == "strong":
                seconds.append(time.perf_counter() - started)
            if event == WAIT:
                continue
            game = RULES.apply(game, seat_entry(RULES, seat, event, GAME.complete)(game)).state
            break
        else:
            break
    return {name: game.latest.points(seat) for seat, name in enumerate(seats)}, seconds


def spellcrafter(options: argparse.Namespace) -> Report:
    rounds = int(getattr(options, "spell_rounds", None) or SPELL_ROUNDS)
    prefix = f"bench-{getattr(options, 'seed', 35)}"
    played = _spread(spell_round, [(prefix, number) for number in range(rounds)], int(getattr(options, "workers", 1) or 1))
    points = {name: [float(found[name]) for found, _seconds in played] for name in SPELL_SEATS}
    seconds = [second for _found, times in played for second in times]
    lines = [f"Spellcrafter, {rounds} first rounds of seeded 3-player drafted games (each bot in every seat), points per round:", "",
             "| player | points per round (95 % interval) |", "|---|---|"]  # fmt: skip
    data: dict[str, object] = {"rounds": rounds}
    for name in SPELL_SEATS:
        found = mean_interval(points[name])
        lines.append(f"| {_spell_label(name)} | {_mean(found)} |")
        data[name] = dict(zip(("mean", "low", "high"), found))
    for other in SPELL_SEATS[1:]:
        lead = mean_interval([a - b for a, b in zip(points["strong"], points[other])])
        lines.append(f"| strong − {other} (paired) | {_mean(lead, True)} |")
        data[f"strong_minus_{other}"] = dict(zip(("mean", "low", "high"), lead))
    lines += ["", _times(seconds)]
    data["strong_seconds"] = _time_data(seconds)
    return Report(lines, data)


def _spell_label(name: str) -> str:
    return {"strong": "strong bot", "easy": "easy bot", "random": "random drafter (then the best word)"}[name]


# --- Smitten ----------------------------------------------------------------------------


def _smitten_policy(name: str) -> Callable[..., Mapping[str, object]]:
    from referee.bots import random_choice
    from referee.bots.smitten import easy, strong

    return {"strong": strong, "easy": easy, "random": random_choice}[name]


def smitten_deal(job: tuple[str, str, str, int]) -> tuple[bool, list[float]]:
    """One deal: the bot ``name`` as player 1, the hint policy as player 2; won?"""
    from referee.bots.smitten import STRONG_SAMPLES
    from referee.decisions import seat_entry
    from referee.smitten.actions import encode
    from referee.smitten.hint import decide
    from referee.smitten.ruleset import RULES
    from referee.smitten.solver import Solver
    from referee.smitten.study import MODES

    name, mode, prefix, number = job
    seed = f"{prefix}-{number}"
    state = RULES.start(MODES[mode](seed))
    judge = Solver()
    rng = random.Random(f"{seed} {name}")
    seconds: list[float] = []
    step = 0
    while state.outcome is None and judge.winnable(state):
        step += 1
        seats = [seat for seat in (0, 1) if RULES.decisions(state, seat)]
        if len(seats) == 2:  # between turns: who wants to play? the larger share of its own hint
            seats = [decide(state, [(0, f"{seed}-{step}-0"), (1, f"{seed}-{step}-1")], STRONG_SAMPLES).actor]
        seat = seats[0]
        decisions = RULES.decisions(state, seat)
        if seat == 0:
            started = time.perf_counter()
            event = _smitten_policy(name)(RULES.view(state, 0), decisions, rng)
            if name == "strong":
                seconds.append(time.perf_counter() - started)
        else:
            listed = [choice for decision in decisions for choice in decision.choices]
            event = listed[0] if len(listed) == 1 else encode(state, decide(state, [(1, f"{seed}-{step}-p")], STRONG_SAMPLES))
        state = RULES.apply(state, seat_entry(RULES, seat, event)(state)).state
    return state.outcome is not None and bool(state.outcome.winners), seconds


def smitten(options: argparse.Namespace) -> Report:
    deals = int(getattr(options, "smitten_deals", None) or SMITTEN_DEALS)
    prefix = f"bench-{getattr(options, 'seed', 35)}"
    jobs = [(name, mode, prefix, number) for name in SMITTEN_BOTS for mode in SMITTEN_MODES for number in range(deals)]
    played = _spread(smitten_deal, jobs, int(getattr(options, "workers", 1) or 1))
    won: dict[tuple[str, str], int] = {}
    for (name, mode, _prefix, _number), (result, _seconds) in zip(jobs, played):
        won[name, mode] = won.get((name, mode), 0) + result
    seconds = [second for _result, times in played for second in times]
    lines = [f"Smitten, {deals} two-player deals per mode (the same deals in each row): the bot as player 1, the hint policy as "
             "player 2; deals won (95 % Wilson interval):", "",
             "| player 1 | " + " | ".join(SMITTEN_MODES) + " |", "|---|" + "---|" * len(SMITTEN_MODES)]  # fmt: skip
    data: dict[str, object] = {"deals": deals}
    for name in SMITTEN_BOTS:
        cells = []
        for mode in SMITTEN_MODES:
            count = won[name, mode]
            low, high = wilson(count, deals)
            cells.append(f"{100 * count / deals:.0f} % ({100 * low:.0f} to {100 * high:.0f})")
            data[f"{name} {mode}"] = {"won": count, "deals": deals, "low": low, "high": high}
        lines.append(f"| {name} bot | " + " | ".join(cells) + " |")
    lines += ["", _times(seconds)]
    data["strong_seconds"] = _time_data(seconds)
    return Report(lines, data)


# --- shared -----------------------------------------------------------------------------


def _mean(found: tuple[float, float, float], signed: bool = False) -> str:
    mean, low, high = found
    sign = "+" if signed else ""
    return f"{mean:{sign}.1f} ({low:{sign}.1f} to {high:{sign}.1f})"


def _times(seconds: Sequence[float]) -> str:
    if not seconds:
        return "No strong decision timed."
    return (f"Strong decisions timed: {len(seconds)}; p50 {_percentile(seconds, 0.5):.3f} s, p95 {_percentile(seconds, 0.95):.3f} s, "
            f"max {max(seconds):.3f} s (budget: p95 within 1 s).")  # fmt: skip


def _time_data(seconds: Sequence[float]) -> dict[str, object]:
    return {"count": len(seconds), "p50": _percentile(seconds, 0.5), "p95": _percentile(seconds, 0.95), "max": max(seconds, default=0.0)}


#: The sections ``benchmarks/bots`` runs after its own.
SECTIONS: list[Section] = [Section("spellcrafter", spellcrafter), Section("smitten", smitten)]


def run(rounds: int = SPELL_ROUNDS, seed: int = 35, deals: int = SMITTEN_DEALS, workers: int = 1) -> list[str]:
    """Both sections at these sizes, as the lines they print."""
    options = argparse.Namespace(spell_rounds=rounds, smitten_deals=deals, seed=seed, workers=workers)
    lines: list[str] = []
    for section in SECTIONS:
        lines += [f"## {section.name}", "", *section.run(options).lines, ""]
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--spell-rounds", type=int, default=SPELL_ROUNDS)
    parser.add_argument("--smitten-deals", type=int, default=SMITTEN_DEALS, help="deals per mode and row")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    options = parser.parse_args(argv)
    started = time.perf_counter()
    print("\n".join(run(options.spell_rounds, options.seed, options.smitten_deals, options.workers)))
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
