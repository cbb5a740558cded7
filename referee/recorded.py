"""Who watches the save files written: the command line learns here that a command made
an entry (a new file, an event recorded; never an undo, a redo or an edit), after which
the decisions due of the seats the referee plays are made (:mod:`referee.bots.runner`).

The save-file engine tells (:func:`tell`); :func:`entries_watched` listens for the length of a
block. Ground floor: imports nothing, so the command line's error path can listen to
every command without loading the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: The paths written while someone watches, one list per watcher.
_watchers: list[list[Path]] = []


@contextmanager
def entries_watched() -> Iterator[list[Path]]:
    """While in the block, the paths of the files created or recorded in are added to the
    list given."""
    written: list[Path] = []
    _watchers.append(written)
    try:
        yield written
    finally:
        # by identity: two watchers' lists are equal while empty (a table session's line inside its session)
        _watchers[:] = [watcher for watcher in _watchers if watcher is not written]


def tell(path: Path) -> None:
    """A file was created or had an entry recorded (the save-file engine's call)."""
    for written in _watchers:
        written.append(path)
