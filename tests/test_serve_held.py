"""`referee serve` as a real process against one bad client (issue 34 point 4): 300
connections that never send a request and 300 event streams, all from one address,
while a phone at another address taps and the TV there shows it; and a server near its
open-file limit says so in one line, never with a traceback.

No timing is asserted: every wait has a generous timeout (benchmarks/serve reports the
times). The loopback network is 127.0.0.0/8, so a client can come from 127.0.0.2 to a
server on 127.0.0.1: two addresses on one machine.
"""

from __future__ import annotations

import http.client
import json
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import poll
from test_serve_process import RUN, free_port
from toy_game import TALLY

from referee import savefile

pytestmark = pytest.mark.slow

ATTACKER, PHONE = "127.0.0.1", "127.0.0.2"


@pytest.fixture(autouse=True)
def enough_open_files() -> Iterator[None]:
    """This process holds the bad client's 600 sockets: room for them."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(4096, hard) if hard != resource.RLIM_INFINITY else 4096
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


class Serving:
    """`referee serve t.toml` in a subprocess (``files``: its open-file limit, hard too)."""

    def __init__(self, folder: Path, files: int | None = None) -> None:
        savefile.create(folder / "t.toml", TALLY, {"players": ["Anna", "Bram"]})
        self.port = free_port()

        def limit() -> None:
            if files is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, "serve", "t.toml", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit,
        )  # fmt: skip
        self.err: list[str] = []
        threading.Thread(target=lambda: self.err.extend(self.process.stderr or []), daemon=True).start()
        threading.Thread(target=lambda: list(self.process.stdout or []), daemon=True).start()
        poll(lambda: self.answers() or self.process.poll() is not None, timeout=120)
        assert self.process.poll() is None, "".join(self.err)
        text = (folder / ".t.toml.seats").read_text(encoding="utf-8")
        self.tokens = {line.split(" = ")[0]: line.split('"')[1] for line in text.splitlines() if " = " in line}

    def connection(self, source: str = PHONE, timeout: float = 120) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout, source_address=(source, 0))

    def answers(self, source: str = PHONE) -> bool:
        try:
            connection = self.connection(source, timeout=10)
            connection.request("GET", "/api/table")
            return connection.getresponse().status == 200
        except OSError:
            return False

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)


class Stream:
    """An event stream from ``source``; the versions it has shown."""

    def __init__(self, serving: Serving, path: str, source: str) -> None:
        self.versions: list[int] = []
        self.connection = serving.connection(source, timeout=300)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.response:
                if raw.startswith(b"data: "):
                    self.versions.append(json.loads(raw[6:])["version"])
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            pass  # the stream was closed (shut down under the reading thread)

    def close(self) -> None:
        if self.connection.sock is not None:
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def open_sockets(port: int, count: int, source: str, send: bytes = b"") -> list[socket.socket]:
    """``count`` connections from ``source``, each sending ``send`` (nothing: half-open)."""
    opened = []
    for _ in range(count):
        held = socket.socket()
        held.bind((source, 0))
        held.settimeout(30)
        try:
            held.connect(("127.0.0.1", port))
            if send:
                held.sendall(send)
        except OSError:
            pass  # turned away at once: the server's cap
        opened.append(held)
    return opened


def test_300_half_open_connections_and_300_streams_from_one_address_do_not_keep_another_addresss_tap_from_the_tv(tmp_path):
    serving = Serving(tmp_path)
    held: list[socket.socket] = []
    try:
        held += open_sockets(serving.port, 300, ATTACKER)
        stream = f"GET /events/table HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\n\r\n".encode()
        held += open_sockets(serving.port, 300, ATTACKER, stream)
        tv = Stream(serving, "/events/table", PHONE)
        poll(lambda: tv.versions, timeout=120)
        connection = serving.connection()
        headers = {"Content-Type": "application/json", "Cookie": f"referee_seat={serving.tokens['Anna']}"}
        connection.request("POST", "/api/seat/score", body=b'{"kind": "score", "player": "Anna", "points": 3}', headers=headers)
        response = connection.getresponse()
        assert response.status == 200
        version = json.loads(response.read())["version"]
        poll(lambda: max(tv.versions) >= version, timeout=120)  # the tap reached the TV
        tv.close()
        assert savefile.load(tmp_path / "t.toml", TALLY).state.total("Anna") == 3
        # The half-open ones are closed by the server once their time is up.
        half_open = held[0]
        half_open.settimeout(120)
        assert half_open.recv(1) == b""
    finally:
        for one in held:
            one.close()
        serving.stop()
    errors = "".join(serving.err)
    assert "Traceback" not in errors
    assert "127.0.0.1 holds 32 connections at once" in errors and len(errors.splitlines()) <= 5, errors


def test_a_server_at_its_open_file_limit_says_so_in_one_line_and_serves_again_once_they_close(tmp_path):
    serving = Serving(tmp_path, files=256)
    held: list[socket.socket] = []
    try:
        for address in range(10, 20):  # ten addresses, 32 each: more than the limit leaves room for
            held += open_sockets(serving.port, 32, f"127.0.0.{address}")
        poll(lambda: "near this process's open-file limit (256)" in "".join(serving.err), timeout=120)
        for one in held:
            one.close()
        held = []
        poll(lambda: serving.answers(), timeout=120)
    finally:
        for one in held:
            one.close()
        serving.stop()
    errors = "".join(serving.err)
    assert "Traceback" not in errors and len(errors.splitlines()) <= 5, errors


def test_a_body_cut_short_on_a_real_connection_records_nothing(tmp_path):
    serving = Serving(tmp_path)
    try:
        before = (tmp_path / "t.toml").read_bytes()
        cut = socket.create_connection(("127.0.0.1", serving.port), timeout=30, source_address=(PHONE, 0))
        cut.sendall(
            f"POST /api/seat/score HTTP/1.1\r\nHost: 127.0.0.1:{serving.port}\r\nContent-Type: application/json\r\n"
            f"Cookie: referee_seat={serving.tokens['Anna']}\r\nContent-Length: 100\r\n\r\n".encode() + b'{"points": 1'
        )
        time.sleep(0.2)  # not a measurement: the server has the part before the client goes
        cut.close()
        assert serving.answers()
        assert (tmp_path / "t.toml").read_bytes() == before
    finally:
        serving.stop()
    assert "Traceback" not in "".join(serving.err)
