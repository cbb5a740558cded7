"""Looking back at a game (`spell review`): each word played against the best valid word
its cards could have made, as values.

A word is reviewed for what it scored, not for what its cards are worth: a word that lost
its challenge scored 0 ("If the word is not in the dictionary … the player who played
the word scores zero points for the round"), so the best valid word of the same cards is
what the player missed. A word nobody challenged scored its points even when the table's
dictionary rejects it; the review flags it.

Which cards are searched depends on what the referee knows, and the review is a public
screen: besides the words played and the Jumpers turned up (public), the cards it
searches come only from the public seat view (:func:`~referee.spellcrafter.view.seat_view`
with no seat).

- With physical cards, or real cards laid out from a seeded deal, the referee knows only
  the cards of the word and the round's Jumper: those are searched.
- In a game drafted through the referee, a round is reviewed once it is complete: its
  cards were then "discarded face up", and its draft is public
  (:attr:`~referee.spellcrafter.view.SeatView.drafts`). Each seat is reviewed, a pass
  too (:class:`SeatReview`): the best word its 7 selected cards and the Jumper could make,
  beside what it played; and, for the curious, the best word of the 8 cards first dealt
  to it (14 with two players; still at most 7 of them in a word, as always). The cards
  first dealt are public for a complete round too: the public draft lists each seat's
  picks (and discards) in order, and a seat's first hand is its own first pick, the
  second pick of the seat it passed to, and so on, and the last card laid down
  (:func:`first_dealt`). The round being drafted or crafted is never reviewed: its
  selected cards are private, and a best word shown while words are still being crafted
  would play for the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.spellcrafter.best import Selection
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.draft import PICKS, Draft, passed_to
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import is_jumper, jumper_of
from referee.spellcrafter.rounds import Play, Round
from referee.spellcrafter.scoring import Score
from referee.spellcrafter.view import complete_drafts, seat_view

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
    hand: Selection = Selection(())  # the cards searched: the word's own, or in a drafted game the seat's 7 selected; and the Jumper
    selected: bool = False  # ``hand`` is the seat's 7 selected cards (a complete round of a drafted game)

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


@dataclass(frozen=True)
class SeatReview:
    """One seat in a complete round of a drafted game: the best valid word of its 7 selected
    cards and the Jumper beside what it played (``word``; None for a pass), and the best
    valid word of the cards first dealt to it and the Jumper, for the curious."""

    round: int
    seat: int
    hand: Selection
    best: Score | None
    word: WordReview | None  # None: the seat passed
    dealt: Selection
    dealt_best: Score | None

    @property
    def points(self) -> int:
        """What the seat scored this round: 0 for a pass or a word that fell."""
        return 0 if self.word is None else self.word.points

    @property
    def missed(self) -> int:
        """How many points the best valid word of the selected cards would have scored more."""
        return 0 if self.best is None else max(self.best.score - self.points, 0)


def reviewed_rounds(game: Game, round_number: int | None = None) -> list[Round]:
    """The rounds with a word or pass entered (only round ``round_number``, if given); in a
    drafted game only complete ones (the round being played is private)."""
    played = [r for r in game.rounds if any(entry is not None for entry in r.entries) and (r.complete or not game.drafted)]
    return played if round_number is None else [r for r in played if r.number == round_number]


def first_dealt(draft: Draft, seat: int) -> tuple[SpellCard, ...]:
    """The cards first dealt to ``seat`` in a complete round, traced through its draft: the
    hand dealt to a seat is held at pick *k* by the seat *k* − 1 places along the round's
    direction, who keeps its *k*-th pick from it (and with two players discards its *k*-th
    discard); the one holding it at the seventh pick lays down its last card."""
    holder, cards = seat, []
    for pick in range(PICKS):
        if pick:
            holder = passed_to(holder, draft.direction, draft.count)
        cards.append(draft.selected[holder][pick])
        if pick < len(draft.discarded[holder]):
            cards.append(draft.discarded[holder][pick])
    last = draft.last[holder]
    assert last is not None, "a complete draft"
    return (*cards, last)


def review_words(game: Game, rounds: Iterable[Round], judge: Callable[[str], Verdict], best: Callable[[Selection], Score | None]) -> list[WordReview]:
    """Every word of ``rounds``: a challenged word keeps the verdict recorded in the file;
    an unchallenged one is judged now by ``judge`` (the game's dictionary and house
    rules); ``best`` gives the best valid word of a hand: the word's cards and the round's
    Jumper, or in a complete round of a drafted game the seat's 7 selected cards and the
    Jumper."""
    drafts = complete_drafts(seat_view(game, None))
    words = []
    for played in rounds:
        on_table = _jumper(game, played)
        draft = drafts.get(played.number)
        for seat, entry in enumerate(played.entries):
            if not isinstance(entry, Play):
                continue
            if entry.challenge is not None:
                valid, reason = entry.challenge.valid, entry.challenge.reason
            else:
                verdict = judge(entry.score.word)
                valid, reason = verdict.valid, str(verdict.reason)
            if draft is None:
                hand = Selection(tuple(token.card for token in entry.score.tokens if not is_jumper(token)), on_table)
            else:
                hand = Selection(draft.selected[seat], on_table)
            words.append(WordReview(played.number, seat, entry, valid, reason, best(hand), hand, draft is not None))
    return words


def review_seats(game: Game, rounds: Iterable[Round], words: Iterable[WordReview], best: Callable[[Selection], Score | None]) -> list[SeatReview]:
    """Every seat of every complete round of a drafted game among ``rounds``, with its word's
    review from ``words`` (:func:`review_words`); ``best`` as there. Nothing in a game not
    drafted through the referee."""
    drafts = complete_drafts(seat_view(game, None))
    reviewed = {(word.round, word.seat): word for word in words}
    seats = []
    for played in rounds:
        draft = drafts.get(played.number)
        if draft is None:
            continue
        on_table = _jumper(game, played)
        for seat in range(game.setup.count):
            hand = Selection(draft.selected[seat], on_table)
            dealt = Selection(first_dealt(draft, seat), on_table)
            seats.append(SeatReview(played.number, seat, hand, best(hand), reviewed.get((played.number, seat)), dealt, best(dealt)))
    return seats


def _jumper(game: Game, played: Round) -> SpellCard | None:
    """The round's Jumper: turned up by the referee, or as a word of the round used it."""
    return game.jumper(played.number) or next(
        (card for entry in played.entries if isinstance(entry, Play) and (card := jumper_of(entry.score.tokens)) is not None), None
    )
