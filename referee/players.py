"""Players at the table: names checked once, and found again from what people type."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.errors import InputError, nearest, quoted
from referee.i18n import _


def check_names(players: Sequence[str]) -> None:
    """Every player has a different, printable name that can be typed in an entry.

    A name cannot hold ``=`` (entries read ``NAME=VALUE``), start with ``-`` (it would be
    read as an option), hold control characters or begin or end with a space.
    """
    seen: set[str] = set()
    for name in players:
        if not name.strip() or name != name.strip() or "=" in name or name.startswith("-") or not name.isprintable():
            message = _("{name} cannot be a player's name: use a non-empty name without '=', a leading '-', control characters or spaces at its ends")
            raise InputError(message.format(name=quoted(name)))
        if name.casefold() in seen:
            raise InputError(_("two players are called {name}; give every player a different name").format(name=quoted(name)))
        seen.add(name.casefold())


#: The longest name a new game takes: a name is typed in entries and shown in every
#: column of the score sheet. Files written before the limit still load.
LONGEST_NAME = 40


def check_new_names(players: Sequence[str]) -> None:
    """A new game's names are at most :data:`LONGEST_NAME` characters long (checked when
    the game starts, by the save-file engine's ``create``, for every game)."""
    for name in players:
        if len(name) > LONGEST_NAME:
            message = _("{name} is {length} characters long; a player's name may have at most {limit}")
            raise InputError(message.format(name=quoted(name[:LONGEST_NAME] + "…"), length=len(name), limit=LONGEST_NAME))


def folded(name: str) -> str:
    """A name as people may type it: without case and accents (``Élodie`` → ``elodie``)."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", name.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def seat_of(name: str, players: Sequence[str]) -> int:
    """The seat of the player called ``name``: case and accents do not matter (``elodie``
    for Élodie), and any unambiguous start of a name will do (``b`` for Bram), so entries
    are quick to type. An exact spelling wins over one that only matches without accents.
    (A name as it is written, which is how files hold it, is found at once: the players'
    names differ even without case, :func:`check_names`.)"""
    if name in players:
        return players.index(name)
    for fold in (lambda text: text.strip().casefold(), folded):
        wanted = fold(name)
        matching = [seat for seat, player in enumerate(players) if fold(player) == wanted]
        if len(matching) == 1:
            return matching[0]
    wanted = folded(name)
    starting = [seat for seat, player in enumerate(players) if wanted and folded(player).startswith(wanted)]
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        could_be = _(" or ").join(players[s] for s in starting)
        raise InputError(_("{name} could be {players}; type more of the name").format(name=quoted(name), players=could_be))
    guess = nearest(name, players)
    hint = _(" — did you mean {guess}?").format(guess=guess) if guess else _("; the players are {players}").format(players=", ".join(players))
    raise InputError(_("unknown player {name}").format(name=quoted(name)) + hint)


def players_from_setup(table: Mapping[str, object]) -> list[str]:
    """The ``players`` list of a save file's ``[setup]``."""
    players = table.get("players")
    if not isinstance(players, list) or not all(isinstance(player, str) for player in players):
        raise InputError("`players` must be a list of names")
    return players


def starting(words: list[str], typed: str) -> list[str]:
    """The words that start with what is typed, ignoring case and accents, as entries read
    names (``elo`` for Élodie): what completion offers, in the shell and in table mode."""
    start = folded(typed)
    return [word for word in words if folded(word).startswith(start)]
