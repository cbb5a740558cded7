"""`referee spell challenge` and `referee dict check`: the verdict, its one reason, the
dictionary's name and the consequence for the scores (SPEC §5.3), against the real lists."""

from __future__ import annotations

import json
import os
import subprocess
from typing import Annotated, Any

import pytest
import typer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import installed_referee


def challenge(referee, *args: str):
    return referee("spell", "challenge", *args, "--json")


def verdict(referee, word: str, *options: str) -> dict[str, Any]:
    result = referee("spell", "challenge", "--json", *options, "--", word)  # "--": the word may start with -
    document: dict[str, Any] = result.json()
    assert result.exit_code == (0 if document["valid"] else 1), result.stderr
    return document


# --- one test per reason -----------------------------------------------------------


def test_in_dictionary(referee):
    assert verdict(referee, "kitty") == {
        "word": "kitty",
        "valid": True,
        "reason": "in dictionary",
        "dictionary": "builtin:en",
    }


def test_not_in_dictionary(referee):
    assert verdict(referee, "qat")["reason"] == "not in dictionary"  # a size-80 word: only in builtin:en-large
    assert verdict(referee, "xqzkwv")["reason"] == "not in dictionary"


def test_proper_noun(referee):
    assert verdict(referee, "london")["reason"] == "proper noun"
    assert verdict(referee, "Amsterdam", "--dict", "builtin:nl")["reason"] == "proper noun"


def test_acronym(referee):
    assert verdict(referee, "NASA")["reason"] == "acronym"
    assert verdict(referee, "nato")["reason"] == "acronym"


def test_abbreviation(referee):
    assert verdict(referee, "etc")["reason"] == "abbreviation"
    assert verdict(referee, "etc.")["reason"] == "abbreviation"
    assert verdict(referee, "e.g.")["reason"] == "abbreviation"


def test_contraction(referee):
    assert verdict(referee, "don't")["reason"] == "contraction"
    assert verdict(referee, "don’t")["reason"] == "contraction"  # a phone's apostrophe
    assert verdict(referee, "dont")["reason"] == "contraction"  # the letters on the cards
    assert verdict(referee, "auto's", "--dict", "builtin:nl")["reason"] == "contraction"


def test_hyphenated(referee):
    assert verdict(referee, "well-known")["reason"] == "hyphenated"
    assert verdict(referee, "x-ray")["reason"] == "hyphenated"


def test_prefix_or_suffix(referee):
    assert verdict(referee, "-ness")["reason"] == "prefix or suffix"
    assert verdict(referee, "un-")["reason"] == "prefix or suffix"
    assert verdict(referee, "pre")["reason"] == "prefix or suffix"  # no word, but a known prefix
    assert verdict(referee, "heid", "--dict", "builtin:nl")["reason"] == "prefix or suffix"


def test_too_short(referee):
    assert verdict(referee, "ox")["reason"] == "too short"
    assert verdict(referee, "za", "--dict", "builtin:en-large")["reason"] == "too short"


def test_a_spelling_on_the_affix_list_and_another_list_is_a_prefix_or_suffix(referee):
    assert verdict(referee, "ing")["reason"] == "prefix or suffix"  # not ING the bank
    assert verdict(referee, "geo")["reason"] == "prefix or suffix"  # not GEO the acronym
    assert verdict(referee, "ing", "--dict", "builtin:nl")["reason"] == "prefix or suffix"
    assert verdict(referee, "auto's", "--dict", "builtin:nl")["reason"] == "contraction"  # the shape rules first


def test_a_dictionary_word_that_is_also_a_name_is_a_word(referee):
    for word in ("bill", "rose", "jack", "mark"):
        assert verdict(referee, word)["valid"], word


# --- the dictionaries ---------------------------------------------------------------


def test_en_large_adds_the_rarer_words(referee):
    assert verdict(referee, "qat", "--dict", "builtin:en-large")["valid"]
    assert verdict(referee, "zax", "--dict", "builtin:en-large")["valid"]
    assert not verdict(referee, "zax")["valid"]


def test_dutch_words_are_typed_without_accents(referee):
    assert verdict(referee, "geeerd", "--dict", "builtin:nl")["valid"]
    assert verdict(referee, "geëerd", "--dict", "builtin:nl")["word"] == "geeerd"
    assert verdict(referee, "ijs", "--dict", "builtin:nl")["valid"]
    assert verdict(referee, "ĳs", "--dict", "builtin:nl")["word"] == "ijs"  # the ĳ ligature


def test_dictionary_names_ignore_case(referee):
    assert verdict(referee, "kitty", "--dict", "BUILTIN:EN")["dictionary"] == "builtin:en"


def test_file_dictionary(referee, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("# our list\nKitty\nqat  # house favourite\n\n", encoding="utf-8")
    assert verdict(referee, "QAT", "--dict", f"file:{words}") == {
        "word": "qat", "valid": True, "reason": "in dictionary", "dictionary": f"file:{words}",
    }  # fmt: skip
    assert verdict(referee, "cat", "--dict", f"file:{words}")["reason"] == "not in dictionary"


def test_house_list_adds_and_removes_words(referee, tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("+qat\n-kitty  # too cute\n", encoding="utf-8")
    added = verdict(referee, "qat", "--house", str(house))
    assert added["valid"] and added["dictionary"] == f"builtin:en + house {house}"
    removed = verdict(referee, "kitty", "--house", str(house))
    assert removed["reason"] == "removed by the house rules"
    assert verdict(referee, "cat", "--house", str(house))["valid"]


# --- case, unicode, empty input -------------------------------------------------------


@pytest.mark.parametrize("spelling", ["kitty", "KITTY", "Kitty", "kItTy", "ｋｉｔｔｙ", " kitty "])
def test_case_and_width_do_not_matter(referee, spelling):
    assert verdict(referee, spelling) == verdict(referee, "kitty")


def test_accents_are_folded_the_way_players_type(referee):
    for word in ("café", "CAFÉ", "naïve", "Æon"):
        assert verdict(referee, word)["valid"], word
    assert verdict(referee, "Æon")["word"] == "aeon"


@pytest.mark.parametrize(
    "word, fragment",
    [
        ("", "no word given"),
        ("   ", "no word given"),
        ("k1tty", "'1' is not a letter"),  # a digit, but no card token (K1m)
        ("c4t", "'4' is not a letter"),
        ("kit!ty", "'!' is not a letter"),
        ("🐱", "is not a letter"),
        ("ice cream", "more than one word"),
        (".-.", "has no letters"),
        ("[red]Anna[/red]", "'[' is not a letter"),
    ],
)
def test_input_that_is_no_word_gives_exit_2_and_one_line(referee, word, fragment):
    result = referee("spell", "challenge", word)
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and fragment in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def test_a_card_token_that_cannot_be_read_is_exit_2_naming_it(referee):
    result = referee("spell", "challenge", "K6m", "I1m", "T1x", "--json")
    assert result.exit_code == 2 and "token 3" in result.json()["error"]


def test_two_words_get_one_message_quoted_or_not(referee):
    expected = "referee: 'ice cream' is more than one word; give one word at a time\n"
    assert referee("spell", "challenge", "ice", "cream").stderr == expected
    assert referee("spell", "challenge", "ice cream").stderr == expected
    assert referee("spell", "challenge", " ice  cream ").stderr == expected
    assert referee("dict", "check", "ice cream").stderr == expected


@pytest.mark.parametrize("command", [("spell", "challenge"), ("dict", "check")])
def test_a_word_starting_with_a_dash_is_told_to_go_after_double_dash(referee, command):
    result = referee(*command, "-cat", "--json")
    path = "referee " + " ".join(command)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f"`{path} -- -cat`" in result.stderr and "no such option" not in result.stderr
    assert result.json()["exit_code"] == 2
    assert referee(*command, "--", "-cat").exit_code == 1  # as told: a prefix or suffix, not exit 2
    assert "no such option: -x" in referee(*command, "kitty", "-x").stderr  # a lone unknown option stays one


def test_user_text_is_printed_literally(referee, tmp_path):
    words = tmp_path / "[bold]list.txt"
    words.write_text("kitty\n", encoding="utf-8")
    result = referee("spell", "challenge", "kitty", "--dict", f"file:{words}")
    assert f"file:{words}" in result.stdout


# --- the consequence, for people and in JSON ------------------------------------------


def test_valid_word_costs_the_challenger_its_value(referee):
    result = referee("spell", "challenge", "kitty", "--value", "26")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == ["KITTY: valid — in dictionary (builtin:en)", "Challenger loses 26 points."]
    assert challenge(referee, "kitty", "--value", "26").json()["value"] == 26


def test_invalid_word_scores_zero_for_the_player(referee):
    result = referee("spell", "challenge", "qat", "--value", "12")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "QAT: invalid — not in dictionary (builtin:en)",
        "Player scores 0 this round.",
    ]


def test_without_a_value_there_is_no_consequence_and_no_value_key(referee):
    result = referee("spell", "challenge", "kitty")
    assert result.stdout.splitlines() == ["KITTY: valid — in dictionary (builtin:en)"]
    assert "value" not in challenge(referee, "kitty").json()


def test_a_negative_or_broken_value_is_exit_2(referee):
    for value in ("-3", "abc", "2.5"):
        result = referee("spell", "challenge", "kitty", "--value", value)
        assert result.exit_code == 2 and "--value" in result.stderr, value


def test_a_value_below_the_minimum_says_it_must_be_0_or_more(referee):
    result = referee("spell", "challenge", "kitty", "--value", "-3")
    assert result.exit_code == 2
    assert "invalid value for '--value': -3 must be 0 or more" in result.stderr, result.stderr


def test_an_integer_option_with_only_a_maximum_says_at_most():
    from typer.testing import CliRunner

    from referee.cli.group import RefereeTyper

    app = RefereeTyper()

    @app.command()
    def main(low: Annotated[int, typer.Option(max=5)] = 0, both: Annotated[int, typer.Option(min=1, max=3)] = 1):
        print(low, both)

    runner = CliRunner()
    assert "7 must be at most 5" in runner.invoke(app, ["--low", "7"]).output
    assert "9 is not in the range 1 to 3" in runner.invoke(app, ["--both", "9"]).output
    assert runner.invoke(app, ["--low", "5"]).output == "5 1\n"


def test_spellcrafter_alias_challenges_too(referee):
    assert referee("spellcrafter", "challenge", "kitty").exit_code == 0


# --- referee dict check / list / info --------------------------------------------------


def test_dict_check_gives_the_same_verdict(referee):
    result = referee("dict", "check", "NASA", "--json")
    assert result.exit_code == 1
    assert result.json() == {"word": "nasa", "valid": False, "reason": "acronym", "dictionary": "builtin:en"}
    assert referee("dict", "check", "kitty").stdout.strip() == "KITTY: valid — in dictionary (builtin:en)"


@pytest.mark.parametrize(
    "name, fragment",
    [
        ("en", "did you mean builtin:en?"),
        ("builtin:fr", "unknown built-in dictionary 'fr'"),
        ("builtn:en", "did you mean builtin?"),
        ("hunspell:", "names no dictionary"),
        ("wordfreq:xx", "unknown wordfreq language"),
        ("wordfreq:en@high", "not a Zipf frequency"),
        ("wordfreq:en@12", "not a Zipf frequency"),
        ("hunspell:1234", "not a language tag"),
    ],
)
def test_unknown_dictionary_is_exit_2_naming_the_fix(referee, name, fragment):
    result = referee("dict", "check", "kitty", "--dict", name)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert fragment in result.stderr, result.stderr


@pytest.mark.parametrize(
    "name, fragment",
    [
        ("wordfreq:en_US", "did you mean wordfreq:en?"),
        ("wordfreq:english", "did you mean wordfreq:en?"),
        ("builtin", "did you mean builtin:en?"),
        ("english", "did you mean builtin:en?"),
        ("dutch", "did you mean builtin:nl?"),
        ("en_GB", "did you mean builtin:en?"),
        ("builtin:en_US", "did you mean builtin:en?"),
        ("builtin:en-larg", "did you mean builtin:en-large?"),
        ("hunspell", "e.g. hunspell:en_US"),
    ],
)
def test_a_near_miss_dictionary_name_suggests_the_nearest_name(referee, name, fragment):
    result = referee("dict", "check", "kitty", "--dict", name)
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert fragment in result.stderr and "choose one of" not in result.stderr, result.stderr


def test_missing_word_list_file_is_exit_2(referee, tmp_path):
    result = referee("dict", "check", "kitty", "--dict", f"file:{tmp_path / 'none.txt'}")
    assert result.exit_code == 2 and "does not exist" in result.stderr
    result = referee("dict", "check", "kitty", "--dict", f"file:{tmp_path}")
    assert result.exit_code == 2 and "is a folder" in result.stderr
    binary = tmp_path / "words.bin"
    binary.write_bytes(b"\xff\xfe\x00kitty")
    result = referee("dict", "check", "kitty", "--dict", f"file:{binary}")
    assert result.exit_code == 2 and "not UTF-8" in result.stderr


def test_dict_list_shows_the_builtin_lists_and_what_else_is_here(referee):
    result = referee("dict", "list", "--json")
    assert result.exit_code == 0
    names = [row["name"] for row in result.json()["dictionaries"]]
    assert names[:3] == ["builtin:en", "builtin:en-large", "builtin:nl"]
    assert "wordfreq:LANG[@ZIPF]" in names and "file:PATH" in names
    en = result.json()["dictionaries"][0]
    assert en["words"] > 100_000 and en["bytes"] > 1_000_000
    people = referee("dict", "list").stdout
    assert "builtin:en-large" in people and "--house FILE" in people


def test_dict_info_gives_source_size_and_licence(referee):
    document = referee("dict", "info", "builtin:en", "--json").json()
    assert document["name"] == "builtin:en" and document["words"] > 100_000
    assert "scowl" in document["source"] and "size" in document["source"]
    assert "LICENSE-scowl.txt" in document["licence"]
    dutch = referee("dict", "info", "builtin:nl", "--json").json()
    assert "wdutch" in dutch["source"] and "BSD" in dutch["licence"]
    people = referee("dict", "info", "builtin:en-large").stdout
    assert "Licence" in people and "en.txt, en-large.txt" in people


def test_dict_info_of_a_file_counts_its_words(referee, tmp_path):
    words = tmp_path / "words.txt"
    words.write_text("kitty\ncat\n# comment\n", encoding="utf-8")
    document = referee("dict", "info", f"file:{words}", "--json").json()
    assert document["words"] == 2 and document["kind"] == "file"


# --- the installed command --------------------------------------------------------------


@pytest.mark.slow
def test_installed_referee_settles_a_challenge(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "FORCE_COLOR")}
    process = subprocess.run(
        [installed_referee(), "spell", "challenge", "Kitty", "--value", "26", "--json"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr
    assert json.loads(process.stdout) == {
        "word": "kitty", "valid": True, "reason": "in dictionary", "dictionary": "builtin:en", "value": 26,
    }  # fmt: skip
    process = subprocess.run(
        [installed_referee(), "dict", "check", "qat"], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert process.returncode == 1 and "QAT: invalid — not in dictionary (builtin:en)" in process.stdout


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=20), st.sampled_from(["builtin:en", "builtin:nl", "wordfreq:en", "builtin:xx", "file:", "en"]))
def test_no_word_and_no_dictionary_name_produces_a_traceback(referee, word, name):
    result = referee("spell", "challenge", "--json", "--dict", name, "--", word)
    assert result.exit_code in (0, 1, 2), result.exception
    assert "Traceback" not in result.stdout + result.stderr and "internal error" not in result.stderr
    document = result.json()
    if "error" in document:  # unusable input (2), or card tokens that break a rule (1)
        assert result.stderr.count("\n") == 1 and document["exit_code"] == result.exit_code != 0
    else:
        assert document["valid"] is (result.exit_code == 0) and document["dictionary"].startswith(name)


def test_a_file_dictionary_path_may_start_with_a_tilde(referee, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "words.txt").write_text("kitty\n", encoding="utf-8")
    assert verdict(referee, "kitty", "--dict", "file:~/words.txt")["dictionary"] == "file:~/words.txt"


def test_the_cli_default_dictionary_is_the_catalogue_default():
    from referee.cli.dictionary import DEFAULT_DICTIONARY
    from referee.lexicon.catalogue import DEFAULT

    assert DEFAULT_DICTIONARY == DEFAULT == "builtin:en"


def test_card_tokens_are_challenged_with_their_score_as_the_value(referee):
    result = referee("spell", "challenge", "K6m", "I1m", "T1m", "--json")
    assert result.exit_code == 0
    assert result.json() == {"word": "kit", "valid": True, "reason": "in dictionary", "dictionary": "builtin:en", "value": 16}
    falls = referee("spell", "challenge", "Q10s", "A1m", "T1m")
    assert falls.exit_code == 1 and "QAT: invalid — not in dictionary" in falls.stdout and "scores 0" in falls.stdout


def test_card_tokens_scored_with_the_tables_variants(referee):
    friendly = referee("spell", "challenge", "K6m", "I1m", "T1m", "--friendly")
    assert friendly.exit_code == 1 and "Jumper is mandatory" in friendly.stderr
    assert referee("spell", "challenge", "K6m", "I1m", "T1m", "*Y4f", "--friendly", "--json").json()["value"] == 12 * 2


def test_card_tokens_and_value_together_are_refused(referee):
    result = referee("spell", "challenge", "K6m", "I1m", "T1m", "--value", "3")
    assert result.exit_code == 2 and "leave out --value" in result.stderr


# --- a word the house rules remove ------------------------------------------------------


@pytest.fixture
def no_cat(tmp_path):
    house = tmp_path / "house.txt"
    house.write_text("-cat\n", encoding="utf-8")
    return house


def test_a_word_the_house_rules_remove_is_invalid_as_removed_by_the_house_rules(referee, no_cat):
    """CAT is in builtin:en: the reason is the house rule, not the dictionary."""
    assert referee("spell", "challenge", "cat").exit_code == 0
    result = referee("spell", "challenge", "cat", "--house", str(no_cat))
    assert result.exit_code == 1
    assert result.stdout == f"CAT: invalid — removed by the house rules (builtin:en + house {no_cat})\n"
    assert verdict(referee, "CAT", "--house", str(no_cat)) == {
        "word": "cat", "valid": False, "reason": "removed by the house rules", "dictionary": f"builtin:en + house {no_cat}",
    }  # fmt: skip


def test_dict_check_gives_the_house_rules_as_the_reason_a_removed_word_falls(referee, no_cat):
    result = referee("dict", "check", "cat", "kitty", "--house", str(no_cat))
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"CAT: invalid — removed by the house rules (builtin:en + house {no_cat})",
        f"KITTY: valid — in dictionary (builtin:en + house {no_cat})",
    ]
    as_json = referee("dict", "check", "cat", "--house", str(no_cat), "--json").json()
    assert as_json["reason"] == "removed by the house rules" and not as_json["valid"]


def test_a_game_challenge_lost_to_the_house_rules_says_so(referee, no_cat, tmp_path):
    """The review's reproduction: `-cat` in the house file, CAT challenged in a game."""
    game = tmp_path / "g.toml"
    for args in (("new", str(game), "Anna", "Bram", "--house", str(no_cat)),
                 ("word", str(game), "a", "C3c", "A1c", "T1c"), ("word", str(game), "b", "K4m", "I1m", "T1m")):  # fmt: skip
        assert referee("spell", *args).exit_code == 0
    result = referee("spell", "challenge", str(game), "b", "a")
    assert result.exit_code == 1
    assert result.stdout.splitlines()[0] == f"CAT: invalid — removed by the house rules (builtin:en + house {no_cat})"
    assert "removed by the house rules" in game.read_text(encoding="utf-8")  # the file keeps the verdict given
