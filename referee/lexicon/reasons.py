"""Why a word stands or falls in a challenge: exactly one reason per verdict (SPEC §5.3)."""

from __future__ import annotations

from enum import Enum


class Reason(Enum):
    """The one reason a challenged word is valid or not.

    The rulebook: "Proper nouns, prefixes, suffixes, acronyms, hyphenated words,
    abbreviations, and contractions requiring an apostrophe are not legal words", and a
    word needs at least 3 letters. Only ``IN_DICTIONARY`` makes a word valid.
    ``REMOVED_BY_HOUSE``: the table's house rules (``--house``, a ``-word`` line) forbid a
    word, whatever the dictionary says (an extension of SPEC §5.3's list).
    """

    IN_DICTIONARY = "in dictionary"
    NOT_IN_DICTIONARY = "not in dictionary"
    PROPER_NOUN = "proper noun"
    ACRONYM = "acronym"
    ABBREVIATION = "abbreviation"
    CONTRACTION = "contraction"
    HYPHENATED = "hyphenated"
    PREFIX_OR_SUFFIX = "prefix or suffix"
    TOO_SHORT = "too short"
    REMOVED_BY_HOUSE = "removed by the house rules"

    @property
    def valid(self) -> bool:
        return self is Reason.IN_DICTIONARY

    def __str__(self) -> str:
        return self.value

    @property
    def worded(self) -> str:
        """The reason as people read it, in the chosen language (``value`` stays the
        same in JSON in every language)."""
        from referee.i18n import _

        return {
            Reason.IN_DICTIONARY: _("in dictionary"),
            Reason.NOT_IN_DICTIONARY: _("not in dictionary"),
            Reason.PROPER_NOUN: _("proper noun"),
            Reason.ACRONYM: _("acronym"),
            Reason.ABBREVIATION: _("abbreviation"),
            Reason.CONTRACTION: _("contraction"),
            Reason.HYPHENATED: _("hyphenated"),
            Reason.PREFIX_OR_SUFFIX: _("prefix or suffix"),
            Reason.TOO_SHORT: _("too short"),
            Reason.REMOVED_BY_HOUSE: _("removed by the house rules"),
        }[self]
