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
        raise InputError(message.format(path=path, kind=_file_type(mode), what=_what(kind)))


def _what(kind: Kind) -> str:
    return {
        "save file": _("a save file"),
        "deck file": _("a deck file"),
        "word list": _("a word list"),
        "house list": _("a house list"),
    }[kind]


def _file_type(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a named pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    return _("not a regular file")


# --- files a command writes -----------------------------------------------------------------
#
# Issue 34 point 1: no command writes over a file it did not make. An output path (`export
# --bgsplay OUT`, `spell deck --template FILE`, `smitten study --out FILE`) that exists is
# refused unless --force is given, and what referee keeps for a game (its save file, the
# save file's .bak, a fair game's .NAME.fair secret, the seats' links .NAME.seats, a
# writer's temporary file) is never written over, --force or not. The save-file engine
# writes only its own files and never comes here.

#: The first line of the files referee keeps beside a save file (:mod:`referee.savefile.sidecar`,
#: :mod:`referee.web.links`): recognised by what they hold even under another name.
_KEPT_HEADERS = (b"# referee: the secret of a fair game", b"# referee serve: the seats' secret links")


def kept_by_referee(path: Path | str) -> str | None:
    """What referee keeps at ``path`` for a game, in words ("a save file", "the backup of
    game.toml"…), or None: by the file's name beside its save file, and by what it holds
    (a copy or a link of a save file is one too). The place a symbolic link points to is
    judged, as that is where a write through it would land."""
    path = Path(path)
    for place in dict.fromkeys((path, Path(os.path.realpath(path)))):
        found = _kept_at(place)
        if found is not None:
            return found
    return None


def _kept_at(path: Path) -> str | None:
    if not os.path.lexists(path):
        return None
    name, folder = path.name, path.parent
    if name.endswith(".bak") and _is_save_file(folder / name[: -len(".bak")]):
        return _("the backup of {file}").format(file=name[: -len(".bak")])
    for suffix, what in ((".fair", _("the secret of the fair game {file}")), (".seats", _("the seats' links of {file}"))):
        if name.startswith(".") and name.endswith(suffix) and _is_save_file(folder / name[1 : -len(suffix)]):
            return what.format(file=name[1 : -len(suffix)])
    if name.startswith(".") and name.endswith(".tmp"):
        owner = name[1:].split(".")
        for cut in range(len(owner) - 1, 0, -1):  # `.game.toml.x1y2.tmp`, `.game.toml.bak.123.tmp`…
            if _is_save_file(folder / ".".join(owner[:cut])):
                return _("a temporary file of {file}").format(file=".".join(owner[:cut]))
    if not os.path.isfile(path):
        return None
    if _is_save_file(path):  # a save file, or a copy of one (its .bak renamed)
        return _("a referee save file")
    try:
        with open(path, "rb") as handle:
            head = handle.read(64)
    except OSError:
        return None
    if head.startswith(_KEPT_HEADERS[0]):
        return _("a fair game's secret")
    if head.startswith(_KEPT_HEADERS[1]):
        return _("the seats' secret links of a game")
    return None


def _is_save_file(path: Path) -> bool:
    """Whether ``path`` holds the ``format`` of a registered game's save file."""
    from referee import games
    from referee.savefile.which import file_format

    found = file_format(path)
    return found is not None and games.by_format(found) is not None


def output_file(path: Path | str, force: bool, option: str = "--force") -> None:
    """Refuse (``InputError``, exit 2) to write ``path`` when it is something referee keeps
    for a game (whatever ``force`` says), a folder or a device, or (without ``force``) any
    file that exists already. One line, naming the file and what to do."""
    kept = kept_by_referee(path)
    if kept is not None:
        message = _("{path} is {what}; referee never writes over it, {option} or not: choose another file name")
        raise InputError(message.format(path=path, what=kept, option=option))
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        mode = None
    except OSError as error:
        raise InputError(_("cannot write {path}: {reason}").format(path=path, reason=error.strerror or error)) from None
    if mode is not None and not stat.S_ISREG(mode):
        message = _("{path} is {kind}; name a file to write")
        raise InputError(message.format(path=path, kind=_file_type(mode)))
    if (mode is not None or os.path.islink(path)) and not force:
        raise InputError(_("{path} already exists; add {option} to write over it, or choose another file name").format(path=path, option=option))


def write_output(path: Path | str, data: bytes, force: bool) -> None:
    """Write ``data`` to ``path`` once :func:`output_file` allows it: all of it or nothing
    (a temporary file beside it, then linked into place, which never writes over a file
    that appeared meanwhile; with ``force``, renamed over the old one, so a symbolic link
    in its place is replaced, never followed)."""
    import contextlib
    import tempfile

    output_file(path, force)
    path = Path(path)
    temporary: str | None = None
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        if force:
            os.replace(temporary, path)
            temporary = None
        else:
            try:
                os.link(temporary, path)
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                with open(path, "xb") as out:
                    out.write(data)
    except FileExistsError:
        raise InputError(_("{path} already exists; add {option} to write over it, or choose another file name").format(path=path, option="--force")) from None
    except OSError as error:
        raise InputError(_("cannot write {path}: {reason}").format(path=path, reason=error.strerror or error)) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
