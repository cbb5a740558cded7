"""A rematch: the next match's setup from the last one, for every game (issue 26).

The same players in the same seats, the same variants and options; the deal changes:
a seeded game gets a fresh seed (given by the caller: the rules draw nothing), a fair
game a fresh fair record (its commitment to a new secret), a game with the table's own
cards stays so. Who begins follows each game's rulebook:

- Smoorverliefd: "De beurt om te delen gaat elke ronde met de klok mee" — the deal
  passes on clockwise, so the player left of the last round's dealer deals first.
- Spellcrafter: the rulebook draws a dealer at random and no seat begins; the seats stay.
- Smitten: cooperative, and whoever plays becomes the active player; the seats stay.

Pure: values in, a setup out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from referee.fair.scheme import Fair


def _smoorverliefd(state: Any) -> Any:
    setup = state.setup
    last_dealer = state.rounds[-1].dealer if state.rounds else setup.first_dealer
    return replace(setup, first_dealer=setup.left_of(last_dealer))


def _same_seats(state: Any) -> Any:
    return state.setup


NEXT: dict[str, Callable[[Any], Any]] = {"smoorverliefd": _smoorverliefd, "spellcrafter": _same_seats, "smitten": _same_seats}


def next_setup(game: str, state: Any, seed: str | None, fair: Fair | None) -> Any:
    """The setup of the rematch of the match ``state`` of ``game`` (the registry's name):
    ``seed`` replaces the old seed, if it had one; ``fair`` the old fair record, if it was
    fair."""
    setup = NEXT[game](state)
    if setup.seed is not None:
        setup = replace(setup, seed=seed)
    if setup.fair is not None:
        setup = replace(setup, fair=fair)
    return setup


def seats(state: Any) -> int:
    """How many players a fair rematch commits to (its record counts their words)."""
    return len(state.setup.players) if getattr(state.setup, "players", None) else 2
