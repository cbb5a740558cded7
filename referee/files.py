"""Files people name on the command line: refused at once when they cannot be read as a
file (issue 21 point 3).

Opening a named pipe (FIFO) for reading waits until something writes to it, which at a
game table is never: the command would hang. A folder, a device or a socket is no save
file, deck or word list either, and a path longer than the file system allows is a typing
slip. :func:`regular_file` is the one check, called where each kind of file is opened
(save files, deck files, ``file:`` word lists, house lists) before it is opened.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Literal

from referee.errors import InputError
from referee.i18n import _

#: What the file was named as; the message says it in words.
Kind = Literal["save file", "deck file", "word list", "house list"]


def regular_file(path: Path | str, kind: Kind) -> None:
    """Refuse ``path`` (an ``InputError``, exit 2) unless it is a regular file, a link to
    one, or missing (the caller says how to make a missing file). Never opens it."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return
    except OSError as error:  # a name too long for the file system, a folder without access…
        message = _("cannot read {path} as {what}: {reason}")
        raise InputError(message.format(path=path, what=_what(kind), reason=error.strerror or error)) from None
    if not stat.S_ISREG(mode):
        message = _("{path} is {kind}, not {what}")
        raise InputError(message.format(path=path, kind=file_type(mode), what=_what(kind)))


def _what(kind: Kind) -> str:
    return {
        "save file": _("a save file"),
        "deck file": _("a deck file"),
        "word list": _("a word list"),
        "house list": _("a house list"),
    }[kind]


def file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")
