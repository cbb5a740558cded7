"""Decisions as data (SPEC §6.7): for a state and a seat, the rules list what that seat
may decide now, each choice a ready save-file event. Over random reachable states of
every game: every listed choice is accepted by ``apply`` (as a seat sends it, through
:func:`referee.decisions.seat_entry`), every legal action of a seat is listed among its
choices, no seat is offered another seat's entry, and a choice or a form of another seat
is refused."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.decisions import NotYourDecision, decision_of, decisions_json, seat_entry
from referee.errors import RefereeError
from referee.game import Decision
from referee.games import game

VERDICT = {"valid": True, "reason": "in dictionary", "dictionary": "builtin:en"}


def judged(state: Any, event: Mapping[str, Any]) -> dict[str, Any]:
    """A seat's challenge with a verdict, as the game's dictionary would add it (the
    property is about the rules, not the word lists)."""
    return {**event, **VERDICT} if event.get("kind") == "challenge" else dict(event)


def entered(rules: Any, state: Any, seat: int, event: dict[str, Any]) -> Any:
    """The state after ``seat`` sends ``event`` (a choice listed for it)."""
    return rules.apply(state, seat_entry(rules, seat, event, judged)(state)).state


def check_decisions(rules: Any, state: Any) -> None:
    """Every listed choice is accepted; every legal action of a seat is listed."""
    seats = len(rules.seats(state))
    listed: set[str] = set()
    for seat in range(seats):
        for decision in rules.decisions(state, seat):
            assert isinstance(decision, Decision) and decision.seat == seat
            assert decision.choices or decision.form is not None
            for choice in decision.choices:
                assert choice["kind"] == decision.kind
                action = rules.decode(state, judged(state, dict(choice)))
                assert rules.refusal(state, action) is None, (seat, choice, rules.refusal(state, action))
                rules.apply(state, action)  # accepted: raises otherwise
                assert decision_of(rules, state, seat, choice) == decision
                for other in range(seats):  # never another seat's to send
                    if other != seat and not any(choice in d.choices for d in rules.decisions(state, other)):
                        with pytest.raises(NotYourDecision):
                            decision_of(rules, state, other, choice)
                listed.add(repr(sorted(judged(state, dict(choice)).items())))
    for action in rules.legal_actions(state):
        actor = rules.inner.actor(state, action) if hasattr(rules, "inner") else rules.actor(state, action)
        if actor is None:
            continue
        event = judged(state, rules.encode(state, action))
        if event["kind"] == "challenge":  # listed without the verdict the dictionary gives
            event = {**{k: v for k, v in event.items() if k not in ("word", *VERDICT)}, **VERDICT}
        assert repr(sorted(event.items())) in listed, (actor, event)


def play_out(rules: Any, state: Any, rng: random.Random, steps: int, check: bool = True) -> Any:
    """Random reachable states: a random seat takes a random choice of its decisions
    (a Spellcrafter word form is passed over: passes and picks move the game on)."""
    for _ in range(steps):
        if check:
            check_decisions(rules, state)
        options = [(seat, choice) for seat in range(len(rules.seats(state))) for decision in rules.decisions(state, seat)
                   for choice in decision.choices]  # fmt: skip
        if not options:
            break
        seat, choice = rng.choice(options)
        state = entered(rules, state, seat, dict(choice))
    return state


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.text("abcdefgh", min_size=1, max_size=6), st.integers(0, 10_000), st.integers(3, 5),
       st.sets(st.sampled_from(["cupido", "blinde-liefde", "troef", "kleine-liefde"])))  # fmt: skip
def test_every_smoorverliefd_choice_is_accepted_and_every_legal_action_listed(seed, draw, players, variants):
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, target=40, variants=sorted(variants))
    play_out(rules, rules.start(setup), random.Random(draw), 80)


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.text("abcdefgh", min_size=1, max_size=6), st.integers(0, 10_000), st.sampled_from(["two", "solo"]),
       st.sampled_from(["easy", "medium", "hard"]))  # fmt: skip
def test_every_smitten_choice_is_accepted_and_every_legal_action_listed(seed, draw, mode, difficulty):
    rules = game("smitten").load_rules()
    table = {"mode": mode, "seed": seed} | ({"difficulty": difficulty} if mode == "two" else {"easy": difficulty == "easy"})
    play_out(rules, rules.start(rules.read_setup(table)), random.Random(draw), 40)


@pytest.mark.slow
@settings(max_examples=8, deadline=None)
@given(st.text("abcdefgh", min_size=1, max_size=6), st.integers(0, 10_000), st.integers(2, 4))
def test_every_spellcrafter_choice_is_accepted_and_every_legal_action_listed(seed, draw, players):
    from referee.spellcrafter.setup import Setup

    rules = game("spell").load_rules()
    setup = Setup.build(("Anna", "Bram", "Cees", "Daan")[:players], seed=seed)
    play_out(rules, rules.start(setup), random.Random(draw), 70)


def test_a_smoorverliefd_match_with_blinde_liefde_and_cupido_is_played_from_decisions_alone():
    """Bids from every seat (each its own), the cards, and the next round's cursed suit
    named by its dealer: every entry taken from the seats' decisions."""
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="kale", variants=["blinde-liefde", "cupido"]))
    rng = random.Random(7)
    kinds = []
    while state.current.number < 3 and state.outcome is None:
        seats = [(seat, d) for seat in range(4) for d in rules.decisions(state, seat)]
        assert seats, "a seat always has a decision while the match goes on"
        seat, decision = rng.choice(seats)
        kinds.append(decision.kind)
        state = entered(rules, state, seat, dict(rng.choice(decision.choices)))
    assert state.current.number == 3
    assert kinds.count("bid") == 8 and kinds.count("curse") == 1 and kinds.count("play") == 2 * 52


def test_every_seat_bids_at_once_and_no_seat_sees_another_bid_before_all_are_in():
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees"], seed="kale", variants=["blinde-liefde"]))
    bids = {seat: rules.decisions(state, seat) for seat in range(3)}
    assert all(d[0].kind == "bid" and d[0].together and len(d[0].choices) == 14 for d in bids.values())
    state = entered(rules, state, 1, {"kind": "bid", "bids": {"Bram": 4}})
    assert rules.decisions(state, 1) == ()  # Bram has bid
    assert [d.kind for d in rules.decisions(state, 0)] == ["bid"]
    public, anna, bram = rules.view(state, None), rules.view(state, 0), rules.view(state, 1)
    assert public.bids is None and public.bidding == (False, True, False)
    assert anna.own_bid is None and bram.own_bid == 4
    for seat in (0, 2):
        state = entered(rules, state, seat, {"kind": "bid", "bids": {rules.seats(state)[seat]: 2}})
    assert rules.view(state, None).bids == (2, 4, 2)


def test_a_player_bids_once_a_round():
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees"], seed="kale", variants=["blinde-liefde"]))
    state = entered(rules, state, 1, {"kind": "bid", "bids": {"Bram": 4}})
    again = rules.decode(state, {"kind": "bid", "bids": {"Bram": 5}})
    refused = rules.refusal(state, again)
    assert refused is not None and refused.rule.name == "BID_GIVEN"
    with pytest.raises(NotYourDecision):
        seat_entry(rules, 1, {"kind": "bid", "bids": {"Bram": 5}})(state)


def test_the_dealer_names_the_cursed_suit_from_four_choices():
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="kale", variants=["cupido"]))
    state = play_out(rules, state, random.Random(3), 52, check=False)
    dealer = state.current.dealer
    curse = [d for d in rules.decisions(state, dealer) if d.kind == "curse"]
    assert len(curse) == 1 and sorted(c["suit"] for c in curse[0].choices) == ["C", "D", "H", "S"]
    assert all(not rules.decisions(state, seat) for seat in range(4) if seat != dealer)


def test_a_seat_cannot_send_another_seats_choice_or_fill_its_form():
    from referee.spellcrafter.setup import Setup

    rules = game("spell").load_rules()
    state = rules.start(Setup.build(("Anna", "Bram", "Cees"), seed="kale"))
    anna_pick = rules.decisions(state, 0)[0].choices[0]
    with pytest.raises(NotYourDecision):
        seat_entry(rules, 1, dict(anna_pick))(state)
    state = play_out(rules, state, random.Random(1), 21, check=False)
    form = next(d for d in rules.decisions(state, 0) if d.kind == "word").form
    assert form is not None and form.event == {"kind": "word", "player": "Anna", "round": 1}
    with pytest.raises(NotYourDecision):  # Bram fills Anna's form
        seat_entry(rules, 1, {**form.event, "cards": ["K4m", "I1m", "T1m"]})(state)
    with pytest.raises(NotYourDecision):  # a key the form does not have
        seat_entry(rules, 0, {**form.event, "cards": ["K4m"], "round": 2})(state)


def test_a_word_form_offers_only_the_seats_own_cards_and_the_jumper():
    from referee.spellcrafter.setup import Setup

    rules = game("spell").load_rules()
    state = play_out(rules, rules.start(Setup.build(("Anna", "Bram", "Cees"), seed="kale")), random.Random(1), 21, check=False)
    for seat in range(3):
        form = next(d for d in rules.decisions(state, seat) if d.kind == "word").form
        assert form is not None
        own = rules.view(state, seat).draft.selected[seat]
        cards = form.constraint("from")
        assert sorted(cards[:-1]) == sorted(str(card) for card in own) and cards[-1].startswith("*")
        assert form.constraint("min_letters") == 3


def test_a_fair_games_only_decision_is_the_due_seats_word_of_entropy(tmp_path):
    from dataclasses import replace

    from referee.fair.scheme import Fair, commitment, new_secret
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    secret = new_secret()
    setup = replace(Setup.build(["Anna", "Bram", "Cees", "Daan"]), fair=Fair(commitment(secret), secret, 4))
    state = rules.start(setup)
    assert [d.kind for d in rules.decisions(state, 0)] == ["entropy"]
    assert all(rules.decisions(state, seat) == () for seat in (1, 2, 3))
    form = rules.decisions(state, 0)[0].form
    assert form is not None
    state = rules.apply(state, seat_entry(rules, 0, {**form.event, "word": "kiwi"})(state)).state
    assert [d.kind for d in rules.decisions(state, 1)] == ["entropy"] and rules.decisions(state, 0) == ()


def test_decisions_json_words_every_prompt_and_choice_in_dutch():
    from referee.i18n import speaking
    from referee.smoorverliefd.setup import Setup

    spec = game("smoor")
    rules, voice = spec.load_rules(), spec.load_voice()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="kale", variants=["blinde-liefde"]))
    with speaking("nl"):
        found = decisions_json(rules, voice, state, 2)
        situation = voice.situation(state)
    bid = found[0]
    choices, labels, prompt = bid["choices"], bid["labels"], bid["prompt"]
    assert isinstance(choices, list) and isinstance(labels, list) and isinstance(prompt, str)
    assert bid["kind"] == "bid" and bid["together"] is True
    assert choices[3] == {"kind": "bid", "bids": {"Cees": 3}} and labels[3] == "3"
    assert "hoeveel" in prompt.lower()
    assert situation.startswith("Ronde 1") and "Cees" in situation


def test_a_refused_choice_changes_nothing(tmp_path):
    """A choice sent after the state moved on is refused by the one savefile engine,
    and the file keeps its bytes."""
    from referee import savefile
    from referee.smoorverliefd.setup import Setup

    rules = game("smoor").load_rules()
    setup = Setup.build(["Anna", "Bram", "Cees"], seed="kale", variants=["blinde-liefde"])
    path = tmp_path / "m.toml"
    savefile.create(path, rules, setup)  # a seeded game: no secret
    first = seat_entry(rules, 0, {"kind": "bid", "bids": {"Anna": 1}})
    savefile.record(path, rules, first)
    before = path.read_bytes()
    again = seat_entry(rules, 0, {"kind": "bid", "bids": {"Anna": 2}})
    with pytest.raises(RefereeError):
        savefile.record(path, rules, again)
    assert path.read_bytes() == before


def test_no_seat_enters_a_word_judged_against_cards_it_may_not_see():
    """A game dealt by the referee but drafted with real cards judges a word against the
    round's dealt cards: a seat's refused word would tell it who holds what, so no seat is
    offered a word there (the table types it, `spell word`), and a word sent anyway is
    refused in the same words whatever the hands hold. With physical cards (nothing
    dealt) and in a game drafted through the referee a seat spells its word itself."""
    from referee.spellcrafter.setup import Setup

    rules = game("spell").load_rules()
    for seed in ("kale", "mast"):
        laid_out = rules.start(Setup.build(("Anna", "Bram", "Cees"), seed=seed, draft=False))
        assert [d.kind for d in rules.decisions(laid_out, 0)] == ["pass"]
        with pytest.raises(NotYourDecision) as refused:
            seat_entry(rules, 0, {"kind": "word", "player": "Anna", "round": 1, "cards": ["K4m", "I1m", "T1m"]})(laid_out)
        assert str(refused.value) == "word is not one of your choices now; look again"
    physical = rules.start(Setup.build(("Anna", "Bram", "Cees")))
    form = next(d for d in rules.decisions(physical, 0) if d.kind == "word").form
    assert form is not None and form.constraint("from") is None


def test_the_readmes_bid_example_is_what_the_server_answers(tmp_path):
    """README, "Every decision is data": Bram's decisions at the start of a match with
    blinde liefde, his bid posted as listed, and the same words for anything else."""
    from starlette.testclient import TestClient

    from referee import savefile
    from referee.smoorverliefd.setup import Setup
    from referee.web.server import SEAT_COOKIE, Served, create_app

    spec = game("smoor")
    path = tmp_path / "night.toml"
    savefile.create(path, spec.load_rules(), Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="kale", variants=["blinde-liefde", "cupido"]))
    served = Served(path, spec, "en")
    client = TestClient(create_app(served), base_url="http://127.0.0.1")
    client.cookies.set(SEAT_COOKIE, served.links.tokens[1])
    answer = client.get("/api/seat").json()
    assert answer["situation"] == "Round 1 — Anna deals; waiting for the bids of Anna, Bram, Cees and Daan"
    [bid] = answer["decisions"]
    assert bid["kind"] == "bid" and bid["together"] is True and bid["prompt"] == "Your bid: how many hearts will you take this round?"
    assert bid["choices"] == [{"kind": "bid", "bids": {"Bram": n}} for n in range(14)] and bid["labels"] == [str(n) for n in range(14)]
    recorded = client.post("/api/seat/bid", json={"kind": "bid", "bids": {"Bram": 3}})
    assert recorded.status_code == 200 and recorded.json()["situation"] == "Round 1 — Anna deals; waiting for the bids of Anna, Cees and Daan"
    before = path.read_bytes()
    for other in ({"kind": "bid", "bids": {"Bram": 4}}, {"kind": "bid", "bids": {"Anna": 2}}, {"kind": "play", "player": "Bram", "card": "AS"}):
        refused = client.post(f"/api/seat/{other['kind']}", json=other)
        assert refused.status_code == 409 and refused.json()["error"] == f"{other['kind']} is not one of your choices now; look again"
    assert path.read_bytes() == before
