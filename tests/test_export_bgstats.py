"""`referee export --bgstats / --bgsplay`: plays for the BG Stats app (issue 26, "Sharing")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

REPO = Path(__file__).resolve().parent.parent
SEASON = REPO / "examples" / "season"
ONE = sorted(SEASON.glob("*-smoor-*.toml"))[0]

#: The fields BG Stats documents for a pushed play ("Push plays to BG Stats from other
#: apps or websites"): the play, its game and each player.
PLAY_FIELDS = {"sourceName", "sourcePlayId", "playDate", "durationMin", "location", "board", "comments", "game", "players"}
GAME_FIELDS = {"name", "highestWins", "noPoints", "sourceGameId"}
PLAYER_FIELDS = {"name", "score", "winner", "startPlayer", "rank", "role", "sourcePlayerId"}


def test_the_bgstats_link_holds_the_documented_fields(referee):
    document = referee("export", str(ONE), "--bgstats", "--json").json()
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert document["link"].startswith(prefix)
    play = json.loads(unquote(document["link"].removeprefix(prefix)))
    assert play == document["play"]
    assert set(play) == PLAY_FIELDS and set(play["game"]) == GAME_FIELDS  # no bggId: these games have none
    assert all(set(player) == PLAYER_FIELDS for player in play["players"])
    assert sum(player["startPlayer"] for player in play["players"]) == 1
    assert [p["winner"] for p in play["players"]].count(True) >= 1
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "  # YYYY-MM-DD HH:MM:SS


def test_the_bgstats_link_comes_with_a_qr_code_when_the_terminal_is_wide_enough(referee):
    text = referee("export", str(ONE), "--bgstats", env={"COLUMNS": "120"}).stdout
    assert text.startswith("https://app.bgstatsapp.com/") and "█" in text
    drawn = text.splitlines()[1:]
    assert len(drawn) > 20 and max(len(line) for line in drawn) <= 120


def test_a_qr_code_too_wide_for_an_80_column_terminal_is_not_drawn_and_the_line_says_how_wide_it_needs(referee):
    text = referee("export", str(ONE), "--bgstats", env={"COLUMNS": "80"}).stdout
    link, said = text.splitlines()
    assert link.startswith("https://app.bgstatsapp.com/") and "█" not in text
    assert re.fullmatch(r"\(its QR code needs a terminal 1\d\d columns wide, and this one has 80: widen it .*\)", said), said
    dutch = referee("--lang", "nl", "export", str(ONE), "--bgstats", env={"COLUMNS": "80"}).stdout.splitlines()[1]
    assert "kolommen" in dutch, dutch


def test_bgsplay_writes_every_finished_match_pointing_at_its_tables(referee, tmp_path):
    out = tmp_path / "season.bgsplay"
    result = referee("export", str(SEASON), "--bgsplay", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    document = json.loads(out.read_text("utf-8"))
    assert set(document) == {"about", "players", "locations", "games", "plays"}
    assert result.json()["plays"] == len(document["plays"]) == 24
    ids = {table: {row["id"] for row in document[table]} for table in ("players", "locations", "games")}
    for play in document["plays"]:
        assert play["gameRefId"] in ids["games"] and play["locationRefId"] in ids["locations"] | {0}
        assert all(score["playerRefId"] in ids["players"] and isinstance(score["score"], str) for score in play["playerScores"])
    assert {game["name"]: game["cooperative"] for game in document["games"]} == {"Smoorverliefd": False, "Spellcrafter": False, "Smitten": True}
    again = tmp_path / "again.bgsplay"
    referee("export", str(SEASON), "--bgsplay", str(again))
    assert [p["uuid"] for p in json.loads(again.read_text("utf-8"))["plays"]] == [p["uuid"] for p in document["plays"]]


def test_export_needs_one_way_and_one_match_for_a_link(referee, tmp_path):
    assert referee("export", str(ONE)).exit_code == 2
    result = referee("export", str(SEASON), "--bgstats")
    assert result.exit_code == 2 and "--bgsplay" in result.stderr
    (tmp_path / "m.toml").write_text("")
    referee("smoor", "new", str(tmp_path / "n.toml"), "Anna", "Bram", "Cees")
    result = referee("export", str(tmp_path / "n.toml"), "--bgstats")
    assert result.exit_code == 1 and "finished" in result.stderr
