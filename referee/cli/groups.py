"""The command groups, by name: each game's of the registry (:mod:`referee.games`) and
the tools', imported and built on first use, and :func:`run_line`, which runs one
command line of a group as ``referee GROUP …`` would. The root command (:mod:`referee.cli`),
table mode and shell completion use them; this module imports none of those.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from referee import games
from referee.cli.group import PROGRAM, RefereeGroup
from referee.cli.typer_internals import build_group

if TYPE_CHECKING:
    from typer.core import TyperGroup


#: Command groups that are not games: the word lists.
TOOLS = {"dict": "referee.cli.dictionary"}


def groups() -> dict[str, str]:
    """The command groups and the modules that hold their Typer apps, in the order of
    --help: each game of the registry (:mod:`referee.games`), then the tools."""
    return {spec.group: spec.cli for spec in games.GAMES} | TOOLS


def aliases() -> dict[str, str]:
    """Other names of the groups (``spellcrafter`` → ``spell``), from the registry."""
    return {alias: spec.group for spec in games.GAMES for alias in spec.aliases}


@cache
def _group(name: str, only: str | None = None) -> TyperGroup:
    """Import and build one command group (a click group made by Typer).

    With ``only``, the name of the command about to run, just that command is built
    (:func:`~referee.cli.typer_internals.build_group`).
    """
    return build_group(importlib.import_module(groups()[name]).app, name, only)


def fresh_group(name: str) -> TyperGroup:
    """A command group with all its commands, built anew for the caller to keep (a table
    session adapts its own: the FILE arguments hidden from help)."""
    return build_group(importlib.import_module(groups()[name]).app, name)


def run_line(
    argv: list[str],
    group: str | TyperGroup,
    *,
    prog_name: str | None = None,
    keep_language: bool = False,
    see_help: Callable[[str], str] | None = None,
) -> int:
    """Run one command line of a command group (its name, or a group from
    :func:`fresh_group`), as ``referee GROUP ARGV…`` would, through the error path of
    every command; return its exit code. ``keep_language``: the language chosen for
    the process stays; ``see_help(path)``: where a usage error sends the reader."""
    from referee.cli.group import run

    built = _group(group) if isinstance(group, str) else group
    name = group if isinstance(group, str) else built.name
    prog = f"{PROGRAM} {name}" if prog_name is None else prog_name
    return run(built, argv, prog, None, keep_language=keep_language, see_help=see_help)


@cache
def _summary(name: str) -> RefereeGroup:
    """A group as `referee --help` lists it: its name and help, none of its commands."""
    app = importlib.import_module(groups()[name]).app
    return RefereeGroup(name=name, help=app.info.help)
