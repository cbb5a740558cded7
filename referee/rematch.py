"""A rematch: the next match's setup from the last one, for every game (issue 26).

The same players in the same seats, the same variants and options; the deal changes:
a seeded game gets a fresh seed (given by the caller: the rules draw nothing), a fair
game a fresh fair record (its commitment to a new secret), a game with the table's own
cards stays so. Who begins follows each game's rulebook, as its game object's ``rematch``
hook says (:class:`referee.box.Box`, in the game's ``box`` module): this module names
no game.

:func:`next_setup` is pure: values in, a setup out. :func:`write_rematch` writes the
next file, for the command line's `rematch` and the host's page alike.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from referee.fair.scheme import Fair

if TYPE_CHECKING:
    from referee.game import Rules
    from referee.savefile import Saved

T = TypeVar("T")


def renewed(old: T | None, new: T | None) -> T | None:
    """A seed or a fair record of the rematch: ``new`` where the last match had one (a
    seeded game stays seeded, a fair game fair), else None (the table's own cards)."""
    return None if old is None else new


def next_setup(game: str, state: object, seed: str | None, fair: Fair | None) -> object:
    """The setup of the rematch of the match ``state`` of ``game`` (the registry's name),
    as the game's ``rematch`` hook (:class:`referee.box.Box`) builds it: ``seed``
    replaces the old seed, if it had one; ``fair`` the old fair record, if it was fair."""
    from referee.games import game as registered

    return registered(game).load().rematch(state, seed, fair)


def write_rematch(game: str, rules: Rules[object, object, object, object], old: Saved[object], new_file: Path, location: str | None) -> Saved[object]:
    """Create ``new_file``, the rematch of the match ``old`` of ``game``: its setup from
    :func:`next_setup` with a fresh seed, a fresh fair record if it was fair, and what
    the table chose at ``new`` that the game's setup does not hold kept: the seats the
    referee plays (with a fresh seed of theirs) and whether take-backs are allowed.
    ``location`` None: where the last match was played."""
    from referee import savefile
    from referee.bots.seats import for_rematch
    from referee.fair import scheme
    from referee.fair.rules import record_of
    from referee.seeds import fresh_seed
    from referee.takebacks import KEY as TAKE_BACKS

    record, secret = None, None
    if record_of(rules, old.state) is not None:  # a fair game stays fair
        secret = scheme.new_secret()
        record = scheme.Fair(scheme.commitment(secret), secret, len(rules.seats(old.state)))
    setup = rules.write_setup(next_setup(game, old.state, fresh_seed(), record))
    if TAKE_BACKS in old.setup:
        setup = {**setup, TAKE_BACKS: old.setup[TAKE_BACKS]}
    where = location if location is not None else old.played.location
    return savefile.create(new_file, rules, setup, secret=secret, location=where, bots=for_rematch(old.setup) or ())
