"""The crafting clock as values: "Once everyone has selected their 7 cards, you have 2
minutes to craft one word" (rulebook, Gameplay).

The clock starts with the pick that ends a round's draft (:meth:`Game.craft_clock`: its
time as the pick's ``at`` records it, and the seconds it runs). Nothing here reads the
time: a front end passes ``now`` (an aware :class:`~datetime.datetime`), so every screen
that reads the same file agrees, and a test sets the time it wants. The clock only shows:
no word is refused for being late (the table decides).
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from referee.moments import moment_of

if TYPE_CHECKING:
    from referee.spellcrafter.view import SeatView


def started(at: str) -> datetime | None:
    """The moment a pick's ``at`` names (taken as UTC when it names no zone); None when
    the text is not a time (a hand-edited file: the clock is then not shown)."""
    return moment_of(at)


def ends(at: str, seconds: int) -> datetime | None:
    """When a clock started at ``at`` and running ``seconds`` reaches zero."""
    begun = started(at)
    return None if begun is None else begun + timedelta(seconds=seconds)


def remaining(at: str, seconds: int, now: datetime) -> int | None:
    """The whole seconds left at ``now`` on a clock started at ``at`` that runs
    ``seconds``: counted up (a clock showing 0:01 has less than a second left), never
    below 0, never above ``seconds`` (a clock read on a machine whose time is behind);
    None when ``at`` is not a time."""
    end = ends(at, seconds)
    if end is None:
        return None
    return min(seconds, max(0, math.ceil((end - now).total_seconds())))


def running(view: SeatView) -> tuple[str, int] | None:
    """The crafting clock that runs in ``view`` (any seat's, or the public's: the clock
    is public): the current round's, from the pick that ended its draft, while the
    round's words are awaited; None when no clock runs (the draft goes on, the round is
    complete, the game is over, a game without a clock). The one answer to "is a clock
    running" for every screen."""
    return view.clock if view.clock is not None and view.waiting else None


def left(view: SeatView, now: datetime) -> int | None:
    """The whole seconds left at ``now`` on the clock that runs in ``view``
    (:func:`running`, :func:`remaining`); None when none runs."""
    clock = running(view)
    return None if clock is None else remaining(*clock, now)
