"""Smitten's pages in every state a game night reaches (issue 33 points 1, 4 and 5), in a
real browser, in English and in Dutch: two players and solo, mid-game, a 5 played (its
higher or lower), a card revealed for card 1, a phone asked higher or lower, and over
(won, or lost and why). The table's screen fits a TV of 1920×1080 and one of 1280×720
(:func:`browser.assert_fits`: nothing cut off, nothing to scroll), a phone fits 360×640
without scrolling sideways, and axe-core finds no serious or critical violation on any
of them. At the end, the result and why are on the TV and the phone, in words."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE_SMALL, TV, TV_720, assert_accessible, assert_fits, chromium, screen, serving, wait_for
from smitten_states import STATES, choosing

from referee import savefile
from referee.smitten.ruleset import RULES
from referee.smitten.solver import solve

pytestmark = pytest.mark.slow

DRAWN = "return Referee.data !== null && !!Referee.data.view && document.querySelectorAll('#root > *').length > 0"


@pytest.fixture(scope="module")
def windows() -> Iterator[dict[str, Any]]:
    """A TV and a phone of 360×640, shared by this module's tests (each phone forgets its seat)."""
    opened = {"tv": chromium(TV), "phone": chromium(PHONE_SMALL)}
    yield opened
    for driver in opened.values():
        driver.quit()


def drawn(driver: Any) -> None:
    wait_for(driver, lambda d: d.execute_script(DRAWN))


def result(driver: Any) -> tuple[str, str] | None:
    found = driver.find_elements("css selector", "#result")
    if not found:
        return None
    return found[0].find_element("css selector", ".result-title").text, found[0].find_element("css selector", ".why").text


@pytest.mark.parametrize("state", list(STATES))
@pytest.mark.parametrize("language", ["en", "nl"])
def test_each_smitten_state_fits_a_tv_and_a_small_phone_and_is_accessible(state: str, language: str, windows: dict[str, Any],
                                                                            tmp_path: Path) -> None:  # fmt: skip
    made = STATES[state](tmp_path)
    over = savefile.load(made.path, RULES).state.outcome
    tv, phone = windows["tv"], windows["phone"]
    with serving(made.path, language) as server:
        for size in (TV, TV_720):
            screen(tv, size)
            tv.get(server.url("/"))
            drawn(tv)
            assert_fits(tv, size)
            assert_accessible(tv)
        phone.delete_all_cookies()
        phone.get(server.seat_link(made.seat))
        drawn(phone)
        assert phone.execute_script("return document.documentElement.lang") == language
        assert_fits(phone, PHONE_SMALL)
        assert_accessible(phone)
        for driver in (tv, phone):  # the result and why once it is over, else nothing of the kind
            shown = result(driver)
            if over is None:
                assert shown is None
                continue
            assert shown is not None and shown[0] == {("en", True): "Won", ("en", False): "Lost",
                                                      ("nl", True): "Gewonnen", ("nl", False): "Verloren"}[language, bool(over.winners)]  # fmt: skip
            assert shown[1]  # why, in a sentence


def test_a_lost_game_says_why_on_the_tv_and_the_phone(windows: dict[str, Any], tmp_path: Path) -> None:
    made = STATES["two-lost"](tmp_path)
    with serving(made.path) as server:
        windows["tv"].get(server.url("/"))
        drawn(windows["tv"])
        windows["phone"].delete_all_cookies()
        windows["phone"].get(server.seat_link(1))
        drawn(windows["phone"])
        for driver in windows.values():
            assert result(driver) == ("Lost", "Anna could not follow card 7. There are 16 of the 17 cards in the grids.")
            assert not [shown for shown in driver.find_elements("css selector", "#root > .outcome") if shown.is_displayed()]  # said once
            seven = driver.find_element("css selector", '.grid-box[data-grid="L"] .card[data-card="7"]')
            assert (seven.get_attribute("role"), seven.get_attribute("aria-label")) == ("img", "7, place a card in the other grid")


@pytest.mark.parametrize("language", ["en", "nl"])
def test_a_phone_asked_higher_or_lower_fits_a_small_phone(language: str, windows: dict[str, Any], tmp_path: Path) -> None:
    made = choosing(tmp_path)
    move = solve(savefile.load(made.path, RULES).state).line[0]
    assert move.number == 5 and move.choice is not None  # the winning move plays a 5
    phone = windows["phone"]
    with serving(made.path, language) as server:
        phone.delete_all_cookies()
        phone.get(server.seat_link(move.actor))
        drawn(phone)
        five = phone.find_element("css selector", '.hand.mine .card.playable[data-card="5"]')
        assert five.get_attribute("aria-label") == phone.execute_script("return Referee.data.view.words.cards['5']")  # its instruction
        five.click()
        wait_for(phone, lambda d: d.find_elements("css selector", f'.cell.target[data-cell="{move.placement}"]'))[0].click()
        buttons = wait_for(phone, lambda d: d.find_elements("css selector", ".ask button.choice[data-choose]"))
        assert {button.get_attribute("data-choose") for button in buttons} == {"higher", "lower"}
        assert_fits(phone, PHONE_SMALL)
        assert_accessible(phone)
