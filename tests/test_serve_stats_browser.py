"""The season's page (/stats) in headless Chromium, as `referee serve FOLDER` serves it
(issue 33 point 4): on a TV (1920×1080 and 1280×720, the window's inside exactly) it
shows what fits and pages through the rest, every screen fits with nothing cut off and
nothing to scroll, and every row of every table is on one of the screens; on a phone it
is one page that scrolls down, never sideways. axe-core finds no serious or critical
violation on any screen, in either language.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, TV, TV_720, axe_report, axe_violations, browsers, screen, serving, wait_for  # noqa: F401  (browsers: a fixture)

pytestmark = pytest.mark.slow

SEASON = Path(__file__).resolve().parent.parent / "examples" / "season"

#: The screen shown: whether the page is larger than the window, anything shown lies
#: outside it (or a table is wider than its box), what it shows of each table.
MEASURE = """
const page = document.documentElement, width = window.innerWidth, height = window.innerHeight;
const shown = [...document.querySelectorAll("main *")].filter(node => node.getClientRects().length);
const outside = shown.filter(node => { const r = node.getBoundingClientRect();
  return r.width && r.height && (r.left < 0 || r.top < 0 || r.right > width + 0.5 || r.bottom > height + 0.5); })
  .map(node => node.tagName + "." + node.className + ": " + (node.textContent || "").slice(0, 40));
const clipped = [...document.querySelectorAll(".page:not([hidden]) .scroll")].filter(box => box.scrollWidth > box.clientWidth + 1).length;
const tables = [...document.querySelectorAll(".page:not([hidden]) .scroll")].map(box =>
  [box.getAttribute("aria-label"), [...box.querySelectorAll("tbody tr")].map(row => row.textContent)]);
return {scrolls: page.scrollHeight > height || page.scrollWidth > width, size: [page.scrollWidth, page.scrollHeight, width, height],
        outside, clipped, tables, screen: Number(document.body.dataset.screen), screens: document.querySelectorAll(".page").length,
        heading: (document.querySelector(".page:not([hidden]) h2") || {}).textContent};
"""


@pytest.fixture
def shelf(tmp_path: Path) -> Path:
    folder = tmp_path / "shelf"
    shutil.copytree(SEASON, folder, ignore=shutil.ignore_patterns("*.py"))
    return folder


def answer(driver: Any) -> dict[str, Any]:
    """The page's own answer, as the page asked for it."""
    found: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "fetch('/api/stats' + location.search, {credentials: 'same-origin'}).then(r => r.json()).then(done);"
    )
    return found


def drawn(driver: Any) -> None:
    wait_for(driver, lambda d: d.find_elements("css selector", "section.game figure.chart svg"))


def every_screen(driver: Any, check: Any = None) -> list[dict[str, Any]]:
    """Each screen of a TV in turn (the next one by the arrow key), measured."""
    screens = []
    while True:
        found = driver.execute_script(MEASURE)
        if check is not None:
            check(found)
        screens.append(found)
        if found["screen"] >= found["screens"]:
            return screens
        driver.find_element("css selector", "body").send_keys("\ue014")  # the right arrow
        wait_for(driver, shown_screen(found["screen"] + 1))


def shown_screen(number: int) -> Any:
    """A wait's condition: the page shows its screen ``number`` (from 1)."""
    return lambda driver: driver.execute_script("return Number(document.body.dataset.screen)") == number


def rows_of(answer: dict[str, Any]) -> dict[str, int]:
    """How many rows each table of the answer has, by its label."""
    return {block["label"]: len(block["rows"]) for game in answer["games"] for block in game["blocks"] if block["kind"] == "table"}


@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("size", [TV, TV_720], ids=["1920x1080", "1280x720"])
def test_the_season_page_fits_a_tv_screen_by_screen_with_every_row_shown(shelf, browsers, size, language):
    with serving(shelf, language) as server:
        driver = browsers(size)
        screen(driver, size)
        driver.get(server.url("/stats?every=0"))
        drawn(driver)
        expected = answer(driver)

        def fits(found: dict[str, Any]) -> None:
            assert not found["scrolls"] and found["size"][2:] == [size.width, size.height], found["size"]
            assert not found["outside"] and not found["clipped"], found
            violations = axe_violations(driver)
            assert not violations, axe_report(violations)

        screens = every_screen(driver, fits)
        assert len(screens) > 1  # the season does not fit on one screen: it is paged
        shown: dict[str, int] = {}
        for found in screens:
            for label, rows in found["tables"]:
                shown[label] = shown.get(label, 0) + len(rows)
        assert shown == rows_of(expected)  # every row on exactly one screen
        assert [game["heading"] for game in expected["games"]] == list(dict.fromkeys(found["heading"] for found in screens))


#: Every table of the answer ten times as long (players "Anna 1" … "Anna 10"): a season
#: whose tables do not fit one screen, through the real page (its fetch, wrapped).
LONGER = """
const fetched = window.fetch.bind(window);
window.fetch = async (address, options) => {
  const response = await fetched(address, options);
  if (!String(address).startsWith("/api/stats")) return response;
  const answer = await response.json();
  for (const game of answer.games) for (const block of game.blocks) if (block.kind === "table") {
    block.rows = Array.from({length: 10}, (_, copy) => block.rows.map(row =>
      [typeof row[0] === "string" ? `${row[0]} ${copy + 1}` : {...row[0], text: `${row[0].text} ${copy + 1}`}, ...row.slice(1)])).flat();
  }
  return new Response(JSON.stringify(answer), {status: 200, headers: {"Content-Type": "application/json"}});
};
"""


@pytest.mark.parametrize("size", [TV, TV_720], ids=["1920x1080", "1280x720"])
def test_a_table_longer_than_a_screen_goes_on_on_the_next_with_its_headers(shelf, browsers, size):
    with serving(shelf) as server:
        driver = browsers(size)
        screen(driver, size)
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": LONGER})
        driver.get(server.url("/stats?every=0"))
        drawn(driver)
        expected = rows_of(answer(driver))  # the page's fetch, wrapped: ten times as long
        assert min(expected.values()) >= 20

        def fits(found: dict[str, Any]) -> None:
            assert not found["scrolls"] and not found["outside"] and not found["clipped"], found

        screens = every_screen(driver, fits)
        shown: dict[str, list[str]] = {}
        for found in screens:
            for label, rows in found["tables"]:
                shown.setdefault(label, []).extend(rows)
        assert {label: len(rows) for label, rows in shown.items()} == expected
        split = [label for label in expected if sum(label in dict(found["tables"]) for found in screens) > 1]
        assert split  # some table is on several screens, each part with its headers
        for found in screens:
            assert all(rows for _label, rows in found["tables"])


def test_the_pages_turn_by_keys_buttons_and_on_their_own(shelf, browsers):
    with serving(shelf) as server:
        driver = browsers(TV)
        screen(driver, TV)
        driver.get(server.url("/stats?every=0"))
        drawn(driver)
        body = driver.find_element("css selector", "body")
        now = lambda: driver.execute_script("return [Number(document.body.dataset.screen), document.querySelectorAll('.page').length]")  # noqa: E731
        first, count = now()
        assert first == 1 and count > 1
        body.send_keys("\ue014")  # right arrow
        wait_for(driver, lambda d: now()[0] == 2)
        body.send_keys("\ue012")  # left arrow
        wait_for(driver, lambda d: now()[0] == 1)
        body.send_keys("\ue012")  # before the first: the last
        wait_for(driver, lambda d: now()[0] == count)
        driver.find_element("css selector", "#next").click()  # after the last: the first
        wait_for(driver, lambda d: now()[0] == 1)
        driver.find_element("css selector", "#next").click()
        wait_for(driver, lambda d: now()[0] == 2)
        driver.find_element("css selector", "#previous").click()
        wait_for(driver, lambda d: now()[0] == 1)
        play = driver.find_element("css selector", "#play")
        assert play.get_attribute("aria-label") == "Play"  # ?every=0: the pages stay
        # On their own: a second a screen, and a pause that holds them.
        driver.get(server.url("/stats?every=1"))
        drawn(driver)
        wait_for(driver, lambda d: now()[0] == 2)
        driver.find_element("css selector", "#play").click()
        assert driver.find_element("css selector", "#play").get_attribute("aria-label") == "Play"
        held = now()[0]
        driver.find_element("css selector", "#next").click()
        wait_for(driver, lambda d: now()[0] == held % count + 1)


def test_the_season_page_on_a_phone_scrolls_down_never_sideways(shelf, browsers):
    with serving(shelf) as server:
        driver = browsers(PHONE)
        driver.get(server.url("/"))  # leads to /stats
        drawn(driver)
        assert driver.current_url.endswith("/stats")
        found = driver.execute_script("""
          const charts = [...document.querySelectorAll('section.game')[0].querySelectorAll('figure.chart svg')]
            .map(svg => { const r = svg.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; });
          return {charts, overflows: document.documentElement.scrollWidth > window.innerWidth, width: window.innerWidth,
                  pager: !!document.querySelector('#pager:not([hidden])'), pages: document.querySelectorAll('.page').length};
        """)
        (ratings, rates) = found["charts"]
        assert not found["overflows"] and not found["pager"] and found["pages"] == 0
        for left, _top, width, height in (ratings, rates):
            assert width > 0.6 * found["width"] and height > 100 and left >= 0 and left + width <= found["width"]
        assert rates[1] > ratings[1] + ratings[3]  # stacked
        violations = axe_violations(driver)
        assert not violations, axe_report(violations)


def test_the_language_switch_of_the_season_page_draws_it_again_in_dutch(shelf, browsers):
    with serving(shelf) as server:
        driver = browsers(TV)
        screen(driver, TV)
        driver.get(server.url("/stats?every=0"))
        drawn(driver)
        driver.find_element("css selector", '#languages button[data-lang="nl"]').click()
        wait_for(driver, lambda d: d.execute_script("return document.documentElement.lang") == "nl")
        wait_for(driver, lambda d: "Seizoen" in d.find_element("css selector", "h1").text)
        assert driver.current_url.endswith("/stats?every=0&lang=nl")
        assert "uitgespeelde partijen" in driver.find_element("css selector", ".page:not([hidden]) h2").text
        assert driver.find_element("css selector", "#next").get_attribute("aria-label") == "Volgende pagina"
        assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]  # nothing failed to load


def test_the_season_page_asks_for_nothing_but_its_shell_scripts_and_answer(shelf, browsers):
    """The shell's table QR code stays unasked on the season's page (no 404 in the log)."""
    with serving(shelf) as server:
        driver = browsers(TV)
        driver.get(server.url("/stats"))
        drawn(driver)
        asked = driver.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)")
        assert set(asked) <= {"/static/common.css", "/static/season.css", "/static/common.js", "/static/season.js", "/api/stats", "/favicon.ico"}, asked
        assert not [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
