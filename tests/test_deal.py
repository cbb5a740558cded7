"""Dealing (SPEC §3): who gets which cards, one at a time in seating order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import french_deck
from referee.dealing import deal, deal_french52
from referee.smitten.dealing import Difficulty, SmittenMode, deal_smitten, smitten_deck
from referee.smoorverliefd.dealing import deal_smoorverliefd
from referee.errors import InputError
from referee.shuffle import shuffle


@pytest.mark.parametrize("players, each, dead", [(3, 17, 1), (4, 13, 0), (5, 10, 2)])
def test_smoorverliefd_hand_sizes_and_dead_cards_by_player_count(players, each, dead):
    result = deal_smoorverliefd("seed", players)
    assert [len(hand) for hand in result.hands] == [each] * players
    assert len(result.rest) == dead


def test_smoorverliefd_deals_one_card_at_a_time_from_player_one_and_the_dead_cards_are_last():
    deck = shuffle(french_deck(), "s")
    result = deal_smoorverliefd("s", 5)
    assert result.hands[0][:2] == (deck[0], deck[5])
    assert result.hands[4][:2] == (deck[4], deck[9])
    assert result.rest == tuple(deck[-2:])


@pytest.mark.parametrize("players", [0, 1, 2, 6, -4])
def test_smoorverliefd_refuses_player_counts_outside_three_to_five(players):
    with pytest.raises(InputError, match="3, 4 or 5 players"):
        deal_smoorverliefd("s", players)


@given(st.text(max_size=10), st.sampled_from([3, 4, 5]))
def test_smoorverliefd_deal_uses_every_card_once(seed, players):
    result = deal_smoorverliefd(seed, players)
    cards = [card for hand in result.hands for card in hand] + list(result.rest)
    assert sorted(cards, key=lambda c: c.sort_key) == french_deck()


def test_smitten_sets_aside_the_top_card_then_deals_alternately():
    deck = shuffle(smitten_deck(), "s")
    result = deal_smitten("s", SmittenMode.TWO, Difficulty.EASY)
    assert result.set_aside == deck[0]
    assert result.hands[0].face_up == tuple(deck[1:9:2])
    assert result.hands[1].face_up == tuple(deck[2:9:2])
    assert result.deck == tuple(deck[9:])


@pytest.mark.parametrize("difficulty, size", [(Difficulty.EASY, 4), (Difficulty.MEDIUM, 3), (Difficulty.HARD, 3)])
def test_smitten_two_player_hand_size_follows_difficulty(difficulty, size):
    result = deal_smitten("x", SmittenMode.TWO, difficulty)
    assert [len(h.face_up) for h in result.hands] == [size, size]
    assert len(result.deck) == 17 - 2 * size


def test_smitten_solo_hands_get_two_face_up_then_one_face_down_dealt_a_b_a_b_a_b():
    deck = shuffle(smitten_deck(), "s")
    result = deal_smitten("s", SmittenMode.SOLO)
    a, b = result.hands
    assert a.face_up == (deck[1], deck[3]) and b.face_up == (deck[2], deck[4])
    assert a.face_down == (deck[5],) and b.face_down == (deck[6],)
    assert result.deck == tuple(deck[7:])


def test_smitten_deck_holds_two_of_each_number():
    assert sorted(smitten_deck()) == sorted(list(range(1, 10)) * 2)


def test_french52_deals_hand_size_cards_each_and_keeps_the_stock_in_order():
    deck = shuffle(french_deck(), "t")
    result = deal_french52("t", 3, 5)
    assert [len(h) for h in result.hands] == [5, 5, 5]
    assert result.rest == tuple(deck[15:])
    assert [len(h) for h in deal_french52("t", 4).hands] == [13] * 4


@pytest.mark.parametrize(
    "kwargs, says",
    [
        ({"game": "french52", "players": 5, "hand_size": 11}, "1..10 for 5 players"),
        ({"game": "french52", "players": 0}, "1 to 52 players"),
        ({"game": "french52", "hand_size": 0}, "at least 1"),
        ({"game": "smoorverliefd", "hand_size": 5}, "--hand-size is for french52"),
        ({"game": "smoorverliefd", "mode": "solo"}, "--mode and --difficulty are for smitten"),
        ({"game": "smitten", "players": 2}, "instead of --players"),
        ({"game": "smitten", "mode": "duo"}, "unknown smitten mode 'duo'"),
        ({"game": "smitten", "difficulty": "medum"}, "did you mean medium"),
        ({"game": "smitten", "mode": "solo", "difficulty": "easy"}, "solo Smitten has no --difficulty"),
        ({"game": "smorverliefd"}, "did you mean smoorverliefd"),
        ({"game": "spellcrafter", "deck": "no-such-deck.toml"}, "no such deck file: no-such-deck.toml"),
    ],
)
def test_options_that_do_not_fit_the_game_are_refused_with_the_allowed_values(kwargs, says):
    game = kwargs.pop("game")
    with pytest.raises(InputError, match=says):
        deal(game, "s", **kwargs)


def test_empty_seed_is_refused():
    with pytest.raises(InputError, match="seed is empty"):
        deal("smitten", "")


def test_game_names_are_case_insensitive_and_short_names_work():
    assert deal("SMOOR", "s").to_json() == deal("smoorverliefd", "s").to_json()
