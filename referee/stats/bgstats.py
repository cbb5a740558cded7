"""Sharing plays with the BG Stats app (Board Game Stats, by Eerko Vissering).

Two documented ways in, both built here from a :class:`~referee.stats.records.Record`:

1. **The play link** ("Push plays to BG Stats from other apps or websites",
   https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/):
   ``https://app.bgstatsapp.com/createPlay.html?data=<data>`` (``bgstats://app.bgstatsapp.com/
   createPlay.html?data=<data>`` works as well), where ``<data>`` is a URL-encoded JSON
   string with ``sourceName``, ``sourcePlayId``, ``playDate`` (``YYYY-MM-DD HH:MM:SS``),
   ``durationMin``, ``location``, ``board``, ``comments``, ``game`` (``name``,
   ``highestWins``, ``noPoints``, ``sourceGameId``, and ``bggId`` only when the game has one
   on BoardGameGeek: these games have none) and ``players`` (each ``name``, ``score``,
   ``winner``, ``startPlayer``, ``rank``, ``role``, ``sourcePlayerId``). The app matches the
   game and the players to its own by name and remembers the match.
   (The issue spoke of ``bgstats://app.import?…``: the app's documentation names the link
   above, so that is the one built.)

2. **The play file**, ``.bgsplay``: the JSON file BG Stats shares and opens ("This is a
   Play file that can be read by Board Game Stats"), for many plays at once. No page of
   the app documents it field by field; it is built from the files the app writes, as
   seen in public examples and in other apps' exporters: ``about``, and the tables
   ``players`` (``id``, ``uuid``, ``name``, ``isAnonymous``, ``modificationDate``,
   ``bggUsername``), ``locations`` (``id``, ``uuid``, ``name``, ``modificationDate``),
   ``games`` (``id``, ``uuid``, ``name``, ``modificationDate``, ``cooperative``,
   ``highestWins``, ``noPoints``, ``usesTeams``) and ``plays`` (``uuid``, ``gameRefId``,
   ``locationRefId``, ``playDate``, ``durationMin``, ``playerScores`` — each
   ``playerRefId``, ``score`` as text, ``winner``, ``startPlayer``, ``newPlayer``,
   ``rank``, ``seatOrder`` — ``board``, ``comments``, ``rounds``, ``ignored``,
   ``manualWinner``, ``usesTeams``, ``entryDate``, ``modificationDate``), the plays
   pointing at the other tables by their whole-number ``id``.

Identifiers are stable: the same match always gives the same ``uuid`` (a UUID 5 of its
file's path and start), so importing a file twice is recognised by the app.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import NamedTuple
from urllib.parse import quote

from referee.game import JsonObject, JsonValue
from referee.players import folded
from referee.stats.records import Record

LINK = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "referee"
ABOUT = "This is a Play file that can be read by Board Game Stats. If you see this text, try to use a share, export or open-in function to open it with Board Game Stats."
_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://referee/bgstats")


def _date(moment: datetime) -> str:
    """``2026-12-04 20:02:11``: the app's date format, in the local time of this machine."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M:%S")


def _id(*parts: str) -> str:
    return str(uuid.uuid5(_NAMESPACE, "\x1f".join(parts)))


def play_id(record: Record) -> str:
    return _id("play", record.path.resolve().as_posix(), record.when.isoformat())


def _board(record: Record) -> str:
    variants = record.facts.get("variants") or []
    mode = record.facts.get("mode")
    return ", ".join([mode] if mode else variants)


class _Seat(NamedTuple):
    """One seat of a play, as the app takes it."""

    name: str
    score: int | None
    winner: bool
    start_player: bool
    rank: int
    source_id: str


def _seats(record: Record) -> list[_Seat]:
    return [
        _Seat(
            name,
            None if record.scores is None else record.scores[seat],
            seat in record.winners,
            record.start_player == seat,
            record.places[seat] if record.places else (1 if record.winners else 2),
            folded(name),
        )
        for seat, name in enumerate(record.seats or (f"Player {seat + 1}" for seat in range(2)))
    ]


def pushed_play(record: Record) -> JsonObject:
    """The link's play: the JSON the app's documentation describes."""
    players: list[JsonValue] = [
        {"name": seat.name, "score": seat.score, "winner": seat.winner, "startPlayer": seat.start_player, "rank": seat.rank,
         "role": "", "sourcePlayerId": seat.source_id}
        for seat in _seats(record)
    ]  # fmt: skip
    document: JsonObject = {
        "sourceName": SOURCE,
        "sourcePlayId": play_id(record),
        "playDate": _date(record.started or record.when),
        "durationMin": record.duration_minutes or 0,
        "location": record.location or "",
        "board": _board(record),
        "comments": "",
        "game": {"name": record.title, "highestWins": True, "noPoints": record.scores is None, "sourceGameId": record.game},
        "players": players,
    }
    return document


def link(record: Record) -> str:
    """The link that opens the app's import dialog with this play."""
    return LINK + quote(json.dumps(pushed_play(record), ensure_ascii=False, separators=(",", ":")), safe="")


def play_file(records: Sequence[Record], now: datetime) -> dict[str, str | list[JsonValue]]:
    """The ``.bgsplay`` file of ``records`` (finished matches)."""
    stamp = _date(now)
    people: dict[str, JsonObject] = {}
    places: dict[str, JsonObject] = {}
    titles: dict[str, JsonObject] = {}
    plays: list[JsonValue] = []
    for record in records:
        game = titles.setdefault(record.game, {
            "id": len(titles) + 1, "uuid": _id("game", record.game), "name": record.title, "modificationDate": stamp,
            "cooperative": record.cooperative, "highestWins": True, "noPoints": record.scores is None, "usesTeams": False,
        })  # fmt: skip
        location = None
        if record.location:
            location = places.setdefault(folded(record.location), {
                "id": len(places) + 1, "uuid": _id("location", folded(record.location)), "name": record.location, "modificationDate": stamp})  # fmt: skip
        scores: list[JsonValue] = []
        for seat in _seats(record):
            person = people.setdefault(seat.source_id, {
                "id": len(people) + 1, "uuid": _id("player", seat.source_id), "name": seat.name,
                "isAnonymous": False, "modificationDate": stamp, "bggUsername": ""})  # fmt: skip
            scores.append({
                "playerRefId": person["id"], "score": "" if seat.score is None else str(seat.score),
                "winner": seat.winner, "startPlayer": seat.start_player, "newPlayer": False,
                "rank": seat.rank, "seatOrder": len(scores),
            })  # fmt: skip
        plays.append({
            "uuid": play_id(record), "gameRefId": game["id"], "locationRefId": location["id"] if location else 0,
            "playDate": _date(record.started or record.when), "durationMin": record.duration_minutes or 0,
            "playerScores": scores, "board": _board(record), "comments": "", "rounds": record.facts.get("rounds", 0),
            "ignored": False, "manualWinner": False, "usesTeams": False, "entryDate": stamp, "modificationDate": stamp,
        })  # fmt: skip
    return {"about": ABOUT, "players": [*people.values()], "locations": [*places.values()], "games": [*titles.values()], "plays": plays}
