"""Spellcrafter on the game contract (:mod:`referee.game`): the save file's events decoded
into actions and encoded back, applied with their effects, the refusal and the outcome.

Events, as recorded, and the actions (:mod:`referee.spellcrafter.actions`) they decode to::

    {"kind": "pick", "player": "Anna", "card": "K6m", "at": "2026-12-02T20:15:03Z"}
    {"kind": "pick", "player": "Anna", "card": "K6m", "discard": "E1s", "at": "…"}
    {"kind": "word", "player": "Anna", "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "word", "player": "Anna", "round": 2, "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "pass", "player": "Bram"}
    {"kind": "challenge", "challenger": "Bram", "player": "Anna", "word": "kit",
     "valid": true, "reason": "in dictionary", "dictionary": "builtin:en"}

``round`` is there when the entry stated its round (``--round N``): replaying checks it
against the current round again. A challenge keeps the verdict it was given, so replaying
the file never depends on the dictionaries installed later.

``pick`` → :class:`PickCard` (a game drafted through the referee; ``discard`` with two
players; ``at`` when the pick was made), ``word`` → :class:`EnterWord`, ``pass`` →
:class:`EnterPass`, ``challenge`` → :class:`ChallengeWord`; :func:`~referee.spellcrafter.actions.encode` gives back the event as the
program writes it (the same dict, keys in the same order). A file edited by hand may
spell a card or a name differently (``k6m``, ``an``): it is read the same, and encoded as
the program writes it (``K6m``, ``Anna``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from referee.errors import Refused
from referee.fair.rules import WithEntropy, with_entropy
from referee.game import Outcome, Refusal, Rules, Step
from referee.spellcrafter.actions import (
    Action,
    CardPicked,
    ChallengeDecided,
    ChallengeWord,
    Effect,
    EnterPass,
    EnterWord,
    Passed,
    PickCard,
    WordScored,
    decode,
    encode,
)
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.game import Game
from referee.spellcrafter.refusals import FORMAT
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.setup import Setup

if TYPE_CHECKING:
    from referee.spellcrafter.view import SeatView


class SpellcrafterRules:
    """The rules for the save-file engine and every front end."""

    format = FORMAT
    version = 1
    command = "referee spell"

    def read_setup(self, table: Mapping[str, Any]) -> Setup:
        """The checked ``[setup]``; its dictionary must be one referee knows by name
        (:func:`known_dictionary`), so ``builtin:fr`` is refused when the file is loaded,
        not at the next challenge."""
        read = Setup.from_toml(dict(table))
        known_dictionary(read.dictionary)
        return read

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Game:
        return Game.start(setup)

    def decode(self, state: Game, event: Mapping[str, Any]) -> Action:
        return decode(state, event)

    def encode(self, state: Game, action: Action) -> dict[str, Any]:
        return encode(state, action)

    def refusal(self, state: Game, action: Action) -> Refusal | None:
        """Why the rules forbid ``action`` now, or None (:meth:`Game.refusal`, the one
        definition of legality); never raises."""
        return state.refusal(action)

    def apply(self, state: Game, action: Action) -> Step[Game, Effect]:
        """The game after ``action``, and its effect; :class:`~referee.errors.Refused`
        with the :meth:`refusal` when the rules forbid it (exit 2 when it cannot be used
        at all: a card the deck does not hold, a round outside 1–4)."""
        refusal = state.refusal(action)
        if refusal is not None:
            raise Refused(refusal, self.format, state)
        if isinstance(action, EnterWord):
            after = state.word(action.seat, action.tokens)
            played = after.latest.entries[action.seat]
            assert isinstance(played, Play)
            return Step(after, WordScored(seat=action.seat, round=after.latest.number, score=played.score,
                                          completes=after.latest.complete))  # fmt: skip
        if isinstance(action, EnterPass):
            after = state.pass_(action.seat)
            return Step(after, Passed(seat=action.seat, round=after.latest.number, completes=after.latest.complete))
        if isinstance(action, PickCard):
            return Step(*picked(state, action))
        after = state.challenge(action)
        challenged = after.latest.entries[action.seat]
        assert isinstance(challenged, Play) and challenged.consequence is not None
        decided = ChallengeDecided(challenger=action.challenger, seat=action.seat, round=after.latest.number,
                                   score=challenged.score, consequence=challenged.consequence)  # fmt: skip
        return Step(after, decided)

    def legal_actions(self, state: Game) -> Iterator[Action]:
        """What can be listed of the legal actions now: the picks of a drafted game
        (:func:`picks`), the passes of the seats still to play the current round, and the challenges that may be made now (each seat's
        unchallenged word of the latest round, by every other seat), with a verdict of
        ``valid`` as a placeholder (the dictionary gives the real one; the rules allow a
        challenge whatever its verdict).

        Words are left out: any arrangement of the cards a player may hold is a legal
        word to the rules (whether it is in the dictionary is for a challenge), so there
        are too many to list; ask :meth:`refusal` about one word."""
        yield from picks(state)
        for seat in range(state.setup.count):
            passing = EnterPass(seat=seat)
            if state.refusal(passing) is None:
                yield passing
        for seat in state.latest.unchallenged:
            for challenger in range(state.setup.count):
                challenge = ChallengeWord(challenger=challenger, seat=seat, valid=True, reason="", dictionary="")
                if state.refusal(challenge) is None:
                    yield challenge

    def outcome(self, state: Game) -> Outcome | None:
        return state.outcome

    def seats(self, state: Game) -> tuple[str, ...]:
        return state.setup.players

    # --- a fair game (referee.fair.rules.FairGame) ---------------------------------------

    def fair_deals(self, state: Game) -> int:
        """A fair game is one deal: the deck, shuffled once (its rounds are dealt on from it)."""
        return 1

    def view(self, state: Game, seat: int | None) -> SeatView:
        """What ``seat`` may see (None: the public): :func:`~referee.spellcrafter.view.seat_view`."""
        from referee.spellcrafter.view import seat_view

        return seat_view(state, seat)


def picks(state: Game) -> Iterator[PickCard]:
    """Every legal pick now, one per different card kept (and, with two players, per
    different card discarded), seat by seat."""
    draft = state.draft_of(state.current_number) if state.drafted and state.outcome is None else None
    if draft is None:
        return
    for seat in draft.waiting:
        hand = draft.hands[seat]
        for card in dict.fromkeys(hand):
            discards: list[SpellCard | None] = [None]
            if draft.must_discard(seat):
                rest = list(hand)
                rest.remove(card)
                discards = list(dict.fromkeys(rest))
            for discard in discards:
                yield PickCard(seat=seat, card=card, discard=discard)


def picked(state: Game, action: PickCard) -> tuple[Game, CardPicked]:
    """The game after a pick (allowed), and what the pick did."""
    after = state.pick(action)
    before = state.draft_of(after.latest.number)
    draft = after.latest.draft
    assert before is not None and draft is not None
    passed = before.waiting == (action.seat,) and not draft.done(action.seat)  # the last to pick: the hands go round
    return after, CardPicked(seat=action.seat, round=after.latest.number, pick=len(draft.selected[action.seat]), card=action.card,
                             discard=action.discard, passed=passed, direction=draft.direction,
                             laid_down=draft.last[action.seat], completes=draft.complete)  # fmt: skip


def known_dictionary(name: str) -> None:
    """A game's dictionary must be one referee knows by name; ``InputError`` otherwise.
    Pure: the name is parsed, no word list is read. Whether a Hunspell dictionary is
    installed, or a word-list file is still there, is found out when a challenge opens
    it: a game stays readable on a machine without them. (The lexicon's name functions
    are imported here, when a file is loaded, to keep ``referee --help`` fast.)"""
    from referee.lexicon.catalogue import builtin_name, split_name

    kind, rest = split_name(name)
    if kind == "builtin":
        builtin_name(rest)
    elif kind == "hunspell":
        from referee.lexicon.hunspell import normalise_tag

        normalise_tag(rest)
    elif kind == "wordfreq":
        from referee.lexicon.frequency import parse

        parse(rest)


RULES: WithEntropy[Setup, Game, Action, Effect] = with_entropy(SpellcrafterRules())

