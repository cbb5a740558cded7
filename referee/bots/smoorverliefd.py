"""Smoorverliefd's bots (issue 35): an **easy** one that plays a few plain rules, and a
**strong** one that samples the cards it cannot see and plays each sample out.

Both decide from the seat's view (:class:`~referee.smoorverliefd.view.SeatView`) and
its decisions only, like any front end: the cards they know are the seat's own hand, the
tricks of the round so far (and so who has shown out of which suit), each seat's number
of cards, and the table's rules (``view.rules``: variants, target, duos, bid bonus).

The easy rules (:func:`plain_card`), the same for every seat a playout plays:

- leading: the highest heart when no unseen heart beats it (a sure catch), else the
  lowest card of the longest other suit (giving the lead away cheaply, keeping the
  high cards for tricks worth winning);
- following: when the trick holds hearts and a card wins it, the lowest card that surely
  wins it (or, as the last to play, the lowest card that wins); else the lowest card of
  the suit;
- out of the suit: hearts to a partner who is winning; with hearts as trump the lowest
  heart that wins; else the lowest card of the shortest other suit (becoming void, as the
  rulebook's tips say), a heart only when nothing else is left.

Bids (blinde liefde): the hearts of queen and higher, plus one with four hearts or more.
The cursed suit (Cupid's arrow): the other suit the dealer holds fewest of.

The strong bot (determinization, as the Smitten hint does): it draws ``samples`` deals
of the unseen cards consistent with what it has seen (the counts of each hand, the dead
pile of a 3- or 5-player round, and no card of a suit a seat has shown out of), and in
each sample plays every card it may play (one of each run of equal cards) followed by
the plain rules for every seat to the end of the round; it plays the card with the best
average of its side's round points less the other sides' mean. A bid is the number of
hearts it catches most often over sampled rounds; a cursed suit the one whose sampled
rounds score it best. The sample counts are fixed (never a clock): a bot's decision
depends on its view, its decisions and its seed only.

Cards are numbers 0–51 (suit × 13 + rank − 2, suits in the deck's order) and hands are
bit masks, so a playout is a few hundred integer operations.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from referee.bots import Policy
from referee.cards import Card, Suit
from referee.game import Decision
from referee.smoorverliefd.setup import CUPIDO_PENALTY, Variant
from referee.smoorverliefd.view import SeatView

SUITS = tuple(Suit)
HEART = SUITS.index(Suit.HEARTS)
CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, 15))
INDEX = {card: number for number, card in enumerate(CARDS)}
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * suit) for suit in range(4))
HEARTS = SUIT_MASK[HEART]
ACE_OF_HEARTS = 13 * HEART + 12
ALL = (1 << 52) - 1



class Budget(NamedTuple):
    """The strong bot's sampling, fixed (never a clock; the benchmark measures the time it
    takes: within 1 s at the 95th percentile on a 2-core machine). ``playouts`` per card
    decision, shared among the cards it tells apart, ``min_samples`` to ``max_samples``
    deals each; ``bid`` sampled rounds for a bid; ``curse`` per suit for a cursed suit."""

    playouts: int = 1600
    min_samples: int = 24
    max_samples: int = 240
    bid: int = 300
    curse: int = 120


#: The budget the strong bot plays with (the tests make it smaller: a decision's honesty
#: and legality do not depend on how many deals it samples).
BUDGET = Budget()


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _mask(cards: Sequence[int]) -> int:
    found = 0
    for card in cards:
        found |= 1 << card
    return found


@dataclass(frozen=True)
class TableRules:
    """The rules a playout plays by, from the view: the number of seats, hearts as trump,
    face-value hearts, each seat's side (its duo, or itself), the bids, the cursed suit."""

    count: int
    trump: bool
    kleine: bool
    side: tuple[int, ...]
    bids: tuple[int, ...] | None
    bid_bonus: int
    bid_penalty: int
    cursed: int | None  # a suit's number

    @classmethod
    def of(cls, view: SeatView, bids: tuple[int, ...] | None = None, cursed: Suit | None = None) -> TableRules:
        rules = view.rules
        count = len(view.players)
        side = tuple(range(count)) if rules.duos is None else tuple(rules.duo_of(seat) for seat in range(count))
        cursed = view.cursed_suit if cursed is None else cursed
        return cls(
            count=count,
            trump=rules.has(Variant.TROEF),
            kleine=rules.has(Variant.KLEINE_LIEFDE),
            side=side,
            bids=view.bids if bids is None else bids,
            bid_bonus=rules.bid_bonus,
            bid_penalty=rules.bid_penalty,
            cursed=None if cursed is None else SUITS.index(cursed),
        )

    @property
    def sides(self) -> int:
        return max(self.side) + 1


# --- the plain rules -------------------------------------------------------------------


def _winning(trick: Sequence[int], trump: bool) -> int:
    """The position of the card winning ``trick`` so far (non-empty)."""
    led = trick[0] // 13
    deciding = HEART if trump and any(card // 13 == HEART for card in trick) else led
    best, at = -1, 0
    for position, card in enumerate(trick):
        if card // 13 == deciding and card > best:
            best, at = card, position
    return at


def _shortest_low(mask: int) -> int:
    """The lowest card of the suit of ``mask`` (non-empty) with fewest cards in it."""
    best, fewest = 0, 99
    for suit_mask in SUIT_MASK:
        held = mask & suit_mask
        if held:
            count = held.bit_count()
            if count < fewest:
                best, fewest = held, count
    return (best & -best).bit_length() - 1


def _longest_low(mask: int) -> int:
    """The lowest card of the suit of ``mask`` (non-empty) with most cards in it."""
    best, most = 0, 0
    for suit_mask in SUIT_MASK:
        held = mask & suit_mask
        count = held.bit_count()
        if count > most:
            best, most = held, count
    return (best & -best).bit_length() - 1


def plain_card(table: TableRules, seat: int, hand: int, trick: Sequence[int], leader: int, out: int) -> int:
    """The easy rules' card for ``seat`` holding ``hand`` (a mask), the trick so far
    ``trick`` (from ``leader``), ``out`` the cards played this round (a mask): only what
    that seat sees."""
    if not trick:
        return _plain(table, seat, hand, 0, -1, -1, -1, False, out)
    at = _winning(trick, table.trump)
    side_worth = trick[0] // 13 == HEART or any(card // 13 == HEART for card in trick)
    return _plain(table, seat, hand, len(trick), trick[0] // 13, trick[at], (leader + at) % table.count, side_worth, out)


def _plain(table: TableRules, seat: int, hand: int, played: int, led: int, best: int, winner: int, side_worth: bool, out: int) -> int:
    """:func:`plain_card` with the trick so far told as: ``played`` cards of it, the suit
    ``led``, the ``best`` card so far and its ``winner``, and whether it is ``worth``
    winning (hearts led or in it)."""
    if not played:
        hearts = hand & HEARTS
        if hearts and hearts.bit_length() > (HEARTS & ~out & ~hand).bit_length():
            return hearts.bit_length() - 1
        others = hand & ~HEARTS
        return _longest_low(others) if others else (hearts & -hearts).bit_length() - 1
    partner = table.side[winner] == table.side[seat]
    follow = hand & SUIT_MASK[led]
    if follow:
        if partner or not side_worth or best // 13 != led:
            return (follow & -follow).bit_length() - 1
        winners = follow >> (best + 1) << (best + 1)
        if not winners:
            return (follow & -follow).bit_length() - 1
        if played == table.count - 1:
            return (winners & -winners).bit_length() - 1
        above = (SUIT_MASK[led] & ~out & ~hand).bit_length()
        sure = winners >> above << above
        return ((sure or follow) & -(sure or follow)).bit_length() - 1
    hearts = hand & HEARTS
    if hearts:
        if partner:
            return hearts.bit_length() - 1
        if table.trump:
            winners = hearts >> (best + 1) << (best + 1) if best // 13 == HEART else hearts
            if winners:
                return (winners & -winners).bit_length() - 1
    others = hand & ~HEARTS
    return _shortest_low(others) if others else (hearts & -hearts).bit_length() - 1


# --- a round played out ----------------------------------------------------------------


@dataclass(frozen=True)
class Playout:
    """A round to play out: each seat's hand (masks), the trick on the table (from
    ``leader``), the cards played (a mask), and per seat the hearts caught (count, and
    points before doubling) and the cards of the cursed suit collected."""

    hands: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    out: int
    caught: tuple[int, ...]
    points: tuple[int, ...]
    cursed: tuple[int, ...]


def _heart_points(card: int, kleine: bool) -> int:
    if kleine:
        return card % 13 + 2
    return 5 if card == ACE_OF_HEARTS else 1


def play_out(table: TableRules, start: Playout, first: int = -1) -> tuple[list[int], list[int]]:
    """Each seat's round points (:func:`round_points`) and hearts caught once every card
    is played: the seat to play plays ``first`` (-1: as the others), then everyone by the
    plain rules."""
    count, trump, kleine = table.count, table.trump, table.kleine
    cursed_mask = 0 if table.cursed is None else SUIT_MASK[table.cursed]
    hands = list(start.hands)
    caught, points, cursed = list(start.caught), list(start.points), list(start.cursed)
    out = start.out
    leader = start.leader
    played, led, best, winner, side_worth, taken = 0, -1, -1, -1, False, 0
    for position, card in enumerate(start.trick):  # the trick on the table, told as _plain reads it
        played, taken = played + 1, taken | 1 << card
        if position == 0:
            led, best, winner = card // 13, card, leader
        elif (card // 13 == best // 13 and card > best) or (trump and card // 13 == HEART and best // 13 != HEART):
            best, winner = card, (leader + position) % count
    side_worth = bool(taken & HEARTS) or led == HEART
    seat = (leader + played) % count
    while hands[seat]:
        if first >= 0:
            card, first = first, -1
        else:
            card = _plain(table, seat, hands[seat], played, led, best, winner, side_worth, out)
        bit = 1 << card
        hands[seat] &= ~bit
        out |= bit
        taken |= bit
        suit = card // 13
        if not played:
            led, best, winner, side_worth = suit, card, seat, suit == HEART
        else:
            if suit == HEART:
                side_worth = True
            if (suit == best // 13 and card > best) or (trump and suit == HEART and best // 13 != HEART):
                best, winner = card, seat
        played += 1
        if played < count:
            seat = (seat + 1) % count
            continue
        hearts = taken & HEARTS
        if hearts:
            caught[winner] += hearts.bit_count()
            if kleine:
                points[winner] += sum(heart % 13 + 2 for heart in range(13 * HEART, 13 * HEART + 13) if hearts >> heart & 1)
            else:
                points[winner] += hearts.bit_count() + (4 if hearts >> ACE_OF_HEARTS & 1 else 0)
        if taken & cursed_mask:
            cursed[winner] += (taken & cursed_mask).bit_count()
        seat = leader = winner
        played, taken = 0, 0
    return round_points(table, caught, points, cursed), caught


def round_points(table: TableRules, caught: Sequence[int], hearts: Sequence[int], cursed: Sequence[int]) -> list[int]:
    """Each seat's points for a round in which it ``caught`` so many hearts worth
    ``hearts`` points and collected ``cursed`` cards of the cursed suit: its hearts
    (doubled for all 13), its bid, the cursed suit (the table's revoke penalty never
    applies: nobody revokes in a playout)."""
    count = table.count
    points = [2 * hearts[seat] if caught[seat] == 13 else hearts[seat] for seat in range(count)]
    if table.bids is not None:
        for seat in range(count):
            points[seat] += table.bid_bonus if caught[seat] == table.bids[seat] else -table.bid_penalty
    if table.cursed is not None:
        most = max(cursed)
        if most > 0:
            for seat in range(count):
                if cursed[seat] == most:
                    points[seat] -= CUPIDO_PENALTY
    return points


def side_worth(table: TableRules, points: Sequence[int], seat: int) -> float:
    """What a round's points are worth to ``seat``: its side's, less the other sides' mean."""
    sides = [0] * table.sides
    for other, got in enumerate(points):
        sides[table.side[other]] += got
    mine = table.side[seat]
    return sides[mine] - (sum(sides) - sides[mine]) / (len(sides) - 1)


# --- what the seat knows ---------------------------------------------------------------


@dataclass(frozen=True)
class Known:
    """The round from one seat's view: its hand, the cards out (played), the trick on the
    table, each seat's cards in hand, the suits each seat has shown out of, and what each
    seat has caught so far."""

    seat: int
    hand: int
    out: int
    trick: tuple[int, ...]
    leader: int
    counts: tuple[int, ...]
    voids: tuple[int, ...]  # per seat: a mask of the suits' cards it cannot hold
    caught: tuple[int, ...]
    points: tuple[int, ...]
    cursed: tuple[int, ...]


def known(view: SeatView, table: TableRules) -> Known:
    assert view.seat is not None and view.hand is not None and view.cards_in_hand is not None
    count = table.count
    out = 0
    voids = [0] * count
    caught, points, cursed = [0] * count, [0] * count, [0] * count
    for trick in view.tricks:
        cards = [INDEX[card] for card in trick.cards]
        led = cards[0] // 13
        for position, card in enumerate(cards):
            out |= 1 << card
            if card // 13 != led:
                voids[(trick.leader + position) % count] |= SUIT_MASK[led]
            if card // 13 == HEART:
                caught[trick.winner] += 1
                points[trick.winner] += _heart_points(card, table.kleine)
            if card // 13 == table.cursed:
                cursed[trick.winner] += 1
    table_cards = [INDEX[card] for card in view.trick_so_far]
    for position, card in enumerate(table_cards):
        out |= 1 << card
        if card // 13 != table_cards[0] // 13:
            voids[(view.leader + position) % count] |= SUIT_MASK[table_cards[0] // 13]
    hand = _mask([INDEX[card] for card in view.hand])
    return Known(view.seat, hand, out, tuple(table_cards), view.leader, view.cards_in_hand, tuple(voids), tuple(caught), tuple(points), tuple(cursed))


def sample_deal(seen: Known, count: int, rng: random.Random) -> list[int]:
    """The other seats' hands (masks; the seat's own as it is) in one deal of the unseen
    cards consistent with ``seen``: each seat its number of cards and none of a suit it
    has shown out of; what is left over is the dead pile, which holds anything. The
    suits fewest seats may hold are dealt first, each card to a seat that may hold it
    with a chance in proportion to the room left in its hand."""
    unseen = [card for card in range(52) if not (seen.out | seen.hand) >> card & 1]
    holders = [seat for seat in range(count) if seat != seen.seat]
    room = [0 if seat == seen.seat else seen.counts[seat] for seat in range(count)]
    room.append(len(unseen) - sum(room))  # the dead pile, at ``count``
    if any(seen.voids[seat] for seat in holders):
        may = [[seat for seat in holders if not seen.voids[seat] & SUIT_MASK[suit]] + [count] for suit in range(4)]
        order = sorted(range(4), key=lambda suit: len(may[suit]))
        suits = [[card for card in unseen if card // 13 == suit] for suit in range(4)]
        for _attempt in range(30):
            dealt = _deal_by_suit(order, suits, may, room, rng)
            if dealt is not None:
                dealt[seen.seat] = seen.hand
                return dealt[:count]
    # no voids (or they could not be kept: a table that revoked): the counts alone
    rng.shuffle(unseen)
    hands = [0] * count
    at = 0
    for seat in holders:
        for card in unseen[at : at + room[seat]]:
            hands[seat] |= 1 << card
        at += room[seat]
    hands[seen.seat] = seen.hand
    return hands


def _deal_by_suit(order: Sequence[int], suits: Sequence[Sequence[int]], may: Sequence[Sequence[int]], room: Sequence[int],
                  rng: random.Random) -> list[int] | None:  # fmt: skip
    """One try of :func:`sample_deal`'s deal with voids: None when a card is left that no
    holder with room may hold."""
    left = list(room)
    hands = [0] * len(room)
    for suit in order:
        cards = list(suits[suit])
        rng.shuffle(cards)
        allowed = may[suit]
        for card in cards:
            total = 0
            for holder in allowed:
                total += left[holder]
            if not total:
                return None
            pick = rng.randrange(total)
            for holder in allowed:
                pick -= left[holder]
                if pick < 0:
                    break
            left[holder] -= 1
            hands[holder] |= 1 << card
    return hands


def world_of(seen: Known, hands: list[int]) -> Playout:
    """A sampled deal as a round to play out from where the seat sees it."""
    return Playout(tuple(hands), seen.trick, seen.leader, seen.out, seen.caught, seen.points, seen.cursed)


def cards_to_try(table: TableRules, seen: Known, playable: Sequence[int]) -> list[int]:
    """The cards worth telling apart: of a run of cards of one suit with no card between
    them but played ones (in an earlier trick) and the seat's own, the lowest (they take
    the same tricks), except hearts whose points differ (the ace; every heart with face
    values)."""
    held = (seen.hand | seen.out) & ~_mask(seen.trick)  # a card on the table is one to beat, or not
    chosen: list[int] = []
    for card in sorted(playable):
        previous = chosen[-1] if chosen else -1
        if previous >= 0 and previous // 13 == card // 13 and not (card // 13 == HEART and (table.kleine or card == ACE_OF_HEARTS)):
            between = ((1 << card) - 1) & ~((1 << (previous + 1)) - 1)
            if between & ~held == 0:
                continue
        chosen.append(card)
    return chosen


def best_card(table: TableRules, seen: Known, playable: Sequence[int], rng: random.Random) -> int:
    """The strong bot's card: each candidate played in the same sampled deals, then the
    plain rules to the end; the best mean worth (ties: the lowest card)."""
    options = cards_to_try(table, seen, playable)
    if len(options) == 1:
        return options[0]
    budget = BUDGET
    samples = max(budget.min_samples, min(budget.max_samples, budget.playouts // len(options)))
    totals = [0.0] * len(options)
    for _ in range(samples):
        start = world_of(seen, sample_deal(seen, table.count, rng))
        for at, card in enumerate(options):
            totals[at] += side_worth(table, play_out(table, start, card)[0], seen.seat)
    best = max(range(len(options)), key=lambda at: (totals[at], -options[at]))
    return options[best]


def caught_counts(table: TableRules, seen: Known, rng: random.Random, samples: int) -> list[int]:
    """How often the seat catches each number of hearts (0–13) over sampled rounds played
    by the plain rules from now."""
    times = [0] * 14
    for _ in range(samples):
        times[play_out(table, world_of(seen, sample_deal(seen, table.count, rng)))[1][seen.seat]] += 1
    return times


def mean_worth(table: TableRules, seen: Known, rng: random.Random, samples: int) -> float:
    """The mean worth to the seat of sampled rounds played by the plain rules from now."""
    total = 0.0
    for _ in range(samples):
        total += side_worth(table, play_out(table, world_of(seen, sample_deal(seen, table.count, rng)))[0], seen.seat)
    return total / samples


# --- the policies ----------------------------------------------------------------------


def _by_kind(decisions: Sequence[Decision]) -> dict[str, Decision]:
    return {decision.kind: decision for decision in decisions}


def _bid_of(choice: Mapping[str, object]) -> int:
    bids = choice["bids"]
    assert isinstance(bids, Mapping)
    (bid,) = bids.values()
    return int(bid)


def _pick_bid(decision: Decision, bid: int) -> Mapping[str, object]:
    """The listed choice closest to ``bid``."""
    return min(decision.choices, key=lambda choice: (abs(_bid_of(choice) - bid), _bid_of(choice)))


def _pick_suit(decision: Decision, suit: Suit) -> Mapping[str, object]:
    return next((choice for choice in decision.choices if choice["suit"] == suit.value), decision.choices[0])


def _card_choices(decision: Decision) -> dict[int, Mapping[str, object]]:
    return {INDEX[Card.parse(str(choice["card"]))]: choice for choice in decision.choices}


def _own(view: SeatView) -> int:
    return 0 if view.hand is None else _mask([INDEX[card] for card in view.hand])


def plain_bid(view: SeatView) -> int:
    """Easy: the hearts of queen and higher, one more with four hearts or more; without
    a known hand, a fair share of the hearts less one."""
    if view.hand is None:
        return max(0, 13 // len(view.players) - 1)
    hearts = [card for card in view.hand if card.suit is Suit.HEARTS]
    return sum(card.rank >= 12 for card in hearts) + (len(hearts) >= 4)


def plain_curse(view: SeatView) -> Suit:
    """Easy: the suit other than hearts the seat holds fewest of (the first such suit)."""
    held = _own(view)
    suits = [suit for suit in range(4) if suit != HEART]
    return SUITS[min(suits, key=lambda suit: ((held & SUIT_MASK[suit]).bit_count(), suit))]


def easy(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The easy bot: the plain rules for the card, the bid and the cursed suit."""
    assert isinstance(view, SeatView) and view.seat is not None
    kinds = _by_kind(decisions)
    if "curse" in kinds:
        return _pick_suit(kinds["curse"], plain_curse(view))
    if "bid" in kinds:
        return _pick_bid(kinds["bid"], plain_bid(view))
    choices = _card_choices(kinds["play"])
    table = TableRules.of(view)
    seen = known(view, table)
    card = plain_card(table, view.seat, seen.hand, seen.trick, seen.leader, seen.out)
    return choices.get(card) or choices[min(choices)]


def strong(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The strong bot: sampled deals played out, for the card, the bid and the cursed suit."""
    assert isinstance(view, SeatView) and view.seat is not None
    kinds = _by_kind(decisions)
    if view.hand is None or view.cards_in_hand is None:  # physical cards: nothing to sample from
        return easy(view, decisions, rng)
    if "curse" in kinds:
        return _pick_suit(kinds["curse"], strong_curse(view, rng))
    if "bid" in kinds:
        return _pick_bid(kinds["bid"], strong_bid(view, rng))
    choices = _card_choices(kinds["play"])
    table = TableRules.of(view)
    return choices[best_card(table, known(view, table), sorted(choices), rng)]


def strong_bid(view: SeatView, rng: random.Random) -> int:
    """The number of hearts the seat catches most often in sampled rounds (the fewer on a tie)."""
    table = TableRules.of(view, bids=None)
    times = caught_counts(table, known(view, table), rng, BUDGET.bid)
    return max(range(14), key=lambda count: (times[count], -count))


def strong_curse(view: SeatView, rng: random.Random) -> Suit:
    """The suit whose sampled rounds are worth most to the seat, each suit in the same deals."""
    seed = rng.getrandbits(64)
    best: tuple[float, int] | None = None
    for suit in range(4):
        table = TableRules.of(view, cursed=SUITS[suit])
        score = mean_worth(table, known(view, table), random.Random(seed), BUDGET.curse)
        if best is None or score > best[0]:
            best = (score, suit)
    assert best is not None
    return SUITS[best[1]]


POLICIES: dict[str, Policy] = {"easy": easy, "strong": strong}


def policy(level: str) -> Policy:
    """A level's policy (:data:`referee.bots.LEVELS`); a level that is not one is a KeyError."""
    return POLICIES[level]
