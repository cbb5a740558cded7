"""`referee serve` on a Smoorverliefd match, through its API (starlette's test client):
the table's screen, each seat's phone, a card played from a phone, and that nobody's
answer holds what their page may not see (issue 23, points 2, 3, 5 and 6)."""

from __future__ import annotations

import dataclasses
import json
import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.cards import Card, Suit
from referee.smoorverliefd.actions import Bids, CurseSuit, PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.web.server import LANG_COOKIE, SEAT_COOKIE, Served
from smoor_play import legal_plays, legal_trick
from web_privacy import answers, served_file

NAMES = ["Anna", "Bram", "Cees", "Daan", "Eva"]


def new_match(folder: Path, players: int = 4, **options: Any) -> Path:
    path = folder / "night.toml"
    savefile.create(path, RULES, Setup.build(NAMES[:players], **options))
    return path


def client(served: Served, seat: int | None = None, language: str = "en") -> Any:
    from starlette.testclient import TestClient

    browser = TestClient(__import__("referee.web.server", fromlist=["create_app"]).create_app(served), base_url="http://127.0.0.1")
    if seat is not None:
        browser.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    browser.cookies.set(LANG_COOKIE, language)
    return browser


def view_of(browser: Any, path: str = "/api/seat") -> dict[str, Any]:
    response = browser.get(path)
    assert response.status_code == 200, response.text
    view: dict[str, Any] = response.json()["view"]
    return view


def state_of(path: Path) -> Match:
    return savefile.load(path, RULES).state


def hands(match: Match) -> tuple[frozenset[Card], ...]:
    """The hands of a seeded round (failing with physical cards)."""
    assert match.current.hands is not None
    return match.current.hands


@pytest.fixture
def seeded(tmp_path: Path) -> Path:
    return new_match(tmp_path, seed="web", target=60)


# --- the table's screen ---------------------------------------------------------------


def test_the_table_screen_shows_the_standings_with_the_distance_to_the_target_and_the_chart(tmp_path):
    path = new_match(tmp_path, target=30)
    savefile.record(path, RULES, QuickRound(hearts=((0, 3), (1, 0), (2, 9), (3, 1)), ace=2))
    savefile.record(path, RULES, QuickRound(hearts=((0, 13),), ace=0))
    view = view_of(client(served_file(path)), "/api/table")
    sides = view["standings"]["sides"]
    assert [(side["name"], side["total"], side["to_go"]) for side in sides] == [("Anna", 37, 0), ("Bram", 0, 30), ("Cees", 13, 17), ("Daan", 1, 29)]
    assert [side["ahead"] for side in sides] == [True, False, False, False]
    assert view["chart"] == {"target": 30, "names": NAMES[:4], "totals": [[0, 3, 37], [0, 0, 0], [0, 13, 13], [0, 1, 1]]}
    assert view["heading"] == "Round 3 — Cees deals"


def test_the_table_screen_shows_the_last_trick_whose_turn_the_cursed_suit_and_the_cards_in_hand(seeded):
    state = state_of(seeded)
    cards = legal_trick(state, random.Random(1))
    savefile.record(seeded, RULES, PlayTrick(tuple(cards)))
    view = view_of(client(served_file(seeded)), "/api/table")
    last = view["last_trick"]
    assert [play["card"] for play in last["plays"]] == [str(card) for card in cards]
    assert last["text"].startswith(f"{NAMES[last['winner']]} wins the trick with ")
    assert view["cards_in_hand"] == [12, 12, 12, 12]
    assert view["turn"] == last["winner"] and view["status"] == f"{NAMES[last['winner']]} leads"
    assert view["trick"]["number"] == 2 and all(play["card"] is None for play in view["trick"]["plays"])


def test_the_table_screen_holds_no_hand_and_no_dead_card(tmp_path):
    path = new_match(tmp_path, players=5, seed="dead")
    state = state_of(path)
    text = client(served_file(path)).get("/api/table").text
    hidden = set(state.current.dead or ()).union(*(state.current.hands or ()))
    assert "hand" not in json.loads(text)["view"]
    assert not [card for card in hidden if f'"{card}"' in text]


def test_a_cursed_suit_and_the_bids_are_on_every_screen(tmp_path):
    path = new_match(tmp_path, seed="v", variants=["cupido", "blinde-liefde"])
    browser = client(served_file(path), 2)
    assert view_of(browser)["status"] == "Waiting for the bids of round 1"
    savefile.record(path, RULES, Bids(((0, 1), (1, 2), (2, 3), (3, 4))))
    state = state_of(path)
    while state.current.number == 1:
        state = savefile.record(path, RULES, PlayTrick(tuple(legal_trick(state, random.Random(2))))).state
    served = served_file(path)
    assert view_of(client(served), "/api/table")["status"] == "Waiting for the bids of round 2"
    savefile.record(path, RULES, Bids(((0, 0), (1, 0), (2, 5), (3, 1))))
    served.reload()
    assert view_of(client(served, 1))["bids"] == [0, 0, 5, 1]
    dealer = NAMES[state.current.dealer]
    assert view_of(client(served), "/api/table")["status"] == f"Waiting for {dealer} to name the cursed suit"
    savefile.record(path, RULES, CurseSuit(Suit.SPADES))
    served.reload()
    table = view_of(client(served), "/api/table")
    assert table["cursed_suit"] == "S" and table["cursed_text"] == "cursed suit: ♠ spades"
    assert table["status"] == f"{NAMES[state.current.leader]} leads"


# --- a seat's phone ------------------------------------------------------------------


def test_each_seat_gets_its_own_hand_sorted_and_no_other(seeded):
    state = state_of(seeded)
    served = served_file(seeded)
    assert state.current.hands is not None
    for seat in range(4):
        text = client(served, seat).get("/api/seat").text
        hand = json.loads(text)["view"]["hand"]
        assert sorted(map(Card.parse, hand), key=lambda c: c.sort_key) == sorted(state.current.hands[seat], key=lambda c: c.sort_key)
        suits = [Card.parse(token).suit for token in hand]
        assert suits == sorted(suits, key=[Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS].index)
        others = set().union(*(state.current.hands[other] for other in range(4) if other != seat))
        assert not [card for card in others if f'"{card}"' in text]


def test_only_the_player_to_act_may_tap_cards_and_only_legal_ones(seeded):
    state = state_of(seeded)
    served = served_file(seeded)
    leader = state.current.leader
    legal = {str(action.card) for action in legal_plays(state)}
    for seat in range(4):
        view = view_of(client(served, seat))
        assert set(view["actions"]["play"]) == (legal if seat == leader else set())
        assert view["your_turn"] is (seat == leader)
    assert view_of(client(served, leader))["prompt"] == "Your turn: tap a card to play it"


def test_a_phone_must_follow_suit(seeded):
    state = state_of(seeded)
    served = served_file(seeded)
    lead = min(hands(state)[state.current.leader], key=lambda c: c.sort_key)
    client(served, state.current.leader).post("/api/seat/play", json={"card": str(lead)})
    follower = (state.current.leader + 1) % 4
    after = state_of(seeded)
    view = view_of(client(served, follower))
    following = {str(card) for card in hands(after)[follower] if card.suit is lead.suit}
    assert set(view["actions"]["play"]) == (following or set(view["hand"]))


def test_a_card_tapped_is_recorded_leaves_the_hand_and_is_on_the_table(seeded):
    served = served_file(seeded)
    leader = state_of(seeded).current.leader
    phone = client(served, leader)
    card = view_of(phone)["actions"]["play"][0]
    response = phone.post("/api/seat/play", json={"card": card})
    assert response.status_code == 200, response.text
    assert card not in response.json()["view"]["hand"]
    assert savefile.load(seeded, RULES).events[-1] == {"kind": "play", "player": NAMES[leader], "card": card}
    table = view_of(client(served), "/api/table")
    assert table["trick"]["plays"][0] == {"seat": leader, "card": card}
    assert table["turn"] == (leader + 1) % 4 and table["status"] == f"{NAMES[(leader + 1) % 4]} to play"
    assert table["cards_in_hand"][leader] == 12


def test_a_tap_on_a_page_the_game_has_moved_past_is_refused_and_changes_nothing(seeded):
    """A page sends the number of entries it was drawn from (X-Referee-Seen); a tap drawn
    before the file moved on (another tap, an entry at the laptop) is refused, not
    recorded as an answer to a move its sender never saw."""
    served = served_file(seeded)
    leader = state_of(seeded).current.leader
    phone = client(served, leader)
    drawn = phone.get("/api/seat").json()
    assert drawn["entries"] == 0
    card = drawn["view"]["actions"]["play"][0]
    before = seeded.read_bytes()
    stale = phone.post("/api/seat/play", json={"card": card}, headers={"X-Referee-Seen": "3"})
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    assert seeded.read_bytes() == before
    fresh = phone.post("/api/seat/play", json={"card": card}, headers={"X-Referee-Seen": "0"})
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["entries"] == 1


def test_a_seat_without_its_link_sees_nothing(seeded):
    served = served_file(seeded)
    anonymous = client(served)
    assert anonymous.get("/api/seat").status_code == 401
    anonymous.cookies.set(SEAT_COOKIE, "not-a-token")
    assert anonymous.get("/api/seat").status_code == 401
    before = seeded.read_bytes()
    assert anonymous.post("/api/seat/play", json={"card": "2C"}).status_code == 401
    assert seeded.read_bytes() == before


def test_with_physical_cards_a_phone_has_no_hand_and_nothing_to_tap(tmp_path):
    path = new_match(tmp_path)
    view = view_of(client(served_file(path), 1))
    assert view["hand"] is None and view["actions"] == {"play": []}
    assert view["cards_in_hand"] is None and view["prompt"] == ""


# --- refusals: a clear answer, the file unchanged --------------------------------------


def _refusals(state: Match) -> Iterator[tuple[str, int, str, Any, int, str]]:
    """(what, seat, kind, body, status, words): requests the server must refuse now."""
    current = state.current
    assert current.hands is not None
    leader, follower = current.leader, (current.leader + 1) % 4
    own = sorted(current.hands[leader], key=lambda c: c.sort_key)
    other = sorted(current.hands[follower], key=lambda c: c.sort_key)[0]
    yield "out of turn", follower, "play", {"card": str(other)}, 409, f"it is {NAMES[leader]}'s turn to play, not {NAMES[follower]}'s"
    yield "not held", leader, "play", {"card": str(other)}, 409, f"{NAMES[leader]} does not hold"
    yield "not a card", leader, "play", {"card": "ZZ"}, 400, "ZZ"
    yield "no card", leader, "play", {}, 400, '{"card": "9C"}'
    yield "a number", leader, "play", {"card": 9}, 400, '{"card": "9C"}'
    yield "a long text", leader, "play", {"card": "A" * 3000}, 400, '{"card": "9C"}'
    yield "a list", leader, "play", [str(own[0])], 400, "JSON object"
    yield "unknown kind", leader, "pass", {"card": str(own[0])}, 404, "unknown action pass"
    yield "too long", leader, "play", {"card": str(own[0]), "pad": "x" * 5000}, 413, "the request is too large"


def test_every_refused_request_says_why_and_leaves_the_file_byte_for_byte_unchanged(seeded):
    served = served_file(seeded)
    for what, seat, kind, body, status, words in _refusals(state_of(seeded)):
        before = seeded.read_bytes()
        response = client(served, seat).post(f"/api/seat/{kind}", json=body)
        assert response.status_code == status, (what, response.text)
        assert words in response.json()["error"], (what, response.json())
        assert seeded.read_bytes() == before, what
    before = seeded.read_bytes()
    garbage = client(served, 0).post("/api/seat/play", content=b"\xff{not json", headers={"content-type": "application/json"})
    assert garbage.status_code == 400 and seeded.read_bytes() == before


def test_a_phone_that_must_follow_suit_is_told_so(seeded):
    state = state_of(seeded)
    current = state.current
    served = served_file(seeded)
    for lead in sorted(hands(state)[current.leader], key=lambda c: c.sort_key):
        follower = (current.leader + 1) % 4
        off_suit = [card for card in hands(state)[follower] if card.suit is not lead.suit]
        if off_suit and any(card.suit is lead.suit for card in hands(state)[follower]):
            break
    else:
        pytest.skip("this deal has no lead the next player can both follow and not follow")
    client(served, current.leader).post("/api/seat/play", json={"card": str(lead)})
    before = seeded.read_bytes()
    response = client(served, follower).post("/api/seat/play", json={"card": str(off_suit[0])})
    assert response.status_code == 409
    assert response.json()["error"].startswith(f"trick 1: {NAMES[follower]} must follow {lead.suit.symbol}")
    assert seeded.read_bytes() == before


# --- Dutch ---------------------------------------------------------------------------


def test_a_dutch_phone_reads_dutch_and_is_refused_in_dutch(seeded):
    served = served_file(seeded)
    state = state_of(seeded)
    leader, follower = state.current.leader, (state.current.leader + 1) % 4
    phone = client(served, leader, "nl")
    view = view_of(phone)
    assert view["prompt"] == "Jij bent aan de beurt: tik op een kaart om haar te spelen"
    assert view["heading"] == f"Ronde 1 — {NAMES[state.current.dealer]} deelt"
    assert view["labels"]["standings"] == "Stand" and view["standings"]["text"] == "Doel 60 punten"
    refused = client(served, follower, "nl").post("/api/seat/play", json={"card": "2C"})
    assert refused.status_code == 409 and f"{NAMES[leader]} is aan de beurt" in refused.json()["error"]
    unreadable = phone.post("/api/seat/play", json={})
    assert unreadable.json()["error"] == 'een zet noemt één kaart: {"card": "9C"}'
    english = view_of(client(served, follower))  # the other phone keeps its own language
    assert english["status"] == f"{NAMES[leader]} leads"


def test_the_table_follows_the_servers_language(tmp_path):
    path = new_match(tmp_path, seed="nl", target=60)
    savefile.record(path, RULES, PlayTrick(tuple(legal_trick(state_of(path), random.Random(4)))))
    view = view_of(client(served_file(path, "nl")), "/api/table")
    assert view["labels"]["last_trick"] == "Laatste slag" and " wint de slag met " in view["last_trick"]["text"]


# --- nobody sees what is not theirs: non-interference -----------------------------------


def reachable(setup: Setup, rng: random.Random, steps: int) -> Match:
    """A random reachable match: bids and cursed suits when asked for, cards played one
    at a time (``legal_actions``), sometimes a whole trick, a quick round now and then."""
    match = Match.start(setup)
    for _ in range(steps):
        if match.outcome is not None:
            break
        plays = list(RULES.legal_actions(match))
        if not plays:
            bids = Bids(tuple((seat, rng.randrange(4)) for seat in range(setup.count)))
            entry: Any = bids if match.refusal(bids) is None else CurseSuit(rng.choice(list(Suit)))
        elif not match.current.table and rng.random() < 0.2:
            entry = PlayTrick(tuple(legal_trick(match, rng)))
        else:
            entry = rng.choice(plays)
        match = RULES.apply(match, entry).state
    return match


def redealt(match: Match, seat: int | None, rng: random.Random) -> Match:
    """The same match with the cards ``seat`` cannot see (the other hands and the dead
    pile; every hand for the table) dealt again among those places, sizes kept."""
    current = match.current
    if current.hands is None:
        return match
    places = [other for other in range(match.setup.count) if other != seat]
    unseen = [card for other in places for card in sorted(current.hands[other], key=lambda c: c.sort_key)] + list(current.dead or ())
    rng.shuffle(unseen)
    hands = list(current.hands)
    for other in places:
        hands[other], unseen = frozenset(unseen[: len(hands[other])]), unseen[len(hands[other]) :]
    return dataclasses.replace(match, current=dataclasses.replace(current, hands=tuple(hands), dead=tuple(unseen)))


def answers_for(served: Served, match: Match, seat: int | None, language: str) -> dict[str, str]:
    assert served.saved is not None
    served.saved = dataclasses.replace(served.saved, state=match)
    return answers(served, seat, language)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.text("abcxyz", min_size=1, max_size=5),
    draw=st.integers(0, 10_000),
    players=st.integers(3, 5),
    steps=st.integers(0, 90),
    variants=st.sets(st.sampled_from(["cupido", "blinde-liefde", "troef"])),
    language=st.sampled_from(["en", "nl"]),
)
@example(seed="mid", draw=1, players=4, steps=7, variants=set(), language="en")  # mid-trick
@example(seed="dead", draw=2, players=5, steps=13, variants={"troef"}, language="nl")  # mid-trick, 2 dead
def test_what_a_seat_cannot_see_never_changes_a_byte_of_its_answers(seed, draw, players, steps, variants, language):
    """Random reachable seeded matches, mid-trick included: dealing the cards a seat may
    not see differently changes nothing that seat's page receives (its JSON, its first
    event) nor what the table's screen receives."""
    setup = Setup.build(NAMES[:players], seed=seed, target=40, variants=sorted(variants))
    rng = random.Random(draw)
    match = reachable(setup, rng, steps)
    if steps in (7, 13) and seed in ("mid", "dead"):
        assert match.current.table  # the examples are mid-trick, as they say
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.toml"
        savefile.create(path, RULES, setup)
        served = served_file(path, language)
        for seat in [None, *range(players)]:
            other = redealt(match, seat, rng)
            assert answers_for(served, match, seat, language) == answers_for(served, other, seat, language), seat
            if seat is not None:
                assert answers_for(served, match, None, language) == answers_for(served, other, None, language)


def test_the_non_interference_check_sees_a_leak(seeded, monkeypatch):
    """A table screen that showed one hand would be caught by the comparison above."""
    from referee.web import smoor

    match, rng = state_of(seeded), random.Random(5)
    served = served_file(seeded)
    leaky = smoor.SmoorverliefdWeb()
    monkeypatch.setattr(leaky, "table", lambda state: {"hand": sorted(map(str, state.current.hands[0]))})
    served.web = leaky  # type: ignore[assignment]  # a Smoorverliefd adapter, for this Smoorverliefd file
    assert answers_for(served, match, None, "en") != answers_for(served, redealt(match, None, rng), None, "en")


def test_once_the_match_is_over_no_trick_is_shown_and_no_card_may_be_tapped(tmp_path):
    path = new_match(tmp_path, seed="over", target=10)
    savefile.record(path, RULES, QuickRound(hearts=((0, 13),), ace=0))
    served = served_file(path)
    table = client(served).get("/api/table").json()
    assert table["outcome"] == "Anna wins with 34 points"
    assert table["view"]["trick"] is None and table["view"]["turn"] is None
    assert table["view"]["status"] == "The match is over."
    phone = view_of(client(served, 0))
    assert phone["hand"] is None and phone["actions"] == {"play": []} and phone["prompt"] == ""
    before = path.read_bytes()
    refused = client(served, 1).post("/api/seat/play", json={"card": "2C"})
    assert refused.status_code == 409 and "the match is over: Anna won" in refused.json()["error"]
    assert path.read_bytes() == before


def test_with_physical_cards_every_screen_still_says_whose_turn_and_what_the_round_waits_for(tmp_path):
    path = new_match(tmp_path, variants=["blinde-liefde"])
    served = served_file(path)
    assert view_of(client(served), "/api/table")["status"] == "Waiting for the bids of round 1"
    savefile.record(path, RULES, Bids(((0, 1), (1, 2), (2, 3), (3, 4))))
    served.reload()
    assert view_of(client(served, 3))["status"] == "Bram leads"
