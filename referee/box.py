"""A game in its box: the one object per game every feature reads its hooks from.

Each game package exports one (``GAME`` in ``referee/GAME/box.py``); the registry
(:mod:`referee.games`) loads it by name. Above the game contract (:mod:`referee.game`)
and the fair-deal scheme it names, so the ground floor stays free of both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, NamedTuple, TypeVar

from referee.game import Rules, Voice

if TYPE_CHECKING:
    from referee.bots import Bots
    from referee.decisions import Complete
    from referee.fair.scheme import Fair

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")


class MatchFacts(NamedTuple):
    """What a season (:mod:`referee.stats`) reads from a match, finished or not, in the
    rules' own values: ``seats`` the players' names in seating order (empty for a game
    whose seats have no names), ``scores`` per seat (None for a game without points),
    ``start_player`` who began (None when the game has no such seat), ``cooperative``,
    and ``facts``, the game's own values for its page of the season (JSON-ready)."""

    seats: tuple[str, ...]
    scores: tuple[int, ...] | None
    start_player: int | None
    cooperative: bool
    facts: dict[str, object]


class Box(NamedTuple, Generic[SetupT, StateT, ActionT, EffectT]):
    """One game in its box, as every feature sees it: each game package exports one
    (``GAME`` in ``referee/GAME/box.py``), and the registry (:mod:`referee.games`) loads
    it by name.
    A feature written once for every game (a season's statistics, a rematch, the seat's
    entries) reads it here as a hook, never in a list of the games of its own.

    ``rules`` and ``voice`` (the voice with a fair game's words in front); ``facts`` what
    a season reads from a match; ``rematch(state, seed, fair)`` the setup of the next
    match (:mod:`referee.rematch`): the same players, seats, variants and options, whoever
    begins as the rulebook passes it on, and a fresh deal (``seed`` for a seeded game,
    ``fair`` for a fair one); ``complete`` what the referee adds to a seat's event when it
    is recorded (None: nothing); ``bots`` the policies the referee plays a seat with
    (:mod:`referee.bots`: a level's name → its policy; None: no bot yet); ``referee_deals``
    whether the referee deals every seat's cards in a match (a virtual deck: a bot can
    play a seat only then; None: always).
    """

    rules: Rules[SetupT, StateT, ActionT, EffectT]
    voice: Voice[StateT, EffectT]
    facts: Callable[[StateT], MatchFacts]
    rematch: Callable[[StateT, str | None, Fair | None], SetupT]
    complete: Complete[StateT] | None = None
    bots: Bots | None = None
    referee_deals: Callable[[StateT], bool] | None = None
