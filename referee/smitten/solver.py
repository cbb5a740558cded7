"""Solving a Smitten position with perfect information: is it winnable, and how?

A seeded game is one of perfect information for the referee (it knows the deck, the
set-aside card and the face-down cards), and Smitten is cooperative: both seats win or
lose together, so a position is winnable when *some* sequence of moves reaches 17 cards
in the grids. Every choice is a move of the engine: who starts a turn, which card where,
card 5's higher/lower, card 1's reveal, solo's face-down play and Easy Mode's swap.

The search is a depth-first search over the engine itself: the moves are
:func:`referee.smitten.legality.legal_moves` (the one definition of legality), each
played as :func:`referee.smitten.engine.apply` plays it (:func:`~referee.smitten.engine.successors`:
the engine's own moves and positions, drawing, flipping and declaring losses exactly
as a game file would; only the second check of a move the rules just listed is left
out). Nothing here knows a rule.

A transposition table holds every position proven lost, keyed on the whole position
(the :class:`~referee.smitten.state.State` value: grids, hands in order, deck, set-aside
card, pending instruction, who started the turn, the 9's no-draw, the swap): two move
orders that reach the same position are searched once. For one line (:meth:`Solver.line`)
a won position ends the search at once, so only losses need remembering; when many
positions are asked about (:meth:`Solver.winnable`: the hint's samples and moves) the
positions proven won are remembered as well. Positions cannot repeat along a line
(every move puts a card down, reveals, flips or spends the swap), so the search always ends.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from referee.smitten.actions import Move
from referee.smitten.legality import legal_moves
from referee.smitten.engine import apply, successors
from referee.smitten.state import State


class Unfinished(Exception):
    """The search went past its node budget without deciding the position."""


@dataclass
class Solver:
    """A depth-first search with a transposition table of lost positions.

    One solver may be used for many positions (the hint solves many samples with one):
    the table stays valid, since it is keyed on whole positions. ``limit`` bounds the
    nodes of one :meth:`solve` (``Unfinished`` past it); None searches to the end.
    """

    limit: int | None = None
    lost: set[State] = field(default_factory=set)
    won: set[State] = field(default_factory=set)  # filled by :meth:`winnable` only
    nodes: int = 0  # positions visited, over every solve
    probes: int = 0  # transposition-table look-ups
    hits: int = 0  # look-ups that found a position already proven lost
    _budget: int = 0

    def solve(self, state: State) -> Solution:
        """Winnable (with a line of moves from ``state`` to the win) or not, proven."""
        start, nodes, probes, hits = time.perf_counter(), self.nodes, self.probes, self.hits
        self._budget = self.nodes + self.limit if self.limit is not None else -1
        line = self.line(state)
        return Solution(
            winnable=line is not None,
            line=tuple(line) if line is not None else (),
            nodes=self.nodes - nodes,
            probes=self.probes - probes,
            hits=self.hits - hits,
            seconds=time.perf_counter() - start,
        )

    def verdict(self, state: State) -> bool:
        """:meth:`winnable` within the node budget (``Unfinished`` past it); later
        questions to this solver have no budget."""
        self._budget = self.nodes + self.limit if self.limit is not None else -1
        try:
            return self.winnable(state)
        finally:
            self._budget = -1

    def winnable(self, state: State) -> bool:
        """Whether some sequence of moves from ``state`` wins (proven), without the line.

        Besides the positions proven lost, this remembers those proven won: a position is
        the whole game's state, so what was proven of it holds wherever it comes up again
        (another move of the same sample in a hint, a later decision of a game).
        """
        self.nodes += 1
        if self.nodes == self._budget:
            raise Unfinished(f"no answer within {self.limit} positions")
        outcome = state.outcome
        if outcome is not None:
            return bool(outcome.winners)
        self.probes += 1
        if state in self.lost:
            self.hits += 1
            return False
        if state in self.won:
            self.hits += 1
            return True
        for _move, after in successors(state):
            if self.winnable(after):
                self.won.add(state)
                return True
        self.lost.add(state)
        return False

    def line(self, state: State) -> list[Move] | None:
        """The moves from ``state`` to a win, or None when no sequence of moves wins."""
        self.nodes += 1
        if self.nodes == self._budget:
            raise Unfinished(f"no answer within {self.limit} positions")
        outcome = state.outcome
        if outcome is not None:
            return [] if outcome.winners else None
        self.probes += 1
        if state in self.lost:
            self.hits += 1
            return None
        for move, after in successors(state):
            found = self.line(after)
            if found is not None:
                found.insert(0, move)
                return found
        self.lost.add(state)
        return None


@dataclass(frozen=True)
class Solution:
    """What a solve found: a winning line (empty when not winnable, or already won), and
    the effort: positions visited, transposition-table probes and hits, seconds."""

    winnable: bool
    line: tuple[Move, ...]
    nodes: int
    probes: int
    hits: int
    seconds: float

    @property
    def hit_rate(self) -> float:
        return self.hits / self.probes if self.probes else 0.0


def solve(state: State, limit: int | None = None) -> Solution:
    """Solve one position with a fresh transposition table."""
    return Solver(limit).solve(state)


def brute_force(state: State, budget: list[int]) -> bool:
    """The plain exhaustive search the solver is checked against: every move of every
    position is tried (no early stop, no table). ``budget`` is ``[positions left]``;
    ``Unfinished`` when it runs out."""
    budget[0] -= 1
    if budget[0] < 0:
        raise Unfinished("brute force ran out of budget")
    outcome = state.outcome
    if outcome is not None:
        return bool(outcome.winners)
    results = [brute_force(apply(state, move).state, budget) for move in legal_moves(state)]
    return any(results)
