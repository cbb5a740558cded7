"""What every page of `referee serve` answers, for the tests that no answer carries what
its page may not see (issue 23, "Nobody sees what is not theirs").

:func:`answers` asks the real application (starlette's test client) everything a page
can ask: the table's JSON and the first event of its stream, and for a seat the same
with that seat's cookie. A privacy test compares them across two states that differ only
in what the seat may not see (non-interference): if one byte differs, an answer leaks.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from referee.web.server import SEAT_COOKIE, Served, create_app


def first_event(client: Any, path: str) -> str:
    """The data of the first server-sent event of ``path``."""
    with client.stream("GET", path) as response:
        assert response.status_code == 200, path
        for line in response.iter_lines():
            if line.startswith("data: "):
                return str(line[len("data: ") :])
    raise AssertionError(f"{path} sent no event")


def answers(served: Served, seat: int | None, language: str = "en", previews: Sequence[Any] = ()) -> dict[str, str]:
    """Every answer a page of ``seat`` (None: the table's screen) gets, by endpoint, as
    the bytes it receives (JSON text), and for a seat what ``POST /api/seat/preview``
    answers to each of the bodies ``previews`` (nothing recorded); the version counter is left out (it counts the
    server's reloads, not what the state holds), and so is the server's clock (``now``)."""
    from starlette.testclient import TestClient

    # Made anew, not the answers the server keeps for a version: a test changes what the
    # state deals (or the state itself) without changing the file.
    served.changed()
    client = TestClient(create_app(served), base_url=f"http://127.0.0.1")
    if seat is not None:
        client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    client.cookies.set("referee_lang", language)
    page = "table" if seat is None else "seat"
    found = {
        f"/api/{page}": client.get(f"/api/{page}").text,
        f"/events/{page}": first_event(client, f"/events/{page}"),
    }
    for number, body in enumerate(previews if seat is not None else ()):
        response = client.post("/api/seat/preview", json=body)
        found[f"/api/seat/preview {number}"] = json.dumps({"status": response.status_code, **response.json()})
    return {endpoint: _without_version(text) for endpoint, text in found.items()}


def _without_version(text: str) -> str:
    data = json.loads(text)
    data.pop("version", None)
    data.pop("now", None)  # the server's clock, not the game's
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def served_file(path: Path, language: str = "en") -> Served:
    """The server's view of the game file ``path``."""
    from referee.savefile.which import game_of

    return Served(path, game_of(path), language)
