"""The two ways a request can fail, and how they map onto exit codes.

Like python-chess's ``InvalidMoveError`` / ``IllegalMoveError``: input that cannot be
used at all (exit 2) is a different thing from input that is understood but forbidden
by the rules (exit 1). Rules modules raise these; only the CLI turns them into exits.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RefereeError(Exception):
    """Base class: carries a one-line message meant for the person at the table."""

    exit_code = 2


class InputError(RefereeError, ValueError):
    """The input cannot be used: unparseable card, unknown player, damaged file (exit 2)."""

    exit_code = 2


class RuleError(RefereeError):
    """The input is understood but the rules say no: illegal move, bad trick (exit 1)."""

    exit_code = 1


def quoted(text: str) -> str:
    """User text for a message: quoted, with control characters escaped, on one line."""
    return repr(text)


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The closest valid spelling of ``word`` among ``choices``, if one is close enough."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def choose(word: str, choices: Iterable[str], what: str) -> str:
    """Return the choice ``word`` names (case-insensitive) or raise a helpful InputError.

    >>> choose("SMITTEN", ["smitten", "french52"], "game")
    'smitten'
    """
    choices = list(choices)
    for choice in choices:
        if word.lower() == choice.lower():
            return choice
    from referee.i18n import _

    message = _("unknown {what} {word}").format(what=_(what), word=quoted(word))
    guess = nearest(word, choices)
    if guess:
        message += _(" — did you mean {guess}?").format(guess=guess)
    else:
        message += _(" — choose one of: {choices}").format(choices=", ".join(choices))
    raise InputError(message)
