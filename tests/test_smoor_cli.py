"""`referee smoor`: the match file kept from the command line (SPEC §6)."""

from __future__ import annotations

import csv
import io
import json
import random
import shutil
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import installed_referee
from referee import savefile
from referee.data import example
from referee.errors import InputError
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.report import standings_json
from referee.smoorverliefd.ruleset import RULES
from smoor_play import legal_trick

EXAMPLE = example("smoorverliefd-match.toml")


@pytest.fixture
def match_file(tmp_path, referee):
    path = tmp_path / "match.toml"
    result = referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--target", "50")
    assert result.exit_code == 0, result.stderr
    return path


def test_new_match_shows_who_deals_and_who_leads(referee, tmp_path):
    result = referee("smoor", "new", str(tmp_path / "m.toml"), "Anna", "Bram", "Cees", "--dealer", "Bram", "--variant", "troef")
    assert result.exit_code == 0
    assert "Round 1 — Bram deals; Cees leads" in result.stdout
    assert "troef" in result.stdout


def test_new_refuses_an_existing_file_and_bad_setups(referee, match_file, tmp_path):
    assert "already exists" in referee("smoor", "new", str(match_file), "A", "B", "C").stderr
    assert "3 to 5 players" in referee("smoor", "new", str(tmp_path / "x.toml"), "A", "B").stderr
    assert "did you mean cupido" in referee("smoor", "new", str(tmp_path / "x.toml"), "A", "B", "C", "--variant", "cupid").stderr
    assert "belong to the blinde-liefde variant" in referee("smoor", "new", str(tmp_path / "x.toml"), "A", "B", "C", "--bid-bonus", "3").stderr
    assert not (tmp_path / "x.toml").exists()


def test_quick_entry_echoes_the_round_and_the_running_totals_at_once(referee, match_file):
    result = referee("smoor", "round", str(match_file), "a=3", "b=0", "c=9", "d=1", "--ace", "c")
    assert result.exit_code == 0
    assert "Round 1: Anna 3" in result.stdout and "Cees 13 (9♥ incl. A♥) ★" in result.stdout
    assert "Totals: Cees 13 · Anna 3 · Daan 1 · Bram 0" in result.stdout
    assert "Round 2 — Bram deals; Cees leads" in result.stdout


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["a=3", "b=0", "c=8", "d=1", "--ace", "c"], 2, "1 short"),
        (["a=3", "b=0", "c=9", "d=1"], 2, "who took A♥"),
        (["zed=13", "--ace", "zed"], 2, "unknown player 'zed'"),
        (["a=13", "--ace", "a", "--dead", "2H"], 2, "no card is dead"),
        (["a=AH,AH"], 2, "listed twice"),
        (["a=AX"], 2, "unknown suit 'X'"),
    ],
)
def test_a_rejected_entry_leaves_the_file_byte_for_byte_unchanged(referee, match_file, args, code, says):
    referee("smoor", "round", str(match_file), "a=13", "--ace", "a")
    before = match_file.read_bytes()
    backup = match_file.with_name("match.toml.bak").read_bytes()
    result = referee("smoor", "round", str(match_file), *args)
    assert result.exit_code == code and says in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert match_file.read_bytes() == before
    assert match_file.with_name("match.toml.bak").read_bytes() == backup


def test_entries_after_the_match_is_won_are_refused_with_exit_1(referee, match_file):
    referee("smoor", "round", str(match_file), "a=13", "--ace", "a")
    referee("smoor", "round", str(match_file), "a=13", "--ace", "a")
    before = match_file.read_bytes()
    result = referee("smoor", "round", str(match_file), "b=13", "--ace", "b")
    assert result.exit_code == 1 and "the match is over: Anna won" in result.stderr
    assert match_file.read_bytes() == before


def test_standings_json_has_the_spec_keys(referee):
    document = referee("smoor", "standings", str(EXAMPLE), "--json").json()
    assert {"players", "rounds", "target", "winner"} <= set(document)
    assert document["winner"] == "Daan" and document["target"] == 50
    assert document["players"] == [
        {"name": "Anna", "total": 37}, {"name": "Bram", "total": 28}, {"name": "Cees", "total": 33}, {"name": "Daan", "total": 55},
    ]  # fmt: skip
    assert len(document["rounds"]) == 8 and document["rounds"][2]["entry"] == "tricks"


def test_standings_table_for_people(referee):
    result = referee("smoor", "standings", str(EXAMPLE))
    assert result.exit_code == 0
    assert "Match over — Daan wins with 55 points" in result.stdout
    assert "34 ×2" in result.stdout and "Total" in result.stdout


def test_trick_by_trick_with_physical_cards_flags_a_revoke_with_both_tricks(referee, match_file):
    assert referee("smoor", "trick", str(match_file), "2S", "3S", "AS", "4D").exit_code == 0
    result = referee("smoor", "trick", str(match_file), "5C", "5S", "7C", "6C")
    assert result.exit_code == 1
    assert "Revoke (verzaken): Anna did not follow ♠ in trick 1 of round 1 but played 5♠ in trick 2" in result.stdout
    document = json.loads(referee("smoor", "standings", str(match_file), "--json").stdout)
    assert document["next_round"]["tricks_played"] == 2  # recorded, and flagged


def test_trick_json_names_the_winner_and_whether_the_round_is_complete(referee, match_file):
    document = referee("smoor", "trick", str(match_file), "2S", "KS", "AS", "4D", "--json").json()
    assert document["trick"] == {"number": 1, "leader": "Bram", "cards": ["2S", "KS", "AS", "4D"], "winner": "Daan"}
    assert document["round_complete"] is False and document["revokes"] == []


def test_seeded_match_rejects_a_card_not_in_hand_with_exit_1_and_changes_nothing(referee, tmp_path):
    path = tmp_path / "seeded.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--seed", "demo")
    before = path.read_bytes()
    result = referee("smoor", "trick", str(path), "AS", "AC", "2H")
    assert result.exit_code == 1 and "Bram does not hold A♠" in result.stderr
    assert path.read_bytes() == before


def test_seeded_match_plays_a_whole_round_trick_by_trick_and_scores_it(referee, tmp_path):
    path = tmp_path / "seeded.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--seed", "night")
    rng = random.Random(4)
    for _ in range(13):
        match = savefile.load(path, RULES).state
        result = referee("smoor", "trick", str(path), *[str(c) for c in legal_trick(match, rng)])
        assert result.exit_code == 0, result.stderr
    assert "Round 1:" in result.stdout and "Round 2 — Bram deals" in result.stdout
    hands = referee("smoor", "hands", str(path), "--player", "bram", "--json").json()
    assert hands["round"] == 2 and len(hands["hands"]["Bram"]) == 13


def test_hands_only_exist_for_seeded_matches(referee, match_file):
    result = referee("smoor", "hands", str(match_file))
    assert result.exit_code == 2 and "--seed" in result.stderr


def test_bids_and_cursed_suits_from_the_command_line(referee, tmp_path):
    path = tmp_path / "v.toml"
    referee("smoor", "new", str(path), "A", "B", "C", "--variant", "blinde-liefde", "--variant", "cupido", "--bid-bonus", "3")
    assert referee("smoor", "round", str(path), "a=13", "--ace", "a").exit_code == 1
    assert referee("smoor", "bid", str(path), "a=13", "b=0", "c=0").exit_code == 0
    assert referee("smoor", "round", str(path), "a=13", "--ace", "a", "--json").json()["players"][0]["total"] == 37
    assert referee("smoor", "curse", str(path), "♠").exit_code == 0
    assert referee("smoor", "bid", str(path), "a=0", "b=0", "c=13").exit_code == 0
    result = referee("smoor", "round", str(path), "c=13", "--ace", "c", "--cursed", "c", "--json")
    assert result.exit_code == 0
    last = result.json()["rounds"][-1]
    assert last["cursed_suit"] == "S" and last["points"] == {"A": 3, "B": 3, "C": 34 + 3 - 5}


def test_undo_history_and_edit(referee, match_file):
    referee("smoor", "round", str(match_file), "a=3", "b=0", "c=9", "d=1", "--ace", "c")
    referee("smoor", "round", str(match_file), "b=13", "--ace", "b")
    history = referee("smoor", "history", str(match_file), "--json").json()
    assert [e["kind"] for e in history["events"]] == ["round", "round"]
    assert "Bram 13" in history["events"][1]["summary"]
    edited = referee("smoor", "edit", str(match_file), "1", "a=13", "--ace", "a", "--json")
    assert edited.exit_code == 0
    assert [p["total"] for p in edited.json()["players"]] == [34, 34, 0, 0]
    undone = referee("smoor", "undo", str(match_file))
    assert undone.exit_code == 0 and "Undone: the edit of event 1" in undone.stdout
    assert [p["total"] for p in referee("smoor", "standings", str(match_file), "--json").json()["players"]] == [3, 34, 13, 1]
    undone = referee("smoor", "undo", str(match_file))
    assert undone.exit_code == 0 and "Undone: event 2" in undone.stdout
    assert "round 2 is not finished" in referee("smoor", "edit", str(match_file), "2", "a=13", "--ace", "a").stderr


def test_export_csv_has_a_row_per_round_with_running_totals(referee):
    result = referee("smoor", "export", str(EXAMPLE), "--csv")
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][:3] == ["round", "dealer", "Anna points"] and len(rows) == 9
    assert rows[-1][6:10] == ["37", "28", "33", "55"]
    assert referee("smoor", "export", str(EXAMPLE)).exit_code == 2


def test_export_json_includes_the_setup(referee):
    document = referee("smoor", "export", str(EXAMPLE), "--json").json()
    assert document["setup"]["players"] == ["Anna", "Bram", "Cees", "Daan"] and document["winner"] == "Daan"


def test_chart_draws_cumulative_totals(referee):
    result = referee("smoor", "chart", str(EXAMPLE))
    assert result.exit_code == 0 and "Daan" in result.stdout and "█" in result.stdout and "55" in result.stdout
    assert referee("smoor", "chart", str(EXAMPLE), "--json").json()["totals"][-1]["Daan"] == 55


def test_player_names_are_printed_literally(referee, tmp_path):
    path = tmp_path / "m.toml"
    result = referee("smoor", "new", str(path), "[red]Anna[/red]", "Bram", "Cees")
    assert "[red]Anna[/red]" in result.stdout


def test_the_alias_smoorverliefd_works(referee):
    assert referee("smoorverliefd", "standings", str(EXAMPLE), "--json").json()["winner"] == "Daan"


@pytest.mark.slow
def test_installed_command_reads_the_example(tmp_path):
    copy = tmp_path / "match.toml"
    shutil.copy(EXAMPLE, copy)
    process = subprocess.run([installed_referee(), "smoor", "standings", str(copy), "--json"], capture_output=True, text=True, timeout=60)
    assert process.returncode == 0 and json.loads(process.stdout)["winner"] == "Daan"


_ENTRY = st.lists(st.sampled_from(["a=3", "b=10", "c=0", "d=13", "a=AH,2H", "b=KH", "x=1", "a=", "=3", "c=14", "d=2S", "b=1"]), max_size=5)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(_ENTRY, st.sampled_from([None, "a", "b", "zz"]))
def test_any_entry_is_either_recorded_or_leaves_the_file_byte_identical(referee, match_file, tokens, ace):
    before = match_file.read_bytes()
    args = ["smoor", "round", str(match_file), *tokens] + (["--ace", ace] if ace else [])
    result = referee(*args)
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.stderr
    if result.exit_code:
        assert match_file.read_bytes() == before
    else:
        assert match_file.read_bytes() != before
        referee("smoor", "undo", str(match_file))


@pytest.mark.slow
@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6), st.sampled_from([3, 4, 5]))
def test_replaying_a_file_gives_the_same_standings(tmp_path_factory, seed, players):
    path = tmp_path_factory.mktemp("replay") / "m.toml"
    names = ["Anna", "Bram", "Cees", "Daan", "Eva"][:players]
    from referee.smoorverliefd.setup import Setup

    setup = Setup.build(names, seed=f"r{seed}", target=60)
    saved = savefile.create(path, RULES, setup.to_toml())
    match: Match = saved.state
    rng = random.Random(seed)
    while match.outcome is None and len(match.rounds) < 4:
        event = {"kind": "trick", "cards": [str(c) for c in legal_trick(match, rng)]}
        match = savefile.record(path, RULES, event).state
    assert standings_json(savefile.load(path, RULES).state) == standings_json(match)


# --- corrections in a Cupid's Arrow match -------------------------------------------


def test_edit_in_cupido_refuses_to_give_entered_tricks_to_other_players(referee, tmp_path):
    path = tmp_path / "cp.toml"
    referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", "--variant", "cupido")
    assert "Round 2 — Daan deals" in referee("smoor", "round", str(path), "a=7", "b=3", "c=3", "--ace", "a").stdout
    referee("smoor", "curse", str(path), "S")
    assert referee("smoor", "trick", str(path), "AS", "2S", "3S", "4S").exit_code == 0
    before = path.read_bytes()
    result = referee("smoor", "edit", str(path), "1", "a=7", "c=3", "d=3", "--ace", "a")
    assert result.exit_code == 1
    assert "makes Bram deal round 2 instead of Daan" in result.stderr and "`undo` back to before round 2's tricks" in result.stderr
    assert path.read_bytes() == before
    referee("smoor", "undo", str(path))
    edited = referee("smoor", "edit", str(path), "1", "a=7", "c=3", "d=3", "--ace", "a")
    assert edited.exit_code == 0 and "Round 2 is now dealt by Bram (was Daan)." in edited.stdout
    document = referee("smoor", "edit", str(path), "1", "a=7", "b=3", "c=3", "--ace", "a", "--json").json()
    assert document["moved_deals"] == [{"round": 2, "was": "Bram", "now": "Daan"}]


def test_edit_before_any_round_is_played_says_so(referee, match_file):
    """A state refusal (exit 1, issue 21 point 4): the entry is fine, it is too early."""
    for number in ("1", "3"):
        result = referee("smoor", "edit", str(match_file), number, "a=13", "--ace", "a")
        assert result.exit_code == 1 and "no round has been played yet" in result.stderr


def test_cupido_with_hearts_cursed_the_referee_finds_the_biggest_collectors(referee, tmp_path):
    path = tmp_path / "c.toml"
    referee("smoor", "new", str(path), "A", "B", "C", "--variant", "cupido")
    referee("smoor", "round", str(path), "a=5", "b=5", "c=3", "--ace", "a")
    referee("smoor", "curse", str(path), "H")
    before = path.read_bytes()
    refused = referee("smoor", "round", str(path), "a=5", "b=5", "c=3", "--ace", "a", "--cursed", "a")
    assert refused.exit_code == 2 and "A and B collected the most (5♥ each)" in refused.stderr
    assert path.read_bytes() == before
    result = referee("smoor", "round", str(path), "a=5", "b=5", "c=3", "--ace", "a")
    assert result.exit_code == 0 and "A +4 (5♥ incl. A♥, most ♥ −5)" in result.stdout and "B +0 (5♥, most ♥ −5)" in result.stdout


# --- what the echo shows ------------------------------------------------------------


def test_an_exact_bid_is_ticked_even_when_the_bid_bonus_is_zero(referee, tmp_path):
    path = tmp_path / "b.toml"
    referee("smoor", "new", str(path), "A", "B", "C", "--variant", "blinde-liefde", "--bid-bonus", "0")
    referee("smoor", "bid", str(path), "a=5", "b=4", "c=3")
    result = referee("smoor", "round", str(path), "a=5", "b=5", "c=3", "--ace", "a")
    assert "Round 1: A 9 (5♥ incl. A♥, bid 5 ✓) ★ · B +0 (5♥, bid 4 ✗) · C 3 (3♥, bid 3 ✓)" in result.stdout
    assert referee("smoor", "standings", str(path), "--json").json()["rounds"][0]["bids_met"] == {"A": True, "B": False, "C": True}


def test_a_negative_heart_count_says_a_count_is_0_to_13(referee, match_file):
    result = referee("smoor", "round", str(match_file), "a=-1", "b=13", "--ace", "b")
    assert result.exit_code == 2 and "Anna=-1: a player captures 0 to 13 hearts" in result.stderr


def test_the_last_trick_of_a_round_reports_the_round_complete(referee, match_file):
    ranks = [*"23456789", "10", *"JQKA"]
    for rank in ranks[:-1]:
        assert referee("smoor", "trick", str(match_file), f"{rank}S", f"{rank}H", f"{rank}D", f"{rank}C").exit_code == 0
    document = referee("smoor", "trick", str(match_file), "AS", "AH", "AD", "AC", "--json").json()
    assert document["trick"]["number"] == 13 and document["round_complete"] is True and document["revokes"] == []
    assert document["rounds"][0]["hearts"]["Bram"] == 13  # Bram led spades every time and won them all


# --- names that look like markup ----------------------------------------------------

MARKUP_NAMES = ("[red]Anna[/red]", "[/x]", "[bold]Cees")


def _enter_a_round(referee, path):
    """A quick entry for a seeded 3-player round: the first player took every live heart."""
    match = savefile.load(path, RULES).state
    assert match.current.dead is not None  # a seeded deal knows its dead cards
    dead_hearts = [card for card in match.current.dead if card.suit.value == "H"]
    ace = [] if any(card.rank == 14 for card in dead_hearts) else ["--ace", "[r"]
    result = referee("smoor", "round", str(path), f"[r={13 - len(dead_hearts)}", *ace)
    assert result.exit_code == 0, result.stderr


@pytest.fixture
def markup_match(tmp_path, referee):
    path = tmp_path / "markup.toml"
    assert referee("smoor", "new", str(path), *MARKUP_NAMES, "--seed", "markup").exit_code == 0
    _enter_a_round(referee, path)  # dealt by [red]Anna[/red]
    _enter_a_round(referee, path)  # dealt by [/x]
    return path


WIDE = {"COLUMNS": "200"}


@pytest.mark.parametrize(
    "view, names",
    [
        (("standings",), MARKUP_NAMES),
        (("standings", "--all"), MARKUP_NAMES),
        (("hands",), MARKUP_NAMES),
        (("hands", "--player", "[/"), ("[/x]",)),
        (("chart",), MARKUP_NAMES),
        (("export", "--csv"), MARKUP_NAMES),
        (("history",), ("[red]Anna[/red]",)),  # the entries name only the player who took the hearts
    ],
)
def test_names_that_look_like_markup_are_printed_literally_in_every_view(referee, markup_match, view, names):
    result = referee("smoor", view[0], str(markup_match), *view[1:], env=WIDE)
    assert result.exit_code == 0, result.stderr
    assert all(name in result.stdout for name in names)


def test_the_dealer_column_shows_a_markup_name_literally(referee, markup_match):
    rows = [line.split() for line in referee("smoor", "standings", str(markup_match), env=WIDE).stdout.splitlines()]
    dealers = {row[0]: row[-2] for row in rows if row and row[0] in ("1", "2")}
    assert dealers == {"1": "[red]Anna[/red]", "2": "[/x]"}


def test_export_json_keeps_markup_names_as_they_are(referee, markup_match):
    document = referee("smoor", "export", str(markup_match), "--json").json()
    assert [p["name"] for p in document["players"]] == list(MARKUP_NAMES)
    assert [r["dealer"] for r in document["rounds"]] == ["[red]Anna[/red]", "[/x]"]


def test_the_smoor_commands_take_their_rules_from_the_registry_and_pass_entries_straight_on():
    import ast
    from pathlib import Path

    from referee import games
    from referee.cli import smoor

    assert smoor._rules() is games.game("smoorverliefd").load_rules()
    source = Path(smoor.__file__).read_text(encoding="utf-8")
    for command in ast.parse(source).body:
        if isinstance(command, ast.FunctionDef):
            nested = [node.name for node in ast.walk(command) if isinstance(node, ast.FunctionDef) and node is not command]
            assert nested == [], command.name
    for call in ast.walk(ast.parse(source)):
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr in ("record", "rewrite"):
            assert not any(isinstance(argument, ast.Lambda) for argument in call.args), ast.unparse(call)


# --- one input shape and one voice (SPEC §6.7) --------------------------------------------


def test_a_bid_that_leaves_bids_to_come_ends_with_the_voices_situation(referee, tmp_path):
    """A blinde-liefde bid entered one seat at a time leaves the other seats' bids
    pending: the answer ends with the situation as the game's voice says it, the line
    table mode's status shows."""
    from referee import savefile
    from referee.smoorverliefd.ruleset import RULES
    from referee.smoorverliefd.voice import VOICE

    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--variant", "blinde-liefde").exit_code == 0
    result = referee("smoor", "bid", str(path), "an=3")
    assert result.exit_code == 0, result.stderr
    situation = VOICE.situation(savefile.load(path, RULES).state)
    assert situation.endswith("waiting for the bids of Bram and Cees")
    assert result.stdout.splitlines()[-1] == situation


def test_a_player_named_twice_is_refused_alike_typed_or_in_a_file(referee, tmp_path):
    """`NAME=VALUE` entries and a file's tables are read by one check (a name only once)."""
    from referee.smoorverliefd.actions import decode
    from referee.smoorverliefd.setup import Setup

    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "--variant", "blinde-liefde").exit_code == 0
    before = path.read_bytes()
    typed = referee("smoor", "bid", str(path), "anna=3", "a=2")
    assert typed.exit_code == 2 and typed.stderr == "referee: Anna is named twice\n"
    assert path.read_bytes() == before
    with pytest.raises(InputError, match="^Anna is named twice$"):
        decode(Setup.build(["Anna", "Bram", "Cees"], variants=["blinde-liefde"]), {"kind": "bid", "bids": {"Anna": 3, "an": 2}})
