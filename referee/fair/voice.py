"""The words of fair games (:mod:`referee.fair.scheme`, :mod:`referee.fair.rules`), the same for
every game: the entropy entry's refusals, effect and event line, the commitment and the
reveal, and the findings of `referee verify`.

:class:`FairVoice` puts the entropy entry's words in front of a game's voice
(:class:`referee.game.Voice`); the registry hands every front end the game's voice so
wrapped (:meth:`referee.games.GameSpec.load_voice`).

Words of entropy are shown quoted (``'a,  B b'``), so that a word holding commas or
spaces reads as one word.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from referee.errors import quoted
from referee.fair.scheme import fingerprint
from referee.fair.rules import KIND, EntropyGiven, FairRule, record_of
from referee.game import Decision, JsonValue, Outcome, Refusal, Step, Voice
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.fair.verify import Verification

StateT = TypeVar("StateT")
EffectT = TypeVar("EffectT")
StateC = TypeVar("StateC", contravariant=True)


class Seated(Protocol[StateC]):
    """What the fair words need of a game's rules: its seats' names in a state."""

    def seats(self, state: StateC) -> tuple[str, ...]: ...


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
    if rule is FairRule.REVEALED:
        word, name = refusal.get("word"), names[refusal.get("seat")]
        if word is not None:
            return _("the secret is revealed: {name} gave {word} before the reveal, and only that word can be given again").format(name=name, word=quoted(word))
        return _("the secret is revealed: no new word of entropy can be given, since anyone could now choose the cards with it; start a new fair game")
    return _("this game is not fair: only a game started with `new … --fair` takes entropy")


def effect_words(effect: EntropyGiven, names: Sequence[str], waiting_for: int | None) -> str:
    """"Bram's entropy: 'kiwi'; waiting for Cees" / "…; every word is in: the cards are dealt"."""
    line = _("{name}'s entropy: {word}").format(name=names[effect.seat], word=quoted(effect.word))
    if effect.dealt:
        return line + _("; every word is in: the cards are dealt")
    if waiting_for is not None:
        return line + _("; waiting for {name}").format(name=names[waiting_for])
    return line


def event_words(event: Mapping[str, object]) -> str:
    return _("entropy: {name} {word}").format(name=event.get("player"), word=quoted(str(event.get("word"))))


def commitment_words(commitment: str) -> list[str]:
    """What `new … --fair` says: the commitment, to note down before any word is given."""
    return [
        _("Fair deals: the secret is committed to as {commitment}").format(commitment=commitment),
        _("Fingerprint (read it aloud, note all of it down before any word is given; `verify` shows it again): {fingerprint}").format(
            fingerprint=fingerprint(commitment)
        ),
    ]


def entropy_status(names: Sequence[str], words: Sequence[str]) -> str:
    """"Entropy: Anna 'kiwi', Bram —": who has given which word."""
    given = [f"{name} {quoted(words[seat])}" if seat < len(words) else f"{name} —" for seat, name in enumerate(names)]
    return _("Entropy: {given}").format(given=", ".join(given))


def public_lines(info: Mapping[str, JsonValue], file: str) -> list[str]:
    """`show` and `standings`: the commitment, the words given, and whether the secret
    is revealed (from :func:`referee.fair.scheme.public_info`)."""
    entropy = _seat_words(info["entropy"])
    lines = [
        _("Fair deals: commitment {fingerprint} ({commitment})").format(fingerprint=info["fingerprint"], commitment=info["commitment"]),
        entropy_status([seat for seat, _word in entropy], [word for _seat, word in entropy if word is not None]),
    ]
    if info["waiting_for"] is not None:
        lines.append(_("Waiting for entropy from {name}: no card is dealt yet").format(name=info["waiting_for"]))
    withdrawn = [(seat, word) for seat, word in _seat_words(info.get("withdrawn")) if word is not None]
    if withdrawn:
        lines.append(withdrawn_words(withdrawn))
    if info["revealed"]:
        lines.append(_("Secret revealed: {secret} (check the game with `referee verify {file}`)").format(secret=info["secret"], file=file))
    return lines


def _seat_words(entries: JsonValue) -> list[tuple[str, str | None]]:
    """The ``(seat, word)`` pairs of :func:`referee.fair.scheme.public_info`'s ``entropy``
    or ``withdrawn`` (a word None until given)."""
    pairs: list[tuple[str, str | None]] = []
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict):
            word = entry.get("word")
            pairs.append((str(entry.get("seat")), None if word is None else str(word)))
    return pairs


def withdrawn_words(withdrawn: Sequence[tuple[str, str]]) -> str:
    """"Taken back by an undo, kept on the record: Anna 'apple', Bram 'pear'"."""
    return _("Taken back by an undo, kept on the record: {words}").format(words=", ".join(f"{name} {quoted(word)}" for name, word in withdrawn))


def kept_on_record_words(name: str, word: str) -> str:
    """What `undo` adds when it took back a word of entropy."""
    return _("{name}'s word {word} stays on the record as taken back: `show`, `history` and `verify` list it").format(
        name=name, word=quoted(word)
    )


def reveal_code_words(code: str, after: int) -> str:
    """The reveal's code, for the table to note beside the fingerprint."""
    return ngettext(
        "Reveal code (after {count} event; note it down beside the fingerprint, `verify` prints it again): {code}",
        "Reveal code (after {count} events; note it down beside the fingerprint, `verify` prints it again): {code}",
        after,
    ).format(count=after, code=code)


class FairVoice(Generic[StateT, EffectT]):
    """A game's voice with the entropy entry's words in front of it: a
    ``Voice[StateT, EffectT | EntropyGiven]`` for the game's ``Voice[StateT, EffectT]``."""

    def __init__(self, inner: Voice[StateT, EffectT], rules: Seated[StateT]) -> None:
        self.inner = inner
        self.rules = rules

    def __getattr__(self, name: str) -> object:  # the game voice's own words (not on the contract)
        return getattr(self.inner, name)

    def refusal(self, state: StateT, refusal: Refusal, in_file: bool = False) -> str:
        if isinstance(refusal.rule, FairRule):
            return refusal_words(refusal, self.rules.seats(state))
        return self.inner.refusal(state, refusal, in_file)

    def effect(self, before: StateT, step: Step[StateT, EffectT | EntropyGiven]) -> str:
        if isinstance(step.effect, EntropyGiven):
            record = record_of(self.rules, step.state)
            return effect_words(step.effect, self.rules.seats(before), None if record is None else record.waiting_for)
        return self.inner.effect(before, Step(step.state, step.effect))

    def outcome(self, state: StateT, outcome: Outcome) -> str:
        return self.inner.outcome(state, outcome)

    def event(self, event: Mapping[str, object]) -> str:
        if event.get("kind") == KIND:
            return event_words(event)
        return self.inner.event(event)

    def situation(self, state: StateT) -> str:
        """While a word of entropy is due: whose; then the game's own situation."""
        record = record_of(self.rules, state)
        if record is not None and record.waiting_for is not None:
            return _("Waiting for a word of entropy from {name}").format(name=self.rules.seats(state)[record.waiting_for])
        return self.inner.situation(state)

    def prompt(self, state: StateT, decision: Decision) -> str:
        if decision.kind == KIND:
            return _("Your word of entropy: any word, a few dice or a short phrase nobody can guess")
        return self.inner.prompt(state, decision)

    def choice(self, state: StateT, decision: Decision, event: Mapping[str, object]) -> str:
        return self.inner.choice(state, decision, event)

    def history_detail(self, before: StateT, event: Mapping[str, object], step: Step[StateT, EffectT | EntropyGiven]) -> dict[str, object]:
        if isinstance(step.effect, EntropyGiven):
            return {}
        return self.inner.history_detail(before, event, Step(step.state, step.effect))


def _deals_before(deals: Sequence[tuple[int, str]], file: str) -> str:
    last = deals[-1][0]
    return ngettext(
        "Deal {last} was dealt before the reveal; `referee verify {file}` checks it",
        "Deals 0 to {last} were dealt before the reveal; `referee verify {file}` checks them",
        len(deals),
    ).format(last=last, file=file)


def reveal_words(secret: str, deals: Sequence[tuple[int, str]], complete: bool, file: str, code: str | None = None, after: int = 0) -> list[str]:
    """What `reveal` says: the secret, the reveal's code, the deals it covers, and that
    fairness ends here."""
    lines = [_("Secret revealed: {secret}").format(secret=secret)]
    if code is not None:
        lines.append(reveal_code_words(code, after))
    if not complete:
        lines.append(_("Not every player had given entropy: no deal of this game is fair, since the secret is known now"))
    elif deals:
        lines.append(_deals_before(deals, file))
    lines.append(_("From now on anyone can foresee the cards still to be dealt: the fairness of what follows ends here"))
    return lines


def ended_words(secret: str, deals: Sequence[tuple[int, str]], file: str, code: str | None = None, after: int = 0) -> list[str]:
    """What the entry that ends a fair game adds: the secret, revealed in the same write,
    and the reveal's code."""
    lines = [_("The game is over, so the secret is revealed: {secret}").format(secret=secret)]
    if code is not None:
        lines.append(reveal_code_words(code, after))
    if deals:
        lines.append(_deals_before(deals, file))
    return lines


def stays_revealed_words(file: str) -> str:
    """What `undo` adds when it takes back an event of a revealed game from before the reveal."""
    return _(
        "The secret stays revealed (an undo cannot take it back): a word of entropy can only be given again as it was, "
        "and `referee verify {file}` still checks the deals dealt before the reveal"
    ).format(file=file)


def finding_words(verdict: Verification) -> str:
    """The first mismatch `verify` found."""
    from referee.fair.verify import Finding

    finding = verdict.finding
    if finding is Finding.COMMITMENT:
        return _("the secret does not match the commitment: the commitment or the secret was changed")
    if finding is Finding.REFUSED:
        return _("event {number} ({kind}) does not fit the re-derived deals: {reason}").format(
            number=verdict.get("event"), kind=verdict.get("kind"), reason=verdict.get("reason")
        )
    if finding is Finding.DEAL_MISSING:
        return _("deal {number} is missing from the deals the reveal recorded").format(number=verdict.get("number"))
    if finding is Finding.DEAL_OUT_OF_ORDER:
        return _("the reveal recorded deal {number} where deal {expected} belongs: deals are numbered 0, 1, 2, … without a gap").format(
            number=verdict.get("number"), expected=verdict.get("expected")
        )
    if finding is Finding.DEAL_CHANGED:
        return _("deal {number} was changed: its seed is not the one the secret and the entropy give").format(number=verdict.get("number"))
    if finding is Finding.REVEAL_MOVED:
        return _("the reveal's record was changed: its code, deals or words do not fit a reveal after event {after}").format(after=verdict.get("after"))
    return _("deal {number} is recorded, but the game never dealt it").format(number=verdict.get("number"))


def verdict_lines(verdict: Verification) -> list[str]:
    """`verify` for people: what was checked, and the verdict."""
    lines = [
        _("Commitment: {commitment} ({fingerprint})").format(commitment=verdict.commitment, fingerprint=fingerprint(verdict.commitment)),
        _("Compare the fingerprint with the one noted down when the game began: all of it must be the same."),
        _("Secret: {secret}").format(secret=verdict.secret),
        entropy_status(verdict.seats, verdict.words),
    ]
    if verdict.withdrawn:
        lines.append(withdrawn_words(verdict.withdrawn))
    if verdict.reveal_code is not None:
        lines.append(_("Reveal code: {code} (revealed after event {after}); compare it with the one noted at the reveal").format(
            code=verdict.reveal_code, after=verdict.revealed_after))
    for deal in verdict.deals:
        when = _("after the reveal: foreseeable") if deal.after_reveal else _("event {number}").format(number=deal.event)
        lines.append(_("Deal {number}: {seed} ({when})").format(number=deal.number, seed=deal.seed, when=when))
    if not verdict.words_before_reveal:
        lines.append(_("Not every player had given entropy before the reveal: no deal of this game is fair"))
    if verdict.ok:
        lines.append(
            ngettext(
                "Verified: the secret matches the commitment, every deal is re-derived, and the one event fits the hands it was played from",
                "Verified: the secret matches the commitment, every deal is re-derived, and all {count} events fit the hands they were played from",
                verdict.events,
            ).format(count=verdict.events)
        )
    else:
        lines.append(_("NOT verified: {finding}").format(finding=finding_words(verdict)))
    return lines
