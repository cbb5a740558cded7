"""A Spellcrafter game as a value: four rounds of words, passes and challenges.

Every method returns a new ``Game`` or raises ``InputError`` (exit 2) or ``RuleError``
(exit 1); nothing here prints or reads files. The actions and their effects are in
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
  needs its round stated (:meth:`Game.check_repeat`, checked when it is entered, so files
  written before the check still replay).
- The cards of a word, checked by :func:`legality.check_cards`: a card that the game's
  deck does not hold at all cannot be read as one of its cards (a typo: ``InputError``,
  exit 2); without a deck file, the values are the stand-in deck's, 1 to 10. Cards that
  exist but cannot be in this word break the rules (``RuleError``, exit 1): a Familiars
  card in a two-player game (the suit is removed), a card used more often than the deck
  holds it, and a second Jumper in a round: in a seeded game the Jumper is the card the
  referee turned up; with physical cards the first word of the round that uses the
  Jumper fixes it for the round ("One Jumper per round").
- In a seeded game the referee knows every card dealt in a round, but not who ended up
  with which (the draft passes the hands around): the round's pool is every card dealt
  into the hands. Each card of a word other than the Jumper must be in the round's pool,
  and the round's words together (a word that fell too: its cards were on the table)
  use a card at most as often as it was dealt that round (:func:`legality.check_dealt`).
  A game with physical cards keeps the whole-deck check.
- A game dealt by the referee must be dealable for all its rounds: a deck too small is
  refused when the game starts, not in round 3.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from referee.errors import InputError, RuleError
from referee.game import Outcome
from referee.spellcrafter.actions import ChallengeWord
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.dealing import SpellDeal, deal_spellcrafter
from referee.spellcrafter.deck import Deck
from referee.spellcrafter.legality import check_cards
from referee.spellcrafter.notation import Token
from referee.spellcrafter.rounds import Entry, Pass, Play, Round
from referee.spellcrafter.scoring import score_word
from referee.spellcrafter.setup import ROUNDS, Setup
from referee.wording import counted


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
        if setup.seed is not None and setup.deck is not None:
            try:
                _deal(setup.deck, setup.seed, setup.count, ROUNDS)
            except InputError as error:
                raise InputError(f"the deck cannot deal {ROUNDS} rounds to {setup.count} players: {error}") from None
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
        return Outcome(winners=winners, termination=termination, reason=self._describe_termination(termination, winners))

    def _termination(self) -> tuple[Termination, tuple[int, ...]] | None:
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

    def _open_round(self, seat: int, round_number: int | None = None) -> tuple[Game, Round]:
        """The round a new entry goes into, opening the next one after a complete round;
        ``round_number``, when the entry states it, must be that round."""
        outcome = self.outcome
        if outcome is not None:
            raise RuleError(f"the game is over ({outcome.reason}); start a new game with `new`")
        if round_number is not None:
            self.check_round(round_number)
        game = self
        if self.latest.complete:
            opened = Round(number=self.latest.number + 1, entries=(None,) * self.setup.count)
            game = replace(self, rounds=(*self.rounds, opened))
        current = game.latest
        if current.entries[seat] is not None:  # a player's entry already made this round: the rules say no
            did = "has a word" if isinstance(current.entries[seat], Play) else "passed"
            raise RuleError(
                f"{self.setup.players[seat]} already {did} in round {current.number}; `undo` takes the last entry back"
            )
        return game, current

    def check_round(self, round_number: int) -> None:
        """A round stated with an entry (``--round N``) must be the current one."""
        current = self.current_number
        if not 1 <= round_number <= ROUNDS:
            raise InputError(f"a game has rounds 1 to {ROUNDS}, not {round_number}")
        if round_number < current:
            raise RuleError(f"round {round_number} is complete; an entry now goes into round {current}")
        if round_number > current:
            waiting = ", ".join(self.setup.players[seat] for seat in self.waiting)
            raise RuleError(f"round {round_number} has not begun: round {current} is waiting for {waiting}")

    def check_repeat(self, seat: int, tokens: Sequence[Token] | None, round_number: int | None = None) -> None:
        """Checked when a word or pass is entered (a file replays without it): a word of
        the very cards, in the same order, of the player's word in the round before, or a
        pass (``tokens`` None) that would begin the next round right after the player's
        pass that completed the round before, is most likely the last command repeated by
        accident, and is refused (``InputError``) unless the entry states its round. (A
        player who passes again once the round has begun is taken at their word: passing
        two rounds running is common, the same cards twice are not.) Once the game is over
        the entry is refused as such."""
        current = self.current_number
        if round_number is not None or current == 1 or self._termination() is not None:
            return
        before = self.rounds[current - 2].entries[seat]
        name = self.setup.players[seat]
        begun = self.latest.number == current
        if tokens is None and isinstance(before, Pass) and not begun:
            raise InputError(f"{name} passed in round {current - 1}; if {name} passes again in round {current}, add --round {current}")
        if tokens is not None and isinstance(before, Play) and before.score.tokens == tuple(tokens):
            raise InputError(
                f"{name}'s word in round {current - 1} was these same cards, {before.score.word}: "
                f"if {name} played them again in round {current}, add --round {current}"
            )

    def _enter(self, seat: int, entry: Entry, round_number: int | None = None) -> Game:
        game, current = self._open_round(seat, round_number)
        entries = tuple(entry if s == seat else e for s, e in enumerate(current.entries))
        return replace(game, rounds=(*game.rounds[:-1], Round(number=current.number, entries=entries)))

    def word(self, seat: int, tokens: Sequence[Token], round_number: int | None = None) -> Game:
        """A player's word for the round, checked and scored with the table's rules;
        ``round_number`` is the round the entry states, if it states one."""
        _, current = self._open_round(seat, round_number)  # a finished game or a second word: said first
        score = score_word(tokens, self.setup.variants)
        check_cards(self, tokens, current.number, seat)
        return self._enter(seat, Play(score=score), round_number)

    def pass_(self, seat: int, round_number: int | None = None) -> Game:
        return self._enter(seat, Pass(), round_number)

    def challenge(self, action: ChallengeWord) -> Game:
        """Apply a challenge of ``action.seat``'s word in the latest round."""
        names, seat = self.setup.players, action.seat
        current = self.latest
        entry = current.entries[seat]
        if action.challenger == seat:
            raise RuleError(f"{names[seat]} cannot challenge their own word")
        if entry is None:
            later = " (words of earlier rounds can no longer be challenged)" if current.number > 1 else ""
            raise RuleError(f"{names[seat]} has no word in round {current.number} yet{later}")
        if isinstance(entry, Pass):
            raise RuleError(f"{names[seat]} passed in round {current.number}: there is no word to challenge")
        if entry.challenge is not None:
            raise RuleError(f"{names[seat]}'s {entry.score.word} has already been challenged by {names[entry.challenge.challenger]}")
        challenged = Play(score=entry.score, challenge=action)
        entries = tuple(challenged if s == seat else e for s, e in enumerate(current.entries))
        return replace(self, rounds=(*self.rounds[:-1], Round(number=current.number, entries=entries)))

    def challengeable(self, seat: int) -> Play:
        """The word of ``seat`` that a challenge would judge (the rules as ``challenge``)."""
        probe = ChallengeWord(challenger=(seat + 1) % self.setup.count, seat=seat, valid=True, reason="", dictionary="")
        self.challenge(probe)
        entry = self.latest.entries[seat]
        assert isinstance(entry, Play)
        return entry

    # --- the cards -----------------------------------------------------------------------

    def deal(self, round_number: int) -> SpellDeal | None:
        """The cards the referee dealt for a round of a seeded game (None with physical cards)."""
        if self.setup.seed is None or self.setup.deck is None:
            return None
        return _deal(self.setup.deck, self.setup.seed, self.setup.count, round_number)

    def jumper(self, round_number: int) -> SpellCard | None:
        """The Jumper the referee turned up for a round of a seeded game."""
        dealt = self.deal(round_number)
        return None if dealt is None else dealt.jumper

    def _describe_termination(self, termination: Termination, winners: tuple[int, ...]) -> str:
        """The end of the game in words: the :attr:`Outcome.reason`."""
        names = " and ".join(self.setup.players[seat] for seat in winners)
        if termination is Termination.INSTANT_WIN:
            played, seats = self.instant_winners or (self.latest, winners)
            words = [entry.score for entry in (played.entries[seat] for seat in seats) if isinstance(entry, Play)]
            if len(words) == 1:
                return f"{names} wins at once with {words[0].word}, {counted(words[0].score, 'point')}"
            spelled = " and ".join(score.word for score in words)
            return f"{names} share the win at once with {spelled}, {counted(words[0].score, 'point')} each"
        total = self.totals[winners[0]]
        if termination is Termination.HIGHEST_TOTAL:
            return f"{names} wins with {counted(total, 'point')}"
        if termination is Termination.LONGEST_WORD:
            return f"{names} wins the tie on {counted(total, 'point')} with the longest word of round {ROUNDS}"
        return f"{names} share the win on {counted(total, 'point')}, tied on the longest word of round {ROUNDS} too"


@lru_cache(maxsize=32)
def _deal(deck: Deck, seed: str, players: int, round_number: int) -> SpellDeal:
    return deal_spellcrafter(deck, seed, players, round_number)


