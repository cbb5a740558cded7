"""The host's page in a real browser (headless Chromium, a 360×640 phone): opened with the
host's link, it takes back a card played from a phone and puts it back, while the phone
and the TV say so in their live region (English and Dutch); it gives a seat a new link
and shows it on the TV; axe-core finds nothing serious on it, and it fits the phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser import PHONE_SMALL, TV, assert_accessible, assert_fits, browsers, serving, wait_for
from referee import savefile
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup

__all__ = ["browsers"]  # the fixture, used by name

NAMES = ["Anna", "Bram", "Cees", "Daan"]


def new_match(folder: Path) -> Path:
    path = folder / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="host-browser", target=100))
    return path


def text_of(driver: Any, css: str) -> str:
    found = driver.execute_script("const e = document.querySelector(arguments[0]); return e && !e.hidden ? e.textContent : ''", css)
    return str(found or "")


def click(driver: Any, css: str) -> None:
    """Click the element ``css`` once it is there and enabled; a page that redraws between
    finding it and clicking it (a change streamed in) is looked at again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    def clicked(d: Any) -> bool:
        try:
            found = d.find_elements(By.CSS_SELECTOR, css)
            if not found or not found[0].is_enabled():
                return False
            found[0].click()
            return True
        except StaleElementReferenceException:
            return False

    wait_for(driver, clicked)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_host_page_takes_back_a_card_and_every_page_announces_it(tmp_path, browsers, language):
    path = new_match(tmp_path)
    with serving(path, language) as server:
        served = server.served
        leader = next(seat for seat in range(4) if any(d.kind == "play" for d in RULES.decisions(savefile.load(path, RULES).state, seat)))
        phone = browsers(PHONE_SMALL)
        phone.get(server.seat_link(leader))
        wait_for(phone, lambda d: d.execute_script("return document.querySelectorAll('.playable').length") > 0)
        tv = browsers(TV)
        tv.get(server.url("/"))
        host = browsers(PHONE_SMALL)
        host.get(server.url(f"/host/{served.links.host}"))
        wait_for(host, lambda d: text_of(d, "#host-undo"))
        assert_accessible(host)
        assert_fits(host, PHONE_SMALL)

        click(phone, ".playable")
        wait_for(phone, lambda d: len(savefile.load(path, RULES).events) == 1)
        card = savefile.load(path, RULES).events[0]["card"]
        click(host, "#host-undo")
        taken_back = "Ongedaan gemaakt: " if language == "nl" else "Taken back: "
        for page in (phone, tv, host):
            wait_for(page, lambda d: text_of(d, "#announcement").startswith(taken_back))
            assert NAMES[leader] in text_of(page, "#announcement")
        assert savefile.load(path, RULES).events == []
        assert str(card)[:-1] in text_of(tv, "#announcement")

        click(host, "#host-redo")
        put_back = "Opnieuw gedaan: " if language == "nl" else "Put back: "
        wait_for(tv, lambda d: text_of(d, "#announcement").startswith(put_back))
        assert len(savefile.load(path, RULES).events) == 1
        assert_accessible(host)


@pytest.mark.slow
def test_the_host_gives_a_seat_a_new_link_and_shows_it_on_the_tv(tmp_path, browsers):
    path = new_match(tmp_path)
    with serving(path) as server:
        served = server.served
        old = served.links.tokens[2]
        tv = browsers(TV)
        tv.get(server.url("/"))
        host = browsers(PHONE_SMALL)
        host.get(server.url(f"/host/{served.links.host}"))
        wait_for(host, lambda d: d.execute_script("return document.querySelectorAll('.host-seat.on').length") == 1)  # the TV
        click(host, "#new-link-2")
        wait_for(host, lambda d: text_of(d, "#host-link"))
        assert served.links.tokens[2] != old
        assert wait_for(host, lambda d: d.execute_script("const i = document.querySelector('#host-link img'); return i.complete && i.naturalWidth > 0"))
        assert_accessible(host)
        assert_fits(host, PHONE_SMALL)
        click(host, "#host-show")
        wait_for(tv, lambda d: "Cees" in text_of(d, "#show-link"))
        assert wait_for(tv, lambda d: d.execute_script("const i = document.querySelector('#show-link img'); return i.complete && i.naturalWidth > 0"))
        assert_accessible(tv)
        click(host, "#host-show")  # now: hide it
        wait_for(tv, lambda d: not text_of(d, "#show-link"))
