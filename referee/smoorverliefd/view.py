"""What one seat may see of a Smoorverliefd match (SPEC §6.6): the seat views.

Public, for every seat and for the table: the players, the round, who deals and leads,
the tricks of the round so far, the trick being played card by card (its cards so far
and who is to play) and the last trick, the scores and totals, the cursed
suit, the bids once every player's is in (until then only who has bid: a seat sees its
own bid), how many cards each player holds, and the dead pile of the
last round once that round is over, the round just finished (its story: hearts,
bids, the curse, the points) until the next round's first entry, and the table's rules
(the setup without its seed or secret: variants, target, duos, bid bonus and penalty).
Private: a seat's own hand in a seeded round (the
referee dealt it); the other hands and this round's dead pile are nobody's until the
round is over. ``view(match, None)`` is the public view: no hand at all.

Like OpenSpiel's observation for a player, the view is computed from the match, not
filtered by a screen: a front end shows a seat its view and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from referee.cards import Card, Suit
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.tricks import Trick


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the match (``seat`` None: the public's)."""

    seat: int | None
    players: tuple[str, ...]
    round: int
    dealer: int
    leader: int  # who leads the trick being played (or the next one)
    tricks: tuple[Trick, ...]  # the round's tricks so far
    trick_so_far: tuple[Card, ...]  # the trick being played card by card: its cards so far, from the leader
    to_play: int | None  # the seat to play the next card; None when no card may be played now
    last_trick: Trick | None  # the last trick played, this round or the one before
    scores: tuple[tuple[int, ...], ...]  # each finished round's points, per player
    totals: tuple[int, ...]
    cursed_suit: Suit | None
    bids: tuple[int, ...] | None
    bidding: tuple[bool, ...]  # blinde-liefde, while the bids come in: whether each seat has bid (never the bid)
    own_bid: int | None  # the seat's own bid while the others' are still to come
    cards_in_hand: tuple[int, ...] | None  # per seat; None with physical cards
    last_round_dead: tuple[Card, ...]  # the finished round's dead pile, as far as it is known
    hand: tuple[Card, ...] | None  # the seat's own cards still in hand, in hand order; None when not known to it
    over: bool
    rules: Setup  # the table's rules, public: the setup without its seed or fair secret (what a bot plays by)
    story: PlayedRound | None = None  # the round just finished, until the next round's first entry (bid, curse or card)
    rounds_played: tuple[PlayedRound, ...] = ()  # every finished round (public: `standings` prints them)


def seat_view(match: Match, seat: int | None) -> SeatView:
    """What ``seat`` may see of ``match`` (None: only what is public)."""
    current = match.current
    over = match.outcome is not None
    hands = None if over else current.hands
    last_trick = current.tricks[-1] if current.tricks else next((p.tricks[-1] for p in match.rounds[-1:] if p.tricks), None)
    own = None if hands is None or seat is None else tuple(sorted(hands[seat], key=lambda card: card.sort_key))
    return SeatView(
        seat=seat,
        players=match.setup.players,
        round=current.number,
        dealer=current.dealer,
        leader=current.leader,
        tricks=() if over else current.tricks,
        trick_so_far=current.table,
        to_play=match.to_play,
        last_trick=last_trick,
        scores=tuple(played.score.total for played in match.rounds),
        totals=match.totals,
        cursed_suit=None if over else current.cursed_suit,
        bids=None if over else current.bids,
        bidding=tuple(given for _seat, given in match.bids_to_come()),
        own_bid=None if seat is None else dict(current.offered).get(seat),
        cards_in_hand=None if hands is None else tuple(len(hand) for hand in hands),
        last_round_dead=match.rounds[-1].dead if match.rounds else (),
        hand=own,
        over=over,
        rules=replace(match.setup, seed=None, fair=None),
        story=round_told(match),
        rounds_played=match.rounds,
    )


def round_told(match: Match) -> PlayedRound | None:
    """The round whose story the table is shown: the last one finished, from its last
    trick (or its quick entry) until the next round's first entry — a bid, the cursed
    suit or a card — and for good once the match is over."""
    if not match.rounds:
        return None
    current = match.current
    entered = current.begun or bool(current.offered) or current.bids is not None or current.cursed_suit is not None
    return match.rounds[-1] if match.outcome is not None or not entered else None
