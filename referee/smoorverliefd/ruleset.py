"""Smoorverliefd on the game contract (:class:`referee.game.Rules`): the save file's
setup and events, and the match's own rules (:class:`~referee.smoorverliefd.match.Match`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.game import Outcome, Rules, Step
from referee.i18n import _
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import Action, TrickTaken
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.words import saved_card, saved_suit


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

    def decode(self, state: Match, event: Mapping[str, Any]) -> Action:
        return actions.decode(state.setup, event)

    def encode(self, state: Match, action: Action) -> dict[str, Any]:
        return actions.encode(state.setup, action)

    def apply(self, state: Match, action: Action) -> Step[Match]:
        return state.apply(action)

    def refusal(self, state: Match, action: Action) -> str | None:
        return state.refusal(action)

    def legal_actions(self, state: Match) -> None:
        """Not listed: a quick entry has too many forms, and with physical cards the
        hands are unknown."""
        return None

    def outcome(self, state: Match) -> Outcome | None:
        return state.outcome

    def describe(self, event: Mapping[str, Any]) -> str:
        """One line per event, as it was entered."""
        kind = event.get("kind")
        if kind == "bid":
            return _("bids: ") + ", ".join(f"{name} {bid}" for name, bid in event.get("bids", {}).items())
        if kind == "curse":
            return _("cursed suit: {suit}").format(suit=saved_suit(event.get("suit")))
        if kind == "trick":
            return _("trick: ") + " ".join(saved_card(card) for card in event.get("cards", []))
        if kind == "round":
            parts = []
            for name, hearts in event.get("hearts", {}).items():
                parts.append(f"{name} {','.join(map(saved_card, hearts)) if isinstance(hearts, list) else hearts}")
            line = _("round: ") + (", ".join(parts) or _("no hearts"))
            if event.get("ace"):
                line += f"; A♥ {event['ace']}"
            if event.get("dead"):
                line += _("; dead {cards}").format(cards=" ".join(map(saved_card, event["dead"])))
            if event.get("cursed"):
                line += _("; most of the cursed suit: {names}").format(names=", ".join(event["cursed"]))
            return line
        return str(kind)

    def history_detail(self, before: Match, event: Mapping[str, Any], step: Step[Match]) -> dict[str, Any]:
        """An event in its round: `history` groups the events by round ("Round 2 — Bram
        deals"), and a trick says who won it and the revoke it proved, if any."""
        from referee.smoorverliefd.report import revoke_text
        from referee.smoorverliefd.words import card_name

        number, names = before.current.number, before.setup.players
        section = _("Round {number} — {dealer} deals").format(number=number, dealer=names[before.current.dealer])
        detail: dict[str, Any] = {"round": number, "section": section}
        if isinstance(step.effect, TrickTaken):
            played = step.effect.trick
            cards = " ".join(card_name(card) for card in played.cards)
            summary = _("trick {number}: {cards} — {winner} wins").format(number=played.number, cards=cards, winner=names[played.winner])
            for revoke in step.effect.revokes:
                summary += _("; revoke (verzaken): {revoke}").format(revoke=revoke_text(step.state, revoke, number))
            detail["summary"] = summary
        return detail


RULES: Rules[Match, Action] = SmoorverliefdRules()
