"""`referee smoor play FILE PLAYER CARD` (Dutch `speel`): one card of a trick from the
command line and table mode, through the real CLI and real files."""

from __future__ import annotations

import json

import pytest

from conftest import without_redo
from referee import savefile
from referee.cards import french_deck
from referee.cli.table import open_session
from referee.smoorverliefd.ruleset import RULES
from referee.table.complete import candidates
from referee.table.status import lines

# Seed "demo", Anna deals, Bram leads; Bram holds 10♣ 3♣, Cees 4♣ A♣, Daan 9♣…, Anna Q♣…
FOUR = ("Anna", "Bram", "Cees", "Daan")


@pytest.fixture
def cards(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert referee("smoor", "new", "cards.toml", *FOUR, "--seed", "demo").exit_code == 0
    return tmp_path / "cards.toml"


@pytest.fixture(autouse=True)
def _private_state(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path_factory.mktemp("state")))


def test_a_card_played_says_who_is_to_play_and_the_status_shows_the_trick_so_far(referee, cards):
    result = referee("smoor", "play", str(cards), "bram", "10c")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["Bram plays 10♣; Cees to play", "Round 1 — Anna deals; trick 1: 10♣ — Cees to play"]
    assert savefile.load(cards, RULES).events[-1] == {"kind": "play", "player": "Bram", "card": "10C"}


def test_the_last_card_completes_the_trick_as_the_trick_command_answers(referee, cards, tmp_path):
    for player, card in (("Bram", "10C"), ("Cees", "4C"), ("Daan", "9C")):
        assert referee("smoor", "play", str(cards), player, card).exit_code == 0
    last = referee("smoor", "play", str(cards), "Anna", "QC")
    assert last.exit_code == 0
    assert last.stdout.splitlines() == ["Trick 1: 10♣ 4♣ 9♣ Q♣ — Anna wins with Q♣", "Round 1 — Anna deals; trick 2: Anna leads"]
    whole = tmp_path / "whole.toml"
    referee("smoor", "new", str(whole), *FOUR, "--seed", "demo")
    assert referee("smoor", "trick", str(whole), "10C", "4C", "9C", "QC").stdout == last.stdout
    assert savefile.load(whole, RULES).state == savefile.load(cards, RULES).state


def test_play_json_says_the_card_and_who_is_to_play_then_the_trick(referee, cards):
    first = referee("smoor", "play", str(cards), "Bram", "10C", "--json").json()
    assert first["play"] == {"player": "Bram", "card": "10C", "trick": 1, "to_play": "Cees"} and first["trick_complete"] is False
    assert first["current_round"]["trick_so_far"] == ["10C"] and first["current_round"]["to_play"] == "Cees"
    referee("smoor", "play", str(cards), "Cees", "4C")
    referee("smoor", "play", str(cards), "Daan", "9C")
    last = referee("smoor", "play", str(cards), "Anna", "QC", "--json").json()
    assert last["play"] == {"player": "Anna", "card": "QC"} and last["trick_complete"] is True
    assert last["trick"] == {"number": 1, "leader": "Bram", "cards": ["10C", "4C", "9C", "QC"], "winner": "Anna"}
    assert last["round_complete"] is False and last["revokes"] == []
    assert last["current_round"]["trick_so_far"] == [] and last["current_round"]["to_play"] == "Anna"


@pytest.mark.parametrize(
    "args, code, says",
    [
        (("Daan", "9C"), 1, "trick 1: it is Bram's turn to play, not Daan's"),
        (("Bram", "9C"), 1, "trick 1: Bram does not hold 9♣"),
        (("Zoë", "9C"), 2, "Zoë"),
        (("Bram", "1X"), 2, "1X"),
        (("Bram", "10C 3C"), 2, "expected exactly one card"),
    ],
)
def test_a_refused_play_exits_1_or_2_with_one_line_and_leaves_the_file_byte_for_byte(referee, cards, args, code, says):
    before = cards.read_bytes()
    result = referee("smoor", "play", str(cards), *args)
    assert result.exit_code == code
    assert says in result.stderr and len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr
    assert cards.read_bytes() == before


def test_must_follow_and_a_trick_or_round_entry_while_a_trick_is_half_played_are_refused(referee, cards):
    referee("smoor", "play", str(cards), "Bram", "10C")
    before = cards.read_bytes()
    follow = referee("smoor", "play", str(cards), "Cees", "2S")
    assert follow.exit_code == 1 and "Cees must follow ♣" in follow.stderr
    busy = "trick 1 is being played card by card (1 card so far) and Cees is to play"
    trick = referee("smoor", "trick", str(cards), "10C", "4C", "9C", "QC")
    assert trick.exit_code == 1 and busy in trick.stderr
    quick = referee("smoor", "round", str(cards), "a=13", "--ace", "a")
    assert quick.exit_code == 1 and busy in quick.stderr
    json_refusal = referee("smoor", "play", str(cards), "Daan", "9C", "--json")
    assert json_refusal.exit_code == 1 and "Cees" in json.loads(json_refusal.stdout)["error"]
    assert cards.read_bytes() == before


@pytest.mark.slow
def test_physical_cards_judge_the_turn_and_flag_a_revoke_when_the_trick_is_complete(referee, tmp_path):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), *FOUR, "--revoke-penalty", "5")
    for player, card in (("Bram", "2D"), ("Cees", "3C"), ("Daan", "4D"), ("Anna", "5D"), ("Anna", "6D"), ("Bram", "7D"), ("Cees", "KD")):
        assert referee("smoor", "play", str(path), player, card).exit_code == 0
    again = referee("smoor", "play", str(path), "Daan", "KD")
    assert again.exit_code == 1 and "KD was already played in trick 2 of round 1" in again.stderr
    last = referee("smoor", "play", str(path), "Daan", "9D")
    assert last.exit_code == 1  # recorded, and the revoke flagged, as `trick` does
    assert "Revoke (verzaken): Cees did not follow ♦ in trick 1 of round 1 but played K♦ in trick 2" in last.stdout
    assert savefile.load(path, RULES).events[-1] == {"kind": "play", "player": "Daan", "card": "9D"}


def test_undo_takes_back_one_card_and_redo_puts_it_back(referee, cards):
    referee("smoor", "play", str(cards), "Bram", "10C")
    before = cards.read_bytes()
    referee("smoor", "play", str(cards), "Cees", "4C")
    undone = referee("smoor", "undo", str(cards))
    assert undone.exit_code == 0
    assert "Undone: event 2, play: Cees 4C" in undone.stdout and "trick 1: 10♣ — Cees to play" in undone.stdout
    assert without_redo(cards.read_bytes()) == before
    redone = referee("smoor", "redo", str(cards))
    assert "Redone: event 2, play: Cees 4C" in redone.stdout and "trick 1: 10♣ 4♣ — Daan to play" in redone.stdout


@pytest.mark.slow
def test_history_lists_each_card_in_its_trick(referee, cards):
    for player, card in (("Bram", "10C"), ("Cees", "4C"), ("Daan", "9C"), ("Anna", "QC"), ("Anna", "2C")):
        referee("smoor", "play", str(cards), player, card)
    events = referee("smoor", "history", str(cards), "--json").json()["events"]
    assert [event["summary"] for event in events] == [
        "trick 1: Bram plays 10C", "trick 1: Cees plays 4C", "trick 1: Daan plays 9C",
        "trick 1: 10C 4C 9C QC — Anna wins", "trick 2: Anna plays 2C",
    ]  # fmt: skip
    assert events[0]["event"] == {"kind": "play", "player": "Bram", "card": "10C"} and events[0]["kind"] == "play"
    shown = referee("smoor", "history", str(cards)).stdout
    assert "trick 2: Anna plays 2C" in shown and shown.rstrip().endswith("Round 1 — Anna deals; trick 2: 2♣ — Bram to play")


def test_standings_and_hands_show_the_trick_in_progress_and_the_hands_shrink(referee, cards):
    referee("smoor", "play", str(cards), "Bram", "10C")
    standings = referee("smoor", "standings", str(cards)).stdout
    assert "No round finished yet." in standings and "Round 1 — Anna deals; trick 1: 10♣ — Cees to play" in standings
    hands = referee("smoor", "hands", str(cards), "--json").json()
    assert hands["cards_in_hand"] == {"Anna": 13, "Bram": 12, "Cees": 13, "Daan": 13}
    bram = referee("smoor", "hands", str(cards), "--player", "Bram", "--json").json()["hands"]["Bram"]
    assert "10C" not in bram and len(bram) == 12


@pytest.mark.slow
def test_in_dutch_speel_plays_a_card_and_the_answers_are_dutch(referee, cards):
    result = referee("--lang", "nl", "smoor", "speel", str(cards), "Bram", "10K")  # 10 klaveren
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == ["Bram speelt 10♣; Cees is aan de beurt", "Ronde 1 — Anna deelt; slag 1: 10♣ — Cees is aan de beurt"]
    refused = referee("--lang", "nl", "smoor", "speel", str(cards), "Daan", "9K")
    assert refused.exit_code == 1 and "slag 1: Cees is aan de beurt, niet Daan" in refused.stderr
    busy = referee("--lang", "nl", "smoor", "slag", str(cards), "10C", "4C", "9C", "QC")
    assert "slag 1 wordt kaart voor kaart gespeeld (1 kaart tot nu toe) en Cees is aan de beurt" in busy.stderr
    history = referee("--lang", "nl", "smoor", "geschiedenis", str(cards)).stdout
    assert "slag 1: Bram speelt 10♣" in history
    assert "speel" in referee("--lang", "nl", "smoor", "--help").stdout


# --- table mode -----------------------------------------------------------------------


def test_table_mode_plays_a_card_and_completes_the_player_to_act_then_public_cards(cards):
    table = open_session(cards)
    deck = sorted(str(card) for card in french_deck())
    assert candidates(table, "play ") == ["Bram"]
    assert sorted(candidates(table, "play Bram ")) == deck  # every card not played yet: never Bram's hand
    assert candidates(table, "play Bram 10C ") == []
    assert table.answer("play Bram 10C") == 0
    assert candidates(table, "play ") == ["Cees"]
    assert sorted(candidates(table, "play Cees ")) == [card for card in deck if card != "10C"]
    assert table.answer("speel Daan 9C") == 1
    assert [line.plain for line in lines(table)][0] == "Round 1 — Anna deals; trick 1: 10♣ — Cees to play"


def test_table_mode_completes_nobody_before_the_bids_are_in(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    referee("smoor", "new", "b.toml", *FOUR, "--seed", "demo", "--variant", "blinde-liefde")
    table = open_session(tmp_path / "b.toml")
    assert candidates(table, "play ") == [] and candidates(table, "play Bram ") == []


def test_a_dutch_session_completes_speel_and_dutch_cards(referee, cards):
    from referee import i18n

    i18n.set_language("nl")
    try:
        table = open_session(cards)
        assert "speel" in candidates(table, "sp")
        assert candidates(table, "speel ") == ["Bram"]
        assert "VS" in candidates(table, "speel Bram ")
    finally:
        i18n.set_language("en")
