"""A Smitten two-player game played to its end from two phones in a real browser, with
the table's screen open (issue 23, "Done when"): each card is tapped on its player's
phone, then a highlighted cell; card 5's higher/lower and card 1's reveal are asked on
that phone; the TV shows every card as it lands; neither phone ever holds the other's
hand. Headless Chromium through selenium (tests/browser.py); skipped without it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, TV, browsers, page_text, poll, serving, wait_for  # noqa: F401  (browsers: a fixture)

from referee import savefile
from referee.smitten.actions import Kind, Move
from referee.smitten.ruleset import RULES
from referee.smitten.solver import solve
from referee.smitten.state import Pending

pytestmark = pytest.mark.slow

SEED = "w0"  # its winning line plays a 1 (a reveal), a 2, a 3 (the top card) and 5s


def data(driver: Any) -> dict[str, Any]:
    """What the page last drew (the envelope it was sent)."""
    found = driver.execute_script("return Referee.data ? JSON.stringify(Referee.data) : null")
    return json.loads(found) if found else {}


def click(driver: Any, css: str) -> None:
    """Tap the element ``css`` once it is there (the page redraws as events arrive)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.by import By

    def tapped(d: Any) -> bool:
        try:
            found = d.find_elements(By.CSS_SELECTOR, css)
            if not found:
                return False
            found[0].click()
            return True
        except (StaleElementReferenceException, WebDriverException):
            return False

    wait_for(driver, tapped)


def caught_up(server: Any, drivers: list[Any], events: int) -> None:
    """Wait until the file holds ``events`` events and every page drew the newest state."""
    poll(lambda: server.served.saved is not None and len(server.served.saved.events) == events)
    for driver in drivers:
        wait_for(driver, lambda d: data(d).get("version") == server.served.version)


def tap_move(phone: Any, move: Move, top_card: bool) -> None:
    """The move, as its player makes it on the phone: a card, then a cell (and card 5's
    choice), or a card and the reveal button."""
    card = '.my-hand .card.top' if top_card else f'.hand.mine .card.playable[data-card="{move.number}"]'
    click(phone, card)
    if move.kind is Kind.REVEAL:
        click(phone, "#reveal")
        return
    click(phone, f'.cell.target[data-cell="{move.placement}"]')
    if move.choice is not None:
        click(phone, f'button.choice[data-choose="{move.choice.value}"]')


def test_a_two_player_game_is_played_from_two_phones_to_its_end_with_the_table_open(browsers, referee, tmp_path: Path) -> None:
    path = tmp_path / "night.toml"
    assert referee("smitten", "new", str(path), "--seed", SEED, "--players", "Anna", "Bram").exit_code == 0
    line = solve(RULES.start(savefile.load(path, RULES).state.setup)).line
    assert {Kind.PLAY, Kind.PLACE, Kind.REVEAL} <= {move.kind for move in line}
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        phones = [browsers(PHONE), browsers(PHONE)]
        for seat, phone in enumerate(phones):
            phone.get(server.seat_link(seat))
            wait_for(phone, lambda d: d.current_url.endswith("/seat") and data(d).get("view"))
        caught_up(server, [tv, *phones], 0)
        assert "A new turn: either player may play a card" in page_text(phones[0])
        assert "Play a card: its instruction binds your partner" in page_text(phones[0])

        # A move that is not one of the phone's choices is refused on that phone and changes nothing.
        before = path.read_bytes()
        held = data(phones[0])["view"]["hands"][0]["face_up"]
        missing = next(number for number in range(1, 10) if number not in held)
        phones[0].execute_script(f"Referee.act('play', {{kind: 'play', card: '{missing}L', by: 'Anna'}})")  # a card Anna does not hold
        wait_for(phones[0], lambda d: "play is not one of your choices now; look again" in page_text(d))
        assert path.read_bytes() == before

        # Bram reads his phone in Dutch.
        click(phones[1], "#language")
        wait_for(phones[1], lambda d: data(d).get("lang") == "nl" and "Een nieuwe beurt: elke speler mag een kaart spelen" in page_text(d))
        assert "Speel een kaart: haar opdracht geldt voor je partner" in page_text(phones[1])

        for done, move in enumerate(line):
            state = savefile.load(path, RULES).state
            phone, other = phones[move.actor], phones[1 - move.actor]
            pending = state.pending
            top_card = isinstance(pending, Pending) and pending.card == 3 and move.kind is Kind.PLACE
            tap_move(phone, move, top_card)
            caught_up(server, [tv, *phones], done + 1)
            table = data(tv)["view"]
            if move.kind in (Kind.PLAY, Kind.PLACE):  # on the TV at once, and gone from that hand
                assert move.number in table["grids"][move.side.value]  # type: ignore[union-attr]
                tv_grid = f'.grid-box[data-grid="{move.side.value}"] .card[data-card="{move.number}"]'  # type: ignore[union-attr]
                wait_for(tv, lambda d: d.find_elements("css selector", tv_grid))
            now = savefile.load(path, RULES).state
            for seat, driver in enumerate(phones):  # each phone: its own hand, never the partner's
                view = data(driver)["view"]
                assert view["hands"][seat]["face_up"] == list(now.hands[seat].face_up)
                revealed = now.pending.revealed if isinstance(now.pending, Pending) else None
                assert view["hands"][1 - seat]["face_up"] in ([], [revealed])
            assert all(hand["face_up"] in ([], [revealed]) for hand in table["hands"])  # nor does the TV
        assert savefile.load(path, RULES).state.outcome is not None
        # The result, large, and why: on the TV and each phone, in its language.
        won = "17 cards are in the grids. As the finishing touch, the last {} completes the {} grid."
        final = data(tv)["view"]["final"]
        assert final is not None
        for driver in (tv, phones[0]):
            wait_for(driver, lambda d: d.find_elements("css selector", "#result.won"))
            assert driver.find_element("css selector", "#result .result-title").text == "Won"
            assert driver.find_element("css selector", "#result .why").text == won.format(final[0], {"L": "left", "R": "right"}[final[1]])
        wait_for(phones[1], lambda d: d.find_elements("css selector", "#result.won"))
        assert phones[1].find_element("css selector", "#result .result-title").text == "Gewonnen"
        assert page_text(phones[1]).count("Er liggen 17 kaarten in de rasters") == 1
