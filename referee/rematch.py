"""A rematch: the next match's setup from the last one, for every game (issue 26).

The same players in the same seats, the same variants and options; the deal changes:
a seeded game gets a fresh seed (given by the caller: the rules draw nothing), a fair
game a fresh fair record (its commitment to a new secret), a game with the table's own
cards stays so. Who begins follows each game's rulebook, as its game object's ``rematch``
hook says (:class:`referee.box.Box`, in the game's ``box`` module): this module names
no game.

Pure: values in, a setup out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from referee.fair.scheme import Fair

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
