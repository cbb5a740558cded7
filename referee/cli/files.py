"""`undo FILE`, `redo FILE` and `history FILE`, the same for every game's save file.

A game's command group calls :func:`add_file_commands` with a function that returns
its ruleset (imported lazily, so `--help` stays fast).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import typer

from referee.cli.arguments import FileArgument as FileArgument, JsonOption as JsonOption, LocationOption as LocationOption
from referee.i18n import N_, _

if TYPE_CHECKING:
    from rich.text import Text

    from referee.cli.output import Line
    from referee.game import ActionT, EffectT, Rules, SetupT, StateT, Voice
    from referee.savefile import Redone, Told, Undone



def add_file_commands(
    app: typer.Typer, ruleset: Callable[[], Rules[SetupT, StateT, ActionT, EffectT]], status: Callable[[StateT], Line] | None = None
) -> None:
    """Register `undo`, `redo` and `history` on a game's command group.

    ``status(state)``, if given, is the game's line for every screen (an output ``Line``,
    such as "Round 4 — Bram deals, Cees leads"), printed after the answer. A fair
    game's `entropy`, `reveal` and `verify` are registered here too (:mod:`.fair`).
    """
    from referee.cli.fair import add_fair_commands

    add_fair_commands(app, ruleset)

    @app.command(help=N_("Take back the last entry, an edit included (the previous version stays in FILE.bak)."))
    def undo(file: FileArgument, as_json: JsonOption = False) -> None:
        from referee import savefile

        rules = ruleset()
        voice = _voice(rules)
        undone = savefile.undo(file, rules)
        events = undone.saved.events
        if undone.correction is not None:
            restored = "; ".join(voice.event(event) for event in undone.correction.replaced)
            what = _("Undone: the edit of event {number}; it is back to {restored}").format(number=undone.correction.at + 1, restored=restored)
        else:
            what = _("Undone: event {number}, {event}").format(number=len(events) + 1, event=voice.event(undone.event or {}))
        _answer(file, "undone", undone, what, as_json, status)

    @app.command(help=N_("Put back what the last undo took back, until a new entry is made."))
    def redo(file: FileArgument, as_json: JsonOption = False) -> None:
        from referee import savefile

        rules = ruleset()
        voice = _voice(rules)
        redone = savefile.redo(file, rules)
        events = redone.saved.events
        if redone.correction is not None:
            edit = redone.correction
            now = "; ".join(voice.event(event) for event in events[edit.at : edit.at + edit.added]) or _("nothing")
            what = _("Redone: the edit of event {number}; it is {now} again").format(number=edit.at + 1, now=now)
        else:
            what = _("Redone: event {number}, {event}").format(number=len(events), event=voice.event(redone.event or {}))
        _answer(file, "redone", redone, what, as_json, status)

    @app.command(help=N_("List every recorded event, oldest first, and the edits made to them."))
    def history(file: FileArgument, as_json: JsonOption = False) -> None:
        from referee import savefile
        from referee.bots.seats import MARK

        rules = ruleset()
        voice = _voice(rules)
        # Each game says more of an event in its context, from the state before it and
        # the step it made: keys such as its section ("Round 2 — Bram deals") or a fuller
        # summary (`Voice.history_detail`). Told while replaying, so no state is kept.
        def entry(t: Told[StateT, EffectT]) -> dict[str, object]:
            detail = voice.history_detail(t.before, t.event, t.step)
            told = {"kind": t.event["kind"], "summary": voice.event(t.event), "event": t.event} | detail
            if MARK in t.event:  # a bot's decision (issue 35): said so
                told["summary"] = _("{event} (bot)").format(event=told["summary"])
            return told

        saved, told = savefile.history(file, rules, entry)
        entries = [{"number": number} | told_entry for number, told_entry in enumerate(told, start=1)]
        edits = [
            {"after_event": c.events, "first_event": c.at + 1, "events_now": c.added,
             "replaced": [voice.event(event) for event in c.replaced]}
            for c in saved.corrections
        ]  # fmt: skip
        from referee.cli.fair import public

        fair = public(saved.state, rules)
        withdrawn = [] if fair is None else fair["withdrawn"]  # words an undo took back stay on the record
        if as_json:
            from referee.cli.output import emit_json

            emit_json({"file": str(file), "format": rules.format, "events": entries, "edits": edits, **({"withdrawn": withdrawn} if fair else {})})
            return
        from rich.text import Text

        from referee.cli.output import console

        if not entries:
            console().print(Text(_("{file} holds no events yet.").format(file=file)))
        else:
            console().print(_history_table(entries, console().width), soft_wrap=True)
        for c in saved.corrections:
            was = "; ".join(voice.event(event) for event in c.replaced) or _("nothing")
            note = _("Event {number} was edited; before the edit it was: {was}").format(number=c.at + 1, was=was)
            console().print(Text(note, style="dim"))
        if withdrawn:
            from referee.fair.rules import record_of
            from referee.fair.voice import withdrawn_words

            record = record_of(rules, saved.state)  # the record the public part was read from
            console().print(Text(withdrawn_words(record.withdrawn if record is not None else ())))
        if status:
            console().print(status(saved.state).to_rich())


def _history_table(entries: list[dict[str, object]], width: int) -> Text:
    """The events as a two-column table, "#" and "Event", with a bold line where a new
    section (a round) starts: drawn as one text, line by line, in time linear in the
    number of events (a rich ``Table`` measures every cell of every row against the
    others, which took seconds for a long match). A long event wraps under its column."""
    from rich.cells import cell_len
    from rich.console import Console
    from rich.text import Text

    number_width = max(1, len(str(entries[-1]["number"])))
    indent = " " * (number_width + 4)
    room = max(10, width - len(indent) - 1)
    lines: list[Text] = []
    section = None
    measure = Console(width=room)
    for entry in entries:
        if entry.get("section", section) != section:
            section = entry["section"]
            lines.append(Text(indent) + Text(str(section), style="bold"))
        said = str(entry["summary"])
        summary = Text(said)
        wrapped = [summary] if cell_len(said) <= room else list(summary.wrap(measure, room))
        wrapped[0].rstrip()
        lines.append(Text(f" {entry['number']:<{number_width}}   ") + wrapped[0])
        for more in wrapped[1:]:
            more.rstrip()
            lines.append(Text(indent) + more)
    widest = max(line.cell_len for line in lines)
    header = Text(f" {'#':<{number_width}}   {_('Event')}")
    rule = Text(" " + "─" * max(1, min(width - 2, max(widest, header.cell_len) - 1)))
    return Text("\n").join([Text(""), header, rule, *lines, Text("")])


def _answer(
    file: Path, key: str, done: Undone[StateT] | Redone[StateT], what: str, as_json: bool, status: Callable[[StateT], Line] | None
) -> None:
    """The answer of `undo` and `redo` (``done``: the engine's ``Undone`` or ``Redone``):
    what was taken back or put back and how many events the file holds now, and the
    game's status line; or as JSON, under ``key``, the event or the edit
    (``"kind": "correction"``)."""
    saved = done.saved
    from referee.cli.fair import kept_on_record, stays_revealed

    revealed = stays_revealed(saved.setup, len(saved.events), file)  # an undo does not hide a revealed secret
    kept = kept_on_record(done.event) if key == "undone" else None  # a word taken back stays on the record
    if as_json:
        from referee.cli.output import emit_json

        if done.correction is not None:
            taken: dict[str, object] = {"kind": "correction", **done.correction.to_toml()}
        else:
            taken = done.event or {}
        emit_json({"file": str(file), key: taken, "events": len(saved.events), **({"secret_stays_revealed": True} if revealed else {})})
        return
    from referee.cli.output import Line, say
    from referee.i18n import ngettext

    count = len(saved.events)
    now = ngettext("{file} now holds {count} event.", "{file} now holds {count} events.", count).format(file=file, count=count)
    say(Line(what), Line(now), *([Line(kept)] if kept else []), *([Line(revealed)] if revealed else []), *([status(saved.state)] if status else []))


def _voice(rules: Rules[SetupT, StateT, ActionT, EffectT]) -> Voice[StateT, EffectT]:
    """The game's voice (its words), found in the registry by the save file's format."""
    from referee import games

    spec = games.by_format(rules.format)
    assert spec is not None, rules.format
    return cast("Voice[StateT, EffectT]", spec.load_voice())  # the registry's game of this format: these rules' own voice
