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
:class:`ChallengeWord`; :meth:`SpellcrafterRules.encode` gives back the event as the
program writes it (the same dict, keys in the same order). A file edited by hand may
spell a card or a name differently (``k6m``, ``an``): it is read the same, and encoded as
the program writes it (``K6m``, ``Anna``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.errors import InputError, RuleError
from referee.game import Outcome, Step
from referee.spellcrafter.actions import (
    Action,
    ChallengeDecided,
    ChallengeWord,
    EnterPass,
    EnterWord,
    Passed,
    WordScored,
)
from referee.spellcrafter.game import Game, Play
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.setup import Setup


class SpellcrafterRules:
    """The rules for the save-file engine. ``check_dictionary``, given by the command line,
    is asked about the stored dictionary's name each time a file is loaded and raises
    ``InputError`` for one it does not know (the rules themselves read no word lists)."""

    format = "referee/spellcrafter"
    version = 1
    command = "referee spell"

    def __init__(self, check_dictionary: Callable[[str], object] | None = None) -> None:
        self.check_dictionary = check_dictionary

    def read_setup(self, table: Mapping[str, Any]) -> Setup:
        read = Setup.from_toml(dict(table))
        if self.check_dictionary is not None:
            self.check_dictionary(read.dictionary)
        return read

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Game:
        return Game.start(setup)

    def decode(self, state: Game, event: Mapping[str, Any]) -> Action:
        """The action an event records; ``InputError`` for one that cannot be read or names
        a player the game does not have."""
        kind = event.get("kind")
        player = state.setup.player
        if kind == "word":
            cards = event.get("cards")
            if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
                raise InputError("a word event needs `cards`, a list of card tokens")
            seat = player(_text(event, "player"))
            return EnterWord(seat=seat, tokens=tuple(parse_word(cards)), round=_round(event))
        if kind == "pass":
            return EnterPass(seat=player(_text(event, "player")), round=_round(event))
        if kind == "challenge":
            valid = event.get("valid")
            if not isinstance(valid, bool):
                raise InputError("a challenge event needs `valid` = true or false")
            challenger, reason, dictionary = player(_text(event, "challenger")), _text(event, "reason"), _text(event, "dictionary")
            seat = player(_text(event, "player"))
            word = event.get("word")  # the word as judged, for people reading the file
            if word is not None and not isinstance(word, str):
                raise InputError("the event needs `word` as text")
            return ChallengeWord(challenger=challenger, seat=seat, valid=valid, reason=reason, dictionary=dictionary, word=word)
        raise InputError(f"unknown event kind {kind!r}; a game records word, pass and challenge events")

    def encode(self, state: Game, action: Action) -> dict[str, Any]:
        """The event the save file holds for ``action`` (its keys in the file's order)."""
        names = state.setup.players
        if isinstance(action, ChallengeWord):
            event: dict[str, Any] = {"kind": "challenge", "challenger": names[action.challenger], "player": names[action.seat]}
            if action.word is not None:
                event["word"] = action.word
            return event | {"valid": action.valid, "reason": action.reason, "dictionary": action.dictionary}
        event = {"kind": "word" if isinstance(action, EnterWord) else "pass", "player": names[action.seat]}
        if action.round is not None:
            event["round"] = action.round
        if isinstance(action, EnterWord):
            event["cards"] = [str(token) for token in action.tokens]
        return event

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

    def describe(self, event: dict[str, Any]) -> str:
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


RULES = SpellcrafterRules()


def _round(event: Mapping[str, Any]) -> int | None:
    """The round an entry states (``--round N``), if it states one."""
    number = event.get("round")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise InputError("`round` must be a whole number, the round the entry is for")
    return number


def _text(event: Mapping[str, Any], key: str) -> str:
    value = event.get(key)
    if not isinstance(value, str):
        raise InputError(f"the event needs `{key}` as text")
    return value
