"""The frame every page shares, in headless Chromium (issue 23 point 4): the table's public
QR code, a phone's language switch kept in its cookie, and the reconnect banner when the
event stream drops, after which the page draws the file as it is now (a restarted
server counts its versions anew). On the toy game (tests/toy_game.py), whose pages have
no drawing of their own: what is checked is the shared frame and ``Referee.data``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pytest
from browser import PHONE, TV, browsers, poll, wait_for  # noqa: F401  (browsers: a fixture)
from toy_game import SPEC, TALLY, score

from referee import games, savefile

if TYPE_CHECKING:
    from referee.web.server import Served

pytestmark = pytest.mark.slow


@pytest.fixture
def tally(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    path: Path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    return path


class Live(NamedTuple):
    """A server running in a thread: its address, its port and what it serves."""

    url: str
    port: int
    served: Served


@contextmanager
def server_on(path: Path, port: int = 0) -> Iterator[Live]:
    """The real server (as `referee serve` runs it) on ``port`` (0: a free one), in a thread."""
    from referee.cli.serve import bind
    from referee.web.server import Served, uvicorn_server

    listening = bind("127.0.0.1", port)
    served = Served(path, SPEC, "en")
    server = uvicorn_server(served, host="127.0.0.1", port=listening.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    poll(lambda: server.started)
    port = listening.getsockname()[1]
    try:
        yield Live(f"http://127.0.0.1:{port}", port, served)
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        listening.close()
        assert not thread.is_alive()


def data(driver: Any) -> Any:
    return driver.execute_script("return Referee.data")


def test_the_tables_screen_shows_its_public_qr_code(tally, browsers):
    from selenium.webdriver.common.by import By

    with server_on(tally) as server:
        tv = browsers(TV)
        tv.get(server.url + "/")
        wait_for(tv, lambda d: d.find_element(By.ID, "qr").is_displayed())
        image = tv.find_element(By.CSS_SELECTOR, "#qr img")
        assert image.get_attribute("src") == server.url + "/qr.svg"
        wait_for(tv, lambda d: d.execute_script("const i = document.querySelector('#qr img'); return i.complete && i.naturalWidth > 0"))
        assert tv.find_element(By.ID, "qr-text").text == "Scan to open the table's screen"
        assert not tv.find_element(By.ID, "languages").is_displayed()  # the TV follows --lang


def test_a_phone_switches_its_language_and_keeps_it(tally, browsers):
    from selenium.webdriver.common.by import By

    with server_on(tally) as server:
        phone = browsers(PHONE)
        phone.get(server.url + f"/join/{server.served.links.tokens[1]}")
        wait_for(phone, lambda d: data(d) and data(d)["name"] == "Bram")
        english = phone.find_element(By.CSS_SELECTOR, '#languages button[data-lang="en"]')
        assert english.get_attribute("aria-pressed") == "true"
        phone.find_element(By.CSS_SELECTOR, '#languages button[data-lang="nl"]').click()
        wait_for(phone, lambda d: data(d) and data(d)["lang"] == "nl")
        phone.get(server.url + "/seat")  # kept in its cookie
        wait_for(phone, lambda d: data(d) and data(d)["lang"] == "nl" and d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "nl")


def test_a_dropped_stream_shows_the_banner_and_the_page_reloads_its_data_after_reconnecting(tally, browsers):
    from selenium.webdriver.common.by import By

    with server_on(tally) as server:
        port, token = server.port, server.served.links.tokens[0]
        phone = browsers(PHONE)
        phone.get(server.url + f"/join/{token}")
        wait_for(phone, lambda d: data(d) and data(d)["view"]["total"] == 0)
        assert not phone.find_element(By.ID, "lost").is_displayed()
        savefile.record(tally, TALLY, score("Anna", 1))
        wait_for(phone, lambda d: data(d)["view"]["total"] == 1 and data(d)["version"] >= 2)
    wait_for(phone, lambda d: d.find_element(By.ID, "lost").is_displayed())
    assert phone.find_element(By.ID, "lost-text").text == "Connection lost; reconnecting…"
    savefile.record(tally, TALLY, score("Anna", 5))  # while the server is down
    with server_on(tally, port):  # back, counting its versions from 1 again
        wait_for(phone, lambda d: not d.find_element(By.ID, "lost").is_displayed())
        wait_for(phone, lambda d: data(d)["view"]["total"] == 6)


def test_a_phone_whose_link_was_replaced_is_asked_to_join_again(tally, browsers):
    from selenium.webdriver.common.by import By

    with server_on(tally) as server:
        phone = browsers(PHONE)
        phone.get(server.url + f"/join/{server.served.links.tokens[0]}")
        wait_for(phone, lambda d: data(d) and data(d)["name"] == "Anna")
        server.served.reissue(0)
        wait_for(phone, lambda d: d.find_element(By.ID, "notice").is_displayed())
        assert phone.find_element(By.ID, "notice").text == "Open your seat's link (ask the host) to see your hand here."
        assert not phone.find_element(By.ID, "lost").is_displayed()
