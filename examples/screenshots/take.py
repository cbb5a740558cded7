"""The README's screenshots of `referee serve`, taken again: a seeded Smoorverliefd match
a few tricks in, its table's screen at TV size and one phone at phone size, in English
and in Dutch, and a Smitten two-player game's screen and phone.

Run from the repository root, with Debian's chromium and chromium-driver installed:

    .venv/bin/python examples/screenshots/take.py

It uses the tests' browser harness (tests/browser.py) and writes the PNGs beside itself.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from browser import PHONE, TV, chromium, page_text, screenshot, serving, wait_for  # noqa: E402


def referee(*words: str, cwd: Path) -> str:
    done = subprocess.run([sys.executable, "-m", "referee", *words], cwd=cwd, capture_output=True, text=True, check=True)
    return done.stdout


def smoorverliefd(folder: Path) -> Path:
    """A seeded four-player match, two tricks and two cards of the third played."""
    from referee import savefile
    from referee.smoorverliefd.ruleset import RULES

    path = folder / "evening.toml"
    referee("smoor", "new", path.name, "Anna", "Bram", "Cees", "Daan", "--seed", "amber bridge cello", cwd=folder)
    for _ in range(10):
        state = savefile.load(path, RULES).state
        play = next(iter(RULES.legal_actions(state)))
        referee("smoor", "play", path.name, state.setup.players[play.seat], str(play.card), cwd=folder)
    return path


def smitten(folder: Path) -> Path:
    path = folder / "smitten.toml"
    referee("smitten", "new", path.name, "--players", "Anna", "Bram", "--seed", "w0", cwd=folder)
    return path


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        for path, seat, game in ((smoorverliefd(folder), 1, "smoorverliefd"), (smitten(folder), 0, "smitten")):
            for language in ("en", "nl"):
                with serving(path, language) as server:
                    tv, phone = chromium(TV), chromium(PHONE)
                    try:
                        tv.get(server.url("/"))
                        phone.get(server.seat_link(seat))
                        if language == "nl":  # each phone chooses its own language
                            wait_for(phone, lambda d: d.find_elements("css selector", "main#root > *"))
                            phone.execute_script(
                                "return fetch('/api/lang', {method: 'POST', headers: {'Content-Type': 'application/json'},"
                                " body: JSON.stringify({lang: 'nl'})}).then(r => r.status)"
                            )
                            phone.refresh()
                            wait_for(phone, lambda d: d.execute_script("return document.documentElement.lang") == "nl")
                        for driver in (tv, phone):
                            wait_for(driver, lambda d: d.find_elements("css selector", "main#root > *") and page_text(d))
                        screenshot(tv, HERE / f"{game}-tv-{language}.png")
                        screenshot(phone, HERE / f"{game}-phone-{language}.png")
                    finally:
                        tv.quit()
                        phone.quit()
    print("written:", *sorted(p.name for p in HERE.glob("*.png")))


if __name__ == "__main__":
    main()
