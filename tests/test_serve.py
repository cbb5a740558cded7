"""`referee serve` (issue 23): the server's guard and its API, through starlette's test
client on the toy game (tests/toy_game.py, whose registry line names a small web
adapter), and the command's own checks through the real CLI.

What was tried against the server: another site's host name (DNS rebinding), bodies over
4 KB (with and without a length), garbage and nested JSON, unknown and stale tokens, a
flood of requests, wrong methods, actions the rules refuse. Every refused request
leaves the game file byte-for-byte as it was.
"""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from toy_game import SPEC, TALLY

from referee import games, savefile
from referee.cli import _group, _summary
from referee.web.server import (
    LANG_COOKIE,
    MAX_BODY,
    RATE_BURST,
    SEAT_COOKIE,
    SECURITY_HEADERS,
    Served,
    create_app,
    host_names,
    qr_svg,
)

BASE = "http://127.0.0.1:8765"


@pytest.fixture
def with_toy_game(monkeypatch):
    """The registry with the toy game (and its web adapter) added."""
    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    _group.cache_clear()
    _summary.cache_clear()
    yield SPEC
    _group.cache_clear()
    _summary.cache_clear()


@pytest.fixture
def tally(with_toy_game, tmp_path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    path: Path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram", "Cees"]})
    return path


class Clock:
    """A clock that moves only when told (the rate limit's, in tests)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def served(tally) -> Served:
    return Served(tally, SPEC, "en")


@pytest.fixture
def client(served, clock) -> TestClient:
    return TestClient(create_app(served, clock=clock), base_url=BASE, follow_redirects=False)


def seated(client: TestClient, served: Served, seat: int) -> TestClient:
    client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    return client


def first_event(client: TestClient, path: str) -> Any:
    with client.stream("GET", path) as response:
        assert response.status_code == 200
        for line in response.iter_lines():
            if line.startswith("data: "):
                return json.loads(line[len("data: ") :])
    raise AssertionError("no event")


# --- every answer is protected ----------------------------------------------------------


@pytest.mark.parametrize(
    "method, path",
    [("GET", "/"), ("GET", "/seat"), ("GET", "/api/table"), ("GET", "/api/seat"), ("GET", "/static/common.js"),
     ("GET", "/qr.svg"), ("GET", "/join/nonsense"), ("GET", "/nowhere"), ("POST", "/api/table"), ("POST", "/api/seat/score")],
)  # fmt: skip
def test_every_answer_says_no_store_no_referrer_nosniff_and_a_strict_content_security_policy(client, method, path):
    response = client.request(method, path)
    for name, value in SECURITY_HEADERS:
        assert response.headers[name.decode()] == value.decode(), (path, name)
    assert "default-src 'self'" in response.headers["content-security-policy"] and "script-src" not in response.headers["content-security-policy"]


def test_the_pages_load_nothing_from_outside_the_package(client):
    page = client.get("/").text
    assert "http" not in page.replace('http-equiv', '') and "//" not in page


# --- Host: only the server's own names (DNS rebinding) -----------------------------------------


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "127.0.0.1:9999", "127.0.0.1.evil.example:8765", ""])
def test_a_request_for_another_host_name_is_refused_with_400(client, served, host, tally):
    before = tally.read_bytes()
    seated(client, served, 0)
    assert client.get("/api/seat", headers={"host": host}).status_code == 400
    assert client.post("/api/seat/score", json={"points": 1}, headers={"host": host}).status_code == 400
    assert tally.read_bytes() == before


@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "LOCALHOST:8765", "[::1]:8765"])
def test_a_loopback_server_answers_to_this_machines_own_names(client, host):
    assert client.get("/api/table", headers={"host": host}).status_code == 200


def test_a_server_on_the_local_network_answers_to_its_address_only(served):
    client = TestClient(create_app(served), base_url="http://192.168.1.5:8765")
    assert client.get("/api/table").status_code == 200
    assert client.get("/api/table", headers={"host": "localhost:8765"}).status_code == 400
    named = TestClient(create_app(served, hosts=["tafel.local"]), base_url="http://192.168.1.5:8765")
    assert named.get("/api/table", headers={"host": "tafel.local:8765"}).status_code == 200


def test_host_names_are_the_bound_address_with_its_port_and_loopback_names_for_loopback():
    assert host_names(("192.168.1.5", 8765)) == {"192.168.1.5:8765"}
    assert host_names(("127.0.0.1", 80)) >= {"127.0.0.1", "localhost", "localhost:80", "[::1]"}
    assert host_names(("::1", 8765)) >= {"[::1]:8765", "localhost:8765"}
    assert host_names(None) == set()


# --- bodies, tokens, methods, floods: a clear answer, nothing changed -------------------------


def test_a_body_over_4_kb_is_refused_with_413(client, served, tally):
    before = tally.read_bytes()
    seated(client, served, 0)
    padded = json.dumps({"points": 1, "pad": "x" * MAX_BODY})
    response = client.post("/api/seat/score", content=padded, headers={"content-type": "application/json"})
    assert response.status_code == 413 and response.json()["error"] == "the request is too large"

    def chunks():  # no Content-Length: the guard counts what arrives
        for _ in range(5):
            yield b" " * 1024

    assert client.post("/api/seat/score", content=chunks()).status_code == 413
    assert tally.read_bytes() == before


@pytest.mark.parametrize("body", [b"{garbage", b"\xff\xfe", b"[1, 2]", b'"points"', b"null", b"[" * 2000 + b"]" * 2000, b""])
def test_a_body_that_is_not_a_json_object_is_refused_with_400(client, served, tally, body):
    before = tally.read_bytes()
    response = seated(client, served, 0).post("/api/seat/score", content=body)
    assert response.status_code == 400 and response.json()["error"] == "the request must be a JSON object"
    assert tally.read_bytes() == before


@pytest.mark.parametrize("points", ["3", True, 1.5, None])
def test_a_form_filled_with_what_the_game_cannot_read_is_refused_with_400(client, served, tally, points):
    before = tally.read_bytes()
    response = seated(client, served, 0).post("/api/seat/score", json={"kind": "score", "player": "Anna", "points": points})
    assert response.status_code == 400 and "points" in response.json()["error"]
    assert tally.read_bytes() == before


@pytest.mark.parametrize("body", [{}, {"points": 3}, {"player": "Bram", "points": 3}, {"player": "Anna", "points": 3, "extra": 1}])
def test_an_entry_that_is_not_the_seats_form_is_refused_with_409(client, served, tally, body):
    """The form's fixed keys (the seat's own player) as given, its field, nothing else."""
    before = tally.read_bytes()
    response = seated(client, served, 0).post("/api/seat/score", json=body)
    assert response.status_code == 409 and response.json()["error"] == "score is not one of your choices now; look again"
    assert tally.read_bytes() == before


def test_an_action_the_rules_refuse_is_409_with_the_rules_reason(client, served, tally):
    before = tally.read_bytes()
    response = seated(client, served, 1).post("/api/seat/score", json={"kind": "score", "player": "Bram", "points": -2})
    assert response.status_code == 409 and "negative" in response.json()["error"]
    assert tally.read_bytes() == before


def test_a_kind_the_seat_may_not_decide_is_refused_and_changes_nothing(client, served, tally):
    before = tally.read_bytes()
    response = seated(client, served, 1).post("/api/seat/steal", json={"points": 2})
    assert response.status_code == 409 and "steal" in response.json()["error"]
    assert tally.read_bytes() == before


def test_a_seats_answer_holds_its_decisions_and_the_situation(client, served, tally):
    answer = seated(client, served, 1).get("/api/seat").json()
    assert answer["situation"] == "Totals: Anna 0 · Bram 0 · Cees 0"
    assert answer["decisions"] == [{"kind": "score", "prompt": "Your points", "together": True,
                                    "form": {"event": {"kind": "score", "player": "Bram"}, "field": "points", "constraints": {"min": 0}}}]
    assert client.get("/api/table").json()["decisions"] is None


def test_a_form_filled_in_is_recorded_for_the_seats_own_player(client, served, tally):
    response = seated(client, served, 1).post("/api/seat/score", json={"kind": "score", "player": "Bram", "points": 4})
    assert response.status_code == 200, response.text
    assert savefile.load(tally, TALLY).events == [{"kind": "score", "player": "Bram", "points": 4}]


@pytest.mark.parametrize("token", [None, "", "nonsense", "x" * 32])
def test_no_seat_or_an_unknown_token_is_401(client, tally, token):
    before = tally.read_bytes()
    if token is not None:
        client.cookies.set(SEAT_COOKIE, token)
    for response in (client.get("/api/seat"), client.get("/events/seat"), client.post("/api/seat/score", json={"points": 1})):
        assert response.status_code == 401 and response.json()["error"] == "open your seat's link first"
    assert tally.read_bytes() == before


@pytest.mark.parametrize(
    "method, path",
    [("POST", "/api/table"), ("DELETE", "/api/seat"), ("GET", "/api/seat/score"), ("PUT", "/api/seat/score"),
     ("GET", "/api/lang"), ("POST", "/"), ("POST", "/events/table"), ("POST", "/static/common.js")],
)  # fmt: skip
def test_a_wrong_method_is_405(client, served, tally, method, path):
    before = tally.read_bytes()
    assert seated(client, served, 0).request(method, path).status_code == 405
    assert tally.read_bytes() == before


#: Anna's form filled in: a point for her (what her phone sends).
ANNA_SCORES_ONE = {"kind": "score", "player": "Anna", "points": 1}


@pytest.mark.slow
def test_a_flood_of_requests_is_slowed_with_429_and_only_what_was_let_through_is_recorded(client, served, tally, clock):
    seated(client, served, 0)
    statuses = [client.post("/api/seat/score", json=ANNA_SCORES_ONE).status_code for _ in range(int(RATE_BURST) + 20)]
    assert statuses == [200] * int(RATE_BURST) + [429] * 20
    assert client.post("/api/seat/score", json=ANNA_SCORES_ONE).json()["error"] == "too many requests; wait a moment"
    assert savefile.load(tally, TALLY).state.totals[0] == RATE_BURST
    clock.now += 1  # a second later: twenty more
    assert client.post("/api/seat/score", json=ANNA_SCORES_ONE).status_code == 200
    assert client.get("/api/table").status_code == 200  # reading is never slowed


def test_a_refusal_speaks_the_pages_language(client, served):
    client.cookies.set(LANG_COOKIE, "nl")
    response = seated(client, served, 0).post("/api/seat/score", content=b"x" * (MAX_BODY + 1))
    assert response.json()["error"] == "het verzoek is te groot"
    assert client.post("/api/seat/score", content=b"{").json()["error"] == "het verzoek moet een JSON-object zijn"


# --- seats: joining, re-issuing, choosing a language ----------------------------------------------


def test_a_seats_link_sets_an_httponly_samesite_strict_cookie_and_leaves_the_address_bar(client, served):
    response = client.get(f"/join/{served.links.tokens[2]}")
    assert response.status_code == 303 and response.headers["location"] == "/seat"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{SEAT_COOKIE}={served.links.tokens[2]}") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert client.get("/api/seat").json()["name"] == "Cees"


def test_a_stale_link_joins_nothing(client, served):
    old = served.links.tokens[0]
    served.reissue(0)
    response = client.get(f"/join/{old}")
    assert response.status_code == 200 and "set-cookie" not in response.headers and 'data-page="join"' in response.text


def test_a_reissued_link_ends_the_old_token_at_once_and_its_open_event_stream(client, served, tally):
    from browser import poll

    before = tally.read_bytes()
    seated(client, served, 0)
    received: list[str] = []

    def read() -> None:
        with client.stream("GET", "/events/seat") as response:
            received.extend(response.iter_lines())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    poll(lambda: any(line.startswith("data: ") for line in received))
    served.reissue(0)
    reader.join(timeout=60)
    assert not reader.is_alive()  # the stream ended
    assert client.get("/api/seat").status_code == 401
    assert client.post("/api/seat/score", json={"points": 1}).status_code == 401
    assert tally.read_bytes() == before
    client.cookies.set(SEAT_COOKIE, served.links.tokens[0])
    assert client.get("/api/seat").json()["name"] == "Anna"


def test_a_phone_chooses_its_language_and_keeps_it_in_a_cookie(client, served):
    seated(client, served, 0)
    response = client.post("/api/lang", json={"lang": "nl"})
    assert response.status_code == 200 and "HttpOnly" in response.headers["set-cookie"]
    answer = client.get("/api/seat").json()
    assert answer["lang"] == "nl" and answer["labels"]["your_hand"] == "Jouw hand"
    assert first_event(client, "/events/seat")["labels"]["language"] == "English"
    assert client.get("/api/table").json()["lang"] == "en"  # the table's screen keeps the server's
    for bad in (b'{"lang": "fr"}', b"[]", b"{"):
        assert client.post("/api/lang", content=bad).status_code == 400


def test_the_answers_carry_every_page_word_in_both_languages(client, served):
    english = seated(client, served, 0).get("/api/seat").json()["labels"]
    client.cookies.set(LANG_COOKIE, "nl")
    dutch = client.get("/api/seat").json()["labels"]
    assert set(english) >= {"reconnecting", "connected", "scan_table", "language", "language_hint", "join"}
    assert set(dutch) == set(english) and all(dutch[key] != english[key] for key in english)


# --- the table's public QR code ----------------------------------------------------------------


def test_the_tables_qr_code_is_its_own_address_and_holds_no_token(client, served):
    response = client.get("/qr.svg")
    assert response.status_code == 200 and response.headers["content-type"] == "image/svg+xml"
    assert response.content == qr_svg(BASE + "/")
    assert response.text.startswith("<svg") and not any(token in response.text for token in served.links.tokens)
    assert client.get("/qr.svg", headers={"host": "localhost:8765"}).content == qr_svg("http://localhost:8765/")


# --- the command: addresses, links, a busy port --------------------------------------------------


def test_links_prints_every_seats_link_as_the_server_keeps_them(referee, tally):
    from referee.web.links import SeatLinks

    result = referee("serve", "t.toml", "--links", "--host", "127.0.0.1", "--port", "9000")
    assert result.exit_code == 0
    kept = SeatLinks(tally, ("Anna", "Bram", "Cees"))
    tokens, host = kept.tokens, f"http://127.0.0.1:9000/host/{kept.host}"
    assert result.stdout.splitlines() == [
        *(f"{name}: http://127.0.0.1:9000/join/{token}" for name, token in zip(("Anna", "Bram", "Cees"), tokens)), f"The host's page: {host}"]
    again = referee("serve", "t.toml", "--links", "--json", "--host", "127.0.0.1", "--port", "9000").json()
    assert again == {"table": "http://127.0.0.1:9000/", "host": host,
                     "seats": {name: f"http://127.0.0.1:9000/join/{token}" for name, token in zip(("Anna", "Bram", "Cees"), tokens)}}  # fmt: skip
    assert Served(tally, SPEC, "en").links.tokens == tokens  # the server uses the same links


def test_the_links_default_to_this_machines_local_network_address(referee, tally, monkeypatch):
    from referee.cli import serve

    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.7.21")
    assert referee("serve", "t.toml", "--links", "--json").json()["table"] == "http://192.168.7.21:8765/"


def test_the_local_network_address_is_found_without_sending_and_falls_back_to_loopback(monkeypatch):
    from referee.cli.serve import lan_address

    found = lan_address()
    socket.inet_aton(found)  # an IPv4 address
    assert not found.startswith("0.")

    def no_route(self, address):
        raise OSError("Network is unreachable")

    monkeypatch.setattr(socket.socket, "connect", no_route)
    assert lan_address() == "127.0.0.1"


def test_a_busy_port_is_a_clear_message_and_exit_2(referee, tally):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = referee("serve", "t.toml", "--host", "127.0.0.1", "--port", str(port))
    assert result.exit_code == 2
    assert result.stderr.strip() == f"referee: port {port} is already in use on 127.0.0.1; choose another with --port"
    dutch = referee("--lang", "nl", "serve", "t.toml", "--host", "127.0.0.1", "--port", "0")
    assert dutch.exit_code == 2 and "de poort moet een getal van 1 tot en met 65535 zijn" in dutch.stderr


def test_an_address_that_is_not_this_machines_is_a_clear_message_and_exit_2(referee, tally):
    result = referee("serve", "t.toml", "--host", "192.0.2.77", "--port", "8765")
    assert result.exit_code == 2 and "cannot listen on 192.0.2.77" in result.stderr and "Traceback" not in result.stderr
    assert referee("serve", "t.toml", "--json").exit_code == 2


def test_a_place_that_cannot_keep_the_links_is_a_clear_message_and_exit_2(referee, tally):
    (tally.parent / ".t.toml.seats.tmp").mkdir()  # where the links would be written first
    result = referee("serve", "t.toml", "--links", "--host", "127.0.0.1")
    assert result.exit_code == 2 and "cannot keep the seats' links in" in result.stderr and "Traceback" not in result.stderr


def test_links_for_a_server_on_every_address_name_this_machines_address(referee, tally, monkeypatch):
    from referee.cli import serve

    monkeypatch.setattr(serve, "lan_address", lambda: "10.0.0.8")
    assert referee("serve", "t.toml", "--links", "--json", "--host", "0.0.0.0").json()["table"] == "http://10.0.0.8:8765/"
    assert referee("serve", "t.toml", "--links", "--json", "--host", "::1", "--port", "80").json()["table"] == "http://[::1]:80/"


# --- what the review tried (a page on another port, a server on ::, a file replaced) ----


@pytest.mark.parametrize(
    "headers",
    [
        {"content-type": "application/json", "origin": "http://127.0.0.1:9999"},  # another port: the same site
        {"content-type": "text/plain"},  # a form of another page
        {"content-type": "application/x-www-form-urlencoded"},
        {"content-type": "multipart/form-data; boundary=x"},
    ],
)
def test_a_change_from_another_page_is_refused_and_changes_nothing(client, served, tally, headers):
    """SameSite cookies go along to every port of one host, so a page served elsewhere on
    this machine could post to a seat: its Origin, and the types a form can send without
    asking first, are refused (403)."""
    before = tally.read_bytes()
    seated(client, served, 0)
    response = client.post("/api/seat/score", content=json.dumps({"points": 3}), headers=headers)
    assert response.status_code == 403, response.text
    assert tally.read_bytes() == before
    entry = {"kind": "score", "player": "Anna", "points": 3}
    own = client.post("/api/seat/score", content=json.dumps(entry), headers={"content-type": "application/json", "origin": BASE})
    assert own.status_code == 200, own.text


def test_a_server_on_every_address_answers_an_ipv4_visitor():
    """On `::` an IPv4 visitor arrives as ::ffff:a.b.c.d; its Host names the plain address."""
    assert "192.0.2.2:8765" in host_names(("::ffff:192.0.2.2", 8765))


def test_a_game_started_again_in_the_served_file_gets_seats_and_links_of_its_own(client, served, tally):
    """The file deleted and started again with other players while served: the old links
    open no seat (no error, no seat of the other game), the new players get new links."""
    old_token = served.links.tokens[1]
    tally.unlink()
    savefile.create(tally, TALLY, {"players": ["Zoë", "Anna"]})
    served.reload()
    assert served.links.players == ("Zoë", "Anna")
    assert old_token not in served.links.tokens
    client.cookies.set(SEAT_COOKIE, old_token)
    assert client.get("/api/seat").status_code == 401
    assert client.get("/api/table").status_code == 200
