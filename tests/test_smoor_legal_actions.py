"""Smoorverliefd's legal actions: in a seeded round, the cards the player to act may play
now (one ``PlayCard`` each: held, following suit when they can), lazily; with physical
cards, before the round's bids or cursed suit, or once the match is over, nothing."""

from __future__ import annotations

import random
from types import GeneratorType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.smoorverliefd.actions import Bids, CurseSuit, PlayCard, PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.cards import Suit, french_deck
from smoor_play import legal_plays, legal_trick, play


def brute_force(match: Match) -> set[PlayCard]:
    """Every card of the deck played by every seat, kept when the rules accept it: the
    plain definition the lazy one must agree with."""
    return {play for seat in range(match.setup.count) for card in french_deck() if RULES.refusal(match, play := PlayCard(seat, card)) is None}


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.text("abcdef", min_size=1, max_size=4), st.integers(0, 1000), st.integers(3, 5), st.booleans(), st.integers(0, 16), st.integers(0, 4))
def test_the_legal_plays_of_a_seeded_round_are_exactly_those_the_rules_accept(seed, draw, players, troef, tricks, cards):
    """Tricks into the round and cards into the next trick, compared with every card of
    the deck played by every seat."""
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, variants=["troef"] if troef else [])
    match, rng = Match.start(setup), random.Random(draw)
    for _ in range(min(tricks, match.cards_each - 1)):
        match = play(match, PlayTrick(tuple(legal_trick(match, rng))))
    for _ in range(min(cards, players - 1)):
        match = play(match, rng.choice(list(RULES.legal_actions(match))))
    listed = list(RULES.legal_actions(match))
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_force(match)
    assert {action.seat for action in legal_plays(match)} == {match.to_play}


def test_legal_actions_are_listed_lazily():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="lazy"))
    plays = RULES.legal_actions(match)
    assert isinstance(plays, GeneratorType)
    first = next(iter(plays))
    assert RULES.refusal(match, first) is None


def test_the_leader_may_lead_any_card_in_hand_and_the_next_player_must_follow_suit():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="four"))
    hands, leader = match.current.hands, match.current.leader
    assert hands is not None
    assert {play.card for play in legal_plays(match)} == set(hands[leader])
    lead = next(card for card in hands[leader] if any(held.suit is card.suit for held in hands[(leader + 1) % 4]))
    after = play(match, PlayCard(leader, lead))
    listed = legal_plays(after)
    assert listed and all(play.seat == (leader + 1) % 4 and play.card.suit is lead.suit for play in listed)


def test_the_legal_plays_made_in_turn_are_a_trick_the_trick_entry_accepts():
    """One definition of legality: four plays of the listed cards make a trick that
    `trick` would accept, and the same match."""
    match, rng = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="one")), random.Random(3)
    by_cards = match
    cards = []
    for _ in range(4):
        action = rng.choice(legal_plays(match))
        cards.append(action.card)
        match = play(match, action)
    assert RULES.refusal(by_cards, PlayTrick(tuple(cards))) is None
    assert play(by_cards, PlayTrick(tuple(cards))) == match


def test_with_physical_cards_nothing_is_listed_the_hands_are_unknown():
    assert list(RULES.legal_actions(Match.start(Setup.build(["Anna", "Bram", "Cees"])))) == []


def test_before_the_bids_or_the_cursed_suit_no_card_is_legal_so_only_they_are_listed():
    """Before a round's bids are in, each player still to bid has a bid of 0 to 13 listed,
    and no card; before the cursed suit is named, the dealer has the four suits listed."""
    bidding = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="b", variants=["blinde-liefde"]))
    listed = list(RULES.legal_actions(bidding))
    assert set(listed) == {Bids(((seat, bid),)) for seat in range(4) for bid in range(14)}
    assert next(iter(RULES.legal_actions(play(bidding, Bids(((0, 1), (1, 1), (2, 1), (3, 1))))))) is not None
    cupido = Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="c", variants=["cupido"])
    second = play(Match.start(cupido), QuickRound(hearts=((0, 13),), ace=0, cursed=()))
    assert set(RULES.legal_actions(second)) == {CurseSuit(suit) for suit in Suit}
    assert all(isinstance(a, PlayCard) for a in RULES.legal_actions(play(second, CurseSuit(Suit.CLUBS))))


def test_once_the_match_is_over_nothing_is_legal():
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="over", target=1)
    over = play(Match.start(setup), QuickRound(hearts=((0, 13),), ace=0))
    assert over.outcome is not None and list(RULES.legal_actions(over)) == []
