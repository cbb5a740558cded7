"""Issue 33 point 6: the event streams are written in one pass (referee/web/streams.py),
each view's event made and framed once, and sent straight to each connection under
uvicorn; work is counted here, never timed."""

from __future__ import annotations

import asyncio
import http.client
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import poll
from toy_game import SPEC, TALLY

from referee import games, savefile
from referee.web import streams
from referee.web.server import Served


@pytest.fixture
def tally(tmp_path, monkeypatch) -> Path:
    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    path: Path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"]})
    return path


@pytest.fixture
def serving(tally: Path) -> Iterator[tuple[int, Served]]:
    """The real server (uvicorn, as `referee serve` runs it) in a thread: (its port, what it serves)."""
    from referee.cli.serve import bind
    from referee.web.server import uvicorn_server

    listening = bind("127.0.0.1", 0)
    served = Served(tally, SPEC, "en")
    server = uvicorn_server(served, host="127.0.0.1", port=listening.getsockname()[1])
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    poll(lambda: server.started)
    try:
        yield listening.getsockname()[1], served
    finally:
        server.should_exit = True
        thread.join(timeout=60)
        listening.close()
        assert not thread.is_alive()


class Reader:
    """An open event stream (HTTP/1.1, read by http.client: its chunks decoded); the versions shown."""

    def __init__(self, port: int, source: str) -> None:
        self.versions: list[int] = []
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
        self.connection.request("GET", "/events/table")
        self.response = self.connection.getresponse()
        assert self.response.status == 200 and self.response.headers["content-type"] == "text/event-stream; charset=utf-8"
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                if raw.startswith(b"data: "):
                    self.versions.append(json.loads(raw[6:])["version"])
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass

    def close(self) -> None:
        import socket

        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def test_a_change_is_written_straight_to_every_stream_once_with_one_answer_for_the_view(serving, monkeypatch):
    port, served = serving
    readers = [Reader(port, f"127.0.3.{1 + index // 10}") for index in range(20)]
    poll(lambda: len(served.listeners.open) == 20 and all(reader.versions for reader in readers))
    assert served.listeners.handed == 0, "under uvicorn no stream's own coroutine sends an event"
    made: list[object] = []
    answer = served.answer

    def counted(seat: int | None, language: str) -> Any:
        made.append((seat, language))
        return answer(seat, language)

    monkeypatch.setattr(served, "answer", counted)
    since = served.version
    status, _answer = served.act(0, "score", {"kind": "score", "player": "Anna", "points": 3}, "en")
    assert status == 200, _answer
    poll(lambda: all(reader.versions[-1] == served.version for reader in readers))
    assert served.listeners.written == sum(len(reader.versions) for reader in readers), "each event written once, whole"
    assert served.listeners.handed == 0
    assert made.count((None, "en")) == served.version - since, "the table's answer made once a version for its 20 streams"
    assert all(reader.versions == sorted(set(reader.versions)) for reader in readers), "no version twice"
    assert all(reader.versions[-1] == readers[0].versions[-1] for reader in readers)
    for reader in readers:
        reader.close()
    poll(lambda: not served.listeners.open)
    assert served.desk.streams["table"] == 0


def stop_ticking(listeners: streams.Listeners) -> None:
    if listeners.tick is not None:
        listeners.tick.cancel()


class Fake:
    """A stream's direct writer whose client may stop reading (``reading``)."""

    def __init__(self) -> None:
        self.reading = True
        self.chunks: list[bytes] = []

    def __call__(self, prepared: bytes) -> bool:
        if not self.reading:
            return False
        self.chunks.append(prepared)
        return True


class Version:
    """What a pass needs of a served file: its version, its stopping, its events."""

    def __init__(self) -> None:
        self.version, self.stopping, self.made = 1, False, 0

    def event(self, seat: int | None, language: str) -> bytes:
        self.made += 1
        return f"data: {self.version}\n\n".encode()


def test_a_stream_that_does_not_read_is_skipped_and_sent_the_latest_version_once_it_reads() -> None:
    served: Any = Version()

    async def run() -> None:
        listeners = streams.Listeners(served)
        slow, quick = Fake(), Fake()
        for writer in (slow, quick):
            listeners.add(streams.Listener((None, "en"), lambda: True, writer))
        slow.reading = False
        listeners.pass_over()
        served.version = 2
        listeners.pass_over()
        assert quick.chunks == [streams.chunk(b"data: 1\n\n"), streams.chunk(b"data: 2\n\n")] and slow.chunks == []
        slow.reading = True
        listeners.pass_over()  # the next change, or the keep-alive tick
        assert slow.chunks == [b"9\r\ndata: 2\n\n\r\n"], "the latest version, framed as h11 frames a chunk"
        assert listeners.written == 3 and served.made == 3, "one event made a pass for the view"
        stop_ticking(listeners)

    asyncio.run(run())


def test_several_changes_before_the_pass_make_one_pass() -> None:
    served: Any = Version()

    async def run() -> None:
        listeners = streams.Listeners(served)
        listeners.add(streams.Listener((None, "en"), lambda: True, Fake()))
        passes = listeners.passes
        for _ in range(5):
            listeners.wake()
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert listeners.passes - passes == 1
        stop_ticking(listeners)

    asyncio.run(run())


def test_a_stream_that_is_to_end_is_ended_by_the_pass_and_not_written_to() -> None:
    served: Any = Version()

    async def run() -> None:
        listeners = streams.Listeners(served)
        still = [True]
        writer = Fake()
        listener = streams.Listener((0, "en"), lambda: still[0], writer)
        listeners.add(listener)
        listeners.pass_over()
        still[0] = False  # its seat's link re-issued
        served.version = 2
        listeners.pass_over()
        assert listener.ended and listener.nudge.is_set() and len(writer.chunks) == 1
        stop_ticking(listeners)

    asyncio.run(run())


def test_an_http_1_0_stream_unchunked_is_sent_its_events_through_send(serving):
    import socket

    port, served = serving
    page = socket.create_connection(("127.0.0.1", port), timeout=60)
    page.sendall(f"GET /events/table HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    received = b""
    while b"data: " not in received or not received.endswith(b"\n\n"):
        received += page.recv(65536)
    assert b"transfer-encoding: chunked" not in received.lower() and b"\r\ndata: {" not in received.split(b"\r\n\r\n", 1)[1]
    assert served.listeners.handed == 1 and served.listeners.written == 0
    page.close()
    poll(lambda: not served.listeners.open)
