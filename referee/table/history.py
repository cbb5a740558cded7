"""The session's history of entries, kept in a file when it can be: a convenience that
never costs an entry. When the file cannot be written or read (a full disk, a read-only
file, a folder in its place, a state folder that cannot be made), the session says so
once, in one line, and goes on with the entries of this session only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory


def _why(error: OSError) -> str:
    return error.strerror or str(error)


def _notice(path: Path, error: OSError) -> str:
    from referee.i18n import _

    message = _("the history of entries cannot be kept in {path} ({why}); going on without it")
    return message.format(path=repr(str(path)), why=_why(error))


class KeptHistory(FileHistory):
    """A :class:`FileHistory` that, at its first failure, tells ``notice`` and keeps the
    entries in memory only."""

    def __init__(self, path: Path, notice: Callable[[str], None]) -> None:
        super().__init__(str(path))
        self.path, self.notice, self.lost = path, notice, False

    def _lose(self, error: OSError) -> None:
        if not self.lost:
            self.lost = True
            self.notice(_notice(self.path, error))

    def load_history_strings(self) -> Iterable[str]:
        try:
            loaded = list(super().load_history_strings())
        except OSError as error:
            self._lose(error)
            return []
        return loaded

    def store_string(self, string: str) -> None:
        if self.lost:
            return
        try:
            super().store_string(string)
        except OSError as error:
            self._lose(error)


def kept_history(path: Path, notice: Callable[[str], None]) -> History:
    """The history kept in ``path``; in memory when its folder cannot be made or the file
    cannot be opened to add to it (``notice`` is told why, once)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "ab"):
            pass
    except OSError as error:
        notice(_notice(path, error))
        return InMemoryHistory()
    return KeptHistory(path, notice)
