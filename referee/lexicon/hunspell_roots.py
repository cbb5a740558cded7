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
may take part in any word and is always given. Two more look-ups: a compound is refused
when the ``.dic`` holds its two parts as a pair ("schoon schip"), so a root with a blank
is indexed without it; and roots spelled alike but for case (``McDonald``, and the
capitalised twin Hunspell makes of it unless the ``.dic`` has one) are given together,
as homonyms are, so Hunspell meets them in their order.

The files are read as Hunspell reads them (a byte order mark, the flag kinds, ``AF``
aliases, morphological fields). The index lists each root's folded core and the root's
lines, sorted, in the user's cache folder (:func:`~referee.lexicon.wordcache.cache_folder`),
stamped with the sizes and modification times of both files and rebuilt when either
changes; where it cannot be kept it is not built. A dictionary whose ``.aff`` uses a
feature the argument does not cover (``IGNORE``, ``CHECKCOMPOUNDREP``, ``SIMPLIFIEDTRIPLE``,
a ``CHECKCOMPOUNDPATTERN`` with a replacement, an ``ICONV`` that changes letters,
``BREAK`` on letters, ``CHECKSHARPS``, an unknown encoding) gets no index: it is always
opened whole. The tests compare the two on some hundreds of words of every kind per
language and on dictionaries written for each of these points.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import fold

MAGIC = b"referee-hunspell-roots 2"
# Hunspell's names of encodings that Python spells otherwise.
_ENCODINGS = {"microsoft-cp1251": "cp1251", "iso8859-1": "latin-1", "iso-8859-1": "latin-1"}
# Features that rewrite a word in ways the core argument does not cover.
_UNSUPPORTED = ("IGNORE", "CHECKCOMPOUNDREP", "SIMPLIFIEDTRIPLE", "CHECKSHARPS")
_UNESCAPED_SLASH = re.compile(r"(?<!\\)/")


class Unsupported(Exception):
    """The ``.aff`` uses a feature the index does not model; open the dictionary whole."""


class Affixes:
    """What the index needs of a ``.aff``: how flags are written, and for each affix flag
    its kind (``PFX``/``SFX``), longest strip and the flags its rules may be followed by."""

    def __init__(self, data: bytes) -> None:
        data = data.removeprefix(b"\xef\xbb\xbf")  # Hunspell skips a byte order mark
        self.encoding = _encoding(data)
        text = data.decode(self.encoding, errors="surrogateescape")
        self.flag_mode = "char"
        self.complex_prefixes = False
        self.aliases: list[str] = []  # AF: dictionary lines may name flag sets by number
        self.kind: dict[str, str] = {}
        self.strip: dict[str, int] = {}
        self.follow: dict[str, set[str]] = {}
        aliases_counted = False
        rules: list[list[str]] = []
        rules_left: dict[tuple[str, str], int] = {}  # an affix's header gives its number of rules
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
            elif key == "AF" and len(fields) > 1:
                if aliases_counted:
                    self.aliases.append(fields[1])
                aliases_counted = True  # the first AF line gives their number
            elif key == "CHECKCOMPOUNDPATTERN" and len(fields) > 3 and not fields[3].startswith("#"):
                raise Unsupported("CHECKCOMPOUNDPATTERN with a replacement")
            elif key == "ICONV" and len(fields) > 2 and _changes_letters(fields[1], fields[2]):
                raise Unsupported("ICONV that changes letters")
            elif key == "BREAK" and len(fields) > 1 and any(char.isalpha() for char in fields[1]):
                raise Unsupported("BREAK on letters")
            elif key in ("PFX", "SFX") and len(fields) > 1:
                if rules_left.get((key, fields[1]), 0) > 0:
                    rules_left[key, fields[1]] -= 1
                    rules.append(fields)
                else:  # the header: PFX flag Y|N count
                    rules_left[key, fields[1]] = int(fields[3]) if len(fields) > 3 and fields[3].isdigit() else 0
        for key, written, strip, *rest in (rule for rule in rules if len(rule) > 3):
            flag = (self.flags(written, aliased=False) or [""])[0]
            self.kind[flag] = key
            self.strip[flag] = max(self.strip.get(flag, 0), 0 if strip == "0" else len(strip))
            _, slash, continuation = rest[0].partition("/")
            self.follow.setdefault(flag, set()).update(self.flags(continuation) if slash else ())

    def flags(self, written: str, aliased: bool = True) -> list[str]:
        """The flags of a written flag field, as Hunspell reads them: a byte each (the
        default), two bytes each (FLAG long), a character each (FLAG UTF-8), numbers with
        commas (FLAG num). With AF, the flags of a ``.dic`` line and an affix's continuation
        are an alias number; the flag an affix is defined under is not."""
        if aliased and self.aliases and written.isdigit():
            number = int(written)
            written = self.aliases[number - 1] if 0 < number <= len(self.aliases) else ""
        if self.flag_mode == "num":
            return [part for part in written.split(",") if part]
        if self.flag_mode == "utf-8":
            return list(written)
        raw = written.encode(self.encoding, errors="surrogateescape").decode("latin-1")  # a character a byte
        if self.flag_mode == "long":
            return [raw[i : i + 2] for i in range(0, len(raw), 2)]
        return list(raw)

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
    skipped), read as Hunspell reads them. Decoded so that encoding gives back the bytes."""
    lines = dic.decode(affixes.encoding, errors="surrogateescape").split("\n")
    for number, text in enumerate(lines[1:], start=1):
        text = text.rstrip("\r")
        if not text.strip() or text.startswith(("\t", "#")):
            continue
        entry = text[: _morphology_start(text)].split("\t")[0].rstrip(" \t")
        parts = _UNESCAPED_SLASH.split(entry, maxsplit=1)
        yield parts[0].replace("\\/", "/"), parts[1] if len(parts) > 1 else "", number, text


def _morphology_start(text: str) -> int:
    """Where a line's morphological fields begin (`` po:noun``: a blank, two characters
    and a colon, after the word), or its length."""
    colon = text.find(":", 4)
    while colon >= 0:
        if text[colon - 3] in " \t":
            return colon - 3
        colon = text.find(":", colon + 1)
    return len(text)


def _key(root: str, start: int, end: int) -> str:
    """The core of ``root`` with ``start`` and ``end`` letters off, folded, blanks left out
    (Hunspell refuses a compound whose parts the ``.dic`` holds as a pair: "schoon schip")."""
    core = root[start : len(root) - end] if len(root) > start + end else ""
    return (core.lower() if core.isascii() else fold(core)).replace(" ", "")


def index_body(aff: bytes, dic: bytes) -> bytes:
    """The index: ``core TAB number TAB line`` for each ``.dic`` line, sorted by bytes.
    Roots spelled alike but for case and accents (``McDonald``, ``Mcdonald``; Hunspell also
    makes a capitalised twin of its own for some) are homonyms: each of them is listed
    under every core of the group. Unsupported when the ``.aff`` uses a feature the index
    does not model."""
    affixes = Affixes(aff)
    homonyms: dict[str, list[tuple[str, str, int, str]]] = {}
    for root, written, number, text in _entries(dic, affixes):
        homonyms.setdefault(root.lower() if root.isascii() else fold(root), []).append((root, written, number, text))
    trims: dict[frozenset[str], tuple[int, int]] = {}  # many roots share their flags
    out: list[bytes] = []
    for group in homonyms.values():
        flags = frozenset(flag for _, written, _, _ in group for flag in affixes.flags(written))
        if flags not in trims:
            trims[flags] = affixes.trims(flags)
        start, end = trims[flags]
        lines = [b"\t%09d\t%s\n" % (number, text.encode(affixes.encoding, errors="surrogateescape")) for _, _, number, text in group]
        for key in {_key(root, start, end).encode("utf-8") for root, _, _, _ in group}:
            out.extend(key + line for line in lines)
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
            {
                (number, raw)
                for piece in pieces(letters)
                for line in self.lines.starting_with(piece.encode("utf-8") + b"\t")
                for number, raw in [line.split(b"\t", 2)[1:]]
            }
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
        target.parent.mkdir(parents=True, exist_ok=True)
        if not os.access(target.parent, os.W_OK):
            return None  # not worth building when it cannot be kept: open the whole dictionary
        body = index_body(aff.read_bytes(), dic.read_bytes())
        if _stamp(aff, dic) != stamp:
            return None  # changed while it was read
        header = b" ".join([MAGIC, *(b"%d" % number for number in (*stamp, len(body)))]) + b"\n"
        if not wordcache.write_atomically(target, (header, body)):
            return None
        return RootIndex(target)
    except (*wordcache.UNUSABLE, Unsupported):
        return None
