"""`referee smoor hands`: one seat's view (SPEC §6.6). With --player NAME, that player's
hand; without it, only what is public: how many cards each player holds, and how to ask
for a hand. No public screen prints a private card."""

from __future__ import annotations

import re

import pytest

from referee import savefile
from referee.smoorverliefd.ruleset import RULES


@pytest.fixture
def seeded(tmp_path, referee):
    path = tmp_path / "seeded.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--seed", "views").exit_code == 0
    return path


CARD = re.compile(r"\b(?:10|[2-9JQKA])[SHDC♠♥♦♣]")


def test_hands_without_a_player_shows_the_counts_and_how_to_ask_never_a_card(referee, seeded):
    result = referee("smoor", "hands", str(seeded))
    assert result.exit_code == 0, result.stderr
    assert "--player NAME" in result.stdout and "17" in result.stdout
    assert not CARD.search(result.stdout), result.stdout
    document = referee("smoor", "hands", str(seeded), "--json").json()
    assert document == {"round": 1, "player": None, "hands": {}, "cards_in_hand": {"Anna": 17, "Bram": 17, "Cees": 17}}


def test_hands_with_a_player_shows_that_players_hand_only(referee, seeded):
    match = savefile.load(seeded, RULES).state
    assert match.current.hands is not None  # a seeded match knows the hands
    bram = sorted(match.current.hands[1], key=lambda card: card.sort_key)
    document = referee("smoor", "hands", str(seeded), "--player", "bram", "--json").json()
    assert document["player"] == "Bram" and document["hands"] == {"Bram": [str(card) for card in bram]}
    result = referee("smoor", "hands", str(seeded), "--speler", "bram")
    assert result.exit_code == 0 and "Bram" in result.stdout and "Anna" not in result.stdout.split("Round 1 —")[0]


def test_no_public_screen_prints_a_card_before_it_is_played(referee, seeded):
    """standings, history, chart, export: no card of a hand (nothing is played yet)."""
    for command in (("standings",), ("history",), ("chart",), ("export", "--json"), ("hands",)):
        result = referee("smoor", *command, str(seeded))
        assert result.exit_code == 0, (command, result.stderr)
        assert not CARD.search(result.stdout.replace("A♥", "")), (command, result.stdout)


def test_dutch_option_names_work_beside_the_english_ones(referee, tmp_path):
    path = tmp_path / "nl.toml"
    assert referee("smoor", "nieuw", str(path), "Anna", "Bram", "Cees", "--doel", "30", "--lang", "nl").exit_code == 0
    result = referee("smoor", "ronde", str(path), "a=6", "b=6", "--aas", "a", "--dood", "7H", "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    document = referee("smoor", "stand", str(path), "--json").json()
    assert document["target"] == 30 and document["rounds"][0]["ace"] == "Anna" and document["rounds"][0]["dead"] == ["7H"]
    cupido = tmp_path / "cupido.toml"
    referee("smoor", "nieuw", str(cupido), "Anna", "Bram", "Cees", "Daan", "--variant", "cupido")
    referee("smoor", "ronde", str(cupido), "a=13")
    referee("smoor", "vloek", str(cupido), "S")
    result = referee("smoor", "ronde", str(cupido), "b=13", "--vervloekt", "cees")
    assert result.exit_code == 0, result.stderr


def test_the_csv_header_is_words_in_the_chosen_language_and_the_json_is_the_same_in_both(referee, tmp_path):
    path = tmp_path / "m.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", str(path), "a=13")
    english = referee("smoor", "export", str(path), "--csv").stdout.splitlines()[0]
    dutch = referee("smoor", "export", str(path), "--csv", "--lang", "nl").stdout.splitlines()[0]
    assert english.startswith("round,dealer,Anna points") and dutch.startswith("ronde,deler,Anna punten")
    assert referee("smoor", "export", str(path), "--json").json() == referee("smoor", "export", str(path), "--json", "--lang", "nl").json()
    history = referee("smoor", "history", str(path), "--json").json()
    dutch_history = referee("smoor", "history", str(path), "--json", "--lang", "nl").json()
    strip = lambda doc: [{k: v for k, v in e.items() if k not in ("summary", "section")} for e in doc["events"]]  # noqa: E731
    assert strip(history) == strip(dutch_history)


def test_hands_of_a_finished_match_is_a_state_refusal_exit_1(referee, tmp_path):
    """Issue 21 point 4: the match is over, so no cards are in hand; the file is fine."""
    path = tmp_path / "over.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--seed", "end", "--target", "1").exit_code == 0
    match = savefile.load(path, RULES).state
    dead = " ".join(str(card) for card in match.current.dead or ())
    hearts = [card for hand in match.current.hands or () for card in hand if card.suit.name == "HEARTS"]
    assert referee("smoor", "round", str(path), f"Anna={len(hearts)}", "--ace", "Anna", *(["--dead", dead] if dead else [])).exit_code == 0
    result = referee("smoor", "hands", str(path), "--player", "Anna")
    assert result.exit_code == 1 and "over" in result.stderr, result.stderr
