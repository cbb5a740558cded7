"""The winnability study: how often a random Smitten deal can be won, in every mode.

For each mode, deals from the seeds ``PREFIX-0``, ``PREFIX-1``, … are played three
ways: with perfect information (the solver: is the deal winnable at all?), by the hint
policy (every decision taken by :func:`referee.smitten.hint.hint`, which sees only what
the player to act sees), and by random legal play. Each share comes with its 95 %
Wilson interval. Deals are independent, so they are spread over processes.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from referee.errors import InputError
from referee.game import Refusal, refuse
from referee.i18n import _
from referee.processes import spread
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.hint import decide, wilson
from referee.smitten.legality import legal_moves
from referee.smitten.engine import apply, new_game
from referee.smitten.solver import Solver
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


class StudyFault(enum.Enum):
    """What makes a study's counts unusable, as a value (the values are for logs, not
    people): the command words it, naming its own options."""

    HINT_DEALS = "hint-deals"  # entry: a per-mode entry that is neither N nor MODE=N; named: it named a mode
    TOO_FEW = "too-few"  # deals, hint_samples, jobs below 1, or a mode's hint deals below 0


class StudyError(InputError):
    """A study asked for with counts it cannot use (exit 2): the :class:`StudyFault` and
    its parameters as a :class:`~referee.game.Refusal`, no words (`smitten study` words it)."""

    def __init__(self, fault: StudyFault, **params: object) -> None:
        super().__init__(fault.value)
        self.refusal: Refusal = refuse(fault, unusable=True, **params)


class Task(NamedTuple):
    """One deal of the study: its mode, its number, and whether the hint policy plays it."""

    mode: str
    number: int  # the deal is dealt from PREFIX-NUMBER
    prefix: str
    hint_samples: int  # 0: the hint policy does not play this deal


class Played(NamedTuple):
    """One deal's three results (``hinted`` None when the hint policy did not play it)."""

    mode: str
    winnable: bool
    random_won: bool
    hinted: bool | None
    nodes: int


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
    """Solve one deal, play it at random, and (when asked) by the hint policy."""
    seed = f"{task.prefix}-{task.number}"
    state = new_game(MODES[task.mode](seed))
    solver = Solver()
    winnable = solver.winnable(state)
    random_won = won(random_play(state, random.Random(f"{seed} random")))
    # A game the judge stopped as lost has no outcome yet, and counts as lost.
    hinted = won(hint_play(state, task.hint_samples, f"{seed} hint", solver)) if task.hint_samples else None
    return Played(task.mode, winnable, random_won, hinted, solver.nodes)


class Row(NamedTuple):
    """One mode's line of the table: the counts, and their shares with Wilson intervals."""

    mode: str
    deals: int
    winnable: int
    random_won: int
    hint_deals: int
    hint_won: int

    def share(self, part: str) -> tuple[float, float, float]:
        """(share, low, high) of ``winnable``, ``random_won`` or ``hint_won``."""
        count, total = getattr(self, part), self.hint_deals if part == "hint_won" else self.deals
        low, high = wilson(count, total)
        return (count / total if total else 0.0), low, high


def tasks(modes: Sequence[str], deals: int, hint_deals: Mapping[str, int], hint_samples: int, prefix: str) -> list[Task]:
    return [
        Task(mode, index, prefix, hint_samples if index < hint_deals[mode] else 0)
        for mode in modes
        for index in range(deals)
    ]


def hint_deals_per_mode(text: str, modes: Sequence[str]) -> dict[str, int]:
    """How many deals the hint policy plays per mode: ``N`` for every mode, or ``MODE=N``
    entries, comma-separated, with a bare ``N`` for the modes not named (0 when there is
    none): ``2401,solo-easy=1700``. Anything else is a :class:`StudyError`."""
    default, named = 0, {}
    for entry in (part.strip() for part in text.split(",")):
        mode, equals, count = entry.rpartition("=")
        mode = mode.strip()
        if not count.strip().isdigit() or (equals and mode not in MODES):
            raise StudyError(StudyFault.HINT_DEALS, entry=entry, named=bool(equals))
        if equals:
            named[mode] = int(count)
        else:
            default = int(count)
    return {mode: named.get(mode, default) for mode in modes}


def study(
    modes: Sequence[str],
    deals: int,
    hint_deals: int | Mapping[str, int],
    hint_samples: int,
    prefix: str = "study",
    jobs: int = 1,
) -> list[Row]:
    """The table: for each mode, ``deals`` deals solved and played at random, the first
    ``hint_deals`` of them (a number, or one per mode) also played by the hint policy with
    ``hint_samples`` samples a decision; ``jobs`` processes (deals are independent; the
    counts do not depend on the order they come back in)."""
    unknown = [mode for mode in modes if mode not in MODES]
    if unknown:
        raise InputError(_("unknown mode {mode}; the modes are {modes}").format(mode=repr(unknown[0]), modes=", ".join(MODES)))
    per_mode = {mode: hint_deals for mode in modes} if isinstance(hint_deals, int) else dict(hint_deals)
    if deals < 1 or min(per_mode.values(), default=0) < 0 or hint_samples < 1 or jobs < 1:
        raise StudyError(StudyFault.TOO_FEW)
    work = tasks(modes, deals, {mode: min(per_mode.get(mode, 0), deals) for mode in modes}, hint_samples, prefix)
    results = spread(play_deal, work, jobs, chunksize=4)
    rows = []
    for mode in modes:
        mine = [played for played in results if played.mode == mode]
        hinted = [played.hinted for played in mine if played.hinted is not None]
        rows.append(
            Row(mode, len(mine), sum(p.winnable for p in mine), sum(p.random_won for p in mine), len(hinted), sum(hinted))
        )
    return rows
