"""When and where a match was played: the save file's ``[played]`` table, the same for
every game.

    [played]
    started = "2026-12-04T19:02:11Z"   # when `new` made the file (UTC)
    ended = "2026-12-04T21:40:57Z"     # when an entry reached the outcome (UTC)
    location = "Café De Zwaan"         # `new … --location`, when given

The engine writes ``started`` when it creates a file and ``ended`` in the same write as
the entry that ends the game; an ``undo`` of that entry takes ``ended`` away again, so the
file is what it was before the entry. Files written before there was a ``[played]``
table load as they are: every value is optional, and a statistic that needs a date
takes the file's modification time instead (and says so).

The times are written as ISO 8601 text in UTC (``2026-12-04T19:02:11Z``); a TOML
date-time typed by hand is read too (one without an offset is taken as UTC).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import NamedTuple

from referee import moments
from referee.errors import InputError
from referee.i18n import _

KEY = "played"


def iso(moment: datetime | None) -> str | None:
    """``2026-12-04T19:02:11Z``: a time as ISO 8601 text in UTC (:func:`referee.moments.stamp`)."""
    return None if moment is None else moments.stamp(moment)


def _moment(table: Mapping[str, object], key: str) -> datetime | None:
    value = table.get(key)
    if value is None:
        return None
    if isinstance(value, str):
        value = moments.moment_of(value)
    if not isinstance(value, datetime):
        raise InputError(_("[{table}] `{key}` must be a date and time, e.g. 2026-12-04T19:02:11Z").format(table=KEY, key=key))
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)  # a time without offset: UTC


class WhenPlayed(NamedTuple):
    """The ``[played]`` table: every value optional (files written before it have none)."""

    started: datetime | None = None
    ended: datetime | None = None
    location: str | None = None

    def to_toml(self) -> dict[str, object]:
        values = {"started": iso(self.started), "ended": iso(self.ended), "location": self.location}
        return {key: value for key, value in values.items() if value is not None}

    @classmethod
    def from_toml(cls, table: object) -> WhenPlayed:
        """The file's ``[played]`` table (missing: an empty one)."""
        if table is None:
            return cls()
        if not isinstance(table, dict):
            raise InputError(_("`{table}` must be a table: [{table}] with started, ended and location").format(table=KEY))
        location = table.get("location")
        if location is not None and not isinstance(location, str):
            raise InputError(_("[{table}] `location` must be text").format(table=KEY))
        return cls(_moment(table, "started"), _moment(table, "ended"), location)

    @classmethod
    def begun(cls, location: str | None = None) -> WhenPlayed:
        """A new match's: started now, where the table said."""
        where = location.strip() if location is not None else None
        return cls(started=moments.now(), location=where or None)

    def at_outcome(self, over: bool) -> WhenPlayed:
        """As it should read after an entry: ``ended`` set once the game is over (kept
        when it was set already), and taken away when it is not over (an undo). A file
        written before ``[played]`` existed (no ``started``) is left as it was, so an
        undo and the same entry again give it back byte for byte."""
        if self.started is None:
            return self
        if over and self.ended is None:
            return self._replace(ended=moments.now())
        if not over and self.ended is not None:
            return self._replace(ended=None)
        return self
