"""`referee stats` over a random season equals a plain recount from the save files
(issue 34 point 5).

A season is drawn by hypothesis: Smoorverliefd matches of random rounds (quick entry:
hearts per player and who took A♥), some played to the end and some left unfinished;
Spellcrafter games passed through to the end or just begun; Smitten games, the two
examples played again or just begun. The files are written by the save-file engine,
entry by entry, as the command line writes them. The recount reads the setups and
entries of the files (TOML) and counts with the rulebook's plain arithmetic, written
here again without the referee: each heart 1 point, A♥ 5, all 13 double the round, the
match over after the round in which someone reaches the target with the highest total
alone. `referee stats` is given the folder twice and some files again, which it must
read once."""

from __future__ import annotations

import json
import shutil
import tempfile
import tomllib
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PEOPLE = ["Anna", "Bram", "Cees", "Daan", "Eva"]
TARGET = 30


def round_score(hearts: int, ace: bool) -> int:
    points = hearts + (4 if ace else 0)
    return points * 2 if hearts == 13 else points


def smoor_over(totals: list[int]) -> bool:
    top = max(totals)
    return top >= TARGET and totals.count(top) == 1


def rounds_strategy() -> st.SearchStrategy[list[tuple[list[int], int]]]:
    """Rounds of four players: hearts per seat (adding up to 13) and the A♥'s holder."""

    @st.composite
    def one(draw: Any) -> tuple[list[int], int]:
        if draw(st.integers(0, 9)) == 0:
            seat = draw(st.integers(0, 3))
            return [13 if s == seat else 0 for s in range(4)], seat
        hearts = [0, 0, 0, 0]
        for _ in range(13):
            hearts[draw(st.integers(0, 3))] += 1
        return hearts, draw(st.sampled_from([s for s in range(4) if hearts[s]]))

    return st.lists(one(), min_size=0, max_size=12)


match = st.one_of(
    st.tuples(st.just("smoor"), st.permutations(PEOPLE).map(lambda p: p[:4]), rounds_strategy()),
    st.tuples(st.just("spell"), st.permutations(PEOPLE).map(lambda p: p[:3]), st.booleans()),
    st.tuples(st.just("smitten"), st.permutations(PEOPLE).map(lambda p: p[:2]), st.sampled_from(["won", "lost", "begun"])),
)


def write_season(folder: Path, matches: list[Any]) -> None:
    """The files, one a match, each written on its own day (in the order drawn)."""
    from referee import games, moments, savefile

    day = datetime(2026, 3, 1, 20, 0, tzinfo=UTC)
    before = moments.now
    try:
        for number, (game, players, plan) in enumerate(matches):
            moment = day + timedelta(days=number)
            moments.now = lambda moment=moment: moment  # type: ignore[misc]  # the engine's clock, set by hand
            path = folder / f"{number:03d}-{game}.toml"
            if game == "smoor":
                rules: Any = games.game("smoorverliefd").load_rules()
                savefile.create(path, rules, {"players": list(players), "target": TARGET, "variants": [], "dealer": players[0]})
                totals = [0, 0, 0, 0]
                for hearts, ace in plan:
                    savefile.record(path, rules, {"kind": "round", "hearts": dict(zip(players, hearts)), "ace": players[ace]})
                    totals = [t + round_score(h, s == ace) for s, (t, h) in enumerate(zip(totals, hearts))]
                    if smoor_over(totals):
                        break
            elif game == "spell":
                rules = games.game("spellcrafter").load_rules()
                savefile.create(path, rules, {"players": list(players), "variants": [], "dictionary": "builtin:en"})
                for _round in range(4 if plan else 0):
                    for name in players:
                        savefile.record(path, rules, {"kind": "pass", "player": name})
            else:
                rules = games.game("smitten").load_rules()
                example = tomllib.loads((EXAMPLES / "smitten-two-player-lost.toml").read_text(encoding="utf-8"))
                setup = {**example["setup"], "players": list(players)}
                savefile.create(path, rules, setup)
                if plan == "lost":
                    for event in example["events"]:
                        savefile.record(path, rules, event)
                elif plan == "won":
                    solo = tomllib.loads((EXAMPLES / "smitten-solo-won.toml").read_text(encoding="utf-8"))
                    path.unlink()
                    savefile.create(path, rules, solo["setup"])
                    for event in solo["events"]:
                        savefile.record(path, rules, event)
            path.with_name(path.name + ".bak").unlink(missing_ok=True)
    finally:
        moments.now = before


def recount(folder: Path) -> dict[str, Any]:
    """The season counted again from the files' setups and entries alone."""
    files = sorted(folder.glob("*.toml"))
    finished = unfinished = 0
    per_game: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # finished, unfinished
    smoor_rows: dict[str, dict[str, Any]] = defaultdict(lambda: {"played": 0, "wins": 0, "scores": [], "results": [], "rounds": 0, "hearts": 0, "all_13": 0})
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    spell_rows: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    smitten = [0, 0]  # won, lost
    for path in files:  # in date order: one file a day
        document = tomllib.loads(path.read_text(encoding="utf-8"))
        setup, events = document["setup"], document.get("events", [])
        if "-smoor" in path.name:
            players = setup["players"]
            totals, hearts_of, thirteens = [0] * 4, [0] * 4, [0] * 4
            for event in events:
                for seat, name in enumerate(players):
                    hearts = event["hearts"].get(name, 0)
                    totals[seat] += round_score(hearts, event["ace"] == name)
                    hearts_of[seat] += hearts
                    thirteens[seat] += hearts == 13
            over = smoor_over(totals)
            per_game["smoorverliefd"][0 if over else 1] += 1
            if not over:
                continue
            top = max(totals)
            for seat, name in enumerate(players):
                row = smoor_rows[name]
                row["played"] += 1
                row["wins"] += totals[seat] == top
                row["results"].append(totals[seat] == top)
                row["scores"].append(totals[seat])
                row["rounds"] += len(events)
                row["hearts"] += hearts_of[seat]
                row["all_13"] += thirteens[seat]
                for other, them in enumerate(players):
                    if other != seat:
                        mine, theirs = totals[seat], totals[other]
                        pairs[name, them][0 if mine > theirs else 1 if mine < theirs else 2] += 1
        elif "-spell" in path.name:
            over = len(events) == 4 * len(setup["players"])
            per_game["spellcrafter"][0 if over else 1] += 1
            if over:
                for name in setup["players"]:
                    spell_rows[name][0] += 1
                    spell_rows[name][1] += 1  # every total 0: a win shared by all
        else:
            over = bool(events)
            per_game["smitten"][0 if over else 1] += 1
            if over:
                smitten[0 if setup["mode"] == "solo" else 1] += 1
    for done, left in per_game.values():
        finished, unfinished = finished + done, unfinished + left

    def streak(results: list[bool]) -> int:
        best = now = 0
        for won in results:
            now = now + 1 if won else 0
            best = max(best, now)
        return best

    return {
        "files": (len(files), finished, unfinished),
        "games": {game: tuple(counts) for game, counts in per_game.items()},
        "smoor": {name: (row["played"], row["wins"], round(sum(row["scores"]) / row["played"], 1), max(row["scores"]), streak(row["results"]),
                         round(row["hearts"] / row["rounds"], 2), row["all_13"]) for name, row in smoor_rows.items()},  # fmt: skip
        "pairs": {pair: tuple(counts) for pair, counts in pairs.items()},
        "spell": {name: tuple(counts) for name, counts in spell_rows.items()},
        "smitten": tuple(smitten),
    }


def counted(document: dict[str, Any]) -> dict[str, Any]:
    """The same values, as `referee stats --json` gives them."""
    games = document["games"]
    smoor = games.get("smoorverliefd", {})
    hearts = {row["name"]: row for row in smoor.get("hearts", [])}
    return {
        "files": (document["files"]["read"], document["files"]["finished"], document["files"]["unfinished"]),
        "games": {name: (game["matches"], game["unfinished"]) for name, game in games.items()},
        "smoor": {p["name"]: (p["played"], p["wins"], p["average_score"], p["best_score"], p["longest_streak"],
                              hearts[p["name"]]["hearts_per_round"], hearts[p["name"]]["rounds_with_all_13"]) for p in smoor.get("players", [])},  # fmt: skip
        "pairs": {(row["player"], row["opponent"]): (row["wins"], row["losses"], row["draws"]) for row in smoor.get("head_to_head", [])},
        "spell": {p["name"]: (p["played"], p["wins"]) for p in games.get("spellcrafter", {}).get("players", [])},
        "smitten": (games["smitten"]["won"], games["smitten"]["lost"]) if "smitten" in games else (0, 0),
    }


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(st.lists(match, min_size=1, max_size=8), st.data())
def test_stats_over_a_random_season_equals_a_plain_recount_from_the_save_files(matches, data):
    from referee.cli import app

    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "season"
        folder.mkdir()
        write_season(folder, matches)
        files = sorted(folder.glob("*.toml"))
        again = data.draw(st.lists(st.sampled_from(files), max_size=3))
        result = CliRunner().invoke(app, ["stats", str(folder), str(folder), *map(str, again), "--json"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        expected = recount(folder)
        found = counted(json.loads(result.stdout))
        assert found == expected
