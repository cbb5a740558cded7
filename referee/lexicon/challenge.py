"""What a challenge does to the scores, from the rulebook:

"If the word is in the dictionary, the challenging player loses points equal to the
value of the challenged word. If the word is not in the dictionary, discard those letters
and the player who played the word scores zero points for the round."
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from referee.lexicon.verdict import Verdict


@dataclass(frozen=True)
class Challenge:
    """A verdict and, when known, the value of the challenged word."""

    verdict: Verdict
    value: int | None = None

    @property
    def challenger_loses(self) -> int:
        """Points the challenger loses: the word's value if it stands, else nothing (the
        player who played a word that falls scores 0 this round instead)."""
        return (self.value or 0) if self.verdict.valid else 0

    @property
    def consequence(self) -> str | None:
        """The consequence in words, or None without a value."""
        if self.value is None:
            return None
        if self.verdict.valid:
            return f"challenger loses {self.challenger_loses} point{'' if self.challenger_loses == 1 else 's'}"
        return "player scores 0 this round"

    def to_json(self) -> dict[str, Any]:
        document = self.verdict.to_json()
        if self.value is not None:
            document["value"] = self.value
        return document
