"""The one save-file engine for every game (SPEC §1, "Save files").

A save file stores the setup and the events, nothing else (:mod:`.document` says how):
the state on screen is always recomputed by replaying the events through the game's
rules (:class:`referee.game.Rules`), so a hand-edited file is re-validated on load and a
bad event is reported with its line.

Recording an action answers what happened: :class:`Recorded` holds the state before,
the action, the event written, and the effect the rules returned, so no caller needs
to keep state of its own.

``undo`` takes back the last thing recorded, whatever it was. Usually that is the last
event. An edit of an earlier entry (:func:`rewrite`) replaces events in the middle of
the log, so it also stores a *correction*: the events it replaced and where. While no
event has been added after it, ``undo`` puts those events back, and the file is again
exactly what it was before the edit.

``redo`` takes back an ``undo``: what ``undo`` took back is kept in the file (a
``[[redo]]`` table), so it survives between commands, until a new entry or edit is made.

Every write is atomic and locked (:mod:`.storage`). A rejected entry raises before
anything is written, so the file stays byte-for-byte the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from referee.bots.seats import KEY as BOTS, MARK, game_setup, unmarked
from referee.errors import InputError, RefereeError, RuleError, file_words, prefixed, quoted
from referee.game import Rules, Step
from referee.i18n import _
from referee.recorded import tell as recorded_in
from referee.savefile.document import Correction, Damage, Document, Taken, dumps, kind_of, read_document, updated_text
from referee.savefile.held import Held, Reading, as_read, stamp_from, stamp_of
from referee.savefile.played import WhenPlayed
from referee.savefile.storage import (
    LOCK_TIMEOUT_ENV,
    SaveFileError,
    create_file,
    locked,
    read_all,
    replace_file,
)

__all__ = [
    "LOCK_TIMEOUT_ENV",
    "Correction",
    "Held",
    "WhenPlayed",
    "Recorded",
    "Redone",
    "Rewritten",
    "SaveFileError",
    "Saved",
    "Revealed",
    "Told",
    "Undone",
    "create",
    "dumps",
    "history",
    "load",
    "load_held",
    "record",
    "redo",
    "replay",
    "reveal_secret",
    "rewrite",
    "rules_setup",
    "steps",
    "undo",
]

State = TypeVar("State")
SetupT = TypeVar("SetupT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")


@dataclass(frozen=True)
class Saved(Generic[State]):
    """A loaded save file: what it holds and the state its events replay to."""

    path: Path
    # Any: front ends and tests read these unchecked (`saved.setup["fair"]["deals"]`,
    # `saved.events[-1]["at"]`); to become Mapping[str, object] where they check them.
    setup: dict[str, Any]
    events: list[dict[str, Any]]
    state: State
    corrections: tuple[Correction, ...] = ()
    redo: tuple[Taken, ...] = ()
    played: WhenPlayed = WhenPlayed()  # when and where (:mod:`.played`)
    #: the state before the last event (None without events, or after an edit): whose
    #: decision the last event was (a seat's take-back, :mod:`referee.web.host`)
    previous: State | None = None


class Recorded(NamedTuple, Generic[State, ActionT, EffectT]):
    """What recording one action did: the file now, the state before, the action, the
    event written for it, and the effect the rules reported.

    This and the other answers below are named tuples: every entry loads this module,
    and a named tuple costs a fifth of a frozen dataclass to define.
    """

    saved: Saved[State]
    before: State
    action: ActionT
    event: dict[str, object]
    effect: EffectT
    revealed: bool = False  # the entry ended a fair game, and its secret is in the file now

    @property
    def state(self) -> State:
        return self.saved.state


class Rewritten(NamedTuple, Generic[State]):
    """What an edit did: the file now, and the state before the edit."""

    saved: Saved[State]
    before: State

    @property
    def state(self) -> State:
        return self.saved.state


class Undone(NamedTuple, Generic[State]):
    """What ``undo`` took back: the file now, and the last event, or (``correction``
    set) an edit."""

    saved: Saved[State]
    event: dict[str, object] | None
    correction: Correction | None


class Redone(NamedTuple, Generic[State]):
    """What ``redo`` put back: the file now, and the event, or (``correction`` set) the
    edit, that the last ``undo`` had taken back."""

    saved: Saved[State]
    event: dict[str, object] | None
    correction: Correction | None


class Revealed(NamedTuple, Generic[State]):
    """What a reveal did: the file now (its setup holds the secret), the deals it wrote
    (number, seed), and whether every word of entropy was in before it."""

    saved: Saved[State]
    deals: tuple[tuple[int, str], ...]
    complete: bool


class Told(NamedTuple, Generic[State, EffectT]):
    """One event as `history` tells it: the state before it and the step it made."""

    before: State
    event: dict[str, object]
    step: Step[State, EffectT]


# --- the rules, as the engine uses them -------------------------------------------------


def start(rules: Rules[SetupT, State, ActionT, EffectT], table: Mapping[str, object]) -> State:
    """The state before any event, from a ``[setup]`` table (its bot seats are the
    engine's, :mod:`referee.bots.seats`: the rules never see them)."""
    return rules.start(rules.read_setup(game_setup(table)))


def step(rules: Rules[SetupT, State, ActionT, EffectT], state: State, event: Mapping[str, object]) -> Step[State, EffectT]:
    """Apply one recorded event: decode it into the game's action (without a bot's mark,
    :mod:`referee.bots.seats`), apply that."""
    return rules.apply(state, rules.decode(state, unmarked(event)))


def replay(rules: Rules[SetupT, State, ActionT, EffectT], setup: Mapping[str, object], events: Sequence[Mapping[str, object]]) -> State:
    """Run the events through the rules; an error names the event's number."""
    state = start(rules, setup)
    for _event, done in _steps(rules, state, events):
        state = done.state
    return state


def steps(
    rules: Rules[SetupT, State, ActionT, EffectT], setup: Mapping[str, object], events: Sequence[Mapping[str, object]]
) -> Iterator[tuple[Mapping[str, object], Step[State, EffectT]]]:
    """Every event with the step it makes (the state after it and its effect), in order.
    An error names the event's number."""
    return _steps(rules, start(rules, setup), events)


def _steps(
    rules: Rules[SetupT, State, ActionT, EffectT], state: State, events: Sequence[Mapping[str, object]]
) -> Iterator[tuple[Mapping[str, object], Step[State, EffectT]]]:
    for index, event in enumerate(events):
        try:
            done = step(rules, state, event)
        except RefereeError as error:
            raise prefixed(error, f"event {index + 1} ({kind_of(event)}): ") from None
        yield event, done
        state = done.state


# --- reading ----------------------------------------------------------------------------


def load(path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT], data: bytes | None = None) -> Saved[State]:
    """Read and replay a save file. Every problem raises ``SaveFileError`` (exit 2).
    ``data``: the file's bytes, when the caller has read them already (`referee stats`)."""
    path = Path(path)
    return _parse(path, _read(path, rules) if data is None else data, rules)


def load_held(path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT], held: Held[State]) -> Saved[State]:
    """Read the file once, and replay only what changed since ``held``'s reading
    (:mod:`.held`): the same bytes give the same ``Saved``; a file whose setup and first
    N events are those held steps only the events after them; any other is replayed
    whole. ``held`` then holds this reading. Problems raise as :func:`load`'s do, and
    leave ``held`` as it was."""
    path = Path(path)
    stamp = stamp_of(path)  # before reading: a change made meanwhile is seen at the next look
    data = _read(path, rules)
    saved = _parse(path, data, rules, since=held.last)
    held.keep(data, stamp, saved)
    return saved


Told_ = TypeVar("Told_")


def history(
    path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT], tell: Callable[[Told[State, EffectT]], Told_]
) -> tuple[Saved[State], list[Told_]]:
    """Read and replay a save file once; ``tell`` is given each event with the state before
    it and the step it made, at once, and what it returns is kept: what `history` tells.
    (Only that is kept, not every state, so a long match takes memory and time linear in
    its length.) Problems raise as :func:`load`'s do."""
    path = Path(path)
    told: list[Told_] = []
    saved = _parse(path, _read(path, rules), rules, lambda t: told.append(tell(t)))
    return saved, told


def _read(path: Path, rules: Rules[SetupT, State, ActionT, EffectT]) -> bytes:
    """The file's bytes, or a ``SaveFileError`` saying why not (and how to start one)."""
    from referee.files import regular_file

    try:
        regular_file(path, "save file")
        return path.read_bytes()
    except FileNotFoundError:
        raise SaveFileError(_("no such file: {path}; start one with `{command} new {path} …`").format(path=path, command=rules.command)) from None
    except InputError as error:
        raise SaveFileError(str(error)) from None
    except OSError as error:
        raise SaveFileError(_("cannot read {path}: {reason}").format(path=path, reason=error.strerror)) from None


def _parse(
    path: Path,
    data: bytes,
    rules: Rules[SetupT, State, ActionT, EffectT],
    tell: Callable[[Told[State, EffectT]], object] | None = None,
    since: Reading[State] | None = None,
) -> Saved[State]:
    """The file ``data`` read and replayed; from ``since`` (an earlier reading of the same
    file, :mod:`.held`) only what changed, when nothing is told."""
    if since is not None and tell is None and since.data == data and since.saved.path == path:
        return since.saved
    document = read_document(path, data, rules)
    held = since.saved if since is not None and tell is None and since.saved.path == path else None
    if held is not None and document.setup == held.setup and document.events[: len(held.events)] == held.events:
        return _replayed(path, document, document.events, rules, start_from=held)
    return _replayed(path, document, document.events, rules, tell)


def _replayed(
    path: Path,
    document: Document,
    events: Sequence[object],
    rules: Rules[SetupT, State, ActionT, EffectT],
    tell: Callable[[Told[State, EffectT]], object] | None = None,
    start_from: Saved[State] | None = None,
) -> Saved[State]:
    """Replay ``events`` (the document's, or a changed list) through the rules; a bad
    one is reported with its line. Each step is given to ``tell``, if given.
    ``start_from``: a reading of the same setup whose events are the first of ``events``
    (:mod:`.held`): only the events after them are stepped, from its state."""
    damaged = Damage(path)
    lines, setup = document.lines, document.setup
    replayed: list[dict[str, object]] = []
    previous: State | None = None
    if start_from is not None:
        state, replayed, previous = start_from.state, list(start_from.events), start_from.previous
    else:
        try:
            state = start(rules, rules_setup(path, setup))
        except SaveFileError:
            raise
        except RefereeError as error:
            raise damaged(lines.header("setup"), _("has a bad [setup]: {error}").format(error=error)) from None
        if BOTS in setup:
            from referee.bots.seats import bot_seats

            try:
                bot_seats(setup, rules.seats(state))
            except RefereeError as error:
                raise damaged(lines.header("setup"), _("has a bad [setup]: {error}").format(error=error)) from None
    stepped = len(replayed)  # the events stepped already (``start_from``)
    for index, event in enumerate(events):
        if index < stepped:
            continue
        try:
            if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
                raise InputError("an event needs a `kind`")
            done = step(rules, state, event)
        except RefereeError as error:
            problem = _("cannot be replayed: event {number} ({kind}): {error}")
            raise damaged(lines.event(index), problem.format(number=index + 1, kind=kind_of(event), error=file_words(error))) from None
        replayed.append(event)
        if tell is not None:
            tell(Told(state, event, done))
        previous, state = state, done.state
    return Saved(path, setup, replayed, state, document.corrections, document.redo, document.played, previous)


def rules_setup(path: Path, table: Mapping[str, object]) -> Mapping[str, object]:
    """The ``[setup]`` table as the rules read it. A fair game's secret is not in its file
    before the reveal: it is kept beside it (:mod:`.sidecar`), read here, the one place,
    and handed to the rules in a copy of the table (``fair.kept_secret``), never written
    back. A fair file whose kept secret is missing, or is not the one its commitment is
    to (another game's, copied over), is a ``SaveFileError`` (exit 2)."""
    fair = table.get("fair")
    if not isinstance(fair, dict) or "secret" in fair:
        return table
    from referee.fair.scheme import KEPT
    from referee.savefile import sidecar

    return {**table, "fair": {**fair, KEPT: sidecar.read(path, fair.get("commitment"))}}


# --- writing ----------------------------------------------------------------------------

#: What reads as typed in any game's entry: a card of the French deck (``AH``, ``10s``) or
#: a NAME=VALUE entry. Each game adds its own words (:attr:`GameSpec.entry_words`).
_ENTRY_LIKE = r"(?:10|[2-9tjqka])[cdhs♣♦♥♠]|.*=.*"


def _entry_like(name: str) -> bool:
    """Whether ``name`` reads as part of an entry of any registered game."""
    from referee.games import entry_words

    pattern = "|".join(filter(None, [_ENTRY_LIKE, entry_words()]))
    return re.fullmatch(f"(?i:{pattern})", name) is not None


def check_new_name(path: Path, rules: Rules[SetupT, State, ActionT, EffectT]) -> None:
    """Refuse a new save file's name that is surely a slip: control characters (a pasted
    newline), a leading ``-`` (an option), or a word that reads as part of an entry of
    any registered game, as when the file name was forgotten (``referee smitten new 5L``)."""
    name = path.name
    example = f"`{rules.command} new game.toml …`"
    if not name.strip():
        raise InputError(f"the file name is empty; name the save file, e.g. {example}")
    if not name.isprintable():
        raise InputError(f"the file name {quoted(str(path))} holds control characters; choose a plain name, e.g. {example}")
    if name.startswith("-"):
        raise InputError(f"{quoted(name)} looks like an option, not a file name; name the save file first, e.g. {example}")
    if "." not in name and _entry_like(name):
        raise InputError(
            f"{quoted(name)} looks like part of an entry, not a file name; name the save file first, e.g. {example}"
        )


def create(
    path: Path | str,
    rules: Rules[SetupT, State, ActionT, EffectT],
    setup: SetupT | Mapping[str, object],
    secret: bytes | None = None,
    location: str | None = None,
    bots: Sequence[str] | Mapping[str, object] = (),
) -> Saved[State]:
    """Start a new save file from the game's setup (or its ``[setup]`` table); refuses to
    overwrite an existing one, a name that is surely a slip (:func:`check_new_name`), or
    a player's name too long to show (:func:`referee.players.check_new_names`). The file
    records when it was started, and ``location``, where (:mod:`.played`).

    ``secret``: a fair game's (:mod:`referee.fair.scheme`), kept beside the file, never in it.
    ``bots``: the seats the referee plays, as typed after ``--bot`` (``SEAT[:LEVEL]``), or
    a rematch's ready ``[setup.bots]`` table (:mod:`referee.bots.seats`); a seat or level
    that is not one is an InputError, and nothing is written."""
    path = Path(path)
    if secret is not None:
        return _create_fair(path, rules, setup, secret, location, bots)
    check_new_name(path, rules)
    table = dict(setup) if isinstance(setup, Mapping) else rules.write_setup(setup)
    players = table.get("players")
    if isinstance(players, list):
        from referee.players import check_new_names

        check_new_names([str(player) for player in players])
    state = start(rules, rules_setup(path, table))
    if bots:
        from referee.bots import seats as bot_seats

        seats = rules.seats(state)
        bot_seats.check_dealt(rules.format, state)
        table[BOTS] = dict(bots) if isinstance(bots, Mapping) else bot_seats.new_table(bot_seats.levels_of(bots, seats), seats)
        bot_seats.bot_seats(table, seats)  # a rematch's table is checked as a loaded one
    played = WhenPlayed.begun(location)
    create_file(path, dumps(rules, table, [], played=played).encode())
    recorded_in(path)
    return Saved(path, table, [], state, played=played)


def _create_fair(
    path: Path,
    rules: Rules[SetupT, State, ActionT, EffectT],
    setup: SetupT | Mapping[str, object],
    secret: bytes,
    location: str | None,
    bots: Sequence[str] | Mapping[str, object] = (),
) -> Saved[State]:
    """:func:`create` for a fair game: the secret is kept first, and removed again when the
    save file cannot be made (an existing file, a bad name)."""
    from referee.savefile import sidecar

    if path.exists() or path.is_symlink():
        raise InputError(_("{path} already exists; choose another file name, or delete it first").format(path=path))
    check_new_name(path, rules)
    sidecar.keep(path, secret)
    try:
        return create(path, rules, setup, location=location, bots=bots)
    except BaseException:
        sidecar.remove(path)
        raise


def record(
    path: Path | str,
    rules: Rules[SetupT, State, ActionT, EffectT],
    action: ActionT | Mapping[str, object] | Callable[[State], ActionT | Mapping[str, object]],
    bot: str | None = None,
    held: Held[State] | None = None,
) -> Recorded[State, ActionT, EffectT]:
    """Record one action, after the rules have accepted it.

    ``bot``: the action is a bot's, playing at this level; the event written is marked
    so (:data:`referee.bots.seats.MARK`), and read as any other.

    ``action`` is the game's action, or an event as the file holds it (a mapping, decoded
    first), or a function of the current state that returns either (for example to
    resolve the names typed against the players in the file), so the file is read once.
    ``held``: what this process holds of the file (:mod:`.held`): the file is read under
    the lock as always, but only what changed since is replayed, and ``held`` then holds
    what was written.
    """

    def append(saved: Saved[State]) -> tuple[Saved[State], Recorded[State, ActionT, EffectT]]:
        given = action(saved.state) if callable(action) else action
        chosen: ActionT = rules.decode(saved.state, given) if isinstance(given, Mapping) else given
        done = rules.apply(saved.state, chosen)
        event = rules.encode(saved.state, chosen)
        if bot is not None:
            event = {**event, MARK: bot}
        after = _stamped(rules, Saved(saved.path, saved.setup, [*saved.events, event], done.state, saved.corrections, played=saved.played, previous=saved.state))
        ended = _revealed_at_end(rules, after)
        return ended, Recorded(ended, saved.state, chosen, event, done.effect, ended is not after)

    recorded = _change(path, rules, append, held)
    recorded_in(recorded.saved.path)
    return recorded


def rewrite(
    path: Path | str,
    rules: Rules[SetupT, State, ActionT, EffectT],
    change: Callable[[list[dict[str, object]], State], list[dict[str, object]]],
) -> Rewritten[State]:
    """Replace the event list (an edit) and replay all of it through the rules.

    ``change(events, state)`` gets the current events and the state they replay to, and
    returns the new list. An error in event N of the new list is raised with its number,
    and nothing is written. The file keeps a :class:`Correction`, so that ``undo`` takes
    the edit back; an edit that changes nothing writes nothing.
    """

    def replay_changed(saved: Saved[State]) -> tuple[Saved[State], Rewritten[State]]:
        events = change(list(saved.events), saved.state)
        if _words_of(saved.events) != _words_of(events):
            raise RuleError(_("{path}: an edit cannot change a word of entropy; a word once given stays as it was given").format(path=path))
        state = replay(rules, rules_setup(saved.path, saved.setup), events)
        if events == saved.events:
            return saved, Rewritten(saved, saved.state)
        corrections = (*saved.corrections, Correction.between(saved.events, events))
        new = _revealed_at_end(rules, _stamped(rules, Saved(saved.path, saved.setup, events, state, corrections, played=saved.played)))
        return new, Rewritten(new, saved.state)

    return _change(path, rules, replay_changed)


def undo(path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT], only: Mapping[str, object] | None = None) -> Undone[State]:
    """Take back the last thing recorded: the last event, or an edit made after it.
    ``only``: take back this event only, if it is still the last thing recorded (a seat's
    take-back: an entry made meanwhile by anyone is never undone instead).

    The file is then exactly as it was before that entry, but for a fair game's word of
    entropy: it stays on the record (:func:`_word_kept_on_record`), and once every word
    is in it cannot be taken back at all. The last event is not replayed first, so undo
    also removes a bad last event (one added by hand, say) that keeps the file from
    loading.
    """
    path = Path(path)
    with locked(path, rules.command) as handle:
        data = read_all(handle)
        document = read_document(path, data, rules)
        events, corrections = document.events, document.corrections
        last = corrections[-1] if corrections else None
        if only is not None and (not events or dict(events[-1]) != dict(only) or (last is not None and last.events == len(events))):
            raise RuleError(_("{path} has moved on since: nothing was taken back").format(path=path))
        if last is not None and last.events == len(events):
            before = last.undone(events)
            taken = Taken(len(before), edit=last, edited=tuple(events[last.at : last.at + last.added]))
            kept = document._replace(corrections=corrections[:-1], redo=(*document.redo, taken))
            saved = _stamped(rules, _replayed(path, kept, before, rules))
            undone = Undone(saved, None, last)
        elif events:
            setup = _word_kept_on_record(path, rules, document.setup, events)
            kept = document._replace(setup=setup, redo=(*document.redo, Taken(len(events) - 1, event=events[-1])))
            saved = _stamped(rules, _replayed(path, kept, events[:-1], rules))
            undone = Undone(saved, events[-1], None)
        else:
            raise RuleError(_("{path} has no events to undo").format(path=path))  # the state says no: exit 1
        replace_file(path, _text(rules, saved).encode())
    return undone


def redo(path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT]) -> Redone[State]:
    """Put back what the last ``undo`` took back (an event, or an edit), while no entry
    has been made since; after it the file is exactly what it was before that undo."""
    path = Path(path)
    with locked(path, rules.command) as handle:
        document = read_document(path, read_all(handle), rules)
        events, taken = document.events, document.redo
        if not taken or taken[-1].events != len(events):
            raise RuleError(_("{path}: nothing to redo; redo puts back what undo took back, until a new entry is made").format(path=path))
        last = taken[-1]
        if last.edit is not None:
            edit = last.edit
            again = [*events[: edit.at], *last.edited, *events[edit.at + len(edit.replaced) :]]
            kept = document._replace(corrections=(*document.corrections, edit), redo=taken[:-1])
            redone = Redone(_stamped(rules, _replayed(path, kept, again, rules)), None, edit)
        else:
            assert last.event is not None
            kept = document._replace(redo=taken[:-1])
            redone = Redone(_stamped(rules, _replayed(path, kept, [*events, last.event], rules)), last.event, None)
        replace_file(path, _text(rules, redone.saved).encode())
    return redone


def _words_of(events: list[dict[str, object]]) -> list[dict[str, object]]:
    """The words of entropy among ``events`` (:mod:`referee.fair`), as recorded."""
    from referee.fair.rules import KIND

    return [event for event in events if isinstance(event, dict) and event.get("kind") == KIND]


def _word_kept_on_record(path: Path, rules: Rules[SetupT, State, ActionT, EffectT], setup: dict[str, object], events: list[dict[str, object]]) -> dict[str, object]:
    """The ``[setup]`` after an undo of ``events[-1]``. When that is a word of entropy
    of a fair game: once every word is in (the cards are dealt) it is refused, the words
    are fixed for good (``RuleError``, exit 1, nothing written); before that the word
    stays on the record, in ``[setup.fair] withdrawn``, for the table to see (`show`,
    `history`, `verify`, the screens), so nobody can try another word unseen."""
    fair = setup.get("fair")
    last = events[-1]
    if not isinstance(fair, dict) or not _words_of([last]):
        return setup
    from referee.fair.rules import FairRules
    from referee.fair.scheme import WITHDRAWN

    record = rules.fair_record(start(rules, rules_setup(path, setup))) if isinstance(rules, FairRules) else None
    if record is not None and len(_words_of(events)) >= record.seats:
        raise RuleError(
            _("{path}: every word of entropy is in and the cards are dealt, so the words are fixed for good; "
              "an undo cannot take one back (to deal again, start a new fair game)").format(path=path)
        )  # fmt: skip
    withdrawn = [*fair.get(WITHDRAWN, []), {"player": str(last.get("player")), "word": str(last.get("word"))}]
    return {**setup, "fair": {**fair, WITHDRAWN: withdrawn}}


def _text(rules: Rules[SetupT, State, ActionT, EffectT], saved: Saved[State]) -> str:
    return dumps(rules, saved.setup, saved.events, saved.corrections, saved.redo, saved.played)


def _stamped(rules: Rules[SetupT, State, ActionT, EffectT], saved: Saved[State]) -> Saved[State]:
    """The file with ``[played]`` as it should read now: ``ended`` written by the entry
    that reaches the outcome, and taken away by the undo of that entry."""
    played = saved.played.at_outcome(rules.outcome(saved.state) is not None)
    return saved if played is saved.played else replace(saved, played=played)


Report = TypeVar("Report")


def _change(
    path: Path | str,
    rules: Rules[SetupT, State, ActionT, EffectT],
    change: Callable[[Saved[State]], tuple[Saved[State], Report]],
    held: Held[State] | None = None,
) -> Report:
    """Under the lock: read and replay the file, let ``change`` give the new content and
    a report of it, write the content, return the report. ``held`` (:mod:`.held`): only
    what changed since its reading is replayed, and it holds what was written after
    (nothing, when the setup changed: the next reading replays it whole)."""
    path = Path(path)
    with locked(path, rules.command) as handle:
        data = read_all(handle)
        current = _parse(path, data, rules, since=None if held is None else held.last)
        new, report = change(current)
        text = updated_text(rules, data.decode("utf-8"), current, new).encode()
        written = replace_file(path, text)
        if held is not None and new.setup is current.setup:
            held.keep(text, stamp_from(written), replace(new, events=as_read(new.events, current.events)))
        elif held is not None:
            held.forget()
        if _unrevealed(current.setup) and not _unrevealed(new.setup):
            from referee.savefile import sidecar

            sidecar.remove(path)  # the file holds the secret now
    return report


# --- a fair game's reveal ---------------------------------------------------------------


def _unrevealed(setup: Mapping[str, object]) -> bool:
    fair = setup.get("fair")
    return isinstance(fair, dict) and "secret" not in fair


def _revealed_setup(rules: Rules[SetupT, State, ActionT, EffectT], saved: Saved[State]) -> tuple[dict[str, object], tuple[tuple[int, str], ...], bool]:
    """The ``[setup]`` with the secret written in (:meth:`referee.fair.scheme.Fair.reveal`): the
    secret, the number of events it was revealed after, the deals made by then and the
    words given by then."""
    from referee.fair.rules import FairRules

    record = rules.fair_record(saved.state) if isinstance(rules, FairRules) else None
    if record is None or not isinstance(rules, FairRules):
        raise InputError(_("{path} is not a fair game: only a game started with `new … --fair` has a secret to reveal").format(path=saved.path))
    deals = tuple(enumerate(rules.deal_seeds(saved.state)))
    revealed = record.reveal(len(saved.events), deals)
    return {**saved.setup, "fair": revealed.to_toml()}, deals, record.complete


def _revealed_at_end(rules: Rules[SetupT, State, ActionT, EffectT], saved: Saved[State]) -> Saved[State]:
    """A fair game that has just ended reveals its secret in the same write."""
    if not _unrevealed(saved.setup) or rules.outcome(saved.state) is None:
        return saved
    setup, _deals, _complete = _revealed_setup(rules, saved)
    return replace(saved, setup=setup)


def reveal_secret(path: Path | str, rules: Rules[SetupT, State, ActionT, EffectT]) -> Revealed[State]:
    """Write a fair game's secret into its file (with the deals made so far and the
    number of events), and remove the kept secret: from now on anyone can check the
    game, and anyone can foresee what is still to be dealt. A game that is not fair
    cannot be revealed (exit 2); one already revealed is refused by the rules of the
    scheme (exit 1)."""

    def revealed(saved: Saved[State]) -> tuple[Saved[State], Revealed[State]]:
        fair = saved.setup.get("fair")
        if not isinstance(fair, dict):
            raise InputError(_("{path} is not a fair game: only a game started with `new … --fair` has a secret to reveal").format(path=path))
        if "secret" in fair:
            raise RuleError(_("{path}: the secret was revealed already; `referee verify {path}` checks the game").format(path=path))
        setup, deals, complete = _revealed_setup(rules, saved)
        new = Saved(saved.path, setup, saved.events, saved.state, saved.corrections, saved.redo, saved.played)
        return new, Revealed(new, deals, complete)

    return _change(path, rules, revealed)
