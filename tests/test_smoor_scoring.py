"""Smoorverliefd scoring, rule by rule (rulebook "Scoren" and "Winnen", SPEC §6.4)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Suit
from referee.smoorverliefd.scoring import (
    ACE_OF_HEARTS,
    HEARTS,
    Capture,
    heart_points,
    heart_value,
    score_round,
    standing,
)
from referee.smoorverliefd.setup import Setup

FOUR = Setup.build(["Anna", "Bram", "Cees", "Daan"])


def hearts(*ranks: int) -> tuple[Card, ...]:
    return tuple(Card(rank, Suit.HEARTS) for rank in ranks)


def test_each_heart_is_worth_one_point():
    assert heart_value(Card(2, Suit.HEARTS)) == heart_value(Card(10, Suit.HEARTS)) == heart_value(Card(13, Suit.HEARTS)) == 1
    assert heart_points(Capture(4)) == 4


def test_ace_of_hearts_is_worth_five_instead_of_one():
    assert heart_value(ACE_OF_HEARTS) == 5
    assert heart_points(Capture(3, ace=True)) == 7
    assert heart_points(Capture.of(hearts(14, 2))) == 6


def test_a_two_of_hearts_is_worth_as_much_as_the_ten():
    assert heart_points(Capture.of(hearts(2))) == heart_points(Capture.of(hearts(10)))


def test_all_thirteen_hearts_double_the_round_score_ace_bonus_included():
    assert heart_points(Capture(13, ace=True)) == (12 + 5) * 2 == 34
    assert heart_points(Capture.of(HEARTS)) == 34


def test_no_hearts_score_nothing_and_no_penalty():
    assert heart_points(Capture(0)) == 0
    score = score_round(FOUR, [Capture(13, ace=True), Capture(0), Capture(0), Capture(0)])
    assert score.total == (34, 0, 0, 0)


def test_kleine_liefde_hearts_score_face_value_ace_fourteen_king_thirteen():
    assert [heart_value(card, kleine_liefde=True) for card in hearts(14, 13, 12, 11, 10, 2)] == [14, 13, 12, 11, 10, 2]
    assert heart_points(Capture.of(hearts(14, 13, 2)), kleine_liefde=True) == 29


def test_kleine_liefde_all_thirteen_hearts_still_double():
    assert heart_points(Capture.of(HEARTS), kleine_liefde=True) == 2 * sum(range(2, 15)) == 208


def test_round_champion_has_the_most_heart_points_and_ties_share_it():
    score = score_round(FOUR, [Capture(4), Capture(4), Capture(5, ace=False), Capture(0)])
    assert score.champions == (2,)
    tied = score_round(FOUR, [Capture(6), Capture(2, ace=True), Capture(5), Capture(0)])
    assert tied.champions == (0, 1)


def test_blinde_liefde_exact_bid_earns_bonus_and_a_miss_costs_penalty():
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"])
    score = score_round(setup, [Capture(3), Capture(10, ace=True), Capture(0)], bids=[3, 9, 0])
    assert score.bids == (5, -5, 5)
    assert score.total == (8, 9, 5)


def test_blinde_liefde_bonus_and_penalty_are_configurable():
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"], bid_bonus=10, bid_penalty=2)
    assert score_round(setup, [Capture(3), Capture(10, ace=True), Capture(0)], bids=[3, 0, 1]).bids == (10, -2, -2)


def test_cupido_biggest_collectors_of_the_cursed_suit_lose_five_all_tied_players():
    setup = Setup.build(["A", "B", "C", "D"], variants=["cupido"])
    score = score_round(setup, [Capture(13, ace=True), Capture(0), Capture(0), Capture(0)], cursed_most=[1, 3])
    assert score.curse == (0, -5, 0, -5)
    assert score.total == (34, -5, 0, -5)


def test_partners_duos_add_their_hearts_and_the_duo_with_most_wins_the_round():
    setup = Setup.build(["A", "B", "C", "D"], variants=["partners"])
    score = score_round(setup, [Capture(5), Capture(4, ace=True), Capture(3), Capture(1)])
    assert score.total == (5, 8, 3, 1)
    assert score.champions == (1,)  # B + D: 8 + 1 = 9 against A + C: 5 + 3 = 8


def test_match_ends_when_someone_reaches_the_target_and_the_highest_total_wins():
    setup = Setup.build(["A", "B", "C"], target=50)
    assert standing(setup, [49, 20, 10]).winner is None
    assert standing(setup, [50, 20, 10]).winner == 0
    assert standing(setup, [55, 61, 10]).winner == 1


def test_a_tie_on_top_at_the_target_plays_another_round():
    setup = Setup.build(["A", "B", "C"], target=50)
    result = standing(setup, [60, 60, 10])
    assert result.winner is None and result.tied_at_target


def test_partners_first_duo_to_reach_the_target_wins():
    setup = Setup.build(["A", "B", "C", "D"], variants=["partners"], target=50)
    result = standing(setup, [30, 10, 21, 30])
    assert result.totals == (51, 40) and result.winner == 0


@given(st.lists(st.integers(min_value=0, max_value=3), min_size=13, max_size=13))
def test_standard_round_always_hands_out_seventeen_heart_points_or_thirty_four_on_all_hearts(owners):
    won = [[card for card, owner in zip(HEARTS, owners) if owner == seat] for seat in range(4)]
    captures = [Capture.of(cards) for cards in won]
    counted = [Capture(len(cards), ACE_OF_HEARTS in cards) for cards in won]
    total = sum(score_round(FOUR, captures).hearts)
    assert total == (34 if len(set(owners)) == 1 else 17)
    assert score_round(FOUR, counted).hearts == score_round(FOUR, captures).hearts


def test_an_exact_bid_is_met_even_when_the_bonus_is_zero():
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"], bid_bonus=0, bid_penalty=0)
    score = score_round(setup, [Capture(3), Capture(10, ace=True), Capture(0)], bids=[3, 9, 1])
    assert score.bids == (0, 0, 0)
    assert score.bids_met == (True, False, False)
    assert score_round(setup, [Capture(3), Capture(10), Capture(0)]).bids_met is None


def test_capturing_every_heart_is_alles_pakken():
    assert Capture.of(HEARTS).all_hearts and Capture(13, ace=True).all_hearts
    assert not Capture(12, ace=True).all_hearts
