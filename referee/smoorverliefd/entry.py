"""What people type, turned into actions (:mod:`.actions`) with seats and cards.

``Anna=3``, ``anna=AH,10H``, ``--ace cees``, ``--dead 7h`` become a
:class:`~referee.smoorverliefd.actions.QuickRound`, saved as
``{"kind": "round", "hearts": {"Anna": ["AH", "10H"]}, "ace": "Cees", "dead": ["7H"]}``.
The rules (``Match.refusal``) then decide whether it may happen.
"""

from __future__ import annotations

from collections.abc import Sequence
from referee.cards import Card, parse_cards, parse_suit
from referee.errors import InputError, quoted
from referee.smoorverliefd.actions import Bids, CurseSuit, Hearts, PlayTrick, QuickRound
from referee.smoorverliefd.setup import Setup


def _named_values(setup: Setup, tokens: Sequence[str], example: str) -> dict[int, str]:
    """``NAME=VALUE`` tokens by seat, in seating order; a name only once."""
    values: dict[int, str] = {}
    for token in tokens:
        name, sep, value = token.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(f"{quoted(token)} is not an entry; write NAME=VALUE, e.g. {example}")
        seat = setup.player(name)
        if seat in values:
            raise InputError(f"{setup.players[seat]} is named twice")
        values[seat] = value.strip()
    return {seat: values[seat] for seat in sorted(values)}


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


def round_entry(
    setup: Setup, tokens: Sequence[str], ace: str | None = None, dead: str | None = None, cursed: Sequence[str] = ()
) -> QuickRound:
    """A quick round entry: each player's hearts as a count or as heart cards."""
    hearts: list[tuple[int, Hearts]] = []
    for seat, value in _named_values(setup, tokens, "Anna=3 or Anna=AH,10H").items():
        count = _count(value)
        hearts.append((seat, count if count is not None else tuple(_heart_cards(setup.players[seat], value))))
    return QuickRound(
        hearts=tuple(hearts),
        ace=None if ace is None else setup.player(ace),
        dead=None if dead is None else tuple(parse_cards(dead)),
        cursed=tuple(setup.player(name) for name in cursed),
    )


def bid_entry(setup: Setup, tokens: Sequence[str]) -> Bids:
    bids: list[tuple[int, int]] = []
    for seat, value in _named_values(setup, tokens, "Anna=2").items():
        count = _count(value)
        if count is None:
            raise InputError(f"{setup.players[seat]}={value}: a bid is a number of hearts, 0 to 13")
        bids.append((seat, count))
    return Bids(tuple(bids))


def trick_entry(tokens: Sequence[str]) -> PlayTrick:
    return PlayTrick(tuple(parse_cards(" ".join(tokens))))


def curse_entry(suit: str) -> CurseSuit:
    return CurseSuit(parse_suit(suit))
