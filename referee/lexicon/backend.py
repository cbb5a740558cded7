"""The one interface every dictionary offers, and the simple dictionaries: the shipped
lists (``builtin:*``), a table's own word list (``file:PATH``) and house additions and
removals on top of any dictionary (``--house FILE``)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

from referee.errors import InputError, quoted
from referee.lexicon.classifier import Classifier
from referee.lexicon.reasons import Reason
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import fold, read_word
from referee.i18n import _


class Dictionary(Protocol):
    """A dictionary the table agreed on.

    ``lookup`` takes a word's letters, folded (lower case, no accents, at least 3 letters:
    the shape rules have been applied already) and returns the reason of the verdict:
    ``IN_DICTIONARY``, ``NOT_IN_DICTIONARY``, or why the word is not a legal word
    (``PROPER_NOUN``, ``ACRONYM``, …).
    """

    @property
    def name(self) -> str: ...

    def lookup(self, letters: str) -> Reason: ...


class Words(Protocol):
    """Words to look a spelling up in and to list: a set, or a sorted file searched in place."""

    def __contains__(self, letters: str) -> bool: ...

    def __iter__(self) -> Iterator[str]: ...


class BuiltinList:
    """``builtin:en`` and friends: sorted lists searched in place, never loaded whole.

    The lists hold playable words only, so a word found is a word; for a word not found
    the shipped classifier says whether it is a proper noun, an acronym, ….
    """

    def __init__(self, name: str, files: Sequence[Path], classifier: Classifier) -> None:
        self.name = name
        self._lists = [SortedWordFile(path) for path in files]
        self._classifier = classifier

    def lookup(self, letters: str) -> Reason:
        if any(letters in words for words in self._lists):
            return Reason.IN_DICTIONARY
        return self._classifier.explain_missing(letters)


def read_text(path: Path, what: str) -> str:
    """The text of a file the user named, or an InputError that says what is wrong."""
    return decode_text(read_bytes(path, what), path, what)


def decode_text(data: bytes, path: Path, what: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(_("{what} {path} is not UTF-8 text").format(what=what, path=quoted(str(path)))) from None


def read_bytes(path: Path, what: str) -> bytes:
    """The bytes of a file the user named, or an InputError that says what is wrong."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(_("{what} {path} does not exist").format(what=what, path=quoted(str(path)))) from None
    except IsADirectoryError:
        raise InputError(_("{what} {path} is a folder, not a file").format(what=what, path=quoted(str(path)))) from None
    except OSError as error:
        raise InputError(_("cannot read {what} {path}: {why}").format(what=what, path=quoted(str(path)), why=error.strerror or error)) from None


def _lines(text: str) -> list[tuple[int, str]]:
    """(line number, content) without comments (``#`` to the end of the line) and blanks."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        content = line.split("#", 1)[0].strip()
        if content:
            found.append((number, content))
    return found


class WordFile:
    """``file:PATH``: the table's own list, one word a line, ``#`` comments.

    The table's list is taken at its word: every entry is a word (folded like the input),
    and nothing else is known about a word that is not in it. After the first use the
    list is answered from its compact index in the user's cache folder
    (:mod:`referee.lexicon.wordcache`), rebuilt whenever the list changes.
    """

    def __init__(self, path: Path, name: str | None = None) -> None:
        self.name = name or f"file:{path}"
        self.path = path
        self._words, self.count = _word_index(path)

    def __contains__(self, letters: str) -> bool:
        return letters in self._words

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def lookup(self, letters: str) -> Reason:
        return Reason.IN_DICTIONARY if letters in self._words else Reason.NOT_IN_DICTIONARY


def _stamp(path: Path) -> os.stat_result | None:
    try:
        return path.stat()
    except OSError:
        return None  # reading the list says what is wrong


def _word_index(path: Path) -> tuple[Words, int]:
    """The words of the list at ``path`` and their number: from the cache when it is good,
    else read from the list (and cached for next time, when the cache can be written)."""
    from referee.files import regular_file
    from referee.lexicon import wordcache

    regular_file(path, "word list")
    before = _stamp(path)
    if before is not None and (found := wordcache.cached(path, before)):
        return found.words, found.count
    data = read_bytes(path, "the word list")
    after = _stamp(path)
    digest = wordcache.content_hash(data)
    # The stamp to cache under: None when the list changed while it was read (not cached).
    steady = after if before is not None and after is not None and _same_stamp(before, after) else None
    if steady is not None and (found := wordcache.restamp(path, steady, digest)):
        return found.words, found.count
    words = {word for _, content in _lines(decode_text(data, path, "the word list")) if (word := fold(content))}
    body, count = wordcache.sorted_body(words)
    if steady is not None:
        wordcache.write(path, steady, digest, body, count)
    return frozenset(words), count


def _same_stamp(before: os.stat_result, after: os.stat_result) -> bool:
    return (before.st_size, before.st_mtime_ns) == (after.st_size, after.st_mtime_ns)


class HouseList:
    """A table's house rules: ``+word`` adds a word, ``-word`` removes one, ``#`` comments."""

    def __init__(self, path: Path) -> None:
        from referee.files import regular_file

        regular_file(path, "house list")
        self.path = path
        added: dict[str, int] = {}
        removed: dict[str, int] = {}
        for number, content in _lines(read_text(path, "the house list")):
            where = f"house list {path} line {number}"
            sign, entry = content[0], content[1:].strip()
            if sign not in "+-" or not entry:
                raise InputError(_("{where}: start the line with + to add a word or - to remove one, e.g. +qat").format(where=where))
            try:
                word = read_word(entry)
            except InputError as error:
                raise InputError(f"{where}: {error}") from None
            if word.shape is not None:
                raise InputError(_("{where}: {word} can never be played ({reason})").format(where=where, word=quoted(entry), reason=word.shape.worded if word.shape else ""))
            mine, other = (added, removed) if sign == "+" else (removed, added)
            if word.letters in other:
                raise InputError(_("{where}: {word} is also on line {line} with the other sign").format(where=where, word=quoted(entry), line=other[word.letters]))
            mine.setdefault(word.letters, number)
        self.added = frozenset(added)
        self.removed = frozenset(removed)


class WithHouse:
    """Any dictionary with a house list on top: the house list has the last word."""

    def __init__(self, base: Dictionary, house: HouseList) -> None:
        self.base = base
        self.house = house
        self.name = f"{base.name} + house {house.path}"

    def lookup(self, letters: str) -> Reason:
        if letters in self.house.removed:
            return Reason.REMOVED_BY_HOUSE
        if letters in self.house.added:
            return Reason.IN_DICTIONARY
        return self.base.lookup(letters)
