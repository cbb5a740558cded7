"""Spellcrafter word notation (SPEC §2): reading the tokens of a word."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.errors import InputError
from referee.spellcrafter import JUMPER_EXAMPLE, LETTER_EXAMPLE, QU_EXAMPLES
from referee.spellcrafter.cards import SpellSuit
from referee.spellcrafter.notation import (
    TOKEN,
    DoubleToken,
    LetterToken,
    ToilToken,
    TroubleToken,
    looks_like_tokens,
    parse_token,
    parse_word,
    spelled,
)


def test_a_letter_card_is_letter_value_suit():
    assert parse_token("K4m") == LetterToken("K", 4, SpellSuit.MOONS)
    assert parse_token("e12c") == LetterToken("E", 12, SpellSuit.CAULDRONS)


def test_notation_is_case_insensitive_and_prints_canonically():
    assert [str(t) for t in parse_word(["k4M", "ddM:t", "toilm@1", "trF:e", "*y2F", "qu6S"])] == [
        "K4m", "DDm:T", "TOILm@1", "TRf:E", "*Y2f", "QU6s"
    ]  # fmt: skip


def test_the_qu_card_is_written_with_or_without_its_u():
    assert spelled(parse_word(["QU6s", "I1s", "T1s"])) == "QUIT"
    assert spelled(parse_word(["Q6s", "A1s", "T1s"])) == "QAT"
    assert parse_token("Q6s").card == parse_token("QU6s").card  # the same card either way


def test_the_jumper_is_a_star_before_a_letter_card():
    assert parse_token("*Y2f") == LetterToken("Y", 2, SpellSuit.FAMILIARS, jumper=True)


def test_special_cards_double_double_trouble_and_toil():
    assert parse_token("DDm:T") == DoubleToken(SpellSuit.MOONS, "T")
    assert parse_token("DDm:QU") == DoubleToken(SpellSuit.MOONS, "QU")
    assert parse_token("TRc:E") == TroubleToken(SpellSuit.CAULDRONS, "E")
    assert parse_token("TOILm@5") == ToilToken(SpellSuit.MOONS, 5)


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
        (["K4m", "é1m"], "token 2 'é1m': 'é' (character 1) is not a letter A–Z"),
        (["K"], "token 1 'K' has no value"),
        (["KIT"], "token 1 'KIT' is not a card: a letter card is LETTER VALUE SUIT, e.g. K6m"),
        (["K4m", "K4"], "token 2 'K4' has no suit"),
        (["K4xy"], "unknown suit 'xy' in token 1"),
        (["K" + "9" * 5000 + "m"], "a card's value is 0 to 99, not 9999999999…"),
        (["K4m", "I1m", "T1m", "TOILm@" + "9" * 5000], "puts Toil on letter"),
        ([], "no cards given"),
        (["  "], "no cards given"),
    ],
)
def test_a_token_that_cannot_be_read_is_named_with_its_position(tokens, says):
    with pytest.raises(InputError, match=None) as caught:
        parse_word(tokens)
    assert says in str(caught.value)


@pytest.mark.parametrize(
    "token, says",
    [
        ("K٣m", "token 1 'K٣m': '٣' (character 2) is not a digit 0–9; after the letter comes the card's value, e.g. K6m"),
        ("K²m", "token 1 'K²m': '²' (character 2) is not a digit 0–9"),
        ("K4m\x01", "token 1 'K4m\\x01': '\\x01' (character 4) cannot be read here; a letter card ends with its suit, e.g. K6m"),
        ("K4\x01", "token 1 'K4\\x01': '\\x01' (character 3) cannot be read here; after the value comes the suit"),
        ("\x01K4m", "token 1 '\\x01K4m': '\\x01' (character 1) cannot be read here"),
        ("*Kö4m", "token 1 '*Kö4m': 'ö' (character 3) is not a letter A–Z"),
    ],
)
def test_an_unreadable_character_is_named_with_its_position_and_what_belongs_there(token, says):
    with pytest.raises(InputError) as caught:
        parse_token(token)
    assert str(caught.value) == says or str(caught.value).startswith(says)


def test_the_examples_in_messages_and_help_are_cards_of_the_standin_deck():
    from referee.spellcrafter.deck import standin_deck

    cards = set(standin_deck().cards)
    for example in (LETTER_EXAMPLE, JUMPER_EXAMPLE, *QU_EXAMPLES):
        assert parse_token(example).card in cards, example
    jumper = parse_token(JUMPER_EXAMPLE)
    assert isinstance(jumper, LetterToken) and jumper.jumper


@pytest.mark.parametrize(
    "args",
    [["K6m", "I1m", "T1m"], ["K6m I1m T1m"], ["DDm:QU"], ["*Y4f"], ["TOILm@5"], ["TRc:E"], ["qu10S"], ["kit", "K6m"], ["K100m"]],
)
def test_card_tokens_are_told_from_a_plain_word(args):
    assert looks_like_tokens(args)


@pytest.mark.parametrize("args", [["kitty"], ["c4t"], ["ice", "cream"], ["KIT"], [], [""], ["K4x"], ["K٣m"], ["\u212a4m"]])
def test_a_plain_word_is_not_card_tokens(args):
    assert not looks_like_tokens(args)


_PIECES = st.sampled_from(["K", "Q", "U", "4", "10", "m", "f", "x", "*", "DD", "TR", "TOIL", ":", "@", "0", "é", "٣", "\x01", "ſ"])


@given(st.lists(_PIECES, max_size=6).map("".join))
def test_a_token_reads_exactly_when_it_has_a_tokens_shape(text):
    """TOKEN is the one definition of a token's shape: what fits it reads (unless a
    number is out of range), what does not fit it is refused."""
    try:
        parse_token(text)
    except InputError as error:
        assert TOKEN.fullmatch(text.strip()) is None or "0 to 99" in str(error) or "after @" in str(error)
    else:
        assert TOKEN.fullmatch(text.strip()) is not None
