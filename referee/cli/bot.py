"""`referee bot FILE`: the referee makes every bot decision due, and the same after a
one-shot command's entry (:func:`referee.cli.bot_moves.after_entries`, called by the command line's one error
path, :func:`referee.cli.group.run`, so table mode has it too).

Each decision is printed in the game's voice, "Daan (bot): …"; then what the game waits
for now (a person's decision), or how it ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.arguments import FileArgument, JsonOption
from referee.cli.bot_moves import _print_played, _print_waiting, _seat_name
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.bots.runner import BotMove
    from referee.games import SomeSpec

HELP = N_("Make every decision due of the seats the referee plays (`new … --bot SEAT`), printing each; stop at a person's decision or the end.")


def bot_command(file: FileArgument, as_json: JsonOption = False) -> None:
    from referee import savefile
    from referee.bots.runner import bots_of, play_due
    from referee.errors import InputError
    from referee.savefile.which import game_of

    spec = game_of(file)
    box = spec.load()
    if bots_of(box, savefile.load(file, box.rules)) is None:
        raise InputError(_("{file} has no bot seats; start a game with `new … --bot SEAT` to have the referee play one").format(file=file))
    played = play_due(file, spec, None if as_json else lambda done: _print_played(done, spec))
    if as_json:
        from referee.cli.output import emit_json

        emit_json(_document(file, spec, played))
        return
    if not played:
        from rich.text import Text

        from referee.cli.output import console

        console().print(Text(_("No bot decision is due.")))
    _print_waiting(file, spec)


def _document(file: Path, spec: SomeSpec, played: list[BotMove]) -> dict[str, object]:
    """`referee bot --json`: each decision made (seat, its name, level, the event, the
    voice's line), what the game waits for now and whether it is over."""
    from referee import savefile

    box = spec.load()
    state = savefile.load(file, box.rules).state
    outcome = box.rules.outcome(state)
    return {
        "file": str(file),
        "format": box.rules.format,
        "played": [
            {"seat": done.seat + 1, "player": _seat_name(spec, done), "level": done.level, "event": done.recorded.event, "summary": done.line}
            for done in played
        ],
        "situation": box.voice.situation(state) if outcome is None else "",
        "over": outcome is not None,
        "outcome": None if outcome is None else box.voice.outcome(state, outcome),
    }
