"""What a game gives table mode (its registry line's ``table``: "module:HOOKS"), and the
small helpers hooks share.

A game's hooks complete the words of its entries and word its status line from the
state its rules replay; table mode itself names no game. A game without hooks still
gets a session: its commands and options complete, and the status line names the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar

StateT = TypeVar("StateT", contravariant=True)


class StatusLine(Protocol):
    """One line of the status line, plain or coloured (``referee.cli.output.Line``)."""

    @property
    def plain(self) -> str: ...

    def ansi(self) -> str: ...


class TableHooks(Protocol[StateT]):
    """A game's table-mode hooks; the optional ones (``countdown``) have their defaults
    in :class:`Hooks`, which a game's hooks extend."""

    def complete(self, state: StateT, command: str, words: list[str]) -> list[str]:
        """What the next word of an entry may be: ``command`` is the game's command
        (its English name), ``words`` the words typed after it, options included (the
        last one may be an option waiting for its value, such as ``--ace``). The
        session keeps those that start with what is being typed."""
        ...

    def status(self, state: StateT) -> Sequence[StatusLine]:
        """The status line: what the game waits for now, the totals."""
        ...

    def countdown(self, state: StateT) -> Countdown | None:
        """The clock that runs in ``state`` now (Spellcrafter's crafting clock); None
        while none runs, or for a game without one."""
        ...


class Hooks(Generic[StateT]):
    """The defaults of a game's optional table-mode hooks: no clock."""

    def countdown(self, state: StateT) -> Countdown | None:
        return None


@dataclass(frozen=True)
class Countdown:
    """A clock the table watches (Spellcrafter's crafting clock), as a game's hooks may
    give it (an optional ``countdown(state)``, None while no clock runs): when it reaches
    zero, and the line that tells the table so. It only shows: nothing is refused at zero.
    ``start`` is when it started, as the file records it (a time :func:`referee.moments.
    moment_of` reads), and ``seconds`` how long it runs."""

    start: str
    seconds: int
    over: str

    @property
    def ends(self) -> datetime:
        """When the clock reaches zero."""
        from referee.spellcrafter.clock import ends

        end = ends(self.start, self.seconds)
        assert end is not None, "a countdown starts at a time"
        return end


class Plain:
    """A status line of plain text (no colour)."""

    def __init__(self, text: str) -> None:
        self.plain = text

    def ansi(self) -> str:
        return self.plain


def command_name(group: Any, command: Any) -> str:
    """The name of the command an entry runs as the hooks know it: a hidden command that
    is another name of a command shown (Smoorverliefd's `slag`) is that command (`trick`).
    Typer wraps each command's function anew, so they are matched by the function wrapped."""

    def function(found: Any) -> Any:
        return getattr(found.callback, "__wrapped__", found.callback)

    if not command.hidden:
        return str(command.name)
    wrapped = function(command)
    shown = (name for name, other in group.commands.items() if not other.hidden and function(other) is wrapped)
    return next(shown, str(command.name))


def entered(players: Sequence[str], words: Iterable[str]) -> set[int]:
    """The seats already named in an entry's words (``Anna=3``, ``anna``, ``élodie``,
    ``b=0`` for Bram): names are read as entries read them (:func:`referee.players.seat_of`)."""
    from referee.errors import InputError
    from referee.players import seat_of

    seats = set()
    for word in words:
        if not word.startswith("-"):
            try:
                seats.add(seat_of(word.partition("=")[0], players))
            except InputError:
                pass
    return seats


def names(players: Sequence[str], words: Iterable[str] = (), *, suffix: str = "") -> list[str]:
    """The players not named yet in ``words``, each followed by ``suffix`` (``=``)."""
    taken = entered(players, words)
    return [f"{player}{suffix}" for seat, player in enumerate(players) if seat not in taken]


def option_waiting(words: Sequence[str]) -> str | None:
    """The option whose value is being typed (``--ace`` in ``round a=3 --ace``), if any."""
    return words[-1] if words and words[-1].startswith("--") else None
