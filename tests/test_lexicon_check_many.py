"""`referee dict check WORD…` and `-`: many words in one call (issue 10, point 10)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee.cli import app
from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.verdict import judge

EN = open_dictionary("builtin:en")


def check(*args: str, stdin: str | None = None):
    return CliRunner().invoke(app, ["dict", "check", *args], input=stdin, catch_exceptions=True)


def json_lines(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def test_one_word_with_json_prints_exactly_one_json_object_as_before():
    result = check("Kitty", "--json")
    assert result.exit_code == 0
    assert result.stdout == '{"word": "kitty", "valid": true, "reason": "in dictionary", "dictionary": "builtin:en"}\n'


def test_several_words_give_one_verdict_a_line_in_the_order_given():
    result = check("kitty", "London", "qat")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "KITTY: valid — in dictionary (builtin:en)",
        "LONDON: invalid — proper noun (builtin:en)",
        "QAT: invalid — not in dictionary (builtin:en)",
    ]


def test_several_words_with_json_are_json_lines_one_object_a_word():
    result = check("kitty", "nasa", "--json")
    assert result.exit_code == 1
    assert json_lines(result.stdout) == [judge("kitty", EN).to_json(), judge("nasa", EN).to_json()]


def test_all_valid_is_exit_0_and_any_invalid_is_exit_1():
    assert check("kitty", "cat", "dog").exit_code == 0
    assert check("kitty", "cat", "don't").exit_code == 1


def test_a_dash_reads_one_word_a_line_from_stdin_skipping_blank_lines():
    result = check("-", "--json", stdin="kitty\n\n  London  \r\nqat\n")
    assert result.exit_code == 1
    assert [line["word"] for line in json_lines(result.stdout)] == ["kitty", "london", "qat"]


def test_a_dash_may_stand_among_words_and_keeps_its_place():
    result = check("dog", "-", "cat", "--json", stdin="kitty\nmouse\n")
    assert [line["word"] for line in json_lines(result.stdout)] == ["dog", "kitty", "mouse", "cat"]
    assert result.exit_code == 0


@pytest.mark.parametrize(
    "args, stdin, message",
    [
        (["kitty", "a1b"], None, "word 2: 'a1b' is not a word"),
        (["-"], "kitty\ntwo words\n", "stdin line 2: 'two words' is more than one word"),
        (["-"], "", "no words on stdin"),
        (["-"], "\n  \n", "no words on stdin"),
        (["-", "-"], "kitty\n", "at most once"),
        (["kitty", "cat", "--dict", "builtin:fr"], None, "unknown built-in dictionary"),
    ],
)
def test_unusable_input_is_exit_2_with_one_line_and_no_verdict(args, stdin, message):
    result = check(*args, stdin=stdin)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert message in result.stderr and len(result.stderr.splitlines()) == 1 and "Traceback" not in result.stderr


def test_one_word_that_is_no_word_keeps_its_message_without_a_place():
    result = check("a1b")
    assert result.exit_code == 2 and result.stderr == "referee: 'a1b' is not a word: '1' is not a letter\n"


@pytest.mark.slow
@given(st.lists(st.sampled_from(["kitty", "cat", "London", "nasa", "qat", "etc", "don't", "ox", "well-known"]), min_size=1, max_size=6))
def test_many_words_give_the_verdicts_of_one_word_each(words):
    result = check(*words, "--json")
    expected = [judge(word, EN) for word in words]
    assert json_lines(result.stdout) == [verdict.to_json() for verdict in expected]
    assert result.exit_code == (0 if all(verdict.valid for verdict in expected) else 1)
    piped = check("-", "--json", stdin="\n".join(words) + "\n")
    assert (piped.stdout, piped.exit_code) == (result.stdout, result.exit_code)
