"""The Smoorverliefd save file: how the engine starts a match and applies its events."""

from __future__ import annotations

from collections.abc import Sequence
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

    def history_details(self, state: Match, events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """Each event in its round: `history` groups the events by round ("Round 2 — Bram
        deals"), and a trick says who won it and the revoke it proved, if any."""
        from referee.smoorverliefd.report import revoke_text

        names = state.setup.players
        match = Match.start(state.setup)
        details = []
        for event in events:
            number, dealer = match.current.number, names[match.current.dealer]
            match = match.apply(event)
            detail: dict[str, Any] = {"round": number, "section": f"Round {number} — {dealer} deals"}
            entered = match.last_trick() if event.get("kind") == "trick" else None
            if entered is not None:
                played = entered.trick
                summary = f"trick {played.number}: {' '.join(str(c) for c in played.cards)} — {names[played.winner]} wins"
                for revoke in entered.revokes:
                    summary += f"; revoke (verzaken): {revoke_text(match, revoke, number)}"
                detail["summary"] = summary
            details.append(detail)
        return details


RULES = SmoorverliefdRules()
