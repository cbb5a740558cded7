"""The two ways a request can fail, and how they map onto exit codes.

Like python-chess's ``InvalidMoveError`` / ``IllegalMoveError``: input that cannot be
used at all (exit 2) is a different thing from input that is understood but forbidden
by the rules (exit 1). Rules modules raise these; only the CLI turns them into exits.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, ClassVar, Literal

if TYPE_CHECKING:
    from referee.game import Refusal


class RefereeError(Exception):
    """Base class: carries a one-line message meant for the person at the table."""

    exit_code = 2


class InputError(RefereeError, ValueError):
    """The input cannot be used: unparseable card, unknown player, damaged file (exit 2)."""

    exit_code = 2


class Interrupted(RefereeError):
    """The person stopped the command (Ctrl-C): exit 130, the shell's code for a command
    ended by SIGINT (128 + 2), so that a script tells it from unusable input (exit 2)."""

    exit_code = 130


class RuleError(RefereeError):
    """The input is understood but the rules say no: illegal move, bad trick (exit 1)."""

    exit_code = 1


def prefixed(error: RefereeError, prefix: str) -> RefereeError:
    """A save file's event refused: ``error`` with ``prefix`` before its message ("event 4
    (trick): …"), and the same exit code; a refusal is worded here, in the chosen language,
    naming the file's keys rather than the command line's options."""
    kind = InputError if error.exit_code == 2 else RuleError
    return kind(prefix + file_words(error))


def file_words(error: RefereeError) -> str:
    """The message of ``error`` raised by a save file's event: a refusal names the
    file's keys (`ace`), not the command line's options (--ace)."""
    return error.worded(in_file=True) if isinstance(error, Refused) else str(error)


def quoted(text: str) -> str:
    """User text for a message: quoted, with control characters escaped, on one line."""
    return repr(text)


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The closest valid spelling of ``word`` among ``choices``, if one is close enough."""
    choices = list(choices)
    lowered = {c.lower(): c for c in choices}
    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


#: What :func:`choose` chooses among, as its message names it.
Choice = Literal[
    "game", "mode", "smitten mode", "difficulty", "event kind", "variant", "wordfreq language",
    "dictionary kind", "built-in dictionary",
]


def _unknown(what: Choice) -> str:
    """"unknown game {word}": the whole message per kind of choice, so that a language
    that inflects the adjective with the noun (Dutch: onbekend spel, onbekende modus) can."""
    from referee.i18n import _

    return {
        "game": _("unknown game {word}"),
        "mode": _("unknown mode {word}"),
        "smitten mode": _("unknown smitten mode {word}"),
        "difficulty": _("unknown difficulty {word}"),
        "event kind": _("unknown event kind {word}"),
        "variant": _("unknown variant {word}"),
        "wordfreq language": _("unknown wordfreq language {word}"),
        "dictionary kind": _("unknown dictionary kind {word}"),
        "built-in dictionary": _("unknown built-in dictionary {word}"),
    }[what]


def choose(word: str, choices: Iterable[str], what: Choice) -> str:
    """Return the choice ``word`` names (case-insensitive) or raise a helpful InputError.

    >>> choose("SMITTEN", ["smitten", "french52"], "game")
    'smitten'
    """
    choices = list(choices)
    for choice in choices:
        if word.lower() == choice.lower():
            return choice
    from referee.i18n import _

    message = _unknown(what).format(word=quoted(word))
    guess = nearest(word, choices)
    if guess:
        message += _(" — did you mean {guess}?").format(guess=guess)
    else:
        message += _(" — choose one of: {choices}").format(choices=", ".join(choices))
    raise InputError(message)


class Refused(RuleError):
    """The rules refuse an action (:class:`referee.game.Refusal`): raised by a game's
    ``apply`` and by the save-file engine, carrying the value, not words.

    Its message is the game's voice wording the refusal in the chosen language, given the
    ``state`` the action was refused in (the voice names seats from it). The voice is
    found by the save file's ``game`` format through :attr:`wording`, which the registry
    (:mod:`referee.games`) sets when it is imported: this ground-floor module imports
    nothing above it. ``exit_code`` is the refusal's: 1 when the rules say no, 2 when
    the input cannot be used at all.
    """

    #: ``wording(refused, in_file)``: the refusal in the words of its game's voice, or
    #: None for a format no game has (then the value's repr stands).
    wording: ClassVar[Callable[[Refused, bool], str | None]] = staticmethod(lambda refused, in_file: None)

    def __init__(self, refusal: Refusal, game: str, state: object) -> None:
        super().__init__(refusal)
        self.refusal, self.game, self.state = refusal, game, state
        self.exit_code = refusal.exit_code

    def __str__(self) -> str:
        return self.worded()

    def worded(self, in_file: bool = False) -> str:
        """The refusal in the voice's words; ``in_file``: as a save file's event."""
        words = Refused.wording(self, in_file)
        return repr(self.refusal) if words is None else words
