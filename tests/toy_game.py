"""A tiny, real game for the tests of what every game shares: a tally of points per player.

The save-file engine's tests (``test_savefile.py``) play it through its command group,
and the registry's (``test_registry.py``) add its :data:`SPEC` to ``referee.games.GAMES``.

Setup ``{"players": [names]}``; one kind of event, ``{kind = "score", player = NAME,
points = INT}``. The rules are pure and the state is immutable, like a real game's.
:func:`cli` builds a command group the way a game does (``command_group`` plus the
shared ``undo``/``history``), with ``new FILE NAME…`` and ``score FILE PLAYER POINTS``.
Typer is imported only inside :func:`cli`, so the writer subprocess starts quickly
(which is also why this module does not use ``from __future__ import annotations``:
Typer must see the commands' real annotations, not names it cannot resolve).

:data:`SPEC` is its registry line: added to ``referee.games.GAMES``, it is all the
program needs to list and run `referee tally`, deal it and keep its save files.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import enum

from referee.errors import InputError, Refused, quoted
from referee.box import Box, MatchFacts
from referee.game import Decision, Form, Outcome, Refusal, Rules, Step, refuse
from referee.games import DealSpec, GameSpec
from referee.table.hooks import Hooks
from referee.web.contract import Pages

if TYPE_CHECKING:
    import typer


@dataclass(frozen=True)
class Score:
    """The one action: a player scores points."""

    player: str
    points: int


@dataclass(frozen=True)
class Scored:
    """The effect of a score: the player's new total."""

    player: str
    total: int


@dataclass(frozen=True)
class Tally:
    """The players and their totals, in seating order."""

    players: tuple[str, ...]
    totals: tuple[int, ...]

    def total(self, player: str) -> int:
        return self.totals[self.players.index(player)]


class Rule(enum.Enum):
    """The tally's one rule: points are never negative."""

    NEGATIVE = "points cannot be negative"


class TallyRules:
    format = "referee/tally"
    version = 1
    command = "referee tally"

    def read_setup(self, table: Mapping[str, Any]) -> tuple[str, ...]:
        players = table.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
            raise InputError("`players` must be a list of names")
        if len(players) < 2:
            raise InputError("a tally needs at least 2 players")
        if len(set(players)) != len(players):
            raise InputError("two players have the same name")
        return tuple(players)

    def write_setup(self, setup: tuple[str, ...]) -> dict[str, Any]:
        return {"players": list(setup)}

    def start(self, setup: tuple[str, ...]) -> Tally:
        return Tally(setup, (0,) * len(setup))

    def decode(self, state: Tally, event: Mapping[str, Any]) -> Score:
        kind = event.get("kind")
        if kind != "score":
            raise InputError(f"unknown event kind {quoted(str(kind))}")
        player, points = event.get("player"), event.get("points")
        if not isinstance(player, str) or player not in state.players:
            raise InputError(f"unknown player {quoted(str(player))}")
        if not isinstance(points, int) or isinstance(points, bool):
            raise InputError("`points` must be a whole number")
        return Score(player, points)

    def encode(self, state: Tally, action: Score) -> dict[str, Any]:
        return {"kind": "score", "player": action.player, "points": action.points}

    def refusal(self, state: Tally, action: Score) -> Refusal | None:
        if action.points < 0:
            return refuse(Rule.NEGATIVE, points=action.points)
        return None

    def apply(self, state: Tally, action: Score) -> Step[Tally, Scored]:
        refusal = self.refusal(state, action)
        if refusal is not None:
            raise Refused(refusal, self.format, state)
        index = state.players.index(action.player)
        totals = tuple(t + action.points if i == index else t for i, t in enumerate(state.totals))
        return Step(Tally(state.players, totals), Scored(action.player, totals[index]))

    def legal_actions(self, state: Tally) -> Iterator[Score]:
        """A point for anyone (any number of points may be scored: the smallest)."""
        return (Score(player, 1) for player in state.players)

    def outcome(self, state: Tally) -> Outcome | None:
        return None  # a tally never ends

    def seats(self, state: Tally) -> tuple[str, ...]:
        return state.players

    def view(self, state: Tally, seat: int | None) -> Tally:
        return state  # nothing is private in a tally

    def decisions(self, state: Tally, seat: int) -> tuple[Decision, ...]:
        """Every seat may score any number of points at any time: a form."""
        event = {"kind": "score", "player": state.players[seat]}
        return (Decision("score", seat, form=Form(event, "points", (("min", 0),)), together=True),)


class TallyVoice:
    """The tally's words (English only: a toy)."""

    def refusal(self, state: Tally, refusal: Refusal, in_file: bool = False) -> str:
        return f"points cannot be negative ({refusal['points']})"

    def effect(self, before: Tally, step: Step[Tally, Scored]) -> str:
        return f"{step.effect.player} has {step.effect.total}"

    def outcome(self, state: Tally, outcome: Outcome) -> str:
        return ""

    def event(self, event: Mapping[str, Any]) -> str:
        return f"{event['player']} +{event['points']}"

    def situation(self, state: Tally) -> str:
        return "Totals: " + " · ".join(f"{p} {t}" for p, t in zip(state.players, state.totals))

    def prompt(self, state: Tally, decision: Decision) -> str:
        return "Your points"

    def choice(self, state: Tally, decision: Decision, event: Mapping[str, Any]) -> str:
        return str(event.get("points"))

    def history_detail(self, before: Tally, event: Mapping[str, Any], step: Step[Tally, Scored]) -> dict[str, Any]:
        """`history --json` gives each score's new total too (the effect says it)."""
        return {"total": step.effect.total}


class TallyTable(Hooks[Tally]):
    """The tally in table mode: `score` completes a player's name; the status line is
    the totals."""

    def complete(self, state: Tally, command: str, words: list[str]) -> list[str]:
        from referee.table.hooks import option_waiting

        typed = [word for word in words if not word.startswith("-")]
        return list(state.players) if command == "score" and not typed and option_waiting(words) is None else []

    def status(self, state: Tally) -> list[Any]:
        from referee.table.hooks import Plain

        return [Plain("Totals: " + " · ".join(f"{p} {t}" for p, t in zip(state.players, state.totals)))]


class TallyWeb(Pages[Tally]):
    """The tally's web pages (referee.web.contract.WebGame): the totals on the table's
    screen; on a seat's phone, its own total. What a seat may do is its decision (a form:
    ``{"kind": "score", "player": NAME, "points": N}``), which the pages draw with no code
    of the tally's."""

    def table(self, state: Tally) -> dict[str, Any]:
        public = TALLY.view(state, None)
        return {"totals": dict(zip(public.players, public.totals))}

    def seat(self, state: Tally, seat: int) -> dict[str, Any]:
        own = TALLY.view(state, seat)
        return {"total": own.totals[seat]}


TALLY: Rules[tuple[str, ...], Tally, Score, Scored] = TallyRules()
VOICE = TallyVoice()
HOOKS = TallyTable()
WEB = TallyWeb()


def tally_facts(state: Tally) -> MatchFacts:
    """A season reads the players and their totals."""
    return MatchFacts(state.players, state.totals, None, False, {})


def tally_rematch(state: Tally, seed: "str | None", fair: Any) -> "tuple[str, ...]":
    """The same players; a tally deals nothing."""
    return state.players


#: The toy game's object (:class:`referee.game.Box`): rules, voice and hooks.
GAME: "Box[tuple[str, ...], Tally, Score, Scored]" = Box(TALLY, VOICE, tally_facts, tally_rematch)

#: The toy game's one line in the registry (:mod:`referee.games`).
SPEC: "GameSpec[tuple[str, ...], Tally, Score, Scored]" = GameSpec(
    name="tally",
    title="Tally",
    group="tally",
    aliases=("tallies",),
    format="referee/tally",
    rules="toy_game:TALLY",
    game="toy_game:GAME",
    cli="toy_game",  # its `app` (below) is built on first use
    deal=DealSpec(deal="toy_game:deal_tally", options=("players",), view="referee.cli.deal_view:french", players="2–52"),
    entry_words=r"[+-]?\d+",  # points
    table="toy_game:HOOKS",
    web="toy_game:WEB",
)


def deal_tally(seed: str, *, players: "int | None" = None) -> Any:
    """`referee deal tally [--players N]`: three cards each from a French deck."""
    from referee.dealing import FrenchDeal, deal_french52

    french = deal_french52(seed, 2 if players is None else players, 3)
    return FrenchDeal("tally", seed, french.hands, french.rest)


def __getattr__(name: str) -> Any:
    """``toy_game.app``, the command group, built (and Typer imported) when first asked for."""
    if name == "app":
        return cli()
    raise AttributeError(name)


def score(player: str, points: int) -> dict[str, Any]:
    """One event, as the file holds it (``savefile.record`` takes an event or an action)."""
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
        recorded = savefile.record(file, TALLY, score(player, points))
        typer.echo(f"Recorded: {VOICE.event(recorded.event)}; {player} has {recorded.state.total(player)}.")

    return app
