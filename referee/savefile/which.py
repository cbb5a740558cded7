"""Which game a file holds: the one reader of a save file's ``format`` for choosing a
game (table mode, `spell challenge`'s two forms, shell completion).

Only the file's top-level ``format = "…"`` is looked at, read as TOML; the rest of the
file is judged later, when it is loaded through the game's rules.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.games import SomeSpec

#: A save file's format line is near its top; nothing larger is read to find it.
_HEAD = 64 * 1024


def file_format(path: Path) -> str | None:
    """The ``format`` of the save file at ``path``, or None when it is not a readable
    TOML file with a format (never raises: for completion and for choosing a form)."""
    import stat
    import tomllib

    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return None
        with open(path, "rb") as handle:
            head = handle.read(_HEAD)
    except (OSError, ValueError):
        return None
    found = _format_line(head)
    if found is None:
        return None
    try:
        value = tomllib.loads(found).get("format")
    except tomllib.TOMLDecodeError:
        return None
    return value if isinstance(value, str) else None


def _format_line(head: bytes) -> str | None:
    """The top-level ``format = …`` line of a file's head (before any table header)."""
    for raw in head.splitlines():
        line = raw.decode("utf-8", "replace").strip()
        if line.startswith("["):
            return None
        key, sep, _value = line.partition("=")
        if sep and key.strip() in ("format", '"format"'):
            return line
    return None


def game_of(path: Path) -> SomeSpec:
    """The registered game whose save file ``path`` is, or an InputError that says why
    not (missing, unreadable, not a referee file)."""
    from referee import games
    from referee.errors import InputError, quoted
    from referee.i18n import _

    from referee.files import regular_file

    regular_file(path, "save file")
    if not path.exists():
        raise InputError(_("{path} does not exist").format(path=quoted(str(path))))
    found = file_format(path)
    spec = None if found is None else games.by_format(found)
    if spec is None:
        known = ", ".join(game.format for game in games.GAMES)
        message = _("{path} is not a game file of referee (its format is {format}; known: {known})")
        raise InputError(message.format(path=quoted(str(path)), format=quoted(str(found)) if found else _("missing"), known=known))
    return spec
