"""The ``referee`` command line: one Typer app per command group, joined here.

The groups are built only when they are used: `referee smoor round` imports and builds
the `smoor` group and nothing of the others. Rich, the word lists and the games' rules
are imported inside the commands that need them, so `referee --help` and quick entries
start about as fast as an empty Typer app.
"""

from __future__ import annotations

from difflib import get_close_matches
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee import __version__, games
from referee.cli import bot, deal, export, fair, serve, stats, table
from referee.cli.group import CONTEXT, PROGRAM, RefereeGroup, RefereeTyper
from referee.cli.groups import TOOLS as TOOLS, _group as _group, _summary as _summary, aliases as aliases
from referee.cli.groups import fresh_group as fresh_group, groups as groups, run_line as run_line
from referee.cli.typer_internals import Context, Parameter, click_exceptions  # at run time: Typer reads callbacks' annotations
from referee.i18n import N_

if TYPE_CHECKING:  # click's types as Typer ships them, for the checker only
    from typer._click.core import Command
    from typer._click.formatting import HelpFormatter

#: `referee --help`'s text; ``{games}`` are the titles of the registry's games.
_HELP = N_(
    "A referee and scorekeeper for card games at a real table: {games}. Every command takes "
    "--json; exit 0 done, 1 the rules say no, 2 the input cannot be used."
)


class RootGroup(RefereeGroup):
    """`referee`: `deal`, and the game groups, imported and built on first use."""

    _resolving = False  # True while the command line is resolved, False for help's list
    _next: str | None = None  # the word after the group's name: the command to run

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # Any: handed to Typer's constructor as given
        # The help names the registry's games as they are when the command line runs.
        super().__init__(*args, **{**kwargs, "help": _HELP.format(games=games.titles())})

    def list_commands(self, ctx: Context) -> list[str]:
        return [*super().list_commands(ctx), *groups()]

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        from referee.cli.typer_internals import paragraphs, translated
        from referee.i18n import _
        from referee.wording import listed

        titles = listed([spec.title for spec in games.GAMES], _("and"))
        self.help = paragraphs((translated(_HELP) or "").format(games=titles))
        super().format_help(ctx, formatter)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        name = aliases().get(cmd_name, cmd_name)
        if name not in groups():
            return super().get_command(ctx, cmd_name)
        return _group(name, self._next) if self._resolving else _summary(name)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        # `--show-completion` / `--install-completion` alone: for the shell running referee
        # (Typer's behaviour); followed by a shell's name: for that shell.
        for option in ("--show-completion", "--install-completion"):
            if option in args[:1] and (len(args) == 1 or args[1].startswith("-")):
                args = [option, "", *args[1:]]
        return super().parse_args(ctx, args)

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        self._resolving, self._next = True, args[1] if len(args) > 1 else None
        try:
            return super().resolve_command(ctx, args)
        except click_exceptions.UsageError as error:
            matches = get_close_matches(args[0], [*self.list_commands(ctx), *aliases()]) if args else []
            if matches and "Did you mean" not in error.message:
                error.message = f"{error.message.rstrip('.')}. Did you mean {', '.join(map(repr, matches))}?"  # click's words: the error path words them
            raise


app = RefereeTyper(
    cls=RootGroup,
    name=PROGRAM,
    no_args_is_help=True,
    add_completion=False,
    context_settings=CONTEXT,
    help=_HELP,
)


def _install_completion(ctx: Context, param: Parameter, value: str | None) -> None:
    if value is not None:
        from referee.cli.completion import install_completion

        install_completion(ctx, param, value)


def _show_completion(ctx: Context, param: Parameter, value: str | None) -> None:
    if value is not None:
        from referee.cli.completion import show_completion

        show_completion(ctx, param, value)


@app.callback(invoke_without_command=True)
def _main(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option("--version", help=N_("Print the version and exit."))] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("With --version: print it as one JSON object."))] = False,
    install_completion: Annotated[str | None, typer.Option("--install-completion", metavar="[SHELL]", is_flag=False, flag_value="", is_eager=True, expose_value=False, callback=_install_completion, help=N_("Install completion for the current shell (or bash, zsh, fish)."), show_default=False)] = None,  # fmt: skip
    show_completion: Annotated[str | None, typer.Option("--show-completion", metavar="[SHELL]", is_flag=False, flag_value="", is_eager=True, expose_value=False, callback=_show_completion, help=N_("Show completion for the current shell (or bash, zsh, fish), to copy it or customize the installation."), show_default=False)] = None,  # fmt: skip
) -> None:
    from referee.errors import InputError
    from referee.i18n import _

    if version:
        if as_json:
            from referee.cli.output import emit_json

            emit_json({"program": PROGRAM, "version": __version__})
        else:
            typer.echo(f"{PROGRAM} {__version__}")
        raise typer.Exit()
    if ctx.invoked_subcommand is None:
        raise InputError(_("name a command, or --version (see `{program} --help`)").format(program=PROGRAM))
    if as_json:
        raise InputError(_("put --json after the command: `{program} {command} … --json`").format(program=PROGRAM, command=ctx.invoked_subcommand))


app.command("deal", context_settings=CONTEXT)(deal.deal)
app.command("table", context_settings=table.CONTEXT)(table.table)
app.command("serve", context_settings=CONTEXT)(serve.serve)
app.command("entropy", context_settings=CONTEXT, help=fair.ENTROPY_HELP)(fair.entropy_command)
app.command("reveal", context_settings=CONTEXT, help=fair.REVEAL_HELP)(fair.reveal_command)
app.command("verify", context_settings=CONTEXT, help=fair.VERIFY_HELP)(fair.verify_command)
app.command("bot", context_settings=CONTEXT, help=bot.HELP)(bot.bot_command)
app.command("stats", context_settings=CONTEXT)(stats.stats)
app.command("export", context_settings=CONTEXT)(export.export_plays)


def main() -> None:
    """Entry point of the ``referee`` console script and ``python -m referee``."""
    app()
