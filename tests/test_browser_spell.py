"""A Spellcrafter round drafted with real cards in a real browser (issue 23's "done when"): each phone shows its
own hand and never receives another's, the TV shows the words once entered at the table
(the CLI), and a phone passes for its seat. Skipped where no browser is installed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE, TV, Size, browsers, page_text, serving, wait_for
from referee import savefile
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.setup import Setup
from referee.web.spell import hand_order

__all__ = ["browsers"]  # the fixture, used by name

NAMES = ("Anna", "Bram", "Cees", "Daan")
POKES = "P3m O1c K6s E1s S1m"  # Anna's word in round 1 of seed "a b c" (the Jumper is L1c)


def shown_hand(driver: Any) -> list[str]:
    return [str(token) for token in driver.execute_script(
        "return [...document.querySelectorAll('#hand [data-card]')].map(card => card.dataset.card)")]  # fmt: skip


def received(driver: Any) -> str:
    """Everything the page was sent (its latest answer), as JSON text."""
    return json.dumps(driver.execute_script("return Referee.data"))


def entry_of(driver: Any, seat: int) -> str:
    return str(driver.execute_script(
        "const row = document.querySelector(`.sc-words .sc-entry[data-seat='${arguments[0]}']`);"
        "return row ? row.innerText : '';", seat))  # fmt: skip


@pytest.mark.slow
def test_a_round_with_each_hand_on_its_own_phone_and_the_words_on_the_tv(
    tmp_path: Path, browsers: Callable[[Size], Any], referee: Any
) -> None:
    path = tmp_path / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c", draft=False))  # drafted with real cards
    state = savefile.load(path, RULES).state
    deal = state.deal(1)
    assert deal is not None
    hands = [[str(card) for card in sorted(hand, key=hand_order)] for hand in deal.hands]
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        phones = {seat: browsers(PHONE) for seat in (0, 1)}
        for seat, phone in phones.items():
            phone.get(server.seat_link(seat))
        for seat, phone in phones.items():
            assert wait_for(phone, lambda d: shown_hand(d) == hands[seat] and shown_hand(d))
            assert phone.current_url.endswith("/seat")  # the token left the address bar
        wait_for(tv, lambda d: "waiting for Anna, Bram, Cees, Daan" in page_text(d))
        assert not tv.find_elements("css selector", "#hand")

        # A word entered at the table (the CLI) lies face down on the TV (✓, no word) until
        # every seat has entered a word or passed; then it appears with its breakdown.
        result = referee("spell", "word", str(path), "Anna", *POKES.split())
        assert result.exit_code == 0, result.stderr
        wait_for(tv, lambda d: "entered" in entry_of(d, 0))
        assert "POKES" not in received(tv) and "P3m" not in received(tv)
        wait_for(phones[0], lambda d: "Your word in round 1" in page_text(d) and "waiting for Bram, Cees, Daan" in page_text(d))

        # Bram passes from his phone: two taps (the first asks to be sure).
        phones[1].find_element("css selector", "#pass").click()
        wait_for(phones[1], lambda d: "Tap again" in d.find_element("css selector", "#pass").text)
        phones[1].find_element("css selector", "#pass").click()
        wait_for(tv, lambda d: "entered" in entry_of(d, 1))
        wait_for(phones[1], lambda d: not d.find_elements("css selector", "#pass"))
        for player in ("Cees", "Daan"):
            assert referee("spell", "pass", str(path), player).exit_code == 0
        wait_for(tv, lambda d: "passes" in entry_of(d, 1) and "24" in entry_of(d, 0) and "straight: 5 letters" in entry_of(d, 0))
        assert savefile.load(path, RULES).events[-3] == {"kind": "pass", "player": "Bram", "round": 1}

        # Never another's hand: no card of another seat's hand that is not public (the
        # Jumper, a word's card) or also in the phone's own hand reached the phone.
        # (round 1 is over once every seat has entered: a phone holds its round-2 hand now)
        later = state.deal(2)
        assert later is not None
        public = {str(deal.jumper), str(later.jumper), *POKES.split()}
        for seat, phone in phones.items():
            sent = received(phone)
            own = {*hands[seat], *(str(card) for card in later.hands[seat])}
            others = {card for other in range(4) if other != seat for card in [*hands[other], *(str(c) for c in later.hands[other])]}
            for card in others - own - public:
                assert f'"{card}"' not in sent, (seat, card)

        # A phone chooses its own language; the TV keeps the server's.
        phones[0].find_element("css selector", "#language").click()
        wait_for(phones[0], lambda d: "Jouw hand zoals gedeeld voor ronde 2" in page_text(d))
        assert shown_hand(phones[0]) == [str(card) for card in sorted(later.hands[0], key=hand_order)]
        assert "Words of round 1" in page_text(tv)
