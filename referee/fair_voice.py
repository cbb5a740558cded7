"""The words of fair games (:mod:`referee.fair`, :mod:`referee.fair_rules`), the same for
every game: the entropy entry's refusals, effect and event line, the commitment and the
reveal, and the findings of `referee verify`.

:class:`FairVoice` puts the entropy entry's words in front of a game's voice
(:class:`referee.game.Voice`); the registry hands every front end the game's voice so
wrapped (:meth:`referee.games.GameSpec.load_voice`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from referee.fair_rules import KIND, EntropyGiven, FairRule
from referee.game import Refusal, Step
from referee.i18n import _


def refusal_words(refusal: Refusal, names: Sequence[str]) -> str:
    """Why an entropy entry, or a game entry before the deal, is refused."""
    rule = refusal.rule
    if rule is FairRule.WAITING_FOR_ENTROPY:
        name = names[refusal.get("seat")]
        return _("waiting for entropy from {name}: no card is dealt until every player has given a word (`entropy {name} WORD`)").format(name=name)
    if rule is FairRule.OUT_OF_TURN:
        return _("entropy is given in seat order: it is {due}'s turn, not {name}'s").format(
            due=names[refusal.get("due")], name=names[refusal.get("seat")]
        )
    if rule is FairRule.ALL_GIVEN:
        return _("every player has given entropy already; the cards are dealt")
    return _("this game is not fair: only a game started with `new … --fair` takes entropy")


def effect_words(effect: EntropyGiven, names: Sequence[str], waiting_for: int | None) -> str:
    """"Bram's entropy: kiwi; waiting for Cees" / "…; every word is in: the cards are dealt"."""
    line = _("{name}'s entropy: {word}").format(name=names[effect.seat], word=effect.word)
    if effect.dealt:
        return line + _("; every word is in: the cards are dealt")
    if waiting_for is not None:
        return line + _("; waiting for {name}").format(name=names[waiting_for])
    return line


def event_words(event: Mapping[str, Any]) -> str:
    return _("entropy: {name} {word}").format(name=event.get("player"), word=event.get("word"))


def commitment_words(commitment: str, fingerprint: str) -> list[str]:
    """What `new … --fair` says: the commitment, to note down before any word is given."""
    return [
        _("Fair deals: the secret is committed to as {commitment}").format(commitment=commitment),
        _("Fingerprint (read it aloud, note it down): {fingerprint}").format(fingerprint=fingerprint),
    ]


def entropy_status(names: Sequence[str], words: Sequence[str]) -> str:
    """"Entropy: Anna kiwi, Bram —": who has given which word."""
    given = [f"{name} {words[seat]}" if seat < len(words) else f"{name} —" for seat, name in enumerate(names)]
    return _("Entropy: {given}").format(given=", ".join(given))


def public_lines(info: Mapping[str, Any]) -> list[str]:
    """`show` and `standings`: the commitment, the words given, and whether the secret
    is revealed (from :func:`referee.fair.public_info`)."""
    entropy = info["entropy"]
    lines = [
        _("Fair deals: commitment {fingerprint} ({commitment})").format(fingerprint=info["fingerprint"], commitment=info["commitment"]),
        entropy_status([seat["seat"] for seat in entropy], [seat["word"] for seat in entropy if seat["word"] is not None]),
    ]
    if info["waiting_for"] is not None:
        lines.append(_("Waiting for entropy from {name}: no card is dealt yet").format(name=info["waiting_for"]))
    if info["revealed"]:
        lines.append(_("Secret revealed: {secret} (check the game with `referee verify FILE`)").format(secret=info["secret"]))
    return lines


class FairVoice:
    """A game's voice with the entropy entry's words in front of it."""

    def __init__(self, inner: Any, seats: Callable[[Any], tuple[str, ...]]) -> None:
        self.inner = inner
        self.seats = seats

    def __getattr__(self, name: str) -> Any:  # the game voice's own words
        return getattr(self.inner, name)

    def refusal(self, state: Any, refusal: Refusal, in_file: bool = False) -> str:
        if isinstance(refusal.rule, FairRule):
            return refusal_words(refusal, self.seats(state))
        return str(self.inner.refusal(state, refusal, in_file))

    def effect(self, before: Any, step: Step[Any, Any]) -> str:
        if isinstance(step.effect, EntropyGiven):
            from referee.fair_rules import fair_of

            record = fair_of(step.state)
            return effect_words(step.effect, self.seats(before), None if record is None else record.waiting_for)
        return str(self.inner.effect(before, step))

    def outcome(self, state: Any, outcome: Any) -> str:
        return str(self.inner.outcome(state, outcome))

    def event(self, event: Mapping[str, Any]) -> str:
        if event.get("kind") == KIND:
            return event_words(event)
        return str(self.inner.event(event))

    def history_detail(self, before: Any, event: Mapping[str, Any], step: Step[Any, Any]) -> dict[str, Any]:
        if isinstance(step.effect, EntropyGiven):
            return {}
        detail: dict[str, Any] = self.inner.history_detail(before, event, step)
        return detail
