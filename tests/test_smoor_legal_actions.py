"""Smoorverliefd's legal actions: in a seeded round, every trick the hands allow (each
player follows suit when they can), lazily; with physical cards, or before the round's
bids or cursed suit, nothing."""

from __future__ import annotations

import itertools
import random
from types import GeneratorType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.smoorverliefd.actions import Bids, CurseSuit, PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.cards import Suit
from smoor_play import legal_trick, play


def brute_force(match: Match) -> set[PlayTrick]:
    """Every way to play one card from each hand in play order, kept when the rules
    accept it: the plain definition the lazy one must agree with."""
    current, count = match.current, match.setup.count
    assert current.hands is not None
    hands = [sorted(current.hands[(current.leader + position) % count], key=lambda c: c.sort_key) for position in range(count)]
    return {trick for cards in itertools.product(*hands) if RULES.refusal(match, trick := PlayTrick(cards)) is None}


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.text("abcdef", min_size=1, max_size=4), st.integers(0, 1000), st.sampled_from([3, 5]), st.booleans(), st.integers(0, 16))
def test_the_legal_tricks_of_a_seeded_round_are_exactly_those_the_rules_accept(seed, draw, players, troef, tricks):
    """Tricks into the round (3 and 5 players, so the brute force stays small once a few
    tricks are out), compared with every combination of one card from each hand."""
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, variants=["troef"] if troef else [])
    match, rng = Match.start(setup), random.Random(draw)
    for _ in range(min(max(tricks, 4), match.cards_each - 1)):
        match = play(match, PlayTrick(tuple(legal_trick(match, rng))))
    listed = list(RULES.legal_actions(match))
    assert len(listed) == len(set(listed))
    assert set(listed) == brute_force(match)


def test_legal_actions_are_listed_lazily():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="lazy"))
    tricks = RULES.legal_actions(match)
    assert isinstance(tricks, GeneratorType)
    first = next(iter(tricks))
    assert RULES.refusal(match, first) is None


def test_every_legal_trick_of_a_four_player_first_trick_is_accepted_and_one_card_off_is_not():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="four"))
    legal = set(itertools.islice(RULES.legal_actions(match), 500))
    assert legal and all(RULES.refusal(match, trick) is None for trick in legal)
    leads = set()
    for trick in RULES.legal_actions(match):
        assert isinstance(trick, PlayTrick)
        leads.add(trick.cards[0])
    hands = match.current.hands
    assert hands is not None
    assert leads == set(hands[match.current.leader])


def test_with_physical_cards_nothing_is_listed_the_hands_are_unknown():
    assert list(RULES.legal_actions(Match.start(Setup.build(["Anna", "Bram", "Cees"])))) == []


def test_before_the_bids_or_the_cursed_suit_no_trick_is_legal_so_none_is_listed():
    bidding = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="b", variants=["blinde-liefde"]))
    assert list(RULES.legal_actions(bidding)) == []
    assert next(iter(RULES.legal_actions(play(bidding, Bids(((0, 1), (1, 1), (2, 1), (3, 1))))))) is not None
    cupido = Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="c", variants=["cupido"])
    second = play(Match.start(cupido), QuickRound(hearts=((0, 13),), ace=0, cursed=()))
    assert list(RULES.legal_actions(second)) == []
    assert list(RULES.legal_actions(play(second, CurseSuit(Suit.CLUBS))))


def test_once_the_match_is_over_nothing_is_legal():
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="over", target=1)
    over = play(Match.start(setup), QuickRound(hearts=((0, 13),), ace=0))
    assert over.outcome is not None and list(RULES.legal_actions(over)) == []
