"""The shelf: every referee save file under the paths given, read and replayed.

A folder is searched recursively for ``*.toml`` files (hidden folders, such as ``.git``,
are left out); a file named on the command line is read whatever its name. A file that
is not a referee save file (another TOML file, a deck, the aliases file) is skipped
quietly; a referee file that cannot be replayed is named with its problem and skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from referee.stats.records import Record

#: A save file names its game near the top: ``format = "referee/smoorverliefd"``.
_FORMAT = re.compile(rb'^format\s*=\s*"(referee/[a-z0-9_-]+)"', re.MULTILINE)


class Damaged(NamedTuple):
    path: Path
    problem: str


class Shelf(NamedTuple):
    """What was found: the matches, the damaged files, and how many files were looked at."""

    records: tuple[Record, ...]
    damaged: tuple[Damaged, ...]
    looked_at: int


def files(paths: Iterable[Path]) -> Iterator[Path]:
    """The files to read, in a stable order: named files as given, folders' ``*.toml``
    files recursively (sorted), without hidden folders or backups."""
    for path in paths:
        if path.is_dir():
            for found in sorted(path.rglob("*.toml")):
                relative = found.relative_to(path).parts
                if not any(part.startswith(".") for part in relative[:-1]) and found.is_file():
                    yield found
        else:
            yield path


def read(paths: Iterable[Path]) -> Shelf:
    """Read and replay every save file under ``paths`` (:func:`files`)."""
    from referee import games
    from referee.errors import RefereeError
    from referee.savefile import load
    from referee.stats.records import record

    records: list[Record] = []
    damaged: list[Damaged] = []
    looked_at = 0
    for path in files(paths):
        looked_at += 1
        try:
            head = path.open("rb").read(4096)
        except OSError as error:
            damaged.append(Damaged(path, error.strerror or str(error)))
            continue
        found = _FORMAT.search(head)
        spec = games.by_format(found[1].decode()) if found else None
        if spec is None:
            continue  # not a referee save file (or a game this referee does not know)
        try:
            saved = load(path, spec.load_rules())
            modified = datetime.fromtimestamp(path.stat().st_mtime, UTC).replace(microsecond=0)
            records.append(record(spec, saved, modified))
        except RefereeError as error:
            damaged.append(Damaged(path, str(error)))
    return Shelf(tuple(records), tuple(damaged), looked_at)
