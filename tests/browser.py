"""Pages in a real browser, for the tests of `referee serve`: a real server (uvicorn on a
free loopback port, in a thread of the test process) and headless Chromium driven by
selenium, from Debian's ``chromium`` and ``chromium-driver``. Nothing is downloaded at
run time: the driver is given by path, and selenium's own driver manager is kept
offline. Without a browser the tests that ask for one are skipped, saying what to
install (`.ci/run` installs it).

    with serving(path) as server:                  # a real server on the game file
        tv = chromium(TV)                           # a browser window the size of a TV
        tv.get(server.url("/"))
        phone = chromium(PHONE)                     # a phone: 360 CSS pixels wide, touch
        phone.get(server.seat_link(1))              # joins seat 1 (its cookie), on /seat
        wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, ".card"))

Every wait polls for a condition with a generous timeout (a busy CI machine is slow,
never wrong): no test counts time.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
WAIT_SECONDS = 60.0  # how long a page may take to show what a test waits for, on a busy machine

T = TypeVar("T")


class Size(NamedTuple):
    width: int
    height: int
    phone: bool


PHONE = Size(360, 740, True)
TV = Size(1920, 1080, False)
TV_720 = Size(1280, 720, False)  # a smaller TV (720 lines): see :func:`screen`


def have_browser() -> bool:
    return CHROMIUM is not None and CHROMEDRIVER is not None


def need_browser() -> None:
    """Skip the test, saying why, where no browser is installed."""
    if not have_browser():
        pytest.skip("no headless browser here: install Debian's chromium and chromium-driver (.ci/run does)")


class Server:
    """A running `referee serve` on one game file (see :func:`serving`)."""

    def __init__(self, served: Any, port: int) -> None:
        self.served, self.port = served, port
        self.base = f"http://127.0.0.1:{port}"

    def url(self, path: str = "/") -> str:
        return self.base + path

    def seat_link(self, seat: int) -> str:
        """The seat's secret link (opening it joins the seat and lands on /seat)."""
        return self.url(f"/join/{self.served.links.tokens[seat]}")


@contextmanager
def serving(path: Path, language: str = "en") -> Iterator[Server]:
    """Serve the game file ``path`` (or the season's page of the folder ``path``, as
    `referee serve FOLDER` does) on a free loopback port for the block's duration."""
    import socket

    from referee.savefile.which import game_of
    from referee.web.server import Served, season_server, uvicorn_server

    with socket.socket() as probe:  # a free port, chosen by the system
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    served: Any = None
    if Path(path).is_dir():
        server = season_server(Path(path), language, host="127.0.0.1", port=port)
    else:
        served = Served(Path(path), game_of(Path(path)), language)
        server = uvicorn_server(served, host="127.0.0.1", port=port)  # its streams end at once when it stops
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        poll(lambda: server.started or not thread.is_alive())
        assert server.started, "the server did not start"
        yield Server(served, port)
    finally:
        server.should_exit = True
        thread.join(timeout=WAIT_SECONDS)


def poll(condition: Callable[[], T], timeout: float = WAIT_SECONDS) -> T:
    """Wait until ``condition()`` is true (its value), or fail after ``timeout`` seconds."""
    import time

    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout:.0f} s: {getattr(condition, '__name__', condition)}")
        time.sleep(0.02)


def chromium(size: Size = PHONE) -> Any:
    """A headless Chromium window of ``size`` (a phone: touch, 360 CSS pixels wide).
    The caller quits it (the :func:`browsers` fixture does)."""
    need_browser()
    os.environ.setdefault("SE_OFFLINE", "true")  # selenium's driver manager: never download
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-extensions", "--hide-scrollbars", f"--user-data-dir={tempfile.mkdtemp(prefix='referee-chromium-')}",
    ):  # fmt: skip
        options.add_argument(argument)
    if size.phone:
        metrics = {"width": size.width, "height": size.height, "pixelRatio": 2.0, "touch": True}
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": metrics})
    options.add_argument(f"--window-size={size.width},{size.height}")
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    if not size.phone:  # the page's viewport the whole size (the window's own frame would take some of it)
        metrics = {"width": size.width, "height": size.height, "deviceScaleFactor": 1, "mobile": False}
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    return driver


def screen(driver: Any, size: Size) -> None:
    """Make the page's window exactly ``size`` inside (``innerWidth`` × ``innerHeight``), as
    a TV's whole screen is: a headless window's size counts a browser's frame around it."""
    metrics = {"width": size.width, "height": size.height, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def wait_for(driver: Any, condition: Callable[[Any], T], timeout: float = WAIT_SECONDS) -> T:
    """Wait until ``condition(driver)`` is true (selenium's WebDriverWait) and return it."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def page_text(driver: Any) -> str:
    """Everything the page shows, as text."""
    from selenium.webdriver.common.by import By

    return str(driver.find_element(By.TAG_NAME, "body").text)


def screenshot(driver: Any, path: Path) -> Path:
    """A PNG of the whole page (for looking at it; not for the tests' verdicts)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(path))
    return path


@pytest.fixture
def browsers() -> Iterator[Callable[[Size], Any]]:
    """``browsers(PHONE)``, ``browsers(TV)``: headless Chromium windows, all quit at the end."""
    opened: list[Any] = []

    def open_one(size: Size = PHONE) -> Any:
        driver = chromium(size)
        opened.append(driver)
        return driver

    yield open_one
    for driver in opened:
        driver.quit()


#: axe-core's impacts a page must never have (its scale: minor, moderate, serious, critical).
AXE_IMPACTS = ("serious", "critical")


def axe_violations(driver: Any, impacts: tuple[str, ...] = AXE_IMPACTS) -> list[dict[str, Any]]:
    """axe-core's accessibility violations of the page ``driver`` shows now, of ``impacts``:
    each ``{"id", "impact", "help", "nodes": [{"target", "summary"}]}``. axe-core is the
    engine the ``selenium-axe-python`` package ships (the ``test`` extra); it is injected
    into the page (WebDriver's scripts are not held by the page's content security policy)
    and run on the whole document."""
    from importlib.resources import files

    source = files("selenium_axe_python").joinpath("axe-core", "axe.min.js").read_text(encoding="utf-8")
    if not driver.execute_script("return typeof window.axe === 'object'"):
        driver.execute_script(source)
    driver.set_script_timeout(WAIT_SECONDS)
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations), e => done({error: String(e)}));"
    )
    assert isinstance(found, list), found
    return [
        {"id": violation["id"], "impact": violation["impact"], "help": violation["help"],
         "nodes": [{"target": node["target"], "summary": node.get("failureSummary", "")} for node in violation["nodes"]]}
        for violation in found if violation["impact"] in impacts
    ]  # fmt: skip


def axe_report(violations: list[dict[str, Any]]) -> str:
    """Violations as lines for an assertion's message: the rule, its impact, the elements."""
    return "\n".join(f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:6])
                     for v in violations)  # fmt: skip


def assert_accessible(driver: Any) -> None:
    """No serious or critical axe-core violation on the page ``driver`` shows now."""
    violations = axe_violations(driver)
    assert not violations, f"{driver.current_url}:\n{axe_report(violations)}"


PHONE_SMALL = Size(360, 640, True)  # the smallest phone a page must fit without scrolling sideways

#: What lies outside the window: the document's scroll size beyond it, and every shown
#: element whose box crosses an edge of it (cut off), by its tag, id and classes.
_OUTSIDE = """
const w = window.innerWidth, h = window.innerHeight, tall = arguments[0];
const out = [];
const doc = document.documentElement;
if (doc.scrollWidth > w) out.push(`document ${doc.scrollWidth} px wide in ${w}`);
if (tall && doc.scrollHeight > h) out.push(`document ${doc.scrollHeight} px tall in ${h}`);
for (const e of document.body.querySelectorAll('*')) {
  const r = e.getBoundingClientRect(), s = getComputedStyle(e);
  if (r.width === 0 || r.height === 0 || s.visibility === 'hidden' || s.display === 'none') continue;
  if (e.closest('[aria-hidden="true"]') || s.position === 'fixed' && r.bottom <= 0) continue;
  const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.classList.length ? '.' + [...e.classList].join('.') : '');
  if (r.left < -1 || r.right > w + 1) out.push(`${name} from x ${Math.round(r.left)} to ${Math.round(r.right)} in ${w}`);
  if (tall && (r.top < -1 || r.bottom > h + 1)) out.push(`${name} from y ${Math.round(r.top)} to ${Math.round(r.bottom)} in ${h}`);
}
return out.slice(0, 12);
"""


def outside(driver: Any, whole_screen: bool) -> list[str]:
    """What the page shows outside its window (see :data:`_OUTSIDE`); ``whole_screen``:
    a TV's (nothing below the window either: a TV cannot scroll), else a phone's (nothing
    beyond its sides; it may scroll down)."""
    found = driver.execute_script(_OUTSIDE, whole_screen)
    return [str(line) for line in found]


def assert_fits(driver: Any, size: Size) -> None:
    """The page fits ``size`` (set it with :func:`screen` first): on a TV (``size.phone``
    False) nothing is cut off and nothing scrolls; on a phone nothing scrolls sideways."""
    found = outside(driver, whole_screen=not size.phone)
    assert not found, f"{driver.current_url} at {size.width}×{size.height}:\n" + "\n".join(found)
