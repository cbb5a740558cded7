"""Looking back at a game (`spell review`): each word played against the best valid word
its cards could have made, as values.

A word is reviewed for what it scored, not for what its cards are worth: a word that lost
its challenge scored 0 ("If the word is not in the dictionary … the player who played
the word scores zero points for the round"), so the best valid word of the same cards is
what the player missed. A word nobody challenged scored its points even when the table's
dictionary rejects it; the review flags it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.spellcrafter.best import Selection
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import is_jumper, jumper_of
from referee.spellcrafter.rounds import Play, Round
from referee.spellcrafter.scoring import Score

if TYPE_CHECKING:
    from referee.lexicon.verdict import Verdict


@dataclass(frozen=True)
class WordReview:
    """One word played, what it scored, and the best valid word of the same cards."""

    round: int
    seat: int
    play: Play
    valid: bool  # the table's dictionary accepts the word (for a challenged word: its recorded verdict)
    reason: str  # that verdict's reason, as a save file keeps it ("not in dictionary")
    best: Score | None  # the best valid word the same cards could make; None: no valid word

    @property
    def points(self) -> int:
        """What the word scored this round: 0 if it fell."""
        return self.play.points

    @property
    def fallen(self) -> bool:
        return self.play.fallen

    @property
    def unchallenged_invalid(self) -> bool:
        """A word the table's dictionary rejects that stood because nobody challenged it."""
        return not self.valid and self.play.challenge is None

    @property
    def missed(self) -> int:
        """How many points the best valid word would have scored more (never below 0)."""
        return 0 if self.best is None else max(self.best.score - self.points, 0)

    @property
    def best_made(self) -> bool:
        """The word is valid and nothing from its cards scores more."""
        return self.valid and self.missed == 0


def reviewed_rounds(game: Game, round_number: int | None = None) -> list[Round]:
    """The rounds with a word or pass entered (only round ``round_number``, if given)."""
    played = [r for r in game.rounds if any(entry is not None for entry in r.entries)]
    return played if round_number is None else [r for r in played if r.number == round_number]


def review_words(game: Game, rounds: Iterable[Round], judge: Callable[[str], Verdict], best: Callable[[Selection], Score | None]) -> list[WordReview]:
    """Every word of ``rounds``: a challenged word keeps the verdict recorded in the file;
    an unchallenged one is judged now by ``judge`` (the game's dictionary and house
    rules); ``best`` gives the best valid word of a hand (its cards and the round's
    Jumper)."""
    words = []
    for played in rounds:
        on_table = game.jumper(played.number) or next(
            (card for entry in played.entries if isinstance(entry, Play) and (card := jumper_of(entry.score.tokens)) is not None), None
        )
        for seat, entry in enumerate(played.entries):
            if not isinstance(entry, Play):
                continue
            if entry.challenge is not None:
                valid, reason = entry.challenge.valid, entry.challenge.reason
            else:
                verdict = judge(entry.score.word)
                valid, reason = verdict.valid, str(verdict.reason)
            hand = Selection(tuple(token.card for token in entry.score.tokens if not is_jumper(token)), on_table)
            words.append(WordReview(played.number, seat, entry, valid, reason, best(hand)))
    return words
