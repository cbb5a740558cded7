"""The rules a Smoorverliefd entry can break, as values (:class:`referee.game.Refusal`).

A refusal names its :class:`Rule` and the values it concerns, with players as seats
(numbers) and cards as :class:`~referee.cards.Card`; the voice
(:mod:`referee.smoorverliefd.voice`) words it. ``unusable`` refusals (exit 2) are
entries that cannot be used at all in the match (a count out of range, a trick of the
wrong size, a bid in a match without bids); the others are entries the rules forbid now
(exit 1).
"""

from __future__ import annotations

import enum


class Rule(enum.Enum):
    # the match and its rounds
    MATCH_OVER = "the match is over"  # side
    NOT_A_BIDDING_MATCH = "bids belong to blinde-liefde"  # unusable
    BIDS_AFTER_FIRST_TRICK = "bids come before the first trick"  # round
    BIDS_ALREADY_IN = "the bids are in already"  # round
    BIDS_MISSING = "every player bids"  # seats; unusable
    BID_GIVEN = "a player bids once a round"  # seat, round
    BID_OUT_OF_RANGE = "a bid is 0 to 13 hearts"  # seat, bid; unusable
    NOT_A_CUPIDO_MATCH = "a cursed suit belongs to cupido"  # unusable
    NO_CURSE_IN_FIRST_ROUND = "the first round has no cursed suit"
    CURSE_AFTER_FIRST_TRICK = "the cursed suit comes before the first trick"  # round
    CURSE_ALREADY_NAMED = "the cursed suit is named already"  # round
    BIDS_FIRST = "blinde-liefde: the bids come first"  # round
    CURSE_FIRST = "cupido: the cursed suit comes first"  # dealer, round
    # a quick entry
    ROUND_IN_TRICKS = "the round is being entered trick by trick"  # round, count
    HEARTS_OUT_OF_RANGE = "a player captures 0 to 13 hearts"  # seat, count; unusable
    LIST_THE_HEARTS = "kleine-liefde needs the heart cards"  # seat; unusable
    NOT_A_HEART = "only hearts are listed"  # seat, card; unusable
    HEART_LISTED_TWICE = "every heart is captured once"  # card; unusable
    HEART_IS_DEAD = "a dead heart is captured by nobody"  # card; unusable
    HEARTS_DO_NOT_ADD_UP = "the hearts add up to 13 less the dead ones"  # entered, expected, dead, hint; unusable
    NO_DEAD_PILE = "4 players have no dead pile"  # players; unusable
    DEAD_CARD_TWICE = "a dead card is named once"  # unusable
    TOO_MANY_DEAD = "the dead pile holds 1 or 2 cards"  # players, size, named; unusable
    NOT_THE_DEAD_CARDS = "the seeded deal knows the dead cards"  # cards; unusable
    ACE_IS_DEAD = "a dead A♥ was taken by nobody"  # unusable
    ACE_LISTED_ELSEWHERE = "A♥ is listed with another player"  # listed, ace; unusable
    WHO_TOOK_THE_ACE = "who took A♥?"  # seats; unusable
    ACE_NOT_LISTED = "A♥ is not among the listed hearts"  # seat; unusable
    ACE_WITHOUT_HEARTS = "A♥ was taken by a player with no hearts"  # seat; unusable
    NO_CURSED_SUIT = "no cursed suit this round"  # unusable
    COUNTS_DECIDE_THE_CURSE = "with hearts cursed, the counts decide"  # most, count, said; unusable
    WHO_COLLECTED_THE_CURSE = "who collected the most of the cursed suit?"  # suit; unusable
    CURSED_NAMED_TWICE = "a player is named once as cursed"  # unusable
    # a trick
    TRICK_SIZE = "one card per player"  # count, leader, got; unusable
    CARD_TWICE_IN_TRICK = "a card is played once"  # card; unusable
    CARD_ALREADY_PLAYED = "a card is played once a round"  # card, trick, round
    NOT_HELD = "a player plays a card they hold"  # trick, seat, card
    MUST_FOLLOW = "follow suit"  # trick, seat, card, suit
    # a card of a trick, played by one player
    NOT_THEIR_TURN = "a trick is played clockwise from the leader, one card each"  # trick, seat, to_play
    TRICK_IN_PROGRESS = "a trick begun card by card is finished card by card"  # round, trick, count, to_play
    # outside the entries
    NO_ROUND_TO_CORRECT = "no round has been played"
    ROUND_NOT_FINISHED = "the round is not finished"  # round
    NO_SUCH_ROUND = "there is no such round"  # round, last; unusable
    CORRECTION_REPLACES_TRICKS = "a correction says when it replaces a round's tricks"  # round, tricks, revokes; unusable
    CORRECTION_MOVES_TRICKS = "a correction may not move a round's tricks"  # edited, now, round, was, leader
    PHYSICAL_CARDS = "only a seeded match knows the hands"  # unusable
    NO_CARDS_IN_HAND = "the match is over: no cards in hand"
