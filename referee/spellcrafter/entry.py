"""What a person types at the table, as the save file's events that the game's one
parser reads (:func:`referee.spellcrafter.actions.decode`, through
:func:`referee.savefile.record`).

Each function takes the entry as typed (a player as any unambiguous start of the name,
the card tokens as written) and returns a function of the game that gives the event,
with the players' names resolved against the game in the file just read
(``savefile.record(path, RULES, word_entry("an", ["K6m", "I1m", "T1m"]))``). The card
tokens are read once at once too, so a typo is reported before the file is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from referee.errors import InputError, Refused
from referee.game import Refusal
from referee.i18n import _
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_pick, parse_word
from referee.spellcrafter.refusals import FORMAT
from referee.spellcrafter.rounds import Play

#: A save file's event as an entry builds it (read back by the game's parser).
Event = dict[str, object]


class Judged(Protocol):
    """A dictionary's verdict on a word (``referee.lexicon.verdict.Verdict`` has this shape)."""

    @property
    def word(self) -> str: ...

    @property
    def valid(self) -> bool: ...

    @property
    def reason(self) -> object: ...  # its text is the reason the file keeps

    @property
    def dictionary(self) -> str: ...


#: How a challenged word is judged: ``judge(game, word)``.
Judge = Callable[[Game, str], Judged]


def _player(game: Game, typed: str) -> str:
    """The player's name a typed name means (any unambiguous start of it)."""
    return game.setup.players[game.setup.player(typed)]


def word_entry(player: str, cards: Sequence[str], round_number: int | None = None) -> Callable[[Game], Event]:
    """PLAYER's word from its card tokens; a word of the very cards of the player's word in
    the round before needs its round stated (:meth:`Game.repeat_refusal`, exit 2)."""
    tokens = tuple(parse_word(cards))

    def event(game: Game) -> Event:
        name = _player(game, player)
        _refuse(game, game.repeat_refusal(game.setup.player(name), tokens, round_number))
        return _with_round({"kind": "word", "player": name, "cards": [str(token) for token in tokens]}, round_number)

    return event


def pass_entry(player: str, round_number: int | None = None) -> Callable[[Game], Event]:
    """PLAYER passes this round; a pass after the player's pass in the round before needs
    its round stated, as a repeated word does (:meth:`Game.repeat_refusal`)."""

    def event(game: Game) -> Event:
        name = _player(game, player)
        _refuse(game, game.repeat_refusal(game.setup.player(name), None, round_number))
        return _with_round({"kind": "pass", "player": name}, round_number)

    return event


def pick_entry(player: str, card: str, discard: str | None = None, at: str | None = None) -> Callable[[Game], Event]:
    """PLAYER keeps CARD from the hand it drafts from now (and, with two players, discards
    DISCARD, or writes the pick as ``K6m/E1s``); ``at`` is when, as the front end read its
    clock."""
    kept, dropped = parse_pick(card)
    if dropped is not None and discard is not None:
        raise InputError(_("{pick} names its discard already: leave out --discard").format(pick=card.strip()))
    if discard is not None:
        dropped = parse_pick(discard)[0]

    def event(game: Game) -> Event:
        found: Event = {"kind": "pick", "player": _player(game, player), "card": str(kept)}
        if dropped is not None:
            found["discard"] = str(dropped)
        return found if at is None else {**found, "at": at}

    return event


def challenge_event(challenger: str, player: str, judge: Judge | None = None) -> Callable[[Game], Mapping[str, object]]:
    """CHALLENGER challenges PLAYER's word of the latest round, with the verdict of
    ``judge(game, word)`` (the game's dictionary and house rules when left out), asked
    only once the rules allow the challenge (:func:`completed`)."""
    return lambda game: completed(game, {"kind": "challenge", "challenger": challenger, "player": player}, judge)


def _with_round(event: Event, round_number: int | None) -> Event:
    return event if round_number is None else {**event, "round": round_number}


def _refuse(game: Game, refusal: Refusal | None) -> None:
    """An entry the rules refuse before it becomes an action: raised, to be worded by
    the game's voice."""
    if refusal is not None:
        raise Refused(refusal, FORMAT, game)


def _agreed(game: Game, word: str) -> Judged:
    """The verdict of the game's dictionary and house rules (:mod:`referee.lexicon.agreed`)."""
    from referee.lexicon.agreed import judge_agreed

    return judge_agreed(word, game.setup.dictionary, game.setup.house)


def completed(game: Game, event: Mapping[str, object], judge: Judge | None = None) -> Mapping[str, object]:
    """A seat's event as the save file keeps it (:data:`referee.decisions.Complete`): a
    pick with the time it was made (it may start the crafting clock), a challenge with the
    verdict of the game's dictionary and house rules (:mod:`referee.lexicon.agreed`, as
    `spell challenge` judges it), asked only once the rules allow the challenge."""
    kind = event.get("kind")
    if kind == "pick" and "at" not in event:
        from referee.moments import now, stamp

        return {**event, "at": stamp(now())}
    if kind == "challenge" and "valid" not in event:
        challenger, seat = game.setup.player(str(event.get("challenger"))), game.setup.player(str(event.get("player")))
        _refuse(game, game.challenge_refusal(challenger, seat))
        played = game.latest.entries[seat]
        assert isinstance(played, Play)
        verdict = (judge or _agreed)(game, played.score.word)
        names = game.setup.players
        return {"kind": "challenge", "challenger": names[challenger], "player": names[seat], "word": verdict.word,
                "valid": verdict.valid, "reason": str(verdict.reason), "dictionary": verdict.dictionary}  # fmt: skip
    return event
