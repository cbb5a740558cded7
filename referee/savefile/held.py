"""A save file as a long-lived process holds it between readings (`referee serve`).

Loading replays every event (the file is the truth), which grows with the match: at
round 20 of a Smoorverliefd match that is over a thousand events. A process that keeps
the file open for an evening holds on to what it last read or wrote, a :class:`Held`:
the file's bytes, their *stamp* (modification time, size, inode: what a ``stat`` tells),
and the :class:`~referee.savefile.Saved` they replay to. The next reading
(:func:`referee.savefile.load_held`) then costs what changed: the same bytes give the
same ``Saved``; a file whose setup and first N events are the ones held only steps the
events after them from the held state; anything else (an undo, an edit, another game
in the file) is replayed whole, as :func:`referee.savefile.load` would. Recording through
the engine with the ``Held`` (:func:`referee.savefile.record`'s ``held``) keeps what it
wrote, so the writer never reads its own entry back.

This relies on states being values: every game's ``apply`` returns a new state and
never changes the one it is given (frozen dataclasses throughout), so a held state can
be stepped from any number of times.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from referee.savefile import Saved

State = TypeVar("State")

#: What a ``stat`` says of a file's version: modification time (ns), size, inode.
Stamp = tuple[int, int, int]


def stamp_of(path: Path | str) -> Stamp | None:
    """The stamp of the file at ``path`` now (None when there is none): a file replaced
    by an atomic write has a new inode, so two writes in the same tick differ."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return stamp_from(status)


def stamp_from(status: os.stat_result) -> Stamp:
    return (status.st_mtime_ns, status.st_size, status.st_ino)


@dataclass(frozen=True)
class Reading(Generic[State]):
    """One reading of a save file: its bytes, their stamp, what they replay to."""

    data: bytes
    stamp: Stamp | None
    saved: Saved[State]


class Held(Generic[State]):
    """What a process last read of a save file or wrote to it (see the module's
    docstring). ``last`` is replaced whole, never changed in place, so a thread that
    takes it sees one consistent reading."""

    def __init__(self) -> None:
        self.last: Reading[State] | None = None

    def keep(self, data: bytes, stamp: Stamp | None, saved: Saved[State]) -> None:
        self.last = Reading(data, stamp, saved)

    def forget(self) -> None:
        """Hold nothing: the next reading replays the file whole."""
        self.last = None


def as_read(events: list[dict[str, Any]], before: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` as a reading of the file would give them: the ones ``before`` held (the
    same objects) as they are, each new one written as the file writes it and read back
    (an encoded event may hold a tuple where TOML reads a list)."""
    import tomllib

    from referee.savefile.document import array_table

    kept = len(before)
    read = []
    for index, event in enumerate(events):
        if index < kept and event is before[index]:
            read.append(event)
        else:
            read.append(tomllib.loads(array_table("events", event))["events"][0])
    return read
