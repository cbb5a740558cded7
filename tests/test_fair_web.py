"""Fair deals on `referee serve` (issue 25): the envelope's public ``fair`` part, a
phone's own word of entropy, and the line `serve` prints for a seeded game that is not
fair. Through starlette's test client on real game files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from browser import browsers
from web_privacy import answers, served_file

from referee.savefile.sidecar import secret_path
from referee.web.server import SEAT_COOKIE, Served, create_app

__all__ = ["browsers"]  # the fixture, used by name

PLAYERS = ("Anna", "Bram", "Cees", "Daan")


def fair_match(referee: Any, folder: Path, *extra: str) -> Path:
    path = folder / "m.toml"
    made = referee("smoor", "new", str(path), *PLAYERS, "--fair", *extra)
    assert made.exit_code == 0, made.stderr
    return path


def kept(path: Path) -> str:
    return [line for line in secret_path(path).read_text().splitlines() if not line.startswith("#")][0]


def phone(served: Served, seat: int) -> TestClient:
    client = TestClient(create_app(served), base_url="http://127.0.0.1")
    client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    return client


def every_answer(served: Served) -> str:
    served.reload()
    found = [*answers(served, None).values()]
    for seat in range(len(PLAYERS)):
        found += answers(served, seat).values()
        found += answers(served, seat, "nl").values()
    return "\n".join(found)


@pytest.mark.slow
def test_no_answer_holds_the_secret_before_the_reveal(referee, tmp_path):
    path = fair_match(referee, tmp_path)
    secret = kept(path)
    served = served_file(path)
    table = TestClient(create_app(served), base_url="http://127.0.0.1").get("/api/table").json()
    assert table["fair"]["waiting_for"] == "Anna" and table["fair"]["revealed"] is False and table["fair"]["secret"] is None
    assert table["fair"]["fingerprint"] and table["fair"]["commitment"]
    assert secret not in every_answer(served)
    for name, word in zip(PLAYERS, ("a", "b", "c", "d")):
        assert referee("entropy", str(path), name, word).exit_code == 0
        assert secret not in every_answer(served)
    assert referee("reveal", str(path)).exit_code == 0
    served.reload()
    assert TestClient(create_app(served), base_url="http://127.0.0.1").get("/api/table").json()["fair"]["secret"] == secret


def test_a_game_that_is_not_fair_has_no_fair_part(referee, tmp_path):
    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), *PLAYERS, "--seed", "s").exit_code == 0
    assert TestClient(create_app(served_file(path)), base_url="http://127.0.0.1").get("/api/table").json()["fair"] is None


def word_of(player: str, word: object) -> dict[str, object]:
    """A seat's form of entropy filled in: the event with its word."""
    return {"kind": "entropy", "player": player, "word": word}


def test_a_phones_word_of_entropy_is_recorded_for_its_own_seat(referee, tmp_path):
    path = fair_match(referee, tmp_path)
    served = served_file(path)
    anna = phone(served, 0)
    form = anna.get("/api/seat").json()["decisions"][0]["form"]
    assert form == {"event": {"kind": "entropy", "player": "Anna"}, "field": "word", "constraints": {"max_length": 64}}
    given = anna.post("/api/seat/entropy", json={**form["event"], "word": " kiwi "})
    assert given.status_code == 200, given.text
    assert given.json()["fair"]["entropy"][0] == {"seat": "Anna", "word": "kiwi"}
    history = referee("smoor", "history", str(path), "--json").json()["events"]
    assert [entry["event"] for entry in history] == [{"kind": "entropy", "player": "Anna", "word": "kiwi"}]
    labels = given.json()["labels"]
    assert labels["fair"] == "Fair deals" and labels["give_word"]
    dutch = phone(served, 1)
    dutch.cookies.set("referee_lang", "nl")
    assert dutch.get("/api/seat").json()["labels"]["fair"] == "Eerlijk delen"


def test_a_second_word_from_the_same_seat_is_refused_with_the_file_unchanged(referee, tmp_path):
    path = fair_match(referee, tmp_path)
    served = served_file(path)
    anna = phone(served, 0)
    assert anna.post("/api/seat/entropy", json=word_of("Anna", "kiwi")).status_code == 200
    before = path.read_bytes()
    again = anna.post("/api/seat/entropy", json=word_of("Anna", "pear"))
    assert again.status_code == 409 and again.json()["error"] == "entropy is not one of your choices now; look again"
    assert path.read_bytes() == before
    bram = phone(served, 1)
    for body in (word_of("Bram", 3), word_of("Bram", ""), word_of("Bram", "x" * 100)):
        refused = bram.post("/api/seat/entropy", json=body)
        assert refused.status_code in (400, 409), (body, refused.text)
        assert path.read_bytes() == before
    for other in ({}, {"word": "fig"}, word_of("Anna", "fig")):  # not Bram's form: another's player, or none
        assert bram.post("/api/seat/entropy", json=other).status_code == 409
        assert path.read_bytes() == before
    out_of_turn = phone(served, 2).post("/api/seat/entropy", json=word_of("Cees", "fig"))
    assert out_of_turn.status_code == 409 and "not one of your choices" in out_of_turn.json()["error"]
    assert path.read_bytes() == before
    assert bram.post("/api/seat/entropy", json=word_of("Bram", "pear")).status_code == 200
    words = referee("smoor", "standings", str(path), "--json").json()["fair"]["entropy"]
    assert [seat["word"] for seat in words] == ["kiwi", "pear", None, None]


def test_a_phone_without_a_seat_gives_no_word(referee, tmp_path):
    path = fair_match(referee, tmp_path)
    before = path.read_bytes()
    stranger = TestClient(create_app(served_file(path)), base_url="http://127.0.0.1")
    assert stranger.post("/api/seat/entropy", json=word_of("Anna", "kiwi")).status_code == 401
    assert path.read_bytes() == before


@pytest.mark.parametrize("language, words", [("en", "--fair"), ("nl", "--fair")])
def test_serve_on_a_seeded_game_that_is_not_fair_recommends_new_fair(referee, tmp_path, monkeypatch, language, words):
    from referee.cli import serve

    started: list[Path] = []
    monkeypatch.setattr(serve, "bind", lambda address, port: None)
    monkeypatch.setattr(serve, "serve_until_stopped", lambda file, *rest: started.append(file))
    seeded = tmp_path / "s.toml"
    assert referee("smoor", "new", str(seeded), *PLAYERS, "--seed", "s").exit_code == 0
    said = referee("--lang", language, "serve", str(seeded), "--host", "127.0.0.1")
    assert said.exit_code == 0, said.stderr
    lines = [line for line in said.stdout.splitlines() if words in line]
    assert len(lines) == 1 and "referee smoor new" in lines[0]
    assert ("gedeeld uit een seed" in lines[0]) == (language == "nl")
    fair = fair_match(referee, tmp_path / "f") if (tmp_path / "f").mkdir() is None else None
    assert fair is not None
    assert "--fair" not in referee("serve", str(fair), "--host", "127.0.0.1").stdout
    assert started == [seeded, fair]


@pytest.mark.slow
def test_four_phones_give_their_words_on_the_page_and_the_tv_shows_them(referee, tmp_path, browsers):
    from browser import PHONE, TV, page_text, serving, wait_for

    path = fair_match(referee, tmp_path)
    secret = kept(path)
    with serving(path) as server:
        tv = browsers(TV)
        tv.get(server.url("/"))
        wait_for(tv, lambda d: d.find_elements("id", "fair"))
        fingerprint = referee("smoor", "standings", str(path), "--json").json()["fair"]["fingerprint"]
        assert fingerprint in page_text(tv)
        for seat, word in enumerate(("appel", "peer", "vijg", "kiwi")):
            phone = browsers(PHONE)
            phone.get(server.seat_link(seat))
            box = wait_for(phone, lambda d: d.find_elements("id", "decision-entropy-word"))[0]
            box.send_keys(word)
            phone.find_element("id", "decision-entropy-send").click()
            wait_for(tv, lambda d: word in page_text(d))
            assert secret not in page_text(tv) and secret not in page_text(phone)
        words = referee("smoor", "standings", str(path), "--json").json()["fair"]["entropy"]
        assert [seat["word"] for seat in words] == ["appel", "peer", "vijg", "kiwi"]


def test_until_every_word_is_in_no_page_shows_a_hand_or_whose_turn_it_is(referee, tmp_path):
    """No card is dealt until every word of entropy is in: the pages show the words and
    whose word is due, and no game view (no hand, no "Bram leads")."""
    path = fair_match(referee, tmp_path)
    served = served_file(path)
    for seat, word in enumerate(("kiwi", "mango", "pear")):
        seated = phone(served, seat).get("/api/seat").json()
        assert seated["view"] is None and seated["fair"]["waiting_for"] == PLAYERS[seat]
        assert phone(served, seat).post("/api/seat/entropy", json=word_of(PLAYERS[seat], word)).status_code == 200
    assert TestClient(create_app(served), base_url="http://127.0.0.1").get("/api/table").json()["view"] is None
    assert phone(served, 3).post("/api/seat/entropy", json=word_of(PLAYERS[3], "plum")).status_code == 200
    dealt = phone(served, 3).get("/api/seat").json()
    assert dealt["fair"]["waiting_for"] is None and len(dealt["view"]["hand"]) == 13
