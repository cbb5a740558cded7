"""Shell completion (bash, zsh, fish): what a word on the command line can be.

Click answers a completion request when ``_REFEREE_COMPLETE`` is set (the scripts
`referee --show-completion` prints set it); the groups, commands and options come from
the same lazily built groups as an ordinary command line. This module adds the words
only the save files know: a game's save files (``*.toml`` in the folder whose
``format`` is the group's game), the players named in the FILE already on the line
(matched ignoring case and accents), and for any other argument of a command that takes
a FILE, what the game's table hooks offer (:func:`hook_entries`: the cards the next
player may play, in the chosen language's letters; the moves the rules allow), the same
words table mode completes.
Nothing here runs for an ordinary command; the functions are called only to complete.
They are Typer ``autocompletion`` callbacks (Typer finds ``ctx`` and ``incomplete`` by
name).
"""

from __future__ import annotations

import os
from pathlib import Path

# Context and Parameter at run time: Typer reads the annotations of its callbacks.
from referee.cli.typer_internals import Context, Parameter, PlainCommand


def _setup(path: Path) -> dict[str, object]:
    """A save file's top-level table, or an empty one if it cannot be read."""
    import tomllib

    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except (OSError, ValueError):
        return {}


def _game_format(ctx: Context) -> str | None:
    """The save-file format of the game whose group this command belongs to."""
    from referee import games

    context: Context | None = ctx
    while context is not None:
        spec = games._named(context.info_name or "")
        if spec is not None:
            return spec.format
        context = context.parent
    return None


def game_files(ctx: Context, incomplete: str) -> list[str]:
    """The group's game's save files in the folder being typed, and the folders."""
    from referee.savefile.which import file_format

    wanted = _game_format(ctx)
    folder, _sep, start = incomplete.rpartition(os.sep)
    base = Path(folder or ".")
    prefix = f"{folder}{os.sep}" if folder or incomplete.startswith(os.sep) else ""
    try:
        entries = sorted(base.iterdir())
    except OSError:
        return []
    items: list[str] = []
    for entry in entries:
        if not entry.name.startswith(start) or entry.name.startswith(".") and not start.startswith("."):
            continue
        if entry.is_dir():
            items.append(f"{prefix}{entry.name}{os.sep}")
        elif entry.suffix == ".toml" and (wanted is None or file_format(entry) == wanted):
            items.append(f"{prefix}{entry.name}")
    return items


def _line() -> list[str]:
    """The words of the line being completed, as the shell passed them."""
    import shlex

    line = os.environ.get("_TYPER_COMPLETE_ARGS") or os.environ.get("COMP_WORDS", "")
    try:
        return shlex.split(line)
    except ValueError:
        return line.split()


def _typed_file() -> Path | None:
    """The first existing ``*.toml`` file on the line being completed. Click parses the
    options before the arguments, so an option still waiting for its value (`--ace `)
    leaves FILE unparsed; the shell's words still hold it (Typer's completion scripts
    pass them in ``COMP_WORDS`` for bash, ``_TYPER_COMPLETE_ARGS`` for zsh and fish)."""
    return next((Path(word) for word in _line() if word.endswith(".toml") and Path(word).is_file()), None)


def _players(ctx: Context) -> list[str]:
    file = ctx.params.get("file") or _typed_file()
    if file is None:
        return []
    setup = _setup(Path(file)).get("setup", {})
    players = setup.get("players", []) if isinstance(setup, dict) else []
    return [str(name) for name in players] if isinstance(players, list) else []


def player_names(ctx: Context, incomplete: str) -> list[str]:
    """The players named in the FILE already on the command line that start with what
    is typed."""
    from referee.players import starting

    return starting(_players(ctx), incomplete)


def player_entries(ctx: Context, incomplete: str) -> list[str]:
    """``NAME=`` for each player of the FILE on the line not entered yet (the ENTRIES
    argument: NAME=COUNT or NAME=HEARTS)."""
    if "=" in incomplete:
        return []
    from referee.players import starting
    from referee.table.hooks import names

    return starting(names(_players(ctx), [str(word) for word in ctx.params.get("entries") or ()], suffix="="), incomplete)


def hook_entries(ctx: Context, param: Parameter | None, incomplete: str) -> list[str]:
    """What the game's table hooks offer for this argument of a command on the FILE on
    the line (the command's other names resolved: `slag` is `trick`), given the words
    typed after the file; nothing when the file cannot be read."""
    from referee import games, savefile
    from referee.cli.groups import fresh_group
    from referee.errors import RefereeError
    from referee.savefile.which import file_format
    from referee.table.hooks import command_name

    file = ctx.params.get("file") or _typed_file()
    spec = None if file is None else games.by_format(file_format(Path(file)) or "")
    hooks = None if spec is None else spec.load_table()
    if file is None or spec is None or hooks is None:
        return []
    words = _line()
    at = next((index for index, word in enumerate(words) if Path(word) == Path(file)), len(words))
    after = words[at + 1 :]
    if incomplete and after and after[-1] == incomplete:
        after = after[:-1]
    command = command_name(fresh_group(spec.group), ctx.command)  # the whole group: `slag` is `trick`
    try:
        offered = hooks.complete(savefile.load(Path(file), spec.load_rules()).state, command, after)
    except RefereeError:
        return []
    except Exception:  # noqa: BLE001 - a completion never ends in a traceback in the shell
        return []
    from referee.players import starting

    return starting([str(word) for word in offered], incomplete)


def hand_cards(ctx: Context, incomplete: str) -> list[str]:
    """An option's value that the game's table hooks offer (`pick --discard`: the cards
    of the hand left to discard), as for an argument (:func:`hook_entries`)."""
    return hook_entries(ctx, None, incomplete)


def show_completion(ctx: Context, param: Parameter, value: str | None) -> None:
    """`--show-completion [SHELL]`: print the completion script for the shell named, or
    for the shell running referee, and stop."""
    if value is None or ctx.resilient_parsing:
        return
    from referee.cli.typer_internals import completion_script

    print(completion_script(ctx.find_root().info_name or "referee", value or None))
    ctx.exit(0)


def install_completion(ctx: Context, param: Parameter, value: str | None) -> None:
    """`--install-completion [SHELL]`: install the completion script in the shell's
    start-up files (for the shell named, or the shell running referee), and stop."""
    if value is None or ctx.resilient_parsing:
        return
    from referee.cli.typer_internals import install_completion_script

    shell, path = install_completion_script(value or None)
    from referee.i18n import _

    from referee.cli.output import write_shown

    write_shown(_("{shell} completion installed in {path}").format(shell=shell, path=path) + "\n")
    write_shown(_("Completion will take effect once you restart the terminal") + "\n")
    ctx.exit(0)


def _after_file(ctx: Context, param: Parameter, incomplete: str) -> list[str]:
    """Shell completion of an argument after a game's FILE: the game's table hooks."""
    return hook_entries(ctx, param, incomplete)


PlainCommand.after_file = _after_file  # read from the class: a plain function
