"""Dealing Smoorverliefd (SPEC §3): the whole French deck, one card at a time in seating
order from player 1; the cards that do not share out evenly are dead."""

from __future__ import annotations

from referee.cards import french_deck
from referee.dealing import FrenchDeal, deal_round_robin
from referee.errors import InputError
from referee.i18n import _
from referee.shuffle import shuffle

#: Smoorverliefd: players -> (cards each, dead cards). The dead cards are the last ones.
SMOORVERLIEFD_HANDS = {3: (17, 1), 4: (13, 0), 5: (10, 2)}


def deal_smoorverliefd(seed: str, players: int) -> FrenchDeal:
    """3 players: 17 each and 1 dead card; 4: 13 each; 5: 10 each and 2 dead cards."""
    if players not in SMOORVERLIEFD_HANDS:
        raise InputError(_("smoorverliefd is played by 3, 4 or 5 players, not {count}").format(count=players))
    each, _dead = SMOORVERLIEFD_HANDS[players]
    hands, dead = deal_round_robin(shuffle(french_deck(), seed), players, each)
    return FrenchDeal("smoorverliefd", seed, hands, dead, rest_key="dead")


def deal_for_table(seed: str, *, players: int | None = None) -> FrenchDeal:
    """`referee deal smoorverliefd [--players 3|4|5]` (4 when not given)."""
    return deal_smoorverliefd(seed, 4 if players is None else players)
