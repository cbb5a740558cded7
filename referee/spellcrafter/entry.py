"""What a person types at the table, read into Spellcrafter's actions.

Each function takes the entry as typed (a player as any unambiguous start of the name,
the card tokens as written) and returns a function of the game that gives the action,
so the save-file engine resolves it against the game in the file it has just read
(``savefile.record(path, RULES, word_entry("an", ["K6m", "I1m", "T1m"]))``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from referee.errors import Refused
from referee.game import Refusal
from referee.spellcrafter.actions import ChallengeWord, EnterPass, EnterWord, PickCard
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_card, parse_word
from referee.spellcrafter.refusals import FORMAT
from referee.spellcrafter.rounds import Play


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


def word_entry(player: str, cards: Sequence[str], round_number: int | None = None) -> Callable[[Game], EnterWord]:
    """PLAYER's word from its card tokens; a word of the very cards of the player's word in
    the round before needs its round stated (:meth:`Game.repeat_refusal`, exit 2).
    The tokens are read at once, so a typo is reported before the file is opened."""
    tokens = tuple(parse_word(cards))

    def action(game: Game) -> EnterWord:
        seat = game.setup.player(player)
        _refuse(game, game.repeat_refusal(seat, tokens, round_number))
        return EnterWord(seat=seat, tokens=tokens, round=round_number)

    return action


def pass_entry(player: str, round_number: int | None = None) -> Callable[[Game], EnterPass]:
    """PLAYER passes this round; a pass after the player's pass in the round before needs
    its round stated, as a repeated word does (:meth:`Game.repeat_refusal`)."""

    def action(game: Game) -> EnterPass:
        seat = game.setup.player(player)
        _refuse(game, game.repeat_refusal(seat, None, round_number))
        return EnterPass(seat=seat, round=round_number)

    return action


def pick_entry(player: str, card: str, discard: str | None = None, at: str | None = None) -> Callable[[Game], PickCard]:
    """PLAYER keeps CARD from the hand it drafts from now (and, with two players, discards
    DISCARD); ``at`` is when, as the front end read its clock. The cards are read at
    once, so a typo is reported before the file is opened."""
    kept, dropped = parse_card(card), None if discard is None else parse_card(discard)

    def action(game: Game) -> PickCard:
        return PickCard(seat=game.setup.player(player), card=kept, discard=dropped, at=at)

    return action


def challenge_entry(challenger: str, player: str, judge: Callable[[Game, str], Judged]) -> Callable[[Game], ChallengeWord]:
    """CHALLENGER challenges PLAYER's word of the latest round; ``judge(game, word)`` gives
    the verdict of the game's dictionary, asked only once the rules allow the challenge."""

    def action(game: Game) -> ChallengeWord:
        challenger_seat, seat = game.setup.player(challenger), game.setup.player(player)
        _refuse(game, game.challenge_refusal(challenger_seat, seat))
        played = game.latest.entries[seat]
        assert isinstance(played, Play)
        verdict = judge(game, played.score.word)
        return ChallengeWord(challenger=challenger_seat, seat=seat, valid=verdict.valid, reason=str(verdict.reason),
                             dictionary=verdict.dictionary, word=verdict.word)  # fmt: skip

    return action


def _refuse(game: Game, refusal: Refusal | None) -> None:
    """An entry the rules refuse before it becomes an action: raised, to be worded by
    the game's voice."""
    if refusal is not None:
        raise Refused(refusal, FORMAT, game)


def completed(game: Game, event: Mapping[str, Any]) -> Mapping[str, Any]:
    """A seat's event as the save file keeps it (:data:`referee.decisions.Complete`): a
    pick with the time it was made (it may start the crafting clock), a challenge with the
    verdict of the game's dictionary and house rules (:mod:`referee.lexicon.agreed`, as
    `spell challenge` judges it)."""
    kind = event.get("kind")
    if kind == "pick" and "at" not in event:
        from referee.moments import now, stamp

        return {**event, "at": stamp(now())}
    if kind == "challenge" and "valid" not in event:
        from referee.lexicon.agreed import judge_agreed
        from referee.spellcrafter.actions import encode

        judged = challenge_entry(str(event.get("challenger")), str(event.get("player")),
                                 lambda state, word: judge_agreed(word, state.setup.dictionary, state.setup.house))(game)  # fmt: skip
        return encode(game, judged)
    return event
