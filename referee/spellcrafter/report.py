"""A Spellcrafter game as JSON (``show --json`` and every entry's ``--json``), as one seat
sees it (the public: no seat; SPEC §6.6): a word or pass face down to that seat (another
seat's, while some seat is still crafting and time is not up) is ``"sealed": true``, with
nothing of it (``"passed"`` and ``"points"`` null, no cards, no score) and the totals
without it."""

from __future__ import annotations

from datetime import datetime

from referee.spellcrafter.draft import PICKS
from referee.spellcrafter.game import Game, passing
from referee.spellcrafter.rounds import Pass, Play, Round
from referee.spellcrafter.view import SeatView, seat_view


def entry_json(game: Game, played: Round, seat: int, sealed: bool = False) -> dict[str, object]:
    """What ``seat`` entered in ``played``; ``sealed``: entered, face down (who, never what)."""
    if sealed:
        return {"player": game.setup.players[seat], "entered": True, "passed": None, "sealed": True, "penalty": 0, "points": None}
    entry = played.entries[seat]
    document: dict[str, object] = {"player": game.setup.players[seat], "entered": entry is not None,
                                "passed": isinstance(entry, Pass), "sealed": False}  # fmt: skip
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


def draft_json(view: SeatView) -> dict[str, object] | None:
    """The current round's draft as ``view``'s seat may see it (the public: who has
    picked, not what, and how many cards each seat has selected; a seat: the hand it
    picks from too, and once the draft is complete its selected cards, discards and last
    card: until then they lie face down, ``null`` and empty, but under the Friendly
    Rules, where every seat's selected cards are face up), with the crafting clock once
    it runs; None in a game not drafted through the referee."""
    draft = view.draft
    if draft is None:
        return None
    names = view.players
    document: dict[str, object] = {
        "round": draft.round,
        "direction": draft.direction,
        "pick": draft.turn,
        "picks": PICKS,
        "picked": [names[seat] for seat, picked in enumerate(draft.picked) if picked],
        "waiting": [names[seat] for seat in draft.waiting],
        "done": [names[seat] for seat, done in enumerate(draft.done) if done],
        "counts": list(draft.counts),
        "selected": [None if cards is None else [str(card) for card in cards] for cards in draft.selected],
        "complete": draft.complete,
        "clock": None if view.clock is None else {"start": view.clock[0], "seconds": view.clock[1]},
    }
    if view.seat is not None:
        document |= {
            "player": names[view.seat],
            "hand": [str(card) for card in draft.hand],
            "must_discard": draft.must_discard,
            "discarded": [str(card) for card in draft.discarded],
            "last": None if draft.last is None else str(draft.last),
        }
    return document


def game_json(game: Game, seat: int | None = None, at: datetime | None = None) -> dict[str, object]:
    """The game as ``seat`` sees it (None: the public) at ``at`` (the time now: once the
    crafting clock has run out every word is shown; None: once every word is in)."""
    setup = game.setup
    outcome = game.outcome
    current = game.current_number
    jumper = game.jumper(current)
    view = seat_view(game, seat, at)
    latest = view.rounds[-1]

    def sealed(played: Round, entrant: int) -> bool:
        return played is latest and entrant in view.sealed

    return {
        "players": [{"name": name, "total": total} for name, total in zip(setup.players, view.totals)],
        "rounds": [
            {
                "number": played.number,
                "passing": passing(played.number),
                "complete": played.complete,
                "entries": [entry_json(game, played, entrant, sealed(played, entrant)) for entrant in range(setup.count)],
            }
            for played in view.rounds
            if any(entry is not None for entry in played.entries) or played is latest and view.sealed
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
        "teams": [list(setup.members(seat)) for seat in range(setup.count)] if setup.teams else None,
        "drafted": setup.draft,
        "craft_time": setup.craft_time,
        "draft": draft_json(seat_view(game, None)),
    }

