"""`spell review` is right about fallen words (issue 21 point 8): "If the word is not in the
dictionary … the player who played the word scores zero points for the round", so a word
that lost its challenge is reviewed at 0 against the best valid word of its cards; a word
the table's dictionary rejects that nobody challenged scored its points, and is flagged."""

from __future__ import annotations

import pytest

TAC = ("T1m", "A1s", "C3m")  # TAC is not in the game's dictionary; ACT and CAT are, worth the same 5 points


@pytest.fixture
def game_file(tmp_path, referee):
    """A game judged by a small word list (a list of its own: quick to index)."""
    words = tmp_path / "words.txt"
    words.write_text("act\ncat\ntaco\n", encoding="utf-8")
    path = tmp_path / "review.toml"
    assert referee("spell", "new", str(path), "Anna", "Bram", "Cees", "--dict", f"file:{words}").exit_code == 0
    return path


@pytest.fixture
def fallen(referee, game_file):
    """Anna's TAC, challenged by Cees, fell."""
    assert referee("spell", "word", str(game_file), "Anna", *TAC).exit_code == 0
    assert referee("spell", "challenge", str(game_file), "Cees", "Anna").exit_code == 1
    return game_file


@pytest.fixture
def unchallenged(referee, game_file):
    """Bram's CTA, not in the game's dictionary, stood: nobody challenged it."""
    assert referee("spell", "word", str(game_file), "Bram", "C3m", "T1s", "A1m").exit_code == 0
    return game_file


def test_a_word_that_fell_is_reviewed_at_zero_against_the_best_valid_word(referee, fallen):
    result = referee("spell", "review", str(fallen))
    assert result.exit_code == 0, result.stderr
    line = result.stdout.splitlines()[1]
    assert line.startswith("Round 1 · Anna: TAC 0 points (fell: not in dictionary, challenged by Cees; 5 points on its cards)")
    assert "best ACT 5 points, missed by 5 points" in line
    assert "the best the cards could make" not in result.stdout


def test_a_word_that_fell_scores_zero_in_the_json_review_and_misses_the_best_word(referee, fallen):
    (anna,) = referee("spell", "review", str(fallen), "--json").json()["words"]
    assert (anna["word"], anna["score"], anna["word_score"]) == ("TAC", 0, 5)
    assert (anna["best"], anna["best_score"], anna["missed"]) == ("ACT", 5, 5)
    assert (anna["fallen"], anna["valid"], anna["reason"], anna["challenger"]) == (True, False, "not in dictionary", "Cees")
    assert anna["unchallenged_invalid"] is False


def test_an_unchallenged_word_the_dictionary_rejects_is_flagged(referee, unchallenged):
    result = referee("spell", "review", str(unchallenged))
    assert result.exit_code == 0, result.stderr
    line = result.stdout.splitlines()[1]
    assert line.startswith("Round 1 · Bram: CTA 5 points (not a valid word in file:")
    assert line.endswith("words.txt: not in dictionary; it scored because nobody challenged it) — the best valid word: ACT 5 points (A1m C3m T1s)")
    assert "the best the cards could make" not in result.stdout


def test_an_unchallenged_word_the_dictionary_rejects_is_flagged_in_the_json_review(referee, unchallenged):
    (bram,) = referee("spell", "review", str(unchallenged), "--json").json()["words"]
    assert (bram["word"], bram["score"], bram["word_score"], bram["missed"]) == ("CTA", 5, 5, 0)
    assert (bram["valid"], bram["reason"], bram["fallen"], bram["challenger"], bram["unchallenged_invalid"]) == (
        False, "not in dictionary", False, None, True,
    )  # fmt: skip


def test_a_valid_word_that_stood_its_challenge_is_reviewed_at_its_points(referee, game_file):
    assert referee("spell", "word", str(game_file), "Anna", "C3m", "A1s", "T1m").exit_code == 0
    assert referee("spell", "challenge", str(game_file), "Bram", "Anna").exit_code == 0
    (anna,) = referee("spell", "review", str(game_file), "--json").json()["words"]
    assert (anna["score"], anna["valid"], anna["fallen"], anna["unchallenged_invalid"], anna["missed"]) == (5, True, False, False, 0)
    assert "CAT 5 points — the best the cards could make" in referee("spell", "review", str(game_file)).stdout


def test_the_review_of_a_fallen_word_speaks_dutch(referee, fallen):
    result = referee("spell", "terugblik", str(fallen), "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    assert "TAC 0 punten (gesneuveld: niet in woordenboek, uitgedaagd door Cees" in result.stdout
