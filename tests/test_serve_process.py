"""`referee serve` as a real process (issue 23 points 1, 4, 5): it stops on Ctrl-C with
pages connected, its terminal shows and re-issues seat links, logs no token, and a
change made by another command (a one-shot entry, a table session in another terminal)
reaches an open event stream through the file watcher.

The server runs the real command line on the toy game (tests/toy_game.py, added to the
registry by the small program :data:`RUN`). Every wait polls with a generous timeout.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import poll

from referee import savefile

TESTS = Path(__file__).resolve().parent
#: `python -c RUN ARGS…`: `referee ARGS…` with the toy game in the registry
RUN = (
    f"import sys; sys.path.insert(0, {str(TESTS)!r})\n"
    "from toy_game import SPEC\nfrom referee import games\ngames.GAMES.append(SPEC)\n"
    "from referee.cli import main\nsys.argv = ['referee', *sys.argv[1:]]\nmain()\n"
)

pytestmark = pytest.mark.slow


def referee(*args: str, cwd: Path, **options: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", RUN, *args], cwd=cwd, capture_output=True, text=True, timeout=120, **options)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Serving:
    """`referee serve t.toml` running in a subprocess, its output collected."""

    def __init__(self, folder: Path) -> None:
        self.folder, self.port = folder, free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUN, "serve", "t.toml", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        self.out: list[str] = []
        self.err: list[str] = []
        for stream, lines in ((self.process.stdout, self.out), (self.process.stderr, self.err)):
            threading.Thread(target=lambda s=stream, l=lines: l.extend(s), daemon=True).start()
        poll(lambda: self.answers() or self.process.poll() is not None)
        assert self.process.poll() is None, "".join(self.err)

    def answers(self) -> bool:
        try:
            return self.get("/api/table")[0] == 200
        except OSError:
            return False

    def get(self, path: str, cookie: str = "") -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
            response = connection.getresponse()
            return response.status, response.read().decode()
        finally:
            connection.close()

    def events(self, path: str, cookie: str = "") -> Events:
        return Events(self.port, path, cookie)

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def tokens(self) -> dict[str, str]:
        text = (self.folder / ".t.toml.seats").read_text(encoding="utf-8")
        return dict(re.findall(r'^(\w+) = "([^"]+)"', text, re.MULTILINE))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=60)


class Events:
    """An open event stream, read in a thread: its envelopes, and whether it ended."""

    def __init__(self, port: int, path: str, cookie: str) -> None:
        self.envelopes: list[dict[str, Any]] = []
        self.ended = False
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        self.response = self.connection.getresponse()
        assert self.response.status == 200
        threading.Thread(target=self._read, daemon=True).start()
        poll(lambda: self.envelopes)

    def _read(self) -> None:
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    self.envelopes.append(json.loads(line[len("data: ") :]))
        except OSError:
            pass
        self.ended = True


@pytest.fixture
def serving(tmp_path) -> Iterator[Serving]:
    done = referee("tally", "new", "t.toml", "Anna", "Bram", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    server = Serving(tmp_path)
    yield server
    server.stop()


def test_ctrl_c_stops_the_server_cleanly_with_pages_connected(serving):
    table = serving.events("/events/table")
    token = serving.tokens()["Anna"]
    status, _ = serving.get(f"/join/{token}")
    seat = serving.events("/events/seat", cookie=f"referee_seat={token}")
    serving.process.send_signal(signal.SIGINT)
    assert serving.process.wait(timeout=60) == 0
    poll(lambda: table.ended and seat.ended)
    output, errors = "".join(serving.out), "".join(serving.err)
    assert output.splitlines()[-1] == "Stopped."
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors
    assert token not in output + errors  # no token logged (no access log)


def test_a_one_shot_entry_in_another_terminal_reaches_an_open_event_stream(serving, tmp_path):
    table = serving.events("/events/table")
    assert table.envelopes[-1]["view"]["totals"] == {"Anna": 0, "Bram": 0}
    assert referee("tally", "score", "t.toml", "Bram", "7", cwd=tmp_path).returncode == 0
    poll(lambda: table.envelopes[-1]["view"]["totals"] == {"Anna": 0, "Bram": 7})


def test_a_table_session_and_the_server_work_on_one_file(serving, tmp_path):
    token = serving.tokens()["Anna"]
    seat = serving.events("/events/seat", cookie=f"referee_seat={token}")
    done = referee("table", "t.toml", cwd=tmp_path, input="score Anna 4\nscore Bram 2\nquit\n")
    assert done.returncode == 0, done.stdout + done.stderr
    poll(lambda: seat.envelopes[-1]["view"]["total"] == 4)
    assert savefile.load(tmp_path / "t.toml", __import__("toy_game").TALLY).state.totals == (4, 2)


def test_the_terminal_shows_one_seats_link_at_a_time_and_reissues_one(serving):
    old = serving.tokens()
    serving.type("2")
    poll(lambda: f"/join/{old['Bram']}" in "".join(serving.out))
    assert old["Anna"] not in "".join(serving.out)  # only the seat asked for
    seat = serving.events("/events/seat", cookie=f"referee_seat={old['Anna']}")
    serving.type("r anna")
    poll(lambda: serving.tokens()["Anna"] != old["Anna"])
    poll(lambda: seat.ended)  # the old token's stream ends at once
    assert serving.get("/api/seat", cookie=f"referee_seat={old['Anna']}")[0] == 401
    new = serving.tokens()["Anna"]
    poll(lambda: f"/join/{new}" in "".join(serving.out))
    assert serving.get("/api/seat", cookie=f"referee_seat={new}")[0] == 200
    assert serving.tokens()["Bram"] == old["Bram"]
    serving.type("zed")
    poll(lambda: "No seat zed: the seats are 1 Anna, 2 Bram." in "".join(serving.out))
    serving.type("t")
    poll(lambda: f"http://127.0.0.1:{serving.port}/\n" in "".join(serving.out))
    serving.type("q")
    assert serving.process.wait(timeout=60) == 0


def test_the_server_speaks_dutch_in_the_terminal(tmp_path):
    assert referee("tally", "new", "t.toml", "Anna", "Bram", cwd=tmp_path).returncode == 0
    port = str(free_port())
    done = referee("--lang", "nl", "serve", "t.toml", "--host", "127.0.0.1", "--port", port, cwd=tmp_path, input="9\nq\n")
    assert done.returncode == 0, done.stderr
    assert f"Het tafelscherm (een tv, een laptop): http://127.0.0.1:{port}/" in done.stdout
    assert "Geen plaats 9: de plaatsen zijn 1 Anna, 2 Bram." in done.stdout
    assert done.stdout.splitlines()[-1] == "Gestopt."
