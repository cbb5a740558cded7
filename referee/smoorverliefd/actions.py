"""Smoorverliefd's moves and what they did, as values (the game contract, :mod:`referee.game`).

An *action* is one entry of the match, with players as seats and cards as cards:
:class:`Bids`, :class:`CurseSuit`, :class:`QuickRound` (one line per round),
:class:`PlayTrick` (a whole trick) and :class:`PlayCard` (one card of a trick, played
by the player to act). :func:`decode` reads one from a save file's event (with a clear
message for each value of the wrong type; the rules then judge the action),
:func:`encode` writes it back (canonical names and cards, in the order entered), so an
event written by the referee reads back to the same dict.

An *effect* says what an action did, for the screens: :class:`BidsMade`,
:class:`SuitCursed`, :class:`RoundScored`, :class:`TrickTaken` (a trick complete, whether
entered whole or by its last card) and :class:`CardPlayed` (a card that did not complete
its trick).

Actions and effects are named tuples, not frozen dataclasses: every entry and every
replay loads this module, and a named tuple costs a fifth of a dataclass to define. They
are :func:`~referee.game.distinct`: two of different kinds never compare equal
(``Bids(()) != PlayTrick(())``).

:func:`decode` is where a save file's event is read: its messages speak of the file's
keys and values (this module's only words); whether the action may happen is the
rules' :class:`~referee.game.Refusal`, worded by the voice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple, TypeVar, Union

from referee.cards import Card, Suit, parse_cards, parse_suit
from referee.errors import InputError
from referee.game import distinct
from referee.i18n import _
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.tricks import Revoke, Trick

V = TypeVar("V")

#: A player's hearts in a quick entry: a count, or the heart cards themselves.
Hearts = Union[int, tuple[Card, ...]]


@distinct
class Bids(NamedTuple):
    """blinde-liefde: bids (seat, hearts) before the round's first trick: every player's
    at once (`smoor bid FILE A=2 B=4 …`) or some of them, each from their own phone; the
    round begins once every player's is in."""

    bids: tuple[tuple[int, int], ...]

    def notation(self, setup: Setup) -> str:
        """The bids as they are typed (`smoor bid FILE Anna=1 Cees=3`), which
        :func:`referee.smoorverliefd.entry.bid_entry` reads back; see its examples."""
        return " ".join(f"{setup.players[seat]}={bid}" for seat, bid in self.bids)


@distinct
class CurseSuit(NamedTuple):
    """cupido: the suit the dealer curses for the round."""

    suit: Suit


@distinct
class QuickRound(NamedTuple):
    """One line for a whole round: the hearts each player entered took (seat, count or
    cards; a player left out took none), who took A♥, the dead cards turned over (None:
    not given), and who collected the most of the cursed suit."""

    hearts: tuple[tuple[int, Hearts], ...]
    ace: int | None = None
    dead: tuple[Card, ...] | None = None
    cursed: tuple[int, ...] = ()


@distinct
class PlayTrick(NamedTuple):
    """One trick: the cards in play order from the leader."""

    cards: tuple[Card, ...]


@distinct
class PlayCard(NamedTuple):
    """One card of the trick in progress, played by ``seat``: "Het spel gaat met de klok
    mee, één kaart per speler per slag". The last player's card completes the trick."""

    seat: int
    card: Card


Action = Union[Bids, CurseSuit, QuickRound, PlayTrick, PlayCard]


@distinct
class BidsMade(NamedTuple):
    """Bids recorded: ``seats`` bid now; ``complete``: every player's bid is in."""

    round: int
    seats: tuple[int, ...] = ()
    complete: bool = True


@distinct
class SuitCursed(NamedTuple):
    round: int
    suit: Suit


@distinct
class RoundScored(NamedTuple):
    """A quick entry scored its round."""

    played: PlayedRound


@distinct
class TrickTaken(NamedTuple):
    """A trick: who won it (in ``trick``), the revokes it proves, and the round it was
    played in; ``scored`` is that round when this was its last trick."""

    trick: Trick
    round: int
    revokes: tuple[Revoke, ...]
    scored: PlayedRound | None = None


@distinct
class CardPlayed(NamedTuple):
    """A card played that did not complete its trick: ``seat`` played ``card`` in trick
    ``trick`` of round ``round``; ``to_play`` is the seat to play next."""

    seat: int
    card: Card
    round: int
    trick: int
    to_play: int


Effect = Union[BidsMade, SuitCursed, RoundScored, TrickTaken, CardPlayed]


def decode(setup: Setup, event: Mapping[str, object]) -> Action:
    """The action a save file's event records; a value of the wrong type is an InputError."""
    kind = event.get("kind")
    if kind == "bid":
        return Bids(tuple(_named_numbers(setup, event.get("bids"), "bids").items()))
    if kind == "curse":
        return CurseSuit(_suit(event.get("suit")))
    if kind == "round":
        return QuickRound(
            hearts=tuple(_hearts(setup, event.get("hearts", {})).items()),
            ace=None if event.get("ace") is None else setup.player(_text(event["ace"], "ace")),
            dead=tuple(_cards(event.get("dead"), "dead")) if "dead" in event else None,
            cursed=tuple(setup.player(_text(n, "cursed")) for n in _listed(event.get("cursed", []), "cursed")),
        )
    if kind == "trick":
        return PlayTrick(tuple(_cards(event.get("cards"), "cards")))
    if kind == "play":
        return PlayCard(setup.player(_text(event.get("player"), "player")), Card.parse(_text(event.get("card"), "card")))
    raise InputError(_("unknown event kind {kind}; a match records bid, curse, round, trick and play events").format(kind=repr(kind)))


def encode(setup: Setup, action: Action) -> dict[str, object]:
    """The save file's event for an action."""
    names = setup.players
    if isinstance(action, Bids):
        return {"kind": "bid", "bids": {names[seat]: bid for seat, bid in action.bids}}
    if isinstance(action, CurseSuit):
        return {"kind": "curse", "suit": action.suit.value}
    if isinstance(action, PlayTrick):
        return {"kind": "trick", "cards": [str(card) for card in action.cards]}
    if isinstance(action, PlayCard):
        return {"kind": "play", "player": names[action.seat], "card": str(action.card)}
    hearts = {names[seat]: value if isinstance(value, int) else [str(card) for card in value] for seat, value in action.hearts}
    event: dict[str, object] = {"kind": "round", "hearts": hearts}
    if action.ace is not None:
        event["ace"] = names[action.ace]
    if action.dead is not None:
        event["dead"] = [str(card) for card in action.dead]
    if action.cursed:
        event["cursed"] = [names[seat] for seat in action.cursed]
    return event


# --- the values of an event as a save file holds them ------------------------------


def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise InputError(_("`{key}` must be a name").format(key=key))
    return value


def _listed(value: object, key: str) -> list[object]:
    if not isinstance(value, list):
        raise InputError(_("`{key}` must be a list").format(key=key))
    return value


def _cards(value: object, key: str) -> list[Card]:
    """A list of cards: each item one card, or several as they are typed ("AH,10H",
    "AS KS 2H"), read by the cards' one parser."""
    return [card for item in _listed(value, key) for card in parse_cards(_text(item, key))]


def _suit(value: object) -> Suit:
    return parse_suit(_text(value, "suit"))


def seated(setup: Setup, named: Iterable[tuple[str, V]]) -> dict[int, V]:
    """Values by the seat of the player each names (any unambiguous start of a name), a
    player only once: the one check for a save file's tables and typed ``NAME=VALUE``
    entries alike."""
    found: dict[int, V] = {}
    for name, value in named:
        seat = setup.player(name)
        if seat in found:
            raise InputError(_("{name} is named twice").format(name=setup.players[seat]))
        found[seat] = value
    return found


def _named_numbers(setup: Setup, value: object, key: str) -> dict[int, int]:
    if not isinstance(value, Mapping):
        raise InputError(_("`{key}` must be a table of NAME = number").format(key=key))
    numbers = seated(setup, value.items())
    for seat, number in numbers.items():
        if not isinstance(number, int) or isinstance(number, bool):
            raise InputError(_("{name}: {number} is not a whole number").format(name=setup.players[seat], number=repr(number)))
    return numbers


def _hearts(setup: Setup, value: object) -> dict[int, Hearts]:
    """The hearts table of a round entry: NAME = count, or NAME = [heart cards]."""
    if not isinstance(value, Mapping):
        raise InputError(_("`hearts` must be a table of NAME = count or NAME = [cards]"))
    hearts: dict[int, Hearts] = {}
    for seat, entry in seated(setup, value.items()).items():
        if isinstance(entry, list):
            hearts[seat] = tuple(_cards(entry, "hearts"))
        elif isinstance(entry, int) and not isinstance(entry, bool):
            hearts[seat] = entry
        else:
            raise InputError(_("{name}: {entry} is neither a count nor a list of hearts").format(name=setup.players[seat], entry=repr(entry)))
    return hearts
