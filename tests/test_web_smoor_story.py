"""A Smoorverliefd round ends with its story on the TV and every phone, the TV keeps a
table of every round, and the end of a match is a celebration: the final standings and
the season's line, for every game (issue 33, points 1 and 2). Through the server's
answers (no browser)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee import savefile
from referee.savefile.which import game_of
from referee.smoorverliefd.actions import Bids, CurseSuit, QuickRound
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.cards import Suit
from referee.web import final
from referee.web.server import Served

NAMES = ["Anna", "Bram", "Cees", "Daan"]


def new_match(path: Path, **options: Any) -> Path:
    savefile.create(path, RULES, Setup.build(NAMES, **options))
    return path


def answer(path: Path, seat: int | None = None, language: str = "en") -> dict[str, Any]:
    return Served(path, game_of(path), language).answer(seat, language)


def story(path: Path, seat: int | None = None, language: str = "en") -> Any:
    return answer(path, seat, language)["view"]["last_round"]


def test_after_a_rounds_last_entry_the_tv_and_every_phone_show_its_story(tmp_path):
    path = new_match(tmp_path / "m.toml")
    assert story(path) is None  # no round finished yet
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    told = story(path)
    assert told["number"] == 1 and told["title"] == "Round 1 is over"
    rows = [(row["name"], row["hearts"], row["ace"], row["points"], row["total"]) for row in told["rows"]]
    assert rows == [("Anna", 3, False, 3, 3), ("Bram", 0, False, 0, 0), ("Cees", 9, True, 13, 13), ("Daan", 1, False, 1, 1)]
    assert told["rows"][2]["notes"] == []  # A♥ is the row's own mark ("ace")
    assert told["lines"] == ["Most hearts: Cees"]
    for seat in range(4):
        assert story(path, seat) == told  # public: every phone shows the same story


def test_the_story_stays_until_the_next_rounds_first_entry(tmp_path):
    path = new_match(tmp_path / "m.toml", variants=["blinde-liefde"])
    savefile.record(path, RULES, Bids(((0, 3), (1, 0), (2, 9), (3, 1))))
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    assert story(path) is not None
    savefile.record(path, RULES, Bids(((1, 2),)))  # one bid of round 2: its first entry
    assert story(path) is None


def test_a_bid_made_or_missed_is_told_with_its_points(tmp_path):
    path = new_match(tmp_path / "m.toml", variants=["blinde-liefde"])
    savefile.record(path, RULES, Bids(((0, 3), (1, 2), (2, 9), (3, 1))))
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    rows = story(path)["rows"]
    assert rows[0]["notes"] == ["bid 3: made, +5"] and rows[0]["points"] == 8
    assert rows[1]["notes"] == ["bid 2, took 0: missed, −5"] and rows[1]["points"] == -5 and rows[1]["shown"] == "−5"


def test_the_cursed_suit_and_who_paid_for_it_are_told(tmp_path):
    path = new_match(tmp_path / "m.toml", variants=["cupido"])
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    savefile.record(path, RULES, CurseSuit(Suit.CLUBS))
    savefile.record(path, RULES, QuickRound(hearts=((0, 13),), ace=0, cursed=(1, 3)))
    told = story(path)
    assert told["lines"][0] == "Cursed suit ♣ clubs: Bram and Daan collected the most and paid 5 points"
    assert told["rows"][1]["notes"] == ["most ♣: −5"] and told["rows"][1]["points"] == -5


def test_all_thirteen_hearts_double_the_round_and_the_story_says_so(tmp_path):
    path = new_match(tmp_path / "m.toml")
    savefile.record(path, RULES, QuickRound(hearts=((0, 13),), ace=0))
    told = story(path)
    assert told["rows"][0]["points"] == 34 and told["rows"][0]["notes"] == ["all 13 hearts: doubled"]
    assert "Anna took all 13 hearts: the round counts double" in told["lines"]


def test_the_story_is_told_in_dutch(tmp_path):
    path = new_match(tmp_path / "m.toml", variants=["blinde-liefde", "cupido"])
    savefile.record(path, RULES, Bids(((0, 3), (1, 2), (2, 9), (3, 1))))
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    told = story(path, 1, "nl")
    assert told["title"] == "Ronde 1 is voorbij"
    assert told["rows"][1]["notes"] == ["bod 2, 0 gevangen: gemist, −5"]
    assert told["lines"] == ["De meeste harten: Cees"]
    assert answer(path, None, "nl")["view"]["rounds"]["title"] == "Alle rondes"


def test_the_table_of_every_round_holds_each_rounds_points_and_the_totals(tmp_path):
    path = new_match(tmp_path / "m.toml", target=200)
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    savefile.record(path, RULES, QuickRound(hearts=((1, 13),), ace=1))
    rounds = answer(path)["view"]["rounds"]
    assert rounds["players"] == NAMES
    assert rounds["rows"] == [{"number": 1, "points": [3, 0, 13, 1]}, {"number": 2, "points": [0, 34, 0, 0]}]
    assert rounds["totals"] == [3, 34, 13, 1]


def test_once_the_match_is_over_no_phone_speaks_of_physical_cards(tmp_path):
    path = new_match(tmp_path / "m.toml", seed="over", target=10)
    savefile.record(path, RULES, QuickRound(hearts=((0, 13),), ace=0))
    for seat in range(4):
        phone = answer(path, seat)
        assert phone["view"]["over"] is True and "physical" not in phone["view"]["labels"]
        assert phone["view"]["last_round"]["number"] == 1  # the last round's story stays
    going = new_match(tmp_path / "going.toml")  # physical cards, the match going on: said
    assert "physical cards" in answer(going, 0)["view"]["labels"]["physical"]


def test_the_end_of_a_match_gives_the_final_standings_winner_first(tmp_path):
    path = new_match(tmp_path / "m.toml", target=10)
    assert answer(path)["final"] is None  # while the match goes on
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    table = answer(path)
    assert table["outcome"] == "Cees wins with 13 points"
    done = table["final"]
    assert [(row["name"], row["score"], row["place"], row["winner"]) for row in done["standings"]] == [
        ("Cees", 13, 1, True), ("Anna", 3, 2, False), ("Daan", 1, 3, False), ("Bram", 0, 4, False)]  # fmt: skip
    assert done["season"] is None  # one match in the folder: no season yet
    assert done["labels"]["rematch"] == "Rematch" and answer(path, 2, "nl")["final"]["labels"]["rematch"] == "Revanche"


def finished(path: Path, winner: int) -> Path:
    new_match(path, target=10)
    savefile.record(path, RULES, QuickRound(hearts=((winner, 13),), ace=winner))
    return path


def test_the_season_line_counts_the_folders_finished_matches_of_the_game(tmp_path):
    finished(tmp_path / "a.toml", 3)
    finished(tmp_path / "b.toml", 3)
    new_match(tmp_path / "unfinished.toml")
    (tmp_path / "sub").mkdir()
    finished(tmp_path / "sub" / "elsewhere.toml", 0)  # another folder's: not counted
    path = finished(tmp_path / "c.toml", 1)
    assert answer(path)["final"]["season"] == "Season: Daan 2 wins, Bram 1, Anna 0, Cees 0"
    assert answer(path, 0, "nl")["final"]["season"] == "Seizoen: Daan 2 overwinningen, Bram 1, Anna 0, Cees 0"


def test_the_season_is_read_once_per_version_of_the_file(tmp_path, monkeypatch):
    finished(tmp_path / "a.toml", 3)
    path = finished(tmp_path / "b.toml", 1)
    counted: list[Path] = []
    real = final._count

    def counting(game: str, folder: Path) -> final.SeasonCount | None:
        counted.append(folder)
        return real(game, folder)

    monkeypatch.setattr(final, "_count", counting)
    served = Served(path, game_of(path), "en")
    for seat in (None, 0, 1, 2, 3):
        for language in ("en", "nl"):
            ended: Any = served.answer(seat, language)["final"]
            assert ended["season"]
    assert counted == [tmp_path]
    going = Served(new_match(tmp_path / "going.toml"), game_of(tmp_path / "going.toml"), "en")
    going.answer(None, "en")
    assert counted == [tmp_path]  # a match going on reads no season


@pytest.mark.parametrize("language, words", [("en", "Season: 2 of 2 matches won"), ("nl", "Seizoen: 2 van 2 partijen gewonnen")])
def test_a_cooperative_games_season_line_counts_the_matches_won(language, words):
    from referee.i18n import speaking

    with speaking(language):
        assert final.season_line_words(final.SeasonCount(2, True, 2, ()), ("Anna", "Bram")) == words
