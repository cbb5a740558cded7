"""The Smoorverliefd save file: how the engine starts a match and applies its events."""

from __future__ import annotations

from typing import Any

from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup


class SmoorverliefdRules:
    format = "referee/smoorverliefd"
    version = 1
    command = "referee smoor"

    def start(self, setup: dict[str, Any]) -> Match:
        return Match.start(Setup.from_toml(setup))

    def apply(self, state: Match, event: dict[str, Any]) -> Match:
        return state.apply(event)

    def describe(self, event: dict[str, Any]) -> str:
        """One line per event, as it was entered."""
        kind = event.get("kind")
        if kind == "bid":
            return "bids: " + ", ".join(f"{name} {bid}" for name, bid in event.get("bids", {}).items())
        if kind == "curse":
            return f"cursed suit: {event.get('suit')}"
        if kind == "trick":
            return "trick: " + " ".join(event.get("cards", []))
        if kind == "round":
            parts = []
            for name, hearts in event.get("hearts", {}).items():
                parts.append(f"{name} {','.join(hearts) if isinstance(hearts, list) else hearts}")
            line = "round: " + (", ".join(parts) or "no hearts")
            if event.get("ace"):
                line += f"; A♥ {event['ace']}"
            if event.get("dead"):
                line += f"; dead {' '.join(event['dead'])}"
            if event.get("cursed"):
                line += f"; most of the cursed suit: {', '.join(event['cursed'])}"
            return line
        return str(kind)


RULES = SmoorverliefdRules()
