"""Write a season of save files: the README's `referee stats examples/season`, the tests'
shelf, and the benchmark's (`benchmarks/stats`, 1,000 files).

    python examples/season/make.py [FOLDER] [--matches N]

Every file is written by the save-file engine, entry by entry, as the command line would
write it, with the engine's clock set to the evening played (so ``[played]`` holds the
dates of a season); the entries are drawn from a fixed seed, so the same season comes out
every time. Spellcrafter's words are the recorded example game's; Smitten's games are the
two examples, played again by named players.
"""

from __future__ import annotations

import argparse
import random
import tomllib
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parent
FRIENDS = ["Anna", "Bram", "Cees", "Daan", "Élodie"]
FIRST_EVENING = datetime(2026, 9, 4, 19, 30, tzinfo=UTC)


def _events(name: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    document = tomllib.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    return document["setup"], document["events"]


class _Clock:
    """The save-file engine's clock, set by hand (``referee.savefile.played.now``)."""

    def __init__(self) -> None:
        from referee.savefile import played

        self.module, self.now = played, FIRST_EVENING
        played.now = lambda: self.now  # type: ignore[method-assign]


def _write(path: Path, game: str, setup: dict[str, Any], entries: Iterator[dict[str, Any]], clock: _Clock, minutes: int,
           location: str | None) -> None:  # fmt: skip
    from referee import games, savefile
    from referee.errors import RefereeError

    rules = games.game(game).load_rules()
    savefile.create(path, rules, setup, location=location)
    events = list(entries)
    for event in events:
        clock.now += timedelta(minutes=minutes / len(events))
        try:
            if rules.outcome(savefile.record(path, rules, event).state) is not None:
                break
        except RefereeError:
            continue  # an entry these rules refuse here (a challenge of a word already challenged): the table moves on
    path.with_name(path.name + ".bak").unlink(missing_ok=True)


def _smoor_rounds(rng: random.Random, players: list[str]) -> Iterator[dict[str, Any]]:
    for _ in range(40):  # ends long before: someone reaches the target
        hearts = {name: 0 for name in players}
        if rng.random() < 0.04:
            hearts[rng.choice(players)] = 13
        else:
            for _heart in range(13):
                hearts[rng.choice(players)] += 1
        holders = [name for name, count in hearts.items() if count]
        yield {"kind": "round", "hearts": hearts, "ace": rng.choice(holders)}


def _spell_entries(rng: random.Random, players: list[str]) -> Iterator[dict[str, Any]]:
    _setup, example = _events("spellcrafter-game.toml")
    words = [event["cards"] for event in example if event["kind"] == "word"]
    for _round in range(4):
        for name in players:
            if rng.random() < 0.1:
                yield {"kind": "pass", "player": name}
                continue
            yield {"kind": "word", "player": name, "cards": rng.choice(words)}
            if rng.random() < 0.15:
                challenger = rng.choice([other for other in players if other != name])
                valid = rng.random() < 0.6
                yield {"kind": "challenge", "challenger": challenger, "player": name, "valid": valid,
                       "reason": "in dictionary" if valid else "not in dictionary", "dictionary": "builtin:en"}  # fmt: skip


def make(folder: Path, matches: int = 24, seed: str = "season-2026") -> list[Path]:
    """Write ``matches`` save files into ``folder``: Smoorverliefd, Spellcrafter and Smitten
    in turn, one evening apart (several a night on a big shelf)."""
    rng = random.Random(seed)
    clock = _Clock()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for number in range(matches):
        clock.now = FIRST_EVENING + timedelta(days=number * 3 if matches <= 100 else number // 4, hours=(number % 4) * 0.75)
        kind = number % 3
        players = rng.sample(FRIENDS, rng.choice([3, 4]) if kind < 2 else 2)
        if kind == 0 and number % 9 == 6 and "Bram" in players:
            players[players.index("Bram")] = "Bram V."  # typed another way once: aliases.toml merges him
        where = rng.choice(["Café De Zwaan", "Anna's kitchen", None])
        path = folder / f"{clock.now:%Y-%m-%d}-{['smoor', 'spell', 'smitten'][kind]}-{number:04d}.toml"
        if kind == 0:
            _write(path, "smoorverliefd", {"players": players, "target": 50, "variants": [], "dealer": players[number % len(players)]},
                   _smoor_rounds(rng, players), clock, 90, where)  # fmt: skip
        elif kind == 1:
            _write(path, "spellcrafter", {"players": players, "variants": [], "dictionary": "builtin:en"}, _spell_entries(rng, players), clock, 40, where)
        else:
            example = "smitten-two-player-lost.toml" if number % 2 else "smitten-solo-won.toml"
            setup, events = _events(example)
            if setup["mode"] == "two":
                setup = {**setup, "players": players}
            _write(path, "smitten", setup, iter(events), clock, 25, where)
        written.append(path)
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=HERE)
    parser.add_argument("--matches", type=int, default=24)
    arguments = parser.parse_args()
    for path in arguments.folder.glob("*.toml"):
        if path.name != "aliases.toml":
            path.unlink()
    make(arguments.folder, arguments.matches)


if __name__ == "__main__":
    main()
