"""Scoring a Smoorverliefd round and deciding the match (rulebook "Scoren" and "Winnen").

Every scoring rule is defined here once; quick entry and trick entry both end in
:func:`score_round`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import Card, Suit
from referee.smoorverliefd.setup import CUPIDO_PENALTY, Setup, Variant

ALL_HEARTS = 13
ACE_OF_HEARTS = Card(14, Suit.HEARTS)
HEARTS = tuple(Card(rank, Suit.HEARTS) for rank in range(2, 15))


@dataclass(frozen=True)
class Capture:
    """The hearts one player captured in a round (*scorestapel*).

    ``cards`` is known when the hearts were listed or the round was entered trick by
    trick; a quick entry with a count knows only ``count`` and whether A♥ is among them.
    """

    count: int
    ace: bool = False
    cards: tuple[Card, ...] | None = None

    @classmethod
    def of(cls, cards: Sequence[Card]) -> Capture:
        return cls(count=len(cards), ace=ACE_OF_HEARTS in cards, cards=tuple(cards))

    @property
    def all_hearts(self) -> bool:
        """*Alles pakken*: every heart of the round, which doubles the round score."""
        return self.count == ALL_HEARTS


def heart_value(card: Card, kleine_liefde: bool = False) -> int:
    """"Elk hart … is 1 punt waard. De Hartenaas is 5 punten waard in plaats van 1."

    Kleine Liefde: "De harten scoren op basis van hun puntwaarde (Aas = 14, Heer = 13,
    …, 2 = 2)".
    """
    if kleine_liefde:
        return card.rank
    return 5 if card == ACE_OF_HEARTS else 1


def heart_points(capture: Capture, kleine_liefde: bool = False) -> int:
    """A player's heart points for the round, doubled when they captured all 13.

    "Een speler die in één ronde elke Hartenkaart vangt, verdubbelt zijn rondescore
    (basispunten voor harten plus de Aasbonus, beide vermenigvuldigd met 2)."
    No hearts: 0, no penalty.
    """
    if capture.count == 0:
        return 0
    if kleine_liefde:
        if capture.cards is None:
            raise ValueError("kleine-liefde scores need the heart cards themselves")
        base = sum(heart_value(card, kleine_liefde=True) for card in capture.cards)
    else:
        base = capture.count + (heart_value(ACE_OF_HEARTS) - 1 if capture.ace else 0)
    return 2 * base if capture.all_hearts else base


@dataclass(frozen=True)
class RoundScore:
    """What a round is worth to each player (in seating order)."""

    hearts: tuple[int, ...]  # heart points, after doubling
    bids: tuple[int, ...]  # blinde-liefde: +bonus / −penalty, else zeros
    curse: tuple[int, ...]  # cupido: −5 for the cursed suit's biggest collectors
    revokes: tuple[int, ...]  # −the table's revoke penalty for each revoke proven against the player
    champions: tuple[int, ...]  # seats (or duo numbers, with partners) with most heart points
    bids_met: tuple[bool, ...] | None = None  # blinde-liefde: who captured exactly their bid

    @property
    def total(self) -> tuple[int, ...]:
        return tuple(sum(parts) for parts in zip(self.hearts, self.bids, self.curse, self.revokes))

    def adjusted(self, seat: int) -> bool:
        """Whether the player's points hold more than their hearts (a bid, a curse, a revoke)."""
        return any((self.bids[seat], self.curse[seat], self.revokes[seat]))


def score_round(
    setup: Setup,
    captures: Sequence[Capture],
    bids: Sequence[int] | None = None,
    cursed_most: Sequence[int] = (),
    revokers: Sequence[int] = (),
) -> RoundScore:
    """Score one round from the hearts each player captured.

    Blinde Liefde: "Je bod halen levert een bonus op; het missen ervan geeft een
    straf" — the bid counts hearts (cards), exact is +bonus, anything else −penalty.
    Cupid's Arrow: "wie in de volgende ronde de meeste kaarten van die vervloekte kleur
    verzamelt, verliest 5 punten" — every player tied for the most loses 5.
    A revoke (*verzaken*): the rulebook names no penalty; each revoke costs the player
    who made it the table's ``--revoke-penalty`` (0 unless the table chose one).
    ``revokers`` holds the seat of each revoke, once per revoke.
    """
    kleine = setup.has(Variant.KLEINE_LIEFDE)
    hearts = tuple(heart_points(capture, kleine) for capture in captures)
    met = None if bids is None else tuple(bid == capture.count for bid, capture in zip(bids, captures))
    if met is None:
        bid_points = (0,) * setup.count
    else:
        bid_points = tuple(setup.bid_bonus if exact else -setup.bid_penalty for exact in met)
    curse = tuple(-CUPIDO_PENALTY if seat in cursed_most else 0 for seat in range(setup.count))
    revokes = tuple(-setup.revoke_penalty * list(revokers).count(seat) for seat in range(setup.count))
    return RoundScore(
        hearts=hearts, bids=bid_points, curse=curse, revokes=revokes, champions=champions(setup, hearts), bids_met=met
    )


def champions(setup: Setup, hearts: Sequence[int]) -> tuple[int, ...]:
    """"Een enkele ronde wordt gewonnen door de speler met de meeste hartenpunten";
    with partners, by the duo with the most. Ties share the title; nobody wins a round
    in which nobody scored a heart point."""
    sides = side_totals(setup, hearts)
    best = max(sides)
    return tuple(side for side, points in enumerate(sides) if points == best and best > 0)


def side_totals(setup: Setup, points: Sequence[int]) -> tuple[int, ...]:
    """Per player, or per duo in the partners variant ("tellen hun hartenwinsten bij elkaar op")."""
    if setup.duos is None:
        return tuple(points)
    return tuple(sum(points[seat] for seat in duo) for duo in setup.duos)


def side_names(setup: Setup) -> tuple[str, ...]:
    if setup.duos is None:
        return setup.players
    return tuple(setup.duo_name(duo) for duo in range(2))


@dataclass(frozen=True)
class Standing:
    """Where the match stands after the rounds played so far."""

    totals: tuple[int, ...]  # per side: players, or duos with partners
    winner: int | None  # the side that won the match
    tied_at_target: bool  # the target is reached but the top is tied: play another round


def standing(setup: Setup, player_totals: Sequence[int]) -> Standing:
    """"De partij eindigt na de ronde waarin iemand het doel bereikt; het hoogste totaal
    wint" (SPEC §6.4): when a side reaches the target, the highest total wins, and a tie
    on top plays another round."""
    totals = side_totals(setup, player_totals)
    best = max(totals)
    if best < setup.target:
        return Standing(totals=totals, winner=None, tied_at_target=False)
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) == 1:
        return Standing(totals=totals, winner=leaders[0], tied_at_target=False)
    return Standing(totals=totals, winner=None, tied_at_target=True)
