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
from typing import TYPE_CHECKING

from referee.errors import Refused
from referee.fair.rules import WithEntropy, with_entropy
from referee.game import Decision, Form, Outcome, Refusal, Rules, Step, decided, offer
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
from referee.spellcrafter.scoring import MIN_LETTERS
from referee.spellcrafter.setup import Setup

if TYPE_CHECKING:
    from referee.spellcrafter.view import SeatView


class SpellcrafterRules:
    """The rules for the save-file engine and every front end."""

    format = FORMAT
    version = 1
    command = "referee spell"

    def read_setup(self, table: Mapping[str, object]) -> Setup:
        """The checked ``[setup]``; its dictionary must be one referee knows by name
        (:func:`known_dictionary`), so ``builtin:fr`` is refused when the file is loaded,
        not at the next challenge."""
        read = Setup.from_toml(dict(table))
        known_dictionary(read.dictionary)
        return read

    def write_setup(self, setup: Setup) -> dict[str, object]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Game:
        return Game.start(setup)

    def decode(self, state: Game, event: Mapping[str, object]) -> Action:
        return decode(state, event)

    def encode(self, state: Game, action: Action) -> dict[str, object]:
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
        (:func:`picks`), the passes of the seats still to play the current round (for
        that round), and the challenges that may be made now (each seat's unchallenged
        word of the latest round, by every other seat), with a verdict of ``valid`` as a
        placeholder (the dictionary gives the real one when the challenge is recorded;
        the rules allow a challenge whatever its verdict).

        Words are left out: any arrangement of the cards a player may hold is a legal
        word to the rules (whether it is in the dictionary is for a challenge), so there
        are too many to list; :meth:`decisions` gives a form for them, and
        :meth:`refusal` judges one word."""
        yield from picks(state)
        for seat in range(state.setup.count):
            passing = EnterPass(seat=seat, round=state.current_number)
            if state.refusal(passing) is None:
                yield passing
        for seat in state.latest.unchallenged:
            for challenger in range(state.setup.count):
                challenge = ChallengeWord(challenger=challenger, seat=seat, valid=True, reason="", dictionary="")
                if state.refusal(challenge) is None:
                    yield challenge

    def actor(self, state: Game, action: Action) -> int | None:
        """The seat that takes ``action``: the picker, the player of a word or a pass, the
        challenger."""
        return action.challenger if isinstance(action, ChallengeWord) else action.seat

    def decisions(self, state: Game, seat: int) -> tuple[Decision, ...]:
        """What ``seat`` decides now: the card to keep (every seat picks at once), its
        word (a form: the cards it may spell with, at least 3 letters) or a pass, and a
        challenge of another seat's word of the latest round (the dictionary's verdict is
        added when it is recorded: :func:`referee.spellcrafter.entry.completed`)."""
        mine = [action for action in self.legal_actions(state) if self.actor(state, action) == seat]
        passes = [action for action in mine if isinstance(action, EnterPass)]
        word = None
        # Still to play the round, its draft complete: a word is as welcome as a pass. Not
        # in a game whose cards the referee dealt but the table drafted with real cards:
        # there a word is judged against the round's dealt cards, which nobody's seat may
        # see, so a seat's refused word would tell it who holds what (it is typed at the
        # table's own screen, `spell word`, where the table sees it).
        if passes and (state.drafted or state.setup.dealt_from is None):
            event = {"kind": "word", "player": state.setup.players[seat], "round": state.current_number}
            word = Decision("word", seat, form=Form(event, "cards", word_constraints(state, seat)))
        # a word is challenged once it is shown: when the round's words are all in (SPEC §6.6)
        shown = state.latest.complete
        challenges = tuple(challenge_choice(self.encode(state, action)) for action in mine if isinstance(action, ChallengeWord) and shown)
        return decided((
            offer(self, state, "pick", seat, (action for action in mine if isinstance(action, PickCard)), together=True),
            *(() if word is None else (word,)),
            offer(self, state, "pass", seat, passes),
            Decision("challenge", seat, challenges),
        ))  # fmt: skip

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
        hand, number = draft.hands[seat], draft.pick_number(seat)
        for card in dict.fromkeys(hand):
            discards: list[SpellCard | None] = [None]
            if draft.must_discard(seat):
                rest = list(hand)
                rest.remove(card)
                discards = list(dict.fromkeys(rest))
            for discard in discards:
                yield PickCard(seat=seat, card=card, discard=discard, round=state.current_number, pick=number)


#: What a challenge's event holds once judged, not when a seat asks for it: the verdict.
VERDICT = ("word", "valid", "reason", "dictionary")


def challenge_choice(event: Mapping[str, object]) -> dict[str, object]:
    """A challenge as a seat asks for it: who challenges whose word, without the verdict,
    which the game's dictionary gives when the challenge is recorded."""
    return {key: value for key, value in event.items() if key not in VERDICT}


def word_constraints(state: Game, seat: int) -> tuple[tuple[str, object], ...]:
    """What a word must be made of, as far as ``seat`` may see: at least 3 letters and, in
    a game drafted through the referee, only the seat's 7 selected cards and the Jumper
    (``from``, their codes; the last card stands for the Jumper). A game drafted with
    real cards names no card: the referee does not know which a seat holds."""
    constraints: list[tuple[str, object]] = [("min_letters", MIN_LETTERS)]
    draft = state.draft_of(state.current_number) if state.drafted else None
    if draft is not None and draft.complete:
        jumper = state.jumper(state.current_number)
        cards = [str(card) for card in draft.selected[seat]] + ([] if jumper is None else ["*" + str(jumper)])
        constraints.append(("from", tuple(cards)))
    return tuple(constraints)


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

