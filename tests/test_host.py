"""The host's link and page, the announcement of an undo or a redo, a seat's take-back and
the rematch from a phone (issue 33 point 3; referee/web/host.py), through the real server
(starlette's test client) on the toy tally, a Smoorverliefd match and a Smitten game.

Every refusal leaves the served file (and every file beside it) byte-for-byte as it was;
the host's token is never in a seat's or the table's answer."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from toy_game import SPEC, TALLY, score

from referee import games, savefile
from referee.cli import _group, _summary
from referee.web.host import HOST_COOKIE, SHOW_SECONDS, announced, news, rematch_path
from referee.web.links import SeatLinks, links_path
from referee.web.server import LANG_COOKIE, SEAT_COOKIE, Served, create_app

BASE = "http://127.0.0.1:8765"


@pytest.fixture
def with_toy_game(monkeypatch):
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


@pytest.fixture
def served(tally) -> Served:
    return Served(tally, SPEC, "en")


def client_of(served: Served) -> TestClient:
    return TestClient(create_app(served), base_url=BASE, follow_redirects=False)


@pytest.fixture
def client(served) -> TestClient:
    return client_of(served)


def as_host(client: TestClient, served: Served) -> TestClient:
    client.cookies.set(HOST_COOKIE, served.links.host)
    return client


def as_seat(client: TestClient, served: Served, seat: int) -> TestClient:
    client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    return client


def files(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file()}


def first_event(client: TestClient, path: str) -> Any:
    with client.stream("GET", path) as response:
        for line in response.iter_lines():
            if line.startswith("data: "):
                return json.loads(line[len("data: ") :])
    raise AssertionError("no event")


# --- the host's link ---------------------------------------------------------------------------


def test_the_host_link_sets_an_httponly_strict_cookie_and_opens_the_host_page(client, served):
    response = client.get(f"/host/{served.links.host}")
    assert response.status_code == 303 and response.headers["location"] == "/host"
    cookie = response.headers["set-cookie"]
    assert cookie.startswith(f"{HOST_COOKIE}={served.links.host}") and "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
    page = client.get("/host")
    assert page.status_code == 200 and 'data-page="host"' in page.text and "/static/host.js" in page.text
    answer = client.get("/api/host").json()
    assert [seat["name"] for seat in answer["host"]["seats"]] == ["Anna", "Bram", "Cees"]


def test_the_host_token_is_kept_with_the_seats_links_and_survives_a_restart_and_a_new_game(tally):
    first = SeatLinks(tally, ("Anna", "Bram", "Cees"))
    assert len(first.host) >= 32 and first.host not in first.tokens
    assert f'host = "{first.host}"' in links_path(tally).read_text()
    assert SeatLinks(tally, ("Anna", "Bram", "Cees")).host == first.host
    assert SeatLinks(tally, ("Zoë", "Anna")).host == first.host  # another game in the file: the same host


def test_the_host_links_file_is_never_written_over_by_an_output(tally):
    from referee.outputs import kept_by_referee

    SeatLinks(tally, ("Anna", "Bram", "Cees"))
    assert kept_by_referee(links_path(tally)) == "the seats' links of t.toml"


@pytest.mark.parametrize("token", ["", "nonsense", "x" * 32])
def test_a_wrong_host_token_or_a_seats_cookie_opens_nothing_of_the_hosts(client, served, tally, token):
    before = files(tally.parent)
    assert "set-cookie" not in client.get(f"/host/{token or 'none'}").headers
    as_seat(client, served, 0)
    client.cookies.set(HOST_COOKIE, token)
    assert client.get("/api/host").status_code == 401
    for path in ("/api/host/undo", "/api/host/redo", "/api/host/reveal", "/api/host/link/0", "/api/host/show/0", "/api/host/hide"):
        assert client.post(path, json={}).status_code == 401, path
    assert client.get("/api/host/qr/0.svg").status_code == 404
    client.cookies.set(HOST_COOKIE, served.links.tokens[0])  # a seat's token is not the host's
    assert client.get("/api/host").status_code == 401
    assert files(tally.parent) == before


def test_the_host_token_never_appears_in_a_seats_or_the_tables_answer(client, served):
    host = served.links.host
    as_seat(client, served, 0)
    client.post("/api/seat/score", json={"player": "Anna", "points": 2})
    seen = [client.get("/api/seat").text, client.get("/api/table").text, client.get("/").text, client.get("/seat").text,
            json.dumps(first_event(client, "/events/seat")), json.dumps(first_event(client, "/events/table")), client.get("/qr.svg").text]  # fmt: skip
    assert not any(host in text for text in seen)
    as_host(client, served).post("/api/host/show/1", json={})
    assert host not in client.get("/api/table").text


# --- undo and redo from the host's page, announced on every page -------------------------------


def test_the_host_takes_back_the_last_entry_and_puts_it_back(client, served, tally):
    savefile.record(tally, TALLY, score("Bram", 4))
    as_host(client, served)
    undone = client.post("/api/host/undo", json={})
    assert undone.status_code == 200 and savefile.load(tally, TALLY).events == []
    assert undone.json()["host"]["redo"] is True and undone.json()["host"]["undo"] is False
    redone = client.post("/api/host/redo", json={})
    assert redone.status_code == 200 and savefile.load(tally, TALLY).events == [score("Bram", 4)]


@pytest.mark.parametrize("path", ["/api/host/undo", "/api/host/redo", "/api/host/reveal", "/api/host/rematch", "/api/host/link/9", "/api/host/show/x"])
def test_a_refused_host_action_is_one_line_and_changes_no_file(client, served, tally, path):
    before = files(tally.parent)
    response = as_host(client, served).post(path, json={})
    assert response.status_code in (400, 409) and response.json()["error"] and "\n" not in response.json()["error"]
    assert files(tally.parent) == before


def test_a_host_refusal_speaks_the_pages_language(client, served):
    as_host(client, served).cookies.set(LANG_COOKIE, "nl")
    assert client.post("/api/host/rematch", json={}).json()["error"] == "de partij is nog niet voorbij: een revanche begint pas daarna"


def test_an_undo_and_a_redo_are_announced_on_every_page_until_the_next_entry(client, served, tally):
    savefile.record(tally, TALLY, score("Bram", 4))
    savefile.undo(tally, TALLY)  # a terminal's `undo`: read from the file
    served.reload()
    table = client.get("/api/table").json()
    seat = as_seat(client, served, 2).get("/api/seat").json()
    assert table["announcement"] == seat["announcement"] and table["announcement"]["text"] == "An entry was taken back"
    savefile.redo(tally, TALLY)
    served.reload()
    again = client.get("/api/table").json()["announcement"]
    assert again["text"] == "An entry was put back" and again["version"] > table["announcement"]["version"]
    served.reload()  # nothing changed: the same announcement
    assert client.get("/api/table").json()["announcement"] == again
    savefile.record(tally, TALLY, score("Cees", 1))  # the next entry
    served.reload()
    assert client.get("/api/table").json()["announcement"] is None


def test_the_announcement_is_read_from_the_file_pure(tally):
    empty = savefile.load(tally, TALLY)
    savefile.record(tally, TALLY, score("Anna", 1))
    one = savefile.load(tally, TALLY)
    savefile.undo(tally, TALLY)
    undone = savefile.load(tally, TALLY)
    savefile.redo(tally, TALLY)
    redone = savefile.load(tally, TALLY)
    assert announced(one, undone, 7) == announced(one, undone, 7)
    found = announced(one, undone, 7)
    assert found is not None and found.back and found.taken.event == score("Anna", 1) and found.version == 7
    back = announced(undone, redone, 8)
    assert back is not None and not back.back and back.taken.event == score("Anna", 1)
    assert announced(empty, one, 9) is None  # a new entry
    assert announced(None, one, 9) is None and announced(one, one, 9) is None
    assert news(found, one, one, 9) is found  # nothing changed: still shown
    assert news(found, one, savefile.record(tally, TALLY, score("Bram", 2)).saved, 9) is None


def test_an_edit_taken_back_and_put_back_is_announced_by_its_entry(tally):
    from referee.web.host import announcement_words

    savefile.record(tally, TALLY, score("Anna", 1))
    savefile.record(tally, TALLY, score("Bram", 2))
    savefile.rewrite(tally, TALLY, lambda events, state: [score("Anna", 5), *events[1:]])  # an edit of entry 1
    edited = savefile.load(tally, TALLY)
    savefile.undo(tally, TALLY)
    undone = savefile.load(tally, TALLY)
    found = announced(edited, undone, 3)
    assert found is not None and found.back and found.taken.edit is not None
    assert announcement_words(found, TALLY, SPEC.load_voice()) == "Taken back: the edit of entry 1"
    savefile.redo(tally, TALLY)
    back = announced(undone, savefile.load(tally, TALLY), 4)
    assert back is not None and announcement_words(back, TALLY, SPEC.load_voice()) == "Put back: the edit of entry 1"


# --- a real game: the voice names the entry, in each page's language ----------------------------


@pytest.fixture
def smoor(tmp_path) -> Path:
    from referee.smoorverliefd.ruleset import RULES
    from referee.smoorverliefd.setup import Setup

    path: Path = tmp_path / "night.toml"
    savefile.create(path, RULES, Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="host", target=100))
    return path


def played_card(client: TestClient, served: Served) -> tuple[int, dict[str, Any]]:
    """A card played from the phone of the seat whose turn it is."""
    for seat in range(4):
        decisions = as_seat(client, served, seat).get("/api/seat").json()["decisions"]
        plays = [decision for decision in decisions if decision["kind"] == "play"]
        if plays:
            choice = plays[0]["choices"][0]
            assert client.post("/api/seat/play", json=choice).status_code == 200
            return seat, choice
    raise AssertionError("nobody may play")


def test_an_undo_names_the_card_taken_back_in_english_and_in_dutch(smoor):
    from referee import games as registry

    spec = registry.game("smoorverliefd")
    served = Served(smoor, spec, "en")
    client = client_of(served)
    seat, choice = played_card(client, served)
    card = choice["card"]
    as_host(client, served).post("/api/host/undo", json={})
    english = client.get("/api/table").json()["announcement"]["text"]
    assert english.startswith("Taken back: play: ") and served.links.players[seat] in english
    client.cookies.set(LANG_COOKIE, "nl")
    dutch = as_seat(client, served, (seat + 1) % 4).get("/api/seat").json()["announcement"]["text"]
    assert dutch.startswith("Ongedaan gemaakt: ") and served.links.players[seat] in dutch
    assert card[:-1] in english and card[:-1] in dutch  # the card's rank, as the voice writes it


def test_a_decision_taken_together_is_announced_without_naming_it(client, served, tally):
    """The tally's scores are entered by every seat at once (like bids, picks, a word being
    crafted): hidden until all are in, so the announcement names no entry."""
    savefile.record(tally, TALLY, score("Bram", 4))
    as_host(client, served).post("/api/host/undo", json={})
    text = client.get("/api/table").json()["announcement"]["text"]
    assert text == "An entry was taken back" and "Bram" not in text


def test_the_host_reveals_a_fair_games_secret_once(tmp_path, referee):
    from referee import games as registry

    path = tmp_path / "fair.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--fair").exit_code == 0
    served = Served(path, registry.game("smoorverliefd"), "en")
    host = as_host(client_of(served), served)
    assert host.get("/api/host").json()["host"]["reveal"] is True
    revealed = host.post("/api/host/reveal", json={})
    assert revealed.status_code == 200 and revealed.json()["host"]["reveal"] is False and revealed.json()["fair"]["revealed"]
    before = files(tmp_path)
    again = host.post("/api/host/reveal", json={})
    assert again.status_code == 409 and "\n" not in again.json()["error"] and files(tmp_path) == before


# --- a seat takes back its own last entry ------------------------------------------------------


def test_a_seat_takes_back_its_own_last_entry_and_it_is_announced(client, served, tally):
    as_seat(client, served, 0)
    assert client.get("/api/seat").json()["take_back"] is False
    assert client.post("/api/seat/score", json={"player": "Anna", "points": 3}).json()["take_back"] is True
    taken = client.post("/api/take-back", json={})
    assert taken.status_code == 200 and savefile.load(tally, TALLY).events == []
    assert taken.json()["announcement"]["text"] == "An entry was taken back" and taken.json()["take_back"] is False
    assert client.get("/api/table").json()["announcement"] is not None


def test_a_seat_may_not_take_back_another_seats_entry_or_its_own_after_the_next(client, served, tally):
    as_seat(client, served, 0).post("/api/seat/score", json={"player": "Anna", "points": 3})
    before = files(tally.parent)
    refused = as_seat(client, served, 1).post("/api/take-back", json={})
    assert refused.status_code == 409 and refused.json()["error"] == "only your own last entry can be taken back, before anyone's next entry"
    assert files(tally.parent) == before
    client.post("/api/seat/score", json={"player": "Bram", "points": 1})
    before = files(tally.parent)
    assert as_seat(client, served, 0).post("/api/take-back", json={}).status_code == 409
    assert files(tally.parent) == before
    savefile.record(tally, TALLY, score("Cees", 2))  # typed at the laptop: Bram's is no longer the last
    before = files(tally.parent)
    assert as_seat(client, served, 1).post("/api/take-back", json={}).status_code == 409
    assert files(tally.parent) == before


def test_a_table_without_take_backs_offers_and_allows_none(with_toy_game, tmp_path):
    path = tmp_path / "t.toml"
    savefile.create(path, TALLY, {"players": ["Anna", "Bram"], "take_backs": False})
    served = Served(path, SPEC, "en")
    client = as_seat(client_of(served), served, 0)
    assert client.post("/api/seat/score", json={"player": "Anna", "points": 3}).json()["take_back"] is False
    before = files(tmp_path)
    refused = client.post("/api/take-back", json={})
    assert refused.status_code == 409 and "--no-take-backs" in refused.json()["error"]
    assert files(tmp_path) == before


def test_a_take_back_without_a_seat_is_401(client, tally):
    before = files(tally.parent)
    assert client.post("/api/take-back", json={}).status_code == 401
    assert files(tally.parent) == before


@pytest.mark.slow
@pytest.mark.parametrize("group, words", [("smoor", ["A", "B", "C", "--seed", "s"]), ("spell", ["A", "B", "--seed", "s"]), ("smitten", ["--seed", "s"])])
def test_no_take_backs_at_new_is_kept_in_the_setup_of_every_game(referee, tmp_path, group, words):
    off, on = tmp_path / "off.toml", tmp_path / "on.toml"
    assert referee(group, "new", str(off), *words, "--no-take-backs").exit_code == 0
    assert referee(group, "new", str(on), *words).exit_code == 0
    assert "take_backs = false" in off.read_text() and "take_backs" not in on.read_text()


# --- a seat's new link, on the host's phone and on the TV ---------------------------------------


def test_a_new_link_ends_the_old_one_and_its_qr_code_is_the_hosts_alone(client, served):
    old = served.links.tokens[1]
    answer = as_host(client, served).post("/api/host/link/1", json={}).json()
    new = served.links.tokens[1]
    assert new != old and answer["link"] == {"seat": 1, "url": f"{BASE}/join/{new}", "qr": "/api/host/qr/1.svg"}
    qr = client.get("/api/host/qr/1.svg")
    assert qr.status_code == 200 and qr.headers["content-type"] == "image/svg+xml"
    client.cookies.delete(HOST_COOKIE)
    assert client.get("/api/host/qr/1.svg").status_code == 404  # the TV: not while it is not shown


def test_the_tv_shows_the_link_the_host_asks_for_and_only_that_one_until_hidden(client, served):
    host = as_host(client_of(served), served)
    tv = client
    assert tv.get("/api/table").json()["show_link"] is None
    host.post("/api/host/show/2", json={})
    shown = tv.get("/api/table").json()["show_link"]
    assert shown == {"seat": 2, "name": "Cees", "qr": "/api/host/qr/2.svg", "text": "Cees's new link: scan with Cees's phone only"}
    assert tv.get("/api/host/qr/2.svg").status_code == 200 and tv.get("/api/host/qr/1.svg").status_code == 404
    assert as_seat(client_of(served), served, 0).get("/api/seat").json()["show_link"] is None  # never on a phone
    host.post("/api/host/hide", json={})
    assert tv.get("/api/table").json()["show_link"] is None and tv.get("/api/host/qr/2.svg").status_code == 404


def test_the_tv_hides_the_link_after_a_minute(client, served):
    as_host(client_of(served), served).post("/api/host/show/0", json={})
    seat, until = served.desk.showing or (None, 0.0)
    assert seat == 0 and served.desk.shown_seat(until - SHOW_SECONDS) == 0
    assert served.desk.shown_seat(until) is None and served.desk.shown_seat(until + 1) is None


# --- who is connected ---------------------------------------------------------------------------


@pytest.mark.slow
def test_the_host_sees_which_seats_and_whether_the_tv_are_connected(client, served):
    from browser import poll

    host = as_host(client_of(served), served)
    assert not any(seat["connected"] for seat in host.get("/api/host").json()["host"]["seats"])
    phone = as_seat(client_of(served), served, 1)
    stop = threading.Event()

    def read() -> None:
        with phone.stream("GET", "/events/seat") as response:
            for _line in response.iter_lines():
                if stop.is_set():
                    return

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    poll(lambda: host.get("/api/host").json()["host"]["seats"][1]["connected"])
    answer = host.get("/api/host").json()["host"]
    assert [seat["connected"] for seat in answer["seats"]] == [False, True, False] and answer["table_connected"] is False
    stop.set()
    served.reissue(1)  # the stream ends
    reader.join(timeout=60)
    poll(lambda: not host.get("/api/host").json()["host"]["seats"][1]["connected"])


# --- the rematch from a phone -------------------------------------------------------------------


@pytest.fixture
def smitten_over(tmp_path, referee) -> Path:
    path: Path = tmp_path / "duel.toml"
    assert referee("smitten", "new", str(path), "--physical", "--players", "Ann", "Bob", "--no-take-backs").exit_code == 0
    assert referee("smitten", "lose", str(path)).exit_code == 0
    return path


def test_the_rematch_name_is_the_next_free_one():
    assert rematch_path(Path("/nowhere/night.toml")).name == "night-2.toml"
    assert rematch_path(Path("/nowhere/night-2.toml")).name == "night-3.toml"


def test_a_seat_starts_the_rematch_once_the_match_is_over_and_keeps_its_link(smitten_over):
    from referee import games as registry

    folder = smitten_over.parent
    (folder / "duel-2.toml").write_text("mine\n")  # never written over
    served = Served(smitten_over, registry.game("smitten"), "en")
    tokens, host = list(served.links.tokens), served.links.host
    phone = as_seat(client_of(served), served, 1)
    assert phone.get("/api/seat").json()["rematch"] is True
    answer = phone.post("/api/rematch", json={})
    assert answer.status_code == 200, answer.text
    new = folder / "duel-3.toml"
    assert served.path == new and new.is_file() and (folder / "duel-2.toml").read_text() == "mine\n"
    assert answer.json()["file"] == "duel-3.toml" and answer.json()["rematch"] is False and answer.json()["outcome"] is None
    assert served.links.tokens == tokens and served.links.host == host  # the same links, the same players
    assert phone.get("/api/seat").json()["name"] == "Bob"
    assert "take_backs = false" in new.read_text()  # what the table chose at `new`
    before = files(folder)
    again = phone.post("/api/rematch", json={})  # the new match is not over
    assert again.status_code == 409 and files(folder) == before


def test_two_phones_tapping_rematch_at_once_start_one_rematch(smitten_over):
    from referee import games as registry

    served = Served(smitten_over, registry.game("smitten"), "en")
    first, second = as_seat(client_of(served), served, 0), as_seat(client_of(served), served, 1)
    assert first.post("/api/rematch", json={"file": "duel.toml"}).status_code == 200
    late = second.post("/api/rematch", json={"file": "duel.toml"})  # drawn from the old match
    assert late.status_code == 200 and late.json()["file"] == "duel-2.toml" and late.json()["name"] == "Bob"
    assert sorted(path.name for path in smitten_over.parent.glob("*.toml")) == ["duel-2.toml", "duel.toml"]


def test_the_host_starts_the_rematch_and_nobody_else_can(smitten_over):
    from referee import games as registry

    served = Served(smitten_over, registry.game("smitten"), "en")
    before = files(smitten_over.parent)
    stranger = client_of(served)
    assert stranger.post("/api/rematch", json={}).status_code == 401 and files(smitten_over.parent) == before
    host = as_host(client_of(served), served)
    assert host.get("/api/host").json()["host"]["rematch"] is True
    assert host.post("/api/host/rematch", json={}).status_code == 200
    assert served.path.name == "duel-2.toml"


# --- the terminal -------------------------------------------------------------------------------


def test_serve_prints_the_hosts_link_with_its_qr_code(served, capsys):
    from referee.cli.serve import Console

    Console(served, None, "http://192.0.2.5:8765").handle("h")  # type: ignore[arg-type]
    printed = capsys.readouterr().out
    assert f"http://192.0.2.5:8765/host/{served.links.host}" in printed
    assert printed.count("\n") > 10  # the QR code, drawn in the terminal


def test_a_take_back_undoes_only_the_seats_own_entry_even_when_another_lands_in_between(tally):
    """The check and the undo are one step of the save-file engine (``undo(only=…)``): an
    entry recorded between the seat's tap and its undo is never taken back instead."""
    from referee.errors import RuleError

    savefile.record(tally, TALLY, score("Anna", 3))
    anna = savefile.load(tally, TALLY).events[-1]
    savefile.record(tally, TALLY, score("Bram", 1))  # typed at the laptop meanwhile
    before = tally.read_bytes()
    with pytest.raises(RuleError):
        savefile.undo(tally, TALLY, only=anna)
    assert tally.read_bytes() == before
    bram = savefile.load(tally, TALLY).events[-1]
    savefile.undo(tally, TALLY, only=bram)
    assert savefile.load(tally, TALLY).events == [anna]
