"""A Smoorverliefd match as a value: the rounds played, the round in progress, and the
events that move it on (bids, a cursed suit, a quick round entry, a trick).

Every method returns a new ``Match`` or raises ``InputError`` (the entry cannot be used,
exit 2) or ``RuleError`` (the rules say no, exit 1); nothing here prints or reads files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.cards import Card, Suit
from referee.smoorverliefd.dealing import SMOORVERLIEFD_HANDS, deal_smoorverliefd
from referee.errors import InputError, RuleError
from referee.smoorverliefd.scoring import (
    ALL_HEARTS,
    Capture,
    RoundScore,
    Standing,
    score_round,
    side_names,
    standing,
)
from referee.smoorverliefd import events
from referee.smoorverliefd.quick import captures_from_entry
from referee.smoorverliefd.setup import Setup, Variant
from referee.smoorverliefd.tricks import Revoke, Trick, follow_suit_problem, follow_up, trick_winner
from referee.wording import counted

MAX_BID = ALL_HEARTS


@dataclass(frozen=True)
class PlayedRound:
    number: int
    dealer: int
    leader: int
    captures: tuple[Capture, ...]
    ace: int | None  # the seat that took A♥; None when it was dead
    dead: tuple[Card, ...]  # the dead cards that are known (all of them with a seeded deal)
    bids: tuple[int, ...] | None
    cursed_suit: Suit | None
    cursed_most: tuple[int, ...]
    score: RoundScore
    tricks: tuple[Trick, ...]  # empty for a quick entry
    revokes: tuple[Revoke, ...]
    events: tuple[int, ...]  # positions in the event log of this round's entry


@dataclass(frozen=True)
class RoundInProgress:
    number: int
    dealer: int
    leader: int  # who leads the next trick
    bids: tuple[int, ...] | None = None
    cursed_suit: Suit | None = None
    tricks: tuple[Trick, ...] = ()
    hands: tuple[frozenset[Card], ...] | None = None  # seeded deal: the cards still in hand
    dead: tuple[Card, ...] | None = None  # seeded deal: the dead cards
    voids: tuple[tuple[tuple[int, Suit], int], ...] = ()  # (seat, suit) -> trick shown out
    revokes: tuple[Revoke, ...] = ()
    events: tuple[int, ...] = ()

    @property
    def played(self) -> frozenset[Card]:
        return frozenset(card for trick in self.tricks for card in trick.cards)


@dataclass(frozen=True)
class TrickEntered:
    """What one trick entry did: the trick, whether it was the round's last (the round
    is then scored), and the revokes it proves."""

    trick: Trick
    round_complete: bool
    revokes: tuple[Revoke, ...]

    @classmethod
    def of(cls, trick: Trick, revokes: Sequence[Revoke], round_complete: bool) -> TrickEntered:
        return cls(trick, round_complete, tuple(r for r in revokes if r.played_in == trick.number))


@dataclass(frozen=True)
class Match:
    setup: Setup
    rounds: tuple[PlayedRound, ...]
    current: RoundInProgress
    totals: tuple[int, ...]  # per player
    events_applied: int = 0

    @classmethod
    def start(cls, setup: Setup) -> Match:
        return cls(setup, (), _new_round(setup, 1, setup.first_dealer), (0,) * setup.count)

    @property
    def standing(self) -> Standing:
        return standing(self.setup, self.totals)

    @property
    def over(self) -> bool:
        return self.standing.winner is not None

    @property
    def cards_each(self) -> int:
        return SMOORVERLIEFD_HANDS[self.setup.count][0]

    @property
    def dealers(self) -> dict[int, int]:
        """The dealer of every round so far, the round in progress included, by number."""
        return {played.number: played.dealer for played in self.rounds} | {self.current.number: self.current.dealer}

    def last_trick(self) -> TrickEntered | None:
        """The trick the last event entered, or None when the last event was no trick."""
        last = self.events_applied - 1
        current = self.current
        if current.tricks and current.events[-1] == last:
            return TrickEntered.of(current.tricks[-1], current.revokes, round_complete=False)
        if self.rounds and self.rounds[-1].tricks and self.rounds[-1].events[-1] == last:
            return TrickEntered.of(self.rounds[-1].tricks[-1], self.rounds[-1].revokes, round_complete=True)
        return None

    def won_so_far(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each player has won in the tricks of the round in progress."""
        won: list[list[Card]] = [[] for _ in range(self.setup.count)]
        for trick in self.current.tricks:
            won[trick.winner].extend(trick.cards)
        return tuple(tuple(cards) for cards in won)

    def hearts_so_far(self) -> tuple[tuple[Card, ...], ...]:
        """The hearts each player has taken in the round in progress, highest first
        ("Alle Hartenkaarten in die slag gaan naar de scorestapel van de winnaar")."""
        return tuple(
            tuple(sorted((card for card in cards if card.suit is Suit.HEARTS), key=lambda card: -card.rank))
            for cards in self.won_so_far()
        )

    def hands_in_play(self) -> tuple[frozenset[Card], ...]:
        """A seeded match: the cards each player still holds this round."""
        if self.current.hands is None:
            raise InputError("this match is played with physical cards; only a match started with --seed knows the hands")
        if self.over:
            raise InputError("the match is over; no cards are in hand")
        return self.current.hands

    # --- events -----------------------------------------------------------------------

    def apply(self, event: Mapping[str, Any]) -> Match:
        """Apply one event of the save file (the same dicts the CLI records)."""
        kind = event.get("kind")
        if kind == "bid":
            moved = self.bid(events.named_numbers(self.setup, event.get("bids"), "bids"))
        elif kind == "curse":
            moved = self.curse(events.suit(event.get("suit")))
        elif kind == "round":
            moved = self.quick_round(
                events.hearts(self.setup, event.get("hearts", {})),
                ace=None if event.get("ace") is None else self.setup.player(events.text(event["ace"], "ace")),
                dead=events.cards(event.get("dead"), "dead") if "dead" in event else None,
                cursed_most=[self.setup.player(events.text(n, "cursed")) for n in events.listed(event.get("cursed", []), "cursed")],
            )
        elif kind == "trick":
            moved = self.trick(events.cards(event.get("cards"), "cards"))
        else:
            raise InputError(f"unknown event kind {kind!r}; a match records bid, curse, round and trick events")
        return replace(moved, events_applied=self.events_applied + 1)

    def _check_open(self) -> None:
        if self.over:
            winner = self.standing.winner
            assert winner is not None
            raise RuleError(f"the match is over: {side_names(self.setup)[winner]} won; start a new match with `new`")

    def bid(self, bids: Mapping[int, int]) -> Match:
        """Blinde Liefde: "Spelers bieden hoeveel harten ze zullen vangen voordat de ronde begint"."""
        self._check_open()
        if not self.setup.has(Variant.BLINDE_LIEFDE):
            raise InputError("bids belong to the blinde-liefde variant, which this match does not play")
        current = self.current
        if current.tricks:
            raise RuleError(f"round {current.number} has begun; bids are made before the first trick")
        if current.bids is not None:
            raise RuleError(f"the bids for round {current.number} are in already; `undo` them to change them")
        missing = [self.setup.players[seat] for seat in range(self.setup.count) if seat not in bids]
        if missing:
            raise InputError(f"every player bids; missing: {', '.join(missing)}")
        for seat, bid in bids.items():
            if not 0 <= bid <= MAX_BID:
                raise InputError(f"{self.setup.players[seat]} bids {bid}; a bid is a number of hearts from 0 to 13")
        ordered = tuple(bids[seat] for seat in range(self.setup.count))
        return self._in_round(replace(current, bids=ordered))

    def curse(self, suit: Suit) -> Match:
        """Cupid's Arrow: the player with the fewest hearts deals the next round and names
        a cursed suit (*vervloekte kleur*)."""
        self._check_open()
        current = self.current
        if not self.setup.has(Variant.CUPIDO):
            raise InputError("a cursed suit belongs to the cupido variant, which this match does not play")
        if current.number == 1:
            raise RuleError("the first round has no cursed suit: it is named after a round, by the player with the fewest hearts")
        if current.tricks:
            raise RuleError(f"round {current.number} has begun; the cursed suit is named before the first trick")
        if current.cursed_suit is not None:
            raise RuleError(f"the cursed suit for round {current.number} is named already; `undo` it to change it")
        return self._in_round(replace(current, cursed_suit=suit))

    def quick_round(
        self,
        hearts: Mapping[int, int | tuple[Card, ...]],
        *,
        ace: int | None = None,
        dead: Sequence[Card] | None = None,
        cursed_most: Sequence[int] = (),
    ) -> Match:
        """One line per round: the hearts each player captured, who took A♥, the dead cards."""
        self._check_open()
        current = self.current
        self._check_round_may_begin()
        if current.tricks:
            raise RuleError(
                f"round {current.number} is being entered trick by trick ({counted(len(current.tricks), 'trick')} so far); "
                "finish it with `trick`, or `undo` the tricks first"
            )
        captures, ace_seat, known_dead = captures_from_entry(self.setup, current.dead, hearts, ace, dead)
        cursed = self._cursed_most_entry(cursed_most, captures)
        return self._finish_round(captures, ace_seat, known_dead, cursed, ())

    def trick(self, cards: Sequence[Card]) -> Match:
        """One trick, cards in play order from the leader; the winner leads the next."""
        self._check_open()
        self._check_round_may_begin()
        setup, current = self.setup, self.current
        leader = current.leader
        if len(cards) != setup.count:
            raise InputError(
                f"a trick has {setup.count} cards, one per player in play order from the leader "
                f"({setup.players[leader]}); got {len(cards)}"
            )
        seen: set[Card] = set()
        played = current.played
        for card in cards:
            if card in seen:
                raise InputError(f"{card} is named twice in this trick")
            if card in played:
                number = next(t.number for t in current.tricks if card in t.cards)
                raise RuleError(f"{card} was already played in trick {number} of round {current.number}")
            seen.add(card)
        number = len(current.tricks) + 1
        hands = current.hands
        if hands is not None:
            led: Suit | None = None
            remaining = list(hands)
            for position, card in enumerate(cards):
                seat = (leader + position) % setup.count
                problem = follow_suit_problem(remaining[seat], card, led)
                if problem:
                    raise RuleError(f"trick {number}: {setup.players[seat]} {problem}")
                remaining[seat] = remaining[seat] - {card}
                led = led or card.suit
            hands = tuple(remaining)
        trump = Suit.HEARTS if setup.has(Variant.TROEF) else None
        position = trick_winner(cards, trump)
        trick = Trick(number, leader, tuple(cards), (leader + position) % setup.count)
        proven, voids = follow_up(trick, dict(current.voids))
        revokes = current.revokes + tuple(proven)
        progressed = replace(
            current,
            leader=trick.winner,
            tricks=current.tricks + (trick,),
            hands=hands,
            voids=tuple(voids.items()),
            revokes=revokes,
            events=current.events + (self.events_applied,),
        )
        if number < self.cards_each:
            return replace(self, current=progressed)
        return replace(self, current=progressed)._finish_tricks()

    # --- helpers ----------------------------------------------------------------------

    def _in_round(self, current: RoundInProgress) -> Match:
        return replace(self, current=current)

    def _check_round_may_begin(self) -> None:
        current = self.current
        if self.setup.has(Variant.BLINDE_LIEFDE) and current.bids is None:
            raise RuleError(f"blinde-liefde: record the bids for round {current.number} first (`bid FILE NAME=N …`)")
        if self.setup.has(Variant.CUPIDO) and current.number > 1 and current.cursed_suit is None:
            dealer = self.setup.players[current.dealer]
            raise RuleError(f"cupido: {dealer} names the cursed suit for round {current.number} first (`curse FILE SUIT`)")

    def _cursed_most_entry(self, cursed_most: Sequence[int], captures: Sequence[Capture]) -> tuple[int, ...]:
        """Who collected the most cards of the cursed suit, as the quick entry says.

        When hearts are cursed the entry's heart counts already say who collected most
        (all tied players), so ``--cursed`` may be left out and must agree when given.
        """
        suit = self.current.cursed_suit
        if suit is None:
            if cursed_most:
                raise InputError("no cursed suit this round, so nobody loses points for one; leave out --cursed")
            return ()
        if suit is Suit.HEARTS:
            counted = most_collected([capture.count for capture in captures])
            if cursed_most and sorted(set(cursed_most)) != list(counted):
                names = self.setup.players
                most = " and ".join(names[seat] for seat in counted) or "nobody"
                each = f" ({captures[counted[0]].count}♥{' each' if len(counted) > 1 else ''})" if counted else ""
                said = ", ".join(names[seat] for seat in cursed_most)
                raise InputError(
                    f"hearts are the cursed suit, so the counts decide: {most} collected the most{each}, "
                    f"not {said} as --cursed says; leave out --cursed"
                )
            return counted
        if not cursed_most:
            raise InputError(f"cupido: who collected the most {suit.symbol} this round? add --cursed NAME (all tied players)")
        if len(set(cursed_most)) != len(cursed_most):
            raise InputError("a player is named twice in --cursed")
        return tuple(sorted(cursed_most))

    def _finish_tricks(self) -> Match:
        """After the last trick the round scores itself."""
        current = self.current
        won = self.won_so_far()
        captures = tuple(Capture.of(hearts) for hearts in self.hearts_so_far())
        ace = next((seat for seat, capture in enumerate(captures) if capture.ace), None)
        cursed: tuple[int, ...] = ()
        if current.cursed_suit is not None:
            cursed = most_collected([sum(card.suit is current.cursed_suit for card in cards) for cards in won])
        return self._finish_round(captures, ace, current.dead or (), cursed, current.tricks)

    def _finish_round(
        self,
        captures: tuple[Capture, ...],
        ace: int | None,
        dead: tuple[Card, ...],
        cursed_most: tuple[int, ...],
        tricks: tuple[Trick, ...],
    ) -> Match:
        setup, current = self.setup, self.current
        score = score_round(setup, captures, current.bids, cursed_most, [revoke.seat for revoke in current.revokes])
        played = PlayedRound(
            number=current.number,
            dealer=current.dealer,
            leader=setup.left_of(current.dealer),
            captures=captures,
            ace=ace,
            dead=dead,
            bids=current.bids,
            cursed_suit=current.cursed_suit,
            cursed_most=cursed_most,
            score=score,
            tricks=tricks,
            revokes=current.revokes,
            events=current.events if tricks else (self.events_applied,),
        )
        totals = tuple(total + points for total, points in zip(self.totals, score.total))
        next_dealer = _next_dealer(setup, current.dealer, captures)
        return Match(setup, self.rounds + (played,), _new_round(setup, current.number + 1, next_dealer), totals, self.events_applied)


def most_collected(counts: Sequence[int]) -> tuple[int, ...]:
    """Cupid's Arrow: "wie … de meeste kaarten van die vervloekte kleur verzamelt" — the
    seats with the most cards of the cursed suit, all tied players; nobody when nobody
    collected any."""
    most = max(counts)
    return tuple(seat for seat, count in enumerate(counts) if count == most and most > 0)


def _next_dealer(setup: Setup, dealer: int, captures: Sequence[Capture]) -> int:
    """Dealing passes clockwise; with cupido the player with the fewest hearts deals next.

    Ties for the fewest hearts (a ruling, the rulebook is silent): the first of them
    clockwise from the player left of the dealer, as if the deal passed on among them.
    """
    if not setup.has(Variant.CUPIDO):
        return setup.left_of(dealer)
    order = [(dealer + step) % setup.count for step in range(1, setup.count + 1)]
    fewest = min(capture.count for capture in captures)
    return next(seat for seat in order if captures[seat].count == fewest)


def _new_round(setup: Setup, number: int, dealer: int) -> RoundInProgress:
    """A fresh round. With a seed the referee deals it: seed + "-" + round number, dealt
    one card at a time from the player left of the dealer (SPEC §3)."""
    leader = setup.left_of(dealer)
    if setup.seed is None:
        return RoundInProgress(number, dealer, leader)
    dealt = deal_smoorverliefd(round_seed(setup.seed, number), setup.count)
    hands = [frozenset()] * setup.count
    for offset, hand in enumerate(dealt.hands):
        hands[(leader + offset) % setup.count] = frozenset(hand)
    return RoundInProgress(number, dealer, leader, hands=tuple(hands), dead=dealt.rest)


def round_seed(seed: str, number: int) -> str:
    """The seed of one round's deal: ``referee deal smoorverliefd --seed SEED-N`` deals it,
    player 1 being the player left of the dealer."""
    return f"{seed}-{number}"
