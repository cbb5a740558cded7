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


# --- Dutch letters (issue 22 point 6) ---------------------------------------------------

ENGLISH_RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
DUTCH_RANKS = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "B": 11, "V": 12, "H": 13, "A": 14}
ENGLISH_SUITS = {"C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}
DUTCH_SUITS = {"K": Suit.CLUBS, "R": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES}


def _reading(token: str, ranks: dict[str, int], suits: dict[str, Suit]) -> Card | None:
    """The card ``token`` is in one notation (rank first, then suit), or None."""
    upper = token.upper()
    for rank, value in ranks.items():
        if upper.startswith(rank) and upper[len(rank):] in suits:
            return Card(value, suits[upper[len(rank):]])
    return None


def test_dutch_letters_read_heer_vrouw_boer_and_the_dutch_suits():
    assert [str(card) for card in parse_cards("hh vs bk 10r")] == ["KH", "QS", "JC", "10D"]
    assert [str(card) for card in parse_cards("HK,AR VH 2k")] == ["KC", "AD", "QH", "2C"]


@pytest.mark.parametrize("card", french_deck(), ids=str)
def test_every_card_reads_in_english_letters_and_in_dutch_letters(card):
    assert Card.parse(str(card)) == card and Card.parse(str(card).lower()) == card
    assert Card.parse(card.dutch_letters) == card and Card.parse(card.dutch_letters.lower()) == card
    assert Card.parse(card.symbol) == card and Card.parse(card.dutch_symbol) == card


@pytest.mark.slow
def test_no_token_of_two_or_three_characters_reads_as_two_different_cards():
    """Every two- and three-character token of letters and digits, read in English and
    in Dutch letters: where both read a card, it is the same card, and the parser reads
    each token as the one notation in which it is a card. K and H are the letters that
    differ (K king / klaveren; H hearts / heer): KH is the king of hearts, HK the king of
    clubs, HH the king of hearts."""
    import itertools
    import string

    alphabet = string.ascii_uppercase + string.digits
    for length in (2, 3):
        for letters in itertools.product(alphabet, repeat=length):
            token = "".join(letters)
            english, dutch = _reading(token, ENGLISH_RANKS, ENGLISH_SUITS), _reading(token, DUTCH_RANKS, DUTCH_SUITS)
            if english is not None and dutch is not None:
                assert english == dutch, token
            expected = english or dutch
            if expected is None:
                with pytest.raises(InputError):
                    Card.parse(token)
            else:
                assert Card.parse(token) == expected, token
    assert (str(Card.parse("KH")), str(Card.parse("HK")), str(Card.parse("HH"))) == ("KH", "KC", "KH")


def test_written_together_the_dutch_letters_split_as_they_read():
    assert [str(c) for c in parse_cards("HHVSBK10R")] == ["KH", "QS", "JC", "10D"]
    assert [str(c) for c in parse_cards("KHHK")] == ["KH", "KC"]
