"""Spellcrafter on the game contract (:mod:`referee.game`): the save file's events decoded
into actions and encoded back, applied with their effects, the refusal and the outcome.

Events, as recorded, and the actions (:mod:`referee.spellcrafter.actions`) they decode to::

    {"kind": "word", "player": "Anna", "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "word", "player": "Anna", "round": 2, "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "pass", "player": "Bram"}
    {"kind": "challenge", "challenger": "Bram", "player": "Anna", "word": "kit",
     "valid": true, "reason": "in dictionary", "dictionary": "builtin:en"}

``round`` is there when the entry stated its round (``--round N``): replaying checks it
against the current round again. A challenge keeps the verdict it was given, so replaying
the file never depends on the dictionaries installed later.

``word`` → :class:`EnterWord`, ``pass`` → :class:`EnterPass`, ``challenge`` →
:class:`ChallengeWord`; :func:`~referee.spellcrafter.actions.encode` gives back the event as the
program writes it (the same dict, keys in the same order). A file edited by hand may
spell a card or a name differently (``k6m``, ``an``): it is read the same, and encoded as
the program writes it (``K6m``, ``Anna``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import RuleError
from referee.game import Outcome, Rules, Step
from referee.spellcrafter.actions import (
    Action,
    ChallengeDecided,
    EnterPass,
    EnterWord,
    Passed,
    WordScored,
    decode,
    encode,
)
from referee.spellcrafter.game import Game
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.setup import Setup


class SpellcrafterRules:
    """The rules for the save-file engine."""

    format = "referee/spellcrafter"
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

    def apply(self, state: Game, action: Action) -> Step[Game]:
        """The game after ``action``, and its effect; ``RuleError`` (the :meth:`refusal`)
        when the rules forbid it, ``InputError`` when it cannot be used (a card the deck
        does not hold, a round outside 1–4)."""
        if isinstance(action, EnterWord):
            after = state.word(action.seat, action.tokens, action.round)
            played = after.latest.entries[action.seat]
            assert isinstance(played, Play)
            return Step(after, WordScored(seat=action.seat, round=after.latest.number, score=played.score,
                                          completes=after.latest.complete))  # fmt: skip
        if isinstance(action, EnterPass):
            after = state.pass_(action.seat, action.round)
            return Step(after, Passed(seat=action.seat, round=after.latest.number, completes=after.latest.complete))
        after = state.challenge(action)
        challenged = after.latest.entries[action.seat]
        assert isinstance(challenged, Play) and challenged.consequence is not None
        decided = ChallengeDecided(challenger=action.challenger, seat=action.seat, round=after.latest.number,
                                   score=challenged.score, consequence=challenged.consequence)  # fmt: skip
        return Step(after, decided)

    def refusal(self, state: Game, action: Action) -> str | None:
        """Why the rules forbid ``action`` now, or None: the game's checks that
        :meth:`apply` runs, the one definition of legality. An action that cannot be used
        at all raises ``InputError`` here as in :meth:`apply`."""
        try:
            self.apply(state, action)
        except RuleError as error:
            return str(error)
        return None

    def legal_actions(self, state: Game) -> None:
        """Words are too many to list: None (ask :meth:`refusal` about one)."""
        return None

    def outcome(self, state: Game) -> Outcome | None:
        return state.outcome

    def describe(self, event: Mapping[str, Any]) -> str:
        """One line per event, as it was entered."""
        kind = event.get("kind")
        if kind == "word":
            return f"word: {event.get('player')} {' '.join(map(str, event.get('cards', [])))}"
        if kind == "pass":
            return f"pass: {event.get('player')}"
        if kind == "challenge":
            verdict = "valid" if event.get("valid") else "invalid"
            return (
                f"challenge: {event.get('challenger')} challenges {event.get('player')}'s "
                f"{str(event.get('word', '')).upper()} — {verdict}, {event.get('reason')} ({event.get('dictionary')})"
            )
        return str(kind)

    def history_detail(self, before: Game, event: Mapping[str, Any], step: Step[Game]) -> dict[str, Any]:
        """Nothing more than :meth:`describe` says: `history` lists a game's entries as
        they were made."""
        return {}


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


RULES: Rules[Game, Action] = SpellcrafterRules()

