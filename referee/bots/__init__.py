"""The referee's own seats: a bot decides for a seat nobody sits in (issue: the empty chair).

A bot is honest by construction: it is handed what its seat may see and nothing else,
the seat's view (``rules.view(state, seat)``) and the seat's decisions now
(``rules.decisions(state, seat)``, the same data every front end renders, SPEC §6.7),
with a random generator seeded from the bot's own seed. It answers with one event: one of
the listed choices as it was listed, or a decision's form filled in. That event goes
through :func:`referee.decisions.seat_entry` like a tapped one.

Each game's :class:`~referee.box.Box` names its policies (``bots``: a level's name →
its :class:`Policy`, imported only when a bot plays).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

from referee.game import Decision

#: The levels a bot plays at, weakest first; ``--bot SEAT`` alone plays the last.
LEVELS = ("easy", "strong")
DEFAULT_LEVEL = "strong"


class Policy(Protocol):
    """A bot's way of deciding: from its seat's ``view`` and ``decisions`` (non-empty,
    all of this seat) and ``rng`` (seeded from the bot's seed and the file's entries),
    the event it sends: one of ``decisions``' choices as listed, or a form filled in, or
    :data:`WAIT` (nothing now)."""

    def __call__(self, view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]: ...


#: A policy's answer when it wants nothing of its decisions now (a challenge it lets go):
#: the runner turns to the next seat, and a decision several seats take at once is asked
#: again, without the others, when nobody else is left to act.
WAIT: Mapping[str, object] = {}


#: A game's policies: a level's name (:data:`LEVELS`) → its policy, loaded when first asked.
Bots = Callable[[str], Policy]


def random_choice(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The plainest policy: a uniformly random listed choice of a random decision
    (a game's placeholder, and the "random legal play" of the benchmarks)."""
    listed = [choice for decision in decisions for choice in decision.choices]
    if not listed:
        raise ValueError("no listed choice: a form needs the game's own policy")
    return rng.choice(listed)
