"""Time up shows the words without a tap (issue 33, point 2): when the crafting clock runs
out while a word lies face down, every page is drawn again (a new version: every event
stream sends its answer anew) and shows the round's words, though nobody has tapped.

The game says when its pages next change by time alone
(:meth:`referee.web.contract.WebGame.changes_at`; Spellcrafter's is
:func:`referee.spellcrafter.view.shown_at`); the server's watcher gives the pages a new
version once that moment has passed, by the server's clock. The clock is replaced here:
nothing waits for real time but the watcher's polls."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from referee import moments
from referee.spellcrafter.game import Game
from referee.spellcrafter.setup import Setup
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.view import shown_at
from referee.web import server
from referee.web.server import Served
from referee.web.spell import WEB
from test_web_spell_draft import NAMES, draft_through, drafted, state_of
from test_web_spell_hidden import CRAFTING, STARTED, TIME_UP, entered, word_of
from web_privacy import served_file

DEADLINE = STARTED.replace(minute=STARTED.minute + 2)  # the pick that ended the draft + 2 minutes


class Clock:
    """The server's clock, set by the test."""

    def __init__(self, moment: datetime) -> None:
        self.moment = moment

    def __call__(self) -> datetime:
        return self.moment


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The server's one clock (:func:`referee.moments.exact_now`, which the pages' view and
    the watcher read), 30 seconds into the crafting time; the watcher polls at once."""
    replaced = Clock(CRAFTING)
    monkeypatch.setattr(moments, "exact_now", replaced)
    monkeypatch.setattr(server, "POLL_SECONDS", 0.001)
    return replaced


def watched(served: Served, step: Callable[[int], bool], polls: int = 200) -> None:
    """Run the server's watcher; before each of its polls ``step(number)`` is called (the
    first is 1), until it says to stop (or ``polls`` are done)."""
    count = 0

    def stop_requested() -> bool:
        nonlocal count
        count += 1
        return count > polls or step(count)

    served.stop_requested = stop_requested
    asyncio.run(served.watch())


def statuses(served: Served, seat: int | None = None) -> list[str]:
    answer: Any = served.answer(seat, "en")
    return [entry["status"] for entry in answer["view"]["latest"]["entries"]]


def test_the_words_are_shown_when_time_is_up_without_a_tap(tmp_path: Path, clock: Clock) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    entered(path, 0)
    served = served_file(path)
    assert statuses(served) == ["entered", "waiting", "waiting", "waiting"]
    seen: dict[int, int] = {}

    def step(number: int) -> bool:
        seen[number] = served.version
        if number == 5:
            clock.moment = TIME_UP
        return number == 15

    watched(served, step)
    assert seen[5] == seen[1], "no new version while the clock runs"
    assert seen[15] == seen[5] + 1, "one new version once time is up, not one per poll"
    for seat in (None, 1):
        assert statuses(served, seat) == ["word", "waiting", "waiting", "waiting"]
    assert word_of(path, 0) in str(served.answer(None, "en")["view"])


def test_time_up_wakes_every_open_event_stream(tmp_path: Path, clock: Clock) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    entered(path, 0)
    served = served_file(path)
    woken: list[bool] = []

    async def watch_with_a_stream() -> None:
        waiter = asyncio.Event()  # as an event stream waits for the next version
        served.waiters.add(waiter)
        polls = 0

        def stop_requested() -> bool:
            nonlocal polls
            polls += 1
            if polls == 3:
                woken.append(waiter.is_set())
                clock.moment = TIME_UP
            if polls == 20:
                woken.append(waiter.is_set())  # before the watcher stops (which wakes every stream)
            return polls == 20

        served.stop_requested = stop_requested
        await served.watch()

    asyncio.run(watch_with_a_stream())
    assert woken == [False, True]


def test_pages_do_not_change_by_time_when_no_word_is_face_down(tmp_path: Path, clock: Clock) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    served = served_file(path)
    versions: list[int] = []

    def step(number: int) -> bool:
        versions.append(served.version)
        clock.moment = TIME_UP
        return number == 10

    watched(served, step)
    assert len(set(versions)) == 1


def test_the_moment_the_words_are_shown_by_time_is_the_deadline_while_a_word_is_face_down(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    assert shown_at(state_of(path)) is None  # drafting: no clock yet
    draft_through(path)
    assert shown_at(state_of(path)) is None  # crafting, nothing entered: nothing hidden
    entered(path, 0)
    game: Game = state_of(path)
    assert shown_at(game) == DEADLINE == WEB.changes_at(game)
    for seat in (1, 2, 3):
        entered(path, seat, word=False)
    assert shown_at(state_of(path)) is None  # every word in: shown already


def test_games_without_a_clock_do_not_change_by_time() -> None:
    from referee.web.contract import Pages
    from referee.web.smitten import WEB as SMITTEN_WEB
    from referee.web.smoor import WEB as SMOOR_WEB

    physical: Game = RULES.start(Setup.build(NAMES[:2], seed=None))
    assert shown_at(physical) is None
    assert Pages[object]().changes_at(object()) is None
    defaults: list[Any] = [type(SMITTEN_WEB).changes_at, type(SMOOR_WEB).changes_at]
    assert defaults == [Pages.changes_at] * 2
