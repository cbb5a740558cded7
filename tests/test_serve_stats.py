"""`referee serve`'s season page, /stats (issue 26 point 5): the season `referee stats
FOLDER --json` gives, drawn as HTML with two SVG charts made on the server, behind the
same guard as every page; through starlette's test client.

The charts are checked against the JSON of the same folder: each rating point (its
tooltip) and each win-rate bar (its length). Privacy by non-interference: a game in
progress in the folder, dealt otherwise and played otherwise, changes not a byte of the
page.
"""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from referee import savefile
from referee.web.server import LANG_COOKIE, SECURITY_HEADERS, Served, create_app, create_season_app

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


def sections(page: str) -> dict[str, str]:
    """Each game's part of the page, by its heading's title."""
    found = {}
    for part in page.split('<section class="game">')[1:]:
        heading = html.unescape(re.search(r"<h2>(.*?)</h2>", part)[1])  # type: ignore[index]
        found[heading.split(":")[0]] = part
    return found


def rating_points(section: str) -> dict[str, list[tuple[str, float]]]:
    """The ratings chart's points, by player: (day, rating) from each dot's tooltip."""
    points = {}
    for name, body in re.findall(r'<g class="series" data-player="([^"]*)">(.*?)</g>', section):
        name = html.unescape(name)
        found = re.findall(rf"<title>{re.escape(html.escape(name))}, (\S+): (−?[0-9.]+)</title>", body)  # a negative one with the minus sign
        points[name] = [(day, float(value.replace("−", "-"))) for day, value in found]
    return points


def bars(section: str) -> dict[str, tuple[float, float]]:
    """The win-rate chart's bars, by player: (the rate it carries, its length as a share of the track)."""
    found = {}
    for name, rate, body in re.findall(r'<g class="bar" data-player="([^"]*)" data-rate="([0-9.]+)">(.*?)</g>', section):
        track = float(re.search(r'class="track"[^>]* width="([0-9.]+)"', body)[1])  # type: ignore[index]
        filled = float(re.findall(r'<rect x="[0-9.]+" y="[0-9.]+" width="([0-9.]+)"', body)[-1])
        found[html.unescape(name)] = (float(rate), filled / track)
    return found


def test_the_season_page_is_the_season_referee_stats_gives_for_the_folder(referee, shelf):
    document = referee("stats", str(shelf), "--json").json()
    page = client_of(shelf).get("/stats").text
    parts = sections(page)
    assert f"{document['files']['matches']} matches in {document['files']['read']} files read" in page
    for game in document["games"].values():
        section = parts[game["title"]]
        assert f"{game['title']}: {game['matches']} matches" in html.unescape(section)
        if "players" not in game:
            assert f"won {game['won']}, lost {game['lost']}" in section
            continue
        points = rating_points(section)
        rated = {p["name"]: p for p in game["players"] if p["rating"]}
        assert set(points) == set(rated)
        for name, player in rated.items():
            assert points[name] == [(h["date"][:10], round(h["rating"], 2)) for h in player["rating"]["history"]]
        drawn = bars(section)
        assert set(drawn) == {p["name"] for p in game["players"]}
        for player in game["players"]:
            rate, share = drawn[player["name"]]
            assert rate == player["win_rate"] and share == pytest.approx(player["win_rate"], abs=0.001)
            row = re.search(rf"</span>{re.escape(html.escape(player['name']))}</td>((?:<td[^>]*>[^<]*</td>){{3}})", section)  # the players' table
            assert row is not None
            assert re.findall(r">([^<]*)</td>", row[1]) == [str(player["played"]), str(player["wins"]), f"{player['win_rate'] * 100:.0f} %"]


def test_the_page_draws_its_charts_itself_and_loads_nothing_from_outside(shelf):
    page = client_of(shelf).get("/stats").text
    assert page.count("<svg") == 4  # two charts for each of the two competitive games
    assert "<script" not in page and "http" not in page and "//" not in page


def test_the_season_page_speaks_dutch_when_asked_by_address_cookie_or_lang(shelf):
    assert "Seizoen" in client_of(shelf).get("/stats?lang=nl").text
    dutch = client_of(shelf, "nl").get("/stats").text
    assert '<html lang="nl">' in dutch and "Rating door de tijd" in dutch and "Winstpercentage" in dutch
    assert re.search(r"<b>-?[0-9]+,[0-9]</b>", dutch)  # a rating with the decimal comma
    client = client_of(shelf)
    client.cookies.set(LANG_COOKIE, "nl")
    assert "Seizoen" in client.get("/stats").text
    assert "Season" in client.get("/stats?lang=en").text


@pytest.mark.parametrize("path", ["/", "/stats", "/static/season.css", "/nowhere"])
def test_every_answer_of_a_folder_carries_the_security_headers(shelf, path):
    response = client_of(shelf).get(path)
    for name, value in SECURITY_HEADERS:
        assert response.headers[name.decode()] == value.decode(), (path, name)


def test_a_folder_leads_to_its_season_and_answers_only_its_own_host_names(shelf):
    client = client_of(shelf)
    assert client.get("/").headers["location"] == "/stats"
    assert client.get("/stats", headers={"host": "evil.example:8765"}).status_code == 400
    assert client.post("/stats", headers={"content-type": "application/json"}, content="{}").status_code == 405


def test_a_damaged_file_is_named_relative_to_the_folder_without_its_problem(shelf):
    (shelf / "old").mkdir()
    (shelf / "old" / "broken.toml").write_text((REPO / "examples" / "smoorverliefd-match.toml").read_text().replace("events = ", "events = 9"))
    page = client_of(shelf).get("/stats").text
    assert "skipped old/broken.toml: damaged" in page and str(shelf) not in page and "[end]" not in page


def unfinished_smoorverliefd(folder: Path, seed: str, cards: int) -> None:
    """A match dealt from ``seed`` (its hands private), ``cards`` cards played."""
    from referee.smoorverliefd.ruleset import RULES

    path = folder / "tonight.toml"
    savefile.create(path, RULES, {"players": ["Anna", "Bram", "Cees", "Daan"], "seed": seed})
    for _ in range(cards):
        savefile.record(path, RULES, lambda state: next(iter(RULES.legal_actions(state))))


def test_a_game_in_progress_in_the_folder_changes_not_a_byte_of_the_page(tmp_path, referee):
    """Non-interference: two folders that differ only in a game in progress (other hands,
    other cards played) give the same page, byte for byte; it is counted, nothing more."""
    pages = []
    for seed, cards in (("amber bridge cello", 5), ("delta echo fox", 2)):
        folder = tmp_path / seed.replace(" ", "-") / "shelf"
        shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
        unfinished_smoorverliefd(folder, seed, cards)
        pages.append(client_of(folder).get("/stats").text)
    assert pages[0] == pages[1]
    assert "Smoorverliefd: 8 matches (1 unfinished)" in pages[0]


def test_a_served_game_file_shows_the_season_of_its_folder_at_stats(shelf):
    unfinished_smoorverliefd(shelf, "amber bridge cello", 3)
    from referee.savefile.which import game_of

    path = shelf / "tonight.toml"
    client = TestClient(create_app(Served(path, game_of(path), "en")), base_url=BASE)
    response = client.get("/stats")
    assert response.status_code == 200 and "(1 unfinished)" in response.text
    assert response.text == client_of(shelf).get("/stats").text
    for name, value in SECURITY_HEADERS:
        assert response.headers[name.decode()] == value.decode()


def test_serving_a_folder_has_no_seat_links(referee, shelf):
    result = referee("serve", str(shelf), "--links")
    assert result.exit_code == 2 and "a folder has no seats" in result.stderr and "Traceback" not in result.stderr


def test_an_empty_folder_says_no_match_was_found(tmp_path):
    page = client_of(tmp_path).get("/stats").text
    assert "no finished or unfinished match was found" in page and "<svg" not in page


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
        status, page = get("/stats")
        assert status == 200 and "Spellcrafter: 8 matches" in page
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    assert f"http://127.0.0.1:{port}/stats" in out and "Stopped." in out and "Traceback" not in err
