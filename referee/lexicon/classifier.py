"""Why a word is not a playable word: proper noun, acronym, abbreviation, contraction, affix.

The lists come with referee (``dictionaries/<lang>-proper-nouns.txt`` and so on, built
from SCOWL and the OpenTaal list; see dictionaries/README.md). They hold only spellings
that are not playable words, so "bill" and "rose" are words, while "london" is a proper
noun, "nasa" an acronym, "etc" an abbreviation and "dont" a contraction. Each list is
opened only when a verdict asks about it.
"""

from __future__ import annotations

from functools import cache

from referee.lexicon.reasons import Reason
from referee.lexicon.shipped import classifier_files
from referee.lexicon.sortedfile import SortedWordFile

# The order a word is looked up in. The build gives each spelling one class of the lists
# it makes, but the affix list is written by hand and may share a spelling with them: a
# prefix or suffix comes first, so "ing" is a suffix rather than ING the bank.
CLASSES = (Reason.PREFIX_OR_SUFFIX, Reason.ACRONYM, Reason.ABBREVIATION, Reason.PROPER_NOUN, Reason.CONTRACTION)


class Classifier:
    """The shipped classifier lists of one language (``en``, ``nl``)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self._files = classifier_files(language)  # reason -> path, for the classes it has
        self._open: dict[Reason, SortedWordFile] = {}

    def _list(self, reason: Reason) -> SortedWordFile | None:
        if reason not in self._files:
            return None
        if reason not in self._open:
            self._open[reason] = SortedWordFile(self._files[reason])
        return self._open[reason]

    def has(self, reason: Reason, letters: str) -> bool:
        """Whether the list of ``reason`` (acronyms, …) holds the spelling ``letters``."""
        found = self._list(reason)
        return found is not None and letters in found

    def name(self, letters: str) -> Reason | None:
        """The class of a spelling that is no playable word (proper noun, …), or None."""
        return next((reason for reason in CLASSES if self.has(reason, letters)), None)

    def explain_missing(self, letters: str) -> Reason:
        """The reason for a word the dictionary does not hold: its class, else not in dictionary."""
        return self.name(letters) or Reason.NOT_IN_DICTIONARY


class NoClassifier(Classifier):
    """For a language without shipped lists (a ``file:`` list, ``hunspell:de_DE``, …)."""

    def __init__(self) -> None:
        self.language = ""
        self._files = {}
        self._open = {}


@cache
def classifier(language: str | None) -> Classifier:
    """The classifier for a language tag (``en``, ``en_GB``, ``nl_NL``), or an empty one."""
    base = (language or "").replace("-", "_").split("_")[0].lower()
    return Classifier(base) if base and classifier_files(base) else NoClassifier()
