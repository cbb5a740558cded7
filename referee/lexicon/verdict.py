"""The verdict on a challenged word (SPEC §5.3): valid or not, with exactly one reason.

The shape of the word is judged first, whatever the dictionary (an apostrophe, a hyphen,
dots, fewer than 3 letters); then the dictionary the table agreed on has its say.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.errors import InputError
from referee.lexicon.backend import Dictionary
from referee.lexicon.reasons import Reason
from referee.lexicon.words import read_word


@dataclass(frozen=True)
class Verdict:
    """``word`` as judged (folded: ``cafe`` for ``Café``), the reason, the dictionary's name."""

    word: str
    reason: Reason
    dictionary: str

    @property
    def valid(self) -> bool:
        return self.reason.valid

    def to_json(self) -> dict[str, object]:
        return {"word": self.word, "valid": self.valid, "reason": self.reason.value, "dictionary": self.dictionary}


def judge(text: str, dictionary: Dictionary) -> Verdict:
    """Judge the word ``text`` (as typed) against ``dictionary``; InputError if it is no word."""
    return judge_all([("", text)], dictionary)[0]


def judge_all(given: Iterable[tuple[str, str]], dictionary: Dictionary) -> list[Verdict]:
    """Judge several words, given as (where, text) pairs: ``("stdin line 3", "kitty")``.

    Every word is read before any is judged: a word that cannot be read at all is an
    InputError naming where it was given (``where`` empty: no place to name).
    """
    words = []
    for where, text in given:
        try:
            words.append(read_word(text))
        except InputError as error:
            raise InputError(f"{where}: {error}" if where else str(error)) from None
    return [Verdict(word.text, word.shape or dictionary.lookup(word.letters), dictionary.name) for word in words]
