"""The save file's text: what it holds, how it is read and checked, and how it is written.

A save file is an event log in TOML::

    format = "referee/smoorverliefd"    # which game
    version = 1                         # schema version
    [setup]                             # players, options, seed
    [played]                            # when (UTC) and where (:mod:`.played`)
    [[corrections]]                     # only after an edit: how to take it back
    [[redo]]                            # only after an undo: what redo puts back
    [[events]]                          # what happened, oldest first; each has a kind
    [end]                               # events = N: proves the file was not cut short

Reading checks the structure only (text, TOML, format, version, ``[end]``); replaying the
events through the rules is the engine's (:mod:`referee.savefile`).
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol, TypeGuard, TypeVar

from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.savefile.played import KEY as PLAYED, WhenPlayed
from referee.savefile.storage import SaveFileError, backup_path

T = TypeVar("T")

HEADER = (
    "# A referee save file: the setup and every recorded event, oldest first.\n"
    "# referee replays the events through the rules each time it loads this file.\n"
    "# Prefer the `undo` command to editing by hand; the previous version is in FILE.bak.\n"
)


class FileFormat(Protocol):
    """What the file's text needs of a game: its format name and schema version."""

    format: str
    version: int


class Log(Protocol):
    """A file's content: the setup, the events and the corrections."""

    @property
    def setup(self) -> dict[str, object]: ...

    @property
    def events(self) -> list[dict[str, object]]: ...

    @property
    def corrections(self) -> tuple[Correction, ...]: ...

    @property
    def redo(self) -> tuple[Taken, ...]: ...

    @property
    def played(self) -> WhenPlayed: ...


class Correction(NamedTuple):
    """An edit, kept so that ``undo`` can take it back.

    The edit replaced the events ``replaced`` at position ``at`` (0-based) of the log by
    ``added`` new events, leaving the log ``events`` long. It is the last thing done
    while the log is still that long.
    """

    at: int
    replaced: tuple[dict[str, object], ...]
    added: int
    events: int

    @classmethod
    def between(cls, old: list[dict[str, object]], new: list[dict[str, object]]) -> Correction:
        """The correction that turns the log ``old`` into ``new``: what differs between
        their common start and their common end."""
        start = 0
        while start < min(len(old), len(new)) and old[start] == new[start]:
            start += 1
        end = 0
        while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
            end += 1
        return cls(start, tuple(old[start : len(old) - end]), len(new) - end - start, len(new))

    def undone(self, events: list[dict[str, object]]) -> list[dict[str, object]]:
        """The log as it was before the edit."""
        return [*events[: self.at], *self.replaced, *events[self.at + self.added :]]

    def to_toml(self) -> dict[str, object]:
        return {"at": self.at, "added": self.added, "events": self.events, "replaced": list(self.replaced)}

    @classmethod
    def from_toml(cls, table: object) -> Correction:
        """A ``[[corrections]]`` table, checked as far as it can be without the log."""
        if isinstance(table, dict):
            at, added, events, replaced = (table.get(key) for key in ("at", "added", "events", "replaced"))
            if (
                _count(at) and _count(added) and _count(events)
                and isinstance(replaced, list)
                and all(isinstance(event, dict) for event in replaced)
                and at + added <= events
            ):  # fmt: skip
                return cls(at, tuple(replaced), added, events)
        raise InputError("a [[corrections]] table needs whole numbers at, added, events and a list `replaced`")


class Taken(NamedTuple):
    """What ``undo`` took back, kept in the file so that ``redo`` can put it back: the
    last event (``event``), or an edit (``edit``, its correction, and ``edited``, the
    events the edit had put in). ``redo`` may put it back while the log is still
    ``events`` long; a new entry or edit forgets it.
    """

    events: int
    event: dict[str, object] | None = None
    edit: Correction | None = None
    edited: tuple[dict[str, object], ...] = ()

    def to_toml(self) -> dict[str, object]:
        if self.edit is not None:
            return {"events": self.events, "edit": self.edit.to_toml(), "edited": list(self.edited)}
        return {"events": self.events, "event": self.event}

    @classmethod
    def from_toml(cls, table: object) -> Taken:
        """A ``[[redo]]`` table, checked as far as it can be without the log."""
        if isinstance(table, dict) and _count(table.get("events")):
            event, edit, edited = table.get("event"), table.get("edit"), table.get("edited")
            if isinstance(event, dict) and edit is None and edited is None:
                return cls(table["events"], event=event)
            if event is None and isinstance(edited, list) and all(isinstance(one, dict) for one in edited):
                correction = Correction.from_toml(edit)
                if correction.added == len(edited):
                    return cls(table["events"], edit=correction, edited=tuple(edited))
        raise InputError("a [[redo]] table needs a whole number `events` and an `event`, or an `edit` and the events it `edited`")


def _count(value: object) -> TypeGuard[int]:
    """A whole number of events, 0 or more (not a bool, which TOML keeps apart)."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class Document(NamedTuple):
    """A save file's parts, checked for structure but not yet replayed."""

    lines: Lines
    setup: dict[str, object]
    events: list[Any]  # Any: each is checked when it is replayed; undo takes back a bad last one unchecked
    corrections: tuple[Correction, ...]
    redo: tuple[Taken, ...] = ()
    played: WhenPlayed = WhenPlayed()


def read_document(path: Path, data: bytes, rules: FileFormat) -> Document:
    """Check the file's structure (text, TOML, format, version, [end]); not its events."""
    damaged = Damage(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise damaged(line, _("is not UTF-8 text")) from None
    try:
        document: dict[str, object] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = re.search(r"\(at line (\d+), column (\d+)\)", str(error))
        reason = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(error))
        line = int(where[1]) if where else text.count("\n") + 1
        raise damaged(line, _("is not valid TOML ({reason})").format(reason=reason)) from None

    lines = Lines(text)
    file_format = document.get("format")
    if file_format != rules.format:
        if isinstance(file_format, str) and file_format.startswith("referee/"):
            from referee.games import by_format

            game, ours = file_format.removeprefix("referee/"), rules.format.removeprefix("referee/")
            spec = by_format(file_format)
            use = _("; use `referee {group} …` for it").format(group=spec.group) if spec is not None else ""
            problem = _("is a {game} file, not a {ours} file").format(game=game, ours=ours)
            raise damaged(lines.key("format"), problem + use, backup=False)
        problem = _("is not a {format} save file (format = {value})").format(format=rules.format, value=repr(file_format))
        raise damaged(lines.key("format") or 1, problem)
    version = document.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise damaged(lines.key("version") or 1, _("has no valid schema `version`"))
    if version > rules.version:
        raise damaged(
            lines.key("version"),
            _(
                "was written with schema version {version}, newer than this referee understands "
                "(up to {known}); upgrade referee to read it"
            ).format(version=version, known=rules.version),
        )
    events = document.get("events", [])
    end = document.get("end")
    if not isinstance(end, dict) or "events" not in end:
        raise damaged(
            lines.count, _("is cut short: it does not end with the [end] table that referee writes")
        )
    count = end["events"]
    if not isinstance(events, list) or not isinstance(count, int) or isinstance(count, bool) or count != len(events):
        raise damaged(
            lines.header("end"),
            _("is cut short or was edited: [end] says {said} but the file holds {holds}").format(
                said=_events(count) if isinstance(count, int) else repr(count),
                holds=_events(len(events)) if isinstance(events, list) else _("no list of events"),
            ),
        )
    setup = document.get("setup")
    if not isinstance(setup, dict):
        raise damaged(1, _("has no [setup] table"))
    checked = _tables(document, "corrections", Correction.from_toml, damaged, lines, _("has a bad correction: {error}"))
    taken = _tables(document, "redo", Taken.from_toml, damaged, lines, _("has a bad [[redo]] table: {error}"))
    try:
        played = WhenPlayed.from_toml(document.get(PLAYED))
    except InputError as error:
        raise damaged(lines.header(PLAYED), _("has a bad [played] table: {error}").format(error=error)) from None
    return Document(lines, setup, events, checked, taken, played)


def _tables(
    document: dict[str, object], key: str, read: Callable[[object], T], damaged: Damage, lines: Lines, problem: str
) -> tuple[T, ...]:
    """The file's ``[[key]]`` tables (corrections, redo), each read by ``read``; a bad one
    is reported at the first such table, as ``problem``."""
    found = document.get(key, [])
    try:
        if not isinstance(found, list):
            raise InputError(_("`{key}` must be a list of [[{key}]] tables").format(key=key))
        return tuple(map(read, found))
    except InputError as error:
        raise damaged(lines.first_header(key), problem.format(error=error)) from None


def _events(count: int) -> str:
    return ngettext("{count} event", "{count} events", count).format(count=count)


def kind_of(event: object) -> str:
    kind = event.get("kind") if isinstance(event, dict) else None
    return kind if isinstance(kind, str) else "no kind"


class Damage:
    """Builds the one-line message for a damaged file, naming the file and the line."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, line: int | None, problem: str, backup: bool = True) -> SaveFileError:
        """``backup``: point to FILE.bak when there is one (not for a file that is whole,
        only of another game)."""
        where = _("{path} line {line}").format(path=self.path, line=line) if line else str(self.path)
        kept = backup_path(self.path)
        advice = _("; the previous version is in {backup}").format(backup=kept) if backup and kept.exists() else ""
        return SaveFileError(
            _("{where}: the file {problem}{advice}; the file was left untouched").format(
                where=where, problem=problem, advice=advice
            )
        )


class Lines:
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


def dumps(
    rules: FileFormat,
    setup: dict[str, object],
    events: list[dict[str, object]],
    corrections: tuple[Correction, ...] = (),
    redo: tuple[Taken, ...] = (),
    played: WhenPlayed = WhenPlayed(),
) -> str:
    """The text of a save file. Events keep their key order; ``[end]`` comes last.

    Corrections and what ``redo`` can put back come before the events, so that a new
    event is still written just in front of ``[end]``.
    """
    import tomli_w  # deferred: tomli_w costs start-up

    when = played.to_toml()
    head = tomli_w.dumps({"format": rules.format, "version": rules.version, "setup": setup, **({PLAYED: when} if when else {})})
    corrections_tables = [array_table("corrections", c.to_toml()) for c in corrections]
    redo_tables = [array_table("redo", taken.to_toml()) for taken in redo]
    tables = [*corrections_tables, *redo_tables, *(array_table("events", event) for event in events)]
    return HEADER + "\n".join([head, *tables, end_table(len(events))])


def array_table(name: str, table: dict[str, object]) -> str:
    """One event (or correction) as its own ``[[events]]`` table.

    tomli_w would write short events as one inline ``events = [...]`` array; a table per
    event keeps the layout fixed and lets a bad event's line be found. A nested table
    ``[events.x]`` belongs to the ``[[events]]`` just above it.
    """
    import tomli_w

    return f"[[{name}]]\n" + tomli_w.dumps({name: table}).removeprefix(f"[{name}]\n")


def end_table(count: int) -> str:
    return f"[end]\nevents = {count}\n"


def updated_text(rules: FileFormat, old_text: str, old: Log, new: Log) -> str:
    """The new file text; when events were only appended to a file as referee writes it,
    the new tables go in front of ``[end]`` instead of rewriting every event."""
    appended = new.events[len(old.events) :]
    tail = end_table(len(old.events))
    if (
        new.setup is old.setup
        and new.corrections == old.corrections
        and new.redo == old.redo
        and new.played == old.played
        and new.events[: len(old.events)] == old.events
        and old_text.endswith("\n" + tail)
    ):
        body = old_text[: -len(tail)]
        tables = "".join(array_table("events", event) + "\n" for event in appended)
        return body + tables + end_table(len(new.events))
    return dumps(rules, new.setup, new.events, new.corrections, new.redo, new.played)


