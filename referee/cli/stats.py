"""`referee stats [FILE|FOLDER]…`: a season over every save file found (issue 26).

Reading, replaying and adding up are :mod:`referee.stats`'s; this module parses the
command line and shows the result: rich tables and two charts in the terminal (the
ratings over time and the win rates), or one JSON object with ``--json``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.i18n import N_

if TYPE_CHECKING:
    from referee.stats.season import Season

PathsArgument = Annotated[list[Path] | None, typer.Argument(help=N_("Save files and folders (searched recursively for *.toml); default: the current folder."), show_default=False)]  # fmt: skip
GameOption = Annotated[str | None, typer.Option("--game", help=N_("Only this game (smoor, spell, smitten or their full names)."), show_default=False)]  # fmt: skip
SinceOption = Annotated[str | None, typer.Option("--since", metavar="DATE", help=N_("Only matches played on or after this date (YYYY-MM-DD)."), show_default=False)]  # fmt: skip
PlayerOption = Annotated[str | None, typer.Option("--player", help=N_("Only the matches of this player, and their rows."), show_default=False)]  # fmt: skip
AliasOption = Annotated[list[str] | None, typer.Option("--alias", metavar="OLD=NEW", help=N_("One person typed two ways: count OLD as NEW (repeatable; an aliases.toml in a folder read adds more)."), show_default=False)]  # fmt: skip
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of text."))]


def since_date(text: str | None) -> datetime | None:
    """``--since 2026-01-31``: that day's start, UTC."""
    if text is None:
        return None
    from referee.errors import InputError, quoted
    from referee.i18n import _

    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise InputError(_("{date} is not a date; write it as YYYY-MM-DD, e.g. --since 2026-01-31").format(date=quoted(text))) from None
    return datetime(day.year, day.month, day.day, tzinfo=UTC)


def named_save_files(paths: list[Path] | None) -> None:
    """Each file named on the command line (a folder is searched, a file is meant) must be a
    referee save file: a device, a named pipe or a file of something else is exit 2 naming
    it, not "0 matches" (`stats /dev/null`). A missing one is the shelf's to report."""
    import os

    from referee.savefile.which import game_of

    for path in paths or []:
        if os.path.lexists(path) and not path.is_dir():
            game_of(path)


def _season(paths: list[Path] | None, game: str | None, since: str | None, aliases: list[str] | None) -> Season:
    """Read the shelf and apply the filters that choose matches (a game, a date)."""
    from referee import games
    from referee.stats.season import gather as gathered

    named_save_files(paths)

    chosen = games.game(game).name if game is not None else None
    return gathered(paths or [Path(".")], chosen, since_date(since), aliases or [])


def stats(
    paths: PathsArgument = None,
    game: GameOption = None,
    since: SinceOption = None,
    player: PlayerOption = None,
    alias: AliasOption = None,
    as_json: JsonOption = False,
) -> None:
    """Statistics over many matches: per game and per player, wins, scores, streaks, head-to-head and ratings."""
    found = _season(paths, game, since, alias)
    document = found.to_json(player)
    if as_json:
        from referee.cli.output import emit_json

        emit_json(document)
        return
    from referee.cli.stats_view import show

    show(document)
