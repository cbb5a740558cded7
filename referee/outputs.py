"""The files a command writes besides the save-file engine's (issue 34 point 1: no
command writes over a file it did not make).

An output path (`export --bgsplay OUT`, `spell deck --template FILE`, `smitten study --out
FILE`) that exists is refused unless --force is given, and what referee keeps for a game
(its save file, the save file's .bak, a fair game's .NAME.fair secret, the seats' links
.NAME.seats, a writer's temporary file) is never written over, --force or not. The
save-file engine writes only its own files and never comes here. Above the save-file
engine: it asks which files are save files.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from referee.errors import InputError
from referee.files import file_type
from referee.i18n import _

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
        raise InputError(message.format(path=path, kind=file_type(mode)))
    if (mode is not None or os.path.islink(path)) and not force:
        raise InputError(_("{path} already exists; add {option} to write over it, or choose another file name").format(path=path, option=option))


def write_output(path: Path | str, data: bytes, force: bool) -> None:
    """Write ``data`` to ``path`` once :func:`output_file` allows it: all of it or nothing
    (a temporary file beside it, then linked into place, which never writes over a file
    that appeared meanwhile; with ``force``, renamed over the old one, so a symbolic link
    in its place is replaced, never followed)."""
    import contextlib

    from referee.savefile.storage import write_temporary  # the save-file engine's: flushed, synced, the umask's mode

    output_file(path, force)
    path = Path(path)
    temporary: str | None = None
    try:
        temporary = write_temporary(path, data)
        if force:
            os.replace(temporary, path)
            temporary = None
        else:
            try:
                os.link(temporary, path)  # never over a file that appeared meanwhile (FileExistsError)
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
