"""Tricks (*slagen*): winning, following suit, trump and revokes (*verzaken*)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Card, Suit, parse_cards
from referee.errors import RuleError
from referee.smoorverliefd.refusals import Rule
from smoor_play import unusable
from referee.smoorverliefd.actions import PlayTrick, RoundScored, TrickTaken
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.tricks import follow_suit_problem, trick_winner
from smoor_play import legal_trick, play, play_round, step, taken


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def trick(match: Match, text: str) -> Match:
    return play(match, {"kind": "trick", "cards": text.split()})


def test_highest_card_of_the_led_suit_wins_the_trick():
    assert trick_winner(cards("5S KS 2S 10S")) == 1


def test_a_card_of_another_suit_cannot_win_without_trump():
    assert trick_winner(cards("5S AH AD 2S")) == 0


def test_troef_a_heart_on_another_suit_wins_the_trick():
    assert trick_winner(cards("5S 2H AS 3C"), trump=Suit.HEARTS) == 1
    assert trick_winner(cards("5S 2H AS 9H"), trump=Suit.HEARTS) == 3


def test_troef_without_hearts_the_led_suit_still_decides():
    assert trick_winner(cards("5S 2C AS 3D"), trump=Suit.HEARTS) == 2


def test_must_follow_the_led_suit_when_holding_it():
    hand = set(cards("2S 9H KD"))
    assert follow_suit_problem(hand, Card(9, Suit.HEARTS), Suit.SPADES) is Rule.MUST_FOLLOW
    assert follow_suit_problem(hand, Card(14, Suit.SPADES), Suit.SPADES) is Rule.NOT_HELD
    assert follow_suit_problem(hand, Card(2, Suit.SPADES), Suit.SPADES) is None


def test_a_player_out_of_the_led_suit_may_discard_anything_even_a_heart():
    hand = set(cards("9H KD"))
    assert follow_suit_problem(hand, Card(9, Suit.HEARTS), Suit.SPADES) is None


def test_the_leader_may_lead_any_suit_hearts_included_from_the_first_trick():
    hand = set(cards("2S 9H KD"))
    assert follow_suit_problem(hand, Card(9, Suit.HEARTS), None) is None


FOUR = Setup.build(["Anna", "Bram", "Cees", "Daan"])


def test_the_player_left_of_the_dealer_leads_the_first_trick_and_the_winner_leads_the_next():
    match = Match.start(FOUR)  # Anna deals, Bram leads
    assert match.current.leader == 1
    match = trick(match, "2S 3S AS 4S")  # Bram 2S, Cees 3S, Daan AS, Anna 4S
    assert match.current.tricks[-1].winner == 3 and match.current.leader == 3


def test_the_winner_of_a_trick_takes_its_hearts():
    match = Match.start(FOUR)
    for text in ("2S 3S AS 4S", "2C 3C 4C 5C"):
        match = trick(match, text)
    # trick 2 led by Daan: Daan 2C, Anna 3C, Bram 4C, Cees 5C -> Cees
    assert match.current.tricks[-1].winner == 2


def test_a_trick_needs_one_card_per_player():
    with unusable("a trick has 4 cards, one per player"):
        trick(Match.start(FOUR), "2S 3S AS")


def test_a_card_cannot_be_played_twice_in_a_round():
    match = trick(Match.start(FOUR), "2S 3S AS 4S")
    with pytest.raises(RuleError, match="3S was already played in trick 1"):
        trick(match, "3S 5S 6S 7S")
    with unusable("named twice in this trick"):
        trick(match, "5S 5S 6S 7S")


SEEDED = Setup.build(["Anna", "Bram", "Cees"], seed="demo")


def test_seeded_deal_rejects_a_card_not_in_the_players_hand():
    match = Match.start(SEEDED)
    with pytest.raises(RuleError, match="Bram does not hold A♠"):
        trick(match, "AS AC 2H")


def test_seeded_deal_rejects_not_following_suit():
    match = Match.start(SEEDED)
    # demo round 1: Bram holds K 10 6 4 2 of spades, Cees 9 5 3 of spades
    with pytest.raises(RuleError, match="Cees must follow ♠"):
        trick(match, "2S AH 7S")


def test_seeded_deal_hands_go_round_from_the_player_left_of_the_dealer():
    from referee.smoorverliefd.dealing import deal_smoorverliefd

    match = Match.start(SEEDED)  # Anna deals: Bram gets player 1's hand
    dealt = deal_smoorverliefd("demo-1", 3)
    assert match.current.hands == (frozenset(dealt.hands[2]), frozenset(dealt.hands[0]), frozenset(dealt.hands[1]))
    assert match.current.dead == dealt.rest


def test_revoke_is_flagged_with_both_tricks_when_a_player_later_plays_the_suit_they_did_not_follow():
    match = trick(Match.start(FOUR), "2S 3S AS 4D")  # Anna (last) shows out of spades
    assert match.current.revokes == ()
    match = trick(match, "5C 5S 7C 6C")  # Daan won and leads clubs; Anna, second, plays 5S
    revoke = match.current.revokes[-1]
    assert (revoke.seat, revoke.suit, revoke.showed_out_in, revoke.played_in) == (0, Suit.SPADES, 1, 2)


def test_seeded_rounds_are_not_checked_for_revokes_because_following_suit_is_enforced():
    match = play_round(Match.start(SEEDED), random.Random(1))
    assert match.rounds[0].revokes == ()


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([3, 4, 5]), st.booleans())
def test_random_legal_seeded_rounds_hand_out_seventeen_heart_points_less_dead_hearts(seed, players, troef):
    names = ["Anna", "Bram", "Cees", "Daan", "Eva"][:players]
    setup = Setup.build(names, seed=str(seed), variants=["troef"] if troef else [], target=10**6)
    match = Match.start(setup)
    rng = random.Random(seed)
    for _ in range(3):
        current = match.current
        dead_hearts = [card for card in current.dead or () if card.suit is Suit.HEARTS]
        match = play_round(match, rng)
        played = match.rounds[-1]
        points = sum(played.score.hearts)
        if any(capture.count == 13 for capture in played.captures):
            assert points == 34
        else:
            dead_value = sum(5 if card.rank == 14 else 1 for card in dead_hearts)
            assert points == 17 - dead_value
        assert sum(c.count for c in played.captures) == 13 - len(dead_hearts)
        assert len(played.tricks) == {3: 17, 4: 13, 5: 10}[players]


def test_legal_trick_helper_follows_suit():
    match = Match.start(SEEDED)
    cards_played = legal_trick(match, random.Random(3))
    assert len(cards_played) == 3


def test_a_trick_says_who_won_it_whether_it_completed_the_round_and_the_revokes_it_proves():
    done = step(Match.start(FOUR), {"kind": "trick", "cards": "2S 3S AS 4D".split()})
    first = done.effect
    assert isinstance(first, TrickTaken)
    assert first.trick.number == 1 and first.trick.winner == 3 and first.scored is None and first.revokes == ()
    done = step(done.state, {"kind": "trick", "cards": "5C 5S 7C 6C".split()})  # Anna revokes spades
    assert [(r.seat, r.played_in) for r in taken(done).revokes] == [(0, 2)]
    done = step(done.state, {"kind": "trick", "cards": "8C 9C 10C JD".split()})  # Bram leads; not reported again
    assert taken(done).revokes == () and len(done.state.current.revokes) == 1


def test_the_trick_that_ends_a_round_is_reported_as_completing_it():
    match = Match.start(SEEDED)
    while True:
        done = step(match, PlayTrick(tuple(legal_trick(match, random.Random(6)))))
        if taken(done).scored is not None:
            break
        match = done.state
    last, after = taken(done), done.state
    assert last.round == 1 and last.scored == after.rounds[0]
    assert last.trick == after.rounds[0].tricks[-1] and after.current.tricks == ()


def test_a_quick_entry_is_no_trick_it_scores_its_round():
    done = step(Match.start(FOUR), {"kind": "round", "hearts": {"Anna": 13}, "ace": "Anna"})
    assert isinstance(done.effect, RoundScored) and done.effect.played == done.state.rounds[0]


def test_only_a_seeded_match_in_progress_has_hands_in_play():
    from referee.game import refuse

    assert Match.start(SEEDED).hands_refusal() is None
    assert Match.start(FOUR).hands_refusal() == refuse(Rule.PHYSICAL_CARDS, unusable=True)
    over = Match.start(Setup.build(["Anna", "Bram", "Cees"], seed="demo", target=1))
    over = play(over, {"kind": "round", "hearts": {"Anna": 12}, "ace": "Anna"})
    assert over.hands_refusal() == refuse(Rule.NO_CARDS_IN_HAND)  # a state refusal: exit 1
