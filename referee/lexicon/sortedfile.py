"""A sorted word list searched in place: binary search over a memory map.

The shipped lists are plain UTF-8 text, one word a line, sorted by their bytes, ending
in a newline. Opening one maps it into memory without reading it; a lookup touches
about log2(n) lines (some 18 for 200,000 words), so a challenge costs well under a
millisecond and no more memory than the few pages it reads, however big the list.
"""

from __future__ import annotations

import mmap
from collections.abc import Iterator
from pathlib import Path

from referee.errors import InputError
from referee.i18n import _


class SortedWordFile:
    """One sorted word list on disk; ``word in SortedWordFile(path)``.

    ``start`` skips a header: the list is the bytes from there to the end of the file
    (the cached index of a ``file:`` list, :mod:`referee.lexicon.wordcache`).
    """

    def __init__(self, path: Path, start: int = 0) -> None:
        self.path = path
        self._start = start
        try:
            with path.open("rb") as handle:
                size = path.stat().st_size
                self._map: mmap.mmap | bytes = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
        except OSError as error:
            message = _("cannot read the word list {path}: {why}; reinstall referee")
            raise InputError(message.format(path=path, why=error.strerror or error)) from None

    def __contains__(self, word: str) -> bool:
        key = word.encode("utf-8")
        if not key or b"\n" in key:
            return False
        data = self._map
        low, high = self._start, len(data)  # both always at the start of a line (or the end)
        while low < high:
            middle = (low + high) // 2
            start = max(data.rfind(b"\n", low, middle) + 1, low)
            end = data.find(b"\n", start)
            if end < 0:
                end = len(data)
            line = data[start:end]
            if line == key:
                return True
            if line < key:
                low = end + 1
            else:
                high = start
        return False

    def starting_with(self, prefix: bytes) -> list[bytes]:
        """The lines that start with ``prefix``, in order (binary search for the first)."""
        data = self._map
        low, high = self._start, len(data)
        while low < high:  # the first line not below the prefix
            middle = (low + high) // 2
            start = max(data.rfind(b"\n", low, middle) + 1, low)
            end = data.find(b"\n", start)
            end = len(data) if end < 0 else end
            if data[start:end] < prefix:
                low = end + 1
            else:
                high = start
        found = []
        while low < len(data) and data[low : low + len(prefix)] == prefix:
            end = data.find(b"\n", low)
            end = len(data) if end < 0 else end
            found.append(data[low:end])
            low = end + 1
        return found

    def byte_size(self) -> int:
        """The size of the list in bytes (after the header)."""
        return max(len(self._map) - self._start, 0)

    def ends_with_newline(self) -> bool:
        return len(self._map) > self._start and self._map[-1:] == b"\n"

    def data(self) -> bytes:
        """The list's bytes, one word a line."""
        return bytes(self._map[self._start :])

    def __iter__(self) -> Iterator[str]:
        for line in self.data().splitlines():
            yield line.decode("utf-8")
