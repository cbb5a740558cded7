"""Spellcrafter scoring, rule by rule (rulebook "Scoring", "Special Cards", "Alternate
Rules"; SPEC §5.1), and the rulings where the rulebook is silent."""

from __future__ import annotations

import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import installed_referee
from referee.errors import RuleError
from referee.spellcrafter.cards import SpellSuit
from referee.spellcrafter.notation import DoubleToken, LetterLike, LetterToken, ToilToken, Token, TroubleToken, letters_of, parse_word
from referee.spellcrafter.scoring import SELECTED_CARDS, Variants, score_word, shown_letters

FRIENDLY = Variants(friendly=True)
DDT = Variants(ddt=True)


def score(text: str, variants: Variants = Variants()):
    return score_word(parse_word(text.split()), variants)


# --- the rulebook's three examples (stand-in values K 6, I 1, T 1, Y 4) ----------------


def test_rulebook_example_kit_in_moons_is_a_flush_worth_16():
    assert score("K6m I1m T1m").score == 16


def test_rulebook_example_kitty_with_double_double_and_the_jumper_is_a_straight_worth_26():
    result = score("K6m I1m T1m DDm:T *Y4f")
    assert (result.base, result.multiplier, result.score, result.flush, result.straight) == (13, 2, 26, False, True)


def test_rulebook_example_kitty_with_toil_on_the_jumper_is_a_flush_straight_worth_42():
    result = score("K6m I1m T1m DDm:T *Y4f TOILm@5")
    assert (result.base, result.multiplier, result.score, result.flush, result.straight) == (14, 3, 42, True, True)


# --- Scoring ----------------------------------------------------------------------------


def test_the_word_value_is_the_sum_of_its_letters():
    assert score("C3m A1s T2f").score == 6


def test_flush_doubles_the_word_value():
    assert score("C3m A1m T2m").score == 12


def test_straight_doubles_the_word_value_from_five_letters():
    assert score("C3m A1s T2f S1m A1s").score == 16
    assert score("C3m A1s T2f S1m").score == 7  # four letters: no straight


def test_a_flush_straight_triples_the_word_value():
    assert score("C3m A1m T2m S1m A1m").multiplier == 3


def test_the_qu_card_counts_as_one_letter_for_the_straight():
    assert not score("QU10s I1m E1m T1m").straight  # Q-U-I-E-T: four cards, four letters


# --- Special cards ----------------------------------------------------------------------


def test_trouble_is_worth_nothing_and_has_the_suit_of_its_card():
    result = score("C3m TRm:A T2m")
    assert result.letters[1].value == 0 and result.flush and result.score == 10


def test_double_double_copies_the_value_with_its_own_suit():
    result = score("M3c O1c T1c DDs:O R1c")  # "you could craft the word MOTOR … with only one O"
    assert result.letters[3].value == 1 and result.letters[3].suit is SpellSuit.SIGILS and not result.flush


def test_double_double_copies_the_highest_value_when_several_cards_show_the_letter():
    result = score("T1m O1m T5s DDc:T")
    assert result.letters[3].value == 5 and result.letters[3].copies == 3


def test_double_double_does_not_copy_the_effects_of_toil():
    result = score("K6m I1m T1m DDm:T TOILs@3")
    assert result.letters[2].value == 2 and result.letters[3].value == 1


def test_double_double_may_stand_before_the_letter_it_copies():
    assert score("DDm:T O1m T1m").letters[0].value == 1


def test_double_double_may_copy_the_jumper():
    assert score("A1m *H4f DDm:H").letters[2].value == 4


def test_double_double_may_copy_the_qu_card_but_not_its_u():
    assert score("QU10s DDm:QU A1m").letters[1].value == 10
    assert score("Q10s DDm:Q A1m").letters[1].value == 10
    with pytest.raises(RuleError, match="no letter card or Jumper in the word shows U"):
        score("QU10s DDm:U A1m")


@pytest.mark.parametrize("word", ["C3m A1m DDm:X", "TRc:E DDm:E T1m", "DDm:T DDs:T A1m"])
def test_double_double_copying_a_letter_not_shown_by_a_card_breaks_the_rules(word):
    with pytest.raises(RuleError, match="Double, Double copies a letter already in your word"):
        score(word)


def test_toil_adds_one_to_the_letter_and_gives_it_its_suit():
    result = score("C3f A1m T2m TOILm@1")
    assert result.letters[0].value == 4 and result.letters[0].suit is SpellSuit.MOONS and result.flush
    assert result.score == (4 + 1 + 2) * 2


def test_toil_on_the_jumper_changes_its_suit():
    assert score("C3m A1m *T2f TOILm@3").flush


@pytest.mark.parametrize("word", ["C3m TRm:A T2m TOILm@2", "C3m A1m DDm:A TOILm@3"])
def test_toil_has_no_effect_on_trouble_or_double_double(word):
    with pytest.raises(RuleError, match="Toil has no effect on Trouble or Double, Double"):
        score(word)


def test_toil_applies_to_each_letter_only_once():
    with pytest.raises(RuleError, match="a letter takes Toil only once"):
        score("C3m A1m T2m TOILm@1 TOILs@1")


def test_two_toils_may_go_on_two_different_letters():
    assert score("C3f A1f T2m TOILm@1 TOILm@2").score == (4 + 2 + 2) * 2


# --- Word rules -------------------------------------------------------------------------


def test_a_word_needs_at_least_three_letters():
    with pytest.raises(RuleError, match="at least 3 letters"):
        score("A1m T1m")
    with pytest.raises(RuleError, match="QUA has 2"):
        score("QU10m A1m")  # the Qu card is one letter, its U does not count
    assert score("A1m T1m TRm:E").length == 3  # special cards are letters


def test_a_word_uses_the_jumper_at_most_once():
    with pytest.raises(RuleError, match="the Jumper only once"):
        score("*A1m *T1m E1m")


def test_a_word_uses_at_most_seven_selected_cards_plus_the_jumper():
    """"Repeat this process until you have a pile of 7 selected cards. Instead of passing
    the last card, place it face down ... this face down card may be used to represent
    the Jumper card": the 8th card of a word can only be the Jumper."""
    assert SELECTED_CARDS == 7
    assert score("S1m P3m E1m L1m L1m I1m N1m *G2f").length == 8
    assert score("C3c A1c U1c L1c D2c R1c O1c *N1c").score == 33
    with pytest.raises(RuleError) as refused:
        score("C3c A1c U1c L1c D2c R1c O1c N1c")  # CAULDRON with eight cards of the player's own
    assert str(refused.value) == (
        "a word uses at most the 7 cards its player selected (special cards included) and the Jumper; "
        "this one uses 8 cards and no Jumper (if one of them is the Jumper, write it with *, e.g. '*Y4f')"
    )


def test_the_card_limit_refusal_says_whether_the_word_has_a_jumper():
    """Without a Jumper the refusal does not speak of cards "besides the Jumper"; with one
    it does, and gives no hint to write a Jumper (the word has one)."""
    with pytest.raises(RuleError) as without:
        score("S1m P3m E1m L1m L1m I1m N1m G2m")
    assert str(without.value).endswith("this one uses 8 cards and no Jumper (if one of them is the Jumper, write it with *, e.g. '*Y4f')")
    with pytest.raises(RuleError) as with_jumper:
        score("S1m P3m E1m L1m L1m I1m N1m G2m *S1f")
    assert str(with_jumper.value) == (
        "a word uses at most the 7 cards its player selected (special cards included) and the Jumper; "
        "this one uses 8 cards besides the Jumper"
    )


def test_special_cards_count_among_the_seven_selected():
    assert score("C3m A1m T2m TRm:S DDm:A TOILm@1 S1m *E1f").length == 7
    with pytest.raises(RuleError, match="this one uses 8 cards and no Jumper"):
        score("C3m A1m T2m TRm:S DDm:A TOILm@1 TOILm@2 S1m")  # Toil is one of the cards too
    with pytest.raises(RuleError, match="this one uses 9 cards besides the Jumper"):
        score("S1m P3m E1m L1m L1m I1m N1m G2m S1m *S1f")


def test_a_huge_word_is_refused_at_once(monkeypatch):
    """The count of cards is checked before any letter is looked at, so a word of 25,000
    cards is refused as quickly as one of 8 (benchmarks/spell_scoring measures it)."""
    import referee.spellcrafter.scoring as scoring

    def never(*args: object) -> None:
        raise AssertionError("a letter was looked at before the cards were counted")

    for step in ("letters_of", "shown_letters", "letter_value"):
        monkeypatch.setattr(scoring, step, never)
    with pytest.raises(RuleError, match="at most the 7 cards"):
        score_word(parse_word(["A1m"] * 20_000 + ["DDm:A"] * 5_000))


def test_double_double_copies_the_first_of_the_highest_cards_of_its_letter():
    letters = letters_of(parse_word(["A1m"] * 200 + ["A2s", "A2m"] + ["DDm:A"] * 50))
    shown = shown_letters(letters)
    copies = [shown[token.letter] for token in letters if isinstance(token, DoubleToken)]
    assert set(copies) == {201}


# --- Alternate rules --------------------------------------------------------------------


def test_friendly_rules_make_the_jumper_mandatory():
    with pytest.raises(RuleError, match="the Jumper is mandatory"):
        score("C3m A1m T2m", FRIENDLY)


def test_friendly_rules_give_the_jumper_no_suit_for_the_flush():
    result = score("C3m A1m *T2f", FRIENDLY)
    assert result.flush and result.letters[2].suit is None
    assert not score("C3m A1m *T2f").flush


def test_friendly_jumper_under_toil_takes_toils_suit():
    """Ruling: Toil gives the friendly Jumper its suit, so it counts for the flush."""
    assert not score("C3m A1m *T2f TOILs@3", FRIENDLY).flush
    assert score("C3m A1m *T2f TOILm@3", FRIENDLY).flush


def test_double_double_toil_and_trouble_adds_ten_after_the_multiplier():
    result = score("C3m A1m T2m TRm:S DDm:A TOILm@1", DDT)
    assert (result.base, result.multiplier, result.bonus) == (8, 3, 10)
    assert result.score == 8 * 3 + 10


def test_the_ddt_bonus_needs_all_three_special_cards_and_the_variant():
    assert score("C3m A1m T2m TRm:S DDm:A", DDT).bonus == 0
    assert score("C3m A1m T2m TRm:S DDm:A TOILm@1").bonus == 0


def test_a_word_of_fifty_or_more_wins_at_once():
    assert score("Z10m A1m P3m Z10m Y4m").instant_win  # 28 × 3 = 84
    assert not score("Z10m A1m P3m").instant_win  # 14 × 2 = 28
    assert score("Z10m E1m D2m TOILm@3", Variants()).score == 28
    assert score("Z10m A1m Z10m E1m D3m").score == 75


def test_score_json_has_exactly_the_spec_keys_plus_extensions():
    document = score("K6m I1m T1m DDm:T *Y4f TOILm@5").to_json()
    assert {"word", "letters", "length", "base", "multiplier", "bonus", "score", "flush", "straight",
            "instant_win"} <= set(document)  # fmt: skip
    assert document["word"] == "KITTY" and document["score"] == 42 and document["instant_win"] is False
    assert document["letters"][4] == {
        "position": 5, "letter": "Y", "card": "*Y4f", "kind": "jumper", "suit": "moons", "value": 5, "toil": True, "copies": None
    }  # fmt: skip


# --- invariants -------------------------------------------------------------------------

SUITS = st.sampled_from(list(SpellSuit))
LETTER_CARDS = st.builds(LetterToken, st.sampled_from(list("ABCDEKTY") + ["QU", "Q"]), st.integers(0, 12), SUITS)


@st.composite
def words(draw, friendly: bool = False):
    """A well-formed word of at most 7 selected cards and the Jumper: letter cards, maybe one Jumper,
    copies of shown letters, Trouble, and Toils on distinct letter cards."""
    letters: list[LetterLike] = draw(st.lists(LETTER_CARDS, min_size=1, max_size=4))
    if friendly or draw(st.booleans()):
        jumper = draw(LETTER_CARDS)
        letters.insert(draw(st.integers(0, len(letters))), LetterToken(jumper.written, jumper.value, jumper.suit, True))
    shown = sorted({token.letter for token in letters})
    for _ in range(draw(st.integers(0, 1))):
        letters.insert(draw(st.integers(0, len(letters))), DoubleToken(draw(SUITS), draw(st.sampled_from(shown))))
    needed = max(0, 3 - len(letters))
    for _ in range(draw(st.integers(needed, max(needed, 1)))):
        letters.insert(draw(st.integers(0, len(letters))), TroubleToken(draw(SUITS), draw(st.sampled_from("AEIOUZ"))))
    cards = [n for n, token in enumerate(letters, start=1) if isinstance(token, LetterToken)]
    own = sum(1 for token in letters if not (isinstance(token, LetterToken) and token.jumper))
    targets = draw(st.lists(st.sampled_from(cards), unique=True, max_size=min(2, SELECTED_CARDS - own)))
    return [*letters, *(ToilToken(draw(SUITS), target) for target in targets)]


@pytest.mark.slow
@given(words(), st.booleans(), st.randoms(use_true_random=False))
def test_the_score_does_not_depend_on_the_order_of_the_cards_except_toils_index(tokens, ddt, rng):
    variants = Variants(ddt=ddt)
    letters = list(letters_of(tokens))
    order = list(range(len(letters)))
    rng.shuffle(order)
    moved: list[Token] = [letters[i] for i in order]
    toils: list[Token] = [ToilToken(t.suit, order.index(t.target - 1) + 1) for t in tokens if isinstance(t, ToilToken)]
    assert score_word(moved + toils, variants).score == score_word(tokens, variants).score


@given(words(friendly=True), st.booleans())
def test_a_flush_straight_is_exactly_three_times_its_base_plus_the_bonus(tokens, friendly):
    result = score_word(tokens, Variants(friendly=friendly, ddt=True))
    if result.flush and result.straight:
        assert result.score == 3 * result.base + result.bonus
    elif result.flush or result.straight:
        assert result.score == 2 * result.base + result.bonus


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words(), st.booleans())
def test_any_well_formed_word_scores_the_same_through_the_cli_and_the_library(referee, tokens, ddt):
    """Without --deck the command takes the values of a game without a deck file, 1–10:
    a word within them scores as the library scores it, any other is exit 2."""
    args = ["spell", "score", *map(str, tokens), "--json"] + (["--ddt"] if ddt else [])
    result = referee(*args)
    if all(token.value in range(1, 11) for token in tokens if isinstance(token, LetterToken)):
        assert result.exit_code == 0, result.stderr
        assert result.json() == score_word(tokens, Variants(ddt=ddt)).to_json()
    else:
        assert result.exit_code == 2 and "values run 1–10" in result.stderr


# --- the command ------------------------------------------------------------------------


def test_score_prints_a_breakdown_to_check_against_the_cards(referee):
    result = referee("spell", "score", "K6m", "I1m", "T1m", "DDm:T", "*Y4f", "TOILm@5")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        "KITTY: 42 points",
        "  1  K    6  moons",
        "  2  I    1  moons",
        "  3  T    1  moons",
        "  4  T    1  moons      Double, Double copying T (letter 3)",
        "  5  Y    5  moons      Jumper Y4f; Toil: 4+1, familiars → moons",
        "Base 14 × 3 (flush: all moons; straight: 5 letters) = 42",
    ]


def test_score_shows_the_bonus_and_the_instant_win_banner(referee):
    result = referee("spell", "score", "Z10m", "A1m", "P3m", "TRm:S", "DDm:A", "TOILm@1", "--ddt")
    assert "Bonus +10 (Double-Double, Toil & Trouble: all three special cards) = 58" in result.stdout
    assert "Instant win: a word of 50 or more wins the game at once" in result.stdout


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["K4m", "I1m", "K4x"], 2, "unknown suit 'x' in token 3 — use f, s, c or m"),
        (["K4m", "I1m"], 1, "at least 3 letters"),
        (["K4m", "I1m", "T1m", "--friendly"], 1, "the Jumper is mandatory"),
        (["C3c", "A1c", "U1c", "L1c", "D2c", "R1c", "O1c", "N1c"], 1, "at most the 7 cards its player selected"),
    ],
)
def test_score_exits_2_for_unreadable_cards_and_1_for_a_broken_rule(referee, args, code, says):
    result = referee("spell", "score", *args)
    assert result.exit_code == code and says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_the_installed_command_scores_like_the_library():
    process = subprocess.run([installed_referee(), "spell", "score", "K6m", "I1m", "T1m", "--json"],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    assert process.returncode == 0 and '"score": 16' in process.stdout


_PIECES = st.sampled_from(["K", "4", "m", "*", "DD", "TR", "TOIL", ":", "@", "QU", "x", "0", "99999", "é", " ", "-"])


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(_PIECES, max_size=5).map("".join), max_size=6))
def test_no_word_input_produces_a_traceback(referee, tokens):
    result = referee("spell", "score", "--", *tokens)
    assert result.exit_code in (0, 1, 2), (tokens, result.exception)
    assert "Traceback" not in result.stdout + result.stderr and "internal error" not in result.stderr
    if result.exit_code:
        assert result.stderr.count("\n") == 1


BIG_K = """format = "referee/spellcrafter-deck"
version = 1
name = "Big K box"
[moons]
letters = [{ letter = "K", value = 12, count = 1 }, { letter = "I", value = 1, count = 1 }, { letter = "T", value = 1, count = 1 }]
"""


@pytest.mark.parametrize("command", ["score", "challenge"])
def test_without_a_deck_file_card_tokens_outside_a_game_have_values_one_to_ten(referee, command):
    """The rule of a game without a deck file: `spell score` K66m is a typo (exit 2), not
    an instant win of 136 points; `spell challenge` with tokens computes no value from it."""
    result = referee("spell", command, "K66m", "I1m", "T1m")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == "referee: K66m: values run 1–10; give `--deck` for a box with other values\n"
    assert referee("spell", command, "K10m", "I1m", "T1m").exit_code == 0


def test_with_a_deck_file_its_values_decide_for_score_and_challenge(referee, tmp_path):
    box = tmp_path / "big.toml"
    box.write_text(BIG_K)
    scored = referee("spell", "score", "K12m", "I1m", "T1m", "--deck", str(box), "--json")
    assert scored.exit_code == 0 and scored.json()["score"] == 28
    judged = referee("spell", "challenge", "K12m", "I1m", "T1m", "--deck", str(box), "--json")
    assert judged.exit_code == 0 and judged.json()["value"] == 28
    for command in ("score", "challenge"):
        missing = referee("spell", command, "K6m", "I1m", "T1m", "--deck", str(box))
        assert missing.exit_code == 2
        assert missing.stderr == "referee: K6m is not a card of the deck (Big K box); the deck's moons K is K12m\n"
    assert "no such deck file" in referee("spell", "score", "K6m", "I1m", "T1m", "--deck", str(tmp_path / "no.toml")).stderr


def test_deck_is_refused_where_no_card_tokens_are_checked(referee, tmp_path):
    box = tmp_path / "big.toml"
    box.write_text(BIG_K)
    plain = referee("spell", "challenge", "kit", "--deck", str(box))
    assert plain.exit_code == 2
    assert plain.stderr == "referee: --deck checks the cards of card tokens; a plain word has none, so leave out --deck\n"
    game = tmp_path / "g.toml"
    referee("spell", "new", str(game), "Anna", "Bram")
    referee("spell", "word", str(game), "Anna", "K6m", "I1m", "T1m")
    before = game.read_bytes()
    in_game = referee("spell", "challenge", str(game), "Bram", "Anna", "--deck", str(box))
    assert in_game.exit_code == 2 and "--deck is for card tokens outside a game" in in_game.stderr
    assert game.read_bytes() == before
