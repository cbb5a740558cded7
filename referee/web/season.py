"""The season's page of `referee serve`: ``/stats``, the same season as `referee stats
FOLDER`, drawn for a TV or a phone, with two charts as SVG made here (issue 26 point 5).

What the page shows is :meth:`referee.stats.season.Season.to_json` of the folder, the
very document `referee stats FOLDER --json` prints: the matches are read and added up by
:mod:`referee.stats`, and nothing is counted again here. The page is whole as it
arrives: HTML, the two charts inline as SVG (the ratings over time and the win rates),
no script and nothing from outside the package (a game night often has no internet).

Only what `referee stats` counts reaches the page, and that is public history: the
finished matches, while an unfinished one is only counted (a game in progress in the
folder shows no card of any hand, not even a played one). A damaged file is named, not
its problem (a replay's message may quote an entry); files are named as found under the
folder served, never by their whole path on the host's machine.

The folder is read once, and again only when something under it changed
(:class:`Pages`: a ``stat`` of each folder and save file, no file read), so a TV that
reloads the page, or many phones at once, cost a walk over the folder, not a reading.

Numbers are written in the page's language (:func:`referee.i18n.number`: ``12,5`` in
Dutch); each chart's points and bars carry their value as a ``<title>`` (a tooltip), and
the same numbers stand in the tables beside them.
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from referee.i18n import _, ngettext, number, percent

#: The series' colours, bright on the pages' dark felt and told apart without red and
#: green (the first is the pages' accent).
COLOURS = ("#ffd166", "#8ecae6", "#ff8fab", "#f4a261", "#cdb4db", "#ffffff", "#e76f51", "#a8dadc")
WIDTH = 640  # the charts' drawing units across; the page scales them to its width
FONT = 22  # the charts' text, in drawing units: about 11 px on a phone, 30 px on a TV


def document(root: Path) -> dict[str, Any]:
    """The season of the folder ``root``, exactly as `referee stats ROOT --json` gives it."""
    from referee.stats.season import gather

    return gather([root], None, None, []).to_json()


class Pages:
    """The season's page of one folder, in each language asked for, drawn once and again
    only when the folder's :func:`folder_stamp` changed. Asked from worker threads: one reading
    at a time, and those asking meanwhile get what it read."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.lock = threading.Lock()
        self.stamp: tuple[tuple[str, int, int, int], ...] | None = None
        self.pages: dict[str, str] = {}
        self.readings = 0  # how many times the folder was read (the tests count them)

    def page(self, language: str) -> str:
        """The page in ``language`` (inside :func:`referee.i18n.speaking` of it)."""
        with self.lock:
            now = folder_stamp(self.root)
            if now != self.stamp:
                self.stamp, self.pages = now, {}
            if language not in self.pages:
                self.readings += 1
                self.pages[language] = page_of(document(self.root), self.root, language)
            return self.pages[language]


_PAGES: dict[str, Pages] = {}
_PAGES_LOCK = threading.Lock()


def pages_of(root: Path) -> Pages:
    """The :class:`Pages` of the folder ``root`` (one per folder in this process)."""
    key = os.path.realpath(root)
    with _PAGES_LOCK:
        if key not in _PAGES:
            if len(_PAGES) >= 16:
                _PAGES.clear()  # a process that served many folders (the tests): start afresh
            _PAGES[key] = Pages(root)
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


def page_of(season: dict[str, Any], root: Path, language: str) -> str:
    """The whole page: a heading, then per game its charts, tables and facts."""
    parts = [_heading(season, root, language)]
    games = season["games"]
    if not games:
        parts.append(f'<p class="none">{_e(_("no finished or unfinished match was found"))}</p>')
    for game in sorted(games.values(), key=lambda game: "players" not in game):  # the charts first: the cooperative games have none
        parts.append(_game(game))
    title = _("Season")
    return (
        f'<!doctype html>\n<html lang="{_e(language)}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n<meta name="color-scheme" content="dark">\n'
        f"<title>{_e(title)} · referee</title>\n"
        '<link rel="stylesheet" href="/static/common.css">\n<link rel="stylesheet" href="/static/season.css">\n'
        f'</head>\n<body class="page-season">\n{"".join(parts)}</main>\n</body>\n</html>\n'
    )


def _heading(season: dict[str, Any], root: Path, language: str) -> str:
    files = season["files"]
    read = ngettext("{matches} match in {files} files read", "{matches} matches in {files} files read", files["matches"])
    notes = [read.format(matches=files["matches"], files=files["read"])]
    if files["dated_by_file"]:
        notes.append(_("{count} files were written before referee recorded dates: dated by their modification time").format(count=len(files["dated_by_file"])))
    for damaged in files["damaged"]:
        notes.append(_("skipped {file}: damaged (`referee stats` says why)").format(file=_shown_path(damaged["file"], root)))
    chosen = ' class="chosen" aria-current="page"'
    switch = "".join(f'<a href="/stats?lang={code}"{chosen if code == language else ""}>{code.upper()}</a>' for code in ("en", "nl"))
    return (
        f'<header id="top"><h1>{_e(_("Season"))}</h1><span id="file">{_e(root.resolve().name or str(root))}</span>'
        f'<nav id="languages" aria-label="{_e(_("Language"))}">{switch}</nav></header>\n<main id="root">\n'
        + "".join(f'<p class="note">{_e(note)}</p>\n' for note in notes)
    )


def _shown_path(file: str, root: Path) -> str:
    """A file as found under the folder served (its whole path stays on the host)."""
    path = Path(file)
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.name


def _game(game: dict[str, Any]) -> str:
    heading = ngettext("{title}: {matches} match", "{title}: {matches} matches", game["matches"]).format(title=game["title"], matches=game["matches"])
    if game["unfinished"]:
        heading += " " + _("({count} unfinished)").format(count=game["unfinished"])
    body = _competitive(game) if "players" in game else _cooperative(game)
    return f'<section class="game">\n<h2>{_e(heading)}</h2>\n{body}</section>\n'


# --- a competitive game: charts, the players' table, head to head, the game's own facts ---


def _competitive(game: dict[str, Any]) -> str:
    players = game["players"]
    colours = {player["name"]: COLOURS[index % len(COLOURS)] for index, player in enumerate(players)}
    charts = [chart for chart in (ratings_chart(players, colours), win_rate_chart(players, colours)) if chart]
    parts = [f'<div class="charts">{"".join(charts)}</div>\n'] if charts else []
    parts.append(_players_table(players, colours))
    parts.append(_head_to_head(game["head_to_head"]))
    if game.get("hearts"):
        parts.append(_table(_("Hearts"), [_("Player"), _("Hearts a round"), _("Rounds"), _("All 13"), _("Revokes")], [
            [row["name"], _number(row["hearts_per_round"], 2), row["rounds"], row["rounds_with_all_13"], row["revokes"]]
            for row in game["hearts"]
        ]))  # fmt: skip
    if game.get("best_words"):
        parts.append(_best_words(game["best_words"]))
    if game.get("words"):
        parts.append(_table(_("Words"), [_("Player"), _("Words"), _("Avg word"), _("Challenged"), _("Rightly")], [
            [row["name"], row["words"], _number(row["average_word_score"], 1), row["challenges_made"], row["challenges_won"]]
            for row in game["words"]
        ]))  # fmt: skip
    return "".join(parts)


def _players_table(players: Sequence[dict[str, Any]], colours: dict[str, str]) -> str:
    headers = [_("Player"), _("Played"), _("Won"), _("Win %"), _("Avg"), _("Best"), _("Streak"), _("Rating (μ−3σ)"), _("Rival"), _("Nemesis")]
    rows = []
    for player in players:
        rating = player["rating"]
        rated = "—" if rating is None else f'{_e(_number(rating["rating"], 1))} <span class="{_trend(rating["change"])}">{_e(_change(rating["change"]))}</span>'
        name = f'<span class="swatch" style="background:{colours[player["name"]]}"></span>{_e(player["name"])}'
        cells = [name, _e(player["played"]), _e(player["wins"]), _e(percent(player["win_rate"], 0)), _e(_number(player["average_score"], 1)),
                 _e(_number(player["best_score"], 0)), _e(player["longest_streak"]), rated, _e(player["rival"] or "—"), _e(player["nemesis"] or "—")]  # fmt: skip
        rows.append(cells)
    return _html_table(None, headers, rows, "players", text=(8, 9))


def _change(change: float) -> str:
    """The last match's change of a rating: ``+1.2``, ``−0.4`` or ``±0``."""
    if abs(change) < 0.05:
        return "±0"
    return ("+" if change > 0 else "−") + number(abs(change), 1)


def _trend(change: float) -> str:
    return "same" if abs(change) < 0.05 else "up" if change > 0 else "down"


def _head_to_head(rows: Sequence[dict[str, Any]]) -> str:
    """The grid of `referee stats`: the row player's wins–losses against the column's."""
    players = sorted({row["player"] for row in rows})
    opponents = sorted({row["opponent"] for row in rows} | (set(players) if len(players) > 1 else set()))
    if not opponents:
        return ""
    cells = {(row["player"], row["opponent"]): row for row in rows}
    body = []
    for name in players:
        line = [f'<th scope="row">{_e(name)}</th>']
        for other in opponents:
            row = cells.get((name, other))
            if row is None:
                line.append('<td class="none">·</td>')
                continue
            text = f"{row['wins']}–{row['losses']}" + (f" ({row['draws']}=)" if row["draws"] else "")
            kind = "up" if row["wins"] > row["losses"] else "down" if row["wins"] < row["losses"] else "same"
            line.append(f'<td class="{kind}">{_e(text)}</td>')
        body.append(f"<tr>{''.join(line)}</tr>")
    head = "<tr><th></th>" + "".join(f'<th scope="col">{_e(name)}</th>' for name in opponents) + "</tr>"
    title = _("Head to head (wins–losses of the row against the column)")
    return f'<div class="scroll"><table class="grid"><caption>{_e(title)}</caption><thead>{head}</thead><tbody>{"".join(body)}</tbody></table></div>\n'


def _best_words(words: Sequence[dict[str, Any]]) -> str:
    items = []
    for word in words:
        cards = " ".join(letter["card"] for letter in word["breakdown"]["letters"])
        said = _("by {player}, round {round}, {date}").format(player=word["player"], round=word["round"], date=word["date"][:10])
        items.append(f'<li><b>{_e(word["word"])}</b> <span class="score">{_e(word["score"])}</span> '
                     f'<span class="said">{_e(said)}</span> <code>{_e(cards)}</code></li>')  # fmt: skip
    return f'<h3>{_e(_("Best words"))}</h3>\n<ol class="words">{"".join(items)}</ol>\n'


# --- a cooperative game (Smitten): wins by mode and by pair, the furthest a lost game got ---


def _cooperative(game: dict[str, Any]) -> str:
    from referee.smitten.words import mode_words  # the modes in words, as `referee stats` shows them

    parts = [f'<p class="summary">{_e(_("won {won}, lost {lost}").format(won=game["won"], lost=game["lost"]))}</p>\n']
    if game["by_mode"]:
        parts.append(_table(_("By mode"), [_("Mode"), _("Played"), _("Won")], [[mode_words(row["mode"]), row["played"], row["won"]] for row in game["by_mode"]]))
    if game["by_pair"]:
        parts.append(_table(_("By pair"), [_("Players"), _("Played"), _("Won")], [[" & ".join(row["players"]), row["played"], row["won"]] for row in game["by_pair"]]))
    furthest = game["furthest_lost"]
    if furthest is not None:
        said = _("the furthest a lost game got: {cards} of 17 cards ({mode}, {file})")
        parts.append(f'<p class="note">{_e(said.format(cards=furthest["cards"], mode=mode_words(furthest["mode"]), file=Path(furthest["file"]).name))}</p>\n')
    return "".join(parts)


# --- the charts -------------------------------------------------------------------------


def ratings_chart(players: Sequence[dict[str, Any]], colours: dict[str, str]) -> str:
    """Each rated player's conservative rating (μ − 3σ) after each of their matches, over
    the season's dates: one line each, a dot per match (its value as a tooltip)."""
    rated = [player for player in players if player["rating"] and player["rating"]["history"]]
    if not rated:
        return ""
    height, left, right, top, bottom = 330, 64, 16, 14, 44
    series = {p["name"]: [(_seconds(point["date"]), point["rating"], point["date"][:10]) for point in p["rating"]["history"]] for p in rated}
    times = [moment for points in series.values() for moment, _value, _day in points]
    low, high, step = _scale([value for points in series.values() for _moment, value, _day in points])
    first, last = min(times), max(times)

    def x(moment: float) -> float:
        return left + (moment - first) / (last - first) * (WIDTH - left - right) if last > first else (left + WIDTH - right) / 2

    def y(value: float) -> float:
        return top + (high - value) / (high - low) * (height - top - bottom)

    grid = []
    tick = low
    while tick <= high + step / 2:
        grid.append(f'<line class="rule{" zero" if abs(tick) < step / 2 else ""}" x1="{left}" x2="{WIDTH - right}" y1="{y(tick):.1f}" y2="{y(tick):.1f}"/>'
                    f'<text class="tick" x="{left - 8}" y="{y(tick) + FONT / 3:.1f}" text-anchor="end">{_e(_tick(tick, step))}</text>')  # fmt: skip
        tick += step
    dates = sorted({day for points in series.values() for _moment, _value, day in points})
    shown = [dates[0]] if len(dates) == 1 else [dates[0], dates[-1]]
    for index, day in enumerate(shown):
        anchor = "middle" if len(shown) == 1 else ("start" if index == 0 else "end")
        place = x(first if index == 0 else last)
        grid.append(f'<text class="tick" x="{place:.1f}" y="{height - 10}" text-anchor="{anchor}">{_e(day)}</text>')
    lines = []
    for name, points in series.items():
        colour = colours[name]
        path = " ".join(f"{x(moment):.1f},{y(value):.1f}" for moment, value, _day in points)
        dots = "".join(
            f'<circle cx="{x(moment):.1f}" cy="{y(value):.1f}" r="5" fill="{colour}"><title>{_e(name)}, {_e(day)}: {_e(number(value, 2))}</title></circle>'
            for moment, value, day in points
        )
        lines.append(f'<g class="series" data-player="{_e(name)}"><polyline points="{path}" fill="none" stroke="{colour}" stroke-width="3" '
                     f'stroke-linejoin="round"/>{dots}</g>')  # fmt: skip
    title = _("Ratings over time")
    legend = "".join(
        f'<li><span class="swatch" style="background:{colours[p["name"]]}"></span>{_e(p["name"])} <b>{_e(number(p["rating"]["rating"], 1))}</b></li>'
        for p in rated
    )
    return _figure("ratings", title, WIDTH, height, "".join(grid) + "".join(lines), f'<ul class="legend">{legend}</ul>')


def win_rate_chart(players: Sequence[dict[str, Any]], colours: dict[str, str]) -> str:
    """One bar per player, the share of their matches they won, highest first."""
    if not players:
        return ""
    row, top, label, value_width = 44, 8, 160, 190
    ordered = sorted(players, key=lambda p: (-p["win_rate"], p["name"]))
    height = top * 2 + row * len(ordered)
    track = WIDTH - label - value_width
    bars = []
    for index, player in enumerate(ordered):
        middle = top + index * row + row / 2
        said = _("{rate} of {played}").format(rate=percent(player["win_rate"], 0), played=player["played"])
        name = player["name"] if len(player["name"]) <= 12 else player["name"][:11] + "…"
        bars.append(
            f'<g class="bar" data-player="{_e(player["name"])}" data-rate="{player["win_rate"]}">'
            f'<title>{_e(player["name"])}: {_e(said)}</title>'
            f'<text class="name" x="{label - 10}" y="{middle + FONT / 3:.1f}" text-anchor="end">{_e(name)}</text>'
            f'<rect class="track" x="{label}" y="{middle - 13:.1f}" width="{track}" height="26" rx="4"/>'
            f'<rect x="{label}" y="{middle - 13:.1f}" width="{player["win_rate"] * track:.1f}" height="26" rx="4" fill="{colours[player["name"]]}"/>'
            f'<text class="value" x="{label + track + 10}" y="{middle + FONT / 3:.1f}">{_e(said)}</text></g>'
        )
    return _figure("win-rate", _("Win rate"), WIDTH, height, "".join(bars), "")


def _figure(kind: str, title: str, width: int, height: int, drawing: str, after: str) -> str:
    return (
        f'<figure class="chart {kind}"><figcaption>{_e(title)}</figcaption>'
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-label="{_e(title)}" font-size="{FONT}">{drawing}</svg>{after}</figure>'
    )


def _seconds(date: str) -> float:
    """A match's date (ISO 8601, with its offset: UTC) as seconds, for the time axis."""
    return datetime.fromisoformat(date).timestamp()


def _scale(values: Sequence[float]) -> tuple[float, float, float]:
    """The rating axis: from a round number at or under the lowest value (and 0) to one at
    or over the highest, in steps of 1, 2 or 5 times a power of ten (four to eight of them)."""
    low, high = min(0.0, *values), max(0.0, *values)
    span = high - low or 1.0
    power = 10 ** _floor_log10(span / 4)
    step = next(size * power for size in (1, 2, 5, 10) if span / (size * power) <= 8)
    return _floor(low, step), _ceil(high, step), step


def _floor_log10(value: float) -> int:
    import math

    return math.floor(math.log10(value))


def _floor(value: float, step: float) -> float:
    import math

    return math.floor(value / step + 1e-9) * step


def _ceil(value: float, step: float) -> float:
    import math

    return math.ceil(value / step - 1e-9) * step


def _tick(value: float, step: float) -> str:
    places = 0 if step >= 1 else 1
    return number(0.0 if abs(value) < step / 2 else value, places)


# --- tables and text -----------------------------------------------------------------------


def _table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    return _html_table(caption, headers, [[_e(cell) for cell in row] for row in rows], "")


def _html_table(caption: str | None, headers: Sequence[str], rows: Iterable[Sequence[str]], kind: str, text: Sequence[int] = ()) -> str:
    """A table whose cells are HTML already: numbers to the right, the first column and
    the columns ``text`` (their indexes) to the left."""
    head = "".join(f'<th scope="col"{_aligned(index, text)}>{_e(header)}</th>' for index, header in enumerate(headers))
    body = "".join("<tr>" + "".join(f"<td{_aligned(index, text)}>{cell}</td>" for index, cell in enumerate(row)) + "</tr>" for row in rows)
    titled = f"<caption>{_e(caption)}</caption>" if caption else ""
    return f'<div class="scroll"><table class="{kind or "facts"}">{titled}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>\n'


def _aligned(index: int, text: Sequence[int]) -> str:
    return ' class="text"' if index in text else ""


def _number(value: float | None, places: int) -> str:
    """A number of the document for people (``—`` for none): ``12.5``, Dutch ``12,5``."""
    if value is None:
        return "—"
    return number(value, places if value != int(value) else 0)


def _e(value: object) -> str:
    return html.escape(str(value))
