"""The ``referee`` command line: one Typer app per command group, joined here.

Only Typer and the group modules are imported at start-up; rich, the word lists and
the games' rules are imported inside the commands that need them, so ``referee
--help`` and quick entries start about as fast as an empty Typer app.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee import __version__
from referee.cli import deal, dictionary, smitten, smoor, spell, spell_game
from referee.cli.group import CONTEXT, PROGRAM, RefereeGroup, RefereeTyper

app = RefereeTyper(
    cls=RefereeGroup,
    name=PROGRAM,
    no_args_is_help=True,
    add_completion=False,
    context_settings=CONTEXT,
    help="A referee and scorekeeper for card games at a real table: Smitten, Spellcrafter "
    "and Smoorverliefd. Every command takes --json; exit 0 done, 1 the rules say no, 2 the "
    "input cannot be used.",
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"{PROGRAM} {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="Print the version and exit."),
    ] = False,
) -> None:
    pass


app.command("deal", context_settings=CONTEXT)(deal.deal)
spell_game.register(spell.app)
app.add_typer(smitten.app, name="smitten")
app.add_typer(spell.app, name="spell")
app.add_typer(spell.app, name="spellcrafter", hidden=True)
app.add_typer(smoor.app, name="smoor")
app.add_typer(smoor.app, name="smoorverliefd", hidden=True)
app.add_typer(dictionary.app, name="dict")


def main() -> None:
    """Entry point of the ``referee`` console script and ``python -m referee``."""
    app()
