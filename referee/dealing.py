"""Dealing seeded decks (SPEC §3): one card at a time, in seating order from player 1.

Pure functions: a seed and the table's options in, a deal out. The shuffle itself is
``referee.shuffle``; each game's package deals its own cards (``smitten/dealing.py``, …)
and the registry (:mod:`referee.games`) says which options each deal takes. This module
holds what every deal shares: the round-robin deal, the plain French deck
(``french52``), and :func:`deal`, which picks the game's deal from the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from referee.cards import Card, french_deck
from referee.errors import InputError
from referee.seeds import check_typed_seed
from referee.shuffle import VERSION, shuffle
from referee.i18n import _

T = TypeVar("T")


class Deal(Protocol):
    """What every game's deal gives: its seed, and the JSON of `referee deal --json`."""

    seed: str

    def to_json(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class FrenchDeal:
    """A deal of the French deck: hands in seating order, and the cards left over.

    ``rest_key`` names the leftover cards in the JSON: the ``stock``, top first, of a
    plain French deal, or a game's own name for them (Smoorverliefd's ``dead`` cards).
    """

    game: str
    seed: str
    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]
    rest_key: str = "stock"

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "seed": self.seed,
            "shuffle": VERSION,
            "hands": [[str(card) for card in hand] for hand in self.hands],
            self.rest_key: [str(card) for card in self.rest],
        }


def deal_round_robin(deck: Sequence[T], players: int, each: int) -> tuple[tuple[tuple[T, ...], ...], tuple[T, ...]]:
    """Deal ``each`` cards to every player one at a time; return (hands, rest)."""
    dealt = players * each
    hands = tuple(tuple(deck[p:dealt:players]) for p in range(players))
    return hands, tuple(deck[dealt:])


def deal_french52(seed: str, players: int, hand_size: int | None = None) -> FrenchDeal:
    """Any number of hands of equal size from one 52-card deck; the rest is the stock."""
    if not 1 <= players <= 52:
        raise InputError(_("a French deal needs 1 to 52 players, not {players}; use --players 1..52").format(players=players))
    if hand_size is None:
        hand_size = 52 // players
    if hand_size < 1:
        raise InputError(_("--hand-size must be at least 1, not {hand_size}").format(hand_size=hand_size))
    if players * hand_size > 52:
        message = _("{players} players × {hand_size} cards is more than the 52 cards of the deck; use --hand-size 1..{most} for {players} players")
        raise InputError(message.format(players=players, hand_size=hand_size, most=52 // players))
    hands, stock = deal_round_robin(shuffle(french_deck(), seed), players, hand_size)
    return FrenchDeal("french52", seed, hands, stock)


def deal_french52_for_table(seed: str, *, players: int | None = None, hand_size: int | None = None) -> FrenchDeal:
    """`referee deal french52 [--players 1..52] [--hand-size N]` (4 players when not given)."""
    return deal_french52(seed, 4 if players is None else players, hand_size)


#: How an option of :func:`deal` is typed on the command line, where it is not simply
#: ``--`` and the name with dashes.
_FLAGS = {"round_number": "--round"}


def flag(option: str) -> str:
    """``hand_size`` → ``--hand-size``: the option as `referee deal` spells it."""
    return _FLAGS.get(option, "--" + option.replace("_", "-"))


def deal(game: str, seed: str, **options: Any) -> Deal:
    """Deal ``game`` for ``seed`` with the table's options (None: not given), refusing
    options that do not apply to the game. The registry names each game's deal and the
    options it takes (:class:`referee.games.DealSpec`)."""
    from referee import games

    name, spec = games.dealer(game)
    check_typed_seed(seed)
    given = [option for option, value in options.items() if value is not None]
    for option in given:
        if option not in spec.options:
            raise InputError(_not_taken(name, spec.hints, option))
    dealt: Callable[..., Deal] = spec.load()
    return dealt(seed, **{option: options[option] for option in given})


def _not_taken(game: str, hints: tuple[tuple[str, str], ...], option: str) -> str:
    """Why ``game`` refuses ``option``: the game's own hint, or which deal takes it."""
    from referee import games
    from referee.wording import listed

    hint = dict(hints).get(option)
    if hint is not None:
        from referee import i18n

        return i18n._(hint)  # the registry's hint, in the catalogue (cli.po)
    owners = [(name, spec) for name, spec in games.dealers() if option in spec.options]
    if len(owners) == 1:  # name every option that only this deal takes: "--deck and --round"
        owner, spec = owners[0]
        own = [o for o in spec.options if all(o not in other.options for name, other in games.dealers() if name != owner)]
        flags = [flag(o) for o in own] or [flag(option)]
    else:
        owner, flags = listed([name for name, _spec in owners]) or _("no deal"), [flag(option)]
    if len(flags) > 1:
        return _("{flags} are for {owner}; {game} does not take them").format(flags=listed(flags), owner=owner, game=game)
    return _("{flags} is for {owner}; {game} does not take it").format(flags=listed(flags), owner=owner, game=game)
