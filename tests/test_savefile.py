"""The save-file engine (SPEC §1, "Save files"), tested with a real toy game.

Real files in tmp_path, real processes: writers killed with SIGKILL, writers racing
for the lock, files damaged in every way we can think of, and the shared `undo` and
`history` commands driven through the real command group with CliRunner.
"""

from __future__ import annotations

import fcntl
import json
import os
import random
import re
import signal
import stat
import subprocess
import sys
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from referee import savefile
from referee.errors import InputError, RuleError
from conftest import without_redo
from toy_game import TALLY, VOICE, cli, score

WRITER = Path(__file__).with_name("savefile_writer.py")
PLAYERS = ["Anna", "Bob", "Cleo"]
EVENTS = [score("Anna", 3), score("Bob", 5), score("Cleo", 2)]


# --- helpers ----------------------------------------------------------------------------


def started(path: Path, events: Sequence[dict[str, Any]] = ()) -> Path:
    """A tally save file for PLAYERS with ``events`` recorded one by one."""
    savefile.create(path, TALLY, {"players": list(PLAYERS)})
    for event in events:
        savefile.record(path, TALLY, event)
    return path


def backup(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def names(folder: Path) -> set[str]:
    return set(os.listdir(folder))


def line_of(text: str, needle: str, nth: int = 1) -> int:
    """The number of the nth line that contains ``needle``."""
    found = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(found) >= nth, f"{needle!r} does not occur {nth} times in the file"
    return found[nth - 1]


def replace_nth(text: str, old: str, new: str, nth: int = 1) -> str:
    parts = text.split(old)
    assert len(parts) > nth, f"{old!r} does not occur {nth} times in the file"
    return old.join(parts[:nth]) + new + old.join(parts[nth:])


@pytest.fixture(autouse=True)
def registered(monkeypatch):
    """The toy game in the registry, where its voice (its words) is found."""
    from referee import games
    from toy_game import SPEC

    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])


@pytest.fixture
def tally():
    """Run the toy game's real command group: tally("history", path)."""
    runner = CliRunner()
    app = cli()

    def call(*args: object, env: dict[str, str] | None = None):
        result = runner.invoke(app, [str(arg) for arg in args], env=env)
        assert "Traceback" not in result.stdout + result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result

    return call


def assert_fails(result, code: int, *fragments: str) -> str:
    """Exit ``code`` with one line on stderr that holds every fragment, and no traceback."""
    assert result.exit_code == code, (result.stdout, result.stderr)
    message: str = result.stderr
    assert message.startswith("referee: ") and message.endswith("\n") and message.count("\n") == 1, message
    assert "internal error" not in message
    for fragment in fragments:
        assert fragment in message
    return message


def says(result, text: str) -> bool:
    """Whether the human output holds ``text``, however rich wrapped or folded its lines."""
    return "".join(text.split()) in "".join(result.stdout.split())


def assert_whole(path: Path) -> int:
    """The file (and FILE.bak) load, hold Anna's points 1..k in order; returns k."""
    saved = savefile.load(path, TALLY)
    points = [event["points"] for event in saved.events]
    assert points == list(range(1, len(points) + 1))
    assert tomllib.loads(path.read_text("utf-8"))["end"] == {"events": len(points)}
    if points:
        old = savefile.load(backup(path), TALLY)
        assert old.events == saved.events[: len(old.events)]
        assert len(old.events) in (len(points) - 1, len(points))
    return len(points)


def temporaries(folder: Path) -> set[str]:
    return {name for name in names(folder) if name.endswith(".tmp")}


# --- crashes and concurrency: real processes --------------------------------------------


@pytest.mark.slow
def test_a_writer_killed_at_any_step_of_its_write_leaves_the_old_or_the_new_file(tmp_path):
    """Stop a writer before each file-system call of the write path in turn (SIGKILL,
    like a power cut): the file is then always the old or the new version, whole, and
    never older than before. Deterministic: the kills land at chosen steps, not at
    moments that depend on the machine's speed."""
    path = started(tmp_path / "game.toml", [score("Anna", 1), score("Anna", 2)])
    start = {name: (tmp_path / name).read_bytes() for name in names(tmp_path)}
    outcomes, left_behind = [], []
    for step in range(1, 200):
        # Each kill starts from the same two files: a killed write can leave FILE.bak a
        # link to FILE, and the next write then has fewer steps to stop at.
        for name in names(tmp_path):
            (tmp_path / name).unlink()
        for name, data in start.items():
            (tmp_path / name).write_bytes(data)
        before = assert_whole(path)
        writer = subprocess.run(
            [sys.executable, str(WRITER), str(path), "Anna", "1", "--kill-at", str(step)],
            capture_output=True,
            text=True,
        )
        now = assert_whole(path)
        if writer.returncode == 0:  # the step is past the end of the write: it finished
            assert now == before + 1
            break
        assert writer.returncode == -signal.SIGKILL, writer.stderr
        assert now in (before, before + 1)  # the old file or the new one, never older
        outcomes.append(now - before)
        if temporaries(tmp_path):
            left_behind.append(step)
    else:
        pytest.fail("the writer never finished its write")
    # Killed before the rename, the old file stays; after it, the new one is there.
    assert 0 in outcomes and 1 in outcomes and outcomes == sorted(outcomes)

    # The next write goes on from there and cleans up what the killed writers left.
    subprocess.run([sys.executable, str(WRITER), str(path), "Anna", "1", "--kill-at", str(left_behind[-1])], capture_output=True)
    assert temporaries(tmp_path)
    count = assert_whole(path)
    savefile.record(path, TALLY, score("Anna", count + 1))
    assert assert_whole(path) == count + 1
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


@pytest.mark.slow
def test_writers_appending_at_the_same_time_lose_no_event(tmp_path):
    path = started(tmp_path / "game.toml")
    env = {**os.environ, savefile.LOCK_TIMEOUT_ENV: "60"}
    writers = [
        subprocess.Popen(
            [sys.executable, str(WRITER), str(path), player, "40", "--wait", "--pause", "0.004"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for player in PLAYERS
    ]
    try:
        for writer in writers:
            assert writer.stdout is not None and writer.stderr is not None  # PIPE
            assert writer.stdout.readline() == "ready\n", writer.stderr.read()
        for writer in writers:  # start them together
            assert writer.stdin is not None  # PIPE
            writer.stdin.write("go\n")
            writer.stdin.flush()
        for writer in writers:
            _, errors = writer.communicate(timeout=60)
            assert writer.returncode == 0, errors
    finally:
        for writer in writers:
            if writer.poll() is None:
                writer.kill()
                writer.communicate()

    # How often the writers took turns depends on the machine's scheduling, so it is not
    # asserted; what must hold whatever the timing is that no event was lost or reordered.
    saved = savefile.load(path, TALLY)
    assert len(saved.events) == 3 * 40
    for player in PLAYERS:
        assert [e["points"] for e in saved.events if e["player"] == player] == list(range(1, 41))
        assert saved.state.total(player) == sum(range(1, 41))
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


def test_a_writer_that_locks_a_version_just_replaced_by_another_writer_uses_the_new_one(tmp_path, monkeypatch):
    # The race the process test above can hardly hit (its window is microseconds wide):
    # another writer replaces the file between this writer's open() and its flock().
    path = started(tmp_path / "game.toml", EVENTS[:1])
    real_flock = fcntl.flock
    raced: list[bool] = []

    def flock_just_after_another_writer(fd: int, operation: int) -> None:
        if not raced:
            raced.append(True)
            savefile.record(path, TALLY, EVENTS[1])  # the other writer, start to finish
        real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", flock_just_after_another_writer)
    saved = savefile.record(path, TALLY, EVENTS[2]).saved
    assert raced
    assert saved.events == EVENTS
    assert savefile.load(path, TALLY).events == EVENTS


@pytest.mark.slow
def test_a_writer_that_cannot_get_the_lock_in_time_fails_with_a_clear_message(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    before, before_backup = path.read_bytes(), backup(path).read_bytes()
    waiting = "is being written by another referee (waited 0.2 s); try again in a moment"
    holder = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)

        writer = subprocess.run(
            [sys.executable, str(WRITER), str(path), "Anna", "1"],
            env={**os.environ, savefile.LOCK_TIMEOUT_ENV: "0.2"},
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert writer.returncode == 2
        assert writer.stderr == f"savefile_writer: {path} {waiting}\n"

        began = time.monotonic()
        result = tally("score", path, "Anna", "1", env={savefile.LOCK_TIMEOUT_ENV: "0.2"})
        waited = time.monotonic() - began
        assert_fails(result, 2, f"{path} {waiting}")
        assert result.stdout == ""
        assert waited >= 0.2  # it waited for the lock (how much longer depends on the machine)
    finally:
        os.close(holder)
    assert path.read_bytes() == before and backup(path).read_bytes() == before_backup
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}

    # Once the lock is free, the same write goes through.
    assert tally("score", path, "Anna", "1", env={savefile.LOCK_TIMEOUT_ENV: "0.2"}).exit_code == 0


# --- damaged files ----------------------------------------------------------------------


def _cut_before_end(text: str):
    cut = text[: text.index("[end]")]
    return cut, len(cut.splitlines()), "is cut short: it does not end with the [end] table"


def _cut_inside_an_event(text: str):
    cut = text[: text.index("points = 5") + len("points = ")]
    return cut, line_of(text, "points = 5"), "is not valid TOML"


def _event_removed_by_hand(text: str):
    start = text.index("[[events]]", text.index("player = \"Bob\""))
    edited = text[:start] + text[text.index("[end]") :]
    return edited, line_of(edited, "[end]"), "[end] says 3 events but the file holds 2 events"


def _invalid_toml(text: str):
    return text.replace('player = "Bob"', "player = Bob"), line_of(text, 'player = "Bob"'), "is not valid TOML"


def _unknown_kind(text: str):
    edited = replace_nth(text, 'kind = "score"', 'kind = "bonus"', 2)
    return edited, line_of(text, "[[events]]", 2), "event 2 (bonus): unknown event kind 'bonus'"


def _unknown_player(text: str):
    edited = text.replace('player = "Cleo"', 'player = "Zoe"')
    return edited, line_of(text, "[[events]]", 3), "event 3 (score): unknown player 'Zoe'"


def _negative_points(text: str):
    edited = text.replace("points = 5", "points = -5")
    return edited, line_of(text, "[[events]]", 2), "event 2 (score): points cannot be negative"


def _newer_schema(text: str):
    edited = text.replace("version = 1", "version = 2")
    return edited, line_of(text, "version = 1"), "schema version 2, newer than this referee understands"


def _another_game(text: str):
    edited = text.replace('format = "referee/tally"', 'format = "referee/smitten"')
    return edited, line_of(text, "format = "), "is a smitten file, not a tally file"


def _another_format(text: str):
    return '[tool.poetry]\nname = "tally"\n', 1, "is not a referee/tally save file"


def _empty(text: str):
    return "", 1, "is not a referee/tally save file"


def _not_utf8(text: str):
    edited = text.encode("utf-8").replace(b'"Cleo"', '"Cléo"'.encode("latin-1"), 1)
    return edited, line_of(text, '"Cleo"'), "is not UTF-8 text"


DAMAGES = [
    _cut_before_end,
    _cut_inside_an_event,
    _event_removed_by_hand,
    _invalid_toml,
    _unknown_kind,
    _unknown_player,
    _negative_points,
    _newer_schema,
    _another_game,
    _another_format,
    _empty,
    _not_utf8,
]


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_file_is_reported_with_its_line_and_left_untouched(tmp_path, tally, damage):
    written = started(tmp_path / "written.toml", EVENTS).read_text("utf-8")
    content, line, problem = damage(written)
    folder = tmp_path / "damaged"
    folder.mkdir()
    path = folder / "game.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = path.read_bytes()

    commands = [["history", path], ["score", path, "Anna", "1"], ["undo", path]]
    if damage is _unknown_player:  # the bad event is the last one, which undo may remove
        commands.pop()
    for command in commands:
        message = assert_fails(tally(*command), 2, f"{path} line {line}: the file ", problem)
        assert message.endswith("; the file was left untouched\n")
        assert path.read_bytes() == before
        assert names(folder) == {"game.toml"}  # no FILE.bak, no temporary file

    result = tally("history", path, "--json")
    assert_fails(result, 2, f"{path} line {line}: ")
    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == {"error": result.stderr.removeprefix("referee: ").strip(), "exit_code": 2}


def test_a_damaged_file_message_points_to_the_backup_when_there_is_one(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    path.write_text(path.read_text("utf-8").replace('player = "Cleo"', 'player = "Zoe"'), "utf-8")
    assert_fails(tally("history", path), 2, f"; the previous version is in {backup(path)};")


def test_a_missing_file_suggests_starting_one_with_new(tmp_path, tally):
    path = tmp_path / "game.toml"
    for command in (["history", path], ["score", path, "Anna", "1"], ["undo", path]):
        assert_fails(tally(*command), 2, f"no such file: {path}; start one with `referee tally new {path}")
    assert names(tmp_path) == set()


@pytest.mark.slow
def test_cutting_a_written_file_at_every_byte_fails_or_loses_only_trailing_whitespace(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS)
    data = path.read_bytes()
    cut_path = tmp_path / "cut.toml"
    loaded = []
    for cut in range(len(data) + 1):
        cut_path.write_bytes(data[:cut])
        try:
            saved = savefile.load(cut_path, TALLY)
        except savefile.SaveFileError:
            continue
        assert data[cut:].strip() == b""
        assert saved.events == EVENTS
        loaded.append(cut)
    assert loaded == [len(data) - 1, len(data)]  # only the final newline may go


_names = st.text(st.characters(codec="utf-8"), min_size=1, max_size=6)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.lists(_names, min_size=2, max_size=4, unique=True), data=st.data())
def test_a_file_truncated_at_any_byte_never_silently_loses_an_event(tmp_path, players, data):
    events = data.draw(st.lists(st.builds(score, st.sampled_from(players), st.integers(0, 10**9)), max_size=6))
    text = savefile.dumps(TALLY, {"players": players}, events).encode("utf-8")
    cut = data.draw(st.integers(0, len(text)))
    path = tmp_path / "game.toml"
    path.write_bytes(text[:cut])
    try:
        saved = savefile.load(path, TALLY)
    except savefile.SaveFileError:
        return
    assert text[cut:].strip() == b""  # only trailing whitespace was cut…
    assert saved.events == events  # …and every event is there
    assert saved.setup == {"players": players}


# --- rejected events --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("player", "points", "code", "problem"),
    [("Zoe", "1", 2, "unknown player 'Zoe'"), ("Anna", "-3", 1, "points cannot be negative (-3)")],
    ids=["unknown-player", "negative-points"],
)
def test_a_rejected_event_leaves_the_file_and_its_backup_unchanged(tmp_path, tally, player, points, code, problem):
    path = started(tmp_path / "game.toml", EVENTS)
    before, before_backup = path.read_bytes(), backup(path).read_bytes()
    inode = path.stat().st_ino
    result = tally("score", path, "--", player, points)
    assert_fails(result, code, problem)
    assert result.stdout == ""
    assert path.read_bytes() == before and backup(path).read_bytes() == before_backup
    assert path.stat().st_ino == inode  # not even rewritten with the same bytes
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


def test_record_raises_the_rules_error_and_writes_nothing(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS)
    before = path.read_bytes()
    with pytest.raises(RuleError, match="negative"):
        savefile.record(path, TALLY, score("Bob", -1))
    with pytest.raises(InputError, match="unknown event kind"):
        savefile.record(path, TALLY, {"kind": "bonus", "player": "Bob", "points": 1})
    assert path.read_bytes() == before


# --- create, undo, history, rewrite -----------------------------------------------------


def test_new_starts_an_empty_file_and_refuses_to_overwrite_an_existing_one(tmp_path, tally):
    path = tmp_path / "game.toml"
    result = tally("new", path, "Anna", "Bob")
    assert result.exit_code == 0, result.stderr
    assert savefile.load(path, TALLY).events == []
    savefile.record(path, TALLY, score("Anna", 3))
    before = path.read_bytes()

    assert_fails(tally("new", path, "Cleo", "Dan"), 2, f"{path} already exists")
    with pytest.raises(InputError, match="already exists"):
        savefile.create(path, TALLY, {"players": ["Cleo", "Dan"]})
    assert path.read_bytes() == before
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


@pytest.mark.parametrize(
    ("players", "problem"),
    [(["Anna"], "at least 2 players"), (["Anna", "Anna"], "same name")],
    ids=["one-player", "same-name-twice"],
)
def test_new_with_a_bad_setup_creates_no_file(tmp_path, tally, players, problem):
    assert_fails(tally("new", tmp_path / "game.toml", *players), 2, problem)
    assert names(tmp_path) == set()


def test_new_in_a_missing_folder_is_a_clear_error(tmp_path, tally):
    assert_fails(tally("new", tmp_path / "nowhere" / "game.toml", "Anna", "Bob"), 2, "does not exist")


def test_undo_removes_the_last_event_and_keeps_the_previous_version_in_the_backup(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    before = path.read_bytes()
    result = tally("undo", path)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    assert says(result, f"Undone: event 3, Cleo +2\n{path} now holds 2 events.")
    assert savefile.load(path, TALLY).events == EVENTS[:2]
    assert backup(path).read_bytes() == before
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}

    result = tally("undo", path, "--json")
    assert result.exit_code == 0 and result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == {"file": str(path), "undone": EVENTS[1], "events": 1}


def test_undo_with_no_events_is_a_clear_error(tmp_path, tally):
    path = started(tmp_path / "game.toml")
    before = path.read_bytes()
    assert_fails(tally("undo", path), 1, f"{path} has no events to undo")  # the state says no
    assert path.read_bytes() == before
    assert names(tmp_path) == {"game.toml"}


def test_history_lists_every_event_oldest_first(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    result = tally("history", path)
    assert result.exit_code == 0 and result.stderr == ""
    rows = [line.split(None, 1) for line in result.stdout.splitlines() if re.match(r"\s*\d+\s", line)]
    rows = [[number, summary.strip()] for number, summary in rows]
    assert rows == [["1", "Anna +3"], ["2", "Bob +5"], ["3", "Cleo +2"]]

    empty = started(tmp_path / "empty.toml")
    result = tally("history", empty)
    assert result.exit_code == 0 and says(result, f"{empty} holds no events yet.")


def test_history_json_is_exactly_one_object(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    result = tally("history", path, "--json")
    assert result.exit_code == 0 and result.stderr == ""
    assert result.stdout.count("\n") == 1
    assert json.loads(result.stdout) == {
        "file": str(path),
        "format": "referee/tally",
        "events": [
            {"number": 1, "kind": "score", "summary": "Anna +3", "event": EVENTS[0], "total": 3},
            {"number": 2, "kind": "score", "summary": "Bob +5", "event": EVENTS[1], "total": 5},
            {"number": 3, "kind": "score", "summary": "Cleo +2", "event": EVENTS[2], "total": 2},
        ],
        "edits": [],
    }


def test_history_replays_the_file_once_and_adds_what_the_game_says_of_each_step(tmp_path, monkeypatch):
    path = started(tmp_path / "game.toml", EVENTS)
    applied, starts, apply, start = [], [], TALLY.apply, TALLY.start

    def counted_apply(state, action):
        applied.append(action)
        return apply(state, action)

    def counted_start(setup):
        starts.append(setup)
        return start(setup)

    monkeypatch.setattr(TALLY, "apply", counted_apply)
    monkeypatch.setattr(TALLY, "start", counted_start)
    saved, told = savefile.history(path, TALLY, lambda t: t)
    assert len(applied) == 3 and len(starts) == 1
    assert [t.event for t in told] == EVENTS and saved.state.totals == (3, 5, 2)
    assert [t.before.totals for t in told] == [(0, 0, 0), (3, 0, 0), (3, 5, 0)]
    assert [VOICE.history_detail(t.before, t.event, t.step) for t in told] == [{"total": 3}, {"total": 5}, {"total": 2}]


def test_replay_starts_the_game_once(monkeypatch):
    starts, start = [], TALLY.start

    def counted_start(setup):
        starts.append(setup)
        return start(setup)

    monkeypatch.setattr(TALLY, "start", counted_start)
    assert savefile.replay(TALLY, {"players": ["Anna", "Bob"]}, [score("Bob", 4)]).totals == (0, 4)
    assert len(starts) == 1


def test_rewrite_errors_name_the_event_number_and_write_nothing(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS)
    before = path.read_bytes()

    def negative_second(events, state):
        return [events[0], {**events[1], "points": -5}, events[2]]

    with pytest.raises(RuleError, match=r"^event 2 \(score\): points cannot be negative"):
        savefile.rewrite(path, TALLY, negative_second)
    with pytest.raises(InputError, match=r"^event 4 \(bonus\): unknown event kind"):
        savefile.rewrite(path, TALLY, lambda events, state: [*events, {"kind": "bonus"}])
    assert path.read_bytes() == before

    saved = savefile.rewrite(path, TALLY, lambda events, state: events[1:]).saved
    assert saved.events == EVENTS[1:] and saved.state.total("Anna") == 0
    assert backup(path).read_bytes() == before


# --- the file on disk -------------------------------------------------------------------


def test_the_file_is_readable_toml_in_the_documented_order(tmp_path, monkeypatch):
    from datetime import UTC, datetime

    monkeypatch.setattr("referee.moments.now", lambda: datetime(2026, 12, 4, 19, 2, 11, tzinfo=UTC))
    path = started(tmp_path / "game.toml", EVENTS)
    text = path.read_text("utf-8")
    assert tomllib.loads(text) == {
        "format": "referee/tally",
        "version": 1,
        "setup": {"players": PLAYERS},
        "played": {"started": "2026-12-04T19:02:11Z"},
        "events": EVENTS,
        "end": {"events": 3},
    }
    lines = text.splitlines()
    assert all(line.startswith("#") for line in lines[:3])  # a header for people
    positions = [
        line_of(text, 'format = "referee/tally"'),
        line_of(text, "version = 1"),
        line_of(text, "[setup]"),
        line_of(text, "[played]"),
        line_of(text, "[[events]]"),
        line_of(text, "[end]"),
    ]
    assert positions == sorted(positions)
    assert sum(line == "[[events]]" for line in lines) == 3  # one table per event
    assert text.endswith("[end]\nevents = 3\n")


_keys = st.text(min_size=1, max_size=5)
_values = st.recursive(
    st.one_of(st.integers(), st.text(max_size=5), st.booleans()),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_keys, inner, max_size=3)),
    max_leaves=8,
)


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(
    setup=st.dictionaries(_keys, _values, max_size=3),
    events=st.lists(st.dictionaries(_keys, _values, max_size=4), max_size=4),
)
def test_events_of_any_shape_are_written_one_table_each_and_read_back_the_same(setup, events):
    text = savefile.dumps(TALLY, setup, events)
    assert tomllib.loads(text) == {
        "format": "referee/tally",
        "version": 1,
        "setup": setup,
        **({"events": events} if events else {}),
        "end": {"events": len(events)},
    }
    assert sum(line == "[[events]]" for line in text.splitlines()) == len(events)


def test_the_file_keeps_its_permissions_across_writes(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS[:1])
    path.chmod(0o640)
    savefile.record(path, TALLY, EVENTS[1])
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    savefile.undo(path, TALLY)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_writes_leave_no_temporary_files_behind(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS)
    savefile.undo(path, TALLY)
    savefile.rewrite(path, TALLY, lambda events, state: events)
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


def test_the_next_write_cleans_up_temporaries_a_killed_writer_left_behind(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS[:1])
    stale = {".game.toml.k2j3h4g5.tmp", ".game.toml.bak.4242.tmp", ".game.toml.bak.4242.old.tmp"}
    for name in stale:
        (tmp_path / name).write_text("half a file")
    savefile.record(path, TALLY, EVENTS[1])
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}


def test_writing_a_save_file_leaves_the_temporaries_of_other_files_alone(tmp_path):
    # Another save file, game.toml.2, is being written right now in the same folder.
    path = started(tmp_path / "game.toml", EVENTS[:1])
    started(tmp_path / "game.toml.2")
    in_progress = {".game.toml.2.a8b7c6d5.tmp", ".game.toml.2.bak.4242.tmp", ".game.toml.2.bak.4242.old.tmp"}
    for name in in_progress:
        (tmp_path / name).write_text("being written")
    savefile.record(path, TALLY, EVENTS[1])
    assert in_progress <= names(tmp_path)


def test_appending_an_event_writes_exactly_what_a_full_rewrite_would(tmp_path):
    path = tmp_path / "tally.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    events = []
    for points in range(1, 6):
        event = score("Anna" if points % 2 else "Bram", points)
        events.append(event)
        saved = savefile.record(path, TALLY, event).saved
        assert path.read_text(encoding="utf-8") == savefile.dumps(TALLY, saved.setup, events, played=saved.played)


def test_record_can_build_the_event_from_the_current_state(tmp_path):
    path = tmp_path / "tally.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    saved = savefile.record(path, TALLY, lambda state: score("Bram", 2)).saved
    assert saved.events == [score("Bram", 2)]


def test_undo_removes_a_bad_last_event_that_keeps_the_file_from_loading(tmp_path):
    path = tmp_path / "tally.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    savefile.record(path, TALLY, score("Anna", 3))
    good = path.read_text(encoding="utf-8")
    broken = good.replace("[end]\nevents = 1", '[[events]]\nkind = "score"\nplayer = "Zed"\npoints = 1\n\n[end]\nevents = 2')
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(savefile.SaveFileError, match="event 2"):
        savefile.load(path, TALLY)
    undone = savefile.undo(path, TALLY)
    assert undone.event is not None and undone.event["player"] == "Zed" and undone.saved.events == [score("Anna", 3)]
    assert without_redo(path.read_bytes()).decode("utf-8") == good
    with pytest.raises(savefile.SaveFileError, match="event 2"):
        savefile.redo(path, TALLY)  # the bad event cannot be put back either


def test_a_write_after_a_writer_stopped_between_backup_and_replace_leaves_nothing_behind(tmp_path):
    # The killed writer had already made FILE.bak a link to the current version.
    path = started(tmp_path / "game.toml", EVENTS[:1])
    backup(path).unlink(missing_ok=True)
    os.link(path, backup(path))
    before = path.read_bytes()
    savefile.record(path, TALLY, EVENTS[1])
    assert names(tmp_path) == {"game.toml", "game.toml.bak"}
    assert backup(path).read_bytes() == before


def test_a_folder_given_as_the_save_file_is_a_clear_error(tmp_path, tally):
    folder = tmp_path / "match"
    folder.mkdir()
    for command in (["history", folder], ["score", folder, "Anna", "1"], ["undo", folder]):
        assert_fails(tally(*command), 2, f"{folder} is a folder")


def test_a_save_file_reached_through_a_link_is_updated_where_it_really_is(tmp_path):
    real = started(tmp_path / "real.toml", EVENTS[:1])
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    savefile.record(link, TALLY, EVENTS[1])
    assert link.is_symlink() and savefile.load(real, TALLY).events == EVENTS[:2]
    assert savefile.load(backup(real), TALLY).events == EVENTS[:1]
    assert not backup(link).exists()


def test_a_read_only_save_file_is_left_alone(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS[:1])
    path.chmod(0o444)
    before = path.read_bytes()
    assert_fails(tally("score", path, "Anna", "1"), 2, "is read-only")
    assert path.read_bytes() == before


def test_history_json_prints_a_date_someone_wrote_into_an_event(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS[:1])
    path.write_text(path.read_text("utf-8").replace('kind = "score"', 'kind = "score"\nwhen = 2026-11-30T20:15:00', 1), "utf-8")
    result = tally("history", path, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["events"][0]["event"]["when"] == "2026-11-30 20:15:00"


# --- undo takes back the last entry, an edit included -----------------------------------

_entry = st.tuples(st.sampled_from(PLAYERS), st.integers(0, 9))
_operations = st.lists(
    st.one_of(
        st.tuples(st.just("record"), _entry),
        st.tuples(st.just("edit"), st.tuples(st.integers(0, 20), _entry)),
        st.tuples(st.just("delete"), st.integers(0, 20)),
        st.tuples(st.just("undo"), st.none()),
        st.tuples(st.just("redo"), st.none()),
    ),
    max_size=25,
)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(operations=_operations)
def test_undo_leaves_the_file_exactly_as_it_was_before_the_last_entry_or_edit(tmp_path, operations):
    path = tmp_path / "game.toml"
    path.unlink(missing_ok=True)
    started(path)
    before = [path.read_bytes()]  # the file before each entry that undo can take back
    undone: list[bytes] = []  # the file before each undo that redo can take back
    for kind, argument in operations:
        count = len(savefile.load(path, TALLY).events)
        if kind == "record":
            savefile.record(path, TALLY, score(*argument))
        elif kind == "edit" and count:
            at, entry = argument
            savefile.rewrite(path, TALLY, lambda events, _: [*events[: at % count], score(*entry), *events[at % count + 1 :]])
        elif kind == "delete" and count:
            savefile.rewrite(path, TALLY, lambda events, _: [e for i, e in enumerate(events) if i != argument % count])
        elif kind == "undo":
            if len(before) == 1:
                with pytest.raises(RuleError, match="no events to undo"):
                    savefile.undo(path, TALLY)
            else:
                savefile.undo(path, TALLY)
                undone.append(before.pop())
                assert without_redo(path.read_bytes()) == without_redo(before[-1])
                before[-1] = path.read_bytes()
            continue
        elif kind == "redo":
            if not undone:
                with pytest.raises(RuleError, match="nothing to redo"):
                    savefile.redo(path, TALLY)
            else:
                savefile.redo(path, TALLY)
                assert path.read_bytes() == undone[-1]
                before.append(undone.pop())
            continue
        else:
            continue
        if path.read_bytes() != before[-1]:  # an edit that changes nothing is no entry
            before.append(path.read_bytes())
            undone.clear()
    while len(before) > 1:
        savefile.undo(path, TALLY)
        before.pop()
        assert without_redo(path.read_bytes()) == without_redo(before[-1])


def test_undo_after_an_edit_takes_back_the_edit_not_the_last_event(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    original = path.read_bytes()
    savefile.rewrite(path, TALLY, lambda events, _: [score("Anna", 13), *events[1:]])
    result = tally("undo", path)
    assert result.exit_code == 0, result.stderr
    assert says(result, "Undone: the edit of event 1; it is back to Anna +3")
    assert without_redo(path.read_bytes()) == original
    assert savefile.load(path, TALLY).events == EVENTS


def test_an_edit_is_undone_only_after_the_events_recorded_since(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    original = path.read_bytes()
    savefile.rewrite(path, TALLY, lambda events, _: [score("Anna", 13), *events[1:]])
    edited = path.read_bytes()
    savefile.record(path, TALLY, score("Bob", 1))
    assert json.loads(tally("undo", path, "--json").stdout)["undone"] == score("Bob", 1)
    assert without_redo(path.read_bytes()) == edited
    undone = json.loads(tally("undo", path, "--json").stdout)["undone"]
    assert undone["kind"] == "correction" and undone["replaced"] == [EVENTS[0]]
    assert without_redo(path.read_bytes()) == original


def test_history_names_the_edits_made_to_earlier_events(tmp_path, tally):
    path = started(tmp_path / "game.toml", EVENTS)
    savefile.rewrite(path, TALLY, lambda events, _: [score("Anna", 13), *events[1:]])
    result = tally("history", path)
    assert says(result, "Event 1 was edited; before the edit it was: Anna +3")
    edits = json.loads(tally("history", path, "--json").stdout)["edits"]
    assert edits == [{"after_event": 3, "first_event": 1, "events_now": 1, "replaced": ["Anna +3"]}]


def test_a_damaged_correction_is_reported_with_its_line(tmp_path):
    path = started(tmp_path / "game.toml", EVENTS)
    savefile.rewrite(path, TALLY, lambda events, _: [score("Anna", 13), *events[1:]])
    text = path.read_text("utf-8").replace("at = 0", "at = -1")
    path.write_text(text, "utf-8")
    with pytest.raises(savefile.SaveFileError, match=rf"line {line_of(text, '[[corrections]]')}: .*bad correction"):
        savefile.load(path, TALLY)


def test_a_file_of_another_game_names_the_command_for_it_and_not_the_backup(tmp_path, referee):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees")
    referee("smoor", "round", str(path), "a=12", "--ace", "a", "--dead", "7H")  # makes m.toml.bak
    result = referee("smitten", "show", str(path))
    assert result.exit_code == 2
    assert "is a smoorverliefd file, not a smitten file; use `referee smoor …` for it" in result.stderr
    assert ".bak" not in result.stderr


def test_a_file_name_too_long_for_the_file_system_is_a_clear_error(tmp_path, referee):
    name = str(tmp_path / ("x" * 300 + ".toml"))
    for args in (["smitten", "show", name], ["smoor", "new", name, "Anna", "Bram", "Cees"]):
        result = referee(*args)
        assert result.exit_code == 2, result.stderr
        assert "File name too long" in result.stderr and "internal error" not in result.stderr
