"""The anagram index `spell best` searches: a dictionary's words by their sorted letters.

Built once per word list and kept in the user's cache folder by
:mod:`referee.lexicon.wordcache`, the same way and in the same place as the index of a
``file:`` list (written atomically, ignored when damaged, stamped with the lists' size
and modification time, rebuilt when a list changes). Its body is a hash table that is
read without parsing:

- 4 bytes: the number of buckets N; then N + 1 offsets (4 bytes each, this machine's
  byte order: the cache never leaves it) where each bucket's entries start;
- the entries, each ``\\nKEY:WORD,WORD…`` (KEY the word's letters sorted), in the bucket
  of ``crc32(KEY) % N``; a final newline.

Looking a key up reads one bucket of a few entries. Only words of the letters a–z go in
(the cards show no others); house additions are searched besides it by the caller.
"""

from __future__ import annotations

import mmap
import os
import struct
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.lexicon.backend import Dictionary

VERSION = "anagrams1"
_HEADER = struct.Struct("=I")


def _key(word: str) -> str:
    return "".join(sorted(word))


class AnagramIndex:
    """A body as described above, queried in place."""

    def __init__(self, data: bytes | mmap.mmap, start: int = 0) -> None:
        """The body is ``data`` from ``start`` on (a cache file mapped whole: its header first)."""
        self._data = data
        (self._buckets,) = _HEADER.unpack_from(data, start)
        self._table = start + _HEADER.size * (self._buckets + 2)
        if len(data) < self._table:
            raise ValueError("anagram index cut short")
        self._start = start
        self._offsets = memoryview(data)[start + _HEADER.size : self._table].cast("I")
        if start + self._offsets[-1] + 1 != len(data):
            raise ValueError("anagram index cut short")

    def words(self, key: str) -> Sequence[str]:
        wanted = key.encode("ascii")
        bucket = zlib.crc32(wanted) % self._buckets
        data, start, end = self._data, self._start + self._offsets[bucket], self._start + self._offsets[bucket + 1]
        at = data.find(b"\n" + wanted + b":", start, end)
        if at < 0:
            return ()
        first = at + len(wanted) + 2
        stop = data.find(b"\n", first, end + 1)
        return data[first:stop].decode("ascii").split(",")

    def entries(self) -> Iterator[tuple[str, Sequence[str]]]:
        for line in self._data[self._table :].split(b"\n"):
            if line:
                key, _colon, words = line.decode("ascii").partition(":")
                yield key, words.split(",")


def build_body(words: Iterable[str]) -> tuple[bytes, int]:
    """The index of ``words`` (those of letters a–z only) and how many went in."""
    groups: dict[str, list[str]] = {}
    for word in words:
        if word.isascii() and word.isalpha() and word.islower():
            groups.setdefault(_key(word), []).append(word)
    buckets = max(1, len(groups))
    chained: list[list[bytes]] = [[] for _bucket in range(buckets)]
    for key, members in groups.items():
        encoded = key.encode("ascii")
        chained[zlib.crc32(encoded) % buckets].append(b"\n" + encoded + b":" + ",".join(sorted(set(members))).encode("ascii"))
    offsets, parts, at = [], [], _HEADER.size * (buckets + 2)
    for entries in chained:
        offsets.append(at)
        chunk = b"".join(entries)
        parts.append(chunk)
        at += len(chunk)
    offsets.append(at)
    head = _HEADER.pack(buckets) + struct.pack(f"={len(offsets)}I", *offsets)
    return head + b"".join(parts) + b"\n", sum(len(members) for members in groups.values())


def _sources(dictionary: Dictionary) -> tuple[list[Path], Iterable[str] | None]:
    """The files a dictionary's words come from, and the words themselves when they
    come from elsewhere than the plain sorted lists."""
    from referee.lexicon.backend import BuiltinList, WordFile

    if isinstance(dictionary, BuiltinList):
        from referee.lexicon.shipped import builtin_entry, folder

        short = dictionary.name.partition(":")[2]
        return [folder() / file for file in builtin_entry(short)["files"]], None
    if isinstance(dictionary, WordFile):
        return [dictionary.path.expanduser().resolve()], dictionary
    raise InputError(_("`spell best` searches a word list it can read whole: builtin:… or file:…; {dictionary} cannot list its words").format(
        dictionary=dictionary.name))  # fmt: skip


def base_of(dictionary: Dictionary) -> tuple[Dictionary, frozenset[str]]:
    """The dictionary under any house list, and the words the house list adds."""
    from referee.lexicon.backend import WithHouse

    if isinstance(dictionary, WithHouse):
        return dictionary.base, dictionary.house.added
    return dictionary, frozenset()


def open_index(dictionary: Dictionary) -> AnagramIndex:
    """The anagram index of a dictionary without house rules: from the cache, or built
    (and cached for next time, when the cache folder can be written)."""
    from referee.lexicon import wordcache

    files, words = _sources(dictionary)
    try:
        stamps = [file.stat() for file in files]
    except OSError:
        stamps = []
    digest = VERSION + "-" + "-".join(f"{stamp.st_size}.{stamp.st_mtime_ns}" for stamp in stamps)
    pseudo = Path(os.pathsep.join(str(file) for file in files) + ".anagrams")  # its own cache file
    if stamps and (found := wordcache.cached(pseudo, stamps[0])) and found.digest == digest:
        try:
            with found.path.open("rb") as handle:
                mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
            return AnagramIndex(mapped, len(mapped) - found.words.byte_size())
        except (OSError, ValueError, struct.error):
            pass
    if words is None:
        from referee.lexicon.sortedfile import SortedWordFile

        words = [word for file in files for word in SortedWordFile(file)]
    body, count = build_body(words)
    if stamps:
        wordcache.write(pseudo, stamps[0], digest, body, count)
    return AnagramIndex(body)
