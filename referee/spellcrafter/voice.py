"""TRANSITIONAL: spellcrafter's voice, delegating to the words its rules still make; to be
replaced by the game's own voice (refusals, effects, outcomes and events worded from
values, in the chosen language)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.spellcrafter.ruleset import RULES


class _Voice:
    def refusal(self, state: Any, refusal: Any) -> str:
        return str(refusal)

    def effect(self, before: Any, step: Any) -> str:
        return ""

    def outcome(self, state: Any, outcome: Any) -> str:
        return str(outcome.reason)

    def event(self, event: Mapping[str, Any]) -> str:
        return RULES.describe(event)  # type: ignore[attr-defined, no-any-return]

    def history_detail(self, before: Any, event: Mapping[str, Any], step: Any) -> dict[str, Any]:
        return RULES.history_detail(before, event, step)  # type: ignore[attr-defined, no-any-return]


VOICE = _Voice()
