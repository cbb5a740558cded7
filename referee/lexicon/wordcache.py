"""The compact index of a ``file:`` word list, kept in the user's cache folder.

Reading and folding a table's own list of 300,000 words takes a second or two; a
challenge should not pay that every time. The first use of a list writes its words,
folded, de-duplicated and sorted by bytes, to one cache file; later uses map that file
and binary-search it in place (:class:`~referee.lexicon.sortedfile.SortedWordFile`), like
the shipped lists.

- **Where**: ``$XDG_CACHE_HOME/referee/word-lists/`` (``~/.cache/referee/word-lists/``
  when ``XDG_CACHE_HOME`` is unset or not an absolute path), one file per list, named
  after checksums of the list's absolute path.
- **When it is good**: its first line records the list's size, modification time
  (nanoseconds) and the SHA-256 of its bytes. A list with the same size and time is
  taken as unchanged; otherwise the list is read and hashed, and a list whose content is
  unchanged (copied, touched) gets its cache re-stamped, while a changed one is indexed
  anew.
- **Writing**: to a temporary file in the same folder, then renamed over the old one, so
  a reader never sees half a cache.
- **Never in the way**: a cache that cannot be read, is damaged, or cannot be written is
  ignored; the list itself is read instead. The cache only ever makes a verdict faster.
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Iterable
from pathlib import Path

from referee.errors import InputError
from referee.lexicon.sortedfile import SortedWordFile

UNUSABLE = (OSError, ValueError, InputError)  # a cache file that cannot serve: read the list instead

MAGIC = b"referee-word-list-index 1"


def cache_folder() -> Path:
    """``$XDG_CACHE_HOME/referee/word-lists``, or ``~/.cache/referee/word-lists``."""
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "referee" / "word-lists"


def path_checksum(source: Path) -> str:
    """A name for the cache file of ``source``: two checksums of its absolute path from zlib
    (hashlib and its OpenSSL would add some milliseconds to every challenge, for a name only)."""
    where = os.fsencode(os.path.abspath(source))
    return f"{zlib.crc32(where):08x}{zlib.adler32(where):08x}"


def cache_path(source: Path) -> Path:
    """The cache file of the list at ``source`` (one per absolute path)."""
    return cache_folder() / f"{path_checksum(source)}.words"


def content_hash(data: bytes) -> str:
    """The SHA-256 of a list's bytes (only computed when the list has to be read anyway)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _header(size: int, mtime_ns: int, digest: str, count: int, body: int) -> bytes:
    return b"%s %d %d %s %d %d\n" % (MAGIC, size, mtime_ns, digest.encode("ascii"), count, body)


class CachedIndex:
    """An index read from the cache: its stamp (size, mtime, hash), word count and words."""

    def __init__(self, path: Path) -> None:
        """Open the cache file ``path``; one of UNUSABLE if it is missing or damaged."""
        self.path = path
        with path.open("rb") as handle:
            first = handle.readline(200)
        fields = first.rstrip(b"\n").rsplit(b" ", 5)
        if not first.endswith(b"\n") or len(fields) != 6 or fields[0] != MAGIC:
            raise ValueError("not a word-list index")
        self.size, self.mtime_ns = int(fields[1]), int(fields[2])
        self.digest = fields[3].decode("ascii")
        self.count, body = int(fields[4]), int(fields[5])
        self.words = SortedWordFile(path, start=len(first))
        if self.words.byte_size() != body or (body and not self.words.ends_with_newline()):
            raise ValueError("word-list index cut short")

    def body(self) -> bytes:
        return self.words.data()


def sorted_body(words: Iterable[str]) -> tuple[bytes, int]:
    """The words as the index stores them (sorted by bytes, one a line) and their count."""
    data = sorted({word.encode("utf-8") for word in words if word and "\n" not in word})
    return b"".join(word + b"\n" for word in data), len(data)


def write(source: Path, stat: os.stat_result, digest: str, body: bytes, count: int) -> bool:
    """Write the index of ``source`` atomically; False (and no trace) if it cannot be written."""
    header = _header(stat.st_size, stat.st_mtime_ns, digest, count, len(body))
    return write_atomically(cache_path(source), (header, body))


def write_atomically(target: Path, chunks: Iterable[bytes]) -> bool:
    """Write a cache file: to a temporary file beside it, then renamed over it, so a reader
    never sees half of one. False (and no trace) if it cannot be written."""
    import tempfile

    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "wb") as out:
            for chunk in chunks:
                out.write(chunk)
        os.replace(temporary, target)
        return True
    except OSError:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass
        return False


def cached(source: Path, stat: os.stat_result) -> CachedIndex | None:
    """The cached index of ``source`` if its stamp matches ``stat``; None otherwise."""
    try:
        found = CachedIndex(cache_path(source))
    except UNUSABLE:
        return None
    return found if (found.size, found.mtime_ns) == (stat.st_size, stat.st_mtime_ns) else None


def restamp(source: Path, stat: os.stat_result, digest: str) -> CachedIndex | None:
    """A list whose stamp changed but whose bytes hash the same: re-stamp its index."""
    try:
        found = CachedIndex(cache_path(source))
    except UNUSABLE:
        return None
    if found.digest != digest:
        return None
    write(source, stat, digest, found.body(), found.count)
    return found
