"""`referee serve` on a Smoorverliefd match in a real browser (headless Chromium): a whole
seeded round played only by tapping cards on four phone pages, with the TV page open
(issue 23, "Done when"); a refused play shown on the phone; a Dutch phone."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE, TV, Size, assert_accessible, browsers, page_text, serving, wait_for
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


# What the phones say of the bids and the curse, in each language (the voice's words).
DECISION_WORDS: dict[str, dict[str, Any]] = {
    "en": {"bid": "Your bid: how many hearts will you take this round?", "curse": "You deal: name the cursed suit of this round",
           "hearts": "hearts", "suits": ["clubs", "diamonds", "hearts", "spades"]},
    "nl": {"bid": "Jouw bod: hoeveel harten vang je deze ronde?", "curse": "Jij deelt: noem de vervloekte kleur van deze ronde",
           "hearts": "harten", "suits": ["klaveren", "ruiten", "harten", "schoppen"]},
}  # fmt: skip


def tap(driver: Any, css: str) -> None:
    """Tap the element ``css`` once it is there and enabled (the page redraws as events arrive)."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def tapped(d: Any) -> bool:
        try:
            found = [element for element in d.find_elements("css selector", css) if element.is_enabled()]
            if not found:
                return False
            found[0].click()
            return True
        except (StaleElementReferenceException, WebDriverException):
            return False

    wait_for(driver, tapped)


def last_event(path: Path) -> dict[str, Any]:
    events = savefile.load(path, RULES).events
    return dict(events[-1]) if events else {}


def seen(driver: Any, script: str) -> Any:
    return driver.execute_script(f"return Referee.data && Referee.data.view ? {script} : undefined")


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
def test_phones_bid_blind_and_the_dealers_phone_names_the_cursed_suit(tmp_path, browsers, language):
    """Blinde liefde and Cupido from phones alone: each phone taps its bid in the row of
    numbers (nobody else sees it until every bid is in), the round is played, and the next
    dealer's phone names the cursed suit from four suits, each by symbol and name."""
    from browser import poll

    words = DECISION_WORDS[language]
    path = tmp_path / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="browser", variants=["blinde-liefde", "cupido"], target=100))
    with serving(path, language) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: d.find_elements("id", "standings"))
        phones = []
        for seat in range(4):
            phone = browsers(PHONE)
            phone.get(server.seat_link(seat))
            wait_for(phone, lambda d: len(d.find_elements("css selector", ".choices.numbers button")) == 14)
            phones.append(phone)
        assert words["bid"] in page_text(phones[0])
        assert_accessible(phones[0])
        named = phones[0].execute_script("return [...document.querySelectorAll('#hand .card')].map(c => c.getAttribute('aria-label'))")
        assert len(named) == 13 and all(any(suit in name for suit in words["suits"]) for name in named)  # not playable now: named all the same
        assert [button.text for button in phones[0].find_elements("css selector", ".choices.numbers button")] == [str(n) for n in range(14)]
        bids = (3, 2, 4, 0)
        for seat, bid in enumerate(bids):
            tap(phones[seat], f'.choices.numbers button[data-value="{bid}"]')
            poll(lambda: last_event(path) == {"kind": "bid", "bids": {NAMES[seat]: bid}})
            wait_for(phones[seat], lambda d: not d.find_elements("css selector", ".choices.numbers button"))
            wait_for(tv, lambda d: len(d.find_elements("css selector", '#standings td.bid[data-bid="given"]')) == seat + 1 or seat == 3)
            if seat < 3:  # not all in: the others see that this seat has bid, never what
                for other, phone in enumerate(phones):
                    if other != seat:
                        wait_for(phone, lambda d: seen(d, f"Referee.data.view.bidding[{seat}]") is True)
                        assert seen(phone, "Referee.data.view.bids") is None
                        assert seen(phone, "Referee.data.view.own_bid") in (None, bids[other] if other < seat else None)
        wait_for(tv, lambda d: [cell.text for cell in d.find_elements("css selector", "#standings tbody tr td:nth-child(5)")] == [str(b) for b in bids])

        def played(events: list[dict[str, Any]], state: Match) -> list[dict[str, Any]]:  # the round's cards, at the table
            added = []
            while state.current.number == 1:
                action = next(iter(RULES.legal_actions(state)))
                added.append(RULES.encode(state, action))
                state = RULES.apply(state, action).state
            return [*events, *added]

        savefile.rewrite(path, RULES, played)
        dealer = state_of(path).current.dealer
        assert dealer == 1
        for seat, phone in enumerate(phones):
            wait_for(phone, lambda d: seen(d, "Referee.data.view.round") == 2)
            assert bool(phone.find_elements("css selector", ".choices.suits button")) == (seat == dealer)
        suits = wait_for(phones[dealer], lambda d: d.find_elements("css selector", ".choices.suits button"))
        assert [button.get_attribute("data-suit") for button in suits] == ["C", "D", "H", "S"]
        assert [button.find_element("css selector", ".name").text for button in suits] == words["suits"]
        assert words["curse"] in page_text(phones[dealer])
        assert_accessible(phones[dealer])
        tap(phones[dealer], '.choices.suits button[data-suit="H"]')
        poll(lambda: last_event(path).get("kind") == "curse")
        assert last_event(path)["suit"] == "H"
        for driver in (tv, *phones):
            shown = wait_for(driver, lambda d: d.find_elements("id", "cursed"))
            assert words["hearts"] in shown[0].text
        wait_for(phones[dealer], lambda d: not d.find_elements("css selector", ".choices.suits button"))
        assert len(phones[dealer].find_elements("css selector", ".choices.numbers button")) == 14  # its bid of round 2 is still to come
