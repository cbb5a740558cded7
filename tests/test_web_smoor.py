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
from web_decisions import choice, choices, decisions, post
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
    assert view["round"] == 3 and view["dealer"] == 2
    assert client(served_file(path)).get("/api/table").json()["situation"] == ""  # over: the outcome says it


def test_the_table_screen_shows_the_last_trick_whose_turn_the_cursed_suit_and_the_cards_in_hand(seeded):
    state = state_of(seeded)
    cards = legal_trick(state, random.Random(1))
    savefile.record(seeded, RULES, PlayTrick(tuple(cards)))
    view = view_of(client(served_file(seeded)), "/api/table")
    last = view["last_trick"]
    assert [play["card"] for play in last["plays"]] == [str(card) for card in cards]
    assert last["text"].startswith(f"{NAMES[last['winner']]} wins the trick with ")
    assert view["cards_in_hand"] == [12, 12, 12, 12]
    assert view["turn"] == last["winner"]
    assert client(served_file(seeded)).get("/api/table").json()["situation"].endswith(f"trick 2: {NAMES[last['winner']]} leads")
    assert view["trick"]["number"] == 2 and all(play["card"] is None for play in view["trick"]["plays"])


@pytest.mark.parametrize(("language", "queen"), [("en", "Q♥ queen of hearts"), ("nl", "V♥ harten vrouw")])
def test_every_card_a_page_shows_is_named_in_words_for_a_screen_reader(seeded, language, queen):
    """The accessible name of each card drawn (the hand, the trick, the last trick) is the
    voice's ("Q♥ queen of hearts"), whether it may be played now or not."""
    state = state_of(seeded)
    savefile.record(seeded, RULES, PlayTrick(tuple(legal_trick(state, random.Random(1)))))
    savefile.record(seeded, RULES, legal_plays(state_of(seeded))[0])
    served = served_file(seeded, language)
    table, phone = view_of(client(served, None, language), "/api/table"), view_of(client(served, 2, language))
    shown = {play["card"] for trick in (table["trick"], table["last_trick"]) for play in trick["plays"] if play["card"]}
    assert set(table["names"]) == shown and len(shown) == 5
    assert set(phone["names"]) == shown | set(phone["hand"])
    names = {**phone["names"], **table["names"]}
    from referee.smoorverliefd.words import card_words
    from referee.i18n import speaking

    with speaking(language):
        assert names == {token: card_words(Card.parse(token)) for token in names}
        assert card_words(Card.parse("QH")) == queen


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
    assert browser.get("/api/seat").json()["situation"] == "Round 1 — Anna deals; waiting for the bids of Anna, Bram, Cees and Daan"
    savefile.record(path, RULES, Bids(((0, 1), (1, 2), (2, 3), (3, 4))))
    state = state_of(path)
    while state.current.number == 1:
        state = savefile.record(path, RULES, PlayTrick(tuple(legal_trick(state, random.Random(2))))).state
    served = served_file(path)
    dealer = NAMES[state.current.dealer]
    waiting = client(served).get("/api/table").json()["situation"]
    assert "waiting for the bids of Anna, Bram, Cees and Daan" in waiting and f"{dealer} to name the cursed suit" in waiting
    savefile.record(path, RULES, Bids(((0, 0), (1, 0), (2, 5), (3, 1))))
    served.reload()
    assert view_of(client(served, 1))["bids"] == [0, 0, 5, 1]
    assert client(served).get("/api/table").json()["situation"].endswith(f"waiting for {dealer} to name the cursed suit · bids: Anna 0, Bram 0, Cees 5, Daan 1")
    savefile.record(path, RULES, CurseSuit(Suit.SPADES))
    served.reload()
    table = view_of(client(served), "/api/table")
    assert table["cursed_suit"] == "S" and table["cursed_text"] == "cursed suit: ♠ spades"
    assert f"{NAMES[state.current.leader]} leads · cursed suit: ♠ spades" in client(served).get("/api/table").json()["situation"]


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
        answer = client(served, seat).get("/api/seat").json()
        assert {listed["card"] for listed in choices(answer, "play")} == (legal if seat == leader else set())
        assert answer["view"]["your_turn"] is (seat == leader)
    assert decisions(client(served, leader).get("/api/seat").json())["play"]["prompt"] == "You lead: tap a card to play it"


def test_a_phone_must_follow_suit(seeded):
    state = state_of(seeded)
    served = served_file(seeded)
    lead = min(hands(state)[state.current.leader], key=lambda c: c.sort_key)
    leader = client(served, state.current.leader)
    assert post(leader, choice(leader.get("/api/seat").json(), "play", lambda c: c["card"] == str(lead))).status_code == 200
    follower = (state.current.leader + 1) % 4
    after = state_of(seeded)
    answer = client(served, follower).get("/api/seat").json()
    following = {str(card) for card in hands(after)[follower] if card.suit is lead.suit}
    assert {listed["card"] for listed in choices(answer, "play")} == (following or set(answer["view"]["hand"]))


def test_a_card_tapped_is_recorded_leaves_the_hand_and_is_on_the_table(seeded):
    served = served_file(seeded)
    leader = state_of(seeded).current.leader
    phone = client(served, leader)
    listed = choice(phone.get("/api/seat").json(), "play")
    card = listed["card"]
    assert listed == {"kind": "play", "player": NAMES[leader], "card": card}
    response = post(phone, listed)
    assert response.status_code == 200, response.text
    assert card not in response.json()["view"]["hand"]
    assert savefile.load(seeded, RULES).events[-1] == {"kind": "play", "player": NAMES[leader], "card": card}
    table = view_of(client(served), "/api/table")
    assert table["trick"]["plays"][0] == {"seat": leader, "card": card}
    assert table["turn"] == (leader + 1) % 4
    assert client(served).get("/api/table").json()["situation"].endswith(f"— {NAMES[(leader + 1) % 4]} to play")
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
    listed = choice(drawn, "play")
    before = seeded.read_bytes()
    stale = post(phone, listed, **{"X-Referee-Seen": "3"})
    assert stale.status_code == 409 and "moved on" in stale.json()["error"]
    assert seeded.read_bytes() == before
    fresh = post(phone, listed, **{"X-Referee-Seen": "0"})
    assert fresh.status_code == 200, fresh.text
    assert fresh.json()["entries"] == 1


def test_a_seat_without_its_link_sees_nothing(seeded):
    served = served_file(seeded)
    anonymous = client(served)
    assert anonymous.get("/api/seat").status_code == 401
    anonymous.cookies.set(SEAT_COOKIE, "not-a-token")
    assert anonymous.get("/api/seat").status_code == 401
    before = seeded.read_bytes()
    assert anonymous.post("/api/seat/play", json={"kind": "play", "player": "Anna", "card": "2C"}).status_code == 401
    assert seeded.read_bytes() == before


def test_with_physical_cards_a_phone_has_no_hand_and_nothing_to_tap(tmp_path):
    path = new_match(tmp_path)
    answer = client(served_file(path), 1).get("/api/seat").json()
    assert answer["view"]["hand"] is None and answer["decisions"] == []
    assert answer["view"]["cards_in_hand"] is None


# --- refusals: a clear answer, the file unchanged --------------------------------------


def _refusals(state: Match) -> Iterator[tuple[str, int, str, Any, int, str]]:
    """(what, seat, kind, body, status, words): requests the server must refuse now. A
    seat's entry is one of its listed choices, as listed: anything else is not one of its
    choices (409), whatever the seat sends (a card out of turn, one not held, another
    player's card, a card that is no card)."""
    current = state.current
    assert current.hands is not None
    leader, follower = current.leader, (current.leader + 1) % 4
    own = sorted(current.hands[leader], key=lambda c: c.sort_key)
    other = sorted(current.hands[follower], key=lambda c: c.sort_key)[0]
    play = lambda seat, card: {"kind": "play", "player": NAMES[seat], "card": card}  # noqa: E731
    not_yours = "play is not one of your choices now; look again"
    yield "out of turn", follower, "play", play(follower, str(other)), 409, not_yours
    yield "not held", leader, "play", play(leader, str(other)), 409, not_yours
    yield "for another seat", follower, "play", play(leader, str(own[0])), 409, not_yours
    yield "not a card", leader, "play", play(leader, "ZZ"), 409, not_yours
    yield "without a kind's player", leader, "play", {"card": str(own[0])}, 409, not_yours
    yield "a number", leader, "play", play(leader, 9), 409, not_yours
    yield "a long text", leader, "play", play(leader, "A" * 3000), 409, not_yours
    yield "a list", leader, "play", [str(own[0])], 400, "JSON object"
    yield "another kind than the address's", leader, "pass", play(leader, str(own[0])), 400, 'the entry\'s kind "play" is not the address\'s "pass"'
    yield "unknown kind", leader, "pass", {"kind": "pass"}, 409, "pass is not one of your choices now"
    yield "a bid not due", leader, "bid", {"kind": "bid", "bids": {NAMES[leader]: 3}}, 409, "bid is not one of your choices now"
    yield "too long", leader, "play", {**play(leader, str(own[0])), "pad": "x" * 5000}, 413, "the request is too large"


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


def test_a_phone_that_must_follow_suit_is_offered_the_suit_only_and_refused_another_card(seeded):
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
    assert post(client(served, current.leader), {"kind": "play", "player": NAMES[current.leader], "card": str(lead)}).status_code == 200
    phone = client(served, follower)
    assert all(Card.parse(listed["card"]).suit is lead.suit for listed in choices(phone.get("/api/seat").json(), "play"))
    before = seeded.read_bytes()
    response = post(phone, {"kind": "play", "player": NAMES[follower], "card": str(off_suit[0])})
    assert response.status_code == 409 and "not one of your choices" in response.json()["error"]
    assert seeded.read_bytes() == before


# --- Dutch ---------------------------------------------------------------------------


def test_a_dutch_phone_reads_dutch_and_is_refused_in_dutch(seeded):
    served = served_file(seeded)
    state = state_of(seeded)
    leader, follower = state.current.leader, (state.current.leader + 1) % 4
    phone = client(served, leader, "nl")
    answer = phone.get("/api/seat").json()
    view = answer["view"]
    assert decisions(answer)["play"]["prompt"].startswith("Jij komt uit")
    assert answer["situation"].startswith(f"Ronde 1 — {NAMES[state.current.dealer]} deelt")
    assert view["labels"]["standings"] == "Stand" and view["standings"]["text"] == "Doel 60 punten"
    before = seeded.read_bytes()
    refused = post(client(served, follower, "nl"), {"kind": "play", "player": NAMES[follower], "card": "2C"})
    assert refused.status_code == 409 and refused.json()["error"] == "play is nu niet een van je keuzes; kijk nog eens"
    unreadable = phone.post("/api/seat/play", json=[])
    assert unreadable.status_code == 400 and unreadable.json()["error"] == "het verzoek moet een JSON-object zijn"
    assert seeded.read_bytes() == before
    english = client(served, follower).get("/api/seat").json()  # the other phone keeps its own language
    assert english["situation"].endswith(f"{NAMES[leader]} leads")


def test_the_table_follows_the_servers_language(tmp_path):
    path = new_match(tmp_path, seed="nl", target=60)
    savefile.record(path, RULES, PlayTrick(tuple(legal_trick(state_of(path), random.Random(4)))))
    view = view_of(client(served_file(path, "nl")), "/api/table")
    assert view["labels"]["last_trick"] == "Laatste slag" and " wint de slag met " in view["last_trick"]["text"]


# --- nobody sees what is not theirs: non-interference -----------------------------------


def reachable(setup: Setup, rng: random.Random, steps: int) -> Match:
    """A random reachable match: bids (one seat's at a time) and cursed suits when asked
    for, cards played one at a time (``legal_actions``), sometimes a whole trick."""
    match = Match.start(setup)
    for _ in range(steps):
        if match.outcome is not None:
            break
        plays = list(RULES.legal_actions(match))
        if not plays:
            bids = Bids(tuple((seat, rng.randrange(4)) for seat in range(setup.count)))
            entry: Any = bids if match.refusal(bids) is None else CurseSuit(rng.choice(list(Suit)))
        elif not match.current.table and match.to_play is not None and rng.random() < 0.2:
            entry = PlayTrick(tuple(legal_trick(match, rng)))
        else:
            entry = rng.choice(plays)
        match = RULES.apply(match, entry).state
    return match


def redealt(match: Match, seat: int | None, rng: random.Random) -> Match:
    """The same match with what ``seat`` cannot see changed: the cards of the other hands
    and the dead pile (every hand for the table) dealt again among those places, sizes
    kept, and the other seats' blinde liefde bids given so far (hidden until every bid is
    in) made other bids."""
    current = match.current
    offered = tuple((other, bid if other == seat else rng.randrange(14)) for other, bid in current.offered)
    match = dataclasses.replace(match, current=dataclasses.replace(current, offered=offered))
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
@example(seed="bid", draw=3, players=4, steps=2, variants={"blinde-liefde", "cupido"}, language="en")  # bids coming in
def test_what_a_seat_cannot_see_never_changes_a_byte_of_its_answers(seed, draw, players, steps, variants, language):
    """Random reachable seeded matches, mid-trick included: dealing the cards a seat may
    not see differently changes nothing that seat's page receives (its JSON, its first
    event, its decisions) nor what the table's screen receives; nor do the bids of other
    seats while blinde liefde's bids come in."""
    setup = Setup.build(NAMES[:players], seed=seed, target=40, variants=sorted(variants))
    rng = random.Random(draw)
    match = reachable(setup, rng, steps)
    if steps in (7, 13) and seed in ("mid", "dead"):
        assert match.current.table  # the examples are mid-trick, as they say
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "night.toml"
        savefile.create(path, RULES, setup)
        served = served_file(path, language)
        if steps == 2 and seed == "bid":
            assert match.current.offered and match.current.bids is None  # the example is mid-bidding, as it says
        for seat in [None, *range(players)]:
            other = redealt(match, seat, rng)
            seen = answers_for(served, match, seat, language)
            assert seat is None or json.loads(seen["/api/seat"])["decisions"] is not None
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
    assert table["situation"] == ""
    phone = client(served, 0).get("/api/seat").json()
    assert phone["view"]["hand"] is None and phone["decisions"] == []
    before = path.read_bytes()
    refused = post(client(served, 1), {"kind": "play", "player": "Bram", "card": "2C"})
    assert refused.status_code == 409 and "not one of your choices" in refused.json()["error"]
    assert path.read_bytes() == before


def test_with_physical_cards_every_screen_still_says_whose_turn_and_what_the_round_waits_for(tmp_path):
    path = new_match(tmp_path, variants=["blinde-liefde"])
    served = served_file(path)
    assert client(served).get("/api/table").json()["situation"] == "Round 1 — Anna deals; waiting for the bids of Anna, Bram, Cees and Daan"
    savefile.record(path, RULES, Bids(((0, 1), (1, 2), (2, 3), (3, 4))))
    served.reload()
    assert client(served, 3).get("/api/seat").json()["situation"] == "Round 1 — Anna deals; Bram leads · bids: Anna 1, Bram 2, Cees 3, Daan 4"
