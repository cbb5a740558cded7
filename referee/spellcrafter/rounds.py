"""A Spellcrafter round as a value: each player's entry, a word played (and its challenge)
or a pass, and what the round scores.

Pure values, no checks: :mod:`referee.spellcrafter.game` decides what may be entered and
:mod:`referee.spellcrafter.legality` which cards a word may use.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.lexicon.challenge import Consequence
from referee.spellcrafter.actions import ChallengeWord
from referee.spellcrafter.draft import Draft
from referee.spellcrafter.scoring import Score


@dataclass(frozen=True)
class Play:
    """A word played in a round, and its challenge if there was one."""

    score: Score
    challenge: ChallengeWord | None = None

    @property
    def consequence(self) -> Consequence | None:
        """What the challenge of this word did to the scores (None: not challenged)."""
        return None if self.challenge is None else Consequence.of(self.challenge.valid, self.score.score)

    @property
    def fallen(self) -> bool:
        """"If the word is not in the dictionary … the player who played the word scores
        zero points for the round." """
        return self.consequence is not None and self.consequence.word_falls

    @property
    def points(self) -> int:
        return 0 if self.fallen else self.score.score

    @property
    def length(self) -> int:
        return 0 if self.fallen else self.score.length


@dataclass(frozen=True)
class Pass:
    """A player who plays no word this round (0 points)."""

    points = 0
    length = 0


Entry = Play | Pass


@dataclass(frozen=True)
class Round:
    number: int
    entries: tuple[Entry | None, ...]  # per seat; None: nothing entered yet
    draft: Draft | None = None  # a drafted game's draft, once its first pick is made

    @property
    def complete(self) -> bool:
        return all(entry is not None for entry in self.entries)

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(seat for seat, entry in enumerate(self.entries) if entry is None)

    def penalty(self, seat: int) -> int:
        """"If the word is in the dictionary, the challenging player loses points equal to
        the value of the challenged word." """
        return sum(
            entry.consequence.challenger_loses
            for entry in self.entries
            if isinstance(entry, Play) and entry.challenge is not None and entry.consequence is not None
            and entry.challenge.challenger == seat
        )  # fmt: skip

    def points(self, seat: int) -> int:
        entry = self.entries[seat]
        return (0 if entry is None else entry.points) - self.penalty(seat)

    @property
    def unchallenged(self) -> tuple[int, ...]:
        """The seats whose word in this round has not been challenged (a word is challenged
        at most once)."""
        return tuple(seat for seat, entry in enumerate(self.entries) if isinstance(entry, Play) and entry.challenge is None)

    @property
    def instant_wins(self) -> dict[int, int]:
        """The seats whose word scores 50 or more and stands (not fallen), with its score."""
        return {
            seat: entry.score.score
            for seat, entry in enumerate(self.entries)
            if isinstance(entry, Play) and not entry.fallen and entry.score.instant_win
        }

