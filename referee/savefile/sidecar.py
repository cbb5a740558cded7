"""A fair game's secret, kept beside its save file until the reveal.

The secret (:mod:`referee.fair`) must not be in the save file, a page, an event stream or
any JSON before the reveal, and must survive between commands: it is kept in
``.NAME.fair`` beside the file ``NAME``, readable by its owner only (as ``referee serve``
keeps the seats' links in ``.NAME.seats``). The save-file engine reads it when it loads a
fair file (:func:`referee.savefile.rules_setup`), writes it at ``new --fair``, and removes
it once the reveal has written the secret into the save file. It is never printed.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from referee.i18n import _
from referee.savefile.storage import SaveFileError

HEADER = "# referee: the secret of a fair game; keep it private until the reveal\n"


def secret_path(game_file: Path) -> Path:
    """Where a fair game's secret is kept: ``.NAME.fair`` beside the file (its real
    place, when it is reached through a symbolic link)."""
    real = Path(os.path.realpath(game_file))
    return real.with_name(f".{real.name}.fair")


def keep(game_file: Path, secret: bytes) -> Path:
    """Write the secret beside ``game_file`` (mode 0600); refuse to overwrite one."""
    path = secret_path(game_file)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise SaveFileError(_("{path} already exists (the secret of another fair game?); remove it or choose another file name").format(path=path)) from None
    except OSError as error:
        raise SaveFileError(_("cannot write {path}: {reason}; nothing was changed").format(path=path, reason=error.strerror)) from None
    with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
        handle.write(HEADER + secret.hex() + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    return path


def read(game_file: Path) -> str:
    """The kept secret, as hex; ``SaveFileError`` (exit 2) when it is missing or damaged."""
    path = secret_path(game_file)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        message = _(
            "{file} is a fair game whose secret is kept in {path}, and that file is missing: "
            "the game cannot deal without it; restore it from where {file} was copied from"
        )
        raise SaveFileError(message.format(file=game_file, path=path)) from None
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise SaveFileError(_("cannot read {path}: {reason}").format(path=path, reason=reason)) from None
    kept = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    if len(kept) != 1:
        raise SaveFileError(_("{path} is damaged: it should hold one line of 64 hex digits").format(path=path))
    return kept[0]


def remove(game_file: Path) -> None:
    """Remove the kept secret (after the reveal wrote it into the save file)."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(secret_path(game_file))
