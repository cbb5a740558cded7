"""The season's page (/stats) of a big season on a TV (issue 33 point 4): many players
and many matches, so that every table, the charts' legend and the head-to-head grid are
far larger than the README's example season (tests/test_serve_stats_browser.py). At
1920×1080 and 1280×720 every screen fits (:func:`browser.assert_fits`: nothing cut off,
nothing to scroll), the page pages through the rest, every row of every table is on
exactly one screen (a table too wide for it, the head-to-head grid of fourteen players,
in smaller print and, if need be, its columns over several screens, each with the rows'
names), and axe-core finds nothing serious on any screen."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import TV, TV_720, Size, assert_accessible, assert_fits, browsers, screen, serving, wait_for  # noqa: F401  (browsers: a fixture)

pytestmark = pytest.mark.slow

MAKE = Path(__file__).resolve().parent.parent / "examples" / "season" / "make.py"
#: A club rather than a group of friends: fourteen players, some with long names.
CLUB = ["Anna", "Bram", "Cees", "Daan", "Élodie", "Fatima", "Gerrit-Jan", "Hanneke", "Ilse", "Joost",
        "Katharina van der Berg", "Lotte", "Maarten", "Noor"]  # fmt: skip
MATCHES = 90


@pytest.fixture(scope="module")
def big_season(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A season of :data:`MATCHES` matches among the :data:`CLUB`, written by the
    example season's own script (its clock put back afterwards)."""
    from referee.savefile import played

    spec = importlib.util.spec_from_file_location("season_make", MAKE)
    assert spec is not None and spec.loader is not None
    make: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make)
    make.FRIENDS = CLUB
    folder = tmp_path_factory.mktemp("club")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(played, "now", None, raising=False)  # the script sets its own clock: undone at the end
        make.make(folder, MATCHES)
    yield folder


def screens(driver: Any, size: Size) -> list[dict[str, Any]]:
    """Each screen of the TV in turn (the next by the right arrow key): its fit checked,
    axe-core run on it, and what it shows of each table: its label, and each row's
number of cells (besides the row's name)."""
    found = []
    while True:
        assert_fits(driver, size)
        assert_accessible(driver)
        now = driver.execute_script(
            "return {screen: Number(document.body.dataset.screen), screens: document.querySelectorAll('.page').length,"
            " tables: [...document.querySelectorAll('.page:not([hidden]) .scroll')].map(box =>"
            "   [box.getAttribute('aria-label'), [...box.querySelectorAll('tbody tr')].map(row => row.cells.length - 1)])}"
        )
        found.append(now)
        if now["screen"] >= now["screens"]:
            return found
        driver.find_element("css selector", "body").send_keys("\ue014")  # the right arrow
        following = now["screen"] + 1
        wait_for(driver, lambda d: d.execute_script("return Number(document.body.dataset.screen)") == following)


@pytest.mark.parametrize("size", [TV, TV_720], ids=["1920x1080", "1280x720"])
def test_a_season_of_many_matches_and_players_fits_a_tv_screen_by_screen(big_season: Path, browsers: Any, size: Size) -> None:
    with serving(big_season) as server:
        driver = browsers(size)
        screen(driver, size)
        driver.get(server.url("/stats?every=0"))
        wait_for(driver, lambda d: d.find_elements("css selector", "section.game figure.chart svg"))
        expected: dict[str, Any] = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/stats', {credentials: 'same-origin'}).then(r => r.json()).then(done);"
        )
        tables = [block for game in expected["games"] for block in game["blocks"] if block["kind"] == "table"]
        cells = {block["label"]: sum(len(row) - 1 for row in block["rows"]) for block in tables}
        assert max(len(block["rows"]) for block in tables) >= len(CLUB)
        found = screens(driver, size)
        assert len(found) > 2  # far more than one screen: paged
        shown: dict[str, int] = {}
        for now in found:
            for label, rows in now["tables"]:
                assert rows, label  # no screen shows a table's headers without a row
                shown[label] = shown.get(label, 0) + sum(rows)
        assert shown == cells  # every cell of every table on exactly one screen
