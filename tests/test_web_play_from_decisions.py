"""Whole games played from the phones' decisions alone (issue 32, "How we will check"):
every seat reads `GET /api/seat` and posts one of the `choices` it lists, as it is listed,
through the real application; every listed choice is accepted, and the game goes on
with nothing typed at the laptop."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from referee import savefile
from referee.smoorverliefd.ruleset import RULES as SMOOR
from referee.smoorverliefd.setup import Setup as SmoorSetup
from referee.web.server import SEAT_COOKIE, Served, create_app
from web_decisions import decisions
from web_privacy import served_file

NAMES = ("Anna", "Bram", "Cees", "Daan")


def phones(served: Served) -> list[Any]:
    from starlette.testclient import TestClient

    app = create_app(served)
    found = []
    for token in served.links.tokens:
        phone = TestClient(app, base_url="http://127.0.0.1")
        phone.cookies.set(SEAT_COOKIE, token)
        found.append(phone)
    return found


def step(seats: list[Any], rng: random.Random, kinds: set[str] | None = None) -> tuple[int, dict[str, Any]] | None:
    """One seat that has listed choices posts one of them, as listed (its page's
    X-Referee-Seen with it); the seat and the choice, or None when nobody has a choice."""
    waiting = []
    for seat, phone in enumerate(seats):
        answer = phone.get("/api/seat").json()
        for decision in answer["decisions"]:
            if "choices" in decision and (kinds is None or decision["kind"] in kinds):
                waiting.append((seat, decision, answer["entries"]))
    if not waiting:
        return None
    seat, decision, seen = rng.choice(waiting)
    listed = rng.choice(decision["choices"])
    response = seats[seat].post(f"/api/seat/{decision['kind']}", json=listed, headers={"X-Referee-Seen": str(seen)})
    assert response.status_code == 200, (seat, listed, response.text)
    return seat, listed


@pytest.mark.slow
def test_a_smoorverliefd_match_with_blinde_liefde_and_cupido_is_played_from_four_phones(tmp_path: Path) -> None:
    path = tmp_path / "night.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(list(NAMES), seed="phones", variants=["blinde-liefde", "cupido"], target=200))
    served = served_file(path)
    seats, rng = phones(served), random.Random(32)
    kinds: list[str] = []
    def in_round_two_with_its_bids_and_curse() -> bool:
        current = savefile.load(path, SMOOR).state.current
        return current.number == 2 and current.bids is not None and current.cursed_suit is not None

    while not in_round_two_with_its_bids_and_curse():
        taken = step(seats, rng)
        assert taken is not None, "the match waits for something no phone may decide"
        kinds.append(taken[1]["kind"])
    assert kinds[:4] == ["bid"] * 4  # every seat bids first, at once, in any order
    assert kinds.count("play") == 52 and kinds.count("bid") == 8 and kinds.count("curse") == 1
    state = savefile.load(path, SMOOR).state
    assert state.current.number == 2 and state.current.cursed_suit is not None and state.current.bids is not None
    assert len(savefile.load(path, SMOOR).events) == len(kinds)  # every tap recorded, nothing typed


def test_blinde_liefde_bids_are_hidden_from_the_other_phones_until_all_are_in(tmp_path: Path) -> None:
    path = tmp_path / "night.toml"
    savefile.create(path, SMOOR, SmoorSetup.build(list(NAMES), seed="bids", variants=["blinde-liefde", "partners"]))
    served = served_file(path)
    seats = phones(served)
    anna = seats[0].get("/api/seat").json()
    bid = decisions(anna)["bid"]
    assert bid["together"] and bid["labels"] == [str(count) for count in range(14)]
    assert bid["choices"][7] == {"kind": "bid", "bids": {"Anna": 7}}
    assert seats[0].post("/api/seat/bid", json=bid["choices"][7], headers={"X-Referee-Seen": "0"}).status_code == 200
    mine, other = seats[0].get("/api/seat").json(), seats[1].get("/api/seat").json()
    assert mine["view"]["own_bid"] == 7 and "bid" not in decisions(mine)
    assert other["view"]["own_bid"] is None and other["view"]["bidding"] == [True, False, False, False]
    assert "7" not in str(other["view"]["bidding"]) and other["view"]["bids"] is None
    # a page drawn before Anna's bid still bids: the bids are taken together
    late = seats[1].post("/api/seat/bid", json={"kind": "bid", "bids": {"Bram": 2}}, headers={"X-Referee-Seen": "0"})
    assert late.status_code == 200, late.text
    before = path.read_bytes()
    again = seats[0].post("/api/seat/bid", json={"kind": "bid", "bids": {"Anna": 3}})
    assert again.status_code == 409 and path.read_bytes() == before
    for seat, count in ((2, 4), (3, 0)):
        assert seats[seat].post("/api/seat/bid", json={"kind": "bid", "bids": {NAMES[seat]: count}}).status_code == 200
    assert seats[1].get("/api/seat").json()["view"]["bids"] == [7, 2, 4, 0]


@pytest.mark.slow
def test_a_smitten_two_player_game_is_played_from_two_phones_to_the_end(tmp_path: Path, referee: Any) -> None:
    from referee.smitten.ruleset import RULES as SMITTEN

    path = tmp_path / "g.toml"
    assert referee("smitten", "new", str(path), "--players", "Anna", "Bram", "--seed", "phones").exit_code == 0
    served = served_file(path)
    seats, rng = phones(served), random.Random(5)
    taps = 0
    while SMITTEN.outcome(savefile.load(path, SMITTEN).state) is None:
        assert step(seats, rng) is not None, "the game waits for something no phone may decide"
        taps += 1
    assert taps == len(savefile.load(path, SMITTEN).events) > 3
    assert all(phone.get("/api/seat").json()["decisions"] == [] for phone in seats)


@pytest.mark.slow
def test_a_spellcrafter_drafted_round_is_played_from_four_phones_picks_and_passes(tmp_path: Path, referee: Any) -> None:
    from referee.spellcrafter.ruleset import RULES as SPELL

    path = tmp_path / "s.toml"
    assert referee("spell", "new", str(path), *NAMES, "--seed", "a b c").exit_code == 0
    served = served_file(path)
    seats, rng = phones(served), random.Random(7)
    kinds = []
    while SPELL.outcome(savefile.load(path, SPELL).state) is None and savefile.load(path, SPELL).state.current_number == 1:
        taken = step(seats, rng, {"pick", "pass"})
        assert taken is not None, "the round waits for something no phone may decide"
        kinds.append(taken[1]["kind"])
    assert kinds.count("pick") == 28 and kinds.count("pass") == 4
    assert savefile.load(path, SPELL).state.current_number == 2
