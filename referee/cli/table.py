"""`referee table FILE`: one session open all evening on a game file.

The entries are the game's own commands without `referee GROUP` and without the file
(`trick 2S KS AS 4D`), answered by the game's command group in-process
(:mod:`referee.table.session`). prompt_toolkit is imported only here, when a session
opens on a terminal: every other command starts as before.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

#: `table` passes options such as `--target 50` on to the game's `new`.
CONTEXT = {"help_option_names": ["-h", "--help"], "ignore_unknown_options": True}


def table(
    arguments: Annotated[
        list[str],
        typer.Argument(metavar="FILE", help="The game file to open; or `new GAME FILE …`, the game's `new` arguments, to start one and open it.", show_default=False),  # fmt: skip
    ],
) -> None:
    """Keep one session open on a game file all evening: `referee table FILE`, or
    `referee table new GAME FILE …` to start one.

    Type the game's commands without `referee GROUP` and without the file (`trick 2S KS
    AS 4D`, `undo`, `show`, `help`, `quit`); each entry is answered and saved exactly as
    the one-shot command. Completion, history per file, Ctrl-R search and a status line
    on a terminal; entries on stdin without one."""
    from referee import games
    from referee.errors import InputError
    from referee.table import session

    if arguments[0] == "new":
        if len(arguments) < 3:
            raise InputError("write `referee table new GAME FILE …`, e.g. table new smoor night.toml Anna Bram Cees")
        spec = games.game(arguments[1])
        code = session.new_file(spec, arguments[2:])
        if code:
            raise typer.Exit(code)
        path = Path(arguments[2])
    elif len(arguments) == 1:
        path = Path(arguments[0])
        spec = session.game_of(path)
    else:
        raise InputError(f"name one game file, e.g. `referee table night.toml` (got {len(arguments)} arguments)")
    opened = session.Table(path, spec)
    if sys.stdin.isatty() and sys.stdout.isatty():
        raise typer.Exit(session.interactive(opened))
    raise typer.Exit(session.piped(opened, sys.stdin.readline))
