"""Ratings: openskill's Plackett–Luce model (Weng & Lin's Bayesian approximation, a
maintained multiplayer rating package, ``pip install openskill``), per game.

Every finished match of a competitive game updates its players, one match at a time in
date order; players who share a place (a shared win, equal scores behind the winner)
are ranked as tied. A rating is shown as a conservative estimate, μ − 3σ (openskill's
``ordinal``): it starts at 0 and grows as the model grows sure of a player's skill.
Cooperative games (Smitten) are not rated: everyone at the table wins or loses together.
A bot seat (``new … --bot``) is not rated, and the people of its match are ranked among
themselves only: a season rates people.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.stats.records import Record

if TYPE_CHECKING:
    from openskill.models import PlackettLuceRating


class Rating(NamedTuple):
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """μ − 3σ: the rating shown."""
        return self.mu - 3 * self.sigma


class Rated(NamedTuple):
    """A player's rating after the matches, the change of their last match, and their
    conservative rating after each match they played (for the chart)."""

    rating: Rating
    change: float
    history: tuple[tuple[str, float], ...]  # (the match's date, ISO 8601; μ − 3σ after it)


def rate(records: Sequence[Record], person: Callable[[str], str]) -> dict[str, Rated]:
    """The ratings of the players of ``records`` (one game's), by person."""
    from openskill.models import PlackettLuce  # deferred: openskill costs start-up

    model = PlackettLuce()
    current: dict[str, PlackettLuceRating] = {}
    change: dict[str, float] = {}
    history: dict[str, list[tuple[str, float]]] = {}
    for match in sorted(records, key=lambda record: (record.when, str(record.path))):
        if not match.finished or match.cooperative or len(match.seats) < 2:
            continue
        humans = [seat for seat in range(len(match.seats)) if seat not in match.bots]
        people = [person(match.seats[seat]) for seat in humans]
        if len(people) < 2:
            continue  # a person against bots only: nobody to be rated against
        if len(set(people)) < len(people):
            continue  # one person in two seats (an alias too many): not a match to rate
        teams = [[current.get(who) or model.rating(name=who)] for who in people]
        before = [team[0].ordinal() for team in teams]
        after = model.rate(teams, ranks=[match.places[seat] for seat in humans])
        for who, team, old in zip(people, after, before, strict=True):
            current[who] = team[0]
            change[who] = team[0].ordinal() - old
            history.setdefault(who, []).append((match.when.isoformat(), team[0].ordinal()))
    return {
        who: Rated(Rating(rating.mu, rating.sigma), change[who], tuple(history[who]))
        for who, rating in current.items()
    }
