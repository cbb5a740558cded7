"""The verdict on a challenged word (SPEC §5.3): valid or not, with exactly one reason.

The shape of the word is judged first, whatever the dictionary (an apostrophe, a hyphen,
dots, fewer than 3 letters); then the dictionary the table agreed on has its say.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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

    def to_json(self) -> dict[str, Any]:
        return {"word": self.word, "valid": self.valid, "reason": self.reason.value, "dictionary": self.dictionary}


def judge(text: str, dictionary: Dictionary) -> Verdict:
    """Judge the word ``text`` (as typed) against ``dictionary``; InputError if it is no word."""
    word = read_word(text)
    reason = word.shape or dictionary.lookup(word.letters)
    return Verdict(word.text, reason, dictionary.name)
