"""A Spellcrafter game as JSON (``show --json`` and every entry's ``--json``)."""

from __future__ import annotations

from typing import Any

from referee.spellcrafter.game import Game, passing
from referee.spellcrafter.rounds import Pass, Play, Round


def entry_json(game: Game, played: Round, seat: int) -> dict[str, Any]:
    entry = played.entries[seat]
    document: dict[str, Any] = {"player": game.setup.players[seat], "entered": entry is not None,
                                "passed": isinstance(entry, Pass)}  # fmt: skip
    if isinstance(entry, Play):
        document |= {
            "word": entry.score.word,
            "cards": [str(token) for token in entry.score.tokens],
            "score": entry.score.score,
            "length": entry.score.length,
            "instant_win": entry.score.instant_win,
            "fallen": entry.fallen,
            "challenge": None if entry.challenge is None else {
                "challenger": game.setup.players[entry.challenge.challenger],
                "valid": entry.challenge.valid,
                "reason": entry.challenge.reason,
                "dictionary": entry.challenge.dictionary,
            },
        }  # fmt: skip
    document["penalty"] = played.penalty(seat)
    document["points"] = played.points(seat)
    return document


def game_json(game: Game) -> dict[str, Any]:
    setup = game.setup
    outcome = game.outcome
    current = game.current_number
    jumper = game.jumper(current)
    return {
        "players": [{"name": name, "total": total} for name, total in zip(setup.players, game.totals)],
        "rounds": [
            {
                "number": played.number,
                "passing": passing(played.number),
                "complete": played.complete,
                "entries": [entry_json(game, played, seat) for seat in range(setup.count)],
            }
            for played in game.rounds
            if any(entry is not None for entry in played.entries)
        ],
        "round": current,
        "passing": passing(current),
        "waiting": [setup.players[seat] for seat in game.waiting],
        "over": outcome is not None,
        "winner": setup.players[outcome.winners[0]] if outcome and len(outcome.winners) == 1 else None,
        "winners": [setup.players[seat] for seat in outcome.winners] if outcome else [],
        "ending": outcome.termination.value if outcome else None,
        "variants": setup.variants.names(),
        "dictionary": setup.dictionary,
        "house": None if setup.house is None else setup.house.to_toml(),
        "seed": setup.seed,
        "deck": None if setup.deck is None else setup.deck.name,
        "jumper": None if jumper is None else str(jumper),
    }

