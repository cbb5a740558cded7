"""What a shelf of matches adds up to, per game and per player: the values `referee
stats` shows and prints as JSON (a JSON-ready dictionary; nothing here words a sentence).

Only finished matches count. A player's matches are taken in date order (the time the
match ended, else started, else the file's modification time) for streaks and ratings.
Ratings are always the whole history's: every finished match read is rated, and
``--since`` and ``--player`` only choose what is shown (the rows, the matches counted, the
points of a rating's history), never which matches are rated.
Head-to-head compares two players' places in every match they both played: the better
place beats the worse, equal places are a draw. A player's *rival* is the opponent met
most often; their *nemesis* the opponent who beat them most often.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from referee.game import JsonObject, JsonValue

from referee.stats.names import Names
from referee.stats.records import Record
from referee.stats.shelf import Shelf

BEST_WORDS = 10


class Season(NamedTuple):
    """The shelf read, the matches chosen from it (to show), and who is who."""

    shelf: Shelf
    records: tuple[Record, ...]
    names: Names

    def to_json(self, player: str | None = None) -> JsonObject:
        """Everything `referee stats --json` prints. ``player``: only their matches and rows
        (an unknown name is an InputError naming the players)."""
        from referee import games

        if player is not None:
            self.check_player(player)
        shelf = self.shelf
        wanted = None if player is None else self.names.person(player)
        # The matches counted are the matches shown: the games' counts add up to these.
        shown = [r for r in self.records if wanted is None or wanted in {self.names.person(name) for name in r.seats}]
        return {
            "files": {
                "read": shelf.looked_at,
                "matches": len(shown),
                "finished": sum(r.finished for r in shown),
                "unfinished": sum(not r.finished for r in shown),
                "damaged": [{"file": str(d.path), "problem": d.problem} for d in shelf.damaged],
                "dated_by_file": [str(r.path) for r in self.records if r.dated_by_file],
            },
            "games": season(self.records, self.names, [(spec.name, spec.title) for spec in games.GAMES], player, shelf.records),
        }

    def check_player(self, player: str) -> None:
        from referee.errors import InputError, nearest, quoted
        from referee.i18n import _

        people = sorted({self.names.shown(self.names.person(name)) for r in self.records for name in r.seats})
        if self.names.person(player) not in {self.names.person(name) for name in people}:
            guess = nearest(player, people)
            hint = _(" — did you mean {guess}?").format(guess=guess) if guess else _("; the players are {players}").format(players=", ".join(people))
            raise InputError(_("no match of {name} was found").format(name=quoted(player)) + hint)


def gather(paths: Sequence[Path], game: str | None, since: datetime | None, aliases: Sequence[str]) -> Season:
    """Read every save file under ``paths``; keep one game's matches (``game``, the
    registry's name) played since a moment; merge names by the folders' aliases files and
    ``aliases`` (``OLD=NEW``)."""
    from referee.stats.names import folder_aliases, parse_alias
    from referee.stats.shelf import read_shelf

    from referee.errors import InputError
    from referee.i18n import _

    for path in paths:
        if not path.exists():
            raise InputError(_("no such file or folder: {path}").format(path=path))
    merged = folder_aliases(paths) | dict(parse_alias(alias) for alias in aliases)
    shelf = read_shelf(paths)
    chosen = tuple(r for r in shelf.records if (game is None or r.game == game) and (since is None or r.when >= since))
    # Who is who, and the spelling shown, from every match read: the same whatever is chosen.
    return Season(shelf, chosen, Names(merged, [name for r in shelf.records for name in r.seats]))


def season(
    records: Sequence[Record], names: Names, games: Sequence[tuple[str, str]], player: str | None = None, history: Sequence[Record] | None = None
) -> JsonObject:
    """Every game's statistics (``games``: the registry's (name, title) pairs, in order).
    ``player``: only the matches with that player, and only their rows. ``history``: every
    match read, which the ratings are computed over (default: ``records``)."""
    wanted = names.person(player) if player is not None else None
    rated_over = records if history is None else history
    result: JsonObject = {}
    for game, title in games:
        mine = sorted((r for r in records if r.game == game), key=lambda r: (r.when, str(r.path)))
        if wanted is not None:
            mine = [r for r in mine if wanted in {names.person(name) for name in r.seats}]
        if not mine:
            continue
        finished = [r for r in mine if r.finished]
        summary: JsonObject = {"title": title, "matches": len(finished), "unfinished": len(mine) - len(finished)}
        if any(r.cooperative for r in mine):
            summary |= _cooperative(finished, names)
        else:
            summary |= _competitive(finished, names, wanted, [r for r in rated_over if r.game == game and r.finished])
            summary |= EXTRAS.get(game, _nothing)(finished, names, wanted)
        result[game] = summary
    return result


def _nothing(finished: Sequence[Record], names: Names, wanted: str | None) -> JsonObject:
    return {}


def _date(moment: datetime) -> str:
    return moment.isoformat()


@dataclass
class _Row:
    """One person's matches of a game, as they are counted."""

    played: int = 0
    wins: int = 0
    scores: list[int] = field(default_factory=list)
    results: list[bool] = field(default_factory=list)


def _competitive(finished: Sequence[Record], names: Names, wanted: str | None, history: Sequence[Record]) -> JsonObject:
    """The players' rows and head-to-head over ``finished`` (the matches shown), their
    ratings over ``history`` (every finished match of the game read), each rating's
    history shown for the matches shown."""
    from referee.stats.ratings import rate

    rated = rate(history, names.person)
    shown_dates = {_date(match.when) for match in finished}
    per: dict[str, _Row] = defaultdict(_Row)
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # wins, losses, draws
    for match in finished:
        people = [names.person(name) for name in match.seats]
        for seat, who in enumerate(people):
            row = per[who]
            row.played += 1
            won = seat in match.winners
            row.wins += won
            row.results.append(won)
            if match.scores is not None:
                row.scores.append(match.scores[seat])
            for other, them in enumerate(people):
                if other != seat and them != who:
                    mine, theirs = match.places[seat], match.places[other]
                    pairs[who, them][0 if mine < theirs else 1 if mine > theirs else 2] += 1
    ranked: list[tuple[tuple[float, int, str], JsonObject]] = []  # (the order of the rows, the row)
    for who, row in per.items():
        if wanted is not None and who != wanted:
            continue
        scores = row.scores
        rating = rated.get(who)
        opponents = {them: counts for (me, them), counts in pairs.items() if me == who}
        shown_rating = None if rating is None else round(rating.rating.conservative, 2)
        history_shown: list[JsonValue] = [{"date": date, "rating": round(value, 2)} for date, value in rating.history if date in shown_dates] if rating else []
        order = (-(shown_rating if shown_rating is not None else float("-inf")), -row.wins, names.shown(who))
        ranked.append((order, {
            "name": names.shown(who),
            "played": row.played,
            "wins": row.wins,
            "win_rate": round(row.wins / row.played, 3),
            "average_score": round(sum(scores) / len(scores), 1) if scores else None,
            "best_score": max(scores) if scores else None,
            "longest_streak": _longest_streak(row.results),
            "rating": None if rating is None else {
                "rating": shown_rating, "mu": round(rating.rating.mu, 2),
                "sigma": round(rating.rating.sigma, 2), "change": round(rating.change, 2),
                "history": history_shown,
            },
            "rival": names.shown(min(opponents, key=lambda them: (-sum(opponents[them]), names.shown(them)))) if opponents else None,
            "nemesis": _nemesis(opponents, names),
        }))  # fmt: skip
    players: list[JsonValue] = [player for _order, player in sorted(ranked, key=lambda item: item[0])]
    head_to_head: list[JsonValue] = [
        {"player": names.shown(me), "opponent": names.shown(them), "played": sum(counts), "wins": counts[0], "losses": counts[1], "draws": counts[2]}
        for (me, them), counts in sorted(pairs.items(), key=lambda item: (names.shown(item[0][0]), names.shown(item[0][1])))
        if wanted is None or me == wanted
    ]
    return {"players": players, "head_to_head": head_to_head}


def _longest_streak(results: Sequence[bool]) -> int:
    longest = current = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return longest


def _nemesis(opponents: dict[str, list[int]], names: Names) -> str | None:
    beaten_by = {them: counts for them, counts in opponents.items() if counts[1] > 0}
    if not beaten_by:
        return None
    return names.shown(min(beaten_by, key=lambda them: (-beaten_by[them][1], beaten_by[them][0], names.shown(them))))


def _per_player(
    finished: Sequence[Record], names: Names, wanted: str | None, count: Callable[[Record, int], Mapping[str, int]]
) -> dict[str, dict[str, int]]:
    """Sums per person of what ``count(match, seat)`` gives (a dict of numbers)."""
    totals: dict[str, dict[str, int]] = {}
    for match in finished:
        for seat, name in enumerate(match.seats):
            who = names.person(name)
            if wanted is not None and who != wanted:
                continue
            row = totals.setdefault(who, defaultdict(int))
            for key, value in count(match, seat).items():
                row[key] += value
    return totals


def _smoorverliefd(finished: Sequence[Record], names: Names, wanted: str | None) -> JsonObject:
    """Hearts per round, rounds with all 13 hearts, revokes, per player."""
    totals = _per_player(finished, names, wanted, lambda match, seat: {
        "rounds": match.facts["rounds"], "hearts": match.facts["hearts"][seat],
        "all_thirteen": match.facts["all_thirteen"][seat], "revokes": match.facts["revokes"][seat],
    })  # fmt: skip
    hearts: list[JsonValue] = [
        {"name": names.shown(who), "rounds": row["rounds"], "hearts_per_round": round(row["hearts"] / row["rounds"], 2) if row["rounds"] else None,
         "rounds_with_all_13": row["all_thirteen"], "revokes": row["revokes"]}
        for who, row in sorted(totals.items(), key=lambda item: names.shown(item[0]))
    ]  # fmt: skip
    return {"hearts": hearts}


def _spellcrafter(finished: Sequence[Record], names: Names, wanted: str | None) -> JsonObject:
    """The best words ever played (standing ones, with their breakdowns), the average word
    score, and the challenges each player made and won. A word counts as what it scored
    everywhere: a word that fell to a challenge scored 0, in the average too (and is no
    best word)."""

    def count(match: Record, seat: int) -> dict[str, int]:
        words = [word for word in match.facts["words"] if word["seat"] == seat]
        made = [c for c in match.facts["challenges"] if c["challenger"] == seat]
        return {"words": len(words), "points": sum(word["score"] for word in words),
                "challenges_made": len(made), "challenges_won": sum(not c["valid"] for c in made)}  # fmt: skip

    totals = _per_player(finished, names, wanted, count)
    standing = [
        (match, word) for match in finished for word in match.facts["words"]
        if not word["fallen"] and (wanted is None or names.person(match.seats[word["seat"]]) == wanted)
    ]  # fmt: skip
    standing.sort(key=lambda found: (-found[1]["score"], _date(found[0].when), found[1]["word"]))
    words: list[JsonValue] = [
        {"word": word["word"], "score": word["score"], "player": names.shown(names.person(match.seats[word["seat"]])),
         "round": word["round"], "file": str(match.path), "date": _date(match.when), "breakdown": word["breakdown"]}
        for match, word in standing[:BEST_WORDS]
    ]  # fmt: skip
    rows: list[JsonValue] = [
            {"name": names.shown(who), "words": row["words"], "average_word_score": round(row["points"] / row["words"], 1) if row["words"] else None,
             "challenges_made": row["challenges_made"], "challenges_won": row["challenges_won"]}
            for who, row in sorted(totals.items(), key=lambda item: names.shown(item[0]))
    ]  # fmt: skip
    return {"best_words": words, "words": rows}


EXTRAS = {"smoorverliefd": _smoorverliefd, "spellcrafter": _spellcrafter}


def _cooperative(finished: Sequence[Record], names: Names) -> JsonObject:
    """A cooperative game (Smitten): wins by mode and by pair of partners, and the
    furthest a lost game got (the most cards in the grids)."""
    by_mode: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_pair: dict[tuple[str, ...], list[int]] = defaultdict(lambda: [0, 0])
    furthest: Record | None = None
    for match in finished:
        won = bool(match.winners)
        by_mode[match.facts["mode"]][0] += 1
        by_mode[match.facts["mode"]][1] += won
        if match.seats:
            pair = tuple(sorted(names.shown(names.person(name)) for name in match.seats))
            by_pair[pair][0] += 1
            by_pair[pair][1] += won
        if not won and (furthest is None or match.facts["cards"] > furthest.facts["cards"]):
            furthest = match
    wins = sum(bool(match.winners) for match in finished)
    return {
        "won": wins,
        "lost": len(finished) - wins,
        "by_mode": [{"mode": mode, "played": n, "won": w} for mode, (n, w) in sorted(by_mode.items())],
        "by_pair": [{"players": [*pair], "played": n, "won": w} for pair, (n, w) in sorted(by_pair.items())],
        "furthest_lost": None if furthest is None else {
            "cards": furthest.facts["cards"], "mode": furthest.facts["mode"], "file": str(furthest.path), "date": _date(furthest.when),
        },
    }  # fmt: skip
