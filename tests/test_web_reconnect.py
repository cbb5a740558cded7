"""Honest errors (issue 33 point 7): a page that loses its server says so in its own
language (the words came from the server before, and the page keeps them), never the
browser's "TypeError: Failed to fetch"; an entry tapped while the server is away says it
did not get through; the message clears itself once the server is back, and every page
reconnects and draws the file as it is then. In headless Chromium, on the toy game
(tests/toy_game.py), a real server stopped and started again on the same port; the waits
poll the page, nothing is timed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, TV, browsers, poll, wait_for  # noqa: F401  (browsers: a fixture)
from toy_game import SPEC, TALLY, score

from referee import games, savefile
from referee.i18n import speaking
from referee.web.server import labels

LOST_NL = "Verbinding verbroken; opnieuw verbinden…"


@pytest.fixture
def tally(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    path: Path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    return path


@contextmanager
def server_on(path: Path, language: str, port: int = 0) -> Iterator[tuple[str, int, Any]]:
    """The real server (as `referee serve --lang LANGUAGE` runs it) on ``port`` (0: a
    free one), in a thread: (its address, its port, what it serves)."""
    from referee.cli.serve import bind
    from referee.web.server import Served, uvicorn_server

    listening = bind("127.0.0.1", port)
    served = Served(path, SPEC, language)
    server = uvicorn_server(served, host="127.0.0.1", port=listening.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    poll(lambda: server.started)
    port = listening.getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", port, served
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        listening.close()
        assert not thread.is_alive()


def data(driver: Any) -> Any:
    return driver.execute_script("return Referee.data")


def totals(driver: Any) -> Any:
    """What the page shows: the table's totals by name, or the seat's own total."""
    view = (data(driver) or {}).get("view") or {}
    return view.get("totals", view.get("total"))


def shown(driver: Any, element: str) -> str:
    """The text of the element ``element`` when it is shown, else ""."""
    from selenium.webdriver.common.by import By

    found = driver.find_element(By.ID, element)
    return str(found.text) if found.is_displayed() else ""


def tap_points(phone: Any, points: int) -> None:
    """The seat's form filled in and sent (the toy game's decision: points to score)."""
    from selenium.webdriver.common.by import By

    field = phone.find_element(By.CSS_SELECTOR, "#decision-score input")
    field.clear()
    field.send_keys(str(points))
    phone.find_element(By.ID, "decision-score-send").click()


def test_every_page_has_the_words_for_a_lost_server_in_both_languages():
    for language in ("en", "nl"):
        with speaking(language):
            words = labels()
        assert words["unreachable"] and words["server_error"].count("{status}") == 1
    with speaking("nl"):
        assert labels()["unreachable"].startswith("Geen verbinding met de server")


@pytest.mark.slow
def test_a_stopped_server_is_said_in_dutch_and_the_pages_redraw_once_it_is_back(tally, browsers):
    with server_on(tally, "nl") as (url, port, served):
        tv, phone = browsers(TV), browsers(PHONE)
        tv.get(url + "/")
        phone.get(url + f"/join/{served.links.tokens[0]}")
        for page in (tv, phone):
            wait_for(page, lambda d: data(d) and data(d)["lang"] == "nl" and data(d)["view"])
        tap_points(phone, 2)
        wait_for(tv, lambda d: totals(d) == {"Anna": 2, "Bram": 0})
    # The server is stopped: both pages say so, in Dutch, with the words they kept.
    for page in (tv, phone):
        wait_for(page, lambda d: shown(d, "lost") == LOST_NL)
    tap_points(phone, 3)  # an entry while the server is away
    with speaking("nl"):
        unreachable = labels()["unreachable"]
    wait_for(phone, lambda d: shown(d, "notice") == unreachable)
    assert "TypeError" not in phone.page_source and "Failed to fetch" not in phone.page_source
    savefile.record(tally, TALLY, score("Bram", 5))  # typed at the laptop meanwhile
    with server_on(tally, "nl", port):  # back on the same port, counting its versions from 1 again
        for page in (tv, phone):
            wait_for(page, lambda d: shown(d, "lost") == "" and shown(d, "notice") == "")
        wait_for(tv, lambda d: totals(d) == {"Anna": 2, "Bram": 5} and data(d)["lang"] == "nl")
        wait_for(phone, lambda d: totals(d) == 2 and data(d)["entries"] == 2 and data(d)["lang"] == "nl")
    assert savefile.load(tally, TALLY).state.totals == (2, 5)  # the entry tapped while away was not recorded


@pytest.mark.slow
def test_a_language_switch_while_the_server_is_away_says_so_and_clears_itself(tally, browsers):
    from selenium.webdriver.common.by import By

    with server_on(tally, "nl") as (url, port, served):
        phone = browsers(PHONE)
        phone.get(url + f"/join/{served.links.tokens[1]}")
        wait_for(phone, lambda d: data(d) and data(d)["lang"] == "nl")
    wait_for(phone, lambda d: shown(d, "lost") == LOST_NL)
    phone.find_element(By.ID, "language").click()  # to English, while the server is away
    with speaking("nl"):
        unreachable = labels()["unreachable"]
    wait_for(phone, lambda d: shown(d, "notice") == unreachable)
    with server_on(tally, "nl", port):
        wait_for(phone, lambda d: shown(d, "lost") == "" and shown(d, "notice") == "")
        wait_for(phone, lambda d: data(d)["entries"] == 0)
