"""What one seat of a Spellcrafter table may see (SPEC §6.6): the only door to private
cards for any screen.

Public: the scores, every word once submitted (its cards, its score, its challenge), the
round, the passing direction, who is still to play, the Jumper turned up, and how many
cards each hand is dealt. Private, to its own seat only: the hand the seat drafts from,
which the referee knows in a game it deals (a seed), for the round being played.

The referee does not see the draft: once hands are passed around it cannot tell who
holds which card, and it never knows a seat's selected cards or face-down last card. So
the hand dealt to a seat is all it can show, and only to that seat. Under the Friendly
Rules selected cards lie face up, but the referee does not know them either: the dealt
hand stays private there too.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.game import Game
from referee.spellcrafter.rounds import Round


@dataclass(frozen=True)
class SeatView:
    """A seat's view of a game (``seat`` None: the public's, which holds no private card).

    ``hand`` is the seat's own hand as dealt for ``round`` (empty for the public, with
    physical cards, and once the game is over); ``hand_size`` is public: how many cards
    each hand is dealt in a seeded game (0 with physical cards)."""

    seat: int | None
    players: tuple[str, ...]
    totals: tuple[int, ...]
    rounds: tuple[Round, ...]
    round: int
    waiting: tuple[int, ...]
    jumper: SpellCard | None
    hand_size: int
    hand: tuple[SpellCard, ...] = ()


def seat_view(game: Game, seat: int | None) -> SeatView:
    """What ``seat`` may see of ``game`` (None: the public)."""
    number = game.current_number
    dealt = game.deal(number)
    over = game.outcome is not None
    hand: tuple[SpellCard, ...] = ()
    if dealt is not None and seat is not None and not over:
        hand = dealt.hands[seat]
    return SeatView(
        seat=seat,
        players=game.setup.players,
        totals=game.totals,
        rounds=game.rounds,
        round=number,
        waiting=game.waiting,
        jumper=None if dealt is None else dealt.jumper,
        hand_size=0 if dealt is None else len(dealt.hands[0]),
        hand=hand,
    )
