"""`referee serve` holds against one bad client (issue 34 point 4), in-process: the guard
(:mod:`referee.web.guard`) refuses what would freeze or flood the server, nothing is
recorded from a request that did not arrive whole, a new seat link is kept before the old
one ends, no message names a folder of the host, and a fair game's secret readable by
others is refused. The real server under hundreds of connections is
tests/test_serve_held.py.
"""

from __future__ import annotations

import asyncio
import errno
import fcntl
import http.client
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from test_serve import BASE, Clock, seated, served, tally, with_toy_game  # noqa: F401  (fixtures)
from toy_game import SPEC, TALLY

from referee import savefile
from referee.errors import InputError
from referee.i18n import _, language, speaking
from referee.web import guard, season
from referee.web.guard import MAX_STREAMS_PER_CLIENT, RATE_BURST, Connections, Guard, Notices
from referee.web.links import SeatLinks, links_path
from referee.web.server import Served, create_app, create_season_app

JSON = {"content-type": "application/json"}


@pytest.fixture
def client(served) -> TestClient:
    return TestClient(create_app(served, clock=Clock()), base_url=BASE, follow_redirects=False)


def scope_of(path: str, method: str = "POST", client: str = "10.0.0.5", headers: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    return {
        "type": "http", "method": method, "path": path, "server": ("127.0.0.1", 8765), "client": (client, 50000),
        "headers": [(b"host", b"127.0.0.1:8765"), (b"content-type", b"application/json"), *(headers or [])],
    }  # fmt: skip


class Answer:
    """What an ASGI app sent: its status and body."""

    def __init__(self) -> None:
        self.status: int | None = None
        self.body = b""

    async def __call__(self, message: Any) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
        else:
            self.body += message.get("body", b"")


# --- bodies: whole, in time, text --------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/seat/score", "/api/seat/preview", "/api/lang"])
def test_a_lone_surrogate_in_a_body_is_400_and_nothing_is_recorded(client, served, tally, path):
    before = tally.read_bytes()
    seated(client, served, 0)
    for body in (b'{"points": 1, "note": "\\ud800"}', b'{"\\udfff": 1}', b'{"points": 1, "notes": ["ok", {"x": "\\uDC00"}]}'):
        response = client.post(path, content=body, headers=JSON)
        assert response.status_code == 400, response.text
        assert "not valid Unicode" in response.json()["error"]
    assert tally.read_bytes() == before
    assert client.post("/api/lang", content=b'{"lang": "en", "note": "\\ud83d\\ude00"}', headers=JSON).status_code == 200  # a pair is text
    assert client.post("/api/seat/score", content=json.dumps({"kind": "score", "player": served.links.players[0], "points": 1}), headers=JSON).status_code == 200


def test_a_body_cut_short_is_400_and_nothing_is_recorded(served, tally):
    before = tally.read_bytes()
    app = create_app(served)
    cookie = (b"cookie", f"referee_seat={served.links.tokens[0]}".encode())
    messages = iter([{"type": "http.request", "body": b'{"points": 1', "more_body": True}, {"type": "http.disconnect"}])

    async def receive() -> Any:
        return next(messages)

    answer = Answer()
    asyncio.run(app(scope_of("/api/seat/score", headers=[cookie]), receive, answer))
    assert answer.status == 400 and "cut short" in json.loads(answer.body)["error"]
    assert tally.read_bytes() == before


def test_a_body_that_does_not_arrive_in_time_is_408_and_nothing_is_recorded(served, tally, monkeypatch):
    monkeypatch.setattr(guard, "REQUEST_SECONDS", 0.05)
    before = tally.read_bytes()
    app = create_app(served)

    async def receive() -> Any:
        await asyncio.sleep(3600)  # a client that sends its headers, then nothing

    answer = Answer()
    asyncio.run(app(scope_of("/api/seat/score"), receive, answer))
    assert answer.status == 408
    assert tally.read_bytes() == before


# --- event streams and /stats --------------------------------------------------------------


def test_event_streams_beyond_the_cap_from_one_address_are_429_and_other_addresses_still_get_theirs():
    async def scenario() -> tuple[list[int | None], int | None, int | None]:
        release = asyncio.Event()

        async def app(scope: Any, receive: Any, send: Any) -> None:
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await release.wait()
            await send({"type": "http.response.body", "body": b""})

        async def nothing() -> Any:
            return {"type": "http.disconnect"}

        guarded = Guard(app)
        answers = [Answer() for _ in range(MAX_STREAMS_PER_CLIENT)]
        held = [asyncio.create_task(guarded(scope_of("/events/table", "GET"), nothing, answer)) for answer in answers]
        await asyncio.sleep(0)
        extra, other = Answer(), Answer()
        await guarded(scope_of("/events/table", "GET"), nothing, extra)
        elsewhere = asyncio.create_task(guarded(scope_of("/events/table", "GET", client="10.0.0.6"), nothing, other))
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*held, elsewhere)
        assert guarded.streams == {}  # every stream that ended is no longer counted
        return [answer.status for answer in answers], extra.status, other.status

    held, extra, other = asyncio.run(scenario())
    assert held == [200] * MAX_STREAMS_PER_CLIENT and extra == 429 and other == 200


def test_the_season_page_is_rate_limited_like_the_rest(tmp_path):
    clock = Clock()
    client = TestClient(create_season_app(tmp_path, "en", clock=clock), base_url=BASE)
    statuses = [client.get("/api/stats").status_code for _ in range(int(RATE_BURST) + 1)]
    assert statuses[:-1] == [200] * int(RATE_BURST) and statuses[-1] == 429
    assert client.get("/stats").status_code == 429  # the page and its answer spend the same budget
    assert client.get("/static/common.css").status_code == 200  # what costs no work is not metered
    clock.now += 1
    assert client.get("/api/stats").status_code == 200


def test_the_season_page_reads_its_folder_once_and_again_only_when_a_file_changed(tmp_path):
    savefile.create(tmp_path / "a.toml", TALLY, {"players": ["Anna", "Bram"]})
    pages = season.SeasonPages(tmp_path)
    with speaking("en"):
        first = pages.answer("en")
        assert pages.answer("en") == first and pages.readings == 1
        savefile.record(tmp_path / "a.toml", TALLY, {"kind": "score", "player": "Anna", "points": 1})
        pages.answer("en")
        assert pages.readings == 2
        (tmp_path / "deeper").mkdir()
        savefile.create(tmp_path / "deeper" / "b.toml", TALLY, {"players": ["Cees", "Daan"]})
        pages.answer("en")
        assert pages.readings == 3
        (tmp_path / "notes.txt").write_text("not a save file")  # the folder changes, no season does: read again all the same
        pages.answer("en")
        pages.answer("en")
        assert pages.readings == 4
        assert pages.answer("nl")["lang"] == "nl" and pages.readings == 4  # another language: the same reading, worded again
    assert season.pages_of(tmp_path) is season.pages_of(tmp_path / ".")


# --- connections under the requests ----------------------------------------------------------


def test_connections_beyond_a_clients_cap_are_turned_away_and_the_host_is_told_once(tmp_path):
    said: list[str] = []
    connections = Connections(per_client=3, total=5, notices=Notices(said.append, clock=lambda: 0.0))
    assert [connections.admit("10.0.0.5") for _ in range(5)] == [True, True, True, False, False]
    assert connections.admit("10.0.0.6") and connections.admit("10.0.0.7")
    assert not connections.admit("10.0.0.8")  # five in all
    assert len(said) == 2 and "10.0.0.5 holds 3 connections" in said[0] and "5 connections are open at once" in said[1]
    connections.leave("10.0.0.5")
    assert connections.admit("10.0.0.8") and connections.by_client == {"10.0.0.5": 2, "10.0.0.6": 1, "10.0.0.7": 1, "10.0.0.8": 1}


def test_running_out_of_open_files_is_one_line_now_and_then_never_a_traceback():
    said: list[str] = []
    now = [0.0]
    connections = Connections(total=10, notices=Notices(said.append, clock=lambda: now[0]))
    error = OSError(errno.EMFILE, "Too many open files")
    for _ in range(50):  # asyncio retries the accept every second
        connections.out_of_files(asyncio.new_event_loop(), {"message": "socket.accept() out of system resource", "exception": error})
    now[0] = guard.NOTICE_SECONDS
    connections.out_of_files(asyncio.new_event_loop(), {"exception": error})
    assert said == ["out of open files: a new connection cannot be accepted (Too many open files)"] * 2


def test_the_accept_retried_on_a_socket_closed_since_is_said_nowhere(capsys):
    """After running out of files asyncio tries to accept again a second later; when the
    server has stopped meanwhile (its socket closed) that retry fails: nothing to say, and
    never a traceback. Any other error of the loop goes to its default handler."""
    said: list[str] = []
    connections = Connections(total=10, notices=Notices(said.append))
    loop = asyncio.new_event_loop()
    try:
        context = {"message": "Exception in callback BaseSelectorEventLoop._start_serving(…)", "exception": ValueError("Invalid file descriptor: -1"),
                   "handle": "<TimerHandle when=16306.8 BaseSelectorEventLoop._start_serving(…)>"}  # fmt: skip
        connections.out_of_files(loop, context)
        assert said == [] and capsys.readouterr().err == ""
        other: list[dict[str, object]] = []
        loop.default_exception_handler = other.append  # type: ignore[method-assign, assignment]
        connections.out_of_files(loop, {"message": "something else", "exception": ValueError("x")})
        assert len(other) == 1
    finally:
        loop.close()


def test_the_open_file_limit_is_raised_where_it_may_be():
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        limit = guard.open_files()
        assert limit == min(guard.OPEN_FILES_WANTED, hard) == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --- actions off the event loop -------------------------------------------------------------


def test_speaking_in_one_thread_leaves_the_language_of_another():
    seen: list[str] = []
    inside, done = threading.Event(), threading.Event()

    def dutch_page() -> None:
        with speaking("nl"):
            inside.set()
            done.wait(10)

    thread = threading.Thread(target=dutch_page)
    with speaking("en"):
        thread.start()
        inside.wait(10)
        seen.append(language())
        seen.append(_("too many requests; wait a moment"))
        done.set()
    thread.join()
    assert seen == ["en", "too many requests; wait a moment"]


@pytest.mark.slow
def test_an_action_waiting_for_another_process_lock_freezes_no_other_page(tally, monkeypatch):
    """While a seat's action waits for the file's lock (held here, as another terminal's
    entry would), the table's page still answers; the action is recorded once the lock
    is let go."""
    from test_serve_browser import server_on

    from referee.savefile import storage

    waiting = threading.Event()

    def lock_timeout() -> float:
        waiting.set()  # the action has reached the lock
        return 120.0

    monkeypatch.setattr(storage, "lock_timeout", lock_timeout)
    with server_on(tally) as server:
        cookie = f"referee_seat={server.served.links.tokens[0]}"
        answers: list[int] = []
        holder = os.open(tally, os.O_RDONLY)
        fcntl.flock(holder, fcntl.LOCK_EX)
        try:

            def tap() -> None:
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
                connection.request("POST", "/api/seat/score", body=b'{"kind": "score", "player": "Anna", "points": 2}', headers={**JSON, "Cookie": cookie})
                answers.append(connection.getresponse().status)

            tapping = threading.Thread(target=tap)
            tapping.start()
            assert waiting.wait(60)  # the tap is in, waiting for the lock
            for _ in range(3):
                connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
                connection.request("GET", "/api/table")
                assert connection.getresponse().status == 200
            assert tapping.is_alive() and answers == []  # still waiting for the lock
        finally:
            fcntl.flock(holder, fcntl.LOCK_UN)
            os.close(holder)
        tapping.join(120)
        assert answers == [200]
        assert savefile.load(tally, TALLY).state.total("Anna") == 2


# --- seat links: the new one kept before the old one ends -----------------------------------


def test_a_new_link_that_cannot_be_kept_leaves_the_old_one_working_now_and_after_a_restart(tally, monkeypatch):
    links = SeatLinks(tally, ("Anna", "Bram", "Cees"))
    old = links.tokens[1]
    kept = links_path(tally).read_bytes()
    real_open = os.open

    def full_disk(path: Any, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".seats.tmp"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", full_disk)
    with pytest.raises(InputError) as refused:
        links.reissue(1)
    assert "No space left on device" in str(refused.value) and str(tally.parent) not in str(refused.value)
    assert links.seat_of(old) == 1 and links.tokens[1] == old
    monkeypatch.setattr(os, "open", real_open)
    assert links_path(tally).read_bytes() == kept
    assert not links_path(tally).with_name(links_path(tally).name + ".tmp").exists()
    assert SeatLinks(tally, ("Anna", "Bram", "Cees")).seat_of(old) == 1


def test_a_link_ended_never_works_again_after_a_restart(tally):
    links = SeatLinks(tally, ("Anna", "Bram", "Cees"))
    old = links.tokens[2]
    new = links.reissue(2)
    again = SeatLinks(tally, ("Anna", "Bram", "Cees"))
    assert again.seat_of(old) is None and again.seat_of(new) == 2


def test_the_terminal_says_when_a_new_link_cannot_be_kept_and_the_old_one_still_works(served, tally, monkeypatch, capsys):
    from referee.cli.serve import Console

    old = served.links.tokens[0]
    monkeypatch.setattr(SeatLinks, "_write", lambda self, tokens: (_ for _ in ()).throw(InputError("cannot keep the seats' links in .t.toml.seats: Read-only file system")))
    Console(served, server=None, base="http://127.0.0.1:8765").handle("r Anna")  # type: ignore[arg-type]  # no server: handle() never stops it
    shown = capsys.readouterr()
    assert "Anna's link is unchanged and still works: cannot keep the seats' links in .t.toml.seats: Read-only file system" in shown.err
    assert old not in shown.out and served.links.seat_of(old) == 0


# --- no folder of the host in a message; a fair secret kept private ---------------------------


def test_no_message_to_a_page_names_a_folder_of_the_host(with_toy_game, tmp_path):
    path = (tmp_path / "deep" / "t.toml").resolve()
    path.parent.mkdir()
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    served = Served(path, SPEC, "en")
    path.write_text("not = [toml")  # damaged under the server
    served.reload()
    assert served.error and "t.toml" in served.error and str(path.parent) not in served.error
    assert str(tmp_path) not in json.dumps(served.answer(None, "en"))


@pytest.fixture
def fair_game(tmp_path: Path, referee) -> Path:
    path = tmp_path / "f.toml"
    started = referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--fair")
    assert started.exit_code == 0, started.stderr
    return path


def test_a_fair_secret_readable_by_others_is_refused_plainly_and_nothing_changes(referee, fair_game):
    from referee.savefile.sidecar import secret_path

    secret = secret_path(fair_game)
    assert secret.stat().st_mode & 0o777 == 0o600
    secret.chmod(0o644)
    before = {p.name: p.read_bytes() for p in fair_game.parent.iterdir()}
    shown = referee("smoor", "history", str(fair_game))
    assert shown.exit_code == 2 and "Traceback" not in shown.stderr
    assert f"chmod 600 {secret.name}" in shown.stderr and "other users of this machine may read it" in shown.stderr
    assert str(fair_game.parent) not in shown.stderr
    assert {p.name: p.read_bytes() for p in fair_game.parent.iterdir()} == before and secret.stat().st_mode & 0o777 == 0o644
    secret.chmod(0o600)
    assert referee("smoor", "history", str(fair_game)).exit_code == 0


def test_a_missing_fair_secret_is_named_by_its_name_not_its_folder(referee, fair_game):
    from referee.savefile.sidecar import secret_path

    secret_path(fair_game).unlink()
    shown = referee("smoor", "history", str(fair_game.resolve()))
    assert shown.exit_code == 2 and f".{fair_game.name}.fair" in shown.stderr
    assert str(fair_game.parent.resolve()) + os.sep + "." not in shown.stderr
