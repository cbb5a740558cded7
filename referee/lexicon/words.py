"""A challenged word as the referee reads it: folded the way players type it, and its shape.

Cards show plain capital letters, so the referee compares words without case or accents:
``Café``, ``CAFE`` and ``café`` are all ``cafe``; ``ĳs`` is ``ijs``; ``Æon`` is ``aeon``.
The shipped word lists are folded the same way when they are built, with this function.

Some words fail whatever the dictionary says, from their shape alone: an apostrophe
(a contraction such as *don't*, or a possessive), a hyphen inside (*well-known*) or at
an end (*un-*, *-ness*: a prefix or suffix), dots (*etc.*), or fewer than 3 letters
("These words must be at least 3 letters long").
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.lexicon.reasons import Reason
from referee.i18n import _

MIN_LETTERS = 3
APOSTROPHES = frozenset("'’‘ʼ`´")  # the ' a keyboard or a phone may type
HYPHENS = frozenset("-‐‑‒–—−")  # hyphen-minus, Unicode hyphens and dashes, minus sign
_LIGATURES = str.maketrans(
    {"æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "þ": "th", "ł": "l", "ħ": "h", "ı": "i"}
)


def fold(text: str) -> str:
    """Lower case without accents, the way a player types a word: ``'Ĳzer'`` → ``'ijzer'``."""
    # Compatibility forms first (𝕊 → S), then case, then decompose again what casefold made.
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).translate(_LIGATURES)


@dataclass(frozen=True)
class Word:
    """A word to judge: ``text`` as folded (``don't``, ``well-known``), ``letters`` the
    key looked up in a dictionary, and ``shape``, the reason it fails from its shape alone
    (None when only a dictionary can tell)."""

    text: str
    letters: str
    shape: Reason | None = None


def read_word(raw: str) -> Word:
    """Read a word as given on the command line; raise InputError for anything not a word.

    This is the one place that says what is not a word, two words included: a command
    that takes a word in several arguments joins them with spaces and reads them here.
    """
    stripped = raw.strip()
    if not stripped:
        raise InputError(_("no word given: name the word to check, for example `kitty`"))
    if any(c.isspace() for c in stripped):
        raise InputError(_("{words} is more than one word; give one word at a time").format(words=quoted(" ".join(stripped.split()))))
    chars = []
    for c in fold(stripped):
        if c in APOSTROPHES:
            chars.append("'")
        elif c in HYPHENS:
            chars.append("-")
        elif c == "." or c.isalpha():
            chars.append(c)
        else:
            raise InputError(_("{word} is not a word: {character} is not a letter").format(word=quoted(raw), character=quoted(c)))
    text = "".join(chars)
    letters = "".join(c for c in text if c.isalpha())
    if not letters:
        raise InputError(_("{word} has no letters").format(word=quoted(raw)))
    return Word(text, letters, _shape(text, letters))


def _shape(text: str, letters: str) -> Reason | None:
    if "'" in text:
        return Reason.CONTRACTION
    if text.startswith("-") or text.endswith("-"):
        return Reason.PREFIX_OR_SUFFIX
    if "-" in text:
        return Reason.HYPHENATED
    if "." in text:
        return Reason.ABBREVIATION
    if len(letters) < MIN_LETTERS:
        return Reason.TOO_SHORT
    return None
