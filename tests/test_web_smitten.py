"""Smitten on `referee serve` through its API (starlette's TestClient, real files made by
the real CLI): the table's screen, each partner's phone, the moves sent from a phone,
refusals in the rules' words, and nobody seeing what is not theirs (issue 23)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from referee import games, savefile
from referee.smitten.actions import Kind, Move
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.notation import GridSide
from referee.smitten.ruleset import RULES
from referee.smitten.state import Pending, Setup, State
from referee.web.server import LANG_COOKIE, Served, create_app
from referee.web.smitten import WEB, request
from web_privacy import answers

SPEC = games.game("smitten")


class Table:
    """A served Smitten file: the TV's client and one client (cookie jar) per seat."""

    def __init__(self, path: Path, language: str = "en") -> None:
        self.path = path
        self.served = Served(path, SPEC, language)
        self.app = create_app(self.served)
        self.tv = TestClient(self.app)
        self.seats = []
        for token in self.served.links.tokens:
            client = TestClient(self.app)
            assert client.get(f"/join/{token}", follow_redirects=False).status_code == 303
            self.seats.append(client)

    def table(self) -> dict[str, Any]:
        answer = self.tv.get("/api/table")
        assert answer.status_code == 200
        found: dict[str, Any] = answer.json()
        return found

    def seat(self, seat: int) -> dict[str, Any]:
        answer = self.seats[seat].get("/api/seat")
        assert answer.status_code == 200
        found: dict[str, Any] = answer.json()
        return found

    def post(self, seat: int, kind: str, body: Any) -> Any:
        return self.seats[seat].post(f"/api/seat/{kind}", content=json.dumps(body))

    def state(self) -> State:
        return savefile.load(self.path, RULES).state


def new_game(referee, path: Path, *options: str) -> Path:
    result = referee("smitten", "new", str(path), *options)
    assert result.exit_code == 0, result.stderr
    return path


def seed_where(setup: Callable[[str], Setup], condition: Callable[[State], bool]) -> str:
    """The first seed s0, s1, … whose deal meets ``condition`` (the search is the same on
    every machine: the shuffle is fixed forever)."""
    for number in range(2000):
        seed = f"s{number}"
        if condition(RULES.start(setup(seed))):
            return seed
    raise AssertionError("no seed found")


def two(seed: str) -> Setup:
    return Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed=seed, players=("Anna", "Bram"))


@pytest.fixture
def pair(referee, tmp_path: Path) -> Table:
    """Anna and Bram, medium, seed "s": Anna holds 7 9 4, Bram 6 1 3."""
    return Table(new_game(referee, tmp_path / "g.toml", "--seed", "s", "--players", "Anna", "Bram"))


# --- the table's screen -----------------------------------------------------------------


def test_the_table_shows_both_grids_the_counts_and_what_the_game_waits_for(pair: Table) -> None:
    answer = pair.table()
    view = answer["view"]
    assert answer["game"] == "smitten" and answer["seat"] is None and answer["players"] == ["Anna", "Bram"]
    assert view["grids"] == {"L": [], "R": []} and view["in_grids"] == 0
    assert [hand["cards"] for hand in view["hands"]] == [3, 3] and [hand["count"] for hand in view["hands"]] == ["3 cards"] * 2
    assert all(hand["face_up"] == [] and not hand["seen"] for hand in view["hands"])
    assert view["deck"] == 11 and view["set_aside"] is None and view["top_card"] is None
    assert view["waiting"] == "A new turn: either player may play a card"
    assert "actions" not in view and "you" not in view


def test_a_card_played_on_a_phone_reaches_the_table_and_leaves_that_hand(pair: Table) -> None:
    answer = pair.post(0, "play", {"card": 7, "cell": "7L"})
    assert answer.status_code == 200, answer.text
    assert 7 not in answer.json()["view"]["hands"][0]["face_up"]
    view = pair.table()["view"]
    assert view["grids"] == {"L": [7], "R": []}
    assert view["pending"] == {"card": 7, "grid": "L", "by": 0, "follower": 1, "choose": None, "revealed": None}
    assert view["waiting"] == "Card 7 in the left grid: Bram must place a card in the other grid (the right grid)"
    assert savefile.load(pair.path, RULES).events == [{"kind": "play", "card": "7L", "by": "Anna"}]
    assert pair.seat(1)["view"]["turn"] == "Your move" and pair.seat(0)["view"]["turn"] == "Waiting for Bram"


# --- each partner's phone ---------------------------------------------------------------


def test_each_partner_sees_their_own_hand_and_only_the_count_of_the_other(pair: Table) -> None:
    state = pair.state()
    for seat in (0, 1):
        answer = pair.seat(seat)
        view = answer["view"]
        assert answer["seat"] == seat and answer["name"] == ["Anna", "Bram"][seat] and view["you"] == seat
        assert view["hands"][seat]["face_up"] == list(state.hands[seat].face_up) and view["hands"][seat]["seen"]
        assert view["hands"][1 - seat]["face_up"] == [] and view["hands"][1 - seat]["cards"] == 3
        assert view["turn"] == "Your move, or {}'s: whoever wants to play says so".format(["Bram", "Anna"][seat])


def test_a_phone_lists_exactly_its_legal_moves_as_the_requests_it_may_send(pair: Table) -> None:
    state = pair.state()
    for seat in (0, 1):
        mine = [move for move in RULES.legal_actions(state) if isinstance(move, Move) and move.actor == seat]
        actions = pair.seat(seat)["view"]["actions"]
        assert actions == {"play": [request(move, solo=False) for move in mine]}
        assert {body["cell"] for body in actions["play"]} == {f"{n}{g}" for n in state.hands[seat].face_up for g in "LR"}


def test_the_cells_a_tapped_card_may_go_to_follow_the_pending_instruction(pair: Table) -> None:
    pair.post(0, "play", {"card": 7, "cell": "7L"})  # card 7: Bram places in the other grid
    actions = pair.seat(1)["view"]["actions"]
    assert set(actions) == {"place"} and {body["cell"][-1] for body in actions["place"]} == {"R"}
    assert pair.seat(0)["view"]["actions"] == {}


def test_card_five_asks_higher_or_lower_on_the_phone_that_plays_it(referee, tmp_path: Path) -> None:
    seed = seed_where(two, lambda state: 5 in state.hands[0].face_up)
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", seed, "--players", "Anna", "Bram"))
    fives = [body for body in table.seat(0)["view"]["actions"]["play"] if body["card"] == 5]
    assert {(body["cell"], body["choose"]) for body in fives} == {(c, h) for c in ("5L", "5R") for h in ("higher", "lower")}
    before = table.path.read_bytes()
    refused = table.post(0, "play", {"card": 5, "cell": "5L"})
    assert refused.status_code == 409 and refused.json() == {"error": "card 5 needs a choice: higher or lower"}
    assert table.path.read_bytes() == before
    assert table.post(0, "play", {"card": 5, "cell": "5L", "choose": "lower"}).status_code == 200
    assert table.table()["view"]["pending"]["choose"] == "lower"
    assert all(body["card"] < 5 and body["cell"].endswith("R") for body in table.seat(1)["view"]["actions"].get("place", []))


def test_card_one_asks_the_partner_to_reveal_a_card_on_their_phone_and_the_table_sees_it(referee, tmp_path: Path) -> None:
    seed = seed_where(two, lambda state: 1 in state.hands[0].face_up)
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", seed, "--players", "Anna", "Bram"))
    assert table.post(0, "play", {"card": 1, "cell": "1L"}).status_code == 200
    actions = table.seat(1)["view"]["actions"]
    assert set(actions) == {"reveal"} and actions["reveal"]
    shown = actions["reveal"][0]["card"]
    assert table.post(1, "reveal", {"card": shown}).status_code == 200
    assert table.table()["view"]["hands"][1]["face_up"] == [shown]  # a revealed card is public
    assert table.seat(0)["view"]["hands"][1]["face_up"] == [shown]
    assert all(body["card"] != shown for body in table.seat(1)["view"]["actions"]["place"])


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "kind", "body", "reason"),
    [
        (0, "play", {"card": 6, "cell": "6L"}, "Anna holds no 6"),
        (1, "place", {"card": 6, "cell": "6L"}, "a turn starts with a play"),
        (0, "reveal", {"card": 7}, "reveal"),
    ],
)
def test_a_move_the_rules_refuse_shows_their_reason_and_leaves_the_file_unchanged(pair: Table, seat, kind, body, reason) -> None:
    before = pair.path.read_bytes()
    answer = pair.post(seat, kind, body)
    assert answer.status_code == 409 and reason in answer.json()["error"], answer.text
    assert pair.path.read_bytes() == before


def test_a_move_out_of_turn_is_refused_in_the_rules_words(pair: Table) -> None:
    pair.post(0, "play", {"card": 7, "cell": "7L"})
    before = pair.path.read_bytes()
    answer = pair.post(0, "place", {"card": 9, "cell": "9R"})
    assert answer.status_code == 409
    assert answer.json()["error"] == rules_words(pair.state(), Move(Kind.PLACE, 0, 9, GridSide.RIGHT))
    assert answer.json()["error"].startswith("card 7 binds Bram, the partner of Anna who played it")
    assert pair.path.read_bytes() == before


def rules_words(state: State, move: Move) -> str:
    refusal = RULES.refusal(state, move)
    assert refusal is not None
    return str(SPEC.load_voice().refusal(state, refusal))


@pytest.mark.parametrize(
    ("kind", "raw", "fragment"),
    [
        ("play", "[1, 2]", "must be a JSON object"),
        ("play", "{not json", "must be a JSON object"),
        ("play", '{"card": "seven", "cell": "7L"}', "`card` must be a Smitten card"),
        ("play", '{"card": 0, "cell": "0L"}', "`card` must be a Smitten card"),
        ("play", '{"card": true, "cell": "1L"}', "`card` must be a Smitten card"),
        ("play", '{"card": 7}', "`cell` must say where the card goes"),
        ("play", '{"card": 7, "cell": "4L"}', "card 7 goes in its own cell"),
        ("play", '{"card": 7, "cell": "7X"}', "unknown grid"),
        ("play", '{"card": 7, "cell": "7L", "choose": "higher"}', "`choose` is for a played 5 only"),
        ("play", '{"card": 7, "cell": "7L", "by": 2}', 'play takes card, cell, choose, not "by"'),
        ("play", '{"card": 7, "cell": "7L", "hand": "A"}', 'not "hand"'),
        ("place", '{"card": 7, "cell": "7L", "choose": "lower"}', 'not "choose"'),
        ("jump", "{}", "unknown action"),
        ("play", "x" * 5000, "the request is too large"),  # over 4 KB: 413
    ],
)
def test_a_request_that_cannot_be_read_is_400_and_leaves_the_file_unchanged(pair: Table, kind, raw, fragment) -> None:
    before = pair.path.read_bytes()
    answer = pair.seats[0].post(f"/api/seat/{kind}", content=raw)
    assert answer.status_code in (400, 404, 413), answer.text
    assert fragment in answer.json()["error"]
    assert pair.path.read_bytes() == before


def test_a_request_without_a_seat_is_refused(pair: Table) -> None:
    before = pair.path.read_bytes()
    assert pair.tv.post("/api/seat/play", content='{"card": 7, "cell": "7L"}').status_code == 401
    assert pair.path.read_bytes() == before


# --- solo -----------------------------------------------------------------------------------


def solo(seed: str) -> Setup:
    return Setup(SmittenMode.SOLO, None, easy=True, seed=seed)


def test_solo_either_link_shows_both_face_up_hands_and_no_face_down_card(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--mode", "solo", "--easy", "--seed", "s"))
    state = table.state()
    views = [table.seat(seat)["view"] for seat in (0, 1)]
    for view in views:
        assert [hand["face_up"] for hand in view["hands"]] == [list(hand.face_up) for hand in state.hands]
        assert [hand["face_down"] for hand in view["hands"]] == [1, 1]
        assert view["turn"] == "Your move"
        hands_moving = {body["hand"] for bodies in view["actions"].values() for body in bodies}
        assert hands_moving == {"A", "B"}
        assert view["actions"]["flip"] == [{"hand": "A"}, {"hand": "B"}]
    assert {key: value for key, value in views[0].items() if key != "you"} == {key: value for key, value in views[1].items() if key != "you"}
    table_view = table.table()["view"]  # the face-up hands lie on the table: public in solo
    assert [hand["face_up"] for hand in table_view["hands"]] == [list(hand.face_up) for hand in state.hands]
    face_down = {hand.face_down[0] for hand in state.hands}
    for answer in (table.tv.get("/api/table"), table.seats[0].get("/api/seat")):
        shown = answer.json()["view"]
        assert not face_down & set(shown["hands"][0]["face_up"] + shown["hands"][1]["face_up"]) - {
            n for hand in state.hands for n in hand.face_up
        }


def test_solo_requests_name_their_hand(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--mode", "solo", "--seed", "s"))
    state = table.state()
    card = state.hands[1].face_up[0]
    before = table.path.read_bytes()
    missing = table.post(0, "play", {"card": card, "cell": f"{card}L"})
    assert missing.status_code == 400 and "`hand` must be A or B" in missing.json()["error"]
    assert table.path.read_bytes() == before
    assert table.post(0, "flip", {"hand": "B"}).status_code == 200
    assert table.state().pending is not None


# --- Dutch ------------------------------------------------------------------------------------


def test_a_dutch_phone_and_a_dutch_table_speak_dutch_with_the_same_keys(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", "s", "--players", "Anna", "Bram"), language="nl")
    english = Table(table.path)
    view = table.table()["view"]
    assert view["waiting"] == "Een nieuwe beurt: elke speler mag een kaart spelen"
    assert view["words"]["L"] == "Het linkerraster" and view["hands"][0]["count"] == "3 kaarten"
    table.seats[1].cookies.set(LANG_COOKIE, "nl")
    phone = table.seat(1)["view"]
    assert phone["turn"] == "Jij of Anna is aan zet: wie wil spelen, zegt het"
    assert set(phone) == set(english.seat(1)["view"]) and set(phone["words"]) == set(english.seat(1)["view"]["words"])
    assert phone["actions"] == english.seat(1)["view"]["actions"]
    refused = table.post(1, "play", {"card": 7, "cell": "7L"})
    assert refused.status_code == 409 and "Bram" in refused.json()["error"] and "heeft geen 7" in refused.json()["error"]
    bad = table.post(1, "play", {"card": 7})
    assert bad.status_code == 400 and bad.json()["error"].startswith("`cell` moet zeggen")
    table.post(0, "play", {"card": 7, "cell": "7L"})
    assert table.seat(0)["view"]["turn"] == "Wachten op Bram"


# --- nobody sees what is not theirs: non-interference over random reachable states ----------

SETUPS = [
    Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="n", players=("Anna", "Bram")),
    Setup(SmittenMode.TWO, Difficulty.EASY, seed="n", players=("Anna", "Bram")),
    Setup(SmittenMode.TWO, Difficulty.HARD, seed="n"),
    Setup(SmittenMode.SOLO, None, seed="n"),
    Setup(SmittenMode.SOLO, None, easy=True, hard1=True, hard2=True, seed="n"),
]


def reachable(setup: Setup, rng: random.Random) -> Iterator[State]:
    """Every state of one random game from a random deal (random legal moves)."""
    state = RULES.start(dataclasses.replace(setup, seed=str(rng.random())))
    yield state
    while RULES.outcome(state) is None:
        state = RULES.apply(state, rng.choice(list(RULES.legal_actions(state)))).state
        yield state


def other_deal(state: State, seat: int | None, rng: random.Random) -> State:
    """A state that ``seat`` (None: the public) cannot tell from ``state``: the cards it may
    not see (the partner's hand, face-down cards, the deck, the set-aside card) shuffled
    among their places. Those cards are known only as a whole (the 18 cards less the ones
    in sight), so every deal consistent with what the seat sees is one of these."""
    setup, pending = state.setup, state.pending
    hands = [[list(hand.face_up), list(hand.face_down)] for hand in state.hands]
    deck, aside = list(state.deck), [state.set_aside]
    places: list[tuple[list[int], int]] = []
    for actor in (0, 1):
        if not setup.solo and seat != actor:
            revealed = pending.revealed if isinstance(pending, Pending) and pending.follower == actor else None
            cards = hands[actor][0]
            kept = cards.index(revealed) if revealed in cards else -1
            places += [(cards, index) for index in range(len(cards)) if index != kept]
        places += [(hands[actor][1], index) for index in range(len(hands[actor][1]))]
    top_shown = RULES.view(state, seat).top_card is not None
    places += [(deck, index) for index in range(1 if top_shown else 0, len(deck))]
    if not state.swapped:
        places.append((aside, 0))
    values = [cards[index] for cards, index in places]
    rng.shuffle(values)
    for (cards, index), value in zip(places, values):
        cards[index] = value
    from referee.smitten.state import Hand

    return dataclasses.replace(
        state, hands=(Hand(tuple(hands[0][0]), tuple(hands[0][1])), Hand(tuple(hands[1][0]), tuple(hands[1][1]))),
        deck=tuple(deck), set_aside=aside[0],
    )  # fmt: skip


def requests_to_try(state: State) -> list[tuple[str, dict[str, Any]]]:
    """Requests a seat might send: every play and placement, reveal, flip and swap."""
    hands = ("A", "B") if state.setup.solo else (None,)
    found: list[tuple[str, dict[str, Any]]] = []
    for hand in hands:
        extra = {"hand": hand} if hand else {}
        for number in range(1, 10):
            for grid in "LR":
                found.append(("play", {"card": number, "cell": f"{number}{grid}", **extra}))
                found.append(("place", {"card": number, "cell": f"{number}{grid}", **extra}))
            found.append(("reveal" if not hand else "swap", {"card": number, **extra}))
        found.append(("flip", extra))
    return found


def judged(state: State, seat: int, kind: str, body: dict[str, Any]) -> str:
    """What the seat is told of its request: accepted, or the words of the refusal."""
    from referee.errors import RefereeError

    try:
        move = WEB.action(state, seat, kind, body)
    except RefereeError as error:
        return f"400 {error}"
    refusal = RULES.refusal(state, move)
    return "200" if refusal is None else f"409 {SPEC.load_voice().refusal(state, refusal)}"


@pytest.fixture(scope="module")
def served_setups(tmp_path_factory: pytest.TempPathFactory) -> list[Table]:
    """One served file per setup of :data:`SETUPS` (their states are swapped in below)."""
    folder = tmp_path_factory.mktemp("served")
    tables = []
    for number, setup in enumerate(SETUPS):
        path = folder / f"g{number}.toml"
        savefile.create(path, RULES, setup)
        tables.append(Table(path))
    return tables


def test_the_non_interference_property_is_checked_on_every_setup() -> None:
    assert {setup.solo for setup in SETUPS} == {True, False} and any(setup.easy for setup in SETUPS)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.integers(0, len(SETUPS) - 1), st.randoms(use_true_random=False), st.sampled_from(["en", "nl"]))
def test_changing_what_a_seat_may_not_see_never_changes_a_byte_it_is_sent(served_setups, which, rng, language) -> None:
    table = served_setups[which]
    served = table.served
    saved = served.saved
    assert saved is not None
    states = list(reachable(SETUPS[which], rng))
    try:
        for state in rng.sample(states, min(len(states), 4)):
            for seat in (None, 0, 1):
                other = other_deal(state, seat, rng)
                sent = []
                for shown in (state, other):
                    served.saved = dataclasses.replace(saved, state=shown)
                    pages = answers(served, seat, language)  # the JSON and the first event, as sent
                    tried = [] if seat is None else [judged(shown, seat, kind, body) for kind, body in requests_to_try(shown)]
                    sent.append((pages, tried))
                assert sent[0] == sent[1], (seat, state, other)
    finally:
        served.saved = saved


def test_with_the_tables_own_cards_a_phone_shows_counts_and_the_numbers_the_rules_would_take(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--physical", "--players", "Anna", "Bram"))
    view = table.seat(0)["view"]
    assert view["physical"] and [hand["face_up"] for hand in view["hands"]] == [[], []]
    assert {body["card"] for body in view["actions"]["play"]} == set(range(1, 10))
    assert table.post(0, "play", {"card": 4, "cell": "4L"}).status_code == 200
    assert table.table()["view"]["grids"]["L"] == [4]
