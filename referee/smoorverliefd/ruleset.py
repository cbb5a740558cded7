"""Smoorverliefd on the game contract (:class:`referee.game.Rules`): the save file's
setup and events, and the match's own rules (:class:`~referee.smoorverliefd.match.Match`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from referee.fair.rules import WithEntropy, with_entropy
from referee.game import Outcome, Refusal, Rules, Step
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import Action, Effect, PlayCard
from referee.smoorverliefd.match import FORMAT, Match
from referee.smoorverliefd.setup import Setup

if TYPE_CHECKING:
    from referee.smoorverliefd.view import SeatView


class SmoorverliefdRules:
    format = FORMAT
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

    def apply(self, state: Match, action: Action) -> Step[Match, Effect]:
        """The match after ``action``; :class:`~referee.errors.Refused` with
        :meth:`refusal`'s value when the rules forbid it (``Match.apply`` judges once)."""
        return state.apply(action)

    def refusal(self, state: Match, action: Action) -> Refusal | None:
        return state.refusal(action)

    def legal_actions(self, state: Match) -> Iterator[PlayCard]:
        """In a seeded round that may be played, the cards the player to act may play
        now, one :class:`PlayCard` each (:meth:`Match.playable` after the cards on the
        table): what a seat's screen offers to tap.

        Nothing otherwise: with physical cards the hands are unknown, and the other
        entries are not listed (a whole trick is these plays in turn; a quick entry has
        unboundedly many forms; bids and a cursed suit are the table's choice, not a
        move to search). Before the bids or the cursed suit of a round are in, nobody
        is to play, so nothing is listed."""
        seat = state.to_play
        if seat is None:
            return
        for card in state.playable():
            yield PlayCard(seat, card)

    def outcome(self, state: Match) -> Outcome | None:
        return state.outcome

    def seats(self, state: Match) -> tuple[str, ...]:
        return state.setup.players

    # --- a fair match (referee.fair.rules.FairGame) -------------------------------------

    def fair_deals(self, state: Match) -> int:
        """A fair match's deals so far: every round up to the current one is dealt; once
        the match is over, the rounds played (the next one is never dealt)."""
        return len(state.rounds) if state.outcome is not None else state.current.number

    def view(self, state: Match, seat: int | None) -> SeatView:
        """What ``seat`` may see (:mod:`.view`, imported when first asked: no entry needs it)."""
        from referee.smoorverliefd.view import seat_view

        return seat_view(state, seat)


RULES: WithEntropy[Setup, Match, Action, Effect] = with_entropy(SmoorverliefdRules())
