"""No serious or critical accessibility violation (axe-core, injected by
:func:`browser.axe_violations`) on the table's screen and a seat's phone of each game, in
the states a game night reaches, in English and in Dutch: Smitten's first move, a
Spellcrafter round drafted with real cards (a word on the table), a draft through the
referee (a pick; then the word builder and a challenge), Smoorverliefd's card play,
blinde liefde's bids and Cupido's curse, a fair game's words of entropy, the toy game
drawn from its decisions alone, and the page that asks a phone to join."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, TV, assert_accessible, axe_report, axe_violations, browsers, serving, wait_for  # noqa: F401  (browsers: a fixture)

from referee import games, savefile

pytestmark = pytest.mark.slow

NAMES = ("Anna", "Bram", "Cees", "Daan")


def smitten(folder: Path, referee: Any) -> tuple[Path, int]:
    path = folder / "s.toml"
    assert referee("smitten", "new", str(path), "--seed", "w0", "--players", "Anna", "Bram").exit_code == 0
    return path, 0


def spell_real_cards(folder: Path, referee: Any) -> tuple[Path, int]:
    from referee.spellcrafter.ruleset import RULES
    from referee.spellcrafter.setup import Setup

    path = folder / "r.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c", draft=False))
    assert referee("spell", "word", str(path), "Anna", *"P3m O1c K6s E1s S1m".split()).exit_code == 0
    return path, 1


def spell_picking(folder: Path, referee: Any) -> tuple[Path, int]:
    from referee.spellcrafter.ruleset import RULES
    from referee.spellcrafter.setup import Setup

    path = folder / "d.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c"))
    return path, 2


def spell_crafting(folder: Path, referee: Any) -> tuple[Path, int]:
    """The draft over, Anna's word in: Bram builds his word and may challenge Anna's."""
    from referee.spellcrafter.ruleset import RULES, picks

    path, _seat = spell_picking(folder, referee)

    def drafted(events: list[dict[str, Any]], state: Any) -> list[dict[str, Any]]:
        added = []
        while True:
            chosen = {pick.seat: pick for pick in reversed(list(picks(state)))}
            if not chosen:
                break
            for pick in chosen.values():
                pick = pick._replace(at="2026-12-02T20:00:00Z")
                added.append(RULES.encode(state, pick))
                state = RULES.apply(state, pick).state
        return [*events, *added]

    savefile.rewrite(path, RULES, drafted)
    draft = savefile.load(path, RULES).state.draft_of(1)
    assert draft is not None
    letters = [str(card) for card in draft.selected[0] if card.is_letter][:3]
    savefile.record(path, RULES, {"kind": "word", "player": "Anna", "round": 1, "cards": letters})
    return path, 1


def smoor_playing(folder: Path, referee: Any) -> tuple[Path, int]:
    from referee.smoorverliefd.ruleset import RULES
    from referee.smoorverliefd.setup import Setup

    path = folder / "m.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="browser", target=100))
    state = savefile.load(path, RULES).state
    savefile.record(path, RULES, next(iter(RULES.legal_actions(state))))
    return path, (state.current.leader + 1) % 4


def smoor_bidding(folder: Path, referee: Any) -> tuple[Path, int]:
    from referee.smoorverliefd.ruleset import RULES
    from referee.smoorverliefd.setup import Setup

    path = folder / "b.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="browser", variants=["blinde-liefde", "cupido"], target=100))
    savefile.record(path, RULES, {"kind": "bid", "bids": {"Anna": 3}})
    return path, 1


def smoor_cursing(folder: Path, referee: Any) -> tuple[Path, int]:
    from referee.smoorverliefd.ruleset import RULES

    path, _seat = smoor_bidding(folder, referee)
    for name, bid in (("Bram", 2), ("Cees", 4), ("Daan", 0)):
        savefile.record(path, RULES, {"kind": "bid", "bids": {name: bid}})

    def played(events: list[dict[str, Any]], state: Any) -> list[dict[str, Any]]:
        added = []
        while state.current.number == 1:
            action = next(iter(RULES.legal_actions(state)))
            added.append(RULES.encode(state, action))
            state = RULES.apply(state, action).state
        return [*events, *added]

    savefile.rewrite(path, RULES, played)
    return path, savefile.load(path, RULES).state.current.dealer


def fair_entropy(folder: Path, referee: Any) -> tuple[Path, int]:
    path = folder / "f.toml"
    assert referee("smoor", "new", str(path), *NAMES, "--fair").exit_code == 0
    return path, 0


def toy(folder: Path, referee: Any) -> tuple[Path, int]:
    from toy_game import TALLY

    path = folder / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram", "Cees"]})
    savefile.record(path, TALLY, {"kind": "score", "player": "Anna", "points": 4})
    return path, 1


STATES: dict[str, Callable[[Path, Any], tuple[Path, int]]] = {
    "smitten": smitten, "spell-real-cards": spell_real_cards, "spell-picking": spell_picking, "spell-crafting": spell_crafting,
    "smoor-playing": smoor_playing, "smoor-bidding": smoor_bidding, "smoor-cursing": smoor_cursing, "fair-entropy": fair_entropy,
    "toy": toy,
}  # fmt: skip

# What shows that a page has drawn the state (its game's own drawing, or its decisions).
DRAWN = {"table": "#root > *", "seat": "#root > *"}


@pytest.mark.parametrize("language", ["en", "nl"])
def test_no_page_has_a_serious_accessibility_violation(language: str, tmp_path: Path, referee: Any, browsers: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Every state of :data:`STATES`, one after the other in the same two windows (a TV,
    a phone that forgets its seat between games): each page's violations, by state."""
    from toy_game import SPEC

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    tv, phone = browsers(TV), browsers(PHONE)
    found = {}
    for state, make in STATES.items():
        folder = tmp_path / state
        folder.mkdir()
        path, seat = make(folder, referee)
        with serving(path, language) as server:
            tv.get(server.url("/"))
            wait_for(tv, lambda d: d.execute_script("return Referee.data !== null") and d.find_elements("css selector", DRAWN["table"]))
            phone.delete_all_cookies()
            phone.get(server.seat_link(seat))
            wait_for(phone, lambda d: d.execute_script("return Referee.data !== null") and d.find_elements("css selector", DRAWN["seat"]))
            assert phone.execute_script("return document.documentElement.lang") == language, state
            for page, driver in (("table", tv), ("seat", phone)):
                violations = axe_violations(driver)
                if violations:
                    found[f"{state} {page}"] = axe_report(violations)
    assert not found, "\n".join(f"{where}:\n{report}" for where, report in found.items())


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_page_that_asks_a_phone_to_join_has_no_serious_accessibility_violation(language: str, tmp_path: Path, referee: Any,
                                                                                   browsers: Any) -> None:  # fmt: skip
    path, _seat = smitten(tmp_path, referee)
    with serving(path, language) as server:
        phone = browsers(PHONE)
        phone.get(server.url("/seat"))
        wait_for(phone, lambda d: d.find_element("id", "notice").text)
        assert_accessible(phone)


def test_the_check_finds_a_button_without_a_name_and_text_too_faint_to_read(tmp_path: Path, referee: Any, browsers: Any) -> None:
    """The check can fail: a button with no name, grey text on grey are found."""
    path, seat = smitten(tmp_path, referee)
    with serving(path) as server:
        phone = browsers(PHONE)
        phone.get(server.seat_link(seat))
        wait_for(phone, lambda d: d.execute_script("return Referee.data !== null") and d.find_elements("css selector", DRAWN["seat"]))
        assert not axe_violations(phone)
        phone.execute_script("document.getElementById('root').append(Object.assign(document.createElement('button'), {type: 'button'}));"
                             "const faint = Object.assign(document.createElement('p'), {textContent: 'faint words'});"
                             "faint.style.cssText = 'color: #777; background: #888'; document.getElementById('root').append(faint);")  # fmt: skip
        assert {violation["id"] for violation in axe_violations(phone)} == {"button-name", "color-contrast"}
