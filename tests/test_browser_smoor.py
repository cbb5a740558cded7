"""`referee serve` on a Smoorverliefd match in a real browser (headless Chromium): a whole
seeded round played only by tapping cards on four phone pages, with the TV page open
(issue 23, "Done when"); a refused play shown on the phone; a Dutch phone."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE, TV, Size, browsers, page_text, serving, wait_for
from referee import savefile
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup

__all__ = ["browsers"]  # the fixture, used by name

NAMES = ["Anna", "Bram", "Cees", "Daan"]

# Every hand a phone is given, kept by the page itself: each draw's hand is appended.
RECORD_HANDS = """
window.handsSeen = window.handsSeen || [];
if (!window.recording) {
  window.recording = true;
  document.addEventListener("referee:drawn", event => window.handsSeen.push(event.detail.view.hand || []));
  if (Referee.data && Referee.data.view) window.handsSeen.push(Referee.data.view.hand || []);
}
"""


def new_match(folder: Path) -> Path:
    path = folder / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="browser", target=100))
    return path


def state_of(path: Path) -> Match:
    return savefile.load(path, RULES).state


def cards_shown(driver: Any, selector: str) -> list[str]:
    found = driver.execute_script(
        "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.dataset.card)", selector
    )
    return [str(card) for card in found]


def open_phones(server: Any, open_browser: Callable[[Size], Any]) -> list[Any]:
    phones = []
    for seat in range(4):
        phone = open_browser(PHONE)
        phone.get(server.seat_link(seat))
        wait_for(phone, lambda d: cards_shown(d, "#hand .card"))
        phone.execute_script(RECORD_HANDS)
        phones.append(phone)
    return phones


@pytest.mark.slow
def test_a_whole_seeded_round_is_played_from_four_phones_with_the_tv_watching(tmp_path, browsers):
    path = new_match(tmp_path)
    dealt = state_of(path).current.hands
    assert dealt is not None
    rng = random.Random(23)
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: d.find_elements("id", "standings"))
        phones = open_phones(server, browsers)
        for _ in range(52):
            state = state_of(path)
            seat = state.to_play
            assert seat is not None
            phone = phones[seat]
            playable = wait_for(phone, lambda d: cards_shown(d, "#hand .card.playable:not([disabled])"))
            for other in phones:
                if other is not phone:
                    assert not cards_shown(other, "#hand .card.playable:not([disabled])")
            card = rng.choice(playable)
            phone.find_element("css selector", f'#hand .card[data-card="{card}"]').click()
            wait_for(tv, lambda d: card in cards_shown(d, "#trick .card, #last-trick .card"))
            wait_for(phone, lambda d: card not in cards_shown(d, "#hand .card") or d.execute_script("return Referee.data.view.round") == 2)
        wait_for(tv, lambda d: d.execute_script("return Referee.data.view.chart.totals[0].length") == 2)
        played = state_of(path)
        assert played.current.number == 2 and len(played.rounds) == 1
        totals = [int(cell.text) for cell in tv.find_elements("css selector", "#standings td.total")]
        assert totals == list(played.totals) and sum(totals) > 0
        for seat, phone in enumerate(phones):
            seen = phone.execute_script("return window.handsSeen")
            received = {card for hand in seen for card in hand}
            assert received <= {str(card) for card in dealt[seat]} | {str(card) for card in (played.current.hands or ())[seat]}, seat
            assert len(seen) > 13  # it was told of every card played, not only its own
    events = savefile.load(path, RULES).events
    assert [event["kind"] for event in events] == ["play"] * 52


@pytest.mark.slow
def test_a_refused_play_is_said_on_that_phone_and_a_dutch_phone_reads_dutch(tmp_path, browsers):
    path = new_match(tmp_path)
    state = state_of(path)
    leader = state.current.leader
    waiting = (leader + 1) % 4
    with serving(path) as server:
        phone = browsers(PHONE)
        phone.get(server.seat_link(waiting))
        wait_for(phone, lambda d: cards_shown(d, "#hand .card"))
        assert not cards_shown(phone, "#hand .card.playable")  # not this seat's turn: nothing to tap
        before = path.read_bytes()
        card = cards_shown(phone, "#hand .card")[0]
        phone.execute_script("Referee.act('play', {card: arguments[0]})", card)  # a stale page's tap
        notice = wait_for(phone, lambda d: d.find_element("id", "notice").text)
        assert notice == "play is not one of your choices now; look again"
        assert path.read_bytes() == before
        dutch = browsers(PHONE)
        dutch.get(server.seat_link(leader))
        wait_for(dutch, lambda d: d.find_elements("id", "language")).pop().click()
        wait_for(dutch, lambda d: d.execute_script("return document.documentElement.lang") == "nl" and d.find_elements("id", "prompt"))
        assert "Jij komt uit: tik op een kaart om haar te spelen" in page_text(dutch)
        assert f"{NAMES[leader]} komt uit" in page_text(dutch)
