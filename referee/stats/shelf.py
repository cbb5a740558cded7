"""The shelf: every referee save file under the paths given, read and replayed.

A folder is searched recursively for ``*.toml`` files (hidden folders, such as ``.git``,
are left out); a file named on the command line is read whatever its name. A file that
is not a referee save file (another TOML file, a deck, the aliases file) is skipped
quietly; a referee file that cannot be replayed is named with its problem and skipped.

Replaying is what costs (a few milliseconds a file), so what a file gave is kept in a
cache, ``$XDG_CACHE_HOME/referee/stats/records.pickle`` (``~/.cache/…``), under its path,
size and modification time and the version of referee: a shelf read again replays only
the files added or changed since. A cache that cannot be read or written is ignored.
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


def _cache_file() -> Path:
    import os

    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "referee" / "stats" / "records.pickle"


def _cached() -> dict[tuple[str, int, int, str], Record]:
    import pickle

    try:
        with _cache_file().open("rb") as stream:
            found = pickle.load(stream)
        return found if isinstance(found, dict) else {}
    except Exception:  # a cache that cannot be read is no cache
        return {}


def _keep(cache: dict[tuple[str, int, int, str], Record]) -> None:
    import os
    import pickle

    target = _cache_file()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        temporary.write_bytes(pickle.dumps(cache, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temporary, target)
    except OSError:
        pass  # statistics without a cache are only slower


def read_shelf(paths: Iterable[Path]) -> Shelf:
    """Read and replay every save file under ``paths`` (:func:`files`)."""
    from referee import __version__

    records: list[Record] = []
    damaged: list[Damaged] = []
    looked_at = 0
    cache = _cached()
    kept: dict[tuple[str, int, int, str], Record] = {}
    for path in files(paths):
        looked_at += 1
        try:
            status = path.stat()
        except OSError as error:
            damaged.append(Damaged(path, error.strerror or str(error)))
            continue
        key = (str(path.resolve()), status.st_size, status.st_mtime_ns, __version__)
        known = cache.get(key)
        if known is not None:
            kept[key] = known
            records.append(known._replace(path=path))
            continue
        found = _replayed(path, status.st_mtime)
        if isinstance(found, Damaged):
            damaged.append(found)
        elif found is not None:
            kept[key] = found
            records.append(found)
    if any(key not in cache for key in kept):
        _keep({**cache, **kept} if len(cache) < 20_000 else kept)
    return Shelf(tuple(records), tuple(damaged), looked_at)


def _replayed(path: Path, modified: float) -> Record | Damaged | None:
    """The match a save file holds, what damages it, or None: not a referee save file."""
    from referee import games
    from referee.errors import RefereeError
    from referee.savefile import load
    from referee.stats.records import match_record

    try:
        head = path.open("rb").read(4096)
    except OSError as error:
        return Damaged(path, error.strerror or str(error))
    found = _FORMAT.search(head)
    spec = games.by_format(found[1].decode()) if found else None
    if spec is None:
        return None  # not a referee save file (or a game this referee does not know)
    try:
        return match_record(spec, load(path, spec.load_rules()), datetime.fromtimestamp(modified, UTC).replace(microsecond=0))
    except RefereeError as error:
        return Damaged(path, str(error))
