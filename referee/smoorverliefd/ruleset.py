"""Smoorverliefd on the game contract (:class:`referee.game.Rules`): the save file's
setup and events, and the match's own rules (:class:`~referee.smoorverliefd.match.Match`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from referee.cards import Card
from referee.game import Outcome, Refusal, Rules, Step
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import Action, Effect, PlayTrick
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

    def legal_actions(self, state: Match) -> Iterator[PlayTrick]:
        """In a seeded round that may be played, every legal trick, lazily: each player
        in turn plays a card :meth:`Match.playable` allows after the cards before it.

        Nothing otherwise: with physical cards the hands are unknown, and the other
        entries are not listed (a quick entry has unboundedly many forms, and bids and
        a cursed suit are the table's choice, not a move to search). Before the bids or
        the cursed suit of a round are in, no trick is legal, so none is listed."""
        probe = _first_trick(state)
        if probe is None or state.refusal(probe) is not None:
            return
        yield from _tricks(state, ())

    def outcome(self, state: Match) -> Outcome | None:
        return state.outcome

    def seats(self, state: Match) -> tuple[str, ...]:
        return state.setup.players

    def view(self, state: Match, seat: int | None) -> SeatView:
        """What ``seat`` may see (:mod:`.view`, imported when first asked: no entry needs it)."""
        from referee.smoorverliefd.view import seat_view

        return seat_view(state, seat)


def _first_trick(state: Match) -> PlayTrick | None:
    """One legal trick if there is any (the first in :meth:`Match.playable` order)."""
    cards: list[Card] = []
    while len(cards) < state.setup.count:
        playable = state.playable(cards)
        if not playable:
            return None
        cards.append(playable[0])
    return PlayTrick(tuple(cards))


def _tricks(state: Match, typed: tuple[Card, ...]) -> Iterator[PlayTrick]:
    if len(typed) == state.setup.count:
        yield PlayTrick(typed)
        return
    for card in state.playable(typed):
        yield from _tricks(state, typed + (card,))


RULES: Rules[Setup, Match, Action, Effect] = SmoorverliefdRules()
