"""Every Smoorverliefd page in every state, in a real browser (headless Chromium): the
TV fits 1920×1080 and 1280×720 with nothing cut off and nothing to scroll, a phone fits
360×640 without scrolling sideways, and axe-core finds no serious or critical problem,
in English and in Dutch (issue 33, points 4 and 5); the round's story and the end of a
match as the pages draw them (points 1 and 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from browser import PHONE_SMALL, TV, TV_720, assert_accessible, assert_fits, browsers, page_text, screen, serving, wait_for
from smoor_states import STATES, long_match, seat_shown

__all__ = ["browsers"]  # the fixture, used by name


def drawn(driver: Any, language: str) -> None:
    """Wait until the page is drawn from an answer in ``language``."""
    wait_for(driver, lambda d: d.execute_script(
        "return !!(typeof Referee !== 'undefined' && Referee.data && Referee.data.lang === arguments[0]) && document.querySelector('main#root > *') !== null",
        language))  # fmt: skip


def looked_at(driver: Any, url: str, language: str) -> None:
    driver.get(url)
    drawn(driver, language)


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("state", sorted(STATES))
def test_every_state_fits_every_tv_and_a_small_phone_and_is_accessible(tmp_path, browsers, state, language):
    path = STATES[state](tmp_path)
    with serving(path, language) as server:
        tv = browsers(TV)
        for size in (TV, TV_720):
            screen(tv, size)
            looked_at(tv, server.url("/"), language)
            assert_fits(tv, size)
        assert_accessible(tv)
        phone = browsers(PHONE_SMALL)
        looked_at(phone, server.seat_link(seat_shown(path)), language)
        assert_fits(phone, PHONE_SMALL)
        assert_accessible(phone)


@pytest.mark.slow
def test_a_twenty_round_match_keeps_its_last_rounds_on_a_small_tv(tmp_path, browsers):
    path = long_match(tmp_path)
    with serving(path) as server:
        tv = browsers(TV_720)
        screen(tv, TV_720)
        looked_at(tv, server.url("/"), "en")
        assert_fits(tv, TV_720)
        shown = tv.execute_script("return [...document.querySelectorAll('#rounds tr.round:not([hidden])')].map(r => r.dataset.round)")
        assert shown and shown[-1] == "20" and shown == [str(n) for n in range(21 - len(shown), 21)]  # the last ones, in order
        if len(shown) < 20:
            assert tv.find_element("css selector", "#rounds tr.earlier").is_displayed()
        assert tv.find_element("css selector", "#rounds tfoot").is_displayed()  # the totals always
        screen(tv, TV)
        looked_at(tv, server.url("/"), "en")
        assert_fits(tv, TV)


@pytest.mark.slow
def test_the_round_story_is_on_the_tv_and_every_phone_until_the_next_rounds_first_entry(tmp_path, browsers):
    from referee import savefile
    from referee.smoorverliefd.ruleset import RULES

    path = STATES["round-over"](tmp_path)
    with serving(path) as server:
        tv = browsers(TV)
        looked_at(tv, server.url("/"), "en")
        phones = [browsers(PHONE_SMALL) for _seat in range(2)]
        for seat, phone in enumerate(phones):
            looked_at(phone, server.seat_link(seat), "en")
        for driver in (tv, *phones):
            text = wait_for(driver, lambda d: d.find_elements("id", "story"))[0].text
            assert "Round 2 is over" in text and "bid 0" in text and "Cursed suit ♣ clubs" in text
        assert tv.find_elements("id", "rounds")
        savefile.record(path, RULES, {"kind": "bid", "bids": {"Anna": 1}})
        for driver in (tv, *phones):
            wait_for(driver, lambda d: not d.find_elements("id", "story"))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_end_of_a_match_celebrates_the_winner_with_the_standings_the_season_and_a_rematch(tmp_path, browsers, language):
    path = STATES["over"](tmp_path)
    with serving(path, language) as server:
        tv = browsers(TV)
        looked_at(tv, server.url("/"), language)
        phone = browsers(PHONE_SMALL)
        looked_at(phone, server.seat_link(0), language)
        answer = tv.execute_script("return Referee.data")
        for driver in (tv, phone):
            winner = driver.find_element("id", "winner")
            assert winner.text == answer["outcome"]
            sizes = driver.execute_script(
                "const w = parseFloat(getComputedStyle(document.getElementById('winner')).fontSize);"
                "return [w, Math.max(...[...document.querySelectorAll('#root *')].filter(e => e.id !== 'winner' && e.childNodes.length"
                " && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())).map(e => parseFloat(getComputedStyle(e).fontSize)))];")  # fmt: skip
            assert sizes[0] > sizes[1], sizes  # the winner is the largest words on the page
            names = [row.text.split("\n")[0] for row in driver.find_elements("css selector", "#final-standings li .name")]
            assert names == [row["name"] for row in answer["final"]["standings"]]
            assert driver.find_element("id", "season-line").text == answer["final"]["season"]
            shown = page_text(driver).lower()
            assert "physical" not in shown and "echte kaarten" not in shown  # it dealt every card
            assert not any(words in shown for words in ("deals", "to go", "deelt", "te gaan"))  # no next round, no distance left
            assert answer["rematch"] is True  # the match is over: the host's route may start the rematch
            if driver is phone:  # a seat's phone starts it, one button; the TV has no one to tap it
                buttons = wait_for(driver, lambda d: d.find_elements("css selector", "#rematch"))
                assert len(buttons) == 1 and buttons[0].find_element("xpath", "..").get_attribute("id") == "celebration"
                assert buttons[0].text == answer["final"]["labels"]["rematch"] and buttons[0].is_enabled()
            else:
                assert not driver.find_elements("id", "rematch")
            assert_accessible(driver)
            assert_fits(driver, TV if driver is tv else PHONE_SMALL)
        if language == "nl":
            assert page_text(tv).count("Eindstand") == 1 and "Seizoen:" in page_text(tv)


@pytest.mark.slow
def test_the_rematch_button_posts_to_the_hosts_route(tmp_path, browsers):
    path = STATES["over"](tmp_path)
    with serving(path) as server:
        phone = browsers(PHONE_SMALL)
        looked_at(phone, server.seat_link(0), "en")
        phone.execute_script(
            "window.posted = [];"
            "window.fetch = (url, options) => { window.posted.push([String(url), options && options.method, options && options.body]);"
            " return Promise.resolve(new Response('{}', {status: 200})); };"
            "Referee.data.rematch = true; Referee.redraw();")  # fmt: skip
        wait_for(phone, lambda d: d.find_elements("id", "rematch"))[0].click()
        assert wait_for(phone, lambda d: d.execute_script("return window.posted")) == [["/api/rematch", "POST", '{"file":"over.toml"}']]
