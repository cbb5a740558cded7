"""Atomic storage of one save file: write, keep the backup, lock.

Writes are atomic (a temporary file in the same folder, flush + fsync, ``os.replace``,
then fsync of the folder); the previous version is kept as ``FILE.bak``; an exclusive
lock on the file keeps two terminals from interleaving writes. Nothing here knows what
a save file holds.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from referee.errors import InputError
from referee.i18n import _

#: How long a second writer waits for the lock before giving up (seconds).
LOCK_TIMEOUT_ENV = "REFEREE_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 5.0


class SaveFileError(InputError):
    """A save file that cannot be used: missing, damaged, of another game or too new."""


def create_file(path: Path, data: bytes) -> None:
    """Write a new file atomically; refuse if it exists (even if it appears meanwhile)."""
    with writing(path):
        if path.exists():
            raise InputError(_("{path} already exists; choose another file name, or delete it first").format(path=path))
        if not path.parent.is_dir():
            raise InputError(_("folder {folder} does not exist; create it first or choose another path").format(folder=path.parent))
        tmp = write_temporary(path, data)
        try:
            try:
                os.link(tmp, path)  # atomic, and fails if the file appeared meanwhile
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                with open(path, "xb") as handle:
                    handle.write(data)
                    handle.flush()
                    os.fsync(handle.fileno())
        except FileExistsError:
            raise InputError(_("{path} already exists; choose another file name, or delete it first").format(path=path)) from None
        finally:
            os.unlink(tmp)
        fsync_folder(path.parent)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def replace_file(path: Path, data: bytes) -> os.stat_result:
    """Atomically make ``data`` the content of ``path``, keeping the old one as .bak; the
    written file's status (taken before it was put in place: a later change by another
    process is told apart by its inode and time, :class:`referee.savefile.Held`).

    A save file reached through a symbolic link is replaced where it really is (and its
    .bak kept beside it), so the link keeps working. A read-only file is left alone. When
    the write fails (a full disk, the final rename refused), the file and its .bak are
    both as they were, and no temporary file is left behind.
    """
    shown = path
    path = Path(os.path.realpath(path))
    with contextlib.suppress(OSError):
        if not os.stat(path).st_mode & 0o222:
            raise SaveFileError(_("{path} is read-only; make it writable to record in it (chmod u+w {path})").format(path=shown))
    with writing(path):
        remove_stale_temporaries(path)
        tmp = write_temporary(path, data)
        try:
            with contextlib.suppress(OSError):
                os.chmod(tmp, os.stat(path).st_mode & 0o7777)
            written = os.stat(tmp)
            with backup_kept(path):
                os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        fsync_folder(path.parent)
    return written


@contextlib.contextmanager
def backup_kept(path: Path) -> Iterator[None]:
    """Make FILE.bak the current version (a hard link: instant and atomic; or a copy)
    while the body replaces the file; if the body fails, put the older FILE.bak back.

    FILE.bak is replaced before the file, so that at every moment (a writer killed at
    any step) it holds the file's version or the one before. The older backup is kept
    under a temporary name until the file is replaced, then removed.
    """
    backup = backup_path(path)
    try:
        kept_already = os.path.samefile(path, backup)
    except OSError:
        kept_already = False
    if kept_already:
        # A writer was stopped after keeping the backup and before replacing the file:
        # the backup is this version already (and renaming a link onto the same file
        # would do nothing, leaving the staging link behind).
        yield
        return
    older: Path | None = path.with_name(f".{path.name}.bak.{os.getpid()}.old.tmp") if os.path.lexists(backup) else None
    staging = path.with_name(f".{path.name}.bak.{os.getpid()}.tmp")
    try:
        if older is not None:
            link_or_copy(backup, older)
        link_or_copy(path, staging)
        os.replace(staging, backup)
    except BaseException:
        for leftover in (staging, older):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
        raise
    try:
        yield
    except BaseException as failure:
        try:
            if older is None:
                os.unlink(backup)
            else:
                os.replace(older, backup)
                older = None
        except OSError:
            kept, older = older, None  # not removed: it is the only copy of that version
            reason = failure.strerror if isinstance(failure, OSError) and failure.strerror else str(failure)
            if kept is None:
                message = _("cannot write {path}: {reason}; the file was not changed, but {backup} now holds a copy of it")
            else:
                message = _(
                    "cannot write {path}: {reason}; the file was not changed, but {backup} now holds this same "
                    "version: the backup before it is in {older}"
                )
            raise SaveFileError(message.format(path=path, reason=reason, backup=backup, older=kept)) from None
        raise
    finally:
        if older is not None:
            with contextlib.suppress(OSError):
                os.unlink(older)


def link_or_copy(source: Path, target: Path) -> None:
    """``target`` as a hard link to ``source`` (instant), or a copy where links fail."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def write_temporary(path: Path, data: bytes) -> str:
    """Write ``data`` to a new temporary file next to ``path``, flushed and fsynced."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def remove_stale_temporaries(path: Path) -> None:
    """Remove temporary files a killed writer left behind.

    Only called while holding the file's lock, so no other writer of this file can be
    using them.
    """
    # Exactly this file's names (mkstemp's dot-free random part, or the .bak staging), not
    # those of another save file whose name starts the same (game.toml.2 for game.toml).
    ours = re.compile(rf"\.{re.escape(path.name)}\.(?:[^.]+|bak\.\d+(?:\.old)?)\.tmp")
    with contextlib.suppress(OSError):
        for name in os.listdir(path.parent):
            if ours.fullmatch(name):
                with contextlib.suppress(OSError):
                    os.unlink(path.parent / name)


def fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); not possible on every platform."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn OS errors while writing into a clear message (read-only folder, full disk)."""
    try:
        yield
    except OSError as error:
        raise SaveFileError(_("cannot write {path}: {reason}; nothing was changed").format(path=path, reason=error.strerror or error)) from None


def read_all(fd: int) -> bytes:
    with open(fd, "rb", closefd=False) as handle:
        handle.seek(0)
        return handle.read()


@contextlib.contextmanager
def locked(path: Path, command: str) -> Iterator[int]:
    """Hold an exclusive lock on the current version of ``path``; yield its descriptor.

    The lock is taken on the file itself. Because writers replace the file rather than
    change it, a waiter that wins the lock checks that it still holds the file at
    ``path`` and tries again on the new version if not.
    """
    try:
        import fcntl as locking
    except ImportError:  # Windows: no advisory locks; writes are still atomic.
        locking = None  # type: ignore[assignment]
    from referee.files import regular_file

    try:
        regular_file(path, "save file")
    except InputError as error:
        raise SaveFileError(str(error)) from None
    timeout = lock_timeout()
    deadline = time.monotonic() + timeout
    while True:
        try:
            # Not blocking: a named pipe put in the file's place meanwhile is refused
            # below rather than waited on.
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            raise SaveFileError(_("no such file: {path}; start one with `{command} new {path} …`").format(path=path, command=command)) from None
        except OSError as error:
            raise SaveFileError(f"cannot open {path}: {error.strerror}") from None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveFileError(_("{path} is a folder or a device, not a save file").format(path=path))
            if locking is not None:
                try:
                    locking.flock(fd, locking.LOCK_EX | locking.LOCK_NB)
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        raise SaveFileError(
                            f"{path} is being written by another referee (waited {timeout:g} s); "
                            "try again in a moment"
                        ) from None
                    time.sleep(0.01)
                    continue
                if not same_file(fd, path):
                    continue  # replaced while we waited: lock the new version
            yield fd
            return
        finally:
            os.close(fd)


def same_file(fd: int, path: Path) -> bool:
    try:
        current = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (current.st_dev, current.st_ino)


def lock_timeout() -> float:
    try:
        return max(0.0, float(os.environ.get(LOCK_TIMEOUT_ENV, DEFAULT_LOCK_TIMEOUT)))
    except ValueError:
        return DEFAULT_LOCK_TIMEOUT
