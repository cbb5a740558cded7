"""A season's words, the same in the terminal (:mod:`referee.cli.stats_view`) and on the
season's page (:mod:`referee.web.season`): the files line, a game's matches, the dates
note, and the numbers of :meth:`referee.stats.season.Season.to_json` for people.

One style of numbers: each kind always with the same decimals (ratings and averages 1,
hearts a round 2, percentages none), written by :func:`referee.i18n.number` (a decimal
comma in Dutch, the minus sign ``−``). Nothing here imports more than the catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from referee.i18n import _, ngettext, number

#: The decimals of each kind of number of a season, wherever it is shown.
RATING, AVERAGE, HEARTS = 1, 1, 2


def files_read(files: Mapping[str, object]) -> str:
    """``3 finished matches, 3 unfinished, in 6 files read``: the files line of a season."""
    count, unfinished = _count(files["read"]), _count(files["unfinished"])
    read = ngettext("{count} file read", "{count} files read", count).format(count=count)
    counted = matches(_count(files["finished"]), unfinished)
    return (_("{matches}, in {files}") if unfinished else _("{matches} in {files}")).format(matches=counted, files=read)


def matches(finished: int, unfinished: int) -> str:
    """``3 finished matches, 3 unfinished`` (the unfinished ones only when there are)."""
    done = ngettext("{count} finished match", "{count} finished matches", finished).format(count=finished)
    if not unfinished:
        return done
    return _("{finished}, {unfinished}").format(finished=done, unfinished=ngettext("{count} unfinished", "{count} unfinished", unfinished).format(count=unfinished))


def game_heading(game: Mapping[str, object]) -> str:
    """``Smoorverliefd: 8 finished matches, 1 unfinished``: a game's heading."""
    return _("{title}: {matches}").format(title=game["title"], matches=matches(_count(game["matches"]), _count(game["unfinished"])))


def _count(value: object) -> int:
    """A count of :meth:`referee.stats.season.Season.to_json` (a whole number there)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"a season's count is a whole number, not {value!r}")


def dated_by_file(count: int) -> str:
    """The note on files older than the ``[played]`` table."""
    return ngettext(
        "{count} file was written before referee recorded dates: dated by its modification time",
        "{count} files were written before referee recorded dates: dated by their modification time",
        count,
    ).format(count=count)


def figure(value: float | None, places: int) -> str:
    """A value of the season for people, always with ``places`` decimals (``—`` for none)."""
    return "—" if value is None else number(value, places)


def change(value: float) -> str:
    """The last match's change of a rating: ``+1.2``, ``−0.4`` or ``±0``."""
    if trend(value) == "same":
        return "±0"
    return ("+" if value > 0 else "") + number(value, RATING)


def trend(value: float) -> Literal["up", "down", "same"]:
    """Whether a change (or a balance of wins and losses) goes up, down or nowhere, as
    shown (a rating's change rounds to 1 decimal)."""
    return "same" if abs(value) < 0.05 else "up" if value > 0 else "down"
