"""How a typed word is read (folded, its shape), and the sorted-file search under the lists."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import InputError
from referee.lexicon.backend import HouseList, WithHouse, WordFile
from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.challenge import Challenge, Consequence
from referee.lexicon.reasons import Reason
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.verdict import Verdict, judge
from referee.lexicon.words import fold, read_word

EN = open_dictionary("builtin:en")


@pytest.mark.parametrize(
    "typed, folded",
    [("Café", "cafe"), ("ĲZER", "ijzer"), ("Æon", "aeon"), ("Straße", "strasse"), ("ｋｉｔｔｙ", "kitty"), ("ﬁne", "fine"), ("İstanbul", "istanbul")],
)  # fmt: skip
def test_fold_removes_case_and_accents_like_a_player_typing(typed, folded):
    assert fold(typed) == folded


@given(st.text(max_size=30))
def test_fold_is_idempotent(text):
    assert fold(fold(text)) == fold(text)


@pytest.mark.parametrize(
    "typed, reason",
    [
        ("don't", Reason.CONTRACTION), ("I’m", Reason.CONTRACTION), ("-ness", Reason.PREFIX_OR_SUFFIX),
        ("anti-", Reason.PREFIX_OR_SUFFIX), ("well-known", Reason.HYPHENATED), ("well‐known", Reason.HYPHENATED),
        ("etc.", Reason.ABBREVIATION), ("ox", Reason.TOO_SHORT), ("kitty", None),
    ],
)  # fmt: skip
def test_the_shape_alone_decides_some_verdicts(typed, reason):
    assert read_word(typed).shape is reason


@pytest.mark.parametrize("typed", ["", "  ", "k1tty", "two words", "🐱", "kit\x1bty", "'-.", "a+b"])
def test_anything_that_is_no_word_is_an_input_error(typed):
    with pytest.raises(InputError):
        read_word(typed)


_LETTERS = st.text(alphabet=string.ascii_letters + "éëïÆĳ", min_size=1, max_size=12)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(_LETTERS)
def test_the_verdict_does_not_depend_on_case(word):
    assert judge(word.upper(), EN) == judge(word.lower(), EN) == judge(word.title(), EN)


@settings(max_examples=200, deadline=None)
@given(_LETTERS)
def test_exactly_one_reason_and_only_in_dictionary_is_valid(word):
    found = judge(word, EN)
    assert isinstance(found.reason, Reason)
    assert found.valid == (found.reason is Reason.IN_DICTIONARY)


_PLAYABLE = st.text(alphabet=string.ascii_lowercase, min_size=3, max_size=10)


@settings(max_examples=100, deadline=None)
@given(_PLAYABLE, st.booleans())
def test_a_house_list_has_the_last_word(tmp_path_factory, word, add):
    house = tmp_path_factory.mktemp("house") / "house.txt"
    house.write_text(f"{'+' if add else '-'}{word.upper()}\n", encoding="utf-8")
    with_house = WithHouse(EN, HouseList(house))
    assert judge(word, with_house).valid is add
    other = word + "q"
    assert judge(other, with_house).reason is judge(other, EN).reason  # nothing else changes


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("kitty\n", "line 1: start the line with +"),
        ("+\n", "line 1: start the line with +"),
        ("+ok\n", "can never be played (too short)"),
        ("+don't\n", "can never be played (contraction)"),
        ("+k1tty\n", "is not a letter"),
        ("+qat\n# comment\n-QAT\n", "line 3: 'QAT' is also on line 1"),
    ],
)
def test_a_broken_house_list_names_the_line(tmp_path, text, fragment):
    house = tmp_path / "house.txt"
    house.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match="house list") as error:
        HouseList(house)
    assert fragment in str(error.value)


def test_a_word_file_is_read_with_comments_and_folded(tmp_path):
    path = tmp_path / "words.txt"
    path.write_text("\ufeff# a comment\nCafé\n  KITTY  # cute\n\n", encoding="utf-8")
    assert set(WordFile(path)) == {"cafe", "kitty"}


def test_the_challenge_consequence_follows_the_rulebook():
    stands = Challenge(Verdict("kitty", Reason.IN_DICTIONARY, "builtin:en"), 26)
    falls = Challenge(Verdict("qat", Reason.NOT_IN_DICTIONARY, "builtin:en"), 12)
    assert stands.consequence == Consequence(challenger_loses=26, word_falls=False)
    assert falls.consequence == Consequence(challenger_loses=0, word_falls=True)
    assert (str(stands.consequence), str(falls.consequence)) == ("challenger loses 26 points", "player scores 0 this round")
    assert str(Challenge(stands.verdict, 1).consequence) == "challenger loses 1 point"
    assert str(Challenge(stands.verdict, 0).consequence) == "challenger loses 0 points"
    assert Challenge(stands.verdict).consequence is None and "value" not in Challenge(stands.verdict).to_json()


# --- the sorted-file search ---------------------------------------------------------------

_WORDS = st.lists(st.text(alphabet="abcdeéz", min_size=1, max_size=6), max_size=60)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(_WORDS, st.lists(st.text(alphabet="abcdeéz", max_size=6), max_size=20))
def test_binary_search_in_place_finds_exactly_the_words_of_the_file(tmp_path_factory, words, probes):
    path = tmp_path_factory.mktemp("list") / "words.txt"
    data = sorted({w.encode() for w in words})
    path.write_bytes(b"".join(w + b"\n" for w in data))
    found = SortedWordFile(path)
    for probe in [*words, *probes, "", "\n"]:
        assert (probe in found) == (probe.encode() in data), probe


def test_an_empty_list_holds_nothing(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert "kitty" not in SortedWordFile(path) and "" not in SortedWordFile(path)


def test_the_challenge_consequence_is_defined_once_for_the_dictionary_and_the_game():
    from referee.spellcrafter import actions, rounds

    # vars(): the name each module imports (it does not re-export it)
    assert vars(actions)["Consequence"] is Consequence and vars(rounds)["Consequence"] is Consequence


def test_the_challenge_consequence_loads_no_word_list_module():
    """The game's quick commands import it: it must not pull in the lexicon's lists."""
    import subprocess
    import sys

    code = "import sys, referee.spellcrafter.game; print(*(m for m in sys.modules if m.startswith('referee.lexicon')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(out.split())
    assert "referee.lexicon.challenge" in loaded
    assert loaded <= {"referee.lexicon", "referee.lexicon.challenge", "referee.lexicon.reasons", "referee.lexicon.words"}


def test_a_word_removed_by_the_house_rules_has_that_reason_whatever_the_dictionary_says(tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("-cat\n-qat\n", encoding="utf-8")
    with_house = WithHouse(EN, HouseList(house))
    assert judge("cat", EN).reason is Reason.IN_DICTIONARY
    for word in ("cat", "qat"):
        assert judge(word, with_house).reason is Reason.REMOVED_BY_HOUSE and not judge(word, with_house).valid
    assert str(Reason.REMOVED_BY_HOUSE) == "removed by the house rules"
