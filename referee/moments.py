"""Moments as referee writes them: UTC, to the second, ISO 8601 with a ``Z``
(``2026-12-02T20:15:03Z``), for a save file's ``[played]`` table and a pick's ``at``.

:func:`now` is the one place the program reads the clock for what it records or shows
(the rules are given the time, never read it; tests replace it)."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    """The time now: UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0)


def exact_now() -> datetime:
    """The time now, UTC, to the microsecond: for a page that corrects its own clock by
    the server's (:func:`exact_stamp`), never for what is recorded (:func:`now`)."""
    return datetime.now(UTC)


def exact_stamp(moment: datetime) -> str:
    """``2026-12-02T20:15:03.250Z``: a moment to the millisecond, UTC."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def stamp(moment: datetime) -> str:
    """``2026-12-02T20:15:03Z``: a moment as a file records it."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def moment_of(text: str) -> datetime | None:
    """The moment ``text`` names (ISO 8601; one without a zone is taken as UTC), or None
    when it names none."""
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
