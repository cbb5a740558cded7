"""Spellcrafter drafted through the referee in a real browser (issue 24's "done when"): a
four-player seeded game of four rounds drafted and scored from four phone pages (picks
by tapping, words built by tapping, a special card's question answered, a challenge made
from a phone), the TV showing who has picked, the crafting clock and the words; and a
two-player game with discards. Every step waits for what the pages show (no sleeps).
Skipped where no browser is installed."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE, TV, Size, browsers, page_text, serving, wait_for
from referee import savefile
from referee.spellcrafter.ruleset import RULES, picks
from referee.spellcrafter.setup import Setup

__all__ = ["browsers"]  # the fixture, used by name

NAMES = ("Anna", "Bram", "Cees", "Daan")
CLOCK = re.compile(r"^\d\d:\d\d$")


def events(path: Path) -> list[dict[str, Any]]:
    return savefile.load(path, RULES).events


def settled(driver: Any, path: Path) -> None:
    """Wait until the page is drawn from the file as it is now (so a tap is not refused
    as made on a page the game has moved past)."""
    count = len(events(path))
    wait_for(driver, lambda d: d.execute_script("return Referee.data && Referee.data.entries") == count)


def css(driver: Any, selector: str) -> list[Any]:
    return list(driver.find_elements("css selector", selector))


def tap(driver: Any, selector: str, index: int = 0) -> None:
    """Click the ``index``-th element ``selector`` finds (-1: the last), once it is there;
    the page may be drawn again between finding and clicking (a word's score arriving):
    then it is found again."""
    from selenium.common.exceptions import StaleElementReferenceException

    def clicked(d: Any) -> bool:
        found = css(d, selector)
        if not found:
            return False
        try:
            found[index].click()
        except StaleElementReferenceException:
            return False
        return True

    wait_for(driver, clicked)


def shown(driver: Any, selector: str, what: str = "textContent") -> str:
    """The text (or another property) of the first element ``selector`` finds, read in the
    page (no element kept between reads: the page is drawn anew with every answer)."""
    return str(driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e[arguments[1]] : '';", selector, what))


def tv_seat_state(tv: Any, seat: int) -> str:
    return str(tv.execute_script(
        "const li = document.querySelector(`#draft li[data-seat='${arguments[0]}']`); return li ? li.className : '';", seat))  # fmt: skip


def pick_by_tapping(phone: Any, path: Path, discard: bool) -> None:
    """Keep the hand's first special card if it holds one (for a question later), else its
    first card; with two players discard the last card; then confirm (a second tap)."""
    settled(phone, path)
    before = len(events(path))
    wait_for(phone, lambda d: css(d, "#hand button.tap"))
    tap(phone, "#hand button.tap.special" if css(phone, "#hand button.tap.special") else "#hand button.tap")
    wait_for(phone, lambda d: css(d, "#hand button.keep"))
    if discard:
        tap(phone, "#hand button.tap:not(.keep)", -1)
    tap(phone, "#pick-confirm:not([disabled])")
    wait_for(phone, lambda d: len(events(path)) == before + 1)


@pytest.mark.slow
def test_a_pick_is_a_tap_to_choose_then_a_tap_to_keep_and_the_pile_lies_face_down(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    path = tmp_path / "taps.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c"))
    with serving(path) as server:
        phone = browsers(PHONE)
        phone.get(server.seat_link(1))
        settled(phone, path)
        cards = [button.get_attribute("data-card") for button in css(phone, "#hand button.tap")]
        assert css(phone, "#pick-confirm[disabled]")
        tap(phone, "#hand button.tap", 0)
        wait_for(phone, lambda d: [b.get_attribute("data-card") for b in css(d, "#hand button.keep")] == [cards[0]])
        assert len(events(path)) == 0  # one tap chooses, records nothing
        tap(phone, "#hand button.tap", 2)  # another card: the choice moves to it
        wait_for(phone, lambda d: [b.get_attribute("data-card") for b in css(d, "#hand button.keep")] == [cards[2]])
        tap(phone, "#pick-cancel")
        wait_for(phone, lambda d: not css(d, "#hand button.keep") and css(d, "#pick-confirm[disabled]"))
        tap(phone, "#hand button.tap", 3)
        wait_for(phone, lambda d: css(d, "#hand button.keep"))
        tap(phone, "#pick-confirm:not([disabled])")
        wait_for(phone, lambda d: len(events(path)) == 1)
        assert (events(path)[0]["player"], events(path)[0]["card"]) == ("Bram", cards[3])
        wait_for(phone, lambda d: "1 card kept, face down" in shown(d, "#selected"))
        assert len(css(phone, "#selected .back")) == 1 and not css(phone, "#selected [data-card]")  # face down: no card drawn
        assert f'"{cards[3]}"' not in json.dumps(received(phone)["view"]["draft_seat"])


def spell_by_tapping(phone: Any, path: Path) -> str:
    """Tap two letter cards and the Jumper, then a special card if the seat has one
    (answering its question with the first answer offered), wait for the server's score
    and enter the word. Returns the word as previewed."""
    settled(phone, path)
    assert len(css(phone, "#craft-cards button.tap:not(.special)")) >= 2

    def add(selector: str, count: int) -> None:
        """Tap a card; answer its question (a special card, the Qu card) with the first
        answer offered; wait for the word to have ``count`` cards."""
        tap(phone, selector)
        wait_for(phone, lambda d: css(d, "#question .answer") or len(css(d, "#word .chip")) == count)
        if css(phone, "#question .answer"):
            tap(phone, "#question .answer")
        wait_for(phone, lambda d: len(css(d, "#word .chip")) == count)

    add("#craft-cards button.tap:not(.special)", 1)  # a card used is no longer a button: always the first
    add("#craft-cards button.tap:not(.special)", 2)
    add(".sc-jumper-card button.tap", 3)
    if css(phone, "#craft-cards button.tap.special"):
        add("#craft-cards button.tap.special", 4)
    score = wait_for(phone, lambda d: css(d, "#enter-word:not([disabled])") and shown(d, "#preview .score"))
    before = len(events(path))
    tap(phone, "#enter-word")
    wait_for(phone, lambda d: len(events(path)) == before + 1)
    return str(score).split(" · ")[0]


def tv_word(tv: Any, seat: int) -> str | None:
    """The word the TV shows for ``seat`` in the round it shows (what it was sent and drew)."""
    entry = tv.execute_script("const v = Referee.data && Referee.data.view; return v ? v.latest.entries[arguments[0]] : null;", seat)
    shown = tv.find_elements("css selector", f".sc-entry[data-seat='{seat}'] .tiles")
    return entry["word"]["word"] if entry and entry["word"] and shown else None


def tv_sealed(tv: Any, seat: int) -> bool:
    """Whether the TV shows ``seat``'s entry face down: entered, and nothing of it sent
    (no word, no score) nor drawn (no tiles, no points)."""
    entry = tv.execute_script("const v = Referee.data && Referee.data.view; return v ? v.latest.entries[arguments[0]] : null;", seat)
    drawn = tv.find_elements("css selector", f".sc-entry[data-seat='{seat}'] .tiles")
    points = tv.execute_script("const p = document.querySelector(`.sc-entry[data-seat='${arguments[0]}'] .points`); return p ? p.textContent : null;", seat)
    return bool(entry) and entry["status"] == "entered" and entry["word"] is None and not drawn and points == ""


def received(driver: Any) -> Any:
    return driver.execute_script("return Referee.data")


@pytest.mark.slow
def test_four_rounds_drafted_and_scored_from_four_phones(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    path = tmp_path / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c"))
    specials_answered = 0
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        phones = [browsers(PHONE) for _seat in NAMES]
        for seat, phone in enumerate(phones):
            phone.get(server.seat_link(seat))
        for number in range(1, 5):
            for pick in range(1, 8):
                if pick == 1 and number > 1:  # the TV tells the last round's story until the first pick
                    wait_for(tv, lambda d: received(d)["view"]["story"] and received(d)["view"]["latest"]["number"] == number - 1)
                else:
                    wait_for(tv, lambda d: f"Pick {pick} of 7" in page_text(d))
                for seat, phone in enumerate(phones):
                    wait_for(phone, lambda d: f"Pick {pick} of 7" in shown(d, "#turn"))
                    pick_by_tapping(phone, path, discard=False)
                    if seat == 0 and pick < 7:  # the TV: who has picked, never what
                        wait_for(tv, lambda d: "state-picked" in tv_seat_state(d, 0))
                        assert "state-picking" in tv_seat_state(tv, 1)
                        sent = received(tv)
                        assert all(s["selected"] is None for s in sent["view"]["draft"]["seats"])
                        wait_for(phone, lambda d: "waiting for Bram, Cees and Daan to pick" in shown(d, "#turn"))
            # The draft is over: the crafting clock on the TV, counting down from 02:00.
            clock = wait_for(tv, lambda d: shown(d, "#clock-time"))
            assert CLOCK.match(clock) and clock <= "02:00", clock
            words = {}
            for seat, phone in enumerate(phones):
                specials_answered += bool(css(phone, "#craft-cards button.tap.special"))
                words[seat] = spell_by_tapping(phone, path)
                if seat < len(phones) - 1:  # face down on the TV until every word is in
                    wait_for(tv, lambda d: tv_sealed(d, seat))
                    assert all(tv_word(tv, other) is None for other in range(len(phones)))
            for seat in range(len(phones)):  # the last word in: all shown together
                wait_for(tv, lambda d: tv_word(d, seat) == words[seat])
            if number == 1:  # Daan challenges Anna's word from his phone; the dictionary answers
                settled(phones[3], path)
                tap(phones[3], "#challenge-0")
                wait_for(phones[3], lambda d: "confirm" in shown(d, "#challenge-0", "className"))
                tap(phones[3], "#challenge-0")
                wait_for(tv, lambda d: "challenged by Daan" in shown(d, ".sc-words .sc-entry[data-seat='0']"))
                last = events(path)[-1]
                assert (last["kind"], last["challenger"], last["player"], last["dictionary"]) == ("challenge", "Daan", "Anna", "builtin:en")
        wait_for(tv, lambda d: css(d, ".outcome"))
        state = savefile.load(path, RULES).state
        assert state.outcome is not None and len(state.rounds) == 4
        assert sum(1 for event in events(path) if event["kind"] == "pick") == 4 * 4 * 7
        assert specials_answered >= 1, "no seat had a special card to ask about"
        # Never another's cards: a phone was never sent another seat's selected cards
        # or last card (its answers carry only its own draft).
        for seat, phone in enumerate(phones):
            assert received(phone)["seat"] == seat


@pytest.mark.slow
def test_two_players_draft_with_discards_and_the_tv_clock_corrects_a_skewed_device(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    path = tmp_path / "duel.toml"
    savefile.create(path, RULES, Setup.build(NAMES[:2], seed="two", craft_time=3600))
    with serving(path) as server:
        tv = browsers(TV)  # its clock runs 30 minutes ahead of the server's
        tv.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                           {"source": "const real = Date.now; Date.now = () => real() + 30 * 60 * 1000;"})  # fmt: skip
        tv.get(server.url("/"))
        phones = [browsers(PHONE) for _seat in NAMES[:2]]
        for seat, phone in enumerate(phones):
            phone.get(server.seat_link(seat))
        for pick in range(1, 8):
            for phone in phones:
                wait_for(phone, lambda d: f"Pick {pick} of 7" in shown(d, "#turn"))
                pick_by_tapping(phone, path, discard=pick < 7)
        draft = savefile.load(path, RULES).state.draft_of(1)
        assert draft is not None and draft.complete
        assert [len(pile) for pile in draft.discarded] == [6, 6] and all(card is not None for card in draft.last)
        assert [event.get("discard") is not None for event in events(path) if event["kind"] == "pick"] == [True] * 12 + [False] * 2
        # The TV counts down an hour from the server's clock, not from its own.
        clock = wait_for(tv, lambda d: shown(d, "#clock-time"))
        assert CLOCK.match(clock) and "58:00" <= clock <= "60:00", clock
        phone_text = json.dumps(received(phones[0]))
        assert all(f'"{card}"' not in phone_text for card in draft.discarded[1] if card not in draft.selected[0] + draft.discarded[0])
        word = spell_by_tapping(phones[0], path)
        wait_for(tv, lambda d: tv_sealed(d, 0))  # face down until the other seat has played
        assert [row["total"] for row in received(tv)["view"]["standings"]] == [0, 0]  # nor its score
        settled(phones[1], path)
        tap(phones[1], "#pass")
        tap(phones[1], "#pass.confirm")
        wait_for(tv, lambda d: "passes" in shown(d, ".sc-words .sc-entry[data-seat='1']"))
        wait_for(tv, lambda d: tv_word(d, 0) == word)


@pytest.mark.slow
def test_the_tv_says_time_is_up_when_the_clock_has_run_out(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    path = tmp_path / "late.toml"
    savefile.create(path, RULES, Setup.build(NAMES[:3], seed="late"))

    def drafted_long_ago(recorded: list[dict[str, Any]], state: Any) -> list[dict[str, Any]]:
        added: list[dict[str, Any]] = []
        while True:
            chosen = {pick.seat: pick for pick in reversed(list(picks(state)))}
            if not chosen:
                return [*recorded, *added]
            for pick in chosen.values():
                pick = pick._replace(at="2020-01-01T20:00:00Z")
                added.append(RULES.encode(state, pick))
                state = RULES.apply(state, pick).state

    savefile.rewrite(path, RULES, drafted_long_ago)
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: css(d, "#clock.up") and shown(d, "#clock-time") == "time is up")
        phone = browsers(PHONE)
        phone.get(server.seat_link(2))
        wait_for(phone, lambda d: shown(d, "#clock-time") == "time is up")
