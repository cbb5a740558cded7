"""What people type, turned into save-file events with canonical names and cards.

``Anna=3``, ``anna=AH,10H``, ``--ace cees``, ``--dead 7h`` become
``{"kind": "round", "hearts": {"Anna": ["AH", "10H"]}, "ace": "Cees", "dead": ["7H"]}``.
The rules (``Match.apply``) then decide whether the event may happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.cards import Card, parse_cards, parse_suit
from referee.errors import InputError, quoted
from referee.smoorverliefd.setup import Setup


def _named_values(setup: Setup, tokens: Sequence[str], example: str) -> dict[str, str]:
    """``NAME=VALUE`` tokens by canonical name, in seating order; a name only once."""
    values: dict[int, str] = {}
    for token in tokens:
        name, sep, value = token.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(f"{quoted(token)} is not an entry; write NAME=VALUE, e.g. {example}")
        seat = setup.player(name)
        if seat in values:
            raise InputError(f"{setup.players[seat]} is named twice")
        values[seat] = value.strip()
    return {setup.players[seat]: values[seat] for seat in sorted(values)}


def _count(value: str) -> int | None:
    """A whole number, signed or not (``-1`` is a count the rules refuse, not a card)."""
    digits = value.replace("\N{MINUS SIGN}", "-")
    unsigned = digits[1:] if digits[:1] in ("-", "+") else digits
    return int(digits) if unsigned.isascii() and unsigned.isdigit() else None


def _heart_cards(name: str, value: str) -> list[Card]:
    """The heart cards of an entry that is not a count, or why the value is neither.

    A word such as ``three`` is no attempt at cards (a card is a rank and a suit), so it
    is not explained as one.
    """
    try:
        return parse_cards(value)
    except InputError as error:
        if value.isalpha() and len(value) > 2:
            raise InputError(
                f"{quoted(value)} is not a number of hearts nor a list of cards; "
                f"write a count ({name}=3) or the heart cards ({name}=AH,10H)"
            ) from None
        raise InputError(f"{name}={value}: {error}") from None


def round_event(
    setup: Setup, tokens: Sequence[str], ace: str | None = None, dead: str | None = None, cursed: Sequence[str] = ()
) -> dict[str, Any]:
    """A quick round entry: each player's hearts as a count or as heart cards."""
    hearts: dict[str, int | list[str]] = {}
    for name, value in _named_values(setup, tokens, "Anna=3 or Anna=AH,10H").items():
        count = _count(value)
        hearts[name] = count if count is not None else [str(card) for card in _heart_cards(name, value)]
    event: dict[str, Any] = {"kind": "round", "hearts": hearts}
    if ace is not None:
        event["ace"] = setup.players[setup.player(ace)]
    if dead is not None:
        event["dead"] = [str(card) for card in parse_cards(dead)]
    if cursed:
        event["cursed"] = [setup.players[setup.player(name)] for name in cursed]
    return event


def bid_event(setup: Setup, tokens: Sequence[str]) -> dict[str, Any]:
    bids: dict[str, int] = {}
    for name, value in _named_values(setup, tokens, "Anna=2").items():
        count = _count(value)
        if count is None:
            raise InputError(f"{name}={value}: a bid is a number of hearts, 0 to 13")
        bids[name] = count
    return {"kind": "bid", "bids": bids}


def trick_event(tokens: Sequence[str]) -> dict[str, Any]:
    return {"kind": "trick", "cards": [str(card) for card in parse_cards(" ".join(tokens))]}


def curse_event(suit: str) -> dict[str, Any]:
    return {"kind": "curse", "suit": parse_suit(suit).value}
