"""The end of a match on every page, for every game: the envelope's ``final`` (null
while the match goes on), which ``common.js``'s ``Referee.celebrate(envelope)`` draws —
the winner large (the envelope's ``outcome``, the voice's words), the final standings,
the season's line, and the rematch button when the envelope's ``rematch`` says one may
start.

.. code-block:: text

    "final": {"cooperative": false, "won": null,    # a cooperative game: won or lost
              "standings": [{"name": "Daan", "score": 103, "place": 1, "winner": true}, …],
              "season": "Season: Daan 3 wins, Anna 2" or null,
              "labels": {"standings": "Final standings", "rematch": "Rematch", …}}

Everything comes from the game's box (:class:`referee.box.MatchFacts`: the seats and
their scores, as a season reads them) and its rules' outcome; no game is named here.
The season's line is the folder's season (:mod:`referee.stats`: the finished matches of
this game in the served file's folder, not its subfolders, by person), read only once a match is over and
then once per version of the file (:func:`season_line`); it is left out while the folder
holds no other finished match of the game.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from referee.game import JsonObject, JsonValue, Outcome
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.box import MatchFacts
    from referee.games import SomeSpec


class SeasonCount(NamedTuple):
    """A folder's finished matches of one game, counted (no words: each page words them
    in its own language): the matches, and per person their wins (a cooperative game:
    the matches won)."""

    matches: int
    cooperative: bool
    won: int
    wins: tuple[tuple[str, int], ...]  # (the person's name as shown, wins), most first


_counted: dict[str, tuple[int, SeasonCount | None]] = {}  # per file: (its version, the count)
_counting = threading.Lock()


def final_of(spec: SomeSpec, state: object, outcome: Outcome, path: Path, version: int) -> JsonObject:
    """The envelope's ``final`` for a match that is over (``outcome``), in the current
    language; ``path`` and ``version`` the served file's, for the season's line."""
    facts: MatchFacts = spec.load().facts(state)
    winners = set(outcome.winners)
    standings: list[JsonValue] = []
    if facts.seats and not facts.cooperative:  # a cooperative game's players win or lose together: no places
        for seat, place in sorted(enumerate(final_places(facts.seats, facts.scores, winners)), key=lambda found: (found[1], found[0])):
            score = None if facts.scores is None else facts.scores[seat]
            standings.append({"name": facts.seats[seat], "score": score, "place": place, "winner": seat in winners})
    counted = season_count(spec.name, path, version)
    return {
        "cooperative": facts.cooperative,
        "won": bool(winners) if facts.cooperative else None,
        "standings": standings,
        "season": None if counted is None else season_line_words(counted, facts.seats),
        "labels": {"standings": _("Final standings"), "rematch": _("Rematch"), "place": _("Place"), "score": _("Score"), "player": _("Player")},
    }


def final_places(seats: Sequence[str], scores: Sequence[int] | None, winners: set[int]) -> tuple[int, ...]:
    """Each seat's place: the winners first, then by score, highest first; equal scores
    share a place (as a season places them, :func:`referee.stats.records.places`)."""
    from referee.stats.records import places as placed

    return placed(tuple(sorted(winners)), None if scores is None else tuple(scores), len(seats))


def season_count(game: str, path: Path, version: int) -> SeasonCount | None:
    """The finished matches of ``game`` in ``path``'s folder, counted once per
    ``version`` of the file (the answers of every page and language share it); None
    when the folder holds fewer than two (no season yet) or cannot be read."""
    key = str(path)
    with _counting:
        known = _counted.get(key)
        if known is not None and known[0] == version:
            return known[1]
        counted = _count(game, path.parent)
        _counted[key] = (version, counted)
        return counted


def _count(game: str, folder: Path) -> SeasonCount | None:
    from referee.errors import RefereeError
    from referee.stats.season import gather

    try:  # the folder's own files, not its subfolders': a file served from a home folder reads no more than it
        season = gather(sorted(path for path in folder.glob("*.toml") if path.is_file()), game, None, ())
    except (RefereeError, OSError):
        return None
    finished = [record for record in season.records if record.finished]
    if len(finished) < 2:
        return None
    cooperative = any(record.cooperative for record in finished)
    won = sum(bool(record.winners) for record in finished)
    wins: dict[str, int] = {}
    for record in finished:
        for seat, name in enumerate(record.seats):
            shown = season.names.shown(season.names.person(name))
            wins[shown] = wins.get(shown, 0) + (seat in record.winners)
    ranked = tuple(sorted(wins.items(), key=lambda item: (-item[1], item[0])))
    return SeasonCount(len(finished), cooperative, won, ranked)


def season_line_words(counted: SeasonCount, seats: Sequence[str]) -> str:
    """"Season: Daan 3 wins, Anna 2, Bram 0" (the players of this match, most wins first);
    a cooperative game: "Season: 3 of 5 matches won"."""
    if counted.cooperative or not seats:
        won = ngettext("{won} of {count} match won", "{won} of {count} matches won", counted.matches).format(won=counted.won, count=counted.matches)
        return _("Season: {wins}").format(wins=won)
    players = {seat.casefold() for seat in seats}
    shown = [(name, wins) for name, wins in counted.wins if name.casefold() in players] or list(counted.wins)
    first, *rest = shown
    parts = [ngettext("{name} {count} win", "{name} {count} wins", first[1]).format(name=first[0], count=first[1])]
    parts += [f"{name} {wins}" for name, wins in rest]
    return _("Season: {wins}").format(wins=", ".join(parts))
