"""The session's status line (the bottom toolbar): the game's hooks word the file's
state (:meth:`referee.table.hooks.TableHooks.status`), with the lines its own answers
end with. The file is read again whenever it changes, so the line stays true when
another terminal writes it (the session redraws it every second).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.table.hooks import Countdown, StatusLine
    from prompt_toolkit.formatted_text import ANSI

    from referee.table.session import Table


def lines(table: Table) -> Sequence[StatusLine]:
    """The status of the file now; a file that does not load says why."""
    from referee.errors import RefereeError
    from referee.table.hooks import Plain

    try:
        state = table.state()
    except RefereeError as error:
        return [Plain(f"{table.path}: {error}")]
    hooks = table.hooks()
    if hooks is None:
        return [Plain(f"{table.spec.title}: {table.path}")]
    try:
        return list(hooks.status(state))
    except Exception as error:  # noqa: BLE001 - the status line never ends a session
        return [Plain(f"{table.spec.title}: {table.path} ({type(error).__name__})")]


def seconds_left(countdown: Countdown | None, now: datetime) -> int | None:
    """The whole seconds left on a clock at ``now`` (0 once over, never more than it
    runs: :func:`referee.spellcrafter.clock.remaining`); None without a clock."""
    if countdown is None:
        return None
    from referee.spellcrafter.clock import remaining

    return remaining(countdown.start, countdown.seconds, now)


class Alarm:
    """Tells the table once when a clock reaches zero. A clock that reached zero before
    the session opened is not told again (the status line says the time is up)."""

    def __init__(self, opened: datetime) -> None:
        self.opened = opened
        self.told: set[Countdown] = set()

    def pending(self, countdown: Countdown | None, now: datetime) -> bool:
        """Whether the table is to be told at ``now`` that ``countdown`` reached zero."""
        return countdown is not None and countdown not in self.told and self.opened < countdown.ends <= now

    def due(self, countdown: Countdown | None, now: datetime) -> str | None:
        """The line to tell the table at ``now``, once per clock; None otherwise."""
        if countdown is None or not self.pending(countdown, now):
            return None
        self.told.add(countdown)
        return countdown.over


def utc_now() -> datetime:
    """The time now (:func:`referee.moments.now`), for the session's clock."""
    from referee.moments import now

    return now()


class Toolbar:
    """The bottom toolbar, worded again only when the file or the language changed, or
    each second while a clock runs."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.key: object = None
        self.shown: str | ANSI = ""

    def __call__(self) -> str | ANSI:
        from referee.i18n import language

        key = (self.table.signature(), language(), seconds_left(self.table.countdown(), utc_now()))
        if key != self.key or self.key is None:
            self.key, self.shown = key, toolbar(self.table)
        return self.shown


def toolbar(table: Table) -> str | ANSI:
    """The bottom toolbar: the status lines, in colour on a terminal."""
    import os
    import sys

    from prompt_toolkit.formatted_text import ANSI  # deferred: prompt_toolkit costs start-up

    shown = lines(table)
    colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    if colour:  # only on a terminal, never with NO_COLOR
        return ANSI("\n".join(line.ansi() for line in shown))
    return "\n".join(line.plain for line in shown)
