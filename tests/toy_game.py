"""A tiny, real game used only by the save-file tests: a tally of points per player.

Setup ``{"players": [names]}``; one kind of event, ``{kind = "score", player = NAME,
points = INT}``. The rules are pure and the state is immutable, like a real game's.
:func:`cli` builds a command group the way a game does (``command_group`` plus the
shared ``undo``/``history``), with ``new FILE NAME…`` and ``score FILE PLAYER POINTS``.
Typer is imported only inside :func:`cli`, so the writer subprocess starts quickly
(which is also why this module does not use ``from __future__ import annotations``:
Typer must see the commands' real annotations, not names it cannot resolve).
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from referee.errors import InputError, RuleError, quoted

if TYPE_CHECKING:
    import typer


@dataclass(frozen=True)
class Tally:
    """The players and their totals, in seating order."""

    players: tuple[str, ...]
    totals: tuple[int, ...]

    def total(self, player: str) -> int:
        return self.totals[self.players.index(player)]


class TallyRules:
    format = "referee/tally"
    version = 1
    command = "referee tally"

    def start(self, setup: dict[str, Any]) -> Tally:
        players = setup.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise InputError("`players` must be a list of names")
        if len(players) < 2:
            raise InputError("a tally needs at least 2 players")
        if len(set(players)) != len(players):
            raise InputError("two players have the same name")
        return Tally(tuple(players), (0,) * len(players))

    def apply(self, state: Tally, event: dict[str, Any]) -> Tally:
        kind = event.get("kind")
        if kind != "score":
            raise InputError(f"unknown event kind {quoted(str(kind))}")
        player, points = event.get("player"), event.get("points")
        if not isinstance(player, str) or player not in state.players:
            raise InputError(f"unknown player {quoted(str(player))}")
        if not isinstance(points, int) or isinstance(points, bool):
            raise InputError("`points` must be a whole number")
        if points < 0:
            raise RuleError(f"points cannot be negative ({points})")
        index = state.players.index(player)
        totals = tuple(t + points if i == index else t for i, t in enumerate(state.totals))
        return Tally(state.players, totals)

    def describe(self, event: dict[str, Any]) -> str:
        return f"{event['player']} +{event['points']}"


TALLY = TallyRules()


def score(player: str, points: int) -> dict[str, Any]:
    """One event, as the CLI and the writer record it."""
    return {"kind": "score", "player": player, "points": points}


def cli() -> "typer.Typer":
    """The `referee tally` command group, built like a real game's."""
    from pathlib import Path
    from typing import Annotated

    import typer

    from referee import savefile
    from referee.cli.files import add_file_commands
    from referee.cli.group import command_group

    app = command_group(help="Keep a tally of points (a toy game for the tests).")
    add_file_commands(app, lambda: TALLY)

    @app.command()
    def new(file: Path, players: Annotated[list[str], typer.Argument()]) -> None:
        """Start a new tally in FILE."""
        savefile.create(file, TALLY, {"players": players})
        typer.echo(f"Started {file} for {', '.join(players)}.")

    @app.command("score")
    def score_command(file: Path, player: str, points: int) -> None:
        """Record POINTS for PLAYER."""
        saved = savefile.record(file, TALLY, score(player, points))
        typer.echo(f"Recorded: {TALLY.describe(saved.events[-1])}; {player} has {saved.state.total(player)}.")

    return app
