"""Which seats are the referee's: the save file's ``[setup.bots]``, the same for every game.

A file with bot seats holds, in its ``[setup]``::

    [setup.bots]
    seed = "3f0c…"                 # drawn fresh at `new` (secrets); each decision's rng from it
    [setup.bots.seats]
    Daan = "strong"                # a seat's name (as the rules name it: "1", "2" in a
                                   # Smitten game without names) → its level

The table is the save-file engine's, not the game's: the engine hands the rules the
``[setup]`` without it (:func:`game_setup`), so no game reads or checks it, and a rematch
keeps it (:func:`for_rematch`). An event a bot made is marked ``bot = LEVEL``
(:data:`MARK`); the engine hands the rules the event without the mark (:func:`unmarked`).

Pure but for :func:`new_table` (a fresh seed); no import above the ground floor.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from referee.bots import DEFAULT_LEVEL, LEVELS
from referee.errors import InputError, quoted
from referee.i18n import _

#: The key of the bots' table in ``[setup]``.
KEY = "bots"
#: The key that marks an event as a bot's; its value is the bot's level.
MARK = "bot"


class BotSeats(NamedTuple):
    """The bot seats of a file: ``levels`` seat number (0-based) → level, and the seed."""

    levels: dict[int, str]
    seed: str

    def rng(self, seat: int, events: int) -> random.Random:
        """The generator of ``seat``'s decision after ``events`` events: seeded from the
        bot seed, the seat and the number of events, so a replayed decision is the same."""
        return random.Random(f"{self.seed}:{seat}:{events}")


def parse_spec(spec: str, seats: tuple[str, ...]) -> tuple[int, str]:
    """``SEAT[:LEVEL]`` as typed after ``--bot``: the seat (its name, any case, or its
    number from 1) and the level (:data:`LEVELS`, strong by default); InputError else.

    >>> parse_spec("daan:easy", ("Anna", "Daan"))
    (1, 'easy')
    >>> parse_spec("2", ("1", "2"))
    (1, 'strong')
    """
    name, sep, level = spec.rpartition(":") if ":" in spec else (spec, "", DEFAULT_LEVEL)
    name, level = name.strip(), level.strip().lower()
    if sep and level not in LEVELS:
        message = _("--bot {spec}: unknown level {level}; a bot plays at {levels}")
        raise InputError(message.format(spec=quoted(spec), level=quoted(level), levels=", ".join(LEVELS)))
    lowered = [seat.lower() for seat in seats]
    if name.lower() in lowered:
        return lowered.index(name.lower()), level
    if name.isdigit() and 1 <= int(name) <= len(seats):
        return int(name) - 1, level
    message = _("--bot {spec}: no such seat; the seats are {seats} (or their numbers 1–{count})")
    raise InputError(message.format(spec=quoted(spec), seats=", ".join(seats), count=len(seats)))


def levels_of(specs: Iterable[str], seats: tuple[str, ...]) -> dict[int, str]:
    """Every ``--bot`` given, checked: seat → level; a seat named twice is refused."""
    levels: dict[int, str] = {}
    for spec in specs:
        seat, level = parse_spec(spec, seats)
        if seat in levels:
            raise InputError(_("--bot {seat} is given twice; name each bot seat once").format(seat=quoted(seats[seat])))
        levels[seat] = level
    return levels


def new_table(levels: Mapping[int, str], seats: tuple[str, ...]) -> dict[str, object]:
    """The ``[setup.bots]`` table of a new file: the levels by seat name and a fresh seed."""
    import secrets

    return {"seed": secrets.token_hex(16), "seats": {seats[seat]: level for seat, level in sorted(levels.items())}}


def for_rematch(setup: Mapping[str, object]) -> dict[str, object] | None:
    """A rematch's ``[setup.bots]``: the same seats at the same levels, a fresh seed
    (None when the last match had no bots)."""
    import secrets

    table = setup.get(KEY)
    if not isinstance(table, Mapping):
        return None
    return {**table, "seed": secrets.token_hex(16)}


def game_setup(setup: Mapping[str, object]) -> Mapping[str, object]:
    """``[setup]`` as the game's rules read it: without the bots' table."""
    return setup if KEY not in setup else {key: value for key, value in setup.items() if key != KEY}


def unmarked(event: Mapping[str, object]) -> Mapping[str, object]:
    """An event as the game's rules read it: without the bot's mark."""
    return event if MARK not in event else {key: value for key, value in event.items() if key != MARK}


def bot_seats(setup: Mapping[str, object], seats: tuple[str, ...]) -> BotSeats | None:
    """The file's bot seats (None: none), read from ``[setup.bots]`` against the seats'
    names; InputError for a table of the wrong shape (a hand-edited file)."""
    table = setup.get(KEY)
    if table is None:
        return None
    named = table.get("seats") if isinstance(table, Mapping) else None
    seed = table.get("seed") if isinstance(table, Mapping) else None
    if not isinstance(named, Mapping) or not isinstance(seed, str) or not seed:
        raise InputError(_("[setup.bots] needs a `seed` (text) and a table `seats` (a seat's name = its level)"))
    levels: dict[int, str] = {}
    for name, level in named.items():
        if name not in seats or level not in LEVELS:
            raise InputError(
                _("[setup.bots.seats]: {name} = {level} is not a seat and a level ({levels})").format(
                    name=quoted(str(name)), level=quoted(str(level)), levels=", ".join(LEVELS)
                )
            )
        levels[seats.index(name)] = str(level)
    return BotSeats(levels, seed)


def bot_seat_names(setup: Mapping[str, object]) -> tuple[str, ...]:
    """The names of the bot seats in ``[setup.bots.seats]``, as written (for a season, which
    reads the table without the rules); () when there are none or it is malformed."""
    table = setup.get(KEY)
    named = table.get("seats") if isinstance(table, Mapping) else None
    return tuple(str(name) for name in named) if isinstance(named, Mapping) else ()


def check_dealt(file_format: str, state: object) -> None:
    """A bot plays only where the referee deals the cards (its game's ``Box.referee_deals``): an
    ``InputError`` otherwise (a virtual deck is needed: ``--seed`` or ``--fair``)."""
    from referee.games import by_format

    spec = by_format(file_format)
    referee_deals = None if spec is None else spec.load().referee_deals
    if referee_deals is not None and not referee_deals(state):
        raise InputError(_("a bot plays only with a deck the referee deals (--seed or --fair, drafted through the referee): it cannot see cards on the table"))
