"""A Smoorverliefd match as a value: the rounds played and the round in progress (their
values are in :mod:`.rounds`), the totals, and the actions that move it on
(:mod:`.actions`: bids, a cursed suit, a quick round entry, a trick, one card of a trick).

``Match.refusal`` is the one definition of what may be entered: the
:class:`~referee.game.Refusal` (a :class:`~.refusals.Rule` and its values) or None.
``Match.apply`` returns a :class:`~referee.game.Step`, the new match and what the action
did, or raises :class:`~referee.errors.Refused` with that refusal. Nothing here prints,
reads files or words a message (the voice, :mod:`.voice`, does).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.cards import Card, Suit
from referee.errors import Refused
from referee.game import Outcome, Refusal, Step, refuse
from referee.smoorverliefd.actions import (
    Action,
    Bids,
    BidsMade,
    CardPlayed,
    CurseSuit,
    Effect,
    PlayCard,
    PlayTrick,
    QuickRound,
    RoundScored,
    SuitCursed,
    TrickTaken,
)
from referee.smoorverliefd.dealing import SMOORVERLIEFD_HANDS
from referee.smoorverliefd.quick import captures_from_entry
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.rounds import PlayedRound, RoundInProgress, most_collected, new_round, next_dealer
from referee.smoorverliefd.scoring import ALL_HEARTS, Capture, Standing, score_round, standing
from referee.smoorverliefd.setup import Setup, Variant
from referee.smoorverliefd.tricks import Trick, follow_suit_problem, follow_up, trick_winner

FORMAT = "referee/smoorverliefd"  # the save file's format: the voice that words a refusal is found by it
MAX_BID = ALL_HEARTS


class Termination(enum.Enum):
    """How a match ends: there is one way, a side on top once the target is reached."""

    TARGET_REACHED = "target reached"


@dataclass(frozen=True)
class Match:
    setup: Setup
    rounds: tuple[PlayedRound, ...]
    current: RoundInProgress
    totals: tuple[int, ...]  # per player

    @classmethod
    def start(cls, setup: Setup) -> Match:
        return cls(setup=setup, rounds=(), current=new_round(setup, 1, setup.first_dealer), totals=(0,) * setup.count)

    @property
    def standing(self) -> Standing:
        return standing(self.setup, self.totals)

    @property
    def outcome(self) -> Outcome | None:
        """The end of the match: "De partij eindigt na de ronde waarin iemand het doel
        bereikt; het hoogste totaal wint" — the side on top once the target is reached
        (with partners, both players of the duo)."""
        state = self.standing
        if state.winner is None:
            return None
        setup = self.setup
        seats = (state.winner,) if setup.duos is None else tuple(setup.duos[state.winner])
        details = (("side", state.winner), ("points", state.totals[state.winner]))
        return Outcome(winners=seats, termination=Termination.TARGET_REACHED, details=details)

    @property
    def cards_each(self) -> int:
        return SMOORVERLIEFD_HANDS[self.setup.count][0]

    @property
    def dealers(self) -> dict[int, int]:
        """The dealer of every round so far, the round in progress included, by number."""
        return {played.number: played.dealer for played in self.rounds} | {self.current.number: self.current.dealer}

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

    def hands_refusal(self) -> Refusal | None:
        """Why nobody holds known cards now: physical cards, or the match is over."""
        if self.current.hands is None:
            return refuse(Rule.PHYSICAL_CARDS, unusable=True)
        if self.outcome is not None:
            return refuse(Rule.NO_CARDS_IN_HAND)  # a state refusal (exit 1): the match is over
        return None

    @property
    def to_play(self) -> int | None:
        """The seat to play the next card: clockwise from the trick's leader, after the
        cards on the table; None when no card may be played now (the match is over, or
        the round's bids or cursed suit are not in yet)."""
        if self.outcome is not None or self._round_may_begin() is not None:
            return None
        return self._seat_after(len(self.current.table))

    def _seat_after(self, cards: int) -> int:
        """The seat that plays the trick's card after the first ``cards``, clockwise
        from its leader."""
        return (self.current.leader + cards) % self.setup.count

    def playable(self, typed: Sequence[Card] | None = None) -> tuple[Card, ...]:
        """A seeded round: the cards the next player of the trick may play after the
        cards ``typed`` so far from the leader (by default the cards on the table):
        held, not typed already, following suit, in hand order; none when the hands are
        unknown, the match is over or the trick is complete. The one definition
        completion, the legal plays and the seat views use."""
        setup, current = self.setup, self.current
        typed = current.table if typed is None else typed
        if current.hands is None or self.outcome is not None or len(typed) >= setup.count:
            return ()
        seat = self._seat_after(len(typed))
        led = typed[0].suit if typed else None
        hand = current.hands[seat]
        legal = [card for card in hand if card not in typed and follow_suit_problem(hand, card, led) is None]
        return tuple(sorted(legal, key=lambda card: card.sort_key))

    # --- actions ----------------------------------------------------------------------

    def refusal(self, action: Action) -> Refusal | None:
        """Why ``action`` may not be entered now, or None when it may: the one definition
        of what may be entered. It never raises; a refusal of an action that cannot be
        used at all (a count out of range, a trick of the wrong size) is ``unusable``
        (exit 2), found in the order a player reads the entry."""
        judged = self._judge(action)
        return judged if isinstance(judged, Refusal) else None

    def apply(self, action: Action) -> Step[Match, Effect]:
        """The match after ``action`` and what it did; :class:`~referee.errors.Refused`
        with the refusal when the rules forbid it."""
        judged = self._judge(action)
        if isinstance(judged, Refusal):
            raise Refused(judged, FORMAT, self)
        current = self.current
        if isinstance(action, Bids):
            bids = dict(current.offered) | dict(action.bids)
            seats = tuple(seat for seat, _bid in action.bids)
            if len(bids) < self.setup.count:  # the others' bids are still to come
                return Step(replace(self, current=replace(current, offered=tuple(sorted(bids.items())))), BidsMade(current.number, seats, False))
            ordered = tuple(bids[seat] for seat in range(self.setup.count))
            return Step(replace(self, current=replace(current, bids=ordered, offered=())), BidsMade(current.number, seats, True))
        if isinstance(action, CurseSuit):
            return Step(replace(self, current=replace(current, cursed_suit=action.suit)), SuitCursed(current.number, action.suit))
        if isinstance(judged, _QuickEntry):
            match = self._finish_round(judged.captures, judged.ace, judged.dead, judged.cursed_most, ())
            return Step(match, RoundScored(match.rounds[-1]))
        if isinstance(action, PlayCard):
            return self._play(action)
        assert isinstance(action, PlayTrick)
        return self._trick(action.cards)

    def _judge(self, action: Action) -> Refusal | _QuickEntry | None:
        """The refusal of ``action``, or None; a quick entry that may be made is given
        back checked, as the captures it scores (so it is read once)."""
        winner = self.standing.winner
        if winner is not None:
            return refuse(Rule.MATCH_OVER, side=winner)
        if isinstance(action, Bids):
            return self._bids_refusal(action)
        if isinstance(action, CurseSuit):
            return self._curse_refusal()
        problem = self._round_may_begin()
        if problem is not None:
            return problem
        if isinstance(action, PlayCard):
            return self._play_refusal(action)
        in_progress = self._trick_in_progress()
        if in_progress is not None:
            return in_progress
        if isinstance(action, QuickRound):
            return self._quick_round_check(action)
        return self._trick_refusal(action)

    def _bids_refusal(self, action: Bids) -> Refusal | None:
        """Blinde Liefde: "Spelers bieden hoeveel harten ze zullen vangen voordat de ronde begint"."""
        if not self.setup.has(Variant.BLINDE_LIEFDE):
            return refuse(Rule.NOT_A_BIDDING_MATCH, unusable=True)
        current = self.current
        if current.begun:
            return refuse(Rule.BIDS_AFTER_FIRST_TRICK, round=current.number)
        if current.bids is not None:
            return refuse(Rule.BIDS_ALREADY_IN, round=current.number)
        bids = dict(action.bids)
        if not bids:
            return refuse(Rule.BIDS_MISSING, unusable=True, seats=tuple(seat for seat, given in self.bids_to_come() if not given))
        given = dict(current.offered)
        for seat in bids:
            if seat in given:
                return refuse(Rule.BID_GIVEN, seat=seat, round=current.number)
        for seat, bid in bids.items():
            if not 0 <= bid <= MAX_BID:
                return refuse(Rule.BID_OUT_OF_RANGE, unusable=True, seat=seat, bid=bid)
        return None

    def bids_to_come(self) -> tuple[tuple[int, bool], ...]:
        """Blinde Liefde, while the round's bids are coming in: each seat and whether it
        has bid (the bids themselves stay hidden until every player's is in, so nobody
        bids knowing another's); empty when no bid is due."""
        current = self.current
        if not self.setup.has(Variant.BLINDE_LIEFDE) or current.bids is not None or current.begun or self.outcome is not None:
            return ()
        given = dict(current.offered)
        return tuple((seat, seat in given) for seat in range(self.setup.count))

    def _curse_refusal(self) -> Refusal | None:
        """Cupid's Arrow: the player with the fewest hearts deals the next round and names
        a cursed suit (*vervloekte kleur*)."""
        current = self.current
        if not self.setup.has(Variant.CUPIDO):
            return refuse(Rule.NOT_A_CUPIDO_MATCH, unusable=True)
        if current.number == 1:
            return refuse(Rule.NO_CURSE_IN_FIRST_ROUND)
        if current.begun:
            return refuse(Rule.CURSE_AFTER_FIRST_TRICK, round=current.number)
        if current.cursed_suit is not None:
            return refuse(Rule.CURSE_ALREADY_NAMED, round=current.number)
        return None

    def _round_may_begin(self) -> Refusal | None:
        current = self.current
        if self.setup.has(Variant.BLINDE_LIEFDE) and current.bids is None:
            return refuse(Rule.BIDS_FIRST, round=current.number)
        if self.setup.has(Variant.CUPIDO) and current.number > 1 and current.cursed_suit is None:
            return refuse(Rule.CURSE_FIRST, dealer=current.dealer, round=current.number)
        return None

    def _quick_round_check(self, action: QuickRound) -> Refusal | _QuickEntry:
        """One line per round: the hearts each player captured, who took A♥, the dead cards."""
        current = self.current
        if current.tricks:
            return refuse(Rule.ROUND_IN_TRICKS, round=current.number, count=len(current.tricks))
        captured = captures_from_entry(self.setup, current.dead, dict(action.hearts), action.ace, action.dead)
        if isinstance(captured, Refusal):
            return captured
        captures, ace, dead = captured
        cursed = self._cursed_most_entry(action.cursed, captures)
        if isinstance(cursed, Refusal):
            return cursed
        return _QuickEntry(captures, ace, dead, cursed)

    def _trick_refusal(self, action: PlayTrick) -> Refusal | None:
        """One trick, cards in play order from the leader: one card per player, none
        played before this round, and with a seeded deal each from its player's hand,
        following suit."""
        setup, current, cards = self.setup, self.current, action.cards
        leader = current.leader
        if len(cards) != setup.count:
            return refuse(Rule.TRICK_SIZE, unusable=True, count=setup.count, leader=leader, got=len(cards))
        seen: set[Card] = set()
        played = current.played
        for card in cards:
            if card in seen:
                return refuse(Rule.CARD_TWICE_IN_TRICK, unusable=True, card=card)
            if card in played:
                return refuse(Rule.CARD_ALREADY_PLAYED, card=card, trick=current.trick_of(card), round=current.number)
            seen.add(card)
        if current.hands is not None:
            led: Suit | None = None
            for position, card in enumerate(cards):
                seat = (leader + position) % setup.count
                broken = follow_suit_problem(current.hands[seat], card, led)
                if broken is not None:
                    return refuse(broken, trick=len(current.tricks) + 1, seat=seat, card=card, suit=led)
                led = led or card.suit
        return None

    def _trick_in_progress(self) -> Refusal | None:
        """A trick begun card by card is finished card by card: a whole trick or a
        quick round entry waits until it is complete (or its cards are undone)."""
        current = self.current
        if not current.table:
            return None
        to_play = self._seat_after(len(current.table))
        return refuse(Rule.TRICK_IN_PROGRESS, round=current.number, trick=len(current.tricks) + 1, count=len(current.table), to_play=to_play)

    def _play_refusal(self, action: PlayCard) -> Refusal | None:
        """One card of the trick in progress: "Het spel gaat met de klok mee, één kaart
        per speler per slag" — played in turn, clockwise from the leader; a card not
        played before this round; and with a seeded deal one from the player's hand,
        following suit (the rule a whole trick keeps, :func:`follow_suit_problem`).
        With physical cards the hands are unknown: as for a whole trick, a revoke is
        found once the trick is complete."""
        current, card = self.current, action.card
        number = len(current.tricks) + 1
        to_play = self._seat_after(len(current.table))
        if action.seat != to_play:
            return refuse(Rule.NOT_THEIR_TURN, trick=number, seat=action.seat, to_play=to_play)
        if card in current.played:
            return refuse(Rule.CARD_ALREADY_PLAYED, card=card, trick=current.trick_of(card), round=current.number)
        if current.hands is not None:
            led = current.table[0].suit if current.table else None
            broken = follow_suit_problem(current.hands[action.seat], card, led)
            if broken is not None:
                return refuse(broken, trick=number, seat=action.seat, card=card, suit=led)
        return None

    def _play(self, action: PlayCard) -> Step[Match, Effect]:
        """The card goes on the table (and out of a known hand); the last player's card
        completes the trick, exactly as the trick entered whole (:meth:`_trick`)."""
        setup, current = self.setup, self.current
        table = current.table + (action.card,)
        if len(table) == setup.count:
            return self._trick(table)
        hands = None
        if current.hands is not None:
            hands = tuple(hand - {action.card} if seat == action.seat else hand for seat, hand in enumerate(current.hands))
        match = replace(self, current=replace(current, table=table, hands=hands))
        played = CardPlayed(action.seat, action.card, current.number, len(current.tricks) + 1, self._seat_after(len(table)))
        return Step(match, played)

    def _trick(self, cards: Sequence[Card]) -> Step[Match, Effect]:
        """The trick is won (the winner leads the next); after the last one the round is
        scored. A trick entered whole, or completed by its last card played."""
        setup, current = self.setup, self.current
        leader = current.leader
        number = len(current.tricks) + 1
        hands = None if current.hands is None else tuple(hand - set(cards) for hand in current.hands)
        trump = Suit.HEARTS if setup.has(Variant.TROEF) else None
        position = trick_winner(cards, trump)
        trick = Trick(number=number, leader=leader, cards=tuple(cards), winner=(leader + position) % setup.count)
        proven, voids = follow_up(trick, dict(current.voids))
        progressed = replace(
            current,
            leader=trick.winner,
            tricks=current.tricks + (trick,),
            hands=hands,
            voids=tuple(voids.items()),
            revokes=current.revokes + tuple(proven),
            table=(),
        )
        match = replace(self, current=progressed)
        if number < self.cards_each:
            return Step(match, TrickTaken(trick, current.number, tuple(proven)))
        match = match._finish_tricks()
        return Step(match, TrickTaken(trick, current.number, tuple(proven), scored=match.rounds[-1]))

    # --- helpers ----------------------------------------------------------------------

    def _cursed_most_entry(self, cursed_most: Sequence[int], captures: Sequence[Capture]) -> tuple[int, ...] | Refusal:
        """Who collected the most cards of the cursed suit, as the quick entry says.

        When hearts are cursed the entry's heart counts already say who collected most
        (all tied players), so the entry may leave it out and must agree when it says.
        """
        suit = self.current.cursed_suit
        if suit is None:
            if cursed_most:
                return refuse(Rule.NO_CURSED_SUIT, unusable=True)
            return ()
        if suit is Suit.HEARTS:
            collected = most_collected([capture.count for capture in captures])
            if cursed_most and sorted(set(cursed_most)) != list(collected):
                count = captures[collected[0]].count if collected else 0
                return refuse(Rule.COUNTS_DECIDE_THE_CURSE, unusable=True, most=collected, count=count, said=tuple(cursed_most))
            return collected
        if not cursed_most:
            return refuse(Rule.WHO_COLLECTED_THE_CURSE, unusable=True, suit=suit)
        if len(set(cursed_most)) != len(cursed_most):
            return refuse(Rule.CURSED_NAMED_TWICE, unusable=True)
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
        )
        totals = tuple(total + points for total, points in zip(self.totals, score.total))
        dealer = next_dealer(setup, current.dealer, captures)
        return Match(
            setup=setup,
            rounds=self.rounds + (played,),
            current=new_round(setup, current.number + 1, dealer),
            totals=totals,
        )


@dataclass(frozen=True)
class _QuickEntry:
    """A quick round entry checked: what it scores."""

    captures: tuple[Capture, ...]
    ace: int | None
    dead: tuple[Card, ...]
    cursed_most: tuple[int, ...]
