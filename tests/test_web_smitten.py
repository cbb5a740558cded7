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
from web_decisions import choices, decisions
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

    def post(self, seat: int, event: Any, kind: str | None = None) -> Any:
        """``POST /api/seat/KIND`` with ``event`` as it is (KIND: the event's own kind)."""
        return self.seats[seat].post(f"/api/seat/{kind or event['kind']}", content=json.dumps(event))

    def choices(self, seat: int, kind: str) -> list[dict[str, Any]]:
        return choices(self.seat(seat), kind)

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
    assert answer["situation"] == "A new turn: either player may play a card"
    assert answer["decisions"] is None and "you" not in view


def play(number: int, grid: str, by: str, **extra: str) -> dict[str, Any]:
    return {"kind": "play", "card": f"{number}{grid}", "by": by, **extra}


def test_a_card_played_on_a_phone_reaches_the_table_and_leaves_that_hand(pair: Table) -> None:
    assert play(7, "L", "Anna") in pair.choices(0, "play")
    answer = pair.post(0, play(7, "L", "Anna"))
    assert answer.status_code == 200, answer.text
    assert 7 not in answer.json()["view"]["hands"][0]["face_up"]
    table = pair.table()
    view = table["view"]
    assert view["grids"] == {"L": [7], "R": []}
    assert view["pending"] == {"card": 7, "grid": "L", "by": 0, "follower": 1, "choose": None, "revealed": None}
    assert table["situation"] == "Card 7 in the left grid: Bram must place a card in the other grid (the right grid)"
    assert savefile.load(pair.path, RULES).events == [{"kind": "play", "card": "7L", "by": "Anna"}]
    assert set(decisions(pair.seat(1))) == {"place"} and pair.seat(0)["decisions"] == []


# --- each partner's phone ---------------------------------------------------------------


def test_each_partner_sees_their_own_hand_and_only_the_count_of_the_other(pair: Table) -> None:
    state = pair.state()
    for seat in (0, 1):
        answer = pair.seat(seat)
        view = answer["view"]
        assert answer["seat"] == seat and answer["name"] == ["Anna", "Bram"][seat] and view["you"] == seat
        assert view["hands"][seat]["face_up"] == list(state.hands[seat].face_up) and view["hands"][seat]["seen"]
        assert view["hands"][1 - seat]["face_up"] == [] and view["hands"][1 - seat]["cards"] == 3
        assert decisions(answer)["play"]["prompt"] == "Play a card: its instruction binds your partner"


def test_a_phone_lists_exactly_its_legal_moves_as_the_choices_it_may_post(pair: Table) -> None:
    state = pair.state()
    for seat in (0, 1):
        mine = [move for move in RULES.legal_actions(state) if isinstance(move, Move) and move.actor == seat]
        assert pair.choices(seat, "play") == [RULES.encode(state, move) for move in mine]
        assert {event["card"] for event in pair.choices(seat, "play")} == {f"{n}{g}" for n in state.hands[seat].face_up for g in "LR"}


def test_the_cells_a_tapped_card_may_go_to_follow_the_pending_instruction(pair: Table) -> None:
    assert pair.post(0, play(7, "L", "Anna")).status_code == 200  # card 7: Bram places in the other grid
    assert {event["card"][-1] for event in pair.choices(1, "place")} == {"R"}
    assert pair.seat(0)["decisions"] == []


def test_card_five_asks_higher_or_lower_on_the_phone_that_plays_it(referee, tmp_path: Path) -> None:
    seed = seed_where(two, lambda state: 5 in state.hands[0].face_up)
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", seed, "--players", "Anna", "Bram"))
    fives = [event for event in table.choices(0, "play") if event["card"].startswith("5")]
    assert {(event["card"], event["choose"]) for event in fives} == {(c, h) for c in ("5L", "5R") for h in ("higher", "lower")}
    before = table.path.read_bytes()
    refused = table.post(0, play(5, "L", "Anna"))  # not listed: a 5 is played with its choice
    assert refused.status_code == 409 and "not one of your choices" in refused.json()["error"]
    assert table.path.read_bytes() == before
    assert table.post(0, play(5, "L", "Anna", choose="lower")).status_code == 200
    assert table.table()["view"]["pending"]["choose"] == "lower"
    assert all(int(event["card"][0]) < 5 and event["card"].endswith("R") for event in table.choices(1, "place"))


def test_card_one_asks_the_partner_to_reveal_a_card_on_their_phone_and_the_table_sees_it(referee, tmp_path: Path) -> None:
    seed = seed_where(two, lambda state: 1 in state.hands[0].face_up)
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", seed, "--players", "Anna", "Bram"))
    assert table.post(0, play(1, "L", "Anna")).status_code == 200
    assert set(decisions(table.seat(1))) == {"reveal"}
    reveal = table.choices(1, "reveal")[0]
    shown = reveal["card"]
    assert reveal == {"kind": "reveal", "card": shown, "by": "Bram"}
    assert table.post(1, reveal).status_code == 200
    assert table.table()["view"]["hands"][1]["face_up"] == [shown]  # a revealed card is public
    assert table.seat(0)["view"]["hands"][1]["face_up"] == [shown]
    assert all(not event["card"].startswith(str(shown)) for event in table.choices(1, "place"))


# --- refusals -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seat", "event"),
    [
        (0, play(6, "L", "Anna")),  # not held
        (1, {"kind": "place", "card": "6L", "by": "Bram"}),  # a turn starts with a play
        (0, {"kind": "reveal", "card": 7, "by": "Anna"}),  # no card 1 played
        (1, play(7, "L", "Anna")),  # for the partner
    ],
)
def test_a_move_not_listed_is_refused_as_not_one_of_the_seats_choices_and_the_file_is_unchanged(pair: Table, seat, event) -> None:
    before = pair.path.read_bytes()
    answer = pair.post(seat, event)
    assert answer.status_code == 409 and answer.json()["error"] == f"{event['kind']} is not one of your choices now; look again", answer.text
    assert pair.path.read_bytes() == before


def test_a_move_out_of_turn_is_refused_and_changes_nothing(pair: Table) -> None:
    assert pair.post(0, play(7, "L", "Anna")).status_code == 200
    before = pair.path.read_bytes()
    answer = pair.post(0, {"kind": "place", "card": "9R", "by": "Anna"})
    assert answer.status_code == 409 and "not one of your choices" in answer.json()["error"]
    assert pair.path.read_bytes() == before


@pytest.mark.parametrize(
    ("kind", "raw", "fragment"),
    [
        ("play", "[1, 2]", "must be a JSON object"),
        ("play", "{not json", "must be a JSON object"),
        ("play", '{"kind": "place", "card": "7L", "by": "Anna"}', "is not the address's"),
        ("play", '{"card": "seven", "by": "Anna"}', "not one of your choices"),
        ("play", '{"card": "7L", "by": "Anna", "choose": "higher"}', "not one of your choices"),
        ("play", '{"card": "7L", "by": "Anna", "hand": "A"}', "not one of your choices"),
        ("jump", "{}", "not one of your choices"),
        ("play", "x" * 5000, "the request is too large"),  # over 4 KB: 413
    ],
)
def test_a_request_that_is_not_a_listed_choice_is_refused_and_leaves_the_file_unchanged(pair: Table, kind, raw, fragment) -> None:
    before = pair.path.read_bytes()
    answer = pair.seats[0].post(f"/api/seat/{kind}", content=raw)
    assert answer.status_code in (400, 409, 413), answer.text
    assert fragment in answer.json()["error"]
    assert pair.path.read_bytes() == before


def test_a_request_without_a_seat_is_refused(pair: Table) -> None:
    before = pair.path.read_bytes()
    assert pair.tv.post("/api/seat/play", content=json.dumps(play(7, "L", "Anna"))).status_code == 401
    assert pair.path.read_bytes() == before


# --- solo -----------------------------------------------------------------------------------


def solo(seed: str) -> Setup:
    return Setup(SmittenMode.SOLO, None, easy=True, seed=seed)


def test_solo_either_link_shows_both_face_up_hands_and_no_face_down_card(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--mode", "solo", "--easy", "--seed", "s"))
    state = table.state()
    answers_ = [table.seat(seat) for seat in (0, 1)]
    views = [answer["view"] for answer in answers_]
    for answer, view in zip(answers_, views):
        assert [hand["face_up"] for hand in view["hands"]] == [list(hand.face_up) for hand in state.hands]
        assert [hand["face_down"] for hand in view["hands"]] == [1, 1]
        hands_moving = {event["hand"] for decision in answer["decisions"] for event in decision["choices"]}
        assert hands_moving == {"A", "B"}
        assert choices(answer, "flip") == [{"kind": "flip", "hand": "A"}, {"kind": "flip", "hand": "B"}]
    assert answers_[0]["decisions"] == answers_[1]["decisions"]
    assert {key: value for key, value in views[0].items() if key != "you"} == {key: value for key, value in views[1].items() if key != "you"}
    table_view = table.table()["view"]  # the face-up hands lie on the table: public in solo
    assert [hand["face_up"] for hand in table_view["hands"]] == [list(hand.face_up) for hand in state.hands]
    face_down = {hand.face_down[0] for hand in state.hands}
    for response in (table.tv.get("/api/table"), table.seats[0].get("/api/seat")):
        shown = response.json()["view"]
        assert not face_down & set(shown["hands"][0]["face_up"] + shown["hands"][1]["face_up"]) - {
            n for hand in state.hands for n in hand.face_up
        }


def test_solo_moves_name_their_hand(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--mode", "solo", "--seed", "s"))
    state = table.state()
    card = state.hands[1].face_up[0]
    before = table.path.read_bytes()
    missing = table.post(0, {"kind": "play", "card": f"{card}L"})
    assert missing.status_code == 409 and "not one of your choices" in missing.json()["error"]
    assert table.path.read_bytes() == before
    assert table.post(0, {"kind": "flip", "hand": "B"}).status_code == 200
    assert table.state().pending is not None


# --- Dutch ------------------------------------------------------------------------------------


def test_a_dutch_phone_and_a_dutch_table_speak_dutch_with_the_same_keys(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--seed", "s", "--players", "Anna", "Bram"), language="nl")
    english = Table(table.path)
    answer = table.table()
    view = answer["view"]
    assert answer["situation"] == "Een nieuwe beurt: elke speler mag een kaart spelen"
    assert view["words"]["L"] == "Het linkerraster" and view["hands"][0]["count"] == "3 kaarten"
    table.seats[1].cookies.set(LANG_COOKIE, "nl")
    dutch = table.seat(1)
    phone = dutch["view"]
    assert set(phone) == set(english.seat(1)["view"]) and set(phone["words"]) == set(english.seat(1)["view"]["words"])
    assert choices(dutch, "play") == english.choices(1, "play")  # events never change with the language
    assert decisions(dutch)["play"]["prompt"] != decisions(english.seat(1))["play"]["prompt"]
    before = table.path.read_bytes()
    refused = table.post(1, play(7, "L", "Anna"))  # Anna's move, from Bram's phone
    assert refused.status_code == 409 and refused.json()["error"] == "play is nu niet een van je keuzes; kijk nog eens"
    assert table.path.read_bytes() == before


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


def requests_to_try(state: State) -> list[dict[str, Any]]:
    """Entries a seat might send: every play and placement, reveal, flip and swap, by each
    player (or hand)."""
    actors: list[tuple[str, Any]] = [("hand", "A"), ("hand", "B")] if state.setup.solo else [("by", who) for who in state.setup.players or (1, 2)]
    found: list[dict[str, Any]] = []
    for key, who in actors:
        for number in range(1, 10):
            for grid in "LR":
                found.append({"kind": "play", "card": f"{number}{grid}", key: who})
                found.append({"kind": "place", "card": f"{number}{grid}", key: who})
                if number == 5:
                    found += [{"kind": "play", "card": f"5{grid}", key: who, "choose": choice} for choice in ("higher", "lower")]
            found.append({"kind": "reveal" if key == "by" else "swap", "card": number, key: who})
        found.append({"kind": "flip", key: who})
    return found


def judged(state: State, seat: int, event: dict[str, Any]) -> str:
    """What the seat is told of its entry: accepted, or the words of the refusal (as the
    server judges it: one of its choices, then the rules)."""
    from referee.decisions import seat_entry
    from referee.errors import RefereeError

    rules = SPEC.load_rules()
    try:
        action = seat_entry(rules, seat, event)(state)
    except RefereeError as error:
        return f"refused {error}"
    refusal = rules.refusal(state, action)
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
                    tried = [] if seat is None else [judged(shown, seat, event) for event in requests_to_try(shown)]
                    sent.append((pages, tried))
                assert sent[0] == sent[1], (seat, state, other)
    finally:
        served.saved = saved


def test_with_the_tables_own_cards_a_phone_shows_counts_and_the_numbers_the_rules_would_take(referee, tmp_path: Path) -> None:
    table = Table(new_game(referee, tmp_path / "g.toml", "--physical", "--players", "Anna", "Bram"))
    answer = table.seat(0)
    view = answer["view"]
    assert view["physical"] and [hand["face_up"] for hand in view["hands"]] == [[], []]
    assert {event["card"] for event in choices(answer, "play")} == {f"{n}{g}" for n in range(1, 10) for g in "LR"}
    assert table.post(0, play(4, "L", "Anna")).status_code == 200
    assert table.table()["view"]["grids"]["L"] == [4]
