"""Spellcrafter word notation (SPEC §2): reading the tokens of a word."""

from __future__ import annotations

import pytest

from referee.errors import InputError
from referee.spellcrafter.cards import Suit
from referee.spellcrafter.notation import (
    DoubleToken,
    LetterToken,
    ToilToken,
    TroubleToken,
    parse_token,
    parse_word,
    spelled,
)


def test_a_letter_card_is_letter_value_suit():
    assert parse_token("K4m") == LetterToken("K", 4, Suit.MOONS)
    assert parse_token("e12c") == LetterToken("E", 12, Suit.CAULDRONS)


def test_notation_is_case_insensitive_and_prints_canonically():
    assert [str(t) for t in parse_word(["k4M", "ddM:t", "toilm@1", "trF:e", "*y2F", "qu6S"])] == [
        "K4m", "DDm:T", "TOILm@1", "TRf:E", "*Y2f", "QU6s"
    ]  # fmt: skip


def test_the_qu_card_is_written_with_or_without_its_u():
    assert spelled(parse_word(["QU6s", "I1s", "T1s"])) == "QUIT"
    assert spelled(parse_word(["Q6s", "A1s", "T1s"])) == "QAT"
    assert parse_token("Q6s").card == parse_token("QU6s").card  # the same card either way


def test_the_jumper_is_a_star_before_a_letter_card():
    assert parse_token("*Y2f") == LetterToken("Y", 2, Suit.FAMILIARS, jumper=True)


def test_special_cards_double_double_trouble_and_toil():
    assert parse_token("DDm:T") == DoubleToken(Suit.MOONS, "T")
    assert parse_token("DDm:QU") == DoubleToken(Suit.MOONS, "QU")
    assert parse_token("TRc:E") == TroubleToken(Suit.CAULDRONS, "E")
    assert parse_token("TOILm@5") == ToilToken(Suit.MOONS, 5)


def test_tokens_may_come_in_one_argument():
    assert parse_word(["K4m I1m", "T3m"]) == parse_word(["K4m", "I1m", "T3m"])


@pytest.mark.parametrize(
    "tokens, says",
    [
        (["K4m", "I1m", "K4x"], "unknown suit 'x' in token 3 — use f, s, c or m"),
        (["K4"], "token 1 'K4' has no suit — use f, s, c or m"),
        (["K", "I1m", "T1m"], "token 1 'K' has no value"),
        (["4m"], "has no letter"),
        (["AB3m"], "a letter card shows one letter (or QU), not 'AB'"),
        (["K4mI1m"], "goes on after its suit; separate the cards with spaces"),
        (["*DDm:T"], "the Jumper is a letter card"),
        (["DDm"], "needs ':'"),
        (["DDm:"], "ends after ':'"),
        (["DDm:TT"], "Double, Double stands for one letter"),
        (["TRm:QU"], "Trouble stands for one letter A–Z"),
        (["DDx:T"], "unknown suit 'x' in token 1"),
        (["TOILm"], "needs '@'"),
        (["TOILm@0"], "the number of the letter"),
        (["K4m", "I1m", "T1m", "TOILm@4"], "puts Toil on letter 4, but the word has 3 letters: use @1 to @3"),
        (["K100m"], "a card's value is 0 to 99"),
        (["K4m", "é1m"], "is not a card letter"),
        ([], "no cards given"),
        (["  "], "no cards given"),
    ],
)
def test_a_token_that_cannot_be_read_is_named_with_its_position(tokens, says):
    with pytest.raises(InputError, match=None) as caught:
        parse_word(tokens)
    assert says in str(caught.value)
