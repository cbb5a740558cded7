"""The arguments and options every game's commands share: the save file, ``--json``,
``--location``. A module of their own, so that the commands of fair games
(:mod:`referee.cli.fair`) and the file commands (:mod:`referee.cli.files`), which add
each other's commands to a group, both take them without importing each other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.completion import game_files
from referee.i18n import N_

FileArgument = Annotated[Path, typer.Argument(help=N_("The save file."), show_default=False, autocompletion=game_files)]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of text."))]
#: `new … --location`: where the match is played, kept in the file's [played] table.
LocationOption = Annotated[str | None, typer.Option("--location", help=N_("Where the match is played (kept in the file, shown by `referee stats`)."), show_default=False)]  # fmt: skip
BotOption = Annotated[list[str] | None, typer.Option("--bot", metavar=N_("SEAT[:LEVEL]"), help=N_("The referee plays this seat (its name, or its number where seats have no names), at easy or strong (default); repeat for more."), show_default=False)]  # fmt: skip
TakeBacksOption = Annotated[bool, typer.Option("--take-backs/--no-take-backs", help=N_("Whether a player may take back their own last entry from their phone (`referee serve`), until the next entry."))]  # fmt: skip
