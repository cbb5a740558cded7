"""Pages that belong to no one game fit every screen (issue 33 point 4): the page that
asks a phone to join, the toy game (tests/toy_game.py, drawn from its decisions alone),
and a fair Smitten game before the words of entropy are in (its panel beside the grids).
One test over the sizes: a TV of 1920×1080 and one of 1280×720 (nothing cut off, nothing
to scroll: :func:`browser.assert_fits`), and a phone of 360×640 (nothing sideways). Each
game's own states are measured by its own tests (tests/test_browser_smitten_states.py …)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE_SMALL, TV, TV_720, Size, assert_accessible, assert_fits, browsers, screen, serving, wait_for  # noqa: F401  (browsers: a fixture)

from referee import games, savefile

pytestmark = pytest.mark.slow

SIZES = [TV, TV_720, PHONE_SMALL]
IDS = ["1920x1080", "1280x720", "phone-360x640"]


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    from toy_game import SPEC

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    yield


def tally(folder: Path, referee: Any) -> Path:
    from toy_game import TALLY

    path = folder / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram", "Cees"]})
    savefile.record(path, TALLY, {"kind": "score", "player": "Anna", "points": 4})
    return path


def fair_smitten(folder: Path, referee: Any) -> Path:
    path = folder / "fair.toml"
    assert referee("smitten", "new", str(path), "--fair", "--players", "Anna", "Bram").exit_code == 0
    return path


GAMES: dict[str, Callable[[Path, Any], Path]] = {"toy": tally, "fair-smitten": fair_smitten}
SEAT = {"toy": 1, "fair-smitten": 0}  # the seat shown: the one whose word is due first


def opened(driver: Any, size: Size, address: str, drawn: Callable[[Any], Any]) -> None:
    if not size.phone:
        screen(driver, size)
    driver.get(address)
    wait_for(driver, drawn)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_page_that_asks_a_phone_to_join_fits(size: Size, browsers: Any, referee: Any, tmp_path: Path) -> None:
    path = fair_smitten(tmp_path, referee)
    with serving(path) as server:
        driver = browsers(size)
        opened(driver, size, server.url("/seat"), lambda d: d.find_element("id", "notice").text)
        assert_fits(driver, size)
        assert_accessible(driver)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_and_a_seat_fit(game: str, size: Size, browsers: Any, referee: Any, tmp_path: Path, toy_registered: None) -> None:
    path = GAMES[game](tmp_path, referee)
    drawn = lambda d: d.execute_script("return Referee.data !== null && document.querySelectorAll('#root > *').length > 0")  # noqa: E731
    with serving(path) as server:
        table, seat = browsers(size), browsers(size)
        opened(table, size, server.url("/"), drawn)
        opened(seat, size, server.seat_link(SEAT[game]), drawn)
        if game == "fair-smitten":  # before the words: the fingerprint, and the seat's form for its word
            wait_for(table, lambda d: d.find_elements("css selector", "#fair .fingerprint"))
            wait_for(seat, lambda d: d.find_elements("css selector", "#fair form input"))
        for driver in (table, seat):
            assert_fits(driver, size)
            assert_accessible(driver)
