"""Counts are worded in the right number everywhere: "1 card", never "1 cards"."""

from __future__ import annotations

from referee import savefile
from referee.wording import counted, verb
from toy_game import TALLY, score


def test_one_thing_is_singular_and_any_other_count_plural():
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "match", "matches") == "2 matches"
    assert verb(1, "wins", "win") == "wins" and verb(2, "wins", "win") == "win"


def test_undo_says_how_many_events_remain_in_the_right_number(referee, tmp_path):
    path = tmp_path / "g.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    for _ in range(2):
        referee("smoor", "round", str(path), "a=13", "--ace", "a")
    assert f"{path} now holds 1 event." in referee("smoor", "undo", str(path)).stdout
    assert f"{path} now holds 0 events." in referee("smoor", "undo", str(path)).stdout


def test_a_cut_file_message_counts_in_the_right_number(tmp_path):
    path = tmp_path / "g.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bob"]})
    savefile.record(path, TALLY, score("Anna", 1))
    path.write_text(path.read_text("utf-8").replace("events = 1", "events = 2"), "utf-8")
    try:
        savefile.load(path, TALLY)
    except savefile.SaveFileError as error:
        assert "[end] says 2 events but the file holds 1 event" in str(error)
    else:
        raise AssertionError("the cut file loaded")


def test_listed_words_are_joined_with_commas_and_the_last_word():
    from referee.wording import listed

    assert listed([]) == "" and listed(["a"]) == "a" and listed(["a", "b"]) == "a and b"
    assert listed(["a", "b", "c"], "or") == "a, b or c"
