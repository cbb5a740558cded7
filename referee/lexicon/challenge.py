"""What a challenge does to the scores, from the rulebook:

"If the word is in the dictionary, the challenging player loses points equal to the
value of the challenged word. If the word is not in the dictionary, discard those letters
and the player who played the word scores zero points for the round."

:class:`Consequence` is the one definition: ``referee spell challenge WORD --value N``
words it here, and a game's challenge (:mod:`referee.spellcrafter`) records it. This module
imports nothing of the word lists at run time, so the game's quick commands load it cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING


if TYPE_CHECKING:
    from referee.lexicon.verdict import Verdict


@dataclass(frozen=True)
class Consequence:
    """What a verdict on a word worth some points does to the scores: the challenger loses
    the word's value if it stands; if it falls, the player who played it scores 0."""

    challenger_loses: int
    word_falls: bool

    @classmethod
    def of(cls, valid: bool, value: int) -> Consequence:
        """The consequence of a verdict (``valid``: the word stands) on a word worth ``value``."""
        return cls(challenger_loses=value if valid else 0, word_falls=not valid)

    def __str__(self) -> str:
        """The consequence as people read it, in the chosen language."""
        from referee.i18n import _, ngettext

        if self.word_falls:
            return _("player scores 0 this round")
        points = self.challenger_loses
        return ngettext("challenger loses {count} point", "challenger loses {count} points", points).format(count=points)


@dataclass(frozen=True)
class Challenge:
    """A verdict and, when known, the value of the challenged word."""

    verdict: Verdict
    value: int | None = None

    @property
    def consequence(self) -> Consequence | None:
        """What the challenge does to the scores, or None without a value."""
        return None if self.value is None else Consequence.of(self.verdict.valid, self.value)

    def to_json(self) -> dict[str, object]:
        document = self.verdict.to_json()
        if self.value is not None:
            document["value"] = self.value
        return document
