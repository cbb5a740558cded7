"""The README's screenshots of `referee serve`, taken again: a seeded Smoorverliefd match
a few tricks in, its table's screen at TV size and one phone at phone size, in English
and in Dutch, a Smitten two-player game's screen and phone mid-game and once lost (the
result and why), and a Spellcrafter game
drafted through the referee: mid-draft (a phone picking, the TV showing who has picked),
crafting (a word being built on a phone, the TV's clock and the words entered, face
down) and the end of a round (its story: every word with its breakdown, a challenge), a
Smoorverliefd match with blinde liefde and Cupido: a phone's bid (the row of numbers its
decision lists) and the next dealer's phone naming the cursed suit, the same match after
round 2 (the round's story on the TV and a phone, and the table of every round) and a
match at its end (the winner, the final standings, the season's line), and the season's page
of `referee serve examples/season` (/stats) on two TVs (1920×1080 and 1280×720) and a
phone. A TV's page is 1920 × 1080 (or 1280 × 720) CSS pixels, a phone's 360 × 740 (at two
device pixels each).

Run from the repository root, with Debian's chromium and chromium-driver installed:

    .venv/bin/python examples/screenshots/take.py            # all of them
    .venv/bin/python examples/screenshots/take.py season     # some: smoorverliefd, smoorverliefd-bid,
                                                             # smoorverliefd-curse, smoorverliefd-round,
                                                             # smoorverliefd-over, smitten, smitten-lost,
                                                             # spellcrafter-draft,
                                                             # spellcrafter-craft, spellcrafter-story, season

It uses the tests' browser harness (tests/browser.py) and writes the PNGs beside itself.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from browser import PHONE, TV, TV_720, chromium, page_text, screen, screenshot, serving, wait_for  # noqa: E402


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


def smoorverliefd_variants(folder: Path, curse: bool) -> tuple[Path, int]:
    """A seeded match with blinde liefde and Cupido: Anna has bid in round 1 (Bram's phone
    bids next); or round 1 played out, and round 2's dealer names the cursed suit. The
    file and the seat whose phone is shown."""
    from referee import savefile
    from referee.smoorverliefd.ruleset import RULES

    path = folder / ("cursing.toml" if curse else "bidding.toml")
    referee("smoor", "new", path.name, "Anna", "Bram", "Cees", "Daan", "--seed", "shots", "--variant", "blinde-liefde",
            "--variant", "cupido", "--target", "200", cwd=folder)  # fmt: skip
    bids = (("Anna", 3), ("Bram", 2), ("Cees", 4), ("Daan", 0)) if curse else (("Anna", 3),)
    for name, bid in bids:
        savefile.record(path, RULES, {"kind": "bid", "bids": {name: bid}})
    if not curse:
        return path, 1

    def played(events: list, state: object) -> list:  # the round's cards, at the table
        added = []
        while state.current.number == 1:  # type: ignore[attr-defined]
            action = next(iter(RULES.legal_actions(state)))  # type: ignore[arg-type]
            added.append(RULES.encode(state, action))  # type: ignore[arg-type]
            state = RULES.apply(state, action).state  # type: ignore[arg-type]
        return [*events, *added]

    savefile.rewrite(path, RULES, played)
    return path, savefile.load(path, RULES).state.current.dealer


def smoorverliefd_story(folder: Path, over: bool) -> tuple[Path, int]:
    """Blinde liefde and Cupido after round 2 (its story shown until round 3's first
    entry), or a match played to its end in a folder of two earlier ones (the season's
    line): the states of the tests' browser checks (tests/smoor_states.py)."""
    import smoor_states

    if over:
        shelf = folder / "season-end"
        shelf.mkdir()
        return smoor_states.over(shelf), 0
    return smoor_states.round_over(folder, 2), 1


def smitten(folder: Path, ending: bool) -> tuple[Path, int]:
    """A seeded two-player game six moves in (a 9 to follow), or lost near its end (the
    result and why): tests/smitten_states.py's, and the seat whose phone is shown."""
    from smitten_states import lost, mid_game

    made = lost(folder) if ending else mid_game(folder)
    return made.path, made.seat


def spellcrafter(folder: Path, crafting: bool, story: bool = False) -> Path:
    """A seeded four-player game drafted through the referee: two turns picked and the
    third by all but Anna; or the draft over and Bram's and Cees's words entered (face
    down on the TV: the words are shown together); or (``story``) every word of round 1
    in, Daan having passed, and Anna's word challenged by Cees: the round's story."""
    from referee import savefile
    from referee.spellcrafter.ruleset import RULES, picks
    from referee.moments import now, stamp

    path = folder / ("story.toml" if story else "crafting.toml" if crafting else "drafting.toml")
    referee("spell", "new", path.name, "Anna", "Bram", "Cees", "Daan", "--seed", "a b c", cwd=folder)
    for turn in range(7 if crafting or story else 3):
        state = savefile.load(path, RULES).state
        chosen = {pick.seat: pick for pick in reversed(list(picks(state)))}
        for seat, pick in chosen.items():
            if crafting or story or turn < 2 or seat != 0:
                savefile.record(path, RULES, pick._replace(at=stamp(now())))
    if crafting or story:
        state = savefile.load(path, RULES).state
        draft = state.draft_of(1)
        assert draft is not None
        for seat in (1, 2, 0) if story else (1, 2):
            letters = [str(card) for card in draft.selected[seat] if card.is_letter][:3]
            referee("spell", "word", path.name, state.setup.players[seat], *letters, f"*{state.jumper(1)}", cwd=folder)
    if story:
        referee("spell", "pass", path.name, "Daan", cwd=folder)
        subprocess.run([sys.executable, "-m", "referee", "spell", "challenge", path.name, "Cees", "Anna"], cwd=folder, capture_output=True)
    return path


#: What a phone deciding shows: the decision's choices, drawn by common.js.
DECIDING = {"smoorverliefd-bid": ".choices.numbers button", "smoorverliefd-curse": ".choices.suits button"}


def choose_a_card(phone: object) -> None:
    """Tap a card of the hand on a phone picking: chosen, waiting for the second tap."""
    wait_for(phone, lambda d: d.execute_script("const b = document.querySelectorAll('#hand button.tap')[2]; if (b) b.click(); return !!b;"))
    wait_for(phone, lambda d: d.find_elements("css selector", "#hand button.keep"))


def build_a_word(phone: object) -> None:
    """Tap two letter cards and the Jumper on a phone, and wait for the server's score."""
    for selector in ("#craft-cards button.tap:not(.special)", "#craft-cards button.tap:not(.special)", ".sc-jumper-card button.tap"):
        wait_for(phone, lambda d: d.execute_script("const b = document.querySelector(arguments[0]); if (b) b.click(); return !!b;", selector))
        wait_for(phone, lambda d: d.execute_script("return !document.querySelector('#question')") or
                 d.execute_script("document.querySelector('#question .answer').click(); return true;"))  # fmt: skip
    wait_for(phone, lambda d: d.find_elements("css selector", "#preview .score"))
    phone.execute_script("document.getElementById('craft').scrollIntoView()")  # type: ignore[attr-defined]


def season(folder: Path) -> None:
    """The season's page of the example season: its first screen on a TV of 1920×1080 and
    one of 1280×720 (the window's inside exactly), and the top of it on a phone."""
    import shutil

    shelf = folder / "season"
    shutil.copytree(HERE.parent / "season", shelf, ignore=shutil.ignore_patterns("*.py"))
    for language in ("en", "nl"):
        with serving(shelf, language) as server:
            drivers = {"tv": chromium(TV), "tv720": chromium(TV_720), "phone": chromium(PHONE)}
            try:
                screen(drivers["tv"], TV)
                screen(drivers["tv720"], TV_720)
                for name, driver in drivers.items():
                    driver.get(server.url("/stats?every=0"))
                    wait_for(driver, lambda d: d.find_elements("css selector", "section.game figure.chart svg"))
                    screenshot(driver, HERE / f"season-{name}-{language}.png")
            finally:
                for driver in drivers.values():
                    driver.quit()


def main() -> None:
    chosen = set(sys.argv[1:])
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        if not chosen or "season" in chosen:
            season(folder)
        makers = (("smoorverliefd", lambda: (smoorverliefd(folder), 1)), ("smitten", lambda: smitten(folder, False)),
                  ("smitten-lost", lambda: smitten(folder, True)),
                  ("smoorverliefd-bid", lambda: smoorverliefd_variants(folder, False)),
                  ("smoorverliefd-curse", lambda: smoorverliefd_variants(folder, True)),
                  ("smoorverliefd-round", lambda: smoorverliefd_story(folder, False)),
                  ("smoorverliefd-over", lambda: smoorverliefd_story(folder, True)),
                  ("spellcrafter-draft", lambda: (spellcrafter(folder, False), 0)), ("spellcrafter-craft", lambda: (spellcrafter(folder, True), 0)),
                  ("spellcrafter-story", lambda: (spellcrafter(folder, False, story=True), 1)))
        games = [(*make(), game) for game, make in makers if not chosen or game in chosen]
        for path, seat, game in games:
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
                        if game == "spellcrafter-craft":
                            build_a_word(phone)
                        if game == "spellcrafter-story":  # every page tells the round's story
                            for driver in (tv, phone):
                                wait_for(driver, lambda d: d.execute_script("return !!(Referee.data && Referee.data.view && Referee.data.view.story)"))
                            phone.execute_script("document.querySelector('.sc-words').scrollIntoView()")  # below the next round's pick
                        if game == "spellcrafter-draft":
                            choose_a_card(phone)
                        if game in DECIDING:
                            wait_for(phone, lambda d: d.find_elements("css selector", DECIDING[game]))
                        screenshot(tv, HERE / f"{game}-tv-{language}.png")
                        screenshot(phone, HERE / f"{game}-phone-{language}.png")
                    finally:
                        tv.quit()
                        phone.quit()
    print("written:", *sorted(p.name for p in HERE.glob("*.png")))


if __name__ == "__main__":
    main()
