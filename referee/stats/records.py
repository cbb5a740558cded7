"""One match as a value for statistics, made from a replayed save file.

Each game has an extractor that asks the replayed state (the rules' own values: totals,
rounds, outcome) for what a season needs: the players, who won, the scores, and the
game's own facts (hearts, revokes, words, how far a lost Smitten game got). No score is
computed here: a score is what the rules say it is.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

from referee.savefile import Saved


class Record(NamedTuple):
    """A match: ``seats`` are the players' names in seating order (empty for a game whose
    seats have no names: solo Smitten, or a two-player game without ``--players``);
    ``winners`` seats, ``scores`` per seat (None for a game without points);
    ``places`` per seat, 1 for the winners, then by score (equal scores share a place);
    ``facts`` the game's own values (:func:`extract`)."""

    game: str  # the registry's name: "smoorverliefd"
    title: str
    path: Path
    when: datetime  # ended, else started, else the file's modification time
    dated_by_file: bool  # no [played] table: ``when`` is the modification time
    started: datetime | None
    ended: datetime | None
    location: str | None
    finished: bool
    cooperative: bool
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...] | None
    places: tuple[int, ...]
    start_player: int | None  # who began (leads the first trick), when the game has one
    facts: dict[str, Any]

    @property
    def duration_minutes(self) -> int | None:
        if self.started is None or self.ended is None:
            return None
        return max(0, round((self.ended - self.started).total_seconds() / 60))


def places(winners: tuple[int, ...], scores: tuple[int, ...] | None, count: int) -> tuple[int, ...]:
    """Each seat's place: the winners first (place 1), then the others by score, highest
    first; equal scores share a place (so ties are ties for a rating, too)."""
    others = [seat for seat in range(count) if seat not in winners]
    key = (lambda seat: -scores[seat]) if scores is not None else (lambda seat: 0)
    placed = [0] * count
    for seat in winners:
        placed[seat] = 1
    place = 2 if winners else 1
    ordered = sorted(others, key=key)
    for index, seat in enumerate(ordered):
        if index and key(seat) != key(ordered[index - 1]):
            place = (2 if winners else 1) + index
        placed[seat] = place
    return tuple(placed)


Facts = tuple[tuple[str, ...], tuple[int, ...] | None, int | None, bool, dict[str, Any]]


def _smoorverliefd(state: Any) -> Facts:
    """Totals per player, who led the first trick, and per player: rounds played, hearts
    captured, rounds with all 13 hearts, revokes proven against them."""
    setup = state.setup
    count = setup.count
    hearts = [0] * count
    all_thirteen = [0] * count
    revokes = [0] * count
    for played in state.rounds:
        for seat, capture in enumerate(played.captures):
            hearts[seat] += capture.count
            all_thirteen[seat] += capture.count == 13
        for revoke in played.revokes:
            revokes[revoke.seat] += 1
    facts = {
        "rounds": len(state.rounds),
        "hearts": hearts,
        "all_thirteen": all_thirteen,
        "revokes": revokes,
        "variants": sorted(variant.value for variant in setup.variants),
        "target": setup.target,
        "duos": None if setup.duos is None else [list(duo) for duo in setup.duos],
    }
    return setup.players, tuple(state.totals), setup.left_of(setup.first_dealer), False, facts


def _spellcrafter(state: Any) -> Facts:
    """Totals per player, and every word played (what it scored, its breakdown, whether
    it fell to a challenge) and every challenge (who challenged whom, who was right).

    A word's ``score`` is what it scored, as the totals count it: 0 for a word that fell
    to a challenge (its breakdown keeps what it would have been worth)."""
    from referee.spellcrafter.rounds import Play

    words: list[dict[str, Any]] = []
    challenges: list[dict[str, Any]] = []
    for played in state.rounds:
        for seat, entry in enumerate(played.entries):
            if not isinstance(entry, Play):
                continue
            words.append({"seat": seat, "round": played.number, "word": entry.score.word, "score": entry.points,
                          "fallen": entry.fallen, "breakdown": entry.score.to_json()})  # fmt: skip
            if entry.challenge is not None:
                challenge = entry.challenge
                challenges.append({"challenger": challenge.challenger, "seat": seat, "valid": challenge.valid, "word": entry.score.word})
    facts = {"rounds": len(state.rounds), "words": words, "challenges": challenges, "variants": state.setup.variants.names()}
    return state.setup.players, tuple(state.totals), 0, False, facts


def _smitten(state: Any) -> Facts:
    """Cooperative: no points; the mode, and how many cards the grids hold (how far a
    lost game got). Seats have names only when the two players were named."""
    setup = state.setup
    names = () if setup.solo or not setup.players else tuple(setup.players)
    flags = [name for name in ("easy", "hard1", "hard2") if getattr(setup, name)]
    level = "+".join(flags) if setup.solo else (setup.difficulty.value if setup.difficulty is not None else "")
    mode = f"{setup.mode.value} {level}".strip()
    cards = sum(bin(grid).count("1") for grid in state.grids)
    return names, None, None, True, {"mode": mode, "cards": cards}


EXTRACTORS: dict[str, Callable[[Any], Facts]] = {
    "smoorverliefd": _smoorverliefd,
    "spellcrafter": _spellcrafter,
    "smitten": _smitten,
}


def match_record(spec: Any, saved: Saved[Any], modified: datetime) -> Record:
    """The match a loaded save file holds (``spec`` its game in the registry)."""
    rules = spec.load_rules()
    seats, scores, start_player, cooperative, facts = EXTRACTORS[spec.name](saved.state)
    outcome = rules.outcome(saved.state)
    winners = tuple(outcome.winners) if outcome is not None else ()
    if outcome is not None:
        facts = {**facts, "termination": outcome.termination.value}
    played = saved.played
    when = played.ended or played.started
    return Record(
        game=spec.name,
        title=spec.title,
        path=saved.path,
        when=when or modified,
        dated_by_file=when is None,
        started=played.started,
        ended=played.ended,
        location=played.location,
        finished=outcome is not None,
        cooperative=cooperative,
        seats=tuple(seats),
        winners=winners,
        scores=scores,
        places=places(winners, scores, len(seats)) if seats else (),
        start_player=start_player,
        facts=facts,
    )
