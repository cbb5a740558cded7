"""What people type, as the save file's events that the game's one parser reads
(:func:`referee.smoorverliefd.actions.decode`, through :func:`referee.savefile.record`).

``Anna=3``, ``anna=AH,10H``, ``--ace cees``, ``--dead 7h`` become
``{"kind": "round", "hearts": {"Anna": 3, "Bram": ["AH,10H"]}, "ace": "Cees", "dead": ["7h"]}``:
the names are resolved against the match's players (any unambiguous start of a name),
the values kept as typed (a count as a number); the parser reads the cards and the rules
(``Match.refusal``) then decide whether it may happen, as for a file's event or a phone's.

Each entry is a function of the match giving the event (what ``savefile.record`` takes):
names are read against the match's players once the file is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from referee.errors import InputError, quoted
from referee.i18n import _
from referee.smoorverliefd.actions import seated
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup

#: A save file's event as an entry builds it (read back by the game's parser).
Event = dict[str, object]


def named(token: str, example: str) -> tuple[str, str]:
    """A ``NAME=VALUE`` token, as its name and its value (a bid ``Anna=3``, a player's
    hearts ``Bram=AH,10H``).

    >>> named("Anna=3", "Anna=2"), named(" bram = AH,10H", "Anna=2")
    (('Anna', '3'), ('bram', 'AH,10H'))
    >>> named("Anna", "Anna=2")
    Traceback (most recent call last):
    referee.errors.InputError: 'Anna' is not an entry; write NAME=VALUE, e.g. Anna=2
    """
    name, sep, value = token.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise InputError(_("{token} is not an entry; write NAME=VALUE, e.g. {example}").format(token=quoted(token), example=example))
    return name.strip(), value.strip()


def _named_values(setup: Setup, tokens: Sequence[str], example: str) -> dict[str, str]:
    """``NAME=VALUE`` tokens by the players' names, in seating order; a name only once
    (:func:`~referee.smoorverliefd.actions.seated`, as a file's table is read)."""
    by_seat = seated(setup, (named(token, example) for token in tokens))
    return {setup.players[seat]: by_seat[seat] for seat in sorted(by_seat)}


def count(value: str) -> int | str:
    """A value typed as a whole number, signed or not, as that number (``-1`` is a count
    the rules refuse, not a card); anything else as typed, for the parser to read.

    >>> count("3"), count("−1"), count("AH,10H")
    (3, -1, 'AH,10H')
    """
    digits = value.replace("\N{MINUS SIGN}", "-")
    unsigned = digits[1:] if digits[:1] in ("-", "+") else digits
    return int(digits) if unsigned.isascii() and unsigned.isdigit() else value


def _hearts(name: str, value: str) -> int | list[str]:
    """A player's hearts as typed: a count, or the heart cards (one text, which the parser
    reads as cards). A word such as ``three`` is no attempt at cards (a card is a rank and
    a suit), so it is not explained as one."""
    counted = count(value)
    if isinstance(counted, int):
        return counted
    if value.isalpha() and len(value) > 2:
        message = _("{value} is not a number of hearts nor a list of cards; write a count ({name}=3) or the heart cards ({name}=AH,10H)")
        raise InputError(message.format(value=quoted(value), name=name))
    return [value]


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


def round_entry(tokens: Sequence[str], ace: Sequence[str] = (), dead: Sequence[str] = (), cursed: Sequence[str] = ()) -> Callable[[Match], Event]:
    """A quick round entry: each player's hearts as a count or as heart cards; ``--ace``
    names one player and ``--dead`` the dead cards once, comma-separated."""

    def entry(match: Match) -> Event:
        return quick_round(match.setup, tokens, *ace_and_dead(ace, dead), cursed)

    return entry


def quick_round(setup: Setup, tokens: Sequence[str], ace: str | None = None, dead: str | None = None, cursed: Sequence[str] = ()) -> Event:
    """A quick round entry as its event, its names read against ``setup``'s players."""
    hearts = {name: _hearts(name, value) for name, value in _named_values(setup, tokens, "Anna=3 or Anna=AH,10H").items()}
    event: Event = {"kind": "round", "hearts": hearts}
    if ace is not None:
        event["ace"] = setup.players[setup.player(ace)]
    if dead is not None:
        event["dead"] = [dead]
    if cursed:
        event["cursed"] = [setup.players[setup.player(name)] for name in cursed]
    return event


def bid_entry(tokens: Sequence[str]) -> Callable[[Match], Event]:
    """blinde-liefde: ``NAME=N`` for every player (or, one seat at a time, for some).

    >>> from referee.smoorverliefd.actions import decode
    >>> setup = Setup.build(["Anna", "Bram", "Cees"], variants=["blinde-liefde"])
    >>> event = bid_entry(["c=3", "anna=1"])(Match.start(setup)); event
    {'kind': 'bid', 'bids': {'Anna': 1, 'Cees': 3}}
    >>> decode(setup, event).notation(setup)
    'Anna=1 Cees=3'
    """

    def entry(match: Match) -> Event:
        return {"kind": "bid", "bids": {name: count(value) for name, value in _named_values(match.setup, tokens, "Anna=2").items()}}

    return entry


def trick_entry(tokens: Sequence[str]) -> Callable[[Match], Event]:
    """The cards of one trick in play order, as typed (they name no player)."""
    event: Event = {"kind": "trick", "cards": [" ".join(tokens)]}
    return lambda match: event


def play_entry(player: str, card: str) -> Callable[[Match], Event]:
    """One card of the trick in progress, ``play Bram 9C``: the player read against the
    match's players."""
    return lambda match: {"kind": "play", "player": match.setup.players[match.setup.player(player)], "card": card}


def curse_entry(suit: str) -> Callable[[Match], Event]:
    """cupido: the cursed suit, as typed (it names no player)."""
    event: Event = {"kind": "curse", "suit": suit}
    return lambda match: event
