"""`referee spell best` and `referee spell review`: the best words a hand could make (issue 15)."""

from __future__ import annotations

import pytest

from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.verdict import judge
from referee.spellcrafter.anagrams import AnagramIndex, build_body, open_index
from referee.spellcrafter.best import Selection, best_words, read_card, read_hand, token_line
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.scoring import Variants, score_word
from referee.spellcrafter.setup import Setup
from spell_drafted import Table


def best(cards: str, words: list[str] | None = None, jumper: str | None = None, top: int = 5, **variants: bool):
    """best_words over a small list of words (all valid), or over builtin:en."""
    hand = read_hand(cards.split(), jumper)
    if words is None:
        dictionary = open_dictionary("builtin:en")
        return best_words(hand, Variants(**variants), open_index(dictionary), lambda w: judge(w, dictionary).valid, top)
    return best_words(hand, Variants(**variants), AnagramIndex(build_body(words)[0]), lambda w: True, top)


def summary(found) -> list[tuple[str, int]]:
    return [(score.word, score.score) for score in found]


def test_best_tries_every_subset_of_at_least_three_letters():
    assert summary(best("C3m A1s T1c S1f", ["cat", "act", "cats", "at", "scat", "taco"])) == [
        ("CATS", 6), ("SCAT", 6), ("ACT", 5), ("CAT", 5)]  # fmt: skip


def test_ties_in_score_are_ordered_by_length_then_alphabetically():
    found = best("A2m B2m C2s D2c", ["bad", "cab", "dab", "abc"])
    assert [score.word for score in found] == ["ABC", "BAD", "CAB", "DAB"]
    longer = best("A1m B1s D1c E2f", ["bade", "bead", "abe"])  # 5, 5 and... abe 4
    assert [score.word for score in longer][:2] == ["BADE", "BEAD"]


def test_the_qu_card_is_used_with_or_without_its_u():
    found = summary(best("QU10m I1s T1c A1f", ["quit", "qat", "quat"]))
    assert ("QUIT", 12) in found and ("QAT", 12) in found
    assert dict(found)["QUAT"] == 12  # QU + A + T, not Q + U (there is no U card)


def test_the_jumper_may_be_left_out_but_is_mandatory_under_the_friendly_rules():
    words = ["kit", "kitty", "kite"]
    assert summary(best("K6m I1m T1m", words, jumper="E1s")) == [("KIT", 16), ("KITE", 9)]
    friendly = best("K6m I1m T1m", words, jumper="E1s", friendly=True)
    assert summary(friendly) == [("KITE", 18)]  # the friendly Jumper has no suit: still a flush
    assert any(token.jumper for token in friendly[0].tokens if hasattr(token, "jumper"))


def test_double_double_copies_the_best_letter_shown():
    found = best("K6m I1m T1m T3s DDc", ["kitt"], jumper="Y4f")
    assert token_line(found[0]) == "K6m I1m T3s DDc:T" and found[0].score == 13


def test_toil_goes_on_the_letter_that_scores_best():
    found = best("K6m I1m T1s TOILm", ["kit"])
    assert token_line(found[0]) == "K6m I1m T1s TOILm@3" and found[0].score == 18  # flush by Toil: (6+1+2) × 2


def test_trouble_stands_for_any_letter():
    found = best("K6m I1m TRs", ["kix", "kin"])
    assert summary(found) == [("KIN", 7), ("KIX", 7)]
    assert token_line(found[0]) == "K6m I1m TRs:N"


def test_the_ddt_bonus_is_counted_when_all_three_special_cards_fit():
    words = ["kitty"]
    plain = best("K6m I1m T1m DDm TRm TOILm", words, jumper="Y4m")
    bonus = best("K6m I1m T1m DDm TRm TOILm", words, jumper="Y4m", ddt=True)
    assert plain[0].score == 42 and plain[0].bonus == 0  # (6+1+1+1+4 + Toil 1) × 3, Trouble left out
    # Trouble as I (worth 0 instead of 1) for the +10: (6+0+1+1+4 + 1) × 3 + 10
    assert bonus[0].score == 49 and bonus[0].bonus == 10 and "TRm:I" in token_line(bonus[0])


@pytest.mark.slow
def test_a_word_of_fifty_or_more_is_marked_as_an_instant_win(referee):
    result = referee("spell", "best", "Z10m E3m B4m R2m A1m S2m", "--jumper", "Y4m", "--top", "1", "--dict", "builtin:en")
    assert result.exit_code == 0, result.stderr
    assert "Instant win: a word of 50 or more wins the game at once" in result.stdout
    assert referee("spell", "best", "Z10m E3m B4m R2m A1m S2m", "--jumper", "Y4m", "--json").json()["words"][0]["instant_win"]


@pytest.mark.slow
def test_only_words_the_dictionary_accepts_are_given(tmp_path, referee):
    house = tmp_path / "house.txt"
    house.write_text("-kit\n+tik\n", encoding="utf-8")
    words = [w["word"] for w in referee("spell", "best", "K6m I1m T1m", "--house", str(house), "--json").json()["words"]]
    assert "KIT" not in words and "TIK" in words


@pytest.mark.slow
@pytest.mark.parametrize("dictionary", ["builtin:en", "builtin:nl"])
@pytest.mark.parametrize(
    ("cards", "options"),
    [
        (["K6m", "I1m", "T1m", "T2s", "E1c", "DDm", "TRc"], ["--jumper", "Y4f"]),
        (["QU10s", "I1m", "E1m", "T1m", "TOILc", "S1m"], ["--jumper", "N1f", "--friendly"]),
        (["A1m", "R2m", "E1c", "DDs", "TRm", "TOILf", "L2m"], ["--jumper", "O1m", "--ddt"]),
    ],
)
def test_every_word_best_gives_is_scored_by_spell_score_and_valid_by_dict_check(referee, dictionary, cards, options):
    result = referee("spell", "best", *cards, *options, "--dict", dictionary, "--top", "8", "--json")
    assert result.exit_code == 0, result.stderr
    found = result.json()["words"]
    assert len(found) == 8
    variants = [f"--{name}" for name in ("friendly", "ddt") if f"--{name}" in options]
    for word in found:
        scored = referee("spell", "score", *word["line"].split(), *variants, "--json").json()
        assert {key: scored[key] for key in ("word", "score", "tokens")} == {key: word[key] for key in ("word", "score", "tokens")}
        checked = referee("dict", "check", word["word"].lower(), "--dict", dictionary, "--json")
        assert checked.exit_code == 0 and checked.json()["valid"], checked.stdout
    assert [w["score"] for w in found] == sorted((w["score"] for w in found), reverse=True)


@pytest.mark.slow
def test_the_text_answer_shows_each_word_as_spell_score_does(referee):
    result = referee("spell", "best", "K6m", "I1m", "T1m", "T2s", "--jumper", "Y4f", "--top", "1")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0] == "From K6m I1m T1m T2s and the Jumper Y4f (builtin:en, standard rules):"
    line = lines[2].removeprefix("1. referee spell score ")
    assert "'*Y4f'" in line  # quoted for the shell
    assert lines[3:] == referee("spell", "score", *line.replace("'", "").split()).stdout.splitlines()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["A1m", "B1m", "C1m", "D1m", "E1m", "F1m", "G1m", "H1m"], "a player selects 7 cards; 8 were given"),
        (["K6m", "XXm"], "token 2"),
        (["K6m", "*Y4f"], "the Jumper is not one of the selected cards; give it with --jumper"),
        (["K6m", "--jumper", "DDm"], "the Jumper 'DDm' is a letter card"),
        (["K6m", "--dict", "hunspell:en_US"], "`spell best` searches a word list it can read whole"),
        (["K6m", "--top", "0"], "--top"),
        (["K6m", "--round", "2"], "--round is for a game"),
    ],
)
def test_bad_input_is_exit_2_with_one_line(referee, args, says):
    result = referee("spell", "best", *args)
    assert result.exit_code == 2 and says in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_no_word_at_all_is_said_plainly(referee):
    result = referee("spell", "best", "X1m", "Q1m")
    assert result.exit_code == 0 and "No word of the dictionary can be made from these cards." in result.stdout


# --- the index is built once and cached --------------------------------------------------


def test_the_anagram_index_is_built_once_and_cached_in_the_user_cache_folder(tmp_path, monkeypatch):
    from referee.lexicon import wordcache

    words = tmp_path / "words.txt"
    words.write_text("kit\ntik\ncat\n", encoding="utf-8")
    dictionary = open_dictionary(f"file:{words}")
    assert open_index(dictionary).words("ikt") == ["kit", "tik"]
    cached = list(wordcache.cache_folder().glob("*"))
    assert any(path.read_bytes().startswith(b"referee-word-list-index 1") for path in cached)
    monkeypatch.setattr("referee.spellcrafter.anagrams.build_body", lambda words: pytest.fail("rebuilt"))
    assert open_index(open_dictionary(f"file:{words}")).words("act") == ["cat"]


def test_a_changed_list_gets_a_new_index_and_a_damaged_cache_is_ignored(tmp_path):
    from referee.lexicon import wordcache

    words = tmp_path / "words.txt"
    words.write_text("kit\n", encoding="utf-8")
    assert open_index(open_dictionary(f"file:{words}")).words("ikt") == ["kit"]
    words.write_text("kit\ntik\n", encoding="utf-8")
    assert open_index(open_dictionary(f"file:{words}")).words("ikt") == ["kit", "tik"]
    for path in wordcache.cache_folder().glob("*"):
        path.write_bytes(path.read_bytes()[:-7])
    assert open_index(open_dictionary(f"file:{words}")).words("ikt") == ["kit", "tik"]


# --- in a game ------------------------------------------------------------------------------


@pytest.fixture
def seeded(tmp_path):
    """A seeded game drafted with real cards laid out from the deal (not through the
    referee): the cards of a word are checked against the round's dealt pool."""
    # Seed "kale", three players, round 1: Cees holds I1f F4s I1s N1s QU10c E1m U1m Z10m; Jumper Y4s.
    return Table(Setup.build(("Anna", "Bram", "Cees"), seed="kale", draft=False)).save(tmp_path / "seeded.toml")


@pytest.mark.slow
def test_in_a_game_best_uses_the_rounds_jumper_and_the_games_dictionary(referee, seeded):
    result = referee("spell", "best", str(seeded), "Cees", "QU10c", "I1s", "E1m", "Z10m", "N1s", "U1m", "--json")
    assert result.exit_code == 0, result.stderr
    document = result.json()
    assert document["jumper"] == "Y4s" and document["dictionary"] == "builtin:en"
    standalone = referee("spell", "best", "QU10c", "I1s", "E1m", "Z10m", "N1s", "U1m", "--jumper", "Y4s", "--json").json()
    assert document["words"] == standalone["words"]


def test_in_a_game_cards_not_dealt_are_refused_as_spell_word_refuses_them_and_the_file_unchanged(referee, seeded):
    before = seeded.read_bytes()
    result = referee("spell", "best", str(seeded), "Cees", "K6m", "I1s", "E1m")
    assert result.exit_code == 1 and result.stderr == "referee: K6m was not dealt in round 1\n"
    assert referee("spell", "best", str(seeded), "Cees", "I1s", "--dict", "builtin:nl").exit_code == 2
    assert referee("spell", "best", str(seeded), "Cees", "I1s", "--jumper", "A1m").exit_code == 2
    assert seeded.read_bytes() == before


@pytest.mark.slow
def test_review_shows_the_best_word_the_same_cards_could_have_made(referee, seeded):
    # Anna holds R1f B3s C3m E1m L1m S1m DDm TOILm in round 1 of seed "kale".
    assert referee("spell", "word", str(seeded), "Anna", "E1m", "L1m", "S1m").exit_code == 0
    assert referee("spell", "word", str(seeded), "Cees", "Z10m", "I1s", "N1s", "E1m").exit_code == 0
    result = referee("spell", "review", str(seeded), "--json")
    assert result.exit_code == 0, result.stderr
    anna, cees = result.json()["words"]
    assert (anna["word"], anna["score"], anna["best"], anna["best_score"], anna["missed"]) == ("ELS", 6, "LEYS", 7, 1)
    again = score_word(parse_word(anna["best_line"].split()))
    assert (again.word, again.score) == (anna["best"], anna["best_score"])
    assert (cees["word"], cees["best"], cees["missed"]) == ("ZINE", "ZINE", 0)
    assert referee("spell", "review", str(seeded), "1").stdout.splitlines() == [
        "Best words from the same cards (builtin:en):",
        "Round 1 · Anna: ELS 6 points — best LEYS 7 points, missed by 1 point (L1m E1m '*Y4s' S1m)",
        "Round 1 · Cees: ZINE 13 points — the best the cards could make",
    ]
    refused = referee("spell", "review", str(seeded), "2")
    assert refused.exit_code == 2 and "round 2 has no words yet" in refused.stderr


def test_a_hand_in_a_game_is_for_a_round_that_has_begun():
    from referee.errors import InputError
    from referee.spellcrafter.best import hand_in_game
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.setup import Setup

    game = Game.start(Setup.build(("Anna", "Bram")))
    assert len(hand_in_game(game, 0, ["K6m", "I1m", "T1m"], None, None).cards) == 3
    with pytest.raises(InputError, match="round 2 has not begun; the game is in round 1"):
        hand_in_game(game, 0, ["K6m", "I1m", "T1m"], None, 2)


@pytest.mark.parametrize(
    ("cards", "jumper", "fault", "params"),
    [
        ("K6m *Y4f", None, "JUMPER_SELECTED", {"position": 2, "text": "*Y4f"}),
        ("A1m B1m C1m D1m E1m F1m G1m H1m", None, "TOO_MANY_CARDS", {"selected": 7, "count": 8}),
    ],
)
def test_a_hand_that_cannot_be_used_is_a_value_naming_no_option(cards, jumper, fault, params):
    from referee.spellcrafter.best import HandError, HandFault

    with pytest.raises(HandError) as refused:
        read_hand(cards.split(), jumper)
    assert refused.value.refusal.rule is HandFault[fault] and dict(refused.value.refusal.params) == params
    assert refused.value.exit_code == 2 and "--" not in str(refused.value)


def test_a_jumper_other_than_the_one_turned_up_is_a_value_the_command_words_with_its_option(referee, seeded):
    from referee import savefile
    from referee.spellcrafter.best import HandError, HandFault, hand_in_game
    from referee.spellcrafter.ruleset import RULES

    game = savefile.load(seeded, RULES).state
    with pytest.raises(HandError) as refused:
        hand_in_game(game, 2, ["I1s"], "A1m", None)
    assert refused.value.refusal.rule is HandFault.OTHER_JUMPER and refused.value.refusal["round"] == 1
    result = referee("spell", "best", str(seeded), "Cees", "I1s", "--jumper", "A1m")
    assert result.exit_code == 2
    assert result.stderr == "referee: the Jumper of round 1 is Y4s, turned up by the referee; leave out --jumper\n"


# --- in a game drafted through the referee (issue 24, point 6) ------------------------------


@pytest.mark.slow
def test_in_a_drafted_game_best_file_player_searches_the_seats_7_selected_cards_and_the_jumper(referee, tmp_path):
    """The player's own screen once the draft is complete: each word it gives is one the
    game's rules accept from that seat, for the score claimed."""
    table = Table.seeded().draft()
    path = table.save(tmp_path / "drafted.toml")
    result = referee("spell", "best", str(path), "Anna", "--top", "3", "--json")
    assert result.exit_code == 0, result.stderr
    document = result.json()
    assert document["cards"] == [str(card) for card in table.drafting(1).selected[0]] == [
        "R1f", "QU10c", "P3m", "TOILm", "E1m", "N1c", "L1m"]  # fmt: skip
    assert document["jumper"] == "Y4s" and len(document["words"]) == 3
    for word in document["words"]:
        tokens = parse_word(word["line"].split())
        assert table.game.word_refusal(0, tokens) is None
        assert score_word(tokens, table.game.setup.variants).score == word["score"]
    standalone = referee("spell", "best", *document["cards"], "--jumper", "Y4s", "--top", "3", "--json").json()
    assert document["words"] == standalone["words"]
    text = referee("spell", "best", str(path), "Anna", "--top", "1").stdout.splitlines()
    assert text[:2] == ["Round 1 · Anna: the 7 selected cards and the Jumper",
                        "From R1f QU10c P3m TOILm E1m N1c L1m and the Jumper Y4s (builtin:en, standard rules):"]  # fmt: skip


def test_while_the_round_is_drafted_best_file_player_is_refused_and_the_file_unchanged(referee, tmp_path):
    """"When the draft is complete, players may look at their selected cards": until then
    the seven are not known (the hand held now is not the seat's to keep), even for a seat
    whose own seventh card is picked while others still pick."""
    table = Table.seeded()
    for seat in (0, 1, 2):
        table.pick(seat)
    path = table.save(tmp_path / "drafting.toml")
    before = path.read_bytes()
    result = referee("spell", "best", str(path), "Bram")
    assert result.exit_code == 2 and result.stderr == (
        "referee: round 1 is still being drafted (still picking: Anna, Bram and Cees); a player looks at the 7 selected "
        "cards once the draft is complete, and `spell best FILE PLAYER` searches them then\n")  # fmt: skip
    assert path.read_bytes() == before
    while not table.drafting().done(0):
        for seat in table.drafting().waiting[: 1 if len(table.drafting().selected[0]) == 6 else 3]:
            table.pick(seat)
    result = referee("spell", "best", str(table.save(tmp_path / "anna-done.toml")), "Anna")
    assert result.exit_code == 2 and "(still picking: Bram and Cees)" in result.stderr


@pytest.mark.slow
def test_best_file_player_for_a_complete_round_while_the_next_is_drafted(referee, tmp_path):
    table = Table.seeded().draft()
    for name in ("Anna", "Bram", "Cees"):
        table.pass_(name)
    table.pick(0)  # round 2 has begun
    path = table.save(tmp_path / "drafted.toml")
    result = referee("spell", "best", str(path), "Cees", "--round", "1", "--top", "1", "--json")
    assert result.exit_code == 0, result.stderr
    assert result.json()["cards"] == ["I1s", "W4s", "C3m", "I1f", "DDc", "E1m", "N1s"]
    assert referee("spell", "best", str(path), "Cees").exit_code == 2  # round 2 is being drafted


def test_best_file_player_without_a_draft_asks_for_the_cards(referee, seeded):
    before = seeded.read_bytes()
    result = referee("spell", "best", str(seeded), "Cees")
    assert result.exit_code == 2
    assert result.stderr.startswith("referee: the referee knows a player's cards only in a game it drafts; name them")
    assert seeded.read_bytes() == before


@pytest.mark.slow
def test_the_cards_typed_in_a_drafted_game_are_checked_against_the_seats_selection(referee, tmp_path):
    path = Table.seeded().draft().save(tmp_path / "drafted.toml")
    assert referee("spell", "best", str(path), "Anna", "P3m", "E1m", "N1c", "--json").json()["cards"] == ["P3m", "E1m", "N1c"]
    refused = referee("spell", "best", str(path), "Anna", "B3s", "E1m")  # B3s is Anna's face-down last card
    assert refused.exit_code == 1 and "B3s" in refused.stderr


def test_a_hand_larger_than_a_selection_makes_words_of_at_most_7_of_its_cards():
    """"A word uses at most the 7 selected cards and the Jumper": searched from the 8 cards
    first dealt, a word of all 8 is not made; with the Jumper as its 8th letter it is."""
    words = ["abcdefgh", "abcdefg", "abcdefghi"]
    hand = Selection(tuple(read_card(f"{letter}1m") for letter in "ABCDEFGH"))
    found = best_words(hand, Variants(), AnagramIndex(build_body(words)[0]), lambda w: True)
    assert summary(found) == [("ABCDEFG", 21)]  # 7 × 1, flush and straight ×3
    found = best_words(hand._replace(jumper=read_card("H1s")), Variants(), AnagramIndex(build_body(words)[0]), lambda w: True)
    assert summary(found) == [("ABCDEFG", 21), ("ABCDEFGH", 16)]  # the Jumper as H: 8 × 1, no flush, straight ×2
    assert token_line(found[1]).endswith("G1m *H1s")
