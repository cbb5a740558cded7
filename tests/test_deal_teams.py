"""`referee deal spellcrafter --teams`: a two-team Spellcrafter game (`spell new …
--teams`) is dealt again with `referee deal`, as the README says (issue 34)."""

from __future__ import annotations

from typing import Any

import pytest

from referee import savefile
from referee.spellcrafter.ruleset import RULES


def dealt_json(referee, *args: str) -> dict[str, Any]:
    result = referee("deal", "spellcrafter", *args, "--json")
    assert result.exit_code == 0, result.stderr
    document: dict[str, Any] = result.json()
    return document


@pytest.mark.parametrize("round_number", [1, 2, 3, 4])
def test_a_two_team_game_is_dealt_again_by_referee_deal_with_teams(referee, tmp_path, round_number):
    path = tmp_path / "teams.toml"
    assert referee("spell", "new", str(path), "Anna+Bram", "Cees+Daan", "--teams", "--seed", "amber").exit_code == 0
    game = savefile.load(path, RULES).state
    dealt = game.deal(round_number)
    assert dealt is not None
    document = dealt_json(referee, "--players", "2", "--teams", "--round", str(round_number), "--seed", "amber")
    assert document["hands"] == [[str(card) for card in hand] for hand in dealt.hands]
    assert document["jumper"] == str(dealt.jumper) and document["teams"] is True
    assert [len(hand) for hand in document["hands"]] == [8, 8]
    two_players = dealt_json(referee, "--players", "2", "--round", str(round_number), "--seed", "amber")
    assert two_players["teams"] is False and [len(hand) for hand in two_players["hands"]] == [14, 14]


def test_the_team_deal_says_so_and_prints_the_command_that_deals_it_again(referee):
    shown = referee("deal", "spellcrafter", "--players", "2", "--teams", "--seed", "amber")
    assert shown.exit_code == 0, shown.stderr
    assert "Spellcrafter — 2 teams, round 1 — seed amber" in shown.stdout and "Team 1" in shown.stdout
    assert "Two teams: the standard rules" in shown.stdout
    assert shown.stdout.rstrip().endswith("referee deal spellcrafter --players 2 --round 1 --teams --seed amber")
    plain = referee("deal", "spellcrafter", "--players", "2", "--seed", "amber")
    assert "--teams" not in plain.stdout and "Two players: the Familiars are removed" in plain.stdout


def test_more_teams_are_dealt_as_as_many_players(referee):
    assert dealt_json(referee, "--players", "3", "--teams", "--seed", "amber")["hands"] == dealt_json(referee, "--players", "3", "--seed", "amber")["hands"]


def test_teams_is_for_spellcrafter_only(referee):
    result = referee("deal", "smoorverliefd", "--teams")
    assert result.exit_code == 2 and "--teams" in result.stderr and "spellcrafter" in result.stderr
