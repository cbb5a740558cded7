"""Spellcrafter drafted through the referee on the pages of `referee serve` (issue 24,
points 3, 4 and 5): each phone picks from its own hand, the TV shows who has picked (never
what) and then the crafting clock, a word is built on the phone and scored by the server
as it grows (nothing recorded until it is entered), challenges are made from a phone and
judged by the game's dictionary, and a team is named by its members."""

from __future__ import annotations

import dataclasses
import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.spellcrafter import game as game_module
from referee.spellcrafter.actions import Action, ChallengeWord, EnterWord, PickCard
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.dealing import dealt  # what Game.deal calls: patched in game's namespace
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.ruleset import RULES, picks
from referee.spellcrafter.setup import HouseRules, Setup
from referee.web.server import LANG_COOKIE, SEAT_COOKIE, create_app
from referee.web.spell import hand_order
from test_web_spell import other_hands
from web_decisions import choice, choices, decisions, filled, post
from web_privacy import answers, served_file

NAMES = ("Anna", "Bram", "Cees", "Daan")
SEED = "a b c"
AT = "2026-12-02T20:00:00Z"


def drafted(folder: Path, players: tuple[str, ...] = NAMES, **options: Any) -> Path:
    path = folder / "game.toml"
    savefile.create(path, RULES, Setup.build(players, seed=SEED, **options))
    return path


def state_of(path: Path) -> Game:
    return savefile.load(path, RULES).state


def draft_through(path: Path, but: int | None = None, turns: int = 99, at: str = AT) -> None:
    """Every seat (but ``but``) makes its first legal pick, turn after turn: the picks
    worked out through the rules, then written at once (one edit: quick)."""

    def drafted_on(events: list[dict[str, Any]], state: Game) -> list[dict[str, Any]]:
        added = []
        for _turn in range(turns):
            chosen = {pick.seat: pick for pick in reversed(list(picks(state))) if pick.seat != but}
            if not chosen:
                break
            for pick in chosen.values():
                pick = pick._replace(at=at)
                added.append(RULES.encode(state, pick))
                state = RULES.apply(state, pick).state
        return [*events, *added]

    savefile.rewrite(path, RULES, drafted_on)


def client_for(path: Path, seat: int | None = None, language: str = "en") -> Any:
    from starlette.testclient import TestClient

    served = served_file(path, language)
    client = TestClient(create_app(served), base_url="http://127.0.0.1")
    if seat is not None:
        client.cookies.set(SEAT_COOKIE, served.links.tokens[seat])
    client.cookies.set(LANG_COOKIE, language)
    return client


def seat_answer(path: Path, seat: int, language: str = "en") -> dict[str, Any]:
    return dict(client_for(path, seat, language).get("/api/seat").json())


def listed_pick(path: Path, seat: int, card: str | None = None, discard: str | None = None) -> dict[str, Any]:
    """The seat's pick of ``card`` (and ``discard``) as its phone lists it (the first when None)."""
    return choice(seat_answer(path, seat), "pick", lambda c: card in (None, c["card"]) and discard in (None, c.get("discard")))


def letters_selected(state: Game, seat: int, count: int = 3) -> list[str]:
    """The tokens of the first ``count`` letter cards ``seat`` selected this round."""
    draft = state.draft_of(state.current_number)
    assert draft is not None
    return [str(card) for card in draft.selected[seat] if card.is_letter][:count]


# --- the draft ---------------------------------------------------------------------------------


def test_a_phone_picks_from_its_own_hand_only_sorted_for_spelling(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft = state_of(path).draft_of(1)
    assert draft is not None
    for seat in range(4):
        answer = seat_answer(path, seat)
        view = answer["view"]
        own = view["draft_seat"]
        assert [card["card"] for card in own["hand"]] == [str(card) for card in sorted(draft.hands[seat], key=hand_order)]
        assert (own["heading"], own["may_pick"], own["must_discard"]) == ("Pick 1 of 7", True, False)
        assert own["status"] == "Tap the card to keep and confirm; the rest of your hand is passed left."
        assert [decision["kind"] for decision in answer["decisions"]] == ["pick"]
        pick = decisions(answer)["pick"]
        assert pick["together"] and pick["prompt"] == "Keep a card of the hand you draft from"
        assert pick["choices"] == [{"kind": "pick", "player": NAMES[seat], "card": str(card), "round": 1, "pick": 1}
                                   for card in dict.fromkeys(draft.hands[seat])]  # fmt: skip
        assert pick["labels"] == [f"keep {card}" for card in dict.fromkeys(draft.hands[seat])]
        assert answer["situation"] == "Round 1 of 4 — pass left — Jumper L1c — pick 1 of 7: waiting for Anna, Bram, Cees and Daan to pick"
        assert view["hand"] == [] and view["craft"] is None


def test_a_tap_keeps_the_card_and_the_tv_shows_who_has_picked_never_what(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    card = str(state_of(path).draft_of(1).hands[2][0])  # type: ignore[union-attr]
    response = post(client_for(path, 2), listed_pick(path, 2, card))
    assert response.status_code == 200
    event = savefile.load(path, RULES).events[-1]
    assert (event["kind"], event["player"], event["card"]) == ("pick", "Cees", card)
    assert len(event["at"]) == 20 and event["at"].endswith("Z")  # when, to the second, UTC
    phone = response.json()["view"]
    assert phone["draft_seat"]["selected"] is None and card not in json.dumps(phone["draft_seat"]["hand"])  # face down
    assert (phone["draft_seat"]["kept"], phone["draft_seat"]["kept_text"]) == (1, "1 card kept, face down")
    assert not phone["draft_seat"]["may_pick"]
    assert phone["draft_seat"]["status"] == "You have picked; waiting for Anna, Bram and Daan to pick."
    assert response.json()["situation"] == "Round 1 of 4 — pass left — Jumper L1c — pick 1 of 7: Cees has picked; waiting for Anna, Bram and Daan to pick"
    assert response.json()["decisions"] == []
    table = client_for(path).get("/api/table").json()
    seats = table["view"]["draft"]["seats"]
    assert [(s["state"], s["text"], s["count"]) for s in seats] == [
        ("picking", "picking…", 0), ("picking", "picking…", 0), ("picked", "has picked", 1), ("picking", "picking…", 0)
    ]  # fmt: skip
    assert all(s["selected"] is None for s in seats)
    assert table["view"]["draft"]["heading"] == "Pick 1 of 7"
    assert {"kind": "waiting", "text": "waiting for Anna, Bram and Daan to pick"} in table["view"]["notes"]


def test_when_everyone_has_picked_the_hands_pass_and_each_phone_shows_its_new_hand(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path, turns=1)
    draft = state_of(path).draft_of(1)
    assert draft is not None and len(draft.hands[0]) == 7
    answer = seat_answer(path, 1)
    view = answer["view"]["draft_seat"]
    assert [card["card"] for card in view["hand"]] == [str(card) for card in sorted(draft.hands[1], key=hand_order)]
    assert view["heading"] == "Pick 2 of 7" and view["may_pick"]
    assert {(listed["card"], listed["pick"]) for listed in choices(answer, "pick")} == {(str(card), 2) for card in draft.hands[1]}


def test_a_second_pick_before_the_hands_pass_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    hand = state_of(path).draft_of(1).hands[0]  # type: ignore[union-attr]
    client = client_for(path, 0)
    first, second = listed_pick(path, 0, str(hand[0])), listed_pick(path, 0, str(hand[1]))
    assert post(client, first).status_code == 200
    before = path.read_bytes()
    for again in (first, second):  # a double tap, or a tap on another card of the page not redrawn yet
        response = post(client, again)
        assert response.status_code == 409
        assert response.json()["error"] == "pick is not one of your choices now; look again"
        assert path.read_bytes() == before


def test_two_players_keep_one_card_and_discard_one_each_pick(tmp_path: Path) -> None:
    path = drafted(tmp_path, NAMES[:2])
    hand = state_of(path).draft_of(1).hands[1]  # type: ignore[union-attr]
    client = client_for(path, 1)
    answer = client.get("/api/seat").json()
    view = answer["view"]
    assert len(view["draft_seat"]["hand"]) == 14 and view["draft_seat"]["must_discard"]
    assert view["draft_seat"]["status"] == "Tap the card to keep, then the card to discard, and confirm."
    pick = decisions(answer)["pick"]
    assert pick["prompt"] == "Keep a card, then discard another"
    rest = {card: [other for index, other in enumerate(hand) if index != hand.index(card)] for card in hand}  # the hand but one of it
    assert sorted((listed["card"], listed["discard"]) for listed in pick["choices"]) == sorted(
        {(str(card), str(other)) for card in hand for other in rest[card]})  # every card kept, with every other discarded
    before = path.read_bytes()
    both = choice(answer, "pick", lambda c: (c["card"], c["discard"]) == (str(hand[0]), str(hand[1])))
    alone = post(client, {key: value for key, value in both.items() if key != "discard"})
    assert alone.status_code == 409 and alone.json()["error"] == "pick is not one of your choices now; look again"
    assert path.read_bytes() == before
    both = post(client, both)
    assert both.status_code == 200
    assert savefile.load(path, RULES).events[-1]["discard"] == str(hand[1])
    shown = both.json()["view"]["draft_seat"]
    assert shown["discarded"] == [] and shown["selected"] is None and shown["kept"] == 1  # face down until the draft is over


def test_a_pick_from_a_page_showing_another_round_is_refused(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    listed = listed_pick(path, 0)
    before = path.read_bytes()
    for other in ({**listed, "round": 2}, {**listed, "round": 0}, {**listed, "pick": 2}):
        response = post(client_for(path, 0), other)
        assert response.status_code == 409 and response.json()["error"] == "pick is not one of your choices now; look again"
        assert path.read_bytes() == before


@pytest.mark.parametrize("body", ['{"card": "K6m"}', '{"round": 1}', '{"round": 1, "card": 6}', '{"round": 1, "card": "K6"}',
                                  '{"round": 1, "card": "K6m", "discard": 3}', '{"round": 1, "card": "K6m"}',
                                  '{"round": 1, "pick": "1", "card": "K6m"}', '{"round": 1, "pick": 1, "card": "K6"}',
                                  '{"kind": "pick", "player": "Anna", "card": "K6m", "round": 1, "pick": 1}',
                                  '{"kind": "pick", "player": "Bram", "card": "K6s", "round": 1, "pick": 1}'])  # fmt: skip
def test_a_pick_that_is_not_a_listed_choice_is_refused_and_changes_nothing(tmp_path: Path, body: str) -> None:
    path = drafted(tmp_path)
    before = path.read_bytes()
    response = client_for(path, 0).post("/api/seat/pick", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 409 and response.json()["error"] == "pick is not one of your choices now; look again"
    assert path.read_bytes() == before


@pytest.mark.parametrize("body", ["[]", "nope", '{"kind": "word"}', '{"kind": 3}'])
def test_a_pick_that_cannot_be_read_is_a_bad_request_and_changes_nothing(tmp_path: Path, body: str) -> None:
    path = drafted(tmp_path)
    before = path.read_bytes()
    response = client_for(path, 0).post("/api/seat/pick", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]
    assert path.read_bytes() == before


def test_a_seat_whose_draft_is_done_waits_for_the_others_with_its_last_card_face_down(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path, turns=6)
    draft_through(path, but=3)  # everyone's seventh pick but Daan's
    draft = state_of(path).draft_of(1)
    assert draft is not None and draft.done(0) and not draft.complete
    answer = seat_answer(path, 0)
    view = answer["view"]
    own = view["draft_seat"]
    assert own["status"] == "Your draft is done; waiting for Daan to pick."
    assert own["selected"] is None and own["kept"] == 7 and own["hand"] == [] and own["last"] is None  # face down, all of it
    assert own["kept_text"] == "7 cards kept, face down"
    assert answer["decisions"] == [] and view["craft"] is None
    assert answer["situation"] == "Round 1 of 4 — pass left — Jumper L1c — pick 7 of 7: Anna, Bram and Cees have picked; waiting for Daan to pick"
    seats = client_for(path).get("/api/table").json()["view"]["draft"]["seats"]
    assert [s["state"] for s in seats] == ["done", "done", "done", "picking"]


# --- the crafting clock ---------------------------------------------------------------------


def test_when_the_draft_ends_every_screen_shows_the_clock_from_the_last_pick(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    assert client_for(path).get("/api/table").json()["view"]["clock"] is None
    draft_through(path, at="2026-12-02T20:15:03Z")
    table = client_for(path).get("/api/table").json()
    phone = client_for(path, 1).get("/api/seat").json()
    for answer in (table, phone):
        assert answer["view"]["clock"] == {"start": "2026-12-02T20:15:03Z", "seconds": 120, "deadline": "2026-12-02T20:17:03.000Z",
                                           "title": "Time to craft", "time_up": "time is up"}  # fmt: skip
        assert answer["now"].endswith("Z") and answer["now"][:4] >= "2026"  # the server's clock: pages correct their own
    assert table["view"]["draft"] is None


def test_the_friendly_rules_have_no_clock_and_show_every_seats_selected_cards(tmp_path: Path) -> None:
    path = drafted(tmp_path, variants=["friendly"])
    draft_through(path, turns=2)
    draft = state_of(path).draft_of(1)
    assert draft is not None
    seats = client_for(path).get("/api/table").json()["view"]["draft"]["seats"]
    assert [[card["card"] for card in s["selected"]] for s in seats] == [[str(card) for card in pile] for pile in draft.selected]
    draft_through(path)
    assert client_for(path).get("/api/table").json()["view"]["clock"] is None


def test_a_longer_craft_time_is_what_every_screen_counts_down(tmp_path: Path) -> None:
    path = drafted(tmp_path, craft_time=300)
    draft_through(path)
    assert client_for(path, 2).get("/api/seat").json()["view"]["clock"]["seconds"] == 300


# --- a word built on the phone ------------------------------------------------------------------


def test_after_the_draft_a_phone_spells_with_its_seven_selected_cards_and_the_jumper(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    state = state_of(path)
    draft = state.draft_of(1)
    assert draft is not None
    answer = seat_answer(path, 1)
    view = answer["view"]
    craft = view["craft"]
    assert [card["card"] for card in craft["cards"]] == [str(card) for card in sorted(draft.selected[1], key=hand_order)]
    assert craft["jumper"]["token"] == "*L1c" and craft["jumper"]["card"] == "L1c"
    assert craft["stand_in"] == f"Jumper: your face-down {draft.last[1]} stands for it"
    word, passing = decisions(answer)["word"], decisions(answer)["pass"]
    assert [decision["kind"] for decision in answer["decisions"]] == ["word", "pass"]
    assert word["prompt"] == "Spell your word with your selected cards and the Jumper"
    assert word["form"] == {"event": {"kind": "word", "player": "Bram", "round": 1}, "field": "cards",
                            "constraints": {"min_letters": 3, "from": [*(str(card) for card in draft.selected[1]), "*L1c"]}}  # fmt: skip
    assert passing["choices"] == [{"kind": "pass", "player": "Bram", "round": 1}]
    assert view["draft_seat"] is None


def test_a_special_card_is_sent_with_the_notations_template_for_what_it_asks() -> None:
    from referee.spellcrafter.cards import QU, Special, SpellCard, SpellSuit
    from referee.web.spell_draft import craft_card

    assert craft_card(SpellCard(SpellSuit.MOONS, special=Special.DOUBLE_DOUBLE))["template"] == "DDm:#"
    assert craft_card(SpellCard(SpellSuit.CAULDRONS, special=Special.TROUBLE))["template"] == "TRc:#"
    assert craft_card(SpellCard(SpellSuit.MOONS, special=Special.TOIL))["template"] == "TOILm@#"
    qu = craft_card(SpellCard(SpellSuit.SIGILS, QU, 10))
    assert (qu["token"], qu["short"], qu["asks"]) == ("QU10s", "Q10s", "qu")


def test_the_preview_scores_the_word_as_it_grows_and_records_nothing(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    cards = letters_selected(state_of(path), 0)
    client = client_for(path, 0)
    before = path.read_bytes()
    short = client.post("/api/seat/preview", json={"cards": cards[:2]}).json()["preview"]
    assert short["score"] is None and short["refusal"].startswith("a word needs at least 3 letters")
    scored = client.post("/api/seat/preview", json={"cards": [*cards, "*L1c"]}).json()["preview"]
    from referee.spellcrafter.notation import parse_word
    from referee.spellcrafter.scoring import score_word
    from referee.spellcrafter.voice import word_detail

    expected = score_word(parse_word([*cards, "*L1c"]))
    assert (scored["score"]["score"], scored["score"]["detail"]) == (expected.score, word_detail(expected))
    assert scored["score"]["letters"][3]["note"] == "Jumper L1c" and scored["refusal"] is None
    assert client.post("/api/seat/preview", json={"cards": []}).json()["preview"] == {"score": None, "refusal": None}
    assert path.read_bytes() == before


def test_the_preview_refuses_a_card_the_seat_did_not_select_as_the_entry_would(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    state = state_of(path)
    draft = state.draft_of(1)
    assert draft is not None
    other = next(card for card in draft.selected[1] if card.is_letter and card not in draft.selected[0])
    cards = [*letters_selected(state, 0, 2), str(other)]
    refusal = client_for(path, 0).post("/api/seat/preview", json={"cards": cards}).json()["preview"]["refusal"]
    assert refusal == f"{other} is not among Anna's 7 selected cards in round 1"
    before = path.read_bytes()
    entered = post(client_for(path, 0), filled(seat_answer(path, 0), "word", cards))
    assert entered.status_code == 409 and entered.json()["error"] == refusal
    assert path.read_bytes() == before


def test_the_preview_before_the_draft_is_over_says_so(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    refusal = client_for(path, 0).post("/api/seat/preview", json={"cards": ["A1m", "B1m", "C1m"]}).json()["preview"]["refusal"]
    assert refusal.startswith("the draft of round 1 is not over")


@pytest.mark.parametrize("body", ['{"cards": "K6m"}', '{"cards": ["K6m", 3]}', '{"cards": ["K6"]}', "[]", "nope"])
def test_a_preview_that_cannot_be_read_is_a_bad_request(tmp_path: Path, body: str) -> None:
    path = drafted(tmp_path)
    response = client_for(path, 0).post("/api/seat/preview", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]


def test_a_preview_needs_a_seat(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    assert client_for(path).post("/api/seat/preview", json={"cards": []}).status_code == 401


def test_a_word_entered_from_the_phone_is_recorded_and_shown_on_the_tv(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    cards = letters_selected(state_of(path), 2)
    response = post(client_for(path, 2), filled(seat_answer(path, 2), "word", cards))
    assert response.status_code == 200
    assert savefile.load(path, RULES).events[-1] == {"kind": "word", "player": "Cees", "round": 1, "cards": cards}
    assert response.json()["view"]["own"]["status"] == "word" and response.json()["view"]["craft"] is None
    entry = client_for(path).get("/api/table").json()["view"]["latest"]["entries"][2]
    assert entry["status"] == "word" and entry["word"]["tokens"] == cards


@pytest.mark.parametrize(("body", "status"), [
    ('{"cards": ["K6m", "I1m", "T1m"]}', 409),  # not the form: no player, no round
    ('{"player": "Anna", "round": 1}', 409),
    ('{"player": "Anna", "round": "1", "cards": ["K6m", "I1m", "T1m"]}', 409),
    ('{"player": "Anna", "round": 2, "cards": ["K6m", "I1m", "T1m"]}', 409),
    ('{"player": "Bram", "round": 1, "cards": ["K6m", "I1m", "T1m"]}', 409),  # another seat's word
    ('{"player": "Anna", "round": 1, "cards": ["K6m", "I1m", "T1m"], "at": "now"}', 409),
    ('{"player": "Anna", "round": 1, "cards": "K6m"}', 400),
    ('{"player": "Anna", "round": 1, "cards": ["K6m", 3]}', 400),
    ('{"player": "Anna", "round": 1, "cards": ["K6"]}', 400),
    ('{"player": "Anna", "round": 1, "cards": []}', 400),
])  # fmt: skip
def test_a_word_that_is_not_the_form_filled_in_is_refused_and_changes_nothing(tmp_path: Path, body: str, status: int) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    before = path.read_bytes()
    response = client_for(path, 0).post("/api/seat/word", content=body, headers={"Content-Type": "application/json"})
    assert response.status_code == status and response.json()["error"]
    assert path.read_bytes() == before


# --- a challenge from a phone --------------------------------------------------------------------


@pytest.mark.slow
def test_a_challenge_from_a_phone_is_judged_by_the_games_dictionary_and_house_rules(tmp_path: Path) -> None:
    from referee.lexicon.words import fold

    probe = drafted(tmp_path)  # the same deal and picks, to know the words before the game is made
    draft_through(probe)
    state = state_of(probe)
    anna, bram = letters_selected(state, 0), letters_selected(state, 1)
    spelled = [fold("".join(token[0] for token in cards)) for cards in (anna, bram)]
    house = HouseRules(path="house.txt", added=frozenset({spelled[0]}), removed=frozenset({spelled[1]}) - {spelled[0]})
    path = tmp_path / "housed.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed=SEED, house=house))
    draft_through(path)
    for seat, cards in ((0, anna), (1, bram)):
        assert post(client_for(path, seat), filled(seat_answer(path, seat), "word", cards)).status_code == 200
    for seat in (2, 3):  # the words are shown, and may be challenged, once every seat has entered one or passed
        assert post(client_for(path, seat), choice(seat_answer(path, seat), "pass")).status_code == 200
    daan = client_for(path, 3)
    offered = daan.get("/api/seat").json()
    assert choices(offered, "challenge") == [{"kind": "challenge", "challenger": "Daan", "player": "Anna"},
                                             {"kind": "challenge", "challenger": "Daan", "player": "Bram"}]  # fmt: skip
    assert decisions(offered)["challenge"]["labels"][0] == f"Challenge Anna's {spelled[0].upper()}"
    assert offered["view"]["challenges"]["targets"][0]["text"] == f"Challenge Anna's {spelled[0].upper()}"
    stands = post(daan, choices(offered, "challenge")[0])
    assert stands.status_code == 200
    event = savefile.load(path, RULES).events[-1]
    assert (event["kind"], event["challenger"], event["player"], event["valid"], event["reason"]) == (
        "challenge", "Daan", "Anna", True, "in dictionary")  # fmt: skip
    assert event["dictionary"].endswith("+ house house.txt")
    if spelled[1] != spelled[0]:
        falls = post(daan, choice(daan.get("/api/seat").json(), "challenge", lambda c: c["player"] == "Bram"))
        assert falls.status_code == 200 and savefile.load(path, RULES).events[-1]["valid"] is False
        assert savefile.load(path, RULES).events[-1]["reason"] == "removed by the house rules"


def test_a_challenge_the_rules_refuse_is_not_judged_and_changes_nothing(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    before = path.read_bytes()
    assert choices(seat_answer(path, 0), "challenge") == []  # no word in round 1 yet
    for body in ({"challenger": "Anna", "player": "Bram"}, {"challenger": "Anna", "player": "Anna"}, {"challenger": "Bram", "player": "Cees"},
                 {"challenger": "Anna", "player": "Nobody"}, {"challenger": "Anna", "player": True},
                 {"challenger": "Anna", "player": "Bram", "valid": True, "reason": "in dictionary", "dictionary": "builtin:en"}):  # fmt: skip
        refused = client_for(path, 0).post("/api/seat/challenge", json=body)
        assert refused.status_code == 409 and refused.json()["error"] == "challenge is not one of your choices now; look again"
        assert path.read_bytes() == before


# --- teams ---------------------------------------------------------------------------------------


def test_a_team_is_named_by_its_members_on_the_tv_and_the_phone(tmp_path: Path) -> None:
    path = drafted(tmp_path, ("Anna+Bram", "Cees+Daan", "Eva+Fred"), teams=True)
    table = client_for(path).get("/api/table").json()
    phone = client_for(path, 1).get("/api/seat").json()
    assert [s["name"] for s in table["view"]["draft"]["seats"]] == ["team Anna and Bram", "team Cees and Daan", "team Eva and Fred"]
    assert phone["name"] == "team Cees and Daan"
    assert [s["name"] for s in table["view"]["standings"]] == ["team Anna and Bram", "team Cees and Daan", "team Eva and Fred"]
    assert table["view"]["draft"]["waiting"] == "waiting for team Anna and Bram, team Cees and Daan and team Eva and Fred to pick"
    assert json.dumps(table).count("Anna+Bram") == json.dumps(table).count('"Anna+Bram"')  # only as the seat's key


# --- nobody sees what is not theirs ---------------------------------------------------------------


@st.composite
def drafted_games(draw: st.DrawFn) -> tuple[Setup, list[Action]]:
    """A game drafted through the referee and a random run of legal entries: picks (and
    discards), words of a seat's own selected cards (the Jumper now and then), passes,
    challenges with either verdict."""
    players = draw(st.sampled_from([NAMES[:2], NAMES[:3], NAMES]))
    friendly = draw(st.booleans())
    setup = Setup.build(players, seed=draw(st.text("abcdef", min_size=1, max_size=4)), variants=["friendly"] if friendly else [])
    game, actions = RULES.start(setup), []
    for _ in range(draw(st.integers(0, 70))):
        options: list[Action] = list(RULES.legal_actions(game))
        draft = game.draft_of(game.current_number)
        if draft is not None and draft.complete:
            for seat in game.waiting:
                letters = [str(card) for card in draft.selected[seat] if card.is_letter]
                start = draw(st.integers(0, max(0, len(letters) - 3)))
                jumper = friendly or draw(st.booleans())
                tokens = letters[start : start + 3] + (["*" + str(game.jumper(game.current_number))] if jumper else [])
                options.append(EnterWord(seat=seat, tokens=tuple(parse_word(tokens))))
        options = [action for action in options if RULES.refusal(game, action) is None]
        if not options:
            break
        picking = [action for action in options if isinstance(action, PickCard)]
        mostly_drafting = bool(picking) and draw(st.integers(0, 9)) > 0
        action: Any = draw(st.sampled_from(picking if mostly_drafting else options))
        if isinstance(action, ChallengeWord):
            action = action._replace(valid=draw(st.booleans()), reason="in dictionary", dictionary="builtin:en")
        if isinstance(action, PickCard):
            action = action._replace(at=AT)
        actions.append(action)
        game = RULES.apply(game, action).state
    return setup, actions


def others_changed(game: Game, keep: int | None, rng: random.Random) -> Game:
    """The game with what ``keep`` may not see of the current round's draft changed:
    every other seat's hand, discards and face-down last card (and its selected cards,
    face down but under the Friendly Rules) replaced by random cards of the deck, the
    same number of each; while the draft goes on, ``keep``'s own selected cards,
    discards and last card too (its pile lies face down). Who has picked and how many
    cards each holds stay (public)."""
    latest = game.latest
    if latest.draft is None or latest.number != game.current_number or latest.complete:
        return game
    deck = game.setup.deck
    assert deck is not None
    cards = [card for card in deck.cards if not (game.setup.two_player and card.suit is SpellSuit.FAMILIARS)]

    def some(pile: tuple[SpellCard, ...]) -> tuple[SpellCard, ...]:
        return tuple(rng.choice(cards) for _card in pile)

    draft = latest.draft
    others = [seat for seat in range(draft.count) if seat != keep]
    face_up = game.setup.variants.friendly
    # The seat's own pile lies face down to it too until the draft is complete.
    piles = others if draft.complete else list(range(draft.count))
    changed = dataclasses.replace(
        draft,
        hands=tuple(some(hand) if seat in others else hand for seat, hand in enumerate(draft.hands)),
        discarded=tuple(some(pile) if seat in piles else pile for seat, pile in enumerate(draft.discarded)),
        selected=tuple(some(pile) if seat in piles and not face_up else pile for seat, pile in enumerate(draft.selected)),
        last=tuple(rng.choice(cards) if seat in piles and last is not None else last for seat, last in enumerate(draft.last)),
    )
    return dataclasses.replace(game, rounds=(*game.rounds[:-1], dataclasses.replace(latest, draft=changed)))


def test_the_check_below_sees_a_change_of_what_a_seat_may_see() -> None:
    """Changing a seat's own cards changes its answers: the comparison can fail."""
    with tempfile.TemporaryDirectory() as folder:
        path = drafted(Path(folder))
        draft_through(path, turns=2)
        served = served_file(path)
        before = answers(served, 1)
        assert served.saved is not None and isinstance(served.saved.state, Game)
        served.saved = dataclasses.replace(served.saved, state=others_changed(served.saved.state, 0, random.Random(3)))
        assert answers(served, 1) != before
        assert answers(served, 0) == answers(served_file(path), 0)


def previews_for(game: Game, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Words a phone might ask about: of its own selected cards (and the Jumper), and of
    cards it does not hold (another seat's, maybe)."""
    draft = game.draft_of(game.current_number)
    own = [str(card) for card in (draft.selected[seat] if draft is not None else ()) if card.is_letter]
    every = [str(card) for card in game.setup.deck.cards if card.is_letter] if game.setup.deck else []
    jumper = game.jumper(game.current_number)
    asked = [{"cards": own[:3]}, {"cards": [*own[:2], f"*{jumper}"] if jumper else own[:2]}, {"cards": rng.sample(every, 3)}]
    return asked


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(drafted_games(), st.integers(0, 2**32), st.sampled_from(["en", "nl"]))
def test_what_a_seat_may_not_see_of_the_draft_never_changes_a_byte_of_its_answers(
    game: tuple[Setup, list[Action]], salt: int, language: str
) -> None:
    """Non-interference: the other seats' hands, discards, last cards and (face down)
    selected cards changed leave every answer of a seat (its JSON, its event stream, its
    previews of words) and of the table's screen byte-for-byte the same."""
    setup, actions = game
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.toml"
        savefile.create(path, RULES, setup)
        if actions:
            savefile.rewrite(path, RULES, lambda events, state: [*events, *encoded(state, actions)])
        served = served_file(path, language)
        assert served.saved is not None
        state = served.saved.state
        assert isinstance(state, Game)
        for seat in [None, *range(setup.count)]:
            asked = [] if seat is None else previews_for(state, seat, random.Random(salt))
            served.saved = dataclasses.replace(served.saved, state=state)
            before = answers(served, seat, language, asked)
            served.saved = dataclasses.replace(served.saved, state=others_changed(state, seat, random.Random(salt)))
            with pytest.MonkeyPatch.context() as patch:  # a round not begun: the other hands as dealt changed too
                original = dealt
                patch.setattr(game_module, "dealt", lambda *key: other_hands(original(*key), seat, state, random.Random(salt)))
                assert answers(served, seat, language, asked) == before, seat


def encoded(state: Game, actions: list[Action]) -> list[dict[str, Any]]:
    events = []
    for action in actions:
        events.append(RULES.encode(state, action))
        state = RULES.apply(state, action).state
    return events


def test_the_word_builder_speaks_dutch_to_a_dutch_phone(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    answer = seat_answer(path, 0, "nl")
    view = answer["view"]
    assert decisions(answer)["word"]["prompt"] == "Spel je woord met je gekozen kaarten en de Jumper"
    assert answer["situation"] == "Ronde 1 van 4 — doorgeven naar links — Jumper L1c — wacht op Anna, Bram, Cees, Daan"
    assert view["clock"]["title"] == "Tijd om te leggen" and view["clock"]["time_up"] == "de tijd is om"
    assert view["craft"]["labels"]["asks_letter"] == "Voor welke letter staat Trouble?"
    assert view["craft"]["stand_in"].startswith("Jumper: je gedekte ")


# --- simultaneous picks ------------------------------------------------------------------------


def test_two_phones_picking_from_pages_drawn_from_the_same_file_both_succeed(tmp_path: Path) -> None:
    """Picks are made at the same time: another seat's pick since the page was drawn does
    not make the second phone's pick a stale one (no "the game has moved on")."""
    path = drafted(tmp_path)
    anna, bram = client_for(path, 0), client_for(path, 1)
    pages = [anna.get("/api/seat").json(), bram.get("/api/seat").json()]
    seen = str(pages[0]["entries"])
    assert pages[1]["entries"] == int(seen)
    for client, page in zip((anna, bram), pages):
        response = post(client, choice(page, "pick"), **{"X-Referee-Seen": seen})
        assert response.status_code == 200, response.json()
    assert [event["player"] for event in savefile.load(path, RULES).events[-2:]] == ["Anna", "Bram"]


def test_a_pick_from_a_page_the_seat_has_moved_past_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    page = seat_answer(path, 0)  # drawn at pick 1
    draft_through(path, turns=1)  # everyone made pick 1: the hands went round
    hand = state_of(path).draft_of(1).hands[0]  # type: ignore[union-attr]
    before = path.read_bytes()
    for tapped in choices(page, "pick"):
        stale = post(client_for(path, 0), {**tapped, "card": str(hand[0])}, **{"X-Referee-Seen": str(page["entries"])})
        assert stale.status_code == 409
        assert stale.json()["error"] == "pick is not one of your choices now; look again"
        assert path.read_bytes() == before
    now = seat_answer(path, 0)
    assert post(client_for(path, 0), choice(now, "pick"), **{"X-Referee-Seen": str(page["entries"])}).status_code == 200


def test_two_partners_tapping_the_same_pick_record_it_once(tmp_path: Path) -> None:
    path = drafted(tmp_path, ("Anna+Bram", "Cees+Daan", "Eva+Fred"), teams=True)
    anna, bram = client_for(path, 0), client_for(path, 0)
    pages = [anna.get("/api/seat").json(), bram.get("/api/seat").json()]  # both phones show the team's hand
    assert pages[0]["decisions"] == pages[1]["decisions"]
    assert post(anna, choices(pages[0], "pick")[0]).status_code == 200
    before = path.read_bytes()
    for tapped in choices(pages[1], "pick")[:2]:  # the same card, or another
        second = post(bram, tapped)
        assert second.status_code == 409 and second.json()["error"] == "pick is not one of your choices now; look again"
        assert path.read_bytes() == before
    assert [event["kind"] for event in savefile.load(path, RULES).events] == ["pick"]


def test_other_actions_keep_the_seen_check(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    cards = letters_selected(state_of(path), 0)
    client = client_for(path, 0)
    page = client.get("/api/seat").json()
    before = path.read_bytes()
    stale = post(client, filled(page, "word", cards), **{"X-Referee-Seen": str(page["entries"] - 1)})
    assert stale.status_code == 409
    assert stale.json()["error"] == "the game has moved on since this page was drawn; look again and tap once more"
    assert path.read_bytes() == before


# --- the pile lies face down --------------------------------------------------------------------


def test_under_the_friendly_rules_a_phone_lists_its_selected_cards_face_up(tmp_path: Path) -> None:
    path = drafted(tmp_path, variants=["friendly"])
    draft_through(path, turns=2)
    draft = state_of(path).draft_of(1)
    assert draft is not None
    own = client_for(path, 1).get("/api/seat").json()["view"]["draft_seat"]
    assert [card["card"] for card in own["selected"]] == [str(card) for card in draft.selected[1]]


# --- the preview judges as the entry would, and tells nothing of other seats' cards ------------


def test_a_game_drafted_with_real_cards_has_no_preview_and_it_names_no_card(tmp_path: Path) -> None:
    path = tmp_path / "real.toml"
    savefile.create(path, RULES, Setup.build(NAMES, seed=SEED, draft=False))
    dealt_now = state_of(path).deal(1)
    assert dealt_now is not None
    answers_for = [client_for(path, 0).post("/api/seat/preview", json={"cards": cards})
                   for cards in ([str(card) for card in dealt_now.hands[1][:3]], [str(card) for card in dealt_now.hands[0][:3]], [])]  # fmt: skip
    assert {(answer.status_code, answer.json()["error"]) for answer in answers_for} == {
        (400, "a word is scored as it is built only in a game drafted through the referee")
    }


def test_the_preview_of_cards_a_seat_does_not_hold_is_the_same_whatever_the_others_hold(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    served = served_file(path)
    assert served.saved is not None
    state = served.saved.state
    assert isinstance(state, Game)
    draft = state.draft_of(1)
    assert draft is not None and state.setup.deck is not None
    mine = set(draft.selected[0])
    others = [str(card) for seat in (1, 2, 3) for card in draft.selected[seat] if card.is_letter and card not in mine]
    deck = [str(card) for card in dict.fromkeys(state.setup.deck.cards) if card.is_letter and card not in mine]
    asked = [{"cards": others[:3]}, {"cards": deck[:3]}, {"cards": [*others[:2], f"*{state.jumper(1)}"]}]
    before = answers(served, 0, "en", asked)
    for salt in range(3):
        served.saved = dataclasses.replace(served.saved, state=others_changed(state, 0, random.Random(salt)))
        assert answers(served, 0, "en", asked) == before


def test_the_preview_waits_for_the_draft_even_with_the_seats_own_cards(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path, turns=6)
    draft_through(path, but=3)  # Anna's draft is done, Daan's is not
    own = letters_selected(state_of(path), 0)
    refusal = client_for(path, 0).post("/api/seat/preview", json={"cards": own}).json()["preview"]
    assert refusal["score"] is None and refusal["refusal"].startswith("the draft of round 1 is not over")


def test_a_fair_game_previews_no_word_before_every_player_has_given_a_word(referee: Any, tmp_path: Path) -> None:
    """The preview is judged by the full rules, the fair game's wrapper included."""
    path = tmp_path / "fair.toml"
    assert referee("spell", "new", str(path), *NAMES, "--fair").exit_code == 0
    answer = client_for(path, 1).post("/api/seat/preview", json={"cards": ["K6m", "I1m", "T1m"]})
    assert answer.status_code == 200
    assert answer.json()["preview"]["refusal"].startswith("waiting for entropy from Anna: no card is dealt")


# --- Dutch refusals ---------------------------------------------------------------------------


def test_a_dutch_phone_is_refused_in_dutch_and_nothing_changes(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    page = seat_answer(path, 0, "nl")
    assert decisions(page)["pick"]["prompt"] == "Houd een kaart van de hand waaruit je kiest"
    client = client_for(path, 0, "nl")
    assert post(client, choice(page, "pick")).status_code == 200
    before = path.read_bytes()
    again = post(client, choices(page, "pick")[-1])
    assert again.status_code == 409 and again.json()["error"] == "pick is nu niet een van je keuzes; kijk nog eens"
    assert path.read_bytes() == before


def test_a_dutch_phones_word_is_refused_with_the_rules_reason_in_dutch(tmp_path: Path) -> None:
    path = drafted(tmp_path)
    draft_through(path)
    state = state_of(path)
    draft = state.draft_of(1)
    assert draft is not None
    other = next(card for card in draft.selected[1] if card.is_letter and card not in draft.selected[0])
    cards = [*letters_selected(state, 0, 2), str(other)]
    client = client_for(path, 0, "nl")
    refusal = client.post("/api/seat/preview", json={"cards": cards}).json()["preview"]["refusal"]
    assert refusal == f"{other} is niet een van de 7 gekozen kaarten van Anna in ronde 1"
    before = path.read_bytes()
    entered = post(client, filled(seat_answer(path, 0, "nl"), "word", cards))
    assert entered.status_code == 409 and entered.json()["error"] == refusal
    assert path.read_bytes() == before
