"""Long matches stay fast (issue 21 point 6): `history`, `standings`, a new entry and
`undo` take time and memory linear in the file's length. No test asserts a time
(benchmarks/long_matches measures them); the memory a command needs at its peak is a
count that does not depend on the machine's load, and keeping every state of a match
(each holding every round before it) made it grow with the square of the rounds.
"""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

import pytest

PLAYERS = ["Anna", "Bram", "Cees", "Daan"]


def match_file(path: Path, rounds: int) -> Path:
    """A Smoorverliefd match of ``rounds`` quick entries, through the savefile API."""
    from referee import games, savefile

    rules = games.game("smoorverliefd").load_rules()
    savefile.create(path, rules, {"players": PLAYERS, "target": 1_000_000, "variants": [], "dealer": "Anna", "revoke_penalty": 0})
    text = path.read_text(encoding="utf-8")
    draw = random.Random(rounds)
    tables = []
    for _ in range(rounds):
        counts = [0] * 4
        for _heart in range(13):
            counts[draw.randrange(4)] += 1
        ace = draw.choice([seat for seat in range(4) if counts[seat]])
        hearts = "\n".join(f"{name} = {count}" for name, count in zip(PLAYERS, counts))
        tables.append(f'[[events]]\nkind = "round"\nace = "{PLAYERS[ace]}"\n\n[events.hearts]\n{hearts}\n')
    body = text.removesuffix("[end]\nevents = 0\n")
    path.write_text(body + "\n".join(tables) + f"\n[end]\nevents = {rounds}\n", encoding="utf-8")
    assert len(savefile.load(path, rules).events) == rounds
    return path


def peak_memory(referee, *args: str) -> int:
    referee(*args)  # imports and caches first, so that only the command itself counts
    tracemalloc.start()
    try:
        result = referee(*args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        assert result.exit_code == 0, result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("command", [["history"], ["history", "--json"], ["standings"]], ids=" ".join)
def test_the_memory_a_long_match_needs_grows_with_its_length_not_its_square(referee, tmp_path, command):
    small = match_file(tmp_path / "small.toml", 1_000)
    large = match_file(tmp_path / "large.toml", 3_000)
    ratio = peak_memory(referee, "smoor", command[0], str(large), *command[1:]) / peak_memory(
        referee, "smoor", command[0], str(small), *command[1:]
    )
    assert ratio < 4, ratio  # three times the rounds: about three times the memory (the square: nine)


def test_history_keeps_only_what_it_is_told_of_each_event(tmp_path):
    """The engine gives each step to `tell` as it replays and keeps only the answer, not
    the states (each of which holds the whole match up to it)."""
    from referee import games, savefile

    rules = games.game("smoorverliefd").load_rules()
    path = match_file(tmp_path / "match.toml", 5)
    seen = []

    def tell(t):
        seen.append(t)
        return t.event["kind"]

    saved, told = savefile.history(path, rules, tell)
    assert told == ["round"] * 5 and [t.event for t in seen] == saved.events
    assert seen[0].step.state is seen[1].before


def test_history_shows_every_round_under_its_heading_and_wraps_long_lines_under_the_event_column(referee, tmp_path):
    path = match_file(tmp_path / "match.toml", 12)
    lines = referee("smoor", "history", str(path), env={"COLUMNS": "34"}).stdout.splitlines()
    assert lines[1].split() == ["#", "Event"] and set(lines[2].strip()) == {"─"}
    assert any(line.startswith(" 12   round: ") for line in lines)
    headings = [line for line in lines if line.strip().startswith("Round ") and "deals" in line]
    assert len(headings) >= 12
    continued = [line for line in lines[3:] if line.startswith("      ") and not line.strip().startswith("Round")]
    assert continued and all(len(line) <= 34 for line in lines)
