"""The bots' decisions printed as they are made: after a one-shot command's entry
(:func:`after_entries`, called by the command line's one error path,
:func:`referee.cli.group.run`, so table mode has it too) and by `referee bot`
(:mod:`referee.cli.bot`). Apart from the command so that the command line's run imports
no command's arguments.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from referee.i18n import _

if TYPE_CHECKING:
    from referee.bots.runner import BotMove
    from referee.games import SomeSpec


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


def _seat_name(spec: SomeSpec, done: BotMove) -> str:
    rules = spec.load().rules
    return rules.seats(done.recorded.state)[done.seat]


def bot_label(name: str) -> str:
    """A bot seat's name as every screen shows it: "Daan (bot)"."""
    return _("{name} (bot)").format(name=name)


def _print_played(done: BotMove, spec: SomeSpec) -> None:
    from rich.text import Text

    from referee.cli.output import console

    console().print(Text(_("{seat}: {move}").format(seat=bot_label(_seat_name(spec, done)), move=done.line)))


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
