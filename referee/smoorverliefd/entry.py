"""What people type, turned into actions (:mod:`.actions`) with seats and cards.

``Anna=3``, ``anna=AH,10H``, ``--ace cees``, ``--dead 7h`` become a
:class:`~referee.smoorverliefd.actions.QuickRound`, saved as
``{"kind": "round", "hearts": {"Anna": ["AH", "10H"]}, "ace": "Cees", "dead": ["7H"]}``.
The rules (``Match.refusal``) then decide whether it may happen.

Each entry is a function of the match giving the action (what ``savefile.record``
takes): names are read against the match's players once the file is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.cards import Card, parse_cards, parse_suit
from referee.errors import InputError, quoted
from referee.i18n import _
from referee.smoorverliefd.actions import Bids, CurseSuit, Hearts, PlayCard, PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup


def _named_values(setup: Setup, tokens: Sequence[str], example: str) -> dict[int, str]:
    """``NAME=VALUE`` tokens by seat, in seating order; a name only once."""
    values: dict[int, str] = {}
    for token in tokens:
        name, sep, value = token.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise InputError(_("{token} is not an entry; write NAME=VALUE, e.g. {example}").format(token=quoted(token), example=example))
        seat = setup.player(name)
        if seat in values:
            raise InputError(_("{name} is named twice").format(name=setup.players[seat]))
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
            message = _("{value} is not a number of hearts nor a list of cards; write a count ({name}=3) or the heart cards ({name}=AH,10H)")
            raise InputError(message.format(value=quoted(value), name=name)) from None
        raise InputError(f"{name}={value}: {error}") from None


def _once(values: Sequence[str], option: str, hint: str) -> str | None:
    """An option that is named once (--ace, --dead): repeated, it is refused, never cut to the last."""
    if len(values) > 1:
        raise InputError(_("{option} is given {count} times; {hint}").format(option=option, count=len(values), hint=hint))
    return values[0] if values else None


def ace_and_dead(ace: Sequence[str], dead: Sequence[str]) -> tuple[str | None, str | None]:
    """``--ace`` names one player (one took A♥), ``--dead`` the dead cards in one go."""
    return (
        _once(ace, "--ace", _("one player took A♥, so name one")),
        _once(dead, "--dead", _("name the cards once, e.g. --dead {cards}").format(cards=",".join(dead))),
    )


def round_entry(
    tokens: Sequence[str], ace: Sequence[str] = (), dead: Sequence[str] = (), cursed: Sequence[str] = ()
) -> Callable[[Match], QuickRound]:
    """A quick round entry: each player's hearts as a count or as heart cards; ``--ace``
    names one player and ``--dead`` the dead cards once, comma-separated."""

    def entry(match: Match) -> QuickRound:
        return quick_round(match.setup, tokens, *ace_and_dead(ace, dead), cursed)

    return entry


def quick_round(
    setup: Setup, tokens: Sequence[str], ace: str | None = None, dead: str | None = None, cursed: Sequence[str] = ()
) -> QuickRound:
    """A quick round entry read against ``setup``'s players."""
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


def bid_entry(tokens: Sequence[str]) -> Callable[[Match], Bids]:
    """blinde-liefde: ``NAME=N`` for every player."""

    def entry(match: Match) -> Bids:
        setup = match.setup
        bids: list[tuple[int, int]] = []
        for seat, value in _named_values(setup, tokens, "Anna=2").items():
            count = _count(value)
            if count is None:
                raise InputError(_("{name}={value}: a bid is a number of hearts, 0 to 13").format(name=setup.players[seat], value=value))
            bids.append((seat, count))
        return Bids(tuple(bids))

    return entry


def trick_entry(tokens: Sequence[str]) -> Callable[[Match], PlayTrick]:
    """The cards of one trick in play order; read before the file is (they name no player)."""
    trick = PlayTrick(tuple(parse_cards(" ".join(tokens))))
    return lambda match: trick


def play_entry(player: str, card: str) -> Callable[[Match], PlayCard]:
    """One card of the trick in progress, ``play Bram 9C``: the card is read before the
    file is, the player against the match's players."""
    played = Card.parse(card)
    return lambda match: PlayCard(match.setup.player(player), played)


def curse_entry(suit: str) -> Callable[[Match], CurseSuit]:
    """cupido: the cursed suit; read before the file is (it names no player)."""
    cursed = CurseSuit(parse_suit(suit))
    return lambda match: cursed
