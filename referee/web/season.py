"""The season's page of `referee serve`: ``/stats``, the same season as `referee stats
FOLDER`, for a TV or a phone (issue 26 point 5), built as every other page is: the shell
``static/page.html`` drawn by ``static/season.js`` from a JSON answer, ``GET /api/stats``,
made here (issue 32 point 7).

What the answer holds is :meth:`referee.stats.season.Season.to_json` of the folder, the
very document `referee stats FOLDER --json` prints, said for people in the page's
language: the words from the catalogue and :mod:`referee.stats.voice` (the terminal's own
headings), every number written by :func:`referee.i18n.number` with the decimals the
terminal gives it. Nothing is counted again here, and the page's script computes no
number and holds no word: it lays out what it is given, draws the two charts (the
ratings over time and the win rates) as SVG with DOM calls, and pages through what does
not fit on one screen (a TV cannot scroll: issue 33 point 4).

Only what `referee stats` counts reaches the page, and that is public history: the
finished matches, while an unfinished one is only counted (a game in progress in the
folder shows no card of any hand, not even a played one). A damaged file is named, not
its problem (a replay's message may quote an entry); files are named as found under the
folder served, never by their whole path on the host's machine.

The folder is read once, and again only when something under it changed
(:class:`SeasonPages`: a ``stat`` of each folder and save file, no file read), so a TV that
reloads the page, or many phones at once, cost a walk over the folder, not a reading.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import NoReturn

from referee.game import JsonObject, JsonValue

from referee.i18n import _, number, percent, speaking
from referee.stats.voice import AVERAGE, HEARTS, RATING, change, dated_by_file, figure, files_read, game_heading, trend

#: The series' colours, bright on the pages' dark felt and told apart without red and
#: green (the first is the pages' accent).
COLOURS = ("#ffd166", "#8ecae6", "#ff8fab", "#f4a261", "#cdb4db", "#ffffff", "#e76f51", "#a8dadc")
NAME_LENGTH = 12  # a longer name is cut (with "…") beside its bar; the bar's tooltip has it whole

#: A cell of a table: its text, or its text with what the page marks on it (``trend``:
#: "up", "down" or "same", ``note``: a second text after it in the trend's colour,
#: ``swatch``: the player's colour in the charts).
Cell = str | dict[str, str]


def document(root: Path) -> JsonObject:
    """The season of the folder ``root``, exactly as `referee stats ROOT --json` gives it."""
    from referee.stats.season import gather

    return gather([root], None, None, []).to_json()


class SeasonPages:
    """The season's answer of one folder, in each language asked for, read once and
    again only when the folder's :func:`folder_stamp` changed. Asked from worker threads:
    one reading at a time, and those asking meanwhile get what it read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.stamp: tuple[tuple[str, int, int, int], ...] | None = None
        self.season: JsonObject | None = None
        self.answers: dict[str, JsonObject] = {}
        self.readings = 0  # how many times the folder was read (the tests count them)

    def answer(self, language: str) -> JsonObject:
        """The answer of ``GET /api/stats`` in ``language`` (:func:`answer_of`)."""
        with self.lock:
            now = folder_stamp(self.root)
            if now != self.stamp or self.season is None:
                self.readings += 1
                with speaking(language):  # the document holds no words; a problem's message is not shown
                    self.stamp, self.season, self.answers = now, document(self.root), {}
            if language not in self.answers:
                with speaking(language):
                    self.answers[language] = answer_of(self.season, self.root, language)
            return self.answers[language]


_PAGES: dict[str, SeasonPages] = {}
_PAGES_LOCK = threading.Lock()


def pages_of(root: Path) -> SeasonPages:
    """The :class:`SeasonPages` of the folder ``root`` (one per folder in this process)."""
    key = os.path.realpath(root)
    with _PAGES_LOCK:
        if key not in _PAGES:
            if len(_PAGES) >= 16:
                _PAGES.clear()  # a process that served many folders (the tests): start afresh
            _PAGES[key] = SeasonPages(root)
        return _PAGES[key]


def folder_stamp(root: Path) -> tuple[tuple[str, int, int, int], ...]:
    """What tells whether the season of ``root`` may have changed, without reading a file:
    each folder's and each ``*.toml`` file's place, size, modification time and inode,
    the folders :func:`referee.stats.shelf.files` reads (hidden ones left out)."""
    found: list[tuple[str, int, int, int]] = []
    pending = [str(root)]
    while pending:
        folder = pending.pop()
        try:
            status = os.stat(folder)
            entries = list(os.scandir(folder))
        except OSError:
            found.append((folder, -1, -1, -1))
            continue
        found.append((folder, status.st_size, status.st_mtime_ns, status.st_ino))
        for entry in entries:
            try:
                if entry.is_dir():
                    if not entry.name.startswith("."):
                        pending.append(entry.path)
                elif entry.name.endswith(".toml"):
                    known = entry.stat()
                    found.append((entry.path, known.st_size, known.st_mtime_ns, known.st_ino))
            except OSError:
                found.append((entry.path, -1, -1, -1))
    return tuple(sorted(found))


def answer_of(season: JsonObject, root: Path, language: str) -> JsonObject:
    """What ``/stats`` shows, said in the current language: the page's own words
    (``labels``), the notes on the files read, and per game its heading and its blocks
    in order (the charts, then the tables and lists), each a value the page lays out as
    it is (``kind``: "charts", "table", "words" or "note")."""
    files = _object(season["files"])
    notes: list[JsonValue] = [files_read(files)]
    dated = _list(files["dated_by_file"])
    if dated:
        notes.append(dated_by_file(len(dated)))
    for damaged in _objects(files["damaged"]):
        notes.append(_("skipped {file}: damaged (`referee stats` says why)").format(file=_shown_path(_text(damaged["file"]), root)))
    # the charts first: the cooperative games have none
    games = sorted(((name, _object(game)) for name, game in _object(season["games"]).items()), key=lambda item: "players" not in item[1])
    return {
        "lang": language,
        "folder": root.resolve().name or str(root),
        "labels": {**season_words()},
        "notes": notes,
        "empty": None if games else _("no finished or unfinished match was found"),
        "games": [{"game": name, "heading": game_heading(game), "blocks": _labelled(game, _competitive(game) if "players" in game else _cooperative(game))}
                  for name, game in games],
    }


def _labelled(game: JsonObject, blocks: list[JsonObject]) -> list[JsonValue]:
    """Each table named for a screen reader by its game and its caption (two games'
    tables of players or head to head are told apart)."""
    for block in blocks:
        if block["kind"] == "table":
            block["label"] = _("{game}: {table}").format(game=game["title"], table=block["caption"] or _("Players"))
    return [*blocks]


def season_words() -> dict[str, str]:
    """The season page's own words (its script holds none)."""
    return {
        "title": _("Season"),
        "language": _("Language"),
        "pages": _("Pages"),
        "previous": _("Previous page"),
        "next": _("Next page"),
        "pause": _("Pause"),
        "play": _("Play"),
        "page": _("Page {page} of {pages}"),  # the script puts in the two numbers
        "lost": _("The season could not be read; trying again…"),
    }


def _shown_path(file: str, root: Path) -> str:
    """A file as found under the folder served (its whole path stays on the host)."""
    path = Path(file)
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


# --- a competitive game: charts, the players' table, head to head, the game's own facts ---


def _competitive(game: JsonObject) -> list[JsonObject]:
    players = _objects(game["players"])
    colours = {_text(player["name"]): COLOURS[index % len(COLOURS)] for index, player in enumerate(players)}
    blocks: list[JsonObject] = []
    ratings, rates = ratings_chart(players, colours), win_rate_chart(players, colours)
    if ratings or rates:
        blocks.append({"kind": "charts", "ratings": ratings, "win_rate": rates})
    blocks.append(_players_table(players, colours))
    grid = _head_to_head(_objects(game["head_to_head"]))
    if grid:
        blocks.append(grid)
    if game.get("hearts"):
        blocks.append(_table(_("Hearts"), [_("Player"), _("Hearts a round"), _("Rounds"), _("All 13"), _("Revokes")], [
            [_text(row["name"]), figure(_optional_number(row["hearts_per_round"]), HEARTS), str(row["rounds"]), str(row["rounds_with_all_13"]), str(row["revokes"])]
            for row in _objects(game["hearts"])
        ]))  # fmt: skip
    if game.get("words"):
        blocks.append(_table(_("Words"), [_("Player"), _("Words"), _("Avg word"), _("Challenged"), _("Rightly")], [
            [_text(row["name"]), str(row["words"]), figure(_optional_number(row["average_word_score"]), AVERAGE), str(row["challenges_made"]), str(row["challenges_won"])]
            for row in _objects(game["words"])
        ]))  # fmt: skip
    if game.get("best_words"):
        blocks.append(_best_words(_objects(game["best_words"])))
    return blocks


def _players_table(players: Sequence[JsonObject], colours: dict[str, str]) -> JsonObject:
    """The terminal's table of players, its numbers as `referee stats` writes them."""
    headers = [_("Player"), _("Played"), _("Won"), _("Win %"), _("Avg"), _("Best"), _("Streak"), _("Rating (μ−3σ)"), _("Rival"), _("Nemesis")]
    rows: list[list[Cell]] = []
    for player in players:
        rating = None if player["rating"] is None else _object(player["rating"])
        rated: Cell = "—" if rating is None else {
            "text": number(_number(rating["rating"]), RATING), "note": change(_number(rating["change"])), "trend": trend(_number(rating["change"]))}
        name = _text(player["name"])
        rows.append([
            {"text": name, "swatch": colours[name]}, str(player["played"]), str(player["wins"]), number(_number(player["win_rate"]) * 100),
            figure(_optional_number(player["average_score"]), AVERAGE), figure(_optional_number(player["best_score"]), 0), str(player["longest_streak"]), rated,
            _optional_text(player["rival"]) or "—", _optional_text(player["nemesis"]) or "—",
        ])  # fmt: skip
    return _table(None, headers, rows, kind="players", text=(8, 9))


def _head_to_head(rows: Sequence[JsonObject]) -> JsonObject | None:
    """The grid of `referee stats`: the row player's wins–losses against the column's."""
    players = sorted({_text(row["player"]) for row in rows})
    opponents = sorted({_text(row["opponent"]) for row in rows} | (set(players) if len(players) > 1 else set()))
    if not opponents:
        return None
    cells = {(_text(row["player"]), _text(row["opponent"])): row for row in rows}
    body: list[list[Cell]] = []
    for name in players:
        line: list[Cell] = [name]
        for other in opponents:
            row = cells.get((name, other))
            if row is None:
                line.append({"text": "·", "trend": "same"})
                continue
            text = f"{row['wins']}–{row['losses']}" + (f" ({row['draws']}=)" if row["draws"] else "")
            line.append({"text": text, "trend": trend(_number(row["wins"]) - _number(row["losses"]))})
        body.append(line)
    return _table(_("Head to head (wins–losses of the row against the column)"), ["", *opponents], body, kind="grid")


def _best_words(words: Sequence[JsonObject]) -> JsonObject:
    items: list[JsonValue] = []
    for word in words:
        said = _("by {player}, round {round}, {date}").format(player=word["player"], round=word["round"], date=_text(word["date"])[:10])
        cards = " ".join(_text(letter["card"]) for letter in _objects(_object(word["breakdown"])["letters"]))
        items.append({"word": word["word"], "score": str(word["score"]), "said": said, "cards": cards})
    return {"kind": "words", "title": _("Best words"), "items": items}


# --- a cooperative game (Smitten): wins by mode and by pair, the furthest a lost game got ---


def _cooperative(game: JsonObject) -> list[JsonObject]:
    from referee.smitten.words import mode_words  # the modes in words, as `referee stats` shows them

    blocks: list[JsonObject] = [{"kind": "note", "class": "summary", "text": _("won {won}, lost {lost}").format(won=game["won"], lost=game["lost"])}]
    if game["by_mode"]:
        blocks.append(_table(_("By mode"), [_("Mode"), _("Played"), _("Won")], [
            [mode_words(_text(row["mode"])), str(row["played"]), str(row["won"])] for row in _objects(game["by_mode"])]))  # fmt: skip
    if game["by_pair"]:
        blocks.append(_table(_("By pair"), [_("Players"), _("Played"), _("Won")], [
            [" & ".join(_text(name) for name in _list(row["players"])), str(row["played"]), str(row["won"])] for row in _objects(game["by_pair"])]))  # fmt: skip
    if game["furthest_lost"] is not None:
        furthest = _object(game["furthest_lost"])
        said = _("the furthest a lost game got: {cards} of 17 cards ({mode}, {file})")
        blocks.append({"kind": "note", "class": "note", "text": said.format(
            cards=furthest["cards"], mode=mode_words(_text(furthest["mode"])), file=Path(_text(furthest["file"])).name)})  # fmt: skip
    return blocks


def _table(caption: str | None, headers: Sequence[str], rows: Sequence[Sequence[Cell]], kind: str = "facts", text: Sequence[int] = ()) -> JsonObject:
    """A table: the first column names each row (its header), numbers stand to the right
    and the columns ``text`` (their indexes) to the left. A page may show its rows over
    several screens, the headers on each."""
    return {"kind": "table", "class": kind, "caption": caption, "headers": [*headers], "rows": [[_cell(cell) for cell in row] for row in rows], "text": [*text]}


def _cell(cell: Cell) -> JsonValue:
    return cell if isinstance(cell, str) else {**cell}


# --- the charts: the values to draw, placed on their axes; the page draws them ----------


def ratings_chart(players: Sequence[JsonObject], colours: dict[str, str]) -> JsonObject | None:
    """Each rated player's conservative rating (μ − 3σ) after each of their matches, over
    the season's dates: one line each, a dot per match. ``at`` places a point on the time
    axis (0 the first date, 1 the last), ``value`` on the rating axis (``low`` to
    ``high``, a rule at each of ``ticks``); each point's ``title`` is its tooltip."""
    # each rated player: their name, their rating and its history (a point per match)
    rated = [
        (_text(player["name"]), rating, _objects(rating["history"]))
        for player in players if player["rating"] is not None
        for rating in [_object(player["rating"])] if _list(rating["history"])
    ]  # fmt: skip
    if not rated:
        return None
    moments = {name: [_seconds(_text(point["date"])) for point in history] for name, _rating, history in rated}
    first, last = min(min(times) for times in moments.values()), max(max(times) for times in moments.values())
    low, high, step = _scale([_number(point["rating"]) for _name, _rating, history in rated for point in history])
    ticks: list[JsonValue] = []
    tick = low
    while tick <= high + step / 2:
        ticks.append({"value": tick, "text": _tick(tick, step), "zero": abs(tick) < step / 2})
        tick += step
    days = sorted({_text(point["date"])[:10] for _name, _rating, history in rated for point in history})
    series: list[JsonValue] = []
    for name, rating, history in rated:
        points: list[JsonValue] = [
            {"at": (moment - first) / (last - first) if last > first else 0.5, "value": point["rating"],
             "title": f"{name}, {_text(point['date'])[:10]}: {number(_number(point['rating']), RATING)}"}
            for moment, point in zip(moments[name], history, strict=True)
        ]  # fmt: skip
        series.append({"name": name, "colour": colours[name], "rating": number(_number(rating["rating"]), RATING), "points": points})
    return {"title": _("Ratings over time"), "low": low, "high": high, "ticks": ticks, "dates": [days[0]] if len(days) == 1 else [days[0], days[-1]], "series": series}


def win_rate_chart(players: Sequence[JsonObject], colours: dict[str, str]) -> JsonObject | None:
    """One bar per player, the share of their matches they won, highest first."""
    if not players:
        return None
    ordered = sorted(players, key=lambda p: (-_number(p["win_rate"]), _text(p["name"])))
    bars: list[JsonValue] = []
    for player in ordered:
        name = _text(player["name"])
        said = _("{rate} of {played}").format(rate=percent(_number(player["win_rate"]), 0), played=player["played"])
        shown = name if len(name) <= NAME_LENGTH else name[: NAME_LENGTH - 1] + "…"
        bars.append({"name": name, "label": shown, "colour": colours[name], "rate": player["win_rate"], "said": said})
    return {"title": _("Win rate"), "bars": bars}


def _seconds(date: str) -> float:
    """A match's date (ISO 8601, with its offset: UTC) as seconds, for the time axis."""
    return datetime.fromisoformat(date).timestamp()


def _scale(values: Sequence[float]) -> tuple[float, float, float]:
    """The rating axis: from a round number at or under the lowest value (and 0) to one at
    or over the highest, in steps of 1, 2 or 5 times a power of ten (four to eight of them)."""
    low, high = min(0.0, *values), max(0.0, *values)
    span = high - low or 1.0
    power = 10 ** math.floor(math.log10(span / 4))
    step = next(size * power for size in (1, 2, 5, 10) if span / (size * power) <= 8)
    return math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step, step


def _tick(value: float, step: float) -> str:
    places = 0 if step >= 1 else 1
    return number(0.0 if abs(value) < step / 2 else value, places)


# --- reading the season's document (:meth:`referee.stats.season.Season.to_json`) --------------
# The document is the stats module's own, so each value has its shape; one that has not is
# that module's mistake, said as a TypeError rather than drawn wrong.


def _object(value: JsonValue) -> JsonObject:
    if isinstance(value, dict):
        return value
    _misshapen("an object", value)


def _list(value: JsonValue) -> list[JsonValue]:
    if isinstance(value, list):
        return value
    _misshapen("a list", value)


def _objects(value: JsonValue) -> list[JsonObject]:
    return [_object(item) for item in _list(value)]


def _text(value: JsonValue) -> str:
    if isinstance(value, str):
        return value
    _misshapen("a text", value)


def _optional_text(value: JsonValue) -> str | None:
    return None if value is None else _text(value)


def _number(value: JsonValue) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    _misshapen("a number", value)


def _optional_number(value: JsonValue) -> float | None:
    return None if value is None else _number(value)


def _misshapen(wanted: str, value: JsonValue) -> NoReturn:
    raise TypeError(f"the season's document holds {value!r} where {wanted} belongs")
