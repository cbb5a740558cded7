"""The toy game (tests/toy_game.py) played from a phone in a real browser (issue 32,
point 7): it has no page of its own (no script, no style sheet under
referee/web/static), so the page draws its situation and its one decision, a form
(``{"kind": "score", "player": NAME, "points": N}``, points at least 0), from the
API alone: a number field, the prompt as its label, a button."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, TV, assert_accessible, browsers, page_text, poll, serving, wait_for  # noqa: F401  (browsers: a fixture)
from toy_game import SPEC, TALLY

from referee import games, savefile
from referee.web.server import STATIC

@pytest.fixture
def tally(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    """A tally of three players, with the toy game in the registry."""
    from referee.cli import _group, _summary

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    _group.cache_clear()
    _summary.cache_clear()
    path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram", "Cees"]})
    yield path
    _group.cache_clear()
    _summary.cache_clear()


def events(path: Path) -> list[dict[str, Any]]:
    return [dict(event) for event in savefile.load(path, TALLY).events]


def test_the_toy_game_has_no_files_of_its_own_among_the_pages() -> None:
    assert not list(STATIC.glob("tally.*"))


@pytest.mark.slow
def test_the_toy_game_is_played_from_a_phone_drawn_from_its_decisions_alone(tally: Path, browsers: Any) -> None:
    from selenium.webdriver.common.by import By

    with serving(tally) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: "Totals: Anna 0 · Bram 0 · Cees 0" in page_text(d))
        phone = browsers(PHONE)
        phone.get(server.seat_link(1))
        field = wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "form#decision-score input[name=points]"))[0]
        assert (field.get_attribute("type"), field.get_attribute("min")) == ("number", "0")
        label = phone.find_element(By.CSS_SELECTOR, f'label[for="{field.get_attribute("id")}"]')
        assert label.text == "Your points"
        assert_accessible(phone)
        field.send_keys("7")
        phone.find_element(By.ID, "decision-score-send").click()
        poll(lambda: events(tally) == [{"kind": "score", "player": "Bram", "points": 7}])
        wait_for(tv, lambda d: "Totals: Anna 0 · Bram 7 · Cees 0" in page_text(d))
        wait_for(phone, lambda d: "Totals: Anna 0 · Bram 7 · Cees 0" in page_text(d))

        # Points the rules refuse: the voice's reason on the phone, nothing recorded.
        before = tally.read_bytes()
        field = wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "form#decision-score input[name=points]"))[0]
        phone.execute_script("arguments[0].removeAttribute('min')", field)  # a page that lets a negative number through
        field.send_keys("-2")
        phone.find_element(By.ID, "decision-score-send").click()
        wait_for(phone, lambda d: d.find_element(By.ID, "notice").text == "points cannot be negative (-2)")
        assert tally.read_bytes() == before
