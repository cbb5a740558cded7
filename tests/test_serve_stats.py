"""`referee serve`'s season page, /stats (issue 26 point 5), built as every other page is
(issue 32 point 7): the shell ``static/page.html`` drawn by ``static/season.js`` from
``/api/stats``, the season `referee stats FOLDER --json` gives, said in the page's
language with the terminal's own words and numbers, behind the same guard as every page;
through starlette's test client (the drawing itself: tests/test_serve_stats_browser.py).

The charts' values are checked against the JSON of the same folder: each rating point
and each win-rate bar. Privacy by non-interference: a game in progress in the folder,
dealt otherwise and played otherwise, changes not a byte of the answer.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from referee import savefile
from referee.web.server import LANG_COOKIE, SECURITY_HEADERS, STATIC, Served, create_app, create_season_app

REPO = Path(__file__).resolve().parent.parent
SEASON = REPO / "examples" / "season"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "shelf"
    shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
    return folder


def client_of(folder: Path, language: str = "en") -> TestClient:
    return TestClient(create_season_app(folder, language), base_url=BASE, follow_redirects=False)


def answer_of(folder: Path, address: str = "/api/stats", language: str = "en") -> dict[str, Any]:
    response = client_of(folder, language).get(address)
    assert response.status_code == 200 and response.headers["content-type"] == "application/json"
    return response.json()  # type: ignore[no-any-return]


def games_of(answer: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each game of the answer by its name (``spellcrafter``)."""
    return {game["game"]: game for game in answer["games"]}


def blocks(game: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [block for block in game["blocks"] if block["kind"] == kind]


def text(cell: str | dict[str, str]) -> str:
    """A table cell as it reads: its text, and its note after it."""
    return cell if isinstance(cell, str) else " ".join(filter(None, (cell["text"], cell.get("note"))))


def one_decimal(value: float) -> str:
    """A rating as people read it: 1 decimal, the minus sign, no sign on a zero."""
    written = f"{value:.1f}"
    return "0.0" if written == "-0.0" else written.replace("-", "−")


def test_the_season_answer_is_the_season_referee_stats_gives_for_the_folder(referee, shelf):
    document = referee("stats", str(shelf), "--json").json()
    answer = answer_of(shelf)
    games = games_of(answer)
    assert answer["notes"][0] == f"{document['files']['matches']} finished matches in {document['files']['read']} files read"
    assert set(games) == set(document["games"])
    for name, game in document["games"].items():
        shown = games[name]
        assert shown["heading"] == f"{game['title']}: {game['matches']} finished matches"
        if "players" not in game:
            assert blocks(shown, "note")[0]["text"] == f"won {game['won']}, lost {game['lost']}"
            continue
        [charts] = blocks(shown, "charts")
        rated = {p["name"]: p for p in game["players"] if p["rating"]}
        series = {line["name"]: line for line in charts["ratings"]["series"]}
        assert set(series) == set(rated)
        for player, line in series.items():
            history = rated[player]["rating"]["history"]
            assert [point["value"] for point in line["points"]] == [point["rating"] for point in history]
            assert [point["title"] for point in line["points"]] == [f"{player}, {point['date'][:10]}: {one_decimal(point['rating'])}" for point in history]
            assert line["points"][0]["at"] >= 0 and line["points"][-1]["at"] <= 1
            assert charts["ratings"]["low"] <= min(p["rating"] for p in history) and charts["ratings"]["high"] >= max(p["rating"] for p in history)
        bars = {bar["name"]: bar for bar in charts["win_rate"]["bars"]}
        assert {name: bar["rate"] for name, bar in bars.items()} == {p["name"]: p["win_rate"] for p in game["players"]}
        players = blocks(shown, "table")[0]
        for player, row in zip(game["players"], players["rows"], strict=True):
            assert [text(cell) for cell in row[:4]] == [player["name"], str(player["played"]), str(player["wins"]), f"{player['win_rate'] * 100:.0f}"]


def test_the_players_table_on_the_page_reads_as_referee_stats_prints_it(referee, shelf):
    """One style of numbers: each row of the page's table of players is, cell for cell, a
    row of the terminal's (ratings with 1 decimal and the change after it, "−" minus)."""
    printed = {tuple(line.split()) for line in referee("stats", str(shelf)).stdout.splitlines()}
    for game in answer_of(shelf)["games"]:
        for row in blocks(game, "table")[0]["rows"] if blocks(game, "charts") else []:
            assert tuple(" ".join(text(cell) for cell in row).split()) in printed, row


def test_ratings_are_written_with_one_decimal_and_the_decimal_comma_in_dutch(shelf):
    english, dutch = answer_of(shelf), answer_of(shelf, "/api/stats?lang=nl")
    for answer, number in ((english, r"−?[0-9]+\.[0-9]"), (dutch, r"−?[0-9]+,[0-9]")):
        for game in answer["games"]:
            for charts in blocks(game, "charts"):
                for line in charts["ratings"]["series"]:
                    assert re.fullmatch(number, line["rating"]), line["rating"]
                    assert all(re.search(rf": {number}$", point["title"]) for point in line["points"])
            for row in blocks(game, "table")[0]["rows"] if blocks(game, "charts") else []:
                rating = row[7]
                assert re.fullmatch(number, rating["text"]) and re.fullmatch(rf"[+]{number}|{number}|±0", rating["note"])
    said = [re.sub(r"[0-9]{4}-[0-9]{2}-[0-9]{2}|\S+\.toml", "", words) for words in strings(english["games"])]
    assert not [words for words in said if "-" in words]  # every minus for people is "−" (dates and files aside)


def strings(value: object) -> list[str]:
    """Every text in a JSON value (the numbers left as numbers are for placing)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def test_the_season_page_is_the_pages_shell_drawn_by_its_script(shelf):
    page = client_of(shelf).get("/stats").text
    shell = (STATIC / "page.html").read_text(encoding="utf-8")
    assert page == shell.replace("{{page}}", "season").replace("{{game}}", "season").replace("{{lang}}", "en").replace("{{title}}", "Season")
    assert '<script src="/static/season.js" defer></script>' in page and "http" not in page.replace("http-equiv", "")


def test_the_season_is_drawn_with_dom_calls_never_from_markup_in_strings():
    script = (STATIC / "season.js").read_text(encoding="utf-8")
    for markup in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "DOMParser", "<svg", "<table", "<div"):
        assert markup not in script, markup
    assert "createElementNS" in script and "Referee" in script
    source = (REPO / "referee" / "web" / "season.py").read_text(encoding="utf-8")
    assert "import html" not in source and "escape(" not in source


def test_the_answer_holds_text_not_markup(shelf):
    """Names and words go to ``textContent``: nothing in the answer is markup to parse."""
    answer = json.dumps(answer_of(shelf), ensure_ascii=False)
    assert "<" not in answer and "&lt;" not in answer and "&amp;" not in answer


def test_the_season_speaks_dutch_when_asked_by_address_cookie_or_lang(shelf):
    dutch = answer_of(shelf, "/api/stats?lang=nl")
    assert dutch["lang"] == "nl" and dutch["labels"]["title"] == "Seizoen" and dutch["labels"]["next"] == "Volgende pagina"
    charts = blocks(games_of(dutch)["spellcrafter"], "charts")[0]
    assert charts["ratings"]["title"] == "Rating door de tijd" and charts["win_rate"]["title"] == "Winstpercentage"
    assert dutch["notes"][0] == "24 uitgespeelde partijen in 25 gelezen bestanden"
    assert answer_of(shelf, language="nl")["lang"] == "nl"
    assert '<html lang="nl">' in client_of(shelf, "nl").get("/stats").text and "<title>Seizoen · referee" in client_of(shelf).get("/stats?lang=nl").text
    client = client_of(shelf)
    client.cookies.set(LANG_COOKIE, "nl")
    assert client.get("/api/stats").json()["labels"]["title"] == "Seizoen"
    assert client.get("/api/stats?lang=en").json()["labels"]["title"] == "Season"


@pytest.mark.parametrize("path", ["/", "/stats", "/api/stats", "/static/season.js", "/nowhere"])
def test_every_answer_of_a_folder_carries_the_security_headers(shelf, path):
    response = client_of(shelf).get(path)
    for name, value in SECURITY_HEADERS:
        assert response.headers[name.decode()] == value.decode(), (path, name)


def test_a_folder_leads_to_its_season_and_answers_only_its_own_host_names(shelf):
    client = client_of(shelf)
    assert client.get("/").headers["location"] == "/stats"
    for path in ("/stats", "/api/stats"):
        assert client.get(path, headers={"host": "evil.example:8765"}).status_code == 400
        assert client.post(path, headers={"content-type": "application/json"}, content="{}").status_code == 405


def test_a_damaged_file_is_named_relative_to_the_folder_without_its_problem(shelf):
    (shelf / "old").mkdir()
    (shelf / "old" / "broken.toml").write_text((REPO / "examples" / "smoorverliefd-match.toml").read_text().replace("events = ", "events = 9"))
    answer = answer_of(shelf)
    assert "skipped old/broken.toml: damaged (`referee stats` says why)" in answer["notes"]
    said = json.dumps(answer, ensure_ascii=False)
    assert str(shelf) not in said and "[end]" not in said


def unfinished_smoorverliefd(folder: Path, seed: str, cards: int) -> None:
    """A match dealt from ``seed`` (its hands private), ``cards`` cards played."""
    from referee.smoorverliefd.ruleset import RULES

    path = folder / "tonight.toml"
    savefile.create(path, RULES, {"players": ["Anna", "Bram", "Cees", "Daan"], "seed": seed})
    for _ in range(cards):
        savefile.record(path, RULES, lambda state: next(iter(RULES.legal_actions(state))))


def test_a_game_in_progress_in_the_folder_changes_not_a_byte_of_the_answer(tmp_path, referee):
    """Non-interference: two folders that differ only in a game in progress (other hands,
    other cards played) give the same answer, byte for byte; it is counted, nothing more."""
    pages = []
    for seed, cards in (("amber bridge cello", 5), ("delta echo fox", 2)):
        folder = tmp_path / seed.replace(" ", "-") / "shelf"
        shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
        unfinished_smoorverliefd(folder, seed, cards)
        pages.append(client_of(folder).get("/api/stats").content)
    assert pages[0] == pages[1]
    assert "Smoorverliefd: 8 finished matches, 1 unfinished" in pages[0].decode()


def test_a_served_game_file_shows_the_season_of_its_folder_at_stats(shelf):
    unfinished_smoorverliefd(shelf, "amber bridge cello", 3)
    from referee.savefile.which import game_of

    path = shelf / "tonight.toml"
    client = TestClient(create_app(Served(path, game_of(path), "en")), base_url=BASE)
    assert client.get("/stats").text == client_of(shelf).get("/stats").text
    response = client.get("/api/stats")
    assert response.status_code == 200 and "Smoorverliefd: 8 finished matches, 1 unfinished" in response.text
    assert response.content == client_of(shelf).get("/api/stats").content
    for name, value in SECURITY_HEADERS:
        assert response.headers[name.decode()] == value.decode()


def test_serving_a_folder_has_no_seat_links(referee, shelf):
    result = referee("serve", str(shelf), "--links")
    assert result.exit_code == 2 and "a folder has no seats" in result.stderr and "Traceback" not in result.stderr


def test_an_empty_folder_says_no_match_was_found(tmp_path):
    answer = answer_of(tmp_path)
    assert answer["empty"] == "no finished or unfinished match was found" and answer["games"] == []
    assert answer["notes"] == ["0 finished matches in 0 files read"]


def test_the_rating_axis_takes_round_steps_and_holds_zero():
    from referee.web.season import _scale

    low, high, step = _scale([3.2, 9.7])
    assert (low, high, step) == (0, 10, 2)
    low, high, step = _scale([-5.5, 1.2])
    assert low <= -5.5 and high >= 1.2 and step in (1, 2) and low % step == 0


@pytest.mark.slow
def test_referee_serve_folder_serves_the_season_page_until_ctrl_c(shelf):
    """The real command: it shows the page's address, answers /stats, and stops on Ctrl-C."""
    import http.client
    import signal
    import socket
    import subprocess
    import sys

    from browser import poll

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "referee", "serve", str(shelf), "--host", "127.0.0.1", "--port", str(port)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip

    def get(path: str) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", path)
            response = connection.getresponse()
            return response.status, response.read().decode()
        except OSError:
            return 0, ""
        finally:
            connection.close()

    try:
        poll(lambda: get("/stats")[0] == 200 or process.poll() is not None)
        status, page = get("/api/stats")
        assert status == 200 and "Spellcrafter: 8 finished matches" in page
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert f"http://127.0.0.1:{port}/stats" in out and "Stopped." in out and "Traceback" not in err
