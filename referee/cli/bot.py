"""`referee bot FILE`: the referee makes every bot decision due, and the same after a
one-shot command's entry (:func:`after_entries`, called by the command line's one error
path, :func:`referee.cli.group.run`, so table mode has it too).

Each decision is printed in the game's voice, "Daan (bot): …"; then what the game waits
for now (a person's decision), or how it ended.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.cli.arguments import FileArgument, JsonOption
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.bots.runner import Played
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


def after_entries(written: list[Path]) -> None:
    """After a command made an entry in a file (``written``, from
    :func:`referee.savefile.watching`) of a game with bot seats: the bots' decisions due,
    printed as `referee bot` prints them. Nothing when the file has no bot seat."""
    from referee.bots.seats import KEY
    from referee.savefile.which import game_of

    for path in dict.fromkeys(written):
        if f"[setup.{KEY}]".encode() not in _text_of(path):
            continue  # the quick test: no bot table, no bot (most files)
        spec = game_of(path)
        from referee.bots.runner import play_due

        if play_due(path, spec, lambda done: _print_played(done, spec)):
            _print_waiting(path, spec)


def _text_of(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _seat_name(spec: SomeSpec, done: Played) -> str:
    rules = spec.load().rules
    return rules.seats(done.recorded.state)[done.seat]


def bot_name(name: str) -> str:
    """A bot seat's name as every screen shows it: "Daan (bot)"."""
    return _("{name} (bot)").format(name=name)


def _print_played(done: Played, spec: SomeSpec) -> None:
    from rich.text import Text

    from referee.cli.output import console

    console().print(Text(_("{seat}: {move}").format(seat=bot_name(_seat_name(spec, done)), move=done.line)))


def _print_waiting(file: Path, spec: SomeSpec) -> None:
    """What the game waits for now, or how it ended."""
    from rich.text import Text

    from referee import savefile
    from referee.cli.output import console

    box = spec.load()
    state = savefile.load(file, box.rules).state
    outcome = box.rules.outcome(state)
    line = box.voice.outcome(state, outcome) if outcome is not None else box.voice.situation(state)
    if line:
        console().print(Text(line, style="bold"))


def _document(file: Path, spec: SomeSpec, played: list[Played]) -> dict[str, object]:
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
