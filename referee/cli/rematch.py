"""`referee smoor|spell|smitten rematch FILE NEWFILE`: the same table again (issue 26).

One command for every game: :func:`referee.rematch.next_setup` gives the new setup, the
save-file engine writes it (``[played]`` starting now, at the same place unless
``--location`` says otherwise). It is added to each game's group by
:func:`add_rematch_command`."""

from __future__ import annotations

from pathlib import Path
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.files import FileArgument, JsonOption, LocationOption
from referee.i18n import N_

if TYPE_CHECKING:
    from referee.game import Rules

NewFileArgument = Annotated[Path, typer.Argument(help=N_("The new save file."), show_default=False)]


def rematch(game: str, rules: Rules[Any, Any, Any, Any], file: Path, new_file: Path, location: str | None, as_json: bool) -> None:
    from referee import savefile
    from referee.fair.rules import record_of
    from referee.i18n import _
    from referee.rematch import write_rematch

    saved = write_rematch(game, rules, savefile.load(file, rules), new_file, location)
    fair_game = record_of(rules, saved.state) is not None
    players = list(rules.seats(saved.state))
    if as_json:
        from referee.cli.output import emit_json

        from referee.cli.fair import public

        fair = {"fair": public(saved.state, rules)} if fair_game else {}
        emit_json({"file": str(new_file), "from": str(file), "players": players, "setup": saved.setup, **fair})
        return
    from referee.cli.fair import announce
    from referee.cli.output import Line, say

    # A fair rematch says what `new … --fair` says: the commitment, its fingerprint, and
    # that the words come in seat order (nothing when it is not fair).
    heading = _("Rematch in {file}: {players}, as in {old}").format(file=new_file, players=", ".join(players), old=file)
    say(Line(heading), *(Line(line) for line in announce(saved.state, rules, new_file)))


def add_rematch_command(app: typer.Typer, ruleset: Callable[[], Rules[Any, Any, Any, Any]], game: str) -> None:
    """Add `rematch FILE NEWFILE` to a game's group (``ruleset()`` gives its rules). The
    rules' types stay open: the new setup comes from the registry's rematch hook
    (:func:`referee.rematch.next_setup`, an ``object``), and no type ties it to them here."""

    def rematch_command(file: FileArgument, new_file: NewFileArgument, location: LocationOption = None, as_json: JsonOption = False) -> None:
        rematch(game, ruleset(), file, new_file, location, as_json)

    app.command("rematch", help=N_("Start NEWFILE: the same players, seats and variants as FILE, a fresh deal, and who begins as the rulebook passes it on."))(rematch_command)
