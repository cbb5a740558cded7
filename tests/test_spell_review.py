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


# --- a game drafted through the referee (issue 24, point 6) ---------------------------------
# Seed "kale", three players, each keeping the first card of the hand it holds, round 1:
#   Anna selects R1f QU10c P3m TOILm E1m N1c L1m (first dealt R1f DDm C3m TOILm S1m E1m L1m B3s)
#   Bram selects Y4c DDm Z10m S1f S1m U1m N1f    (first dealt Y4c W4s P3m S1f DDc N1c N1f T1f)
#   Cees selects I1s W4s C3m I1f DDc E1m N1s     (first dealt I1s QU10c Z10m I1f E1m U1m N1s F4s)
#   the Jumper is Y4s.

import random  # noqa: E402
from collections import Counter  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from referee import savefile  # noqa: E402
from referee.spellcrafter.notation import parse_word  # noqa: E402
from referee.spellcrafter.review import first_dealt  # noqa: E402
from referee.spellcrafter.view import complete_drafts  # noqa: E402
from referee.spellcrafter.ruleset import RULES  # noqa: E402
from referee.spellcrafter.scoring import score_word  # noqa: E402
from referee.spellcrafter.setup import Setup  # noqa: E402
from referee.spellcrafter.view import seat_view  # noqa: E402
from spell_drafted import Table, random_card  # noqa: E402

SMALL = "pen\nreply\nyelp\nwince\ncynic\nsunny\ncycles\nquinze\npwns\n"


@pytest.fixture
def small_words(tmp_path):
    words = tmp_path / "small.txt"
    words.write_text(SMALL, encoding="utf-8")
    return f"file:{words}"


def round_one(dictionary: str = "builtin:en", **options) -> Table:
    """Round 1 drafted (first cards kept): Anna PEN, Bram passes, Cees WINCE."""
    return Table.seeded(dictionary=dictionary, **options).draft().word("Anna", "P3m E1m N1c").pass_("Bram").word("Cees", "W4s I1s N1s C3m E1m")


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 5), seed=st.text("abcdefgh", min_size=1, max_size=6), choices=st.randoms(use_true_random=False))
def test_the_cards_first_dealt_to_a_seat_follow_from_the_public_draft_of_a_complete_round(players, seed, choices):
    """`first_dealt` traces a seat's first hand through the public draft (each seat's picks
    and discards in order): the very cards the referee dealt, for every seat."""
    names = tuple("ABCDE"[:players])
    table = Table.seeded(names, seed=seed).draft(random_card(choices))
    for seat in range(players):
        table.pass_(names[seat])
    view = seat_view(table.game, None)
    draft = complete_drafts(view)[1]
    dealt = table.game.deal(1)
    assert dealt is not None
    for seat in range(players):
        assert Counter(first_dealt(draft, seat)) == Counter(dealt.hands[seat])
        assert len(first_dealt(draft, seat)) == (14 if players == 2 else 8)


def test_review_goes_seat_by_seat_through_a_complete_drafted_round(referee, tmp_path, small_words):
    path = round_one(small_words).save(tmp_path / "drafted.toml")
    result = referee("spell", "review", str(path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"Best words from each seat's 7 selected cards and the Jumper ({small_words}):",
        "Round 1 · Anna: PEN 5 points — best REPLY 22 points, missed by 17 points (R1f E1m P3m L1m '*Y4s' TOILm@1)",
        "    for the curious, from the 8 cards first dealt and the Jumper: CYCLES 42 points (C3m '*Y4s' DDm:C L1m E1m S1m TOILm@2)",
        "Round 1 · Bram: passed — best SUNNY 16 points, missed by 16 points (S1f U1m N1f DDm:N Y4c)",
        "    for the curious, from the 8 cards first dealt and the Jumper: PWNS 9 points (P3m W4s N1c S1f)",
        "Round 1 · Cees: WINCE 20 points — best CYNIC 24 points, missed by 4 points (C3m '*Y4s' N1s I1s DDc:C)",
        "    for the curious, from the 8 cards first dealt and the Jumper: QUINZE 48 points (Q10c U1m I1s N1s Z10m E1m)",
    ]


def test_the_json_review_of_a_drafted_game_adds_each_seat_and_keeps_every_key(referee, tmp_path, small_words):
    path = round_one(small_words).save(tmp_path / "drafted.toml")
    document = referee("spell", "review", str(path), "--json").json()
    anna, cees = document["words"]
    assert {"round", "player", "word", "score", "word_score", "best", "best_score", "missed", "best_line", "valid", "reason",
            "fallen", "challenger", "unchallenged_invalid"} <= anna.keys()  # fmt: skip
    assert (anna["word"], anna["best"], anna["missed"], anna["selected"]) == ("PEN", "REPLY", 17, True)
    assert anna["hand"] == {"cards": ["R1f", "QU10c", "P3m", "TOILm", "E1m", "N1c", "L1m"], "jumper": "Y4s"}
    bram = document["seats"][1]
    assert (bram["player"], bram["passed"], bram["word"], bram["score"], bram["best"], bram["best_score"], bram["missed"]) == (
        "Bram", True, None, 0, "SUNNY", 16, 16)  # fmt: skip
    assert bram["dealt"] == {"cards": ["Y4c", "W4s", "P3m", "S1f", "DDc", "N1c", "N1f", "T1f"], "jumper": "Y4s"}
    assert (bram["dealt_best"], bram["dealt_best_score"], bram["dealt_best_line"]) == ("PWNS", 9, "P3m W4s N1c S1f")
    assert [seat["player"] for seat in document["seats"]] == ["Anna", "Bram", "Cees"]


def test_a_game_not_drafted_through_the_referee_has_no_seats_in_its_review(referee, game_file):
    assert referee("spell", "word", str(game_file), "Anna", "C3m", "A1s", "T1m").exit_code == 0
    document = referee("spell", "review", str(game_file), "--json").json()
    assert document["seats"] == [] and document["words"][0]["selected"] is False
    assert document["words"][0]["hand"] == {"cards": ["C3m", "A1s", "T1m"], "jumper": None}


@pytest.mark.slow
def test_the_round_being_drafted_or_crafted_is_never_reviewed(referee, tmp_path, small_words):
    """Review is a public screen: a round's selected cards are private until it is complete."""
    table = round_one(small_words)
    after_one = referee("spell", "review", str(table.save(tmp_path / "one.toml")), "--json").json()
    table.do(next(p for p in RULES.legal_actions(table.game)))  # round 2: one pick made
    drafting = table.save(tmp_path / "drafting.toml")
    table.draft()
    letters = [str(card) for card in table.drafting(2).selected[1] if card.is_letter][:3]
    table.word("Bram", " ".join(letters))
    crafting = table.save(tmp_path / "crafting.toml")
    for path in (drafting, crafting):
        document = referee("spell", "review", str(path), "--json").json()
        assert {**document, "file": None} == {**after_one, "file": None}
        assert "Round 2" not in referee("spell", "review", str(path)).stdout
        refused = referee("spell", "review", str(path), "2")
        assert refused.exit_code == 2
        assert refused.stderr == "referee: round 2 is still being played; a drafted round is reviewed once it is complete\n"


def test_before_any_round_is_complete_a_drafted_review_says_so(referee, tmp_path, small_words):
    path = Table.seeded(dictionary=small_words).draft().save(tmp_path / "drafted.toml")
    result = referee("spell", "review", str(path))
    assert result.exit_code == 0
    assert result.stdout.splitlines()[1] == "No round is complete yet; a drafted round is reviewed once it is complete."


def test_the_drafted_review_speaks_dutch(referee, tmp_path, small_words):
    path = round_one(small_words).save(tmp_path / "drafted.toml")
    lines = referee("spell", "terugblik", str(path), "--lang", "nl").stdout.splitlines()
    assert lines[0].startswith("Beste woorden uit de 7 gekozen kaarten van elke plaats en de Jumper")
    assert lines[3].startswith("Ronde 1 · Bram: gepast — beste SUNNY 16 punten, gemist met 16 punten")
    assert lines[4].startswith("    voor wie nieuwsgierig is, uit de 8 eerst gedeelde kaarten en de Jumper: PWNS 9 punten")


def proven(table: Table, crafting, document) -> None:
    """Every best word of a review is the brute force's (every word of the dictionary,
    every way to lay the cards), and the selected cards' best is replayed through the
    game's own rules: ``Game.word_refusal`` accepts it from that seat once the round's
    draft is complete (``crafting``), and it is worth what the review claims."""
    from test_spell_best_brute import brute_force

    from referee.spellcrafter.best import read_card, read_jumper, Selection

    name = table.game.setup.dictionary.removeprefix("builtin:")
    for seat_review in document["seats"]:
        seat = table.game.setup.player(seat_review["player"])
        selected = seat_review["hand"]
        draft = crafting.draft_of(seat_review["round"])
        assert draft is not None and selected["cards"] == [str(card) for card in draft.selected[seat]]
        hand = Selection(tuple(read_card(card) for card in selected["cards"]), read_jumper(selected["jumper"]))
        expected = brute_force(hand, table.game.setup.variants, name)[:1]
        assert (seat_review["best"], seat_review["best_score"]) == (expected[0] if expected else (None, None))
        if seat_review["best"] is not None:
            tokens = parse_word(seat_review["best_line"].split())
            assert crafting.word_refusal(seat, tokens) is None
            assert score_word(tokens, table.game.setup.variants).score == seat_review["best_score"]
        dealt = seat_review["dealt"]
        hand = Selection(tuple(read_card(card) for card in dealt["cards"]), read_jumper(dealt["jumper"]))
        expected = brute_force(hand, table.game.setup.variants, name)[:1]
        assert (seat_review["dealt_best"], seat_review["dealt_best_score"]) == (expected[0] if expected else (None, None))
        if expected:
            tokens = parse_word(seat_review["dealt_best_line"].split())
            assert score_word(tokens, table.game.setup.variants).score == seat_review["dealt_best_score"]


@pytest.mark.slow
@pytest.mark.parametrize(("players", "variants"), [(("Anna", "Bram", "Cees"), ()), (("Anna", "Bram"), ("ddt",)), (("Anna", "Bram", "Cees", "Daan"), ("friendly",))])
def test_every_best_word_of_a_drafted_review_is_proven_by_the_rules_and_a_brute_force(referee, tmp_path, players, variants):
    rng = random.Random(f"{players}{variants}")
    table = Table.seeded(players, seed="review", variants=variants).draft(random_card(rng))
    crafting = table.game
    for name in players:
        table.pass_(name)
    document = referee("spell", "review", str(table.save(tmp_path / "drafted.toml")), "--json").json()
    assert len(document["seats"]) == len(players)
    proven(table, crafting, document)
