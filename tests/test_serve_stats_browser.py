"""The season's page (/stats) in headless Chromium, as `referee serve FOLDER` serves it:
at a phone's size and a TV's, the charts are drawn at the page's width, nothing but the
tables (which scroll inside their own box) is wider than the screen, and the TV shows the
two charts side by side while a phone stacks them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser import PHONE, TV, browsers, serving, wait_for  # noqa: F401  (browsers: a fixture)

pytestmark = pytest.mark.slow

SEASON = Path(__file__).resolve().parent.parent / "examples" / "season"

#: Each chart's box on the page, and whether the page is wider than its window.
MEASURE = """
const charts = [...document.querySelectorAll('section.game')[0].querySelectorAll('figure.chart svg')]
  .map(svg => { const r = svg.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
return {charts, overflows: document.documentElement.scrollWidth > window.innerWidth, width: window.innerWidth};
"""


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "shelf"
    shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
    return folder


@pytest.mark.parametrize("size", [PHONE, TV], ids=["phone", "tv"])
def test_the_season_page_fits_a_phone_and_a_tv(shelf, browsers, size):
    with serving(shelf) as server:
        driver = browsers(size)
        driver.get(server.url("/"))  # leads to /stats
        wait_for(driver, lambda d: d.find_elements("css selector", "section.game figure.chart svg"))
        assert driver.current_url.endswith("/stats")
        found = driver.execute_script(MEASURE)
        (ratings, rates) = found["charts"]
        assert not found["overflows"]
        for left, _top, width, height in (ratings, rates):
            assert width > 0.3 * found["width"] and height > 100 and left >= 0 and left + width <= found["width"]
        if size.phone:
            assert rates[1] > ratings[1] + ratings[3]  # stacked
        else:
            assert rates[0] > ratings[0] + ratings[2] and abs(rates[1] - ratings[1]) < 5  # side by side


def test_the_language_switch_of_the_season_page_is_a_link(shelf, browsers):
    with serving(shelf) as server:
        driver = browsers(PHONE)
        driver.get(server.url("/stats"))
        wait_for(driver, lambda d: d.find_elements("css selector", "#languages a"))
        driver.find_element("css selector", '#languages a[href="/stats?lang=nl"]').click()
        wait_for(driver, lambda d: d.execute_script("return document.documentElement.lang") == "nl")
        assert "Seizoen" in driver.find_element("css selector", "h1").text
