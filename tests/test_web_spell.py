"""Spellcrafter's pages through the real application (issue 23, points 2, 3 and 6): the
table's screen and each seat's phone as JSON, a pass from a phone, Dutch answers, and
non-interference: what a seat may not see never changes a byte of what it is sent."""

from __future__ import annotations

import dataclasses
import json
import random
import re
import tempfile
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.spellcrafter import game as game_module
from referee.spellcrafter.actions import Action, ChallengeWord, EnterPass, EnterWord
from referee.spellcrafter.cards import Special, SpellCard, SpellSuit
from referee.spellcrafter.dealing import SpellDeal, dealt  # what the view's Game.deal calls: patched in game's namespace
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import LetterToken, parse_word
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.setup import Setup
from referee.web.server import LANG_COOKIE, SEAT_COOKIE, create_app
from referee.web.spell import WEB, hand_order
from web_decisions import choice, choices, decisions
from web_privacy import answers, served_file

NAMES = ("Anna", "Bram", "Cees", "Daan")
SEED = "a b c"
# Round 1 of seed "a b c" with four players (the jumper is L1c):
POKES = "P3m O1c K6s E1s S1m"  # Anna's
MOTE = "M3f O1m T1m E1m"  # Bram's
KNOW = "K6m N1c O1f W4c"  # Cees's


def new_game(folder: Path, players: tuple[str, ...] = NAMES, seed: str | None = SEED, draft: bool = False) -> Path:
    """A game file; seeded games drafted with real cards laid out from the deal unless
    ``draft`` (the tests of the draft through the referee are below)."""
    path = folder / "game.toml"
    savefile.create(path, RULES, Setup.build(players, seed=seed, draft=draft if seed else None))
    return path


def word(path: Path, seat: int, cards: str) -> None:
    savefile.record(path, RULES, EnterWord(seat=seat, tokens=tuple(parse_word(cards.split()))))


def client_for(path: Path, seat: int | None = None, language: str = "en") -> Any:
    from starlette.testclient import TestClient

    served = served_file(path, language)  # the table's screen follows the server's language, a phone its cookie
    client = TestClient(create_app(served), base_url="http://127.0.0.1")
    if seat is not None:
        client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    client.cookies.set(LANG_COOKIE, language)
    return client


def state_of(path: Path) -> Game:
    return savefile.load(path, RULES).state


# --- the table's screen -------------------------------------------------------------------


def test_the_table_shows_the_round_the_passing_direction_the_jumper_and_who_is_still_to_play(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 0, POKES)
    view = client_for(path).get("/api/table").json()["view"]
    assert (view["round"], view["rounds"], view["passing"]) == (1, 4, "left")
    assert view["heading"] == "Round 1" and view["pass_text"] == "pass left"
    assert view["jumper"]["card"] == "L1c"
    assert view["waiting"] == [1, 2, 3]
    assert {"kind": "waiting", "text": "waiting for Bram, Cees, Daan"} in view["notes"]
    assert [entry["status"] for entry in view["latest"]["entries"]] == ["entered", "waiting", "waiting", "waiting"]
    assert view["latest"]["entries"][0]["text"] == "entered: shown when every word is in"
    assert "hand" not in view


def test_the_table_shows_each_word_once_played_with_its_breakdown(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 0, POKES)
    for seat in (1, 2, 3):  # the words are shown together, once every seat has entered a word or passed
        savefile.record(path, RULES, EnterPass(seat=seat))
    entry = client_for(path).get("/api/table").json()["view"]["latest"]["entries"][0]
    shown = entry["word"]
    assert (shown["word"], shown["score"], entry["points"]) == ("POKES", 24, 24)
    assert shown["tokens"] == POKES.split()
    assert shown["detail"] == "base 12 × 2, straight: 5 letters"
    assert [(letter["letter"], letter["value"], letter["suit"]) for letter in shown["letters"]] == [
        ("P", 3, "moons"), ("O", 1, "cauldrons"), ("K", 6, "sigils"), ("E", 1, "sigils"), ("S", 1, "moons")
    ]  # fmt: skip


def test_the_table_shows_a_challenges_outcome_and_the_standings(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 0, POKES)
    word(path, 1, MOTE)
    word(path, 2, KNOW)
    savefile.record(path, RULES, EnterPass(seat=3))
    challenge = ChallengeWord(challenger=1, seat=2, valid=True, reason="in dictionary", dictionary="builtin:en")
    savefile.record(path, RULES, challenge)
    view = client_for(path).get("/api/table").json()["view"]
    cees, bram = view["latest"]["entries"][2], view["latest"]["entries"][1]
    assert cees["challenge"]["text"] == "challenged by Bram: valid, in dictionary. Bram loses 12 points."
    assert bram["points"] == -6 and bram["penalty"] == "−12 challenge"
    assert [(s["name"], s["total"], s["rounds"]) for s in view["standings"]] == [
        ("Anna", 24, [24]), ("Cees", 12, [12]), ("Daan", 0, [0]), ("Bram", -6, [-6])
    ]  # fmt: skip
    assert view["standings"][0]["leader"] and view["columns"] == ["R1"]


def test_a_word_that_falls_scores_zero_on_the_table(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 2, KNOW)
    for seat in (0, 1, 3):
        savefile.record(path, RULES, EnterPass(seat=seat))
    savefile.record(path, RULES, ChallengeWord(challenger=0, seat=2, valid=False, reason="not in dictionary", dictionary="builtin:en"))
    entry = client_for(path).get("/api/table").json()["view"]["latest"]["entries"][2]
    assert entry["fallen"] and entry["points"] == 0
    assert entry["challenge"]["text"] == "challenged by Anna: invalid, not in dictionary. Cees scores 0 this round."


def test_between_rounds_the_table_says_the_words_can_be_challenged_until_the_next_begins(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    for seat in range(4):
        savefile.record(path, RULES, EnterPass(seat=seat))
    view = client_for(path).get("/api/table").json()["view"]
    assert (view["round"], view["passing"], view["latest"]["number"]) == (2, "right", 1)
    assert view["notes"] == [{"kind": "challenge", "text": "round 1's words can be challenged until round 2 begins"}]


# --- a seat's phone ---------------------------------------------------------------------------


def test_each_seat_is_sent_its_own_hand_as_dealt_sorted_for_spelling(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    dealt = state_of(path).deal(1)
    assert dealt is not None
    for seat in range(4):
        view = client_for(path, seat).get("/api/seat").json()["view"]
        assert [card["card"] for card in view["hand"]] == [str(card) for card in sorted(dealt.hands[seat], key=hand_order)]
        assert view["hand_title"] == "Your hand as dealt for round 1"
        assert view["hand_note"] == "Keep one card and pass the rest left, until you have 7 selected cards."


def test_a_hand_is_sorted_alphabetically_with_the_special_cards_last() -> None:
    cards = [token.card for token in parse_word(["Z1m", "DDm:A", "A2s", "TRc:E", "A1f"])]
    assert [str(card) for card in sorted(cards, key=hand_order)] == ["A1f", "A2s", "Z1m", "DDm", "TRc"]


def test_a_special_card_is_described_with_its_rulebook_name() -> None:
    from referee.web.spell import page_card

    assert page_card(SpellCard(SpellSuit.MOONS, special=Special.TOIL)) == {
        "card": "TOILm", "letters": "", "value": 0, "suit": "moons", "special": "toil", "name": "Toil", "label": "Toil, moons"
    }  # fmt: skip


def test_a_card_has_an_accessible_name_with_its_suit_by_name() -> None:
    from referee.i18n import speaking
    from referee.web.spell import page_card

    assert page_card(SpellCard(SpellSuit.MOONS, "B", 3))["label"] == "B, 3 points, moons"
    assert page_card(SpellCard(SpellSuit.SIGILS, "QU", 1))["label"] == "Qu, 1 point, sigils"
    with speaking("nl"):
        assert page_card(SpellCard(SpellSuit.MOONS, "B", 3))["label"] == "B, 3 punten, manen"


def test_a_seat_sees_its_own_word_and_score_once_entered_and_whom_the_round_waits_for(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 0, POKES)
    view = client_for(path, 0).get("/api/seat").json()["view"]
    assert view["own"]["word"]["word"] == "POKES" and view["own"]["points"] == 24
    assert view["own"]["title"] == "Your word in round 1"
    answer = client_for(path, 0).get("/api/seat").json()
    assert answer["situation"] == "Round 1 of 4 — pass left — Jumper L1c — waiting for Bram, Cees, Daan"
    assert answer["decisions"] == [] and view["total_text"] == "Your total: 24 points"
    other = client_for(path, 1).get("/api/seat").json()
    assert other["view"]["own"] is None
    # dealt by the referee, drafted with real cards: a word is typed at the table, not
    # sent from a phone (judged against the dealt cards, its refusal would tell who holds what)
    # and Anna's word is face down to Bram until every word is in: nothing to challenge yet
    assert {kind: decision.get("choices", decision.get("form")) for kind, decision in decisions(other).items()} == {
        "pass": [{"kind": "pass", "player": "Bram", "round": 1}]}


def test_two_players_are_told_to_discard_one_card_each_pick(tmp_path: Path) -> None:
    path = new_game(tmp_path, NAMES[:2])
    view = client_for(path, 1).get("/api/seat").json()["view"]
    assert len(view["hand"]) == 14
    assert view["hand_note"] == "Keep one card, discard one and pass the rest left, until you have 7 selected cards."


def test_with_physical_cards_a_phone_shows_no_hand_and_says_why(tmp_path: Path) -> None:
    path = new_game(tmp_path, seed=None)
    view = client_for(path, 2).get("/api/seat").json()["view"]
    assert view["hand"] == [] and view["jumper"] is None
    assert view["hand_note"] == "Cees: the table plays with its own cards; the referee knows no hand."


def test_once_the_game_is_over_a_phone_shows_no_hand_and_offers_nothing(tmp_path: Path) -> None:
    path = new_game(tmp_path, NAMES[:2])
    for _round in range(4):
        for seat in range(2):
            savefile.record(path, RULES, EnterPass(seat=seat, round=_round + 1))
    answer = client_for(path, 0).get("/api/seat").json()
    assert answer["outcome"] is not None
    assert answer["view"]["hand"] == [] and answer["decisions"] == [] and answer["situation"] == ""


# --- a pass from a phone ----------------------------------------------------------------------


def a_pass(player: str, number: int = 1) -> dict[str, Any]:
    return {"kind": "pass", "player": player, "round": number}


def test_a_phone_passes_for_the_round_it_shows(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    client = client_for(path, 3)
    assert choices(client.get("/api/seat").json(), "pass") == [a_pass("Daan")]
    response = client.post("/api/seat/pass", json=a_pass("Daan"))
    assert response.status_code == 200
    assert response.json()["view"]["own"]["status"] == "pass"
    assert savefile.load(path, RULES).events[-1] == {"kind": "pass", "player": "Daan", "round": 1}


def test_a_second_pass_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    client = client_for(path, 3)
    assert client.post("/api/seat/pass", json=a_pass("Daan")).status_code == 200
    before = path.read_bytes()
    response = client.post("/api/seat/pass", json=a_pass("Daan"))
    assert response.status_code == 409
    assert response.json()["error"] == "pass is not one of your choices now; look again"
    assert path.read_bytes() == before


def test_a_pass_from_a_page_that_missed_the_rounds_end_is_refused(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    for seat in range(3):
        savefile.record(path, RULES, EnterPass(seat=seat))
    listed = choice(client_for(path, 3).get("/api/seat").json(), "pass")
    savefile.record(path, RULES, EnterPass(seat=3))  # the round ends at the laptop
    for seat in range(4):
        savefile.record(path, RULES, EnterPass(seat=seat))  # and round 2 too
    before = path.read_bytes()
    response = client_for(path, 3).post("/api/seat/pass", json=listed)
    assert response.status_code == 409 and "not one of your choices" in response.json()["error"]
    assert path.read_bytes() == before


@pytest.mark.parametrize("body", ["{}", '{"round": 1}', '{"player": "Bram", "round": "1"}', '{"player": "Bram", "round": 2}',
                                  '{"player": "Anna", "round": 1}', "[1]", "not json"])  # fmt: skip
def test_a_pass_not_listed_is_refused_and_changes_nothing(tmp_path: Path, body: str) -> None:
    path = new_game(tmp_path)
    before = path.read_bytes()
    response = client_for(path, 1).post("/api/seat/pass", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code in (400, 409) and response.json()["error"]
    assert path.read_bytes() == before


@pytest.mark.parametrize("kind", ["play", "undo", "discard"])
def test_no_other_action_is_taken_from_a_phone(tmp_path: Path, kind: str) -> None:
    path = new_game(tmp_path)
    before = path.read_bytes()
    response = client_for(path, 1).post(f"/api/seat/{kind}", json={"player": "Bram", "round": 1, "cards": ["K6m"]})
    assert response.status_code == 409 and "not one of your choices" in response.json()["error"]
    assert path.read_bytes() == before


# --- in Dutch ---------------------------------------------------------------------------------

#: English words a Dutch answer may not hold (names, card tokens, suits and the rulebook's
#: card names are the same in both languages).
ENGLISH = re.compile(r"\b(Round|round|waiting|points?|words?|challenged?|passes|pass|Standings|Total|Your|left|right|valid|"
                     r"invalid|dictionary|loses|scores|still|play|Keep|Tap)\b")  # fmt: skip


def texts(value: Any, key: str = "") -> Iterator[str]:
    """Every text of an answer meant to be read, not its names, tokens or kinds."""
    if isinstance(value, dict):
        for name, item in value.items():
            yield from texts(item, name)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, key)
    elif isinstance(value, str) and key not in ("name", "card", "tokens", "suit", "special", "kind", "status", "passing", "word", "letter", "letters"):
        yield value


def test_answers_are_in_dutch_for_a_dutch_page(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    word(path, 0, POKES)
    savefile.record(path, RULES, EnterPass(seat=1))
    word(path, 2, KNOW)
    savefile.record(path, RULES, EnterPass(seat=3))
    savefile.record(path, RULES, ChallengeWord(challenger=1, seat=2, valid=True, reason="in dictionary", dictionary="builtin:en"))
    table = client_for(path, None, "nl").get("/api/table").json()["view"]
    seat = client_for(path, 3, "nl").get("/api/seat").json()
    phone = seat["view"]
    assert table["heading"] == "Ronde 2" and table["pass_text"] == "doorgeven naar rechts"
    assert table["latest"]["entries"][2]["challenge"]["text"].startswith("uitgedaagd door Bram: geldig")
    assert phone["hand_title"] == "Jouw hand zoals gedeeld voor ronde 2"
    assert {decision["kind"] for decision in seat["decisions"]} == {"pass", "challenge"}  # a word is typed at the table here
    shown = [seat["situation"], *(decision["prompt"] for decision in seat["decisions"]), *(label for decision in seat["decisions"] for label in decision.get("labels", ()))]
    for text in [*texts(table), *texts(phone), *shown]:
        assert not ENGLISH.search(text), text


def test_a_dutch_refusal_of_a_pass(tmp_path: Path) -> None:
    path = new_game(tmp_path)
    client = client_for(path, 3, "nl")
    assert client.post("/api/seat/pass", json=a_pass("Daan")).status_code == 200
    before = path.read_bytes()
    error = client.post("/api/seat/pass", json=a_pass("Daan")).json()["error"]
    assert error == "pass is nu niet een van je keuzes; kijk nog eens"
    assert path.read_bytes() == before


# --- nobody sees what is not theirs -----------------------------------------------------------


@st.composite
def reachable(draw: st.DrawFn) -> tuple[Setup, list[Action]]:
    """A seeded game drafted with real cards (the draft through the referee:
    test_web_spell_draft.py) and a random run of legal entries: words from the dealt hands
    (the Jumper now and then), passes and challenges with either verdict."""
    players = draw(st.sampled_from([NAMES[:2], NAMES[:3], NAMES]))
    setup = Setup.build(players, seed=draw(st.text("abcdef", min_size=1, max_size=5)), draft=False)  # real cards
    game, actions = RULES.start(setup), []
    for _ in range(draw(st.integers(0, 12))):
        options: list[Action] = [a for a in RULES.legal_actions(game)]
        dealt = game.deal(game.current_number)
        assert dealt is not None
        for seat in game.waiting:
            letters = [str(card) for card in dealt.hands[seat] if card.is_letter]
            start = draw(st.integers(0, max(0, len(letters) - 3)))
            tokens = letters[start : start + 3] + (["*" + str(dealt.jumper)] if draw(st.booleans()) else [])
            options.append(EnterWord(seat=seat, tokens=tuple(parse_word(tokens))))
        options = [action for action in options if RULES.refusal(game, action) is None]
        if not options:
            break
        action = draw(st.sampled_from(options))
        if isinstance(action, ChallengeWord):
            action = action._replace(valid=draw(st.booleans()), reason="in dictionary", dictionary="builtin:en")
        actions.append(action)
        game = RULES.apply(game, action).state
    return setup, actions


def used_cards(game: Game, round_number: int) -> Counter[SpellCard]:
    """The cards the words of a round show (public: a word's cards are on the table)."""
    used: Counter[SpellCard] = Counter()
    played = game.rounds[round_number - 1] if round_number <= len(game.rounds) else None
    for entry in played.entries if played is not None else ():
        if isinstance(entry, Play):
            used.update(token.card for token in entry.score.tokens if not (isinstance(token, LetterToken) and token.jumper))
    return used


def other_hands(deal: SpellDeal, keep: int | None, game: Game, rng: random.Random) -> SpellDeal:
    """The deal with every hand but ``keep``'s changed and still consistent with what is
    public: the cards the round's words show stay in the pool, the others may be swapped
    with the stock, and the other hands share them out anew (same sizes)."""
    seats = [seat for seat in range(len(deal.hands)) if seat != keep]
    pool = [card for seat in seats for card in deal.hands[seat]]
    needed = used_cards(game, deal.round)
    if keep is not None:
        needed -= Counter(deal.hands[keep])
    stock = list(deal.stock)
    for index, card in enumerate(pool):
        if needed[card] > 0:
            needed[card] -= 1
        elif stock and rng.random() < 0.5:
            pool[index] = stock.pop(rng.randrange(len(stock)))
    rng.shuffle(pool)
    hands = list(deal.hands)
    for seat in seats:
        hands[seat], pool = tuple(pool[: len(deal.hands[seat])]), pool[len(deal.hands[seat]) :]
    return dataclasses.replace(deal, hands=tuple(hands))


def record_all(path: Path, setup: Setup, actions: list[Action]) -> None:
    savefile.create(path, RULES, setup)
    for action in actions:
        savefile.record(path, RULES, action)


def test_changing_the_other_hands_changes_what_a_seat_is_sent() -> None:
    """The check below can see a change: a seat's own hand changed shows in its answer."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        record_all(path, Setup.build(NAMES, seed=SEED, draft=False), [])
        served = served_file(path)
        before = answers(served, 1)
        with pytest.MonkeyPatch.context() as patch:
            original = dealt
            patch.setattr(game_module, "dealt", lambda *key: other_hands(original(*key), 0, state_of(path), random.Random(1)))
            assert answers(served, 1) != before


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reachable(), st.integers(0, 2**32), st.sampled_from(["en", "nl"]))
def test_what_a_seat_may_not_see_never_changes_a_byte_of_its_answers(game: tuple[Setup, list[Action]], salt: int, language: str) -> None:
    """Non-interference: the other seats' hands changed (consistently with the public
    information) leave every answer of a seat (its JSON and its event stream) and of the
    table's screen byte-for-byte the same."""
    setup, actions = game
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        record_all(path, setup, actions)
        state = state_of(path)
        served = served_file(path, language)
        seats: list[int | None] = [None, *range(setup.count)]
        before = {seat: answers(served, seat, language) for seat in seats}
        original = dealt
        for seat in seats:
            rng = random.Random(salt)
            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(game_module, "dealt", lambda *key: other_hands(original(*key), seat, state, rng))
                assert answers(served, seat, language) == before[seat], seat


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(reachable(), st.integers(0, 2**32))
def test_the_pages_json_of_a_seat_depends_only_on_its_view(game: tuple[Setup, list[Action]], salt: int) -> None:
    """The same non-interference on the adapter alone, over more games."""
    setup, actions = game
    state = RULES.start(setup)
    for action in actions:
        state = RULES.apply(state, action).state
    original = dealt
    for seat in [None, *range(setup.count)]:
        before = json.dumps(WEB.table(state) if seat is None else WEB.seat(state, seat))
        rng = random.Random(salt)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(game_module, "dealt", lambda *key: other_hands(original(*key), seat, state, rng))
            after = json.dumps(WEB.table(state) if seat is None else WEB.seat(state, seat))
        assert after == before, seat
