"""Card notation (SPEC §2): French cards and Smitten placements."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.cards import Card, Suit, french_deck, parse_cards
from referee.smitten.notation import GridSide, Placement, parse_smitten_card
from referee.errors import InputError


@pytest.mark.parametrize(
    "text, canonical",
    [("AH", "AH"), ("10s", "10S"), ("T♠", "10S"), ("q♥", "QH"), ("2c", "2C"), ("kd", "KD"),
     ("J♦", "JD"), ("a♣", "AC"), ("9♡", "9H"), (" 7S ", "7S")],
)  # fmt: skip
def test_french_card_notation_is_case_insensitive_with_letters_or_symbols(text, canonical):
    assert str(Card.parse(text)) == canonical


def test_canonical_form_is_rank_then_suit_letter_with_10_for_ten():
    assert str(Card(10, Suit.SPADES)) == "10S"
    assert str(Card(14, Suit.HEARTS)) == "AH"
    assert Card(12, Suit.DIAMONDS).symbol == "Q♦"


def test_cards_may_be_separated_by_spaces_or_commas_or_written_together():
    expected = ["AS", "KS", "2H", "10S"]
    assert [str(c) for c in parse_cards("AS KS 2H 10S")] == expected
    assert [str(c) for c in parse_cards("AS,KS, 2H,10S")] == expected
    assert [str(c) for c in parse_cards("ASKS2H10S")] == expected


def test_canonical_deck_runs_clubs_diamonds_hearts_spades_two_to_ace():
    deck = french_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert str(deck[0]) == "2C" and str(deck[12]) == "AC" and str(deck[13]) == "2D" and str(deck[-1]) == "AS"


@pytest.mark.parametrize(
    "text, says",
    [
        ("1S", "unknown rank '1'"),
        ("11S", "unknown rank '1'"),
        ("ZH", "unknown rank 'Z'"),
        ("AX", "unknown suit 'X'"),
        ("A", "has no suit"),
        ("HA", "starts with a suit"),
        ("", "no card given"),
        ("AS QQ", "in 'AS QQ'"),
    ],
)
def test_a_wrong_card_says_precisely_what_is_wrong(text, says):
    with pytest.raises(InputError, match=says):
        parse_cards(text)


def test_one_card_expected_but_two_given():
    with pytest.raises(InputError, match="holds 2 cards"):
        Card.parse("AS KS")


@given(st.sampled_from(french_deck()), st.booleans(), st.booleans())
def test_any_card_prints_and_parses_back(card, lower, symbol):
    text = card.symbol if symbol else str(card)
    assert Card.parse(text.lower() if lower else text) == card


@pytest.mark.parametrize("text, number, side", [("3L", 3, GridSide.LEFT), ("9r", 9, GridSide.RIGHT), (" 5 L", 5, GridSide.LEFT)])
def test_smitten_placement_is_number_then_grid(text, number, side):
    placement = Placement.parse(text)
    assert (placement.number, placement.side) == (number, side)
    assert str(placement) == f"{number}{side.value}"


def test_smitten_card_number_fixes_its_cell():
    assert [Placement(n, GridSide.LEFT).cell for n in (1, 3, 5, 7, 9)] == [(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)]


@pytest.mark.parametrize(
    "text, says",
    [("0L", "1 to 9"), ("10R", "1 to 9"), ("3X", "unknown grid 'X'"), ("3", "not a placement"), ("", "not a placement"), ("L", "not a placement")],
)
def test_a_wrong_smitten_placement_says_what_is_expected(text, says):
    with pytest.raises(InputError, match=says):
        Placement.parse(text)


def test_smitten_cards_are_numbered_one_to_nine():
    assert parse_smitten_card(" 7 ") == 7
    for bad in ("0", "10", "x", "٣", "-1"):
        with pytest.raises(InputError):
            parse_smitten_card(bad)


def test_the_other_grid():
    assert GridSide.LEFT.other is GridSide.RIGHT and GridSide.RIGHT.other is GridSide.LEFT


@pytest.mark.parametrize("text", ["\u212aH", "2\u017f", "1\u0660S"])
def test_look_alike_unicode_letters_are_not_card_ranks_or_suits(text):
    with pytest.raises(InputError):
        parse_cards(text)
