"""`referee table FILE`: one session open all evening on a game file.

The entries are the game's own commands without `referee GROUP` and without the file
(`trick 2S KS AS 4D`), answered by the game's command group in-process
(:mod:`referee.table.session`), run by :func:`referee.cli.run_line` in the language the
command line chose. prompt_toolkit is imported only when a session opens on a terminal:
every other command starts as before.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from referee.i18n import N_
from referee.i18n import _

if TYPE_CHECKING:
    from referee.games import SomeSpec
    from referee.table.session import Table

#: `table` passes options such as `--target 50` on to the game's `new`.
CONTEXT = {"help_option_names": ["-h", "--help"], "ignore_unknown_options": True}


class SessionLine:
    """The command line as a session runs it (:class:`referee.table.session.CommandLine`):
    the game's group built for the session, its FILE arguments hidden from help; usage
    shown and errors pointing at the session's own words (``help trick``, no
    ``referee smoor``); the language the command line chose kept."""

    def __init__(self, spec: SomeSpec) -> None:
        from typer.core import TyperArgument

        from referee.cli.groups import fresh_group
        from referee.cli.typer_internals import localize
        from referee.table.session import GAME_FORMS

        self.group = fresh_group(spec.group)
        self.group.name = ""  # usage reads `trick [OPTIONS] CARDS...`, as typed here
        for name, command in self.group.commands.items():
            files = [param for param in command.params if isinstance(param, TyperArgument) and param.name == "file"]
            for param in files:
                param.hidden = True
            # the session gives the file: help's examples read as typed here (`round Anna=3`)
            setattr(command, "file_in_session", bool(files) or name in GAME_FORMS)  # the session's mark, read by localize()
            localize(command)  # the session's `help` lists them in its language

    def run(self, argv: list[str]) -> int:
        from referee.cli.groups import run_line

        return run_line(argv, self.group, prog_name="", keep_language=True, see_help=lambda path: f"help {path}".strip())

    def fail(self, message: str, code: int) -> int:
        from referee.cli.group import fail

        return fail(message, code, False)

    def write(self, text: str, stream: TextIO | None = None) -> None:
        from referee.cli.output import write_shown

        write_shown(text, stream)


def open_session(path: Path, spec: SomeSpec | None = None) -> Table:
    """A session on the game file ``path`` (its game read from the file when not given)."""
    from referee.savefile.which import game_of
    from referee.table.session import Table

    found = game_of(path) if spec is None else spec
    return Table(path, found, SessionLine(found))


def table(
    arguments: Annotated[
        list[str],
        typer.Argument(metavar="FILE", help=N_("The game file to open; or `new GAME FILE …`, the game's `new` arguments, to start one and open it."), show_default=False),  # fmt: skip
    ],
) -> None:
    """Keep one session open on a game file all evening: `referee table FILE`, or
    `referee table new GAME FILE …` to start one.

    Type the game's commands without `referee GROUP` and without the file (`trick 2S KS
    AS 4D`, `undo`, `show`, `help`, `clear`, `quit`); each entry is answered and saved
    exactly as the one-shot command. Completion, history per file, Ctrl-R search and a
    status line on a terminal; entries on stdin without one (the exit code is then 2 if
    an entry could not be used, else 1 if the rules refused one). `table new … --json`
    starts the file and prints its one JSON object, without a session."""
    from referee import games
    from referee.errors import InputError
    from referee.table import session

    if arguments[0] == "new":
        if len(arguments) < 3:
            raise InputError(_("write `referee table new GAME FILE …`, e.g. table new smoor night.toml Anna Bram Cees"))
        spec = games.game(arguments[1])
        from referee.cli.groups import run_line

        code = run_line(["new", *arguments[2:]], spec.group, keep_language=True)
        if code or "--json" in arguments:
            raise typer.Exit(code)
        path = Path(arguments[2])
    elif len(arguments) == 1:
        path = Path(arguments[0])
        spec = None
    else:
        message = _("name one game file, e.g. `referee table night.toml` (got {count} arguments)")
        raise InputError(message.format(count=len(arguments)))
    opened = open_session(path, spec)
    if sys.stdin.isatty() and sys.stdout.isatty():
        raise typer.Exit(session.interactive(opened))
    raise typer.Exit(session.piped(opened, sys.stdin.readline))
