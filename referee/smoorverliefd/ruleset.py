"""Smoorverliefd on the game contract (:class:`referee.game.Rules`): the save file's
setup and events, and the match's own rules (:class:`~referee.smoorverliefd.match.Match`)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

from referee.cards import Suit
from referee.fair.rules import WithEntropy, with_entropy
from referee.game import Decision, Outcome, Refusal, Rules, Step, decided, offer
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import Action, Bids, CurseSuit, Effect, PlayCard
from referee.smoorverliefd.match import FORMAT, MAX_BID, Match
from referee.smoorverliefd.setup import Setup

if TYPE_CHECKING:
    from referee.smoorverliefd.view import SeatView


class SmoorverliefdRules:
    format = FORMAT
    version = 1
    command = "referee smoor"

    def read_setup(self, table: Mapping[str, object]) -> Setup:
        return Setup.from_toml(dict(table))

    def write_setup(self, setup: Setup) -> dict[str, object]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Match:
        return Match.start(setup)

    def decode(self, state: Match, event: Mapping[str, object]) -> Action:
        return actions.decode(state.setup, event)

    def encode(self, state: Match, action: Action) -> dict[str, object]:
        return actions.encode(state.setup, action)

    def apply(self, state: Match, action: Action) -> Step[Match, Effect]:
        """The match after ``action``; :class:`~referee.errors.Refused` with
        :meth:`refusal`'s value when the rules forbid it (``Match.apply`` judges once)."""
        return state.apply(action)

    def refusal(self, state: Match, action: Action) -> Refusal | None:
        return state.refusal(action)

    def legal_actions(self, state: Match) -> Iterator[Action]:
        """What can be listed of the legal entries now, each judged by :meth:`refusal`
        (the one definition of legality): blinde liefde's bids, one seat's bid of 0–13 at a
        time, while they are due; Cupido's cursed suit, one per suit, while the dealer is
        to name it; and in a seeded round, the cards the player to act may play now
        (:meth:`Match.playable`), one :class:`PlayCard` each: what a seat's screen offers.

        Not listed: a whole trick (these plays in turn) and a quick round entry (the
        table's own count, in unboundedly many forms); with physical cards the hands are
        unknown, so no card is listed."""
        for seat, given in state.bids_to_come():
            if not given:
                yield from (bid for bid in (Bids(((seat, count),)) for count in range(MAX_BID + 1)) if state.refusal(bid) is None)
        yield from (curse for curse in (CurseSuit(suit) for suit in Suit) if state.refusal(curse) is None)
        to_play = state.to_play
        if to_play is None:
            return
        for card in state.playable():
            yield PlayCard(to_play, card)

    def actor(self, state: Match, action: Action) -> int | None:
        """The seat that takes ``action``: a bid's bidder (one seat's), the dealer who
        names the cursed suit, the player of a card; None for the table's entries (several
        seats' bids at once, a trick, a round)."""
        if isinstance(action, Bids):
            return action.bids[0][0] if len(action.bids) == 1 else None
        if isinstance(action, CurseSuit):
            return state.current.dealer
        if isinstance(action, PlayCard):
            return action.seat
        return None

    def decisions(self, state: Match, seat: int) -> tuple[Decision, ...]:
        """What ``seat`` decides now: its bid (every seat bids at once), the cursed suit
        (the dealer), the card to play (the player to act, in a seeded round)."""
        mine = [action for action in self.legal_actions(state) if self.actor(state, action) == seat]
        return decided((
            offer(self, state, "bid", seat, (a for a in mine if isinstance(a, Bids)), together=True),
            offer(self, state, "curse", seat, (a for a in mine if isinstance(a, CurseSuit))),
            offer(self, state, "play", seat, (a for a in mine if isinstance(a, PlayCard))),
        ))  # fmt: skip

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
