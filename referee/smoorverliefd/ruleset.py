"""The Smoorverliefd save file: how the engine starts a match and applies its events."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.game import Outcome, Step
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup


class SmoorverliefdRules:
    format = "referee/smoorverliefd"
    version = 1
    command = "referee smoor"

    def read_setup(self, table: Mapping[str, Any]) -> Setup:
        return Setup.from_toml(dict(table))

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Match:
        return Match.start(setup)

    def decode(self, state: Match, event: Mapping[str, Any]) -> dict[str, Any]:
        return dict(event)

    def encode(self, state: Match, action: dict[str, Any]) -> dict[str, Any]:
        return action

    def apply(self, state: Match, action: dict[str, Any]) -> Step[Match]:
        return Step(state.apply(action))

    def refusal(self, state: Match, action: dict[str, Any]) -> str | None:
        return None

    def legal_actions(self, state: Match) -> None:
        return None

    def outcome(self, state: Match) -> Outcome | None:
        return None

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
