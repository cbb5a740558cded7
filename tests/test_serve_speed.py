"""`referee serve` as fast at round 20 as at round 1 (issue 33 point 6): the state is held
in memory and advanced by the new events only, a change made by another process is read
once, and each view's answer is computed once per version for every stream that shows it.

Nothing here is timed (the CI machine is busy): the work is counted (calls to the rules'
``apply``, readings of the file, answers computed), and what the pages are sent is
compared byte for byte with what a server reading the whole file would send.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
import serve_match

from referee import savefile
from referee.decisions import seat_entry
from referee.savefile.held import stamp_of
from referee.games import game
from referee.web import server as web_server
from referee.web.server import Served
from referee.web.streams import stream

NOW = "2026-12-06T20:00:00.000Z"


class Counting:
    """A game's rules whose ``apply`` is counted; everything else is the rules'."""

    def __init__(self, rules: Any) -> None:
        self._rules = rules
        self.applied = 0

    def apply(self, state: Any, action: Any) -> Any:
        self.applied += 1
        return self._rules.apply(state, action)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)


@pytest.fixture
def still_clock(monkeypatch):
    """The server's clock stands still: two answers differ only by what they show."""
    monkeypatch.setattr(web_server, "server_now", lambda: NOW)


@pytest.fixture
def match(tmp_path, monkeypatch) -> Path:
    """A Smoorverliefd match of 30 entries (round 1, in its tricks)."""
    monkeypatch.chdir(tmp_path)
    path: Path = tmp_path / "m.toml"
    serve_match.start(path)
    serve_match.play(path, entries=30)
    return path


def counted(path: Path) -> tuple[Served, Counting]:
    served = Served(path, game("smoorverliefd"), "en")
    counting = Counting(served.rules)
    served.rules = counting
    return served, counting


def other_process(path: Path, entries: int, seed: int = 1) -> None:
    """``entries`` entries recorded as another process would (table mode, a terminal)."""
    rules = serve_match.rules()
    rng = random.Random(seed)
    for _ in range(entries):
        state = savefile.load(path, rules).state
        seat, event = serve_match.next_entry(rules, state, rng)
        savefile.record(path, rules, seat_entry(rules, seat, event))


def reading_counted(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every reading of a save file's bytes from now on (the engine's ``_read``)."""
    readings: list[Path] = []
    real = savefile._read

    def counted_read(path: Path, rules: Any) -> bytes:
        readings.append(path)
        return real(path, rules)

    monkeypatch.setattr(savefile, "_read", counted_read)
    return readings


def answers_counted(monkeypatch: pytest.MonkeyPatch, served: Served) -> list[tuple[int | None, str]]:
    """Every answer ``served`` computes from now on: (seat, language)."""
    computed: list[tuple[int | None, str]] = []
    real = served.answer

    def counted_answer(seat: int | None, language: str) -> Any:
        computed.append((seat, language))
        return real(seat, language)

    monkeypatch.setattr(served, "answer", counted_answer)
    return computed


def full_replay_text(served: Served, seat: int | None, language: str) -> str:
    """What a server that read the whole file now would send, at ``served``'s version
    (with the same news of an undo or a redo: the host's announcement)."""
    fresh = Served(served.path, served.spec, served.language)
    fresh.version = served.version
    fresh.desk.announced = served.desk.announced  # the news of an undo or redo is what that server saw happen, not the file
    return json.dumps(fresh.answer(seat, language), ensure_ascii=False)


# --- the state is advanced by the new events only --------------------------------------


def test_after_entries_appended_by_another_process_only_the_new_ones_are_stepped(match):
    served, counting = counted(match)
    other_process(match, 7)
    assert served.reload()
    assert counting.applied == 7
    assert served.saved is not None and served.saved.state == savefile.load(match, serve_match.rules()).state


def test_a_change_by_another_process_is_read_once(match, monkeypatch):
    served, _counting = counted(match)
    other_process(match, 2)
    readings = reading_counted(monkeypatch)
    assert served.reload()
    assert not served.reload() and not served.reload()  # the watcher looks again: nothing new
    assert readings == [match]


def test_a_seats_entry_is_kept_as_recorded_without_reading_the_file_back(match, monkeypatch):
    served, counting = counted(match)
    readings = reading_counted(monkeypatch)
    assert served.saved is not None
    seat, event = serve_match.next_entry(served.rules, served.saved.state, random.Random(2))
    version = served.version
    status, answer = served.act(seat, str(event["kind"]), {k: v for k, v in event.items() if k != "kind"}, "en")
    assert status == 200, answer
    assert not served.reload()  # the watcher: the file is the one just written
    assert counting.applied == 1  # the entry itself, once
    assert readings == []
    assert served.version == version + 1 and answer["entries"] == 31
    assert served.saved.state == savefile.load(match, serve_match.rules()).state


def test_an_undo_in_another_process_is_picked_up(match):
    served, _counting = counted(match)
    savefile.undo(match, serve_match.rules())
    assert served.reload()
    assert served.saved is not None and len(served.saved.events) == 29
    assert served.saved.state == savefile.load(match, serve_match.rules()).state


def test_an_edit_in_another_process_is_replayed_whole(match):
    served, counting = counted(match)
    rules = serve_match.rules()
    savefile.undo(match, rules)
    savefile.undo(match, rules)
    other_process(match, 2, seed=9)  # two other entries in their place: the same count, other events
    counting.applied = 0
    assert served.reload()
    assert counting.applied == 30  # replayed from the start: the events held are no longer the file's
    assert served.saved is not None and served.saved.state == savefile.load(match, rules).state


def test_another_game_in_the_file_is_replayed_whole(match, still_clock):
    served, _counting = counted(match)
    match.unlink()
    serve_match.start(match)
    serve_match.play(match, entries=3, seed=5)
    assert served.reload()
    assert served.saved is not None and len(served.saved.events) == 3
    assert served.text(None, "en") == full_replay_text(served, None, "en")


def test_a_damaged_file_is_shown_and_the_held_state_serves_again_once_it_is_mended(match, still_clock):
    served, _counting = counted(match)
    good = match.read_bytes()
    match.write_bytes(good + b"[[events]]\nkind = 'nonsense'\n")
    assert served.reload() and served.error is not None
    match.write_bytes(good)
    assert served.reload() and served.error is None
    assert served.text(0, "nl") == full_replay_text(served, 0, "nl")


# --- one answer per view and version ----------------------------------------------------


class Page:
    """An event stream's page, talking plain ASGI to :func:`referee.web.streams.stream`:
    what it was sent, and its going away (``leave``)."""

    def __init__(self, served: Served, view: tuple[int | None, str] = (None, "en"), still: Any = lambda: True, scope: Any = None) -> None:
        self.sent: list[Any] = []
        self.left = asyncio.Event()
        self.requested = False
        self.task = asyncio.ensure_future(stream(served, scope or {}, self.receive, self.send, view, still, who="table"))

    async def receive(self) -> Any:
        if not self.requested:
            self.requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: Any) -> None:
        self.sent.append(message)

    def events(self) -> list[bytes]:
        return [message["body"] for message in self.sent if message.get("body", b"").startswith(b"data: ")]

    def ended(self) -> bool:
        return bool(self.sent) and self.sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_two_streams_of_the_same_view_get_one_computation(match, monkeypatch, still_clock):
    served, _counting = counted(match)
    computed = answers_counted(monkeypatch, served)

    async def run() -> None:
        tvs = [Page(served) for _ in range(3)]
        await settle()
        assert computed == [(None, "en")]
        assert all(tv.sent[1]["body"] == b"retry: 1000\n\n" for tv in tvs)
        sent = {event for tv in tvs for event in tv.events()}
        assert sent == {f"data: {full_replay_text(served, None, 'en')}\n\n".encode()}
        other_process(match, 1)
        served.reload()
        await settle()
        assert computed == [(None, "en"), (None, "en")]
        again = {tv.events()[-1] for tv in tvs}
        assert len(again) == 1 and again != sent and all(len(tv.events()) == 2 for tv in tvs)
        served.stop()
        await settle()
        assert all(tv.ended() for tv in tvs)
        await asyncio.gather(*(tv.task for tv in tvs))

    asyncio.run(run())


def test_each_view_and_language_is_its_own_answer(match, monkeypatch, still_clock):
    served, _counting = counted(match)
    computed = answers_counted(monkeypatch, served)
    for _ in range(3):
        for seat in (None, 0, 1):
            for language in ("en", "nl"):
                served.text(seat, language)
    assert sorted(computed, key=str) == sorted({(s, l) for s in (None, 0, 1) for l in ("en", "nl")}, key=str)
    assert json.loads(served.text(1, "nl"))["lang"] == "nl" and json.loads(served.text(1, "nl"))["seat"] == 1


def test_a_kept_answer_is_made_again_after_a_moment_as_it_may_depend_on_the_clock(match, monkeypatch):
    served, _counting = counted(match)
    computed = answers_counted(monkeypatch, served)
    clock = [100.0]
    served.clock = lambda: clock[0]
    served.text(None, "en")
    clock[0] += web_server.ANSWER_KEPT_SECONDS / 2
    served.text(None, "en")
    assert len(computed) == 1
    clock[0] += web_server.ANSWER_KEPT_SECONDS
    served.text(None, "en")
    assert len(computed) == 2


def test_the_moment_in_a_kept_answer_is_the_moments(match, monkeypatch):
    served, _counting = counted(match)
    ticks = iter(range(10, 60))
    monkeypatch.setattr(web_server, "server_now", lambda: f"2026-12-06T20:00:{next(ticks)}.000Z")
    first, second = json.loads(served.text(None, "en")), json.loads(served.text(None, "en"))
    assert first["now"] < second["now"] == f"2026-12-06T20:00:{next(ticks) - 1}.000Z"
    assert {**first, "now": None} == {**second, "now": None}


def test_a_change_not_in_the_file_sends_every_page_its_answer_again(match):
    served, _counting = counted(match)
    version = served.version
    before = served.text(None, "en")
    served.changed()
    assert served.version == version + 1
    assert json.loads(served.text(None, "en"))["version"] == version + 1 != json.loads(before)["version"]


# --- what is sent is what a whole replay gives ----------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_answers_are_byte_identical_to_a_full_replays_in_random_matches(tmp_path, monkeypatch, still_clock, seed):
    """A match played from the phones, with entries from another process, undos and
    edits between them: after each change every view, in both languages, is what a
    server reading the whole file would send."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "m.toml"
    serve_match.start(path)
    served = Served(path, game("smoorverliefd"), "en")
    rules = serve_match.rules()
    rng = random.Random(seed)
    for turn in range(50):
        assert served.saved is not None
        roll = rng.random()
        if roll < 0.6:
            seat, event = serve_match.next_entry(rules, served.saved.state, rng)
            status, answer = served.act(seat, str(event["kind"]), {k: v for k, v in event.items() if k != "kind"}, rng.choice(["en", "nl"]))
            assert status == 200, answer
        elif roll < 0.8:
            other_process(path, rng.randint(1, 4), seed=turn)
        elif roll < 0.9 and served.saved.events:
            savefile.undo(path, rules)
        else:
            other_process(path, 1, seed=turn)
            savefile.undo(path, rules)
            savefile.redo(path, rules)
        served.reload()
        for seat in (None, *range(len(serve_match.PLAYERS))):
            for language in ("en", "nl"):
                assert served.text(seat, language) == full_replay_text(served, seat, language), (turn, seat, language)


@pytest.mark.slow
def test_answers_are_byte_identical_to_a_full_replays_in_a_random_smitten_game(tmp_path, monkeypatch, referee, still_clock):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "s.toml"
    assert referee("smitten", "new", str(path), "--seed", "speed", "--players", "Anna", "Bram").exit_code == 0
    spec = game("smitten")
    served = Served(path, spec, "en")
    rules: Any = spec.load_rules()
    played = 0
    rng = random.Random(4)
    for turn in range(60):
        assert served.saved is not None
        if rules.outcome(served.saved.state) is not None:
            break
        played = turn + 1
        choices = [(seat, choice) for seat in (0, 1) for decision in rules.decisions(served.saved.state, seat) for choice in decision.choices]
        seat, event = rng.choice(choices)
        if turn % 3:
            status, answer = served.act(seat, str(event["kind"]), {k: v for k, v in event.items() if k != "kind"}, "nl")
            assert status == 200, answer
        else:
            savefile.record(path, rules, seat_entry(rules, seat, event))
        served.reload()
        for view in (None, 0, 1):
            assert served.text(view, "en") == full_replay_text(served, view, "en"), (turn, view)
    assert played >= 5


# --- the save-file engine's held reading -------------------------------------------------


def test_what_record_keeps_in_held_is_what_reading_the_file_gives(match):
    rules = serve_match.rules()
    held: savefile.Held[Any] = savefile.Held()
    savefile.load_held(match, rules, held)
    for seed in range(6):  # bids, the curse and cards: their events as the file reads them back
        assert held.last is not None
        seat, event = serve_match.next_entry(rules, held.last.saved.state, random.Random(seed))
        savefile.record(match, rules, seat_entry(rules, seat, event), held=held)
        assert held.last is not None
        read = savefile.load(match, rules)
        assert held.last.data == match.read_bytes()
        assert held.last.saved.events == read.events and held.last.saved.state == read.state
        assert held.last.stamp == stamp_of(match)  # the watcher sees no change: its own entry


def test_a_refused_entry_with_a_held_reading_changes_neither_the_file_nor_what_is_held(match):
    rules = serve_match.rules()
    held: savefile.Held[Any] = savefile.Held()
    savefile.load_held(match, rules, held)
    before, last = match.read_bytes(), held.last
    with pytest.raises(Exception):
        savefile.record(match, rules, {"kind": "play", "player": "Anna", "card": "1X"}, held=held)
    assert match.read_bytes() == before and held.last is last


def test_a_bad_event_appended_by_another_process_is_reported_with_its_line_and_held_stays(match):
    rules = serve_match.rules()
    held: savefile.Held[Any] = savefile.Held()
    savefile.load_held(match, rules, held)
    last = held.last
    text = match.read_text(encoding="utf-8")
    match.write_text(text.replace("[end]\nevents = 30", '[[events]]\nkind = "play"\nplayer = "Anna"\ncard = "1X"\n\n[end]\nevents = 31'), encoding="utf-8")
    with pytest.raises(savefile.SaveFileError) as raised:
        savefile.load_held(match, rules, held)
    assert "event 31" in str(raised.value) and held.last is last
