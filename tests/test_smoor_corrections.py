"""Corrections say what they replace (issue 21 point 7): `smoor edit` of a round entered
trick by trick replaces its tricks, and the revokes (verzaken) they proved with their
penalty, by one quick entry; it does so only when told (`--replace-tricks`, Dutch
`--vervang-slagen`), and then says how many tricks and which revokes went."""

from __future__ import annotations

import pytest

RANKS = [*"23456789", "10", *"JQKA"]


@pytest.fixture
def tricks_file(tmp_path, referee):
    """Round 1 entered trick by trick: Anna deals, Bram leads; nobody revokes."""
    path = tmp_path / "tricks.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan").exit_code == 0
    for rank in RANKS:
        assert referee("smoor", "trick", str(path), f"{rank}S", f"{rank}H", f"{rank}D", f"{rank}C").exit_code == 0
    return path


@pytest.fixture
def revoke_file(tmp_path, referee):
    """Round 1 entered trick by trick, with a 5-point revoke penalty: Cees shows out of
    spades in trick 1 and plays 7♠ in trick 2."""
    path = tmp_path / "revoke.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--revoke-penalty", "5").exit_code == 0
    assert referee("smoor", "trick", str(path), "2S", "2H", "3S", "4S").exit_code == 0  # Bram leads; Anna wins
    assert referee("smoor", "trick", str(path), "5S", "6S", "7S", "8S").exit_code == 1  # Anna leads; Cees revokes
    rest = ["9S", "10S", "JS", "QS", "KS", "AS", *(f"{r}H" for r in RANKS[1:]), *(f"{r}{s}" for s in "DC" for r in RANKS)]
    for start in range(0, len(rest), 4):
        referee("smoor", "trick", str(path), *rest[start : start + 4])
    return path


def test_a_correction_that_would_replace_entered_tricks_is_refused_and_changes_nothing(referee, tricks_file):
    before = tricks_file.read_bytes()
    result = referee("smoor", "edit", str(tricks_file), "1", "Anna=13", "--ace", "Anna")
    assert result.exit_code == 2
    assert "round 1 was entered trick by trick" in result.stderr and "13 tricks" in result.stderr
    assert "--replace-tricks" in result.stderr
    assert tricks_file.read_bytes() == before
    assert referee("smoor", "edit", str(tricks_file), "1", "Anna=13", "--ace", "Anna", "--json").json()["exit_code"] == 2
    assert tricks_file.read_bytes() == before


def test_a_correction_told_to_replace_the_tricks_says_how_many_it_replaced(referee, tricks_file):
    result = referee("smoor", "edit", str(tricks_file), "1", "Anna=13", "--ace", "Anna", "--replace-tricks")
    assert result.exit_code == 0, result.stderr
    assert "The quick entry replaces round 1's 13 tricks." in result.stdout
    assert "Revoke" not in result.stdout
    assert referee("smoor", "standings", str(tricks_file), "--json").json()["rounds"][0]["entry"] == "quick"


def test_the_json_answer_counts_the_replaced_tricks(referee, tricks_file):
    document = referee("smoor", "edit", str(tricks_file), "1", "Anna=13", "--ace", "Anna", "--replace-tricks", "--json").json()
    assert document["replaced_tricks"] == 13 and document["replaced_revokes"] == []


def test_a_quick_entry_is_corrected_without_the_option_and_replaces_no_tricks(referee, tmp_path):
    path = tmp_path / "quick.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan")
    referee("smoor", "round", str(path), "Bram=13", "--ace", "Bram")
    document = referee("smoor", "edit", str(path), "1", "Anna=13", "--ace", "Anna", "--json").json()
    assert document["replaced_tricks"] == 0 and document["replaced_revokes"] == []
    result = referee("smoor", "edit", str(path), "1", "Cees=13", "--ace", "Cees")
    assert result.exit_code == 0 and "replaces" not in result.stdout


def test_the_refusal_names_the_revoke_and_its_penalty_that_would_go(referee, revoke_file):
    before = revoke_file.read_bytes()
    result = referee("smoor", "edit", str(revoke_file), "1", "Anna=13", "--ace", "Anna")
    assert result.exit_code == 2
    assert "the revoke (verzaken) of Cees (-5 points)" in result.stderr
    assert revoke_file.read_bytes() == before


def test_a_correction_replacing_a_revoke_says_which_revoke_and_penalty_went(referee, revoke_file):
    result = referee("smoor", "edit", str(revoke_file), "1", "Anna=13", "--ace", "Anna", "--replace-tricks")
    assert result.exit_code == 0, result.stderr
    assert "Revoke (verzaken) no longer recorded: Cees did not follow ♠ in trick 1 of round 1" in result.stdout
    assert "Cees loses 5 points this round" in result.stdout
    referee("smoor", "undo", str(revoke_file))
    document = referee("smoor", "edit", str(revoke_file), "1", "Anna=13", "--ace", "Anna", "--replace-tricks", "--json").json()
    assert document["replaced_revokes"][0] == {
        "player": "Cees", "round": 1, "suit": "S", "showed_out_in_trick": 1, "played_in_trick": 2, "card": "7S", "points": -5,
    }  # fmt: skip


def test_the_dutch_option_vervang_slagen_replaces_the_tricks(referee, tricks_file):
    result = referee("smoor", "wijzig", str(tricks_file), "1", "Anna=13", "--aas", "Anna", "--vervang-slagen", "--lang", "nl")
    assert result.exit_code == 0, result.stderr
    assert "13 slagen" in result.stdout


def test_the_dutch_refusal_names_the_dutch_option_too(referee, tricks_file):
    result = referee("smoor", "wijzig", str(tricks_file), "1", "Anna=13", "--aas", "Anna", "--lang", "nl")
    assert result.exit_code == 2 and "--replace-tricks" in result.stderr and "slagen" in result.stderr
