"""One match as a value for statistics, made from a replayed save file.

Each game's object (:class:`referee.box.Box`) has a ``facts`` hook that asks the
replayed state (the rules' own values: totals, rounds, outcome) for what a season needs:
the players, the scores, and the game's own facts (hearts, revokes, words, how far a lost
Smitten game got); who won is the rules' outcome. No score is computed here: a score is
what the rules say it is.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from referee.savefile import Saved

if TYPE_CHECKING:
    from referee.games import GameSpec

StateT = TypeVar("StateT")


class Record(NamedTuple):
    """A match: ``seats`` are the players' names in seating order (empty for a game whose
    seats have no names: solo Smitten, or a two-player game without ``--players``);
    ``winners`` seats, ``scores`` per seat (None for a game without points);
    ``places`` per seat, 1 for the winners, then by score (equal scores share a place);
    ``facts`` the game's own values (:func:`extract`)."""

    game: str  # the registry's name: "smoorverliefd"
    title: str
    path: Path
    when: datetime  # ended, else started, else the file's modification time
    dated_by_file: bool  # no [played] table: ``when`` is the modification time
    started: datetime | None
    ended: datetime | None
    location: str | None
    finished: bool
    cooperative: bool
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    places: tuple[int, ...]
    start_player: int | None  # who began (leads the first trick), when the game has one
    facts: dict[str, Any]
    bots: tuple[int, ...] = ()  # the seats the referee played (``new … --bot``): named "Daan (bot)"

    @property
    def duration_minutes(self) -> int | None:
        if self.started is None or self.ended is None:
            return None
        return max(0, round((self.ended - self.started).total_seconds() / 60))


def places(winners: tuple[int, ...], scores: tuple[int, ...] | None, count: int) -> tuple[int, ...]:
    """Each seat's place: the winners first (place 1), then the others by score, highest
    first; equal scores share a place (so ties are ties for a rating, too)."""
    others = [seat for seat in range(count) if seat not in winners]
    key = (lambda seat: -scores[seat]) if scores is not None else (lambda seat: 0)
    placed = [0] * count
    for seat in winners:
        placed[seat] = 1
    place = 2 if winners else 1
    ordered = sorted(others, key=key)
    for index, seat in enumerate(ordered):
        if index and key(seat) != key(ordered[index - 1]):
            place = (2 if winners else 1) + index
        placed[seat] = place
    return tuple(placed)


def match_record(spec: GameSpec[object, StateT, object, object], saved: Saved[StateT], modified: datetime) -> Record:
    """The match a loaded save file holds (``spec`` its game in the registry)."""
    game = spec.load()
    seats, scores, start_player, cooperative, facts = game.facts(saved.state)
    outcome = game.rules.outcome(saved.state)
    winners = tuple(outcome.winners) if outcome is not None else ()
    if outcome is not None:
        facts = {**facts, "termination": outcome.termination.value}
    played = saved.played
    bots = _bot_seats(saved.setup, tuple(seats))
    seats = tuple(bot_name(name) if seat in bots else name for seat, name in enumerate(seats))
    when = played.ended or played.started
    return Record(
        game=spec.name,
        title=spec.title,
        path=saved.path,
        when=when or modified,
        dated_by_file=when is None,
        started=played.started,
        ended=played.ended,
        location=played.location,
        finished=outcome is not None,
        cooperative=cooperative,
        seats=tuple(seats),
        winners=winners,
        scores=scores,
        places=places(winners, scores, len(seats)) if seats else (),
        start_player=start_player,
        facts=facts,
        bots=bots,
    )


#: How a season names a bot seat: never the same person as someone of that name.
BOT_SUFFIX = " (bot)"


def bot_name(name: str) -> str:
    """A bot seat's name in a season: "Daan (bot)", a player of its own (issue 35)."""
    return name + BOT_SUFFIX


def _bot_seats(setup: dict[str, Any], seats: tuple[str, ...]) -> tuple[int, ...]:
    """The seats of ``seats`` the referee played, from the file's ``[setup.bots]``."""
    from referee.bots.seats import bot_seat_names

    named = set(bot_seat_names(setup))
    return tuple(seat for seat, name in enumerate(seats) if name in named)
