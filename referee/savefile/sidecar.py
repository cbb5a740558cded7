"""A fair game's secret, kept beside its save file until the reveal.

The secret (:mod:`referee.fair.scheme`) must not be in the save file, a page, an event stream or
any JSON before the reveal, and must survive between commands: it is kept in
``.NAME.fair`` beside the file ``NAME``, readable by its owner only (as ``referee serve``
keeps the seats' links in ``.NAME.seats``). The save-file engine reads it when it loads a
fair file (:func:`referee.savefile.rules_setup`), writes it at ``new --fair``, and removes
it once the reveal has written the secret into the save file. It is never printed, and a
message names it by its name only (never its place on the host's machine: the server
shows a file's problems to every page). One that other users of the machine may read or
change is refused, saying how to make it private: its secret may be known already.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from referee.i18n import _
from referee.savefile.storage import SaveFileError

_HEX64 = re.compile(r"[0-9a-f]{64}")
HEADER = "# referee: the secret of a fair game; keep it private until the reveal\n"


def secret_path(game_file: Path) -> Path:
    """Where a fair game's secret is kept: ``.NAME.fair`` beside the file (its real
    place, when it is reached through a symbolic link)."""
    real = Path(os.path.realpath(game_file))
    return real.with_name(f".{real.name}.fair")


def keep(game_file: Path, secret: bytes) -> Path:
    """Write the secret beside ``game_file`` (mode 0600), all of it or nothing: it is
    written to a temporary file first, then linked into place, which never overwrites
    one. A full disk leaves no partial ``.NAME.fair`` behind."""
    import tempfile

    path = secret_path(game_file)
    exists = _("{path} already exists (the secret of another fair game?); remove it or choose another file name")
    if path.exists() or path.is_symlink():
        raise SaveFileError(exists.format(path=path.name))
    temporary: str | None = None
    try:
        descriptor, temporary = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)  # mode 0600
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(HEADER + secret.hex() + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.link(temporary, path)  # atomic, and never over an existing file
    except FileExistsError:
        raise SaveFileError(exists.format(path=path.name)) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise SaveFileError(_("cannot write {path}: {reason}; nothing was changed").format(path=path.name, reason=reason)) from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
    return path


def read(game_file: Path, commitment: object) -> str:
    """The kept secret, as hex; ``SaveFileError`` (exit 2) when it is missing, damaged, or
    not the secret ``commitment`` is to (another game's ``.NAME.fair``, copied over, or
    left behind when the game file was renamed)."""
    from referee.fair.scheme import check_commitment

    path = secret_path(game_file)
    try:
        _private(path)
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        message = _(
            "{file} is a fair game whose secret is kept in {path}, and that file is missing: "
            "the game cannot deal without it; restore it from where {file} was copied from"
        )
        raise SaveFileError(message.format(file=game_file.name, path=path.name)) from None
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise SaveFileError(_("cannot read {path}: {reason}").format(path=path.name, reason=reason)) from None
    kept = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    if len(kept) != 1 or not _HEX64.fullmatch(kept[0]):
        raise SaveFileError(_("{path} is damaged: it should hold one line of 64 hex digits").format(path=path.name))
    if isinstance(commitment, str) and not check_commitment(bytes.fromhex(kept[0]), commitment):
        message = _(
            "the secret kept in {path} is not the one {file} is committed to (another game's?); "
            "a fair game's secret goes with its file: rename or move {path} along with {file}"
        )
        raise SaveFileError(message.format(path=path.name, file=game_file.name))
    return kept[0]


def _private(path: Path) -> None:
    """Refuse a kept secret that users other than its owner may read or change (where
    files have owners: not on Windows). ``FileNotFoundError`` when there is none."""
    import stat

    mode = os.stat(path).st_mode
    if os.name == "posix" and stat.S_IMODE(mode) & 0o077:
        message = _(
            "{path} holds the secret of a fair game, and other users of this machine may read it "
            "(its permissions are {mode}); make it private with `chmod 600 {path}` and try again "
            "(if someone else may have read it, the deals are no longer secret: start a new fair game)"
        )
        raise SaveFileError(message.format(path=path.name, mode=stat.filemode(mode)))


def remove(game_file: Path) -> None:
    """Remove the kept secret (after the reveal wrote it into the save file)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(secret_path(game_file))
