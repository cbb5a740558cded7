"""``wordfreq:LANG[@ZIPF]``: a family-friendly list, the words people actually use.

A word counts when its frequency in wordfreq's data is at or above ZIPF on the Zipf scale
(default 3: once per million words) and, where referee ships a word list of that language
(``builtin:en``, ``builtin:nl``), it is also in that list. wordfreq counts every token of
running text, so its common "words" include names ("paris"), acronyms ("nasa"),
abbreviations ("etc") and chat ("lol", "omg", "wtf"); the shipped lists hold playable
words only, so requiring both keeps exactly the common playable words, and a word that
fails is explained by the shipped classifier like any other (proper noun, …). English
uses ``builtin:en`` rather than ``builtin:en-large``: at Zipf 3 the larger list adds some
570 words, mostly names and foreign words written in lower case ("albert", "mein").
For a language without a shipped list, wordfreq's words are taken as they are.

wordfreq ships its data inside its PyPI package (``wordfreq/data/*.msgpack.gz``), so
nothing is downloaded. Importing wordfreq itself takes longer than a whole challenge
(it loads its tokenizers), so referee reads the one data file the verdict needs directly:
the documented "cBpack" format, a gzipped msgpack list whose first element is the
header ``{"format": "cB", "version": 1}`` and whose element i + 1 lists the words at
−i centibels, that is at Zipf 9 − i/100. Should the format ever change, referee falls
back to wordfreq's own ``get_frequency_dict``.
"""

from __future__ import annotations

import gzip
import importlib.util
import math
from functools import cache
from pathlib import Path

from referee.errors import InputError, choose, quoted
from referee.lexicon.classifier import classifier
from referee.lexicon.reasons import Reason
from referee.lexicon.shipped import LANGUAGE_NAMES, builtin_entry, builtin_names, folder
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.words import MIN_LETTERS, fold
from referee.i18n import _

DEFAULT_ZIPF = 3.0
MAX_ZIPF = 8.0
HEADER = {"format": "cB", "version": 1}


def wordfreq_folder() -> Path:
    """wordfreq's data folder, found without importing wordfreq."""
    spec = importlib.util.find_spec("wordfreq")
    if spec is None or not spec.submodule_search_locations:
        raise InputError(_("wordfreq dictionaries need the wordfreq package: pip install wordfreq"))
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def languages() -> list[str]:
    """The languages wordfreq has data for here."""
    return sorted({path.name.split("_", 1)[1].split(".")[0] for path in wordfreq_folder().glob("small_*.msgpack.gz")})


def data_file(language: str, wordlist: str) -> Path:
    return wordfreq_folder() / f"{wordlist}_{language}.msgpack.gz"


def _language(text: str) -> str:
    """wordfreq's name for the language ``text``: ``EN`` → ``en``; an error suggesting ``en``
    for ``en_US`` (wordfreq has no regional lists)."""
    known = languages()
    base = LANGUAGE_NAMES.get(text.lower(), text.replace("-", "_").split("_")[0].lower())
    if text.lower() not in known and base in known:
        message = _("unknown wordfreq language {language} — did you mean {guess}? (wordfreq's lists are by language, not region)")
        raise InputError(message.format(language=quoted(text), guess=f"wordfreq:{base}"))
    return choose(text, known, "wordfreq language")


def parse(spec: str) -> tuple[str, float]:
    """``en@3.5`` → ("en", 3.5); the language checked against wordfreq's data."""
    language, at, zipf_text = spec.partition("@")
    language = _language(language.strip()) if language.strip() else ""
    if not language:
        raise InputError(_("name a language after wordfreq:, for example wordfreq:en or wordfreq:nl@3.5"))
    if not at:
        return language, DEFAULT_ZIPF
    try:
        zipf = float(zipf_text)
    except ValueError:
        zipf = math.nan
    if not 0 <= zipf <= MAX_ZIPF:  # also rejects nan
        message = _("{zipf} is not a Zipf frequency from 0 to {most}; for example {example}")
        raise InputError(message.format(zipf=quoted(zipf_text), most=f"{MAX_ZIPF:g}", example=f"wordfreq:{language}@3"))
    return language, zipf


def _buckets(path: Path) -> list[list[str]] | None:
    """The word lists of a cBpack file by centibel, or None if it is not the known format."""
    try:
        import msgpack  # deferred: msgpack and wordfreq cost start-up

        document = msgpack.unpackb(gzip.decompress(path.read_bytes()), raw=False)
    except (ImportError, OSError, ValueError, EOFError):
        return None
    if not isinstance(document, list) or not document or document[0] != HEADER:
        return None
    return document[1:]


def _limit(zipf: float) -> int:
    """The highest bucket index (negated centibels) at or above ``zipf``."""
    return math.floor((9 - zipf) * 100 + 1e-9)


def common_words(language: str, zipf: float) -> frozenset[str]:
    """The folded words of ``language`` at or above ``zipf``."""
    return _read(language, zipf)[0]


def source_file(language: str, zipf: float) -> Path | None:
    """The one data file ``common_words`` reads, or None if it had to ask wordfreq itself."""
    return _read(language, zipf)[1]


@cache
def _read(language: str, zipf: float) -> tuple[frozenset[str], Path | None]:
    limit = _limit(zipf)
    chosen: tuple[list[list[str]], Path] | None = None
    for wordlist in ("small", "large"):  # small holds everything down to Zipf 3 and loads faster
        path = data_file(language, wordlist)
        if not path.is_file():
            continue
        buckets = _buckets(path)
        if buckets is None:
            return _from_wordfreq(language, zipf), None
        chosen = buckets, path
        if len(buckets) > limit:
            break
    if chosen is None:
        raise InputError(_("wordfreq has no data for {language} here").format(language=quoted(language)))
    buckets, path = chosen
    return frozenset(w if w.isascii() else fold(w) for bucket in buckets[: limit + 1] for w in bucket), path


def _from_wordfreq(language: str, zipf: float) -> frozenset[str]:
    """The same set through wordfreq's API (slower to import; used if the format changes)."""
    import wordfreq

    cutoff = wordfreq.zipf_to_freq(zipf) * 10 ** (-0.005)  # wordfreq rounds to whole centibels
    frequencies = wordfreq.get_frequency_dict(language, "best")
    return frozenset(fold(word) for word, frequency in frequencies.items() if frequency >= cutoff)


def word_list(language: str) -> str | None:
    """The shipped list a word of ``language`` must also be in (``builtin:en``), if one ships."""
    return f"builtin:{language}" if language in builtin_names() else None


class WordfreqDictionary:
    """The common words of one language, at or above a Zipf frequency, that are also in
    the shipped word list of that language (see the module's docstring)."""

    def __init__(self, spec: str) -> None:
        self.language, self.zipf = parse(spec)
        self.name = f"wordfreq:{self.language}@{self.zipf:g}"
        self.words = common_words(self.language, self.zipf)
        self.word_list = word_list(self.language)
        files = builtin_entry(self.word_list.removeprefix("builtin:"))["files"] if self.word_list else []
        self._files = [folder() / file for file in files]
        self._lists = [SortedWordFile(path) for path in self._files]
        self._classifier = classifier(self.language)

    def __contains__(self, letters: str) -> bool:
        return letters in self.words and (not self._lists or any(letters in words for words in self._lists))

    def count(self) -> int:
        """How many words the dictionary accepts: wordfreq's words that pass, 3 letters or more."""
        words = {letters for letters in self.words if len(letters) >= MIN_LETTERS and letters.isalpha()}
        if not self._files:
            return len(words)
        listed: set[str] = set()
        for path in self._files:  # reading the shipped list whole is faster than 20,000 searches
            try:
                listed.update(path.read_text(encoding="utf-8").split())
            except OSError:  # the search reports a damaged list; count the slow way
                return sum(1 for letters in words if letters in self)
        return len(words & listed)

    def lookup(self, letters: str) -> Reason:
        if letters in self:
            return Reason.IN_DICTIONARY
        return self._classifier.explain_missing(letters)
