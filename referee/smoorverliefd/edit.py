"""Correcting an earlier round (SPEC §6.5 `edit`): its entry is replaced by a new quick
entry; replaying the log then recomputes every later round (dealers, cursed suits,
totals, the winner), and an edit that makes a later entry impossible is refused.

With Cupid's Arrow a correction can change who had the fewest hearts, and so who deals
the next round (and, through the tie rule, the rounds after it). Most of what a round
records is kept by name or by suit and stays true whoever dealt: hearts, A♥, bids,
the cursed suit, who collected most of it. Tricks are not: their cards are given to
seats counted from the leader, the player left of the dealer (and a seeded deal hands
out its cards the same way). So a correction that moves the deal of a round whose
tricks are recorded is refused rather than silently giving those cards to other
players.

Every replay here goes through the game's rules (``RULES``), as the save file's does:
``RULES.start(match.setup)`` is the match before its first event, a fair match's words
of entropy being events like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from referee.errors import RefereeError, Refused
from referee.fair.rules import EntropyGiven
from referee.game import Refusal, Step, refuse
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import CardPlayed, Effect, RoundScored, TrickTaken
from referee.smoorverliefd.entry import ace_and_dead, quick_round
from referee.smoorverliefd.match import FORMAT, Match
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.ruleset import RULES

Events = list[dict[str, object]]


def round_correction(
    number: int,
    entries: Sequence[str],
    ace: Sequence[str] = (),
    dead: Sequence[str] = (),
    cursed: Sequence[str] = (),
    *,
    replace_tricks: bool = False,
) -> Callable[[Events, Match], Events]:
    """`edit ROUND …` as typed: the change of the event log that ``savefile.rewrite`` makes."""

    def corrected(events: Events, match: Match) -> Events:
        return replace_round(match, events, number, entries, *ace_and_dead(ace, dead), cursed, replace_tricks=replace_tricks)

    return corrected


def replace_round(
    match: Match,
    events: Sequence[dict[str, object]],
    number: int,
    entries: Sequence[str],
    ace: str | None,
    dead: str | None,
    cursed: Sequence[str],
    *,
    replace_tricks: bool = False,
) -> list[dict[str, object]]:
    """The event log with round ``number``'s entry (a round line or its tricks) replaced.

    ``match`` is what ``events`` replay to. A round entered trick by trick is replaced
    only with ``replace_tricks``.
    """
    refusal = correction_refusal(match, number)
    if refusal is not None:
        raise Refused(refusal, FORMAT, match)
    replacement = actions.encode(match.setup, actions.decode(match.setup, quick_round(match.setup, entries, ace, dead, cursed)))
    refusal = replaced_tricks_refusal(match, number, replace_tricks)
    if refusal is not None:
        raise Refused(refusal, FORMAT, match)
    positions = _entry_of_round(match, events, number)
    kept = [event for index, event in enumerate(events) if index not in positions]
    kept.insert(positions[0], replacement)
    _check_tricks_keep_their_dealer(match, kept, number)
    return kept


def correction_refusal(match: Match, number: int) -> Refusal | None:
    """Why round ``number`` cannot be corrected: none played yet, in progress, or no such round."""
    if any(played.number == number for played in match.rounds):
        return None
    if not match.rounds:
        return refuse(Rule.NO_ROUND_TO_CORRECT)  # a state refusal (exit 1): the file is fine, it is too early
    if number == match.current.number:
        return refuse(Rule.ROUND_NOT_FINISHED, round=number)  # a state refusal (exit 1): not finished yet
    return refuse(Rule.NO_SUCH_ROUND, unusable=True, round=number, last=len(match.rounds))


def replaced_tricks_refusal(match: Match, number: int, replace_tricks: bool) -> Refusal | None:
    """A correction of played round ``number`` that would replace its tricks (and the
    revokes they proved) without saying so.

    The confirmation is missing, so the correction cannot be used as it is (exit 2)."""
    played = match.rounds[number - 1]
    if not played.tricks or replace_tricks:
        return None
    return refuse(Rule.CORRECTION_REPLACES_TRICKS, unusable=True, round=number, tricks=len(played.tricks), revokes=played.revokes)


def _entry_of_round(match: Match, events: Sequence[dict[str, object]], number: int) -> list[int]:
    """The positions in the log of round ``number``'s entry: its round line, or its tricks
    (entered whole or card by card; its bids and cursed suit stay)."""
    positions = []
    replayed = RULES.start(match.setup)
    for index, event in enumerate(events):
        step = _play(replayed, event)
        effect = step.effect
        if (isinstance(effect, RoundScored) and effect.played.number == number) or (
            isinstance(effect, TrickTaken | CardPlayed) and effect.round == number
        ):
            positions.append(index)
        replayed = step.state
    return positions


def _play(match: Match, event: dict[str, object]) -> Step[Match, Effect | EntropyGiven]:
    """One event replayed through the rules, as the save file replays it (a fair match's
    words of entropy included)."""
    return RULES.apply(match, RULES.decode(match, event))


@dataclass(frozen=True)
class MovedDeal:
    """A round whose dealer a correction changed (Cupid's Arrow)."""

    number: int
    was: int
    now: int


def moved_deals(before: Match, after: Match) -> list[MovedDeal]:
    """The rounds, played or in progress, that a correction gives another dealer."""
    now = after.dealers
    return [
        MovedDeal(number, dealer, now[number])
        for number, dealer in before.dealers.items()
        if number in now and now[number] != dealer
    ]


def _check_tricks_keep_their_dealer(before: Match, events: Sequence[dict[str, object]], edited: int) -> None:
    """Refuse a correction that moves the deal of a round whose tricks are recorded."""
    with_tricks = [played.number for played in before.rounds if played.tricks]
    if before.current.begun:
        with_tricks.append(before.current.number)
    if not with_tricks:
        return
    after = _replay_as_far_as_possible(before, events)
    for moved in moved_deals(before, after):
        if moved.number not in with_tricks:
            continue
        leader = before.setup.left_of(moved.was)
        refusal = refuse(Rule.CORRECTION_MOVES_TRICKS, edited=edited, now=moved.now, round=moved.number, was=moved.was, leader=leader)
        raise Refused(refusal, FORMAT, before)


def _replay_as_far_as_possible(before: Match, events: Sequence[dict[str, object]]) -> Match:
    """The corrected log replayed up to the first event it can no longer take.

    That event's error is left to the save file's own replay, which names its position;
    a moved deal is found even so, because a round's dealer is known once the round
    before it is complete.
    """
    match = RULES.start(before.setup)
    for event in events:
        try:
            match = _play(match, event).state
        except RefereeError:
            break
    return match
