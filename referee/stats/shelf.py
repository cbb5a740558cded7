"""The shelf: every referee save file under the paths given, read and replayed.

A folder is searched recursively for ``*.toml`` files (hidden folders, such as ``.git``,
are left out); a file named on the command line is read whatever its name. A file that
is not a referee save file (another TOML file, a deck, the aliases file) is skipped
quietly; a referee file that cannot be replayed is named with its problem and skipped.

Replaying is what costs (a few milliseconds a file), so what a file gave is kept in a
cache, ``$XDG_CACHE_HOME/referee/stats/records.pickle`` (``~/.cache/…``), under its path,
size and modification time and the version of referee: a shelf read again replays only
the files added or changed since. A cache that cannot be read or written is ignored.

A first reading of a big shelf (:data:`PARALLEL_FROM` files or more to replay) shares
the replaying among worker processes, one per idle core (by the load average: on a
machine already busy, more processes only add the cost of starting them), where the
system can fork and the reading process runs no other thread (`referee stats`, not the
web server). Each file is replayed alone, so the records and their order are the same
either way. Where workers cannot be started, the files are replayed here, one after the
other.
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
    files recursively (sorted), without hidden folders or backups.

    Each file once, however often and by whatever path it is reached (``m.toml
    ./m.toml``, a folder given twice or inside another one given, a symbolic or hard
    link): the first path that reaches it names it. `referee stats`, `referee export`
    and the web's season all read their files here, so none counts a match twice."""
    seen: set[tuple[int, int] | str] = set()
    for path in _named(paths):
        identity = _identity(path)
        if identity not in seen:
            seen.add(identity)
            yield path


def _named(paths: Iterable[Path]) -> Iterator[Path]:
    for path in paths:
        if path.is_dir():
            for found in sorted(path.rglob("*.toml")):
                relative = found.relative_to(path).parts
                if not any(part.startswith(".") for part in relative[:-1]) and found.is_file():
                    yield found
        else:
            yield path


def _identity(path: Path) -> tuple[int, int] | str:
    """What makes two paths one file: its device and inode (links included), else (a file
    that cannot be looked at) its resolved path."""
    try:
        status = path.stat()
    except OSError:
        try:
            return str(path.resolve())
        except (OSError, RuntimeError):  # a loop of links
            return str(path.absolute())
    return (status.st_dev, status.st_ino)


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


#: The layout of the records kept in the cache: a new one when what a record holds (or
#: means) changes, so that a cache of the same version of referee is not read as the new.
RECORDS = "records-2"

#: How many files to replay make a first reading worth sharing among processes.
PARALLEL_FROM = 64

Key = tuple[str, int, int, str]  # the file's whole path, size, modification time (ns), referee's version and RECORDS


def read_shelf(paths: Iterable[Path]) -> Shelf:
    """Read and replay every save file under ``paths`` (:func:`files`)."""
    from referee import __version__

    looked_at = 0
    cache = _cached()
    kept: dict[Key, Record] = {}
    found: list[Record | Damaged | None] = []  # per file, in order
    todo: list[tuple[int, Key, Path, float]] = []  # the files to replay, and where each one's answer goes
    for path in files(paths):
        looked_at += 1
        try:
            status = path.stat()
        except OSError as error:
            found.append(Damaged(path, error.strerror or str(error)))
            continue
        key = (str(path.resolve()), status.st_size, status.st_mtime_ns, f"{__version__} {RECORDS}")
        known = cache.get(key)
        if known is not None:
            kept[key] = known
            found.append(known._replace(path=path))
        else:
            todo.append((len(found), key, path, status.st_mtime))
            found.append(None)
    replayed = _replay_all([(path, modified) for _index, _key, path, modified in todo])
    for (index, key, _path, _modified), answer in zip(todo, replayed, strict=True):
        found[index] = answer
        if isinstance(answer, Record):
            kept[key] = answer
    if any(key not in cache for key in kept):
        _keep({**cache, **kept} if len(cache) < 20_000 else kept)
    records = tuple(item for item in found if isinstance(item, Record))
    return Shelf(records, tuple(item for item in found if isinstance(item, Damaged)), looked_at)


def _replay_all(todo: list[tuple[Path, float]]) -> list[Record | Damaged | None]:
    """:func:`_replayed` of each (path, modification time), in order: in worker processes
    for a big shelf where that can be done (see the module's docstring), else here."""
    if len(todo) >= PARALLEL_FROM:
        workers = idle_cores()
        shared = _in_processes(todo, workers) if workers > 1 else None
        if shared is not None:
            return shared
    return [_replayed(path, modified) for path, modified in todo]


def idle_cores() -> int:
    """The cores this process may use that are idle (the load average of the last minute
    taken off), at most 4; at least 1."""
    import os

    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    try:
        busy = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average here: count every core idle
        busy = 0.0
    return max(1, min(4, round(cores - busy)))


def _in_processes(todo: list[tuple[Path, float]], workers: int) -> list[Record | Damaged | None] | None:
    """The files replayed by ``workers`` forked processes; None when that cannot be done
    (no fork, other threads running, workers that cannot start or that died)."""
    import multiprocessing
    import sys
    import threading
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return None
    from referee import games

    for spec in games.GAMES:
        spec.load_rules()  # imported once, before the fork: every worker has them
    sys.stdout.flush()  # nothing written before the fork is written again by a worker
    sys.stderr.flush()
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            paths, times = zip(*todo, strict=True)
            return list(pool.map(_replayed, paths, times, chunksize=max(1, len(todo) // (workers * 8))))
    except (OSError, BrokenProcessPool):
        return None


def _replayed(path: Path, modified: float) -> Record | Damaged | None:
    """The match a save file holds, what damages it, or None: not a referee save file."""
    from referee import games
    from referee.errors import RefereeError
    from referee.savefile import load
    from referee.stats.records import match_record

    try:
        with path.open("rb") as stream:
            data = stream.read(4096)
            found = _FORMAT.search(data)
            spec = games.by_format(found[1].decode()) if found else None
            if spec is None:
                return None  # not a referee save file (or a game this referee does not know)
            data += stream.read()  # the rest of it, read once (not opened again to be loaded)
    except OSError as error:
        return Damaged(path, error.strerror or str(error))
    try:
        return match_record(spec, load(path, spec.load_rules(), data), datetime.fromtimestamp(modified, UTC).replace(microsecond=0))
    except RefereeError as error:
        return Damaged(path, str(error))
