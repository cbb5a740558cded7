"""A Spellcrafter game as a value: four rounds of words, passes and challenges.

:meth:`Game.refusal` is the one definition of what may be entered: it returns the rule
an action breaks (a :class:`~referee.game.Refusal`, worded only by the game's voice) or
None, and never raises; the methods that enter an action assume it is allowed. Nothing
here prints, reads files or builds a sentence. The actions and their effects are in
:mod:`referee.spellcrafter.actions`; :mod:`referee.spellcrafter.ruleset` puts the game on
the contract of :mod:`referee.game`.

Rulings where the rulebook is silent:

- A round is complete when every player has a word or a pass; the next round begins
  with its first word or pass.
- A challenge targets a word of the latest round (complete or not) and may be made until
  the next round begins: the last word of a round can be challenged too. After round 4,
  the final round's words may still be challenged. Each word is challenged at most once
  (the verdict settles it); nobody challenges their own word.
- A word of 50 or more wins the game "immediately", but words are written at the same
  time, so the outcome must not depend on who was typed first: the round is completed
  (everyone still enters a word or a pass), and then the highest standing word of 50 or
  more wins; equal ones share the win. A 50+ word can be challenged, during the round or
  after it: if it falls it scores 0 and does not count; with no 50+ word left standing
  the game goes on.
- The tie after round 4 goes to the tied player with the longest word in the final round,
  its letters counted as for the minimum length (Qu one letter; Jumper, Double, Double
  and Trouble count, Toil does not); a pass or a word that fell counts 0. Still tied:
  a shared win.
- Passing goes left in round 1 and alternates: right in 2, left in 3, right in 4.
- An entry may state its round (``--round N``): it must be the current one. A word of
  the very cards of the player's word in the round before, or a pass after the player's
  pass in the round before, is most likely the last command repeated by accident, and
  needs its round stated (:meth:`Game.repeat_refusal`, checked when it is entered, so files
  written before the check still replay).
- The cards of a word, checked by :func:`legality.card_refusal`: a card that the game's
  deck does not hold at all cannot be read as one of its cards (a typo: unusable, exit
  2); without a deck file, the values are the stand-in deck's, 1 to 10. Cards that
  exist but cannot be in this word break the rules (exit 1): a Familiars
  card in a two-player game (the suit is removed), a card used more often than the deck
  holds it, and a second Jumper in a round: in a seeded game the Jumper is the card the
  referee turned up; with physical cards the first word of the round that uses the
  Jumper fixes it for the round ("One Jumper per round").
- In a seeded game the referee knows every card dealt in a round, but not who ended up
  with which (the draft passes the hands around): the round's pool is every card dealt
  into the hands. Each card of a word other than the Jumper must be in the round's pool,
  and the round's words together (a word that fell too: its cards were on the table)
  use a card at most as often as it was dealt that round (:func:`legality.dealt_refusal`).
  A game with physical cards keeps the whole-deck check.
- A game dealt by the referee must be dealable for all its rounds: a deck too small is
  refused when the game starts, not in round 3.
- A game drafted through the referee (``setup.draft``) records every pick
  (:mod:`referee.spellcrafter.draft`): a round begins with its first pick, words and
  passes wait until the draft is complete, and a word uses only its seat's 7 selected
  cards and the Jumper (:func:`legality.selected_refusal`), which replaces the pool check
  above. The crafting clock (:meth:`Game.craft_clock`) runs from the pick that ended the
  draft; it only shows: no word is refused for being late (the table decides).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from referee.game import Outcome, Refusal, refuse
from referee.spellcrafter.actions import Action, ChallengeWord, EnterPass, EnterWord, PickCard
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.dealing import SpellDeal, dealable, dealt
from referee.spellcrafter.deck import cards_refusal
from referee.spellcrafter.draft import Draft
from referee.spellcrafter.legality import card_refusal
from referee.spellcrafter.notation import Token
from referee.spellcrafter.rounds import Entry, Pass, Play, Round
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.scoring import scored_word, word_refusal
from referee.spellcrafter.setup import ROUNDS, Setup


class Termination(enum.Enum):
    """How a finished game was won."""

    INSTANT_WIN = "instant win"  # a word of 50 or more
    HIGHEST_TOTAL = "highest total"
    LONGEST_WORD = "longest word"  # the tie broken by the final round's longest word
    SHARED = "shared win"  # tied on total and on the longest word


def passing(round_number: int) -> str:
    """"Alternate passing direction with each round", starting to the left."""
    return "left" if round_number % 2 else "right"


@dataclass(frozen=True)
class Game:
    setup: Setup
    rounds: tuple[Round, ...]  # the last one is the latest; round 1 exists from the start

    @classmethod
    def start(cls, setup: Setup) -> Game:
        """A new game; one dealt by the referee is dealt through its last round now, so a
        deck too small for the table is refused before anything is saved."""
        seed = setup.dealt_from
        if seed is not None and setup.deck is not None:
            dealable(setup.deck, seed, setup.count, setup.two_player)
        return cls(setup=setup, rounds=(Round(number=1, entries=(None,) * setup.count),))

    @property
    def latest(self) -> Round:
        return self.rounds[-1]

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(r.points(seat) for r in self.rounds) for seat in range(self.setup.count))

    @property
    def instant_winners(self) -> tuple[Round, tuple[int, ...]] | None:
        """The complete round that holds standing words of 50 or more, and the seats of
        the highest of them (several when equal: a shared win)."""
        for played in self.rounds:
            wins = played.instant_wins
            if played.complete and wins:
                best = max(wins.values())
                return played, tuple(seat for seat, score in wins.items() if score == best)
        return None

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (``termination`` a :class:`Termination`), None while it goes on."""
        ended = self._termination()
        if ended is None:
            return None
        termination, winners = ended
        return Outcome(winners=winners, termination=termination)

    def _termination(self) -> tuple[Termination, tuple[int, ...]] | None:
        return self._ended

    @cached_property
    def _ended(self) -> tuple[Termination, tuple[int, ...]] | None:
        """:meth:`_termination`, worked out once per game value (every entry's checks ask)."""
        instant = self.instant_winners
        if instant is not None:
            return Termination.INSTANT_WIN, instant[1]
        if len(self.rounds) < ROUNDS or not self.latest.complete:
            return None
        totals = self.totals
        tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
        if len(tied) == 1:
            return Termination.HIGHEST_TOTAL, tuple(tied)
        lengths = {seat: self.final_length(seat) for seat in tied}
        longest = [seat for seat in tied if lengths[seat] == max(lengths.values())]
        return Termination.LONGEST_WORD if len(longest) == 1 else Termination.SHARED, tuple(longest)

    def final_length(self, seat: int) -> int:
        entry = self.latest.entries[seat]
        return 0 if entry is None else entry.length

    @property
    def current_number(self) -> int:
        """The round the next word or pass goes into; once the game is over, the round it
        ended in (a game won at once ends with the round of the winning word)."""
        latest = self.latest
        if not latest.complete or latest.number == ROUNDS or self._termination() is not None:
            return latest.number
        return latest.number + 1

    @property
    def waiting(self) -> tuple[int, ...]:
        """Who still has to enter a word or pass in the current round: everyone when it
        has not begun yet, nobody once the game is over."""
        if self._termination() is not None:
            return ()
        if self.latest.number == self.current_number:
            return self.latest.waiting
        return tuple(range(self.setup.count))

    # --- events -----------------------------------------------------------------------

    def refusal(self, action: Action) -> Refusal | None:
        """The rule ``action`` breaks now, or None: the one definition of legality."""
        if isinstance(action, EnterWord):
            return self.word_refusal(action.seat, action.tokens, action.round)
        if isinstance(action, EnterPass):
            return self.entry_refusal(action.seat, action.round)
        if isinstance(action, PickCard):
            return self.pick_refusal(action.seat, action.card, action.discard, action.round, action.pick)
        return self.challenge_refusal(action.challenger, action.seat)

    def entry_refusal(self, seat: int, round_number: int | None = None) -> Refusal | None:
        """A word or pass goes into the current round (``round_number``, when the entry
        states it, must be that round), once per player, while the game goes on."""
        if self._termination() is not None:
            return refuse(Rule.GAME_OVER)
        if round_number is not None:
            wrong = self.round_refusal(round_number)
            if wrong is not None:
                return wrong
        current = self.current_number
        entry = self.latest.entries[seat] if self.latest.number == current else None
        if entry is not None:
            return refuse(Rule.ALREADY_ENTERED, seat=seat, round=current, passed=isinstance(entry, Pass))
        if self.drafted:
            draft = self.draft_of(current)  # None while a fair game's deal waits for its words: nobody has drafted
            still = tuple(range(self.setup.count)) if draft is None else tuple(s for s in range(self.setup.count) if not draft.done(s))
            if still:
                return refuse(Rule.DRAFT_NOT_OVER, seat=seat, round=current, waiting=still)
        return None

    def round_refusal(self, round_number: int) -> Refusal | None:
        """A round stated with an entry (``--round N``) must be the current one."""
        current = self.current_number
        if not 1 <= round_number <= ROUNDS:
            return refuse(Rule.NO_SUCH_ROUND, unusable=True, round=round_number)
        if round_number < current:
            return refuse(Rule.ROUND_COMPLETE, round=round_number, current=current)
        if round_number > current:
            return refuse(Rule.ROUND_NOT_BEGUN, round=round_number, current=current, waiting=self.waiting)
        return None

    def word_refusal(self, seat: int, tokens: Sequence[Token], round_number: int | None = None) -> Refusal | None:
        """A word needs a place in the round (:meth:`entry_refusal`), well-made cards
        (:func:`~referee.spellcrafter.scoring.word_refusal`) and cards of this game and
        round (:func:`~referee.spellcrafter.legality.card_refusal`)."""
        return (
            self.entry_refusal(seat, round_number)
            or word_refusal(tokens, self.setup.variants)
            or card_refusal(self, tokens, self.current_number, seat)
        )

    def repeat_refusal(self, seat: int, tokens: Sequence[Token] | None, round_number: int | None = None) -> Refusal | None:
        """Asked when a word or pass is entered (a file replays without it): a word of
        the very cards, in the same order, of the player's word in the round before, or a
        pass (``tokens`` None) that would begin the next round right after the player's
        pass that completed the round before, is most likely the last command repeated by
        accident, and is refused (unusable) unless the entry states its round. (A player
        who passes again once the round has begun is taken at their word: passing two
        rounds running is common, the same cards twice are not.) Once the game is over
        the entry is refused as such, by :meth:`refusal`."""
        current = self.current_number
        if round_number is not None or current == 1 or self._termination() is not None:
            return None
        before = self.rounds[current - 2].entries[seat]
        begun = self.latest.number == current
        if tokens is None and isinstance(before, Pass) and not begun:
            return refuse(Rule.REPEATED_PASS, unusable=True, seat=seat, round=current)
        if tokens is not None and isinstance(before, Play) and before.score.tokens == tuple(tokens):
            return refuse(Rule.REPEATED_WORD, unusable=True, seat=seat, round=current, word=before.score.word)
        return None

    def challenge_refusal(self, challenger: int, seat: int) -> Refusal | None:
        """A challenge judges ``seat``'s word of the latest round, once; nobody challenges
        their own word."""
        entry = self.latest.entries[seat]
        if challenger == seat:
            return refuse(Rule.OWN_WORD, seat=seat)
        if entry is None:
            return refuse(Rule.NO_WORD_YET, seat=seat, round=self.latest.number)
        if isinstance(entry, Pass):
            return refuse(Rule.PASSED_NO_WORD, seat=seat, round=self.latest.number)
        if entry.challenge is not None:
            return refuse(Rule.ALREADY_CHALLENGED, seat=seat, word=entry.score.word, challenger=entry.challenge.challenger)
        return None

    def _opened(self) -> Game:
        """The game with its current round open (a complete round is followed by the next)."""
        if not self.latest.complete:
            return self
        return replace(self, rounds=(*self.rounds, Round(number=self.latest.number + 1, entries=(None,) * self.setup.count)))

    def _enter(self, seat: int, entry: Entry) -> Game:
        """``entry`` put in the current round (opened after a complete round); allowed."""
        game = self._opened()
        current = game.latest
        entries = tuple(entry if s == seat else e for s, e in enumerate(current.entries))
        return replace(game, rounds=(*game.rounds[:-1], replace(current, entries=entries)))

    def word(self, seat: int, tokens: Sequence[Token]) -> Game:
        """A player's word for the round, scored with the table's rules (allowed:
        :meth:`word_refusal` said so)."""
        return self._enter(seat, Play(score=scored_word(tuple(tokens), self.setup.variants)))

    def pass_(self, seat: int) -> Game:
        return self._enter(seat, Pass())

    def challenge(self, action: ChallengeWord) -> Game:
        """A challenge of ``action.seat``'s word in the latest round (allowed:
        :meth:`challenge_refusal` said so)."""
        current = self.latest
        entry = current.entries[action.seat]
        assert isinstance(entry, Play)
        challenged = Play(score=entry.score, challenge=action)
        entries = tuple(challenged if s == action.seat else e for s, e in enumerate(current.entries))
        return replace(self, rounds=(*self.rounds[:-1], replace(current, entries=entries)))

    # --- the draft -------------------------------------------------------------------------

    @property
    def drafted(self) -> bool:
        """Whether the game is drafted through the referee, pick by pick."""
        return self.setup.draft

    def draft_of(self, round_number: int) -> Draft | None:
        """A round's draft as it stands (just dealt when no pick is made yet); None in a
        game not drafted through the referee, or while a fair game's deal is not known."""
        if not self.drafted:
            return None
        if round_number <= len(self.rounds) and self.rounds[round_number - 1].draft is not None:
            return self.rounds[round_number - 1].draft
        dealt_now = self.deal(round_number)
        if dealt_now is None:
            return None
        return Draft.dealt(dealt_now.hands, passing(round_number), self.setup.two_player)

    def pick_refusal(self, seat: int, card: SpellCard, discard: SpellCard | None = None, round_number: int | None = None,
                     pick: int | None = None) -> Refusal | None:  # fmt: skip
        """A pick needs a drafted game that goes on, and a card of the seat's hand now
        (:meth:`Draft.refusal`); when the entry states its round and its pick (a phone's
        does), they must be the seat's current ones."""
        if not self.drafted:
            return refuse(Rule.NO_DRAFT, unusable=True)
        if self._termination() is not None:
            return refuse(Rule.GAME_OVER)
        if round_number is not None:
            wrong = self.round_refusal(round_number)
            if wrong is not None:
                return wrong
        draft = self.draft_of(self.current_number)
        if draft is None:
            return refuse(Rule.NO_DRAFT, unusable=True)
        if pick is not None and pick != draft.pick_number(seat):
            return refuse(Rule.PICK_MOVED_ON, seat=seat, pick=pick, current=draft.pick_number(seat))
        deck = self.setup.deck
        typo = None if deck is None else cards_refusal([card] if discard is None else [card, discard], deck)
        return typo or draft.refusal(seat, card, discard)

    def pick(self, action: PickCard) -> Game:
        """``action.seat`` keeps a card (allowed: :meth:`pick_refusal` said so); the first
        pick of a round opens it."""
        game = self._opened()
        current = game.latest
        draft = game.draft_of(current.number)
        assert draft is not None
        picked = draft.pick(action.seat, action.card, action.discard, action.at)
        return replace(game, rounds=(*game.rounds[:-1], replace(current, draft=picked)))

    def craft_clock(self, round_number: int) -> tuple[str, int] | None:
        """When the crafting clock of a round started (the time of the pick that ended
        its draft) and how many seconds it runs; None before that, and in a game without
        a clock (physical cards, the Friendly Rules). The clock only shows."""
        draft = self.draft_of(round_number)
        seconds = self.setup.craft_time
        if draft is None or seconds is None or draft.completed_at is None:
            return None
        return draft.completed_at, seconds

    # --- the cards -----------------------------------------------------------------------

    def deal(self, round_number: int) -> SpellDeal | None:
        """The cards the referee dealt for a round of a seeded game (None with physical cards)."""
        seed = self.setup.dealt_from
        if seed is None or self.setup.deck is None:
            return None
        return dealt(self.setup.deck, seed, self.setup.count, round_number, self.setup.two_player)

    def jumper(self, round_number: int) -> SpellCard | None:
        """The Jumper the referee turned up for a round of a seeded game."""
        turned_up = self.deal(round_number)
        return None if turned_up is None else turned_up.jumper
