"""A phone's cue that it has something to decide (issue 33 point 5), in a real browser on
a Smitten two-player game (common.js cue(), the same for every game): when a phone's
decisions go from none to some, or it gets a kind it did not have, it buzzes (the
Vibration API: ``navigator.vibrate``, stubbed here to record its calls) and says so in
words, a banner and an outline while it has decisions, and an announcement in a live
region for a screen reader; a phone left with nothing to decide neither buzzes nor shows
the banner; a browser without the Vibration API shows the cue all the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, assert_accessible, browsers, poll, serving, wait_for  # noqa: F401  (browsers: a fixture)

from referee import savefile
from referee.smitten.ruleset import RULES
from referee.smitten.solver import solve
from referee.smitten.state import Pending

pytestmark = pytest.mark.slow

#: Before the page's own scripts: navigator.vibrate records each call in window.buzzes.
RECORDED = """
window.buzzes = [];
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true, value: function (pattern) { window.buzzes.push(pattern); return true; }});
"""
#: A browser without the Vibration API.
ABSENT = 'delete Navigator.prototype.vibrate; window.buzzes = "absent";'

CUE = """
const box = document.getElementById("turn-cue"), said = document.getElementById("turn-said");
return {buzzes: window.buzzes, banner: box && !box.hidden ? document.getElementById("turn-cue-text").textContent : null, said: said ? said.textContent : null,
        outlined: document.body.classList.contains("your-turn"), kinds: (Referee.data.decisions || []).map(d => d.kind),
        version: Referee.data.version};
"""


def cue(driver: Any) -> dict[str, Any]:
    found: dict[str, Any] = driver.execute_script(CUE)
    return found


def phone_with(browsers: Any, script: str) -> Any:
    driver = browsers(PHONE)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
    return driver


def test_a_phone_buzzes_and_shows_its_turn_when_it_gets_a_new_decision(browsers: Any, referee: Any, tmp_path: Path) -> None:
    path = tmp_path / "night.toml"
    assert referee("smitten", "new", str(path), "--seed", "w0", "--players", "Anna", "Bram").exit_code == 0
    line = solve(savefile.load(path, RULES).state).line
    with serving(path) as server:
        phones = [phone_with(browsers, ABSENT), phone_with(browsers, RECORDED)]  # Anna's phone cannot vibrate
        for seat, phone in enumerate(phones):
            phone.get(server.seat_link(seat))
            wait_for(phone, lambda d: d.execute_script("return Referee.data !== null && !!Referee.data.view"))

        def played(move: Any) -> tuple[dict[str, Any], dict[str, Any]]:
            """The move recorded from elsewhere (the other phone, the terminal); each phone's cue once drawn."""
            seen = server.served.version
            savefile.record(path, RULES, move)
            poll(lambda: server.served.version > seen)
            for phone in phones:
                wait_for(phone, lambda d: cue(d)["version"] == server.served.version)
            anna, bram = (cue(phone) for phone in phones)
            return anna, bram

        # A new turn, on pages just opened: both may play; the banner shows, nothing buzzed yet.
        anna, bram = cue(phones[0]), cue(phones[1])
        for now in (anna, bram):
            assert now["banner"] == "Your turn" and now["outlined"] and now["kinds"] == ["play"], now
        assert bram["buzzes"] == [] and bram["said"] == ""
        assert_accessible(phones[1])

        # Anna plays a 1: Bram must reveal a card (a new kind: a buzz); Anna has nothing to decide.
        assert (line[0].actor, line[0].number) == (0, 1)
        anna, bram = played(line[0])
        assert anna["banner"] is None and not anna["outlined"] and anna["kinds"] == []
        assert bram["kinds"] == ["reveal"] and bram["banner"] == "Your turn" and bram["outlined"]
        prompt = phones[1].execute_script("return Referee.data.decisions[0].prompt")
        assert bram["said"] == f"Your turn: {prompt}"  # read out by a screen reader
        assert bram["buzzes"] == [[180, 90, 180]]
        assert_accessible(phones[1])

        # Bram reveals: then he places (a new kind again, a second buzz).
        anna, bram = played(line[1])
        assert anna["kinds"] == [] and bram["kinds"] == ["place"] and bram["buzzes"] == [[180, 90, 180]] * 2

        # Bram places: a new turn, Anna may play again; her phone has no vibration and shows the cue all the same.
        anna, bram = played(line[2])
        assert anna["kinds"] == ["play"] and anna["banner"] == "Your turn" and anna["outlined"] and anna["buzzes"] == "absent"
        assert anna["said"].startswith("Your turn: ")
        assert not [entry for entry in phones[0].get_log("browser") if entry["level"] == "SEVERE"]


def test_the_turn_cue_is_in_the_phones_language(browsers: Any, referee: Any, tmp_path: Path) -> None:
    path = tmp_path / "avond.toml"
    assert referee("smitten", "new", str(path), "--seed", "w0", "--players", "Anna", "Bram").exit_code == 0
    with serving(path, "nl") as server:
        phone = phone_with(browsers, RECORDED)
        phone.get(server.seat_link(0))
        wait_for(phone, lambda d: d.execute_script("return Referee.data !== null && !!Referee.data.view"))
        assert cue(phone)["banner"] == "Jij bent aan de beurt"
        assert_accessible(phone)
