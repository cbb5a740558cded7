"""The draft through the referee from the command line and table mode (issue 24): `spell
pick`, `spell hand`, `spell new --no-draft / --craft-time / --teams`, the draft and the
crafting clock on every screen, completion of the cards a seat may pick, and the table
told once when the time is up."""

from __future__ import annotations

import re
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from conftest import installed_referee
from spell_play import draft_round, next_pick, selected

from referee import savefile
from referee.moments import stamp
from referee.spellcrafter.clock import ends, remaining
from referee.spellcrafter.ruleset import RULES

NAMES = ("Anna", "Bram", "Cees", "Daan")
T0 = datetime(2026, 12, 2, 20, 0, 0, tzinfo=timezone.utc)


def state(path: Path) -> Any:
    return savefile.load(path, RULES).state


def hands(path: Path) -> list[tuple[str, ...]]:
    draft = state(path).draft_of(state(path).current_number)
    return [tuple(str(card) for card in hand) for hand in draft.hands]


@pytest.fixture
def drafted(referee: Any, tmp_path: Path) -> Path:
    path = tmp_path / "g.toml"
    assert referee("spell", "new", str(path), *NAMES, "--seed", "amber").exit_code == 0
    return path


@pytest.fixture
def pair(referee: Any, tmp_path: Path) -> Path:
    path = tmp_path / "two.toml"
    assert referee("spell", "new", str(path), "Anna", "Bram", "--seed", "amber").exit_code == 0
    return path


# --- spell pick ------------------------------------------------------------------------------


def test_players_keep_one_card_of_their_hand_and_the_pick_records_when(referee, drafted, monkeypatch):
    monkeypatch.setattr("referee.moments.now", lambda: T0 + timedelta(microseconds=700))
    card = hands(drafted)[0][3]
    result = referee("spell", "pick", str(drafted), "an", card)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.splitlines() == [
        f"Anna keeps {card} (pick 1 of 7).",
        "Round 1 of 4 — pass left — Jumper R1f — pick 1 of 7: Anna has picked; waiting for Bram, Cees and Daan to pick",
    ]
    assert savefile.load(drafted, RULES).events[-1] == {"kind": "pick", "player": "Anna", "card": card, "at": "2026-12-02T20:00:00Z"}


def test_once_everyone_has_selected_a_card_the_hands_pass_to_the_left(referee, drafted):
    before = hands(drafted)
    for seat, name in enumerate(NAMES):
        answer = referee("spell", "pick", str(drafted), name, before[seat][0])
    assert "Daan keeps" in answer.stdout and "Everyone has picked: the hands are passed to the left." in answer.stdout
    assert "pick 2 of 7: waiting for Anna, Bram, Cees and Daan to pick" in answer.stdout
    assert hands(drafted)[1] == before[0][1:]  # Anna's hand goes to Bram, on her left


def test_a_seat_that_has_picked_waits_and_the_file_is_unchanged(referee, drafted):
    first = hands(drafted)[0]
    referee("spell", "pick", str(drafted), "Anna", first[0])
    before = drafted.read_bytes()
    again = referee("spell", "pick", str(drafted), "Anna", first[1])
    assert again.exit_code == 1
    assert again.stderr == "referee: Anna has made pick 1; the hands are passed when Bram, Cees and Daan have picked too\n"
    assert drafted.read_bytes() == before


@pytest.mark.parametrize(
    ("words", "code", "says"),
    [
        (["Bram", "K66m"], 2, "K66m is not a card of this game's deck"),
        (["Bram", "K4x"], 2, "unknown suit 'x'"),
        (["Zed", "K6m"], 2, "Zed"),
        (["Bram", "*Y4f"], 2, "is the Jumper, which lies on the table: pick a card of the hand"),
        (["Bram", "--discard", "A1m"], 2, "missing argument"),
    ],
)
def test_a_pick_that_cannot_be_read_is_exit_2_and_changes_nothing(referee, drafted, words, code, says):
    before = drafted.read_bytes()
    result = referee("spell", "pick", str(drafted), *words)
    assert result.exit_code == code and says in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert drafted.read_bytes() == before


def test_a_card_not_in_the_hand_now_is_refused_with_exit_1(referee, drafted):
    not_held = next(card for card in ("K6m", "Z10m", "A1m", "E1s") if card not in hands(drafted)[1])
    before = drafted.read_bytes()
    result = referee("spell", "pick", str(drafted), "Bram", not_held)
    assert result.exit_code == 1 and result.stderr == f"referee: {not_held} is not in Bram's hand at pick 1\n"
    assert drafted.read_bytes() == before


def test_a_pick_and_its_discard_are_written_in_one_word_as_the_pick_notation_says(referee, pair):
    """`pick FILE Anna K6m/E1s` is `pick FILE Anna K6m --discard E1s`
    (:meth:`referee.spellcrafter.actions.PickCard.notation`); naming the discard both ways
    is refused (exit 2) and changes nothing."""
    hand = hands(pair)[0]
    before = pair.read_bytes()
    twice = referee("spell", "pick", str(pair), "Anna", f"{hand[0]}/{hand[1]}", "--discard", hand[2])
    assert twice.exit_code == 2 and "leave out --discard" in twice.stderr and pair.read_bytes() == before
    done = referee("spell", "pick", str(pair), "an", f"{hand[0].lower()}/{hand[1]}", "--json")
    assert done.exit_code == 0, done.stderr
    assert (done.json()["pick"]["card"], done.json()["pick"]["discard"]) == (hand[0], hand[1])


@pytest.mark.slow
def test_with_two_players_each_pick_also_discards_a_card(referee, pair):
    hand = hands(pair)[0]
    refused = referee("spell", "pick", str(pair), "Anna", hand[0])
    assert refused.exit_code == 1 and "each pick also discards a card" in refused.stderr
    done = referee("spell", "pick", str(pair), "Anna", hand[0], "--discard", hand[1], "--json")
    assert done.exit_code == 0
    document = done.json()
    assert document["pick"] == {"player": "Anna", "card": hand[0], "discard": hand[1], "pick": 1, "passed": False,
                                "laid_down": None, "completes": False}  # fmt: skip
    assert document["draft"]["picked"] == ["Anna"] and document["draft"]["selected"] == [None, None]  # public: not what
    typed = draft_round(referee, pair)
    assert len(typed) == 13 and all("--discard" in words for words in typed[:11]) and "--discard" not in typed[-1]
    draft = state(pair).draft_of(1)
    assert [len(cards) for cards in draft.selected] == [7, 7] and [len(cards) for cards in draft.discarded] == [6, 6]


@pytest.mark.slow
def test_words_come_from_the_seats_7_selected_cards_once_the_draft_is_over(referee, drafted):
    early = referee("spell", "word", str(drafted), "Anna", "K6m", "I1m", "T1m")
    assert early.exit_code == 1 and "the draft of round 1 is not over" in early.stderr
    last = draft_round(referee, drafted)[-1]
    assert len(last) == 2
    letters = [str(card) for card in selected(drafted, 0) if card.is_letter][:3]
    other = next(str(card) for card in selected(drafted, 1) if card.is_letter and str(card) not in letters)
    refused = referee("spell", "word", str(drafted), "Anna", *letters[:2], other)
    assert refused.exit_code == 1 and f"{other} is not among Anna's 7 selected cards in round 1" in refused.stderr
    assert referee("spell", "word", str(drafted), "Anna", *letters).exit_code in (0, 1)  # a word of her cards is judged on its own


@pytest.mark.slow
def test_the_last_pick_lays_down_the_last_card_and_starts_the_clock(referee, drafted, monkeypatch):
    monkeypatch.setattr("referee.moments.now", lambda: T0)
    while (words := next_pick(state(drafted))) is not None:
        answer = referee("spell", "pick", str(drafted), *words)
    assert "The draft of round 1 is over: craft your words." in answer.stdout
    assert "is laid face down as the Jumper's stand-in." in answer.stdout
    assert answer.stdout.rstrip().endswith("waiting for Anna, Bram, Cees, Daan — 2:00 left to craft the words")
    assert state(drafted).craft_clock(1) == ("2026-12-02T20:00:00Z", 120)
    monkeypatch.setattr("referee.moments.now", lambda: T0 + timedelta(seconds=37.5))
    assert "— 1:23 left to craft the words" in referee("spell", "show", str(drafted)).stdout
    monkeypatch.setattr("referee.moments.now", lambda: T0 + timedelta(minutes=5))
    assert "— time is up for crafting" in referee("spell", "show", str(drafted)).stdout


def test_a_game_with_physical_cards_has_no_draft(referee, tmp_path):
    path = tmp_path / "p.toml"
    referee("spell", "new", str(path), *NAMES)
    before = path.read_bytes()
    result = referee("spell", "pick", str(path), "Anna", "K6m")
    assert result.exit_code == 2 and "this game has no draft through the referee" in result.stderr
    assert path.read_bytes() == before
    assert "the table plays with its own cards" in referee("spell", "hand", str(path), "Anna").stdout
    assert referee("spell", "word", str(path), "Anna", "K6m", "I1m", "T1m").exit_code == 0


def test_a_fair_game_deals_its_cards_once_every_player_has_given_a_word(referee, tmp_path):
    path = tmp_path / "fair.toml"
    assert referee("spell", "new", str(path), *NAMES, "--fair").exit_code == 0
    shown = referee("spell", "hand", str(path), "Bram").stdout
    assert shown == "Bram: the cards are dealt once every player has given a word of entropy.\n"


@pytest.mark.slow
def test_the_installed_command_records_a_pick(tmp_path):
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([installed_referee(), "spell", *args], capture_output=True, text=True, cwd=tmp_path, timeout=60)

    assert run("new", "g.toml", "Anna", "Bram", "Cees", "--seed", "amber").returncode == 0
    card = hands(tmp_path / "g.toml")[2][0]
    done = run("pick", "g.toml", "Cees", card)
    assert done.returncode == 0 and done.stdout.startswith(f"Cees keeps {card} (pick 1 of 7).")
    at = savefile.load(tmp_path / "g.toml", RULES).events[-1]["at"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", at)


# --- spell hand and show: private stays private --------------------------------------------------


def test_spell_hand_shows_that_seat_its_own_cards_only(referee, drafted):
    every = hands(drafted)
    shown = referee("spell", "hand", str(drafted), "bram")
    assert shown.exit_code == 0
    assert shown.stdout.splitlines()[:2] == ["Bram, round 1: pick 1 of 7, passing left", "Hand to pick from: " + " ".join(every[1])]
    assert "Bram picks now: keep one card of the hand" in shown.stdout
    assert not any(" ".join(hand) in shown.stdout for seat, hand in enumerate(every) if seat != 1)
    document = referee("spell", "hand", str(drafted), "bram", "--json").json()
    assert document["draft"]["hand"] == list(every[1]) and document["draft"]["selected"] == [None] * 4  # own pile face down too
    assert document["draft"]["counts"] == [0] * 4
    assert referee("spell", "hand", str(drafted), "zed").exit_code == 2


def test_show_says_who_has_picked_not_what(referee, drafted):
    card = hands(drafted)[2][0]
    referee("spell", "pick", str(drafted), "Cees", card)
    public = referee("spell", "show", str(drafted))
    assert "pick 1 of 7: Cees has picked; waiting for Anna, Bram and Daan to pick" in public.stdout
    assert not any(str(c) in public.stdout for hand in hands(drafted) for c in hand if str(c) != "R1f")
    document = referee("spell", "show", str(drafted), "--json").json()
    assert document["draft"]["picked"] == ["Cees"] and document["draft"]["counts"] == [0, 0, 1, 0]
    assert "hand" not in document["draft"] and document["draft"]["selected"] == [None] * 4


def test_show_by_a_player_prints_only_that_players_draft(referee, drafted):
    card = hands(drafted)[2][0]
    referee("spell", "pick", str(drafted), "Cees", card)
    mine = referee("spell", "show", str(drafted), "--by", "cees")
    assert "Selected: 1 card, face down until the draft is over" in mine.stdout and "waiting for Anna, Bram and Daan to pick" in mine.stdout
    theirs = referee("spell", "show", str(drafted), "--by", "anna").stdout
    assert "Selected: —" in theirs and "Hand to pick from: " + " ".join(hands(drafted)[0]) in theirs
    document = referee("spell", "show", str(drafted), "--by", "cees", "--json").json()
    assert document["seat"] == "Cees" and document["draft"]["selected"] == [None] * 4 and document["draft"]["counts"] == [0, 0, 1, 0]


def test_select_one_card_to_keep_by_placing_it_in_a_pile_face_down(referee, drafted):
    """"Select one card to keep by placing it in a pile face down": while the draft goes
    on not even the seat's own selected cards are shown, only how many."""
    first = hands(drafted)
    for seat, name in enumerate(NAMES):
        referee("spell", "pick", str(drafted), name, first[seat][0])
    referee("spell", "pick", str(drafted), "Anna", hands(drafted)[0][0])
    shown = referee("spell", "hand", str(drafted), "anna").stdout
    assert "Selected: 2 cards, face down until the draft is over" in shown and first[0][0] not in shown.split("Hand to pick from: ")[0]
    assert not any(line.startswith("Selected:") and first[0][0] in line for line in shown.splitlines())


@pytest.mark.slow
def test_when_the_draft_is_complete_players_may_look_at_their_selected_cards(referee, drafted):
    draft_round(referee, drafted)
    shown = referee("spell", "hand", str(drafted), "bram").stdout
    assert "Selected: " + " ".join(str(card) for card in selected(drafted, 1)) in shown
    assert "Last card, face down (stands for the Jumper): " + str(state(drafted).draft_of(1).last[1]) in shown
    document = referee("spell", "hand", str(drafted), "bram", "--json").json()
    assert document["draft"]["selected"][1] == [str(card) for card in selected(drafted, 1)] and document["draft"]["selected"][0] is None


def test_players_also_keep_any_selected_cards_face_up_in_front_of_them(referee, tmp_path):
    """Friendly Rules: every seat's selected cards are face up, on every text screen."""
    path = tmp_path / "f.toml"
    assert referee("spell", "new", str(path), *NAMES, "--seed", "amber", "--friendly").exit_code == 0
    first = hands(path)
    referee("spell", "pick", str(path), "Cees", first[2][0])
    public = referee("spell", "show", str(path)).stdout
    assert f"Cees's selected cards, face up: {first[2][0]}" in public and "Anna's selected cards, face up: —" in public
    mine = referee("spell", "hand", str(path), "cees").stdout
    assert f"Selected: {first[2][0]}" in mine and "Cees's selected cards" not in mine
    theirs = referee("spell", "show", str(path), "--by", "anna").stdout
    assert "Selected: —" in theirs and f"Cees's selected cards, face up: {first[2][0]}" in theirs


# --- spell new -----------------------------------------------------------------------------------


def test_no_draft_lays_real_cards_out_from_the_deal(referee, tmp_path):
    path = tmp_path / "r.toml"
    made = referee("spell", "new", str(path), *NAMES, "--seed", "amber", "--no-draft")
    assert "drafted with real cards laid out from the deal" in made.stdout
    assert "waiting for Anna, Bram, Cees, Daan" in made.stdout and "to pick" not in made.stdout
    assert not state(path).drafted and savefile.load(path, RULES).setup.get("draft") is None
    assert referee("spell", "pick", str(path), "Anna", hands_dealt(path)[0][0]).exit_code == 2


def hands_dealt(path: Path) -> list[list[str]]:
    dealt = state(path).deal(1)
    return [[str(card) for card in hand] for hand in dealt.hands]


def test_craft_time_changes_the_clock(referee, tmp_path):
    path = tmp_path / "c.toml"
    made = referee("spell", "new", str(path), *NAMES, "--seed", "amber", "--craft-time", "90", "--json")
    assert made.exit_code == 0 and made.json()["craft_time"] == 90 and made.json()["drafted"]
    assert "drafted through the referee, 1:30 to craft" in referee("spell", "show", str(path)).stdout


@pytest.mark.slow
def test_friendly_rules_have_no_clock(referee, tmp_path):
    path = tmp_path / "f.toml"
    made = referee("spell", "new", str(path), *NAMES, "--seed", "amber", "--friendly", "--json").json()
    assert made["craft_time"] is None and made["drafted"]
    draft_round(referee, path)
    assert "left to craft" not in referee("spell", "show", str(path)).stdout


@pytest.mark.parametrize(
    ("options", "says"),
    [
        (["--craft-time", "60"], "--craft-time sets the clock of a game drafted through the referee"),
        (["--seed", "s", "--no-draft", "--craft-time", "60"], "--craft-time sets the clock of a game drafted through the referee"),
        (["--no-draft"], "--no-draft is for a game the referee deals"),
        (["--seed", "s", "--friendly", "--craft-time", "60"], "the friendly rules have no time limit for crafting"),
        (["--seed", "s", "--craft-time", "0"], "the crafting time is 1 to 3600 seconds, not 0"),
    ],
)
def test_craft_time_and_no_draft_need_a_game_the_referee_deals(referee, tmp_path, options, says):
    path = tmp_path / "x.toml"
    result = referee("spell", "new", str(path), *NAMES, *options)
    assert result.exit_code == 2 and says in result.stderr and len(result.stderr.splitlines()) == 1
    assert not path.exists()


def test_teams_make_each_team_one_seat_named_by_its_members(referee, tmp_path):
    path = tmp_path / "t.toml"
    made = referee("spell", "new", str(path), "Anna+Bram", "Cees+Daan", "Eva+Fien", "--teams")
    assert made.stdout.splitlines()[0] == f"New game in {path}: team Anna and Bram, team Cees and Daan, team Eva and Fien"
    assert "3 teams" in made.stdout.splitlines()[1]
    word = referee("spell", "word", str(path), "bram", "K6m", "I1m", "T1m")
    assert word.stdout.startswith("team Anna and Bram: KIT 16 points")
    assert "Totals: team Anna and Bram 16 · team Cees and Daan 0 · team Eva and Fien 0" in word.stdout
    assert "waiting for team Cees and Daan, team Eva and Fien" in word.stdout
    sheet = referee("spell", "show", str(path)).stdout
    assert "team Anna and Bram" in sheet
    document = referee("spell", "show", str(path), "--json").json()
    assert document["teams"] == [["Anna", "Bram"], ["Cees", "Daan"], ["Eva", "Fien"]]
    assert [player["name"] for player in document["players"]] == ["Anna+Bram", "Cees+Daan", "Eva+Fien"]
    refused = referee("spell", "word", str(path), "anna", "K6m", "I1m", "T1m")
    assert refused.exit_code == 1 and "team Anna and Bram already has a word in round 1" in refused.stderr


def test_six_players_in_teams_draft_as_three_seats(referee, tmp_path):
    path = tmp_path / "t.toml"
    assert referee("spell", "new", str(path), "Anna+Bram", "Cees+Daan", "Eva+Fien", "--teams", "--seed", "s").exit_code == 0
    picked = referee("spell", "pick", str(path), "fien", hands(path)[2][0])
    assert "team Eva and Fien has picked; waiting for team Anna and Bram and team Cees and Daan to pick" in picked.stdout
    assert "team Eva and Fien, round 1: pick 1 of 7" in referee("spell", "hand", str(path), "eva").stdout


# --- the crafting clock --------------------------------------------------------------------------


def test_the_crafting_clock_counts_down_from_the_pick_that_ended_the_draft():
    at = stamp(T0)
    assert at == "2026-12-02T20:00:00Z" and stamp(T0.astimezone(timezone(timedelta(hours=1)))) == at
    assert remaining(at, 120, T0) == 120
    assert remaining(at, 120, T0 + timedelta(seconds=0.4)) == 120  # 1:59.6 shows as 2:00
    assert remaining(at, 120, T0 + timedelta(seconds=37)) == 83
    assert remaining(at, 120, T0 + timedelta(seconds=119.9)) == 1
    assert remaining(at, 120, T0 + timedelta(seconds=120)) == 0
    assert remaining(at, 120, T0 + timedelta(hours=3)) == 0  # never below zero
    assert remaining(at, 120, T0 - timedelta(seconds=30)) == 120  # a clock read on a machine whose time is behind
    assert remaining("yesterday", 120, T0) is None and ends(at, 90) == T0 + timedelta(seconds=90)


@pytest.mark.slow
def test_the_status_line_shows_the_draft_then_the_clock_counting_down(referee, drafted):
    from referee.cli.spell_table import status_at

    first = [line.plain for line in status_at(state(drafted), T0)]
    assert first[0].endswith("pick 1 of 7: waiting for Anna, Bram, Cees and Daan to pick")
    draft_round(referee, drafted)
    game = state(drafted)
    start = datetime.fromisoformat(game.craft_clock(1)[0].replace("Z", "+00:00"))
    assert status_at(game, start + timedelta(seconds=7))[0].plain.endswith("— 1:53 left to craft the words")
    assert status_at(game, start + timedelta(seconds=200))[0].plain.endswith("— time is up for crafting")
    assert status_at(game, start)[1].plain == "Totals: Anna 0 · Bram 0 · Cees 0 · Daan 0"


def test_the_table_is_told_once_when_the_time_is_up():
    from referee.table.hooks import Countdown
    from referee.table.status import Alarm, seconds_left

    clock = Countdown(start=stamp(T0), seconds=120, over="Time is up: 2 minutes are over for round 1.")
    alarm = Alarm(opened=T0)
    assert clock.ends == T0 + timedelta(seconds=120)
    assert alarm.due(clock, T0 + timedelta(seconds=119)) is None
    assert seconds_left(clock, T0 + timedelta(seconds=119.5)) == 1
    assert seconds_left(clock, T0 - timedelta(seconds=30)) == 120  # never above the time it runs (a clock behind)
    assert alarm.due(clock, T0 + timedelta(seconds=121)) == clock.over
    assert alarm.due(clock, T0 + timedelta(seconds=122)) is None  # once
    later = Countdown(start=stamp(T0 + timedelta(minutes=28)), seconds=120, over="Time is up: 2 minutes are over for round 2.")
    assert alarm.due(later, T0 + timedelta(minutes=31)) == later.over  # the next round's clock: told again
    assert Alarm(opened=T0 + timedelta(hours=1)).due(clock, T0 + timedelta(hours=2)) is None  # over before the session


def test_the_time_is_up_is_worded_in_minutes_or_seconds():
    from referee.spellcrafter.voice import time_up_words

    assert time_up_words(2, 120) == "Time is up: 2 minutes are over for round 2."
    assert time_up_words(1, 60) == "Time is up: 1 minute is over for round 1."
    assert time_up_words(3, 45) == "Time is up: 45 seconds are over for round 3."


@pytest.mark.slow
def test_a_session_tells_the_table_once_with_the_bell_when_the_time_is_up(referee, drafted, monkeypatch, capsys):
    """The clock's end is printed above the next prompt once, with the terminal's bell;
    no word is refused for being late."""
    from table_helpers import drive

    from referee.table import status

    draft_round(referee, drafted)
    start = datetime.fromisoformat(state(drafted).craft_clock(1)[0].replace("Z", "+00:00"))
    times = iter([start])  # the session opens as the clock starts; every later look is after its end
    monkeypatch.setattr(status, "utc_now", lambda: next(times, start + timedelta(minutes=3)))
    capsys.readouterr()
    letters = [str(card) for card in selected(drafted, 0) if card.is_letter][:3]
    assert drive(drafted, "show\n" + "word Anna " + " ".join(letters) + "\n\x04") == 0
    out = capsys.readouterr().out
    assert out.count("Time is up: 2 minutes are over for round 1.\n\a") == 1
    assert savefile.load(drafted, RULES).events[-1]["kind"] == "word"


# --- completion ------------------------------------------------------------------------------------


def test_table_mode_completes_the_seats_to_pick_then_the_cards_of_that_seats_hand(referee, pair, monkeypatch):
    from referee.cli.table import open_session
    from referee.table.complete import candidates

    monkeypatch.chdir(pair.parent)
    table = open_session(pair)
    hand = hands(pair)[0]
    assert candidates(table, "pick ") == ["Anna", "Bram"]
    assert sorted(candidates(table, "pick Anna ")) == sorted(set(hand))
    rest = list(hand)
    rest.remove(hand[0])
    assert sorted(candidates(table, f"pick Anna {hand[0]} --discard ")) == sorted(set(rest))
    assert candidates(table, "hand ") == ["Anna", "Bram"]
    assert candidates(table, "word ") == []  # words wait for the draft
    assert table.answer(f"pick Anna {hand[0]} --discard {hand[1]}") == 0
    assert candidates(table, "pick ") == ["Bram"]
    assert candidates(table, "pick Anna ") == []


@pytest.mark.slow
def test_the_shell_completes_the_cards_of_the_pickers_hand(referee, drafted):
    from test_completion import complete

    hand = hands(drafted)[1]
    assert complete("referee spell pick g.toml ", drafted.parent) == list(NAMES)
    assert sorted(complete("referee spell pick g.toml Bram ", drafted.parent)) == sorted(set(hand))
