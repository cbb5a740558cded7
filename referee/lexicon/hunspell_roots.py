"""The few roots of a Hunspell dictionary that can take part in checking one word.

Hunspell reads its whole ``.dic`` whenever a dictionary is opened: 80,000 to 180,000
roots, 20–60 ms, more than the rest of a challenge. Checking one word only ever looks up
roots that share most of their letters with it, so a one-word check can be given the
language's ``.aff`` and a ``.dic`` of just those roots, and answers exactly as the whole
dictionary would.

**Why that is exact.** Hunspell accepts a word when a root in its table, with the root's
affixes (at most two suffixes and one prefix, or one suffix and two prefixes), makes the
word, alone or as a part of a compound. Every root it looks up is a piece of the word
(the whole word, or one part of a compound, after input conversion, ``ICONV``) with the
affixes' added letters taken off and their stripped letters (``SFX X y ies``: the ``y``)
put back; put back at the ends only. So a root it can find is ``p + core + s``, where
``core`` is letters of the word, ``p`` at most as long as the longest prefix strip among
the affixes the root can take (with ``COMPLEXPREFIXES``, two of them), and ``s`` at most
as long as its longest suffix strip plus the longest strip of a suffix that may follow
a suffix. Taking off those lengths from a root leaves its **core**, which must be a
substring of the word, folded (:func:`~referee.lexicon.words.fold`: the ``ĳ`` of Dutch
roots is ``ij``, as Hunspell's ``ICONV`` makes it). A root too short to keep any core
may take part in any word and is always given. Homonyms (one root on several lines) are
given together, so Hunspell meets them in their order.

The index lists each root's folded core and the root's lines, sorted, in the user's cache
folder (:func:`~referee.lexicon.wordcache.cache_folder`), stamped with the sizes and
modification times of both files and rebuilt when either changes. A dictionary whose
``.aff`` uses a feature the argument does not cover (``IGNORE``, ``CHECKCOMPOUNDREP``,
``SIMPLIFIEDTRIPLE``, a ``CHECKCOMPOUNDPATTERN`` with a replacement, an ``ICONV`` that
changes letters, ``BREAK`` on letters, ``CHECKSHARPS``, an unknown encoding) gets no
index: it is always opened whole. The tests compare the two on thousands of words.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import fold

MAGIC = b"referee-hunspell-roots 1"
# Hunspell's names of encodings that Python spells otherwise.
_ENCODINGS = {"microsoft-cp1251": "cp1251", "iso8859-1": "latin-1", "iso-8859-1": "latin-1"}
# Features that rewrite a word in ways the core argument does not cover.
_UNSUPPORTED = ("IGNORE", "CHECKCOMPOUNDREP", "SIMPLIFIEDTRIPLE", "CHECKSHARPS")
_UNESCAPED_SLASH = re.compile(r"(?<!\\)/")
_MORPHOLOGY = re.compile(r"[ \t][a-z][a-z]:")


class Unsupported(Exception):
    """The ``.aff`` uses a feature the index does not model; open the dictionary whole."""


class Affixes:
    """What the index needs of a ``.aff``: how flags are written, and for each affix flag
    its kind (``PFX``/``SFX``), longest strip and the flags its rules may be followed by."""

    def __init__(self, data: bytes) -> None:
        self.encoding = _encoding(data)
        text = data.decode(self.encoding, errors="replace")
        self.flag_mode = "char"
        self.complex_prefixes = False
        self.aliases: list[str] = []  # AF: dictionary lines may name flag sets by number
        self.kind: dict[str, str] = {}
        self.strip: dict[str, int] = {}
        self.follow: dict[str, set[str]] = {}
        rules: list[list[str]] = []
        for line in text.splitlines():
            fields = line.split()
            if not fields or fields[0].startswith("#"):
                continue
            key = fields[0]
            if key in _UNSUPPORTED:
                raise Unsupported(key)
            if key == "FLAG" and len(fields) > 1:
                self.flag_mode = fields[1].lower()
            elif key == "COMPLEXPREFIXES":
                self.complex_prefixes = True
            elif key == "AF" and len(fields) > 1 and not fields[1].isdigit():
                self.aliases.append(fields[1])
            elif key == "CHECKCOMPOUNDPATTERN" and len(fields) > 3 and not fields[3].startswith("#"):
                raise Unsupported("CHECKCOMPOUNDPATTERN with a replacement")
            elif key == "ICONV" and len(fields) > 2 and _changes_letters(fields[1], fields[2]):
                raise Unsupported("ICONV that changes letters")
            elif key == "BREAK" and len(fields) > 1 and any(char.isalpha() for char in fields[1]):
                raise Unsupported("BREAK on letters")
            elif key in ("PFX", "SFX") and len(fields) >= 4 and not (len(fields) == 4 and fields[3].isdigit() and fields[2] in "YN"):
                rules.append(fields)
        for key, flag, strip, add, *_ in rules:
            self.kind[flag] = key
            self.strip[flag] = max(self.strip.get(flag, 0), 0 if strip == "0" else len(strip))
            _, slash, continuation = add.partition("/")
            self.follow.setdefault(flag, set()).update(self.flags(continuation) if slash else ())

    def flags(self, written: str) -> list[str]:
        """The flags of a written flag field (``AaBb`` with FLAG long, ``1,2`` with num, an
        alias number with AF)."""
        if self.aliases and written.isdigit():
            number = int(written)
            written = self.aliases[number - 1] if 0 < number <= len(self.aliases) else ""
        if self.flag_mode == "long":
            return [written[i : i + 2] for i in range(0, len(written), 2)]
        if self.flag_mode == "num":
            return [part for part in written.split(",") if part]
        return list(written)

    def trims(self, flags: Iterable[str]) -> tuple[int, int]:
        """How many letters at most a root with ``flags`` may have stripped at its start and
        its end when Hunspell makes words of it."""
        reachable, todo = set(), list(flags)
        while todo:  # the affix flags the root's affixes allow, and theirs, to any depth
            flag = todo.pop()
            if flag in self.kind and flag not in reachable:
                reachable.add(flag)
                todo.extend(self.follow[flag])
        # Two affixes of a kind at most: two suffixes (the second allowed by the first's
        # continuation), or with COMPLEXPREFIXES two prefixes and one suffix.
        first = {kind: max((self.strip[flag] for flag in reachable if self.kind[flag] == kind), default=0) for kind in ("PFX", "SFX")}
        second = {
            kind: max((self.strip[then] for flag in reachable if self.kind[flag] == kind for then in self.follow[flag] if self.kind.get(then) == kind), default=0)
            for kind in ("PFX", "SFX")
        }
        if self.complex_prefixes:
            return first["PFX"] + second["PFX"], first["SFX"]
        return first["PFX"], first["SFX"] + second["SFX"]


def _changes_letters(before: str, after: str) -> bool:
    """Whether an input conversion can change a word of letters as it is folded (``ij`` →
    ``ĳ`` does not; ``’`` → ``'`` touches no letter)."""
    return fold(before) != fold(after) and any(char.isalpha() for char in before + after)


def _encoding(data: bytes) -> str:
    match = re.search(rb"^SET[ \t]+(\S+)", data, re.MULTILINE)
    name = match.group(1).decode("ascii", errors="replace").lower() if match else "iso8859-1"
    name = _ENCODINGS.get(name, name)
    try:
        "".encode(name)
    except LookupError:
        raise Unsupported(f"encoding {name}") from None
    return name


def _entries(dic: bytes, affixes: Affixes) -> Iterator[tuple[str, str, int, str]]:
    """Each line of a ``.dic``: its root, written flags, number and text (the count line
    skipped). Decoded so that encoding gives back the same bytes."""
    lines = dic.decode(affixes.encoding, errors="surrogateescape").split("\n")
    for number, text in enumerate(lines[1:], start=1):
        text = text.rstrip("\r")
        if not text.strip() or text.startswith(("\t", "#")):
            continue
        match = _MORPHOLOGY.search(text)
        entry = (text[: match.start()] if match else text).split("\t")[0].rstrip()
        parts = _UNESCAPED_SLASH.split(entry, maxsplit=1)
        yield parts[0].replace("\\/", "/"), parts[1] if len(parts) > 1 else "", number, text


def index_body(aff: bytes, dic: bytes) -> bytes:
    """The index: one line per ``.dic`` line, ``core TAB number TAB line``, sorted by bytes.
    Unsupported when the ``.aff`` uses a feature the index does not model."""
    affixes = Affixes(aff)
    homonyms: dict[str, list[tuple[str, int, str]]] = {}
    for root, written, number, text in _entries(dic, affixes):
        homonyms.setdefault(root, []).append((written, number, text))
    trims: dict[frozenset[str], tuple[int, int]] = {}  # many roots share their flags
    out: list[bytes] = []
    for root, lines in homonyms.items():
        flags = frozenset(flag for field, _, _ in lines for flag in affixes.flags(field))
        if flags not in trims:
            trims[flags] = affixes.trims(flags)
        start, end = trims[flags]
        core = root[start : len(root) - end] if len(root) > start + end else ""
        key = (core.lower() if core.isascii() else fold(core)).encode("utf-8")
        for _, number, text in lines:
            out.append(b"%s\t%09d\t%s\n" % (key, number, text.encode(affixes.encoding, errors="surrogateescape")))
    out.sort()
    return b"".join(out)


def pieces(letters: str) -> set[str]:
    """Every piece of ``letters`` (folded) and of its plurals with -s and -es, and "" (the
    roots that may take part in any word)."""
    found = {""}
    for text in (letters, letters + "s", letters + "es"):
        found.update(text[i:j] for i in range(len(text)) for j in range(i + 1, len(text) + 1))
    return found


class RootIndex:
    """A cached index: the ``.dic`` lines that may take part in checking a word."""

    def __init__(self, path: Path) -> None:
        self.path = path
        with path.open("rb") as handle:
            first = handle.readline(300)
        fields = first.split()
        if not first.endswith(b"\n") or len(fields) != 7 or b" ".join(fields[:2]) != MAGIC:
            raise ValueError("not a Hunspell root index")
        self.stamp = tuple(int(field) for field in fields[2:6])
        self.lines = SortedWordFile(path, start=len(first))
        if self.lines.byte_size() != int(fields[6]) or not self.lines.ends_with_newline():
            raise ValueError("Hunspell root index cut short")

    def dic_for(self, letters: str) -> bytes:
        """A ``.dic`` of the roots that may take part in checking ``letters`` (and its
        plurals), in the order of the whole ``.dic``."""
        chosen = sorted(
            line.split(b"\t", 2)[1:]
            for piece in pieces(letters)
            for line in self.lines.starting_with(piece.encode("utf-8") + b"\t")
        )
        return b"%d\n" % len(chosen) + b"".join(raw + b"\n" for _, raw in chosen)


def _stamp(aff: Path, dic: Path) -> tuple[int, ...]:
    one, two = aff.stat(), dic.stat()
    return one.st_size, one.st_mtime_ns, two.st_size, two.st_mtime_ns


def index_path(dic: Path) -> Path:
    from referee.lexicon.wordcache import cache_folder, path_checksum

    return cache_folder() / f"{path_checksum(dic)}.hunspell-roots"


def root_index(aff: Path, dic: Path) -> RootIndex | None:
    """The root index of the dictionary ``aff``/``dic``: from the cache when its stamp
    matches, else built and cached. None when the ``.aff`` is unsupported or the index can
    neither be read nor written (then the dictionary is opened whole)."""
    from referee.lexicon import wordcache

    try:
        stamp = _stamp(aff, dic)
        target = index_path(dic)
        try:
            found = RootIndex(target)
            if found.stamp == stamp:
                return found
        except wordcache.UNUSABLE:
            pass
        body = index_body(aff.read_bytes(), dic.read_bytes())
        if _stamp(aff, dic) != stamp:
            return None  # changed while it was read
        header = b" ".join([MAGIC, *(b"%d" % number for number in (*stamp, len(body)))]) + b"\n"
        if not wordcache.write_atomically(target, (header, body)):
            return None
        return RootIndex(target)
    except (*wordcache.UNUSABLE, Unsupported):
        return None
