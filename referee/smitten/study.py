"""The winnability study: how often a random Smitten deal can be won, in every mode.

For each mode, deals from the seeds ``PREFIX-0``, ``PREFIX-1``, … are played three
ways: with perfect information (the solver: is the deal winnable at all?), by the hint
policy (every decision taken by :func:`referee.smitten.hint.hint`, which sees only what
the player to act sees), and by random legal play. Each share comes with its 95 %
Wilson interval.

Deals are independent, so the study is cut into :class:`Block` s of consecutive deals of
one mode (the hint policy's deals apart, being slower): the blocks of a :class:`Plan`
are the same whoever plays them, a block's :class:`Tally` is a sum of deal results, and
so the counts are exact sums whatever the order, the processes, the machines or the
shards (:mod:`referee.smitten.shards`) that played the blocks.

A search may be given a budget (``deal_budget``) in solver positions, not seconds: a
deal whose verdict needs more is counted apart as timed out (the share of winnable deals
is then between the solved ones and solved + timed out, as Solvitaire publishes it). A
budget in positions gives the same verdicts on every machine, fast or slow, loaded or idle.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import referee
from referee.errors import InputError
from referee.game import Refusal, refuse
from referee.i18n import _
from referee.processes import spread
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.hint import decide, wilson
from referee.smitten.legality import legal_moves
from referee.smitten.engine import apply, new_game
from referee.smitten.solver import Solver, Unfinished
from referee.smitten.state import Setup, State

#: The modes of the table, in its order: name → the setup of a deal from a seed.
MODES: dict[str, Callable[[str], Setup]] = {
    "two-easy": lambda seed: Setup(SmittenMode.TWO, Difficulty.EASY, seed=seed),
    "two-medium": lambda seed: Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed=seed),
    "two-hard": lambda seed: Setup(SmittenMode.TWO, Difficulty.HARD, seed=seed),
    "solo": lambda seed: Setup(SmittenMode.SOLO, None, seed=seed),
    "solo-easy": lambda seed: Setup(SmittenMode.SOLO, None, easy=True, seed=seed),
    "solo-hard1": lambda seed: Setup(SmittenMode.SOLO, None, hard1=True, seed=seed),
    "solo-hard2": lambda seed: Setup(SmittenMode.SOLO, None, hard2=True, seed=seed),
    "solo-all": lambda seed: Setup(SmittenMode.SOLO, None, easy=True, hard1=True, hard2=True, seed=seed),
}
#: (What each mode means, in words: :func:`referee.smitten.solve_report.mode_label`.)

#: Deals in a block the hint policy does not play (about a second of solving and random
#: play), and in a block it plays (a few seconds).
BLOCK = 1000
HINT_BLOCK = 50


class StudyFault(enum.Enum):
    """What makes a study's counts unusable, as a value (the values are for logs, not
    people): the command words it, naming its own options."""

    HINT_DEALS = "hint-deals"  # entry: a per-mode entry that is neither N nor MODE=N; named: it named a mode
    DEALS = "deals"  # the same, for the deals per mode
    TOO_FEW = "too-few"  # deals, hint_samples, jobs below 1, or a mode's hint deals below 0
    BUDGET = "budget"  # a deal budget below 1 position
    VERSION = "version"  # ours, theirs: a block asked for by another version of referee
    MODE_TWICE = "mode-twice"  # mode: a mode asked for twice (its deals would be counted twice)


class StudyError(InputError):
    """A study asked for with counts it cannot use (exit 2): the :class:`StudyFault` and
    its parameters as a :class:`~referee.game.Refusal`, no words (`smitten study` words it)."""

    def __init__(self, fault: StudyFault, **params: object) -> None:
        super().__init__(fault.value)
        self.refusal: Refusal = refuse(fault, unusable=True, **params)

    def __reduce__(self) -> tuple[Callable[..., StudyError], tuple[StudyFault, dict[str, object]]]:
        """Pickled as its fault and parameters: a block refused on another machine (a Dask
        worker of another version) is refused here in the same words."""
        return _study_error, (StudyFault(self.refusal.rule), dict(self.refusal.params))


def _study_error(fault: StudyFault, params: dict[str, object]) -> StudyError:
    return StudyError(fault, **params)


class Task(NamedTuple):
    """One deal of the study: its mode, its number, and whether the hint policy plays it."""

    mode: str
    number: int  # the deal is dealt from PREFIX-NUMBER
    prefix: str
    hint_samples: int  # 0: the hint policy does not play this deal
    deal_budget: int | None = None  # positions the verdict may search (None: no limit)


class Played(NamedTuple):
    """One deal's three results (``hinted`` None when the hint policy did not play it;
    ``winnable`` False when the verdict ``timed_out``)."""

    mode: str
    winnable: bool
    random_won: bool
    hinted: bool | None
    nodes: int
    timed_out: bool = False


def won(state: State) -> bool:
    return state.outcome is not None and bool(state.outcome.winners)


def random_play(state: State, rng: random.Random) -> State:
    """Uniformly random legal moves to the end of the game."""
    while state.outcome is None:
        state = apply(state, rng.choice(list(legal_moves(state)))).state
    return state


def hint_play(state: State, samples: int, seed: str, judge: Solver | None = None) -> State:
    """Every decision taken by the hint, from what the player to act sees.

    A forced move is played without asking. Between two players' turns both say whether
    they want to play, and the one whose best move wins in the larger share of their own
    samples plays it (player 1 on a tie): a stand-in for "I can play / I want to play".

    With a ``judge`` (a solver, which knows the deck: the referee, not the players), the
    game stops unfinished as soon as the judge proves the position lost: from there every
    line of play loses, so the policy would too, and playing it out changes nothing.
    """
    step = 0
    while state.outcome is None:
        if judge is not None and not judge.winnable(state):
            break
        moves = list(legal_moves(state))
        if len(moves) == 1:
            state = apply(state, moves[0]).state
            continue
        step += 1
        actors: list[int | None] = [None] if state.setup.solo else [*sorted({move.actor for move in moves})]
        state = apply(state, decide(state, [(actor, f"{seed}-{step}-{actor}") for actor in actors], samples)).state
    return state


def play_deal(task: Task) -> Played:
    """Solve one deal (within its budget), play it at random, and (when asked) by the
    hint policy. The budget bounds the verdict only: the judge that stops a lost game of
    the hint policy early changes no result (a deal whose verdict timed out is played
    out to its end), and the hint's own searches are those of `smitten hint`."""
    seed = f"{task.prefix}-{task.number}"
    state = new_game(MODES[task.mode](seed))
    solver = Solver(task.deal_budget)
    try:
        winnable, timed_out = solver.verdict(state), False
    except Unfinished:
        winnable, timed_out = False, True
    random_won = won(random_play(state, random.Random(f"{seed} random")))
    judge = None if timed_out else solver
    # A game the judge stopped as lost has no outcome yet, and counts as lost.
    hinted = won(hint_play(state, task.hint_samples, f"{seed} hint", judge)) if task.hint_samples else None
    return Played(task.mode, winnable, random_won, hinted, solver.nodes, timed_out)


class Row(NamedTuple):
    """One mode's line of the table: the counts, and their shares with Wilson intervals."""

    mode: str
    deals: int
    winnable: int
    random_won: int
    hint_deals: int
    hint_won: int
    timed_out: int = 0  # deals whose verdict ran out of budget (not in ``winnable``)

    def share(self, part: str) -> tuple[float, float, float]:
        """(share, low, high) of ``winnable``, ``random_won`` or ``hint_won``. Deals that
        timed out widen the interval of ``winnable``: its low end counts them lost, its
        high end won."""
        count, total = getattr(self, part), self.hint_deals if part == "hint_won" else self.deals
        low, high = wilson(count, total)
        if part == "winnable" and self.timed_out:
            high = wilson(count + self.timed_out, total)[1]
        return (count / total if total else 0.0), low, high


@dataclass(frozen=True)
class Plan:
    """Everything a study's counts depend on: per mode the deals and how many of them (the
    first ones) the hint policy plays, its samples a decision, the seeds' prefix, the
    verdict's budget, the block sizes, and the version of referee that plays the deals."""

    modes: tuple[str, ...]
    deals: tuple[int, ...]  # per mode, in the order of ``modes``
    hint_deals: tuple[int, ...]
    hint_samples: int
    prefix: str = "study"
    deal_budget: int | None = None
    version: str = referee.__version__
    block: int = BLOCK
    hint_block: int = HINT_BLOCK


class Block(NamedTuple):
    """Deals ``first`` to ``stop`` (excluded) of a mode, all played by the hint policy or none."""

    mode: str
    first: int
    stop: int
    hinted: bool


class Tally(NamedTuple):
    """What a block's deals came to: sums over its deals (``nodes``: the verdicts' positions searched)."""

    block: Block
    winnable: int
    timed_out: int
    random_won: int
    hint_won: int
    nodes: int


def plan(
    modes: Sequence[str],
    deals: int | Mapping[str, int],
    hint_deals: int | Mapping[str, int],
    hint_samples: int,
    prefix: str = "study",
    deal_budget: int | None = None,
) -> Plan:
    """A study's :class:`Plan`, or a :class:`StudyError` for counts it cannot use (a
    mode's hint deals are at most its deals)."""
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        raise InputError(_("unknown mode {mode}; the modes are {modes}").format(mode=repr(unknown[0]), modes=", ".join(MODES)))
    twice = [mode for number, mode in enumerate(modes) if mode in modes[:number]]
    if twice:  # refused, not merged: the same deals twice would narrow every interval
        raise StudyError(StudyFault.MODE_TWICE, mode=twice[0])
    dealt = [deals if isinstance(deals, int) else deals.get(mode, 0) for mode in modes]
    hinted = [hint_deals if isinstance(hint_deals, int) else hint_deals.get(mode, 0) for mode in modes]
    if min(dealt, default=0) < 1 or min(hinted, default=0) < 0 or hint_samples < 1:
        raise StudyError(StudyFault.TOO_FEW)
    if deal_budget is not None and deal_budget < 1:
        raise StudyError(StudyFault.BUDGET)
    hinted = [min(h, d) for h, d in zip(hinted, dealt)]
    return Plan(tuple(modes), tuple(dealt), tuple(hinted), hint_samples, prefix, deal_budget, block=BLOCK, hint_block=HINT_BLOCK)


def blocks(plan: Plan) -> list[Block]:
    """The study's blocks, mode by mode: the hint policy's deals, then the others."""
    found = []
    for mode, deals, hinted in zip(plan.modes, plan.deals, plan.hint_deals):
        for start, stop, size, by_hint in ((0, hinted, plan.hint_block, True), (hinted, deals, plan.block, False)):
            found += [Block(mode, first, min(first + size, stop), by_hint) for first in range(start, stop, size)]
    return found


def shard_blocks(plan: Plan, index: int, count: int) -> list[Block]:
    """Shard ``index`` of ``count`` (from 1): every ``count``-th block from the ``index``-th,
    so that each shard gets its part of every mode and of the hint policy's games."""
    return blocks(plan)[index - 1 :: count]


def play_block(plan: Plan, block: Block) -> Tally:
    """Play a block's deals. Refused (:attr:`StudyFault.VERSION`) when this referee is
    not the plan's version: another version might count differently."""
    if plan.version != referee.__version__:
        raise StudyError(StudyFault.VERSION, ours=plan.version, theirs=referee.__version__)
    samples = plan.hint_samples if block.hinted else 0
    played = [play_deal(Task(block.mode, number, plan.prefix, samples, plan.deal_budget)) for number in range(block.first, block.stop)]
    return Tally(
        block,
        sum(deal.winnable for deal in played),
        sum(deal.timed_out for deal in played),
        sum(deal.random_won for deal in played),
        sum(bool(deal.hinted) for deal in played),
        sum(deal.nodes for deal in played),
    )


def rows(plan: Plan, tallies: Sequence[Tally]) -> list[Row]:
    """The table's lines: each mode's tallies added up."""
    found = []
    for mode in plan.modes:
        mine = [tally for tally in tallies if tally.block.mode == mode]
        hinted = [tally for tally in mine if tally.block.hinted]
        found.append(
            Row(
                mode,
                sum(t.block.stop - t.block.first for t in mine),
                sum(t.winnable for t in mine),
                sum(t.random_won for t in mine),
                sum(t.block.stop - t.block.first for t in hinted),
                sum(t.hint_won for t in hinted),
                sum(t.timed_out for t in mine),
            )
        )
    return found


def counts_per_mode(text: str, modes: Sequence[str], fault: StudyFault = StudyFault.HINT_DEALS) -> dict[str, int]:
    """A count per mode: ``N`` for every mode, or ``MODE=N`` entries, comma-separated,
    with a bare ``N`` for the modes not named (0 when there is none):
    ``2401,solo-easy=1700``. Anything else is a :class:`StudyError` (``fault``)."""
    default, named = 0, {}
    for entry in (part.strip() for part in text.split(",")):
        mode, equals, count = entry.rpartition("=")
        mode = mode.strip()
        if not count.strip().isdigit() or (equals and mode not in MODES):
            raise StudyError(fault, entry=entry, named=bool(equals))
        if equals:
            named[mode] = int(count)
        else:
            default = int(count)
    return {mode: named.get(mode, default) for mode in modes}


def hint_deals_per_mode(text: str, modes: Sequence[str]) -> dict[str, int]:
    """How many deals the hint policy plays per mode (:func:`counts_per_mode`)."""
    return counts_per_mode(text, modes, StudyFault.HINT_DEALS)


def study(
    modes: Sequence[str],
    deals: int | Mapping[str, int],
    hint_deals: int | Mapping[str, int],
    hint_samples: int,
    prefix: str = "study",
    jobs: int = 1,
    deal_budget: int | None = None,
) -> list[Row]:
    """The table: for each mode, ``deals`` deals (a number, or one per mode) solved and
    played at random, the first ``hint_deals`` of them also played by the hint policy
    with ``hint_samples`` samples a decision; ``jobs`` processes (deals are independent;
    the counts do not depend on the order they come back in)."""
    if jobs < 1:
        raise StudyError(StudyFault.TOO_FEW)
    planned = plan(modes, deals, hint_deals, hint_samples, prefix, deal_budget)
    return rows(planned, spread(partial(play_block, planned), blocks(planned), jobs))
