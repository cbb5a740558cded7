"""Spellcrafter's pages in every state fit the screen and are accessible (issue 33, points
2, 4 and 5): the TV at 1920×1080 and 1280×720 (nothing cut off, no scrolling), a phone at
360×640 (no sideways scrolling), axe-core's serious and critical rules, in both languages;
the crafting clock never restarts on a tap; the keep badge stays on the card kept; a
disabled button says so; every suit has a shape besides its colour. Skipped where no
browser is installed."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from browser import PHONE_SMALL, TV, TV_720, Size, assert_accessible, assert_fits, browsers, screen, serving, wait_for
from referee import savefile
from referee.moments import exact_now, stamp
from referee.spellcrafter.actions import Action, ChallengeWord, EnterPass, EnterWord
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.ruleset import RULES, picks
from referee.spellcrafter.setup import Setup

__all__ = ["browsers"]  # the fixture, used by name

NAMES = ("Annemarie", "Bram", "Cees", "Daan")
# Words long enough, with every special card and the Jumper, to fill a round's story.
WORDS = (
    "K6m I1m T1m DDm:T *Y4f",  # KITTY: Double, Double, the Jumper
    "P3m O1c K6s E1s S1m TOILs@2",  # POKES, Toil on the O
    "Z10c A1m P3m TRm:P Y4m",  # Trouble
    "QU10s I1m T1m",  # the Qu card
)


def record(path: Path, *actions: Action) -> None:
    for action in actions:
        savefile.record(path, RULES, action)


def words_of_round(path: Path, seats: tuple[int, ...] = (0, 1, 2, 3)) -> None:
    record(path, *(EnterWord(seat=seat, tokens=tuple(parse_word(WORDS[seat].split()))) for seat in seats))


def challenged(path: Path) -> None:
    record(path,
           ChallengeWord(challenger=1, seat=0, valid=True, reason="in dictionary", dictionary="builtin:en"),
           ChallengeWord(challenger=3, seat=2, valid=False, reason="not in dictionary", dictionary="builtin:en"))  # fmt: skip


def physical(folder: Path) -> Path:
    path = folder / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed=None))
    return path


def drafted(folder: Path, turns: int, at: str) -> Path:
    """A drafted game with ``turns`` turns of picks made (all: the draft over), at ``at``."""
    path = folder / "drafted.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed="a b c"))

    def on(events: list[dict[str, Any]], state: Any) -> list[dict[str, Any]]:
        added = []
        for _turn in range(turns):
            chosen = {pick.seat: pick for pick in reversed(list(picks(state)))}
            if not chosen:
                break
            for pick in chosen.values():
                added.append(RULES.encode(state, pick._replace(at=at)))
                state = RULES.apply(state, pick._replace(at=at)).state
        return [*events, *added]

    savefile.rewrite(path, RULES, on)
    return path


def state_draft(folder: Path) -> Path:
    return drafted(folder, 3, stamp(exact_now()))


def state_crafting(folder: Path) -> Path:
    """The draft over a moment ago (the clock runs), two words in, face down."""
    path = drafted(folder, 99, stamp(exact_now()))
    state = savefile.load(path, RULES).state
    draft = state.draft_of(1)
    assert draft is not None
    for seat in (0, 2):
        letters = [str(card) for card in draft.selected[seat] if card.is_letter][:3]
        record(path, EnterWord(seat=seat, tokens=tuple(parse_word(letters))))
    return path


def state_story(folder: Path) -> Path:
    """Round 1 over: four words with their breakdowns, two challenged (a verdict each)."""
    path = physical(folder)
    words_of_round(path)
    challenged(path)
    return path


def state_word_challenged_mid_round(folder: Path) -> Path:
    """Round 2 (round 1's story on the standings): three words in and one pass, then a
    challenge."""
    path = physical(folder)
    words_of_round(path)
    challenged(path)
    words_of_round(path, (0, 1, 2))
    record(path, EnterPass(seat=3))
    record(path, ChallengeWord(challenger=0, seat=1, valid=False, reason="not in dictionary", dictionary="builtin:en"))
    return path


def state_over(folder: Path) -> Path:
    """The game over after four rounds of words."""
    path = physical(folder)
    for number in range(4):
        words_of_round(path)
        if number == 0:
            challenged(path)
    return path


STATES: dict[str, Callable[[Path], Path]] = {
    "draft": state_draft,
    "crafting": state_crafting,
    "words in with verdicts": state_story,
    "after a challenge": state_word_challenged_mid_round,
    "end of game": state_over,
}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "nl"])
@pytest.mark.parametrize("state", list(STATES))
def test_every_spellcrafter_state_fits_a_tv_and_a_phone_and_is_accessible(
    tmp_path: Path, browsers: Callable[[Size], Any], state: str, language: str
) -> None:
    path = STATES[state](tmp_path)
    with serving(path, language) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: d.find_elements("css selector", ".sc-head"))
        for size in (TV, TV_720):
            screen(tv, size)
            assert_fits(tv, size)
        assert_accessible(tv)
        phone = browsers(PHONE_SMALL)
        phone.get(server.seat_link(1))
        wait_for(phone, lambda d: d.find_elements("css selector", ".sc-head"))
        wait_for(phone, lambda d: d.execute_script("return Referee.data && Referee.data.lang"))
        if phone.execute_script("return Referee.data.lang") != language:
            phone.find_element("css selector", "#language").click()
        wait_for(phone, lambda d: d.execute_script("return Referee.data.lang") == language and d.find_elements("css selector", ".sc-head"))
        assert_fits(phone, PHONE_SMALL)
        assert_accessible(phone)


@pytest.mark.slow
def test_the_round_story_is_on_the_tv_and_each_phone_until_the_next_rounds_first_entry(
    tmp_path: Path, browsers: Callable[[Size], Any]
) -> None:
    path = state_story(tmp_path)
    with serving(path) as server:
        tv, phone = browsers(TV), browsers(PHONE_SMALL)
        tv.get(server.url("/"))
        phone.get(server.seat_link(3))
        for page in (tv, phone):
            wait_for(page, lambda d: len(d.find_elements("css selector", ".sc-words .sc-entry .sc-word")) == 4)
            text = page.find_element("css selector", ".sc-words").text
            assert "challenged by Bram: valid" in text and "challenged by Daan: invalid" in text
            assert "Toil" in text and "Double, Double" in text and "Trouble" in text
        record(path, EnterPass(seat=0, round=2))
        for page in (tv, phone):
            wait_for(page, lambda d: "Words of round 2" in d.find_element("css selector", "body").text
                     or not d.find_elements("css selector", ".sc-words .sc-word"))  # fmt: skip


@pytest.mark.slow
def test_the_crafting_clock_is_not_restarted_by_a_tap(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    """The phone counts down to the server's deadline; a tap (a card added to the word,
    the page drawn again) ten seconds later (the page's clock moved on by hand) shows ten
    seconds less, never the clock started again."""
    path = drafted(tmp_path, 99, stamp(exact_now() - timedelta(seconds=5)))
    with serving(path) as server:
        phone = browsers(PHONE_SMALL)
        phone.get(server.seat_link(1))
        wait_for(phone, lambda d: d.find_elements("css selector", "#clock-time") and d.find_elements("css selector", "#craft-cards .tap"))

        def seconds(d: Any) -> int:
            minutes, secs = d.find_element("css selector", "#clock-time").text.split(":")
            return int(minutes) * 60 + int(secs)

        before = seconds(phone)
        phone.execute_script("const real = Date.now.bind(Date); Date.now = () => real() + 10000;")
        phone.find_elements("css selector", "#craft-cards .tap")[0].click()
        wait_for(phone, lambda d: d.find_elements("css selector", "#word .chip"))
        assert seconds(phone) <= before - 9


@pytest.mark.slow
def test_the_keep_badge_stays_on_the_card_kept_and_a_disabled_button_says_so(
    tmp_path: Path, browsers: Callable[[Size], Any]
) -> None:
    path = drafted(tmp_path, 0, stamp(exact_now()))
    with serving(path) as server:
        phone = browsers(PHONE_SMALL)
        phone.get(server.seat_link(0))
        wait_for(phone, lambda d: d.find_elements("css selector", "#hand .tap"))
        confirm = phone.find_element("css selector", "#pick-confirm")
        assert confirm.get_attribute("disabled") is not None and confirm.get_attribute("aria-disabled") == "true"
        style = phone.execute_script("const s = getComputedStyle(arguments[0]); return [s.borderStyle, s.cursor];", confirm)
        assert style == ["dashed", "not-allowed"]
        kept = phone.find_elements("css selector", "#hand .tap")[1].get_attribute("data-card")
        phone.find_elements("css selector", "#hand .tap")[1].click()
        wait_for(phone, lambda d: d.find_element("css selector", "#pick-confirm").get_attribute("aria-disabled") == "false")
        phone.find_element("css selector", "#pick-confirm").click()
        wait_for(phone, lambda d: not d.find_elements("css selector", "#pick-confirm"))
        badges = phone.execute_script("return [...document.querySelectorAll('#hand .badge')].length")
        assert badges == 0  # the card kept has left the hand; no other card took its badge
        assert savefile.load(path, RULES).events[-1]["card"] == kept


@pytest.mark.slow
def test_every_suit_has_a_shape_besides_its_colour_and_cards_have_names(tmp_path: Path, browsers: Callable[[Size], Any]) -> None:
    path = drafted(tmp_path, 0, stamp(exact_now()))
    with serving(path) as server:
        phone = browsers(PHONE_SMALL)
        phone.get(server.seat_link(0))
        wait_for(phone, lambda d: d.find_elements("css selector", "#hand .tap"))
        cards = phone.execute_script(
            "return [...document.querySelectorAll('#hand .card.letter')].map(c => [c.className, c.querySelector('.suit-mark').textContent, c.getAttribute('aria-label')])")
        marks = {next(word for word in name.split() if word.startswith("suit-")): mark for name, mark, _label in cards}
        assert all(marks.values()) and len(set(marks.values())) == len(marks)
        assert all(", " in label and "point" in label for _name, _mark, label in cards)
