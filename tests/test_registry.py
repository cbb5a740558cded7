"""The registry of games (referee/games.py): one line is all a game needs.

The toy game (tests/toy_game.py) is added to the registry, and nothing else: the
command line lists and runs its group, `deal` deals it and shows it, and the save-file
engine keeps its files with the rules the registry names.
"""

from __future__ import annotations

import pytest

from referee import games, savefile
from referee.cli import _group, _summary, aliases, groups
from toy_game import SPEC


@pytest.fixture
def with_toy_game(monkeypatch):
    """The registry with the toy game added as its fourth game."""
    monkeypatch.setattr(games, "GAMES", [*games.GAMES, SPEC])
    _group.cache_clear()
    _summary.cache_clear()
    yield
    _group.cache_clear()
    _summary.cache_clear()


def test_the_command_groups_and_their_aliases_come_from_the_registry():
    assert list(groups()) == [*(spec.group for spec in games.GAMES), "dict"]
    assert aliases() == {"spellcrafter": "spell", "smoorverliefd": "smoor"}


@pytest.mark.parametrize("spec", [*games.GAMES, SPEC], ids=lambda spec: spec.name)
def test_a_games_rules_say_the_format_and_command_of_its_registry_line(spec):
    rules = spec.load_rules()
    assert rules.format == spec.format and rules.command == f"referee {spec.group}"


def test_a_game_added_to_the_registry_is_listed_by_referee_help(referee, with_toy_game):
    listed = referee("--help").stdout
    assert "tally" in listed and "Keep a tally of points" in listed
    assert "Smitten, Spellcrafter, Smoorverliefd and Tally" in " ".join(listed.replace("│", "").split())


def test_deal_help_says_how_many_players_each_game_deals_from_the_registry(referee, with_toy_game):
    assert games.players_help() == (
        "spellcrafter 2–5, default 4; smoorverliefd 3–5, default 4; tally 2–52; french52 1–52, default 4"
    )


def test_a_new_files_name_that_reads_as_a_registered_games_entry_is_refused(referee, with_toy_game, tmp_path):
    refused = referee("smoor", "new", str(tmp_path / "12"), "Anna", "Bram", "Cees")  # the tally's points
    assert refused.exit_code == 2 and "'12' looks like part of an entry" in refused.stderr
    assert not (tmp_path / "12").exists()


def test_a_game_added_to_the_registry_runs_its_group_and_keeps_its_save_file(referee, with_toy_game, tmp_path):
    file = tmp_path / "tally.toml"
    assert referee("tally", "new", str(file), "Anna", "Bram").exit_code == 0
    scored = referee("tallies", "score", str(file), "Anna", "3")  # the alias too
    assert scored.exit_code == 0 and "Anna has 3" in scored.stdout
    assert "Anna +3" in referee("tally", "history", str(file)).stdout
    saved = savefile.load(file, SPEC.load_rules())
    assert saved.state.totals == (3, 0)
    assert games.by_format(SPEC.format) is SPEC and games.game("tallies") is SPEC and games.dealer("tallies")[0] == "tally"
    assert referee("tally", "undo", str(file)).exit_code == 0
    assert savefile.load(file, SPEC.load_rules()).state.totals == (0, 0)


def test_a_game_added_to_the_registry_is_dealt_shown_and_replayed_by_deal(referee, with_toy_game):
    document = referee("deal", "tally", "--players", "3", "--seed", "s", "--json").json()
    assert document["game"] == "tally" and [len(hand) for hand in document["hands"]] == [3, 3, 3]
    shown = referee("deal", "tally", "--seed", "s").stdout
    assert "Tally — 2 players — seed s" in shown and "referee deal tally --players 2 --seed s" in shown
    refused = referee("deal", "tally", "--mode", "solo")
    assert refused.exit_code == 2 and "--mode and --difficulty are for smitten; tally does not take them" in refused.stderr


def test_without_the_registry_line_the_toy_game_is_unknown(referee):
    unknown = referee("tally", "--help")  # (`table` is close enough to be suggested)
    assert unknown.exit_code == 2 and unknown.stderr.startswith("referee: no such command 'tally'")
    dealt = referee("deal", "tally")
    assert dealt.exit_code == 2 and "unknown game 'tally'" in dealt.stderr
    made = referee("smoor", "new", "12", "Anna", "Bram", "Cees", "--json")  # no game's entry
    assert "looks like part of an entry" not in made.stderr


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
