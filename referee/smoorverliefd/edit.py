"""Correcting an earlier round (SPEC §6.5 `edit`): its entry is replaced by a new quick
entry; replaying the log then recomputes every later round (dealers, cursed suits,
totals, the winner), and an edit that makes a later entry impossible is refused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.errors import InputError
from referee.smoorverliefd.entry import round_event
from referee.smoorverliefd.match import Match


def replace_round(
    match: Match,
    events: Sequence[dict[str, Any]],
    number: int,
    entries: Sequence[str],
    ace: str | None,
    dead: str | None,
    cursed: Sequence[str],
) -> list[dict[str, Any]]:
    """The event log with round ``number``'s entry (a round line or its tricks) replaced."""
    finished = {played.number: played for played in match.rounds}
    if number not in finished:
        if number == match.current.number:
            raise InputError(f"round {number} is not finished yet; enter it with `round`, or `undo` its tricks")
        raise InputError(f"there is no round {number}; rounds 1 to {len(match.rounds)} have been played")
    positions = finished[number].events
    replacement = round_event(match.setup, entries, ace, dead, cursed)
    kept = [event for index, event in enumerate(events) if index not in positions]
    kept.insert(positions[0], replacement)
    return kept
