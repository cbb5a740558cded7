"""Spellcrafter's actions (what a player does) and effects (what it did), as values.

An action is the game's move, like python-chess's ``Move``: a word with its cards, a
pass, a challenge with the dictionary's verdict. The save file holds each as an event
(:func:`decode` reads one, :func:`encode` writes it back); applying one gives an
effect, so the command line words what happened without keeping the state before.

Actions and effects are named tuples, not frozen dataclasses: every entry and every
replay loads this module, and a named tuple costs a fifth of a dataclass to define. They
are :func:`~referee.game.distinct`: two of different kinds never compare equal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from referee.errors import InputError
from referee.game import distinct
from referee.i18n import _
from referee.lexicon.challenge import Consequence
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.notation import Token, parse_card, parse_word
from referee.spellcrafter.scoring import Score

if TYPE_CHECKING:
    from referee.spellcrafter.game import Game


@distinct
class EnterWord(NamedTuple):
    """``seat``'s word for the round, its cards in order; ``round`` when the entry stated it
    (``--round N``), checked against the current round."""

    seat: int
    tokens: tuple[Token, ...]
    round: int | None = None


@distinct
class EnterPass(NamedTuple):
    """``seat`` plays no word this round (0 points)."""

    seat: int
    round: int | None = None


@distinct
class ChallengeWord(NamedTuple):
    """``challenger`` challenges ``seat``'s word of the latest round, with the verdict the
    dictionary gave: kept as given, so replaying never depends on the word lists installed
    later. ``word`` is the word as judged (absent from files written by hand)."""

    challenger: int
    seat: int
    valid: bool
    reason: str
    dictionary: str
    word: str | None = None


@distinct
class PickCard(NamedTuple):
    """``seat`` keeps ``card`` from the hand it drafts from (and, with two players,
    discards ``discard``); ``at`` is when (ISO 8601, UTC): the pick that ends the draft
    starts the crafting clock, so every screen counts down from the same moment."""

    seat: int
    card: SpellCard
    discard: SpellCard | None = None
    at: str | None = None
    round: int | None = None  # the round and the pick the entry is for, when it states them (a phone does):
    pick: int | None = None  # replaying checks them, so a tap meant for a hand that has moved on is refused

    def notation(self) -> str:
        """The pick as it is written: the card kept, and a slash and the card discarded
        (two players), as :func:`referee.spellcrafter.notation.parse_pick` reads it.

        >>> from referee.spellcrafter.notation import parse_pick
        >>> PickCard(0, *parse_pick("k6m/e1s")).notation()
        'K6m/E1s'
        """
        return str(self.card) + ("" if self.discard is None else f"/{self.discard}")


Action = EnterWord | EnterPass | ChallengeWord | PickCard


@distinct
class WordScored(NamedTuple):
    """A word entered and scored in round ``round``; ``completes`` when it was the round's
    last entry."""

    seat: int
    round: int
    score: Score
    completes: bool


@distinct
class Passed(NamedTuple):
    """A pass entered in round ``round``; ``completes`` when it was the round's last entry."""

    seat: int
    round: int
    completes: bool


@distinct
class ChallengeDecided(NamedTuple):
    """A challenge of ``seat``'s word (its ``score``) in round ``round``, decided: the
    verdict is the action's, the consequence the rulebook's (:class:`Consequence`, one
    definition in :mod:`referee.lexicon.challenge`)."""

    challenger: int
    seat: int
    round: int
    score: Score
    consequence: Consequence


@distinct
class CardPicked(NamedTuple):
    """A pick made in round ``round`` (``pick`` 1 to 7 of the seat); ``passed`` when it
    was the last of its turn and the hands went round (``direction``); ``laid_down``: the
    seat's last card, laid down after its seventh pick; ``completes`` when it ended the
    draft (the crafting clock starts)."""

    seat: int
    round: int
    pick: int
    card: SpellCard
    discard: SpellCard | None
    passed: bool
    direction: str
    laid_down: SpellCard | None
    completes: bool


Effect = WordScored | Passed | ChallengeDecided | CardPicked


def decode(state: Game, event: Mapping[str, object]) -> Action:
    """The action an event records; ``InputError`` for one that cannot be read or names
    a player the game does not have."""
    kind = event.get("kind")
    player = state.setup.player
    if kind == "word":
        cards = event.get("cards")
        if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
            raise InputError(_("a word event needs `cards`, a list of card tokens"))
        seat = player(_text(event, "player"))
        return EnterWord(seat=seat, tokens=tuple(parse_word(cards)), round=_round(event))
    if kind == "pass":
        return EnterPass(seat=player(_text(event, "player")), round=_round(event))
    if kind == "pick":
        discard, at = event.get("discard"), event.get("at")
        if discard is not None and not isinstance(discard, str):
            raise InputError(_("the event needs `discard` as text, a card"))
        if at is not None and not isinstance(at, str):
            raise InputError(_("the event needs `at` as text, a time"))
        pick = event.get("pick")
        if pick is not None and (not isinstance(pick, int) or isinstance(pick, bool)):
            raise InputError(_("`pick` must be a whole number, the pick the entry is for"))
        return PickCard(seat=player(_text(event, "player")), card=parse_card(_text(event, "card")),
                        discard=None if discard is None else parse_card(discard), at=at, round=_round(event), pick=pick)  # fmt: skip
    if kind == "challenge":
        valid = event.get("valid")
        if not isinstance(valid, bool):
            raise InputError(_("a challenge event needs `valid` = true or false"))
        challenger, reason, dictionary = player(_text(event, "challenger")), _text(event, "reason"), _text(event, "dictionary")
        seat = player(_text(event, "player"))
        word = event.get("word")  # the word as judged, for people reading the file
        if word is not None and not isinstance(word, str):
            raise InputError(_("the event needs `word` as text"))
        return ChallengeWord(challenger=challenger, seat=seat, valid=valid, reason=reason, dictionary=dictionary, word=word)
    raise InputError(_("unknown event kind {kind}; a game records pick, word, pass and challenge events").format(kind=repr(kind)))


def encode(state: Game, action: Action) -> dict[str, object]:
    """The event the save file holds for ``action`` (its keys in the file's order)."""
    names = state.setup.players
    if isinstance(action, PickCard):
        event: dict[str, object] = {"kind": "pick", "player": names[action.seat], "card": str(action.card)}
        if action.discard is not None:
            event["discard"] = str(action.discard)
        if action.round is not None:
            event["round"] = action.round
        if action.pick is not None:
            event["pick"] = action.pick
        if action.at is not None:
            event["at"] = action.at
        return event
    if isinstance(action, ChallengeWord):
        event = {"kind": "challenge", "challenger": names[action.challenger], "player": names[action.seat]}
        if action.word is not None:
            event["word"] = action.word
        return event | {"valid": action.valid, "reason": action.reason, "dictionary": action.dictionary}
    event = {"kind": "word" if isinstance(action, EnterWord) else "pass", "player": names[action.seat]}
    if action.round is not None:
        event["round"] = action.round
    if isinstance(action, EnterWord):
        event["cards"] = [str(token) for token in action.tokens]
    return event


def _round(event: Mapping[str, object]) -> int | None:
    """The round an entry states (``--round N``), if it states one."""
    number = event.get("round")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise InputError(_("`round` must be a whole number, the round the entry is for"))
    return number


def _text(event: Mapping[str, object], key: str) -> str:
    value = event.get(key)
    if not isinstance(value, str):
        raise InputError(_("the event needs `{key}` as text").format(key=key))
    return value
