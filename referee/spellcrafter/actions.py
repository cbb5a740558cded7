"""Spellcrafter's actions (what a player does) and effects (what it did), as values.

An action is the game's move, like python-chess's ``Move``: a word with its cards, a
pass, a challenge with the dictionary's verdict. The save file holds each as an event
(:mod:`referee.spellcrafter.ruleset` decodes and encodes them); applying one gives an
effect, so the command line words what happened without keeping the state before.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.lexicon.challenge import Consequence
from referee.spellcrafter.notation import Token
from referee.spellcrafter.scoring import Score


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
    verdict is the action's, the consequence the rulebook's (:class:`Consequence`, one
    definition in :mod:`referee.lexicon.challenge`)."""

    challenger: int
    seat: int
    round: int
    score: Score
    consequence: Consequence


Effect = WordScored | Passed | ChallengeDecided
