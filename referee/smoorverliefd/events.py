"""Reading the values of a Smoorverliefd event as stored in a save file (names, cards,
counts), with a clear message for each wrong type; the rules then judge the event."""

from __future__ import annotations

from collections.abc import Mapping

from referee.cards import Card, Suit, parse_suit
from referee.errors import InputError
from referee.smoorverliefd.setup import Setup


def text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"`{key}` must be a name")
    return value


def listed(value: object, key: str) -> list[object]:
    if not isinstance(value, list):
        raise InputError(f"`{key}` must be a list")
    return value


def cards(value: object, key: str) -> list[Card]:
    return [Card.parse(text(item, key)) for item in listed(value, key)]


def suit(value: object) -> Suit:
    return parse_suit(text(value, "suit"))


def named_numbers(setup: Setup, value: object, key: str) -> dict[int, int]:
    if not isinstance(value, Mapping):
        raise InputError(f"`{key}` must be a table of NAME = number")
    numbers: dict[int, int] = {}
    for name, number in value.items():
        seat = setup.player(name)
        if seat in numbers:
            raise InputError(f"{setup.players[seat]} is named twice")
        if not isinstance(number, int) or isinstance(number, bool):
            raise InputError(f"{setup.players[seat]}: {number!r} is not a whole number")
        numbers[seat] = number
    return numbers


def hearts(setup: Setup, value: object) -> dict[int, int | tuple[Card, ...]]:
    """The hearts table of a round entry: NAME = count, or NAME = [heart cards]."""
    if not isinstance(value, Mapping):
        raise InputError("`hearts` must be a table of NAME = count or NAME = [cards]")
    hearts: dict[int, int | tuple[Card, ...]] = {}
    for name, entry in value.items():
        seat = setup.player(name)
        if seat in hearts:
            raise InputError(f"{setup.players[seat]} is named twice")
        if isinstance(entry, list):
            hearts[seat] = tuple(cards(entry, "hearts"))
        elif isinstance(entry, int) and not isinstance(entry, bool):
            hearts[seat] = entry
        else:
            raise InputError(f"{setup.players[seat]}: {entry!r} is neither a count nor a list of hearts")
    return hearts

