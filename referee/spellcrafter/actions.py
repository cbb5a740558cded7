"""Spellcrafter's actions (what a player does) and effects (what it did), as values.

An action is the game's move, like python-chess's ``Move``: a word with its cards, a
pass, a challenge with the dictionary's verdict. The save file holds each as an event
(:mod:`referee.spellcrafter.ruleset` decodes and encodes them); applying one gives an
effect, so the command line words what happened without keeping the state before.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.spellcrafter.notation import Token
from referee.spellcrafter.scoring import Score
from referee.wording import counted


@dataclass(frozen=True)
class EnterWord:
    """``seat``'s word for the round, its cards in order; ``round`` when the entry stated it
    (``--round N``), checked against the current round."""

    seat: int
    tokens: tuple[Token, ...]
    round: int | None = None


@dataclass(frozen=True)
class EnterPass:
    """``seat`` plays no word this round (0 points)."""

    seat: int
    round: int | None = None


@dataclass(frozen=True)
class ChallengeWord:
    """``challenger`` challenges ``seat``'s word of the latest round, with the verdict the
    dictionary gave: kept as given, so replaying never depends on the word lists installed
    later. ``word`` is the word as judged (absent from files written by hand)."""

    challenger: int
    seat: int
    valid: bool
    reason: str
    dictionary: str
    word: str | None = None


Action = EnterWord | EnterPass | ChallengeWord


@dataclass(frozen=True)
class Consequence:
    """What a challenge does to the scores, the rulebook's one definition: "If the word is
    in the dictionary, the challenging player loses points equal to the value of the
    challenged word. If the word is not in the dictionary, discard those letters and the
    player who played the word scores zero points for the round." """

    challenger_loses: int
    word_falls: bool

    @classmethod
    def of(cls, valid: bool, value: int) -> Consequence:
        """The consequence of a verdict on a word worth ``value``."""
        return cls(challenger_loses=value if valid else 0, word_falls=not valid)

    def __str__(self) -> str:
        if self.word_falls:
            return "player scores 0 this round"
        return f"challenger loses {counted(self.challenger_loses, 'point')}"


@dataclass(frozen=True)
class WordScored:
    """A word entered and scored in round ``round``; ``completes`` when it was the round's
    last entry."""

    seat: int
    round: int
    score: Score
    completes: bool


@dataclass(frozen=True)
class Passed:
    """A pass entered in round ``round``; ``completes`` when it was the round's last entry."""

    seat: int
    round: int
    completes: bool


@dataclass(frozen=True)
class ChallengeDecided:
    """A challenge of ``seat``'s word (its ``score``) in round ``round``, decided: the
    verdict is the action's, the consequence the rulebook's."""

    challenger: int
    seat: int
    round: int
    score: Score
    consequence: Consequence


Effect = WordScored | Passed | ChallengeDecided
