"""The one save-file engine for every game (SPEC §1, "Save files").

A save file is an event log in TOML::

    format = "referee/smoorverliefd"    # which game
    version = 1                         # schema version
    [setup]                             # players, options, seed
    [[corrections]]                     # only after an edit: how to take it back
    [[events]]                          # what happened, oldest first; each has a kind
    [end]                               # events = N: proves the file was not cut short

Nothing but the setup and the events is stored: the state on screen is always
recomputed by replaying the events through the game's rules (a :class:`Ruleset`), so
a hand-edited file is re-validated on load and a bad event is reported with its line.

``undo`` takes back the last thing recorded, whatever it was. Usually that is the last
event. An edit of an earlier entry (:func:`rewrite`) replaces events in the middle of
the log, so it also stores a *correction*: the events it replaced and where. While no
event has been added after it, ``undo`` puts those events back, and the file is again
exactly what it was before the edit.

Writes are atomic (a temporary file in the same folder, flush + fsync, ``os.replace``,
then fsync of the folder); the previous version is kept as ``FILE.bak``; an exclusive
lock on the file keeps two terminals from interleaving writes. A rejected entry raises
before anything is written, so the file stays byte-for-byte the same.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from referee.errors import InputError, RefereeError, quoted
from referee.wording import counted

State = TypeVar("State")

#: How long a second writer waits for the lock before giving up (seconds).
LOCK_TIMEOUT_ENV = "REFEREE_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 5.0

_HEADER = (
    "# A referee save file: the setup and every recorded event, oldest first.\n"
    "# referee replays the events through the rules each time it loads this file.\n"
    "# Prefer the `undo` command to editing by hand; the previous version is in FILE.bak.\n"
)


class Ruleset(Protocol[State]):
    """What a game gives the engine: how to start from the setup and apply one event.

    ``start`` and ``apply`` are the game's pure rules; they raise ``InputError`` or
    ``RuleError`` for an event that cannot happen.
    """

    format: str  # e.g. "referee/smoorverliefd"
    version: int  # the schema version this program writes and understands
    command: str  # e.g. "referee smoor", for messages that say what to type

    def start(self, setup: dict[str, Any]) -> State: ...

    def apply(self, state: State, event: dict[str, Any]) -> State: ...

    def describe(self, event: dict[str, Any]) -> str: ...


class SaveFileError(InputError):
    """A save file that cannot be used: missing, damaged, of another game or too new."""


@dataclass(frozen=True)
class Correction:
    """An edit, kept so that ``undo`` can take it back.

    The edit replaced the events ``replaced`` at position ``at`` (0-based) of the log by
    ``added`` new events, leaving the log ``events`` long. It is the last thing done
    while the log is still that long.
    """

    at: int
    replaced: tuple[dict[str, Any], ...]
    added: int
    events: int

    @classmethod
    def between(cls, old: list[dict[str, Any]], new: list[dict[str, Any]]) -> Correction:
        """The correction that turns the log ``old`` into ``new``: what differs between
        their common start and their common end."""
        start = 0
        while start < min(len(old), len(new)) and old[start] == new[start]:
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        return cls(start, tuple(old[start : len(old) - end]), len(new) - end - start, len(new))

    def undone(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The log as it was before the edit."""
        return [*events[: self.at], *self.replaced, *events[self.at + self.added :]]

    def to_toml(self) -> dict[str, Any]:
        return {"at": self.at, "added": self.added, "events": self.events, "replaced": list(self.replaced)}

    @classmethod
    def from_toml(cls, table: object) -> Correction:
        """A ``[[corrections]]`` table, checked as far as it can be without the log."""
        if isinstance(table, dict):
            at, added, events, replaced = (table.get(key) for key in ("at", "added", "events", "replaced"))
            numbers = (at, added, events)
            if (
                all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in numbers)
                and isinstance(replaced, list)
                and all(isinstance(event, dict) for event in replaced)
                and at + added <= events
            ):
                return cls(at, tuple(replaced), added, events)
        raise InputError("a [[corrections]] table needs whole numbers at, added, events and a list `replaced`")


@dataclass(frozen=True)
class Saved(Generic[State]):
    """A loaded save file: what it holds and the state its events replay to."""

    path: Path
    setup: dict[str, Any]
    events: list[dict[str, Any]]
    state: State
    corrections: tuple[Correction, ...] = ()


@dataclass(frozen=True)
class Undone(Generic[State]):
    """What ``undo`` took back: the last event, or (``correction`` set) an edit, and the
    file as it is now."""

    event: dict[str, Any] | None
    correction: Correction | None
    saved: Saved[State]


# --- reading --------------------------------------------------------------------------


def load(path: Path | str, ruleset: Ruleset[State]) -> Saved[State]:
    """Read and replay a save file. Any problem raises ``SaveFileError`` (exit 2)."""
    path = Path(path)
    if path.is_dir():
        raise SaveFileError(f"{path} is a folder, not a save file")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(
            f"no such file: {path}; start one with `{ruleset.command} new {path} …`"
        ) from None
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror}") from None
    return _parse(path, data, ruleset)


def _parse(path: Path, data: bytes, ruleset: Ruleset[State]) -> Saved[State]:
    document = _document(path, data, ruleset)
    return _replayed(path, document, document.events, ruleset)


@dataclass(frozen=True)
class _Document:
    """A save file's parts, checked for structure but not yet replayed."""

    lines: _Lines
    setup: dict[str, Any]
    events: list[Any]
    corrections: tuple[Correction, ...]


def _document(path: Path, data: bytes, ruleset: Ruleset[Any]) -> _Document:
    """Check the file's structure (text, TOML, format, version, [end]); not its events."""
    damaged = _Damage(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise damaged(line, "is not UTF-8 text") from None
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(error))
        line = int(where[1]) if where else text.count("\n") + 1
        raise damaged(line, f"is not valid TOML ({reason})") from None

    lines = _Lines(text)
    file_format = document.get("format")
    if file_format != ruleset.format:
        if isinstance(file_format, str) and file_format.startswith("referee/"):
            game = file_format.removeprefix("referee/")
            raise damaged(lines.key("format"), f"is a {game} file, not a {ruleset.format.removeprefix('referee/')} file")
        raise damaged(lines.key("format") or 1, f"is not a {ruleset.format} save file (format = {file_format!r})")
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise damaged(lines.key("version") or 1, "has no valid schema `version`")
    if version > ruleset.version:
        raise damaged(
            lines.key("version"),
            f"was written with schema version {version}, newer than this referee understands "
            f"(up to {ruleset.version}); upgrade referee to read it",
        )
    events = document.get("events", [])
    end = document.get("end")
    if not isinstance(end, dict) or "events" not in end:
        raise damaged(
            lines.count, "is cut short: it does not end with the [end] table that referee writes"
        )
    count = end["events"]
    if not isinstance(events, list) or not isinstance(count, int) or isinstance(count, bool) or count != len(events):
        raise damaged(
            lines.header("end"),
            f"is cut short or was edited: [end] says "
            f"{counted(count, 'event') if isinstance(count, int) else repr(count) + ' events'} but the file holds "
            f"{counted(len(events), 'event') if isinstance(events, list) else 'no list of events'}",
        )
    setup = document.get("setup")
    if not isinstance(setup, dict):
        raise damaged(1, "has no [setup] table")
    corrections = document.get("corrections", [])
    try:
        if not isinstance(corrections, list):
            raise InputError("`corrections` must be a list of [[corrections]] tables")
        checked = tuple(map(Correction.from_toml, corrections))
    except InputError as error:
        raise damaged(lines.first_header("corrections"), f"has a bad correction: {error}") from None
    return _Document(lines, setup, events, checked)


def _replayed(path: Path, document: _Document, events: list[Any], ruleset: Ruleset[State]) -> Saved[State]:
    """Replay ``events`` (the document's, or a changed list) through the rules; a bad
    one is reported with its line."""
    damaged = _Damage(path)
    lines, setup = document.lines, document.setup
    try:
        state = ruleset.start(setup)
    except RefereeError as error:
        raise damaged(lines.header("setup"), f"has a bad [setup]: {error}") from None
    for index, event in enumerate(events):
        try:
            if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
                raise InputError("an event needs a `kind`")
            state = ruleset.apply(state, event)
        except RefereeError as error:
            raise damaged(lines.event(index), f"cannot be replayed: event {index + 1} ({_kind(event)}): {error}") from None
    return Saved(path, setup, events, state, document.corrections)


def _kind(event: object) -> str:
    kind = event.get("kind") if isinstance(event, dict) else None
    return kind if isinstance(kind, str) else "no kind"


class _Damage:
    """Builds the one-line message for a damaged file, naming the file and the line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, line: int | None, problem: str) -> SaveFileError:
        where = f"{self.path} line {line}" if line else str(self.path)
        backup = _backup_path(self.path)
        advice = f"; the previous version is in {backup}" if backup.exists() else ""
        return SaveFileError(f"{where}: the file {problem}{advice}; the file was left untouched")


class _Lines:
    """Finds the line numbers of keys, tables and events in the file's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.count = max(len(self.lines), 1)

    def _first(self, pattern: str) -> int | None:
        regex = re.compile(pattern)
        for number, line in enumerate(self.lines, start=1):
            if regex.match(line):
                return number
        return None

    def key(self, name: str) -> int | None:
        return self._first(rf"\s*{name}\s*=")

    def header(self, name: str) -> int | None:
        return self._first(rf"\s*\[\s*{name}\s*\]")

    def first_header(self, name: str) -> int | None:
        return self._first(rf"\s*\[\[\s*{name}\s*\]\]")

    def event(self, index: int) -> int | None:
        headers = [n for n, line in enumerate(self.lines, start=1) if re.match(r"\s*\[\[\s*events\s*\]\]", line)]
        return headers[index] if index < len(headers) else None


# --- writing --------------------------------------------------------------------------


def dumps(
    ruleset: Ruleset[Any],
    setup: dict[str, Any],
    events: list[dict[str, Any]],
    corrections: tuple[Correction, ...] = (),
) -> str:
    """The text of a save file. Events keep their key order; ``[end]`` comes last.

    Corrections come before the events, so that a new event is still written just in
    front of ``[end]``.
    """
    import tomli_w

    head = tomli_w.dumps({"format": ruleset.format, "version": ruleset.version, "setup": setup})
    corrections_tables = [_array_table("corrections", c.to_toml()) for c in corrections]
    tables = [*corrections_tables, *(_array_table("events", event) for event in events)]
    return _HEADER + "\n".join([head, *tables, _end_table(len(events))])


def _array_table(name: str, table: dict[str, Any]) -> str:
    """One event (or correction) as its own ``[[events]]`` table.

    tomli_w would write short events as one inline ``events = [...]`` array; a table per
    event keeps the layout fixed and lets a bad event's line be found. A nested table
    ``[events.x]`` belongs to the ``[[events]]`` just above it.
    """
    import tomli_w

    return f"[[{name}]]\n" + tomli_w.dumps({name: table}).removeprefix(f"[{name}]\n")


def _end_table(count: int) -> str:
    return f"[end]\nevents = {count}\n"


def _updated_text(ruleset: Ruleset[Any], old_text: str, old: Saved[Any], new: Saved[Any]) -> str:
    """The new file text; when events were only appended to a file as referee writes it,
    the new tables go in front of ``[end]`` instead of rewriting every event."""
    appended = new.events[len(old.events) :]
    tail = _end_table(len(old.events))
    if (
        new.setup is old.setup
        and new.corrections == old.corrections
        and new.events[: len(old.events)] == old.events
        and old_text.endswith("\n" + tail)
    ):
        body = old_text[: -len(tail)]
        tables = "".join(_array_table("events", event) + "\n" for event in appended)
        return body + tables + _end_table(len(new.events))
    return dumps(ruleset, new.setup, new.events, new.corrections)


#: A name without an extension that reads as something typed after the file in an entry:
#: a card (``AH``, ``10s``), a Smitten card or placement (``5``, ``5L``), a Spellcrafter
#: card (``K4m``), a NAME=VALUE entry, or a word that is an option's value.
_ENTRY_LIKE = re.compile(
    r"(?i)(?:10|[2-9tjqka])[cdhs♣♦♥♠]|[1-9][lr]?|[a-z]{1,2}\d{1,2}[fscm]|\*.*|.*=.*"
    r"|two|solo|easy|medium|hard[12]?|higher|lower|down|physical|friendly|ddt"
    r"|troef|blinde-liefde|partners|kleine-liefde|cupido"
)


def check_new_name(path: Path, ruleset: Ruleset[Any]) -> None:
    """Refuse a new save file's name that is surely a slip: control characters (a pasted
    newline), a leading ``-`` (an option), or a word that reads as part of an entry, as
    when the file name was forgotten (``referee smitten new 5L``)."""
    name = path.name
    example = f"`{ruleset.command} new game.toml …`"
    if not name.isprintable():
        raise InputError(f"the file name {quoted(str(path))} holds control characters; choose a plain name, e.g. {example}")
    if name.startswith("-"):
        raise InputError(f"{quoted(name)} looks like an option, not a file name; name the save file first, e.g. {example}")
    if "." not in name and _ENTRY_LIKE.fullmatch(name):
        raise InputError(
            f"{quoted(name)} looks like part of an entry, not a file name; name the save file first, e.g. {example}"
        )


def create(path: Path | str, ruleset: Ruleset[State], setup: dict[str, Any]) -> Saved[State]:
    """Start a new save file; refuses to overwrite an existing one, or a name that is
    surely a slip (see :func:`check_new_name`)."""
    path = Path(path)
    check_new_name(path, ruleset)
    state = ruleset.start(setup)
    if path.exists():
        raise InputError(f"{path} already exists; choose another file name, or delete it first")
    if not path.parent.is_dir():
        raise InputError(f"folder {path.parent} does not exist; create it first or choose another path")
    text = dumps(ruleset, setup, [])
    with _writing(path):
        tmp = _write_temporary(path, text.encode())
        try:
            try:
                os.link(tmp, path)  # atomic, and fails if the file appeared meanwhile
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                with open(path, "xb") as handle:
                    handle.write(text.encode())
                    handle.flush()
                    os.fsync(handle.fileno())
        except FileExistsError:
            raise InputError(f"{path} already exists; choose another file name, or delete it first") from None
        finally:
            os.unlink(tmp)
        _fsync_folder(path.parent)
    return Saved(path, setup, [], state)


def record(
    path: Path | str, ruleset: Ruleset[State], event: dict[str, Any] | Callable[[State], dict[str, Any]]
) -> Saved[State]:
    """Append one event, after the rules have accepted it.

    ``event`` may be a function of the current state (for example to resolve the names
    typed against the players in the file), so the file is read only once.
    """

    def append(saved: Saved[State]) -> Saved[State]:
        new_event = event(saved.state) if callable(event) else event
        state = ruleset.apply(saved.state, new_event)
        return Saved(saved.path, saved.setup, [*saved.events, new_event], state, saved.corrections)

    return update(path, ruleset, append)


def rewrite(
    path: Path | str,
    ruleset: Ruleset[State],
    change: Callable[[list[dict[str, Any]], State], list[dict[str, Any]]],
) -> Saved[State]:
    """Replace the event list (an edit) and replay all of it through the rules.

    ``change(events, state)`` gets the current events and the state they replay to, and
    returns the new list. An error in event N of the new list is raised with its number,
    and nothing is written. The file keeps a :class:`Correction`, so that ``undo`` takes
    the edit back; an edit that changes nothing writes nothing.
    """

    def replay_changed(saved: Saved[State]) -> Saved[State]:
        events = change(list(saved.events), saved.state)
        state = replay(ruleset, saved.setup, events)
        if events == saved.events:
            return saved
        corrections = (*saved.corrections, Correction.between(saved.events, events))
        return Saved(saved.path, saved.setup, events, state, corrections)

    return update(path, ruleset, replay_changed)


def undo(path: Path | str, ruleset: Ruleset[State]) -> Undone[State]:
    """Take back the last thing recorded: the last event, or an edit made after it.

    The file is then exactly as it was before that entry. The last event is not
    replayed first, so undo also removes a bad last event (one added by hand, say) that
    keeps the file from loading.
    """
    path = Path(path)
    with _locked(path, ruleset) as handle:
        data = _read_all(handle)
        document = _document(path, data, ruleset)
        events, corrections = document.events, document.corrections
        last = corrections[-1] if corrections else None
        if last is not None and last.events == len(events):
            kept = replace(document, corrections=corrections[:-1])
            saved = _replayed(path, kept, last.undone(events), ruleset)
            undone = Undone(None, last, saved)
        elif events:
            saved = _replayed(path, document, events[:-1], ruleset)
            undone = Undone(events[-1], None, saved)
        else:
            raise InputError(f"{path} has no events to undo")
        _replace(path, dumps(ruleset, saved.setup, saved.events, saved.corrections).encode())
    return undone


def replay(ruleset: Ruleset[State], setup: dict[str, Any], events: list[dict[str, Any]]) -> State:
    """Run the events through the rules; an error names the event's number."""
    state = ruleset.start(setup)
    for index, event in enumerate(events):
        try:
            state = ruleset.apply(state, event)
        except RefereeError as error:
            raise type(error)(f"event {index + 1} ({_kind(event)}): {error}") from None
    return state


def update(
    path: Path | str, ruleset: Ruleset[State], change: Callable[[Saved[State]], Saved[State]]
) -> Saved[State]:
    """Under the lock: read and replay the file, apply ``change``, write the result.

    If ``change`` raises, nothing is written.
    """
    path = Path(path)
    with _locked(path, ruleset) as handle:
        data = _read_all(handle)
        current = _parse(path, data, ruleset)
        changed = change(current)
        _replace(path, _updated_text(ruleset, data.decode("utf-8"), current, changed).encode())
    return changed


def _backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def _replace(path: Path, data: bytes) -> None:
    """Atomically make ``data`` the content of ``path``, keeping the old one as .bak.

    A save file reached through a symbolic link is replaced where it really is (and its
    .bak kept beside it), so the link keeps working. A read-only file is left alone.
    """
    shown = path
    path = Path(os.path.realpath(path))
    with contextlib.suppress(OSError):
        if not os.stat(path).st_mode & 0o222:
            raise SaveFileError(f"{shown} is read-only; make it writable to record in it (chmod u+w {shown})")
    with _writing(path):
        _remove_stale_temporaries(path)
        tmp = _write_temporary(path, data)
        try:
            with contextlib.suppress(OSError):
                os.chmod(tmp, os.stat(path).st_mode & 0o7777)
            _keep_backup(path)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        _fsync_folder(path.parent)


def _keep_backup(path: Path) -> None:
    """Make FILE.bak the current version: a hard link (instant, atomic), or a copy."""
    backup = _backup_path(path)
    with contextlib.suppress(OSError):
        if os.path.samefile(path, backup):
            # A writer was stopped after keeping the backup and before replacing the file:
            # the backup is this version already (and renaming a link onto the same file
            # would do nothing, leaving the staging link behind).
            return
    staging = path.with_name(f".{path.name}.bak.{os.getpid()}.tmp")
    try:
        os.link(path, staging)
    except OSError:
        shutil.copy2(path, staging)
    os.replace(staging, backup)


def _write_temporary(path: Path, data: bytes) -> str:
    """Write ``data`` to a new temporary file next to ``path``, flushed and fsynced."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def _remove_stale_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer left behind.

    Only called while holding the file's lock, so no other writer of this file can be
    using them.
    """
    # Exactly this file's names (mkstemp's dot-free random part, or the .bak staging), not
    # those of another save file whose name starts the same (game.toml.2 for game.toml).
    ours = re.compile(rf"\.{re.escape(path.name)}\.(?:[^.]+|bak\.\d+)\.tmp")
    with contextlib.suppress(OSError):
        for name in os.listdir(path.parent):
            if ours.fullmatch(name):
                with contextlib.suppress(OSError):
                    os.unlink(path.parent / name)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); not possible on every platform."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _writing(path: Path) -> Iterator[None]:
    """Turn OS errors while writing into a clear message (read-only folder, full disk)."""
    try:
        yield
    except OSError as error:
        raise SaveFileError(f"cannot write {path}: {error.strerror or error}; nothing was changed") from None


def _read_all(fd: int) -> bytes:
    with open(fd, "rb", closefd=False) as handle:
        handle.seek(0)
        return handle.read()


@contextlib.contextmanager
def _locked(path: Path, ruleset: Ruleset[Any]) -> Iterator[int]:
    """Hold an exclusive lock on the current version of ``path``; yield its descriptor.

    The lock is taken on the file itself. Because writers replace the file rather than
    change it, a waiter that wins the lock checks that it still holds the file at
    ``path`` and tries again on the new version if not.
    """
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; writes are still atomic.
        fcntl = None
    timeout = _lock_timeout()
    deadline = time.monotonic() + timeout
    while True:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            raise SaveFileError(f"no such file: {path}; start one with `{ruleset.command} new {path} …`") from None
        except OSError as error:
            raise SaveFileError(f"cannot open {path}: {error.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveFileError(f"{path} is a folder or a device, not a save file")
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise SaveFileError(
                            f"{path} is being written by another referee (waited {timeout:g} s); "
                            "try again in a moment"
                        ) from None
                    time.sleep(0.01)
                    continue
                if not _same_file(fd, path):
                    continue  # replaced while we waited: lock the new version
            yield fd
            return
        finally:
            os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        current = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (current.st_dev, current.st_ino)


def _lock_timeout() -> float:
    try:
        return max(0.0, float(os.environ.get(LOCK_TIMEOUT_ENV, DEFAULT_LOCK_TIMEOUT)))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT
