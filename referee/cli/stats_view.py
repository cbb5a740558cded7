"""`referee stats` for people: per game a table of players, head-to-head, the game's own
facts, and two charts drawn in the terminal (ratings over time, win rates).

It shows :meth:`referee.stats.season.Season.to_json`'s values and computes nothing. Every
count is worded through ``ngettext`` and every number written by :func:`referee.i18n.number`
(a decimal comma in Dutch, the minus sign ``−``), each kind of number always with the same
decimals: ratings and averages 1, hearts a round 2, percentages none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from referee.i18n import _, ngettext, number, percent
from referee.stats.voice import AVERAGE, HEARTS, RATING, change, dated_by_file, figure, files_read, game_heading, trend

if TYPE_CHECKING:
    from rich.console import Console

SPARKS = "▁▂▃▄▅▆▇█"
BAR = 24


def show(document: dict[str, Any]) -> None:
    from referee.cli.output import console

    out = console()
    files = document["files"]
    out.print(Text(files_read(files)))
    for damaged in files["damaged"]:
        out.print(Text(_("skipped {file}: {problem}").format(file=damaged["file"], problem=damaged["problem"]), style="yellow"))
    if files["dated_by_file"]:
        out.print(Text(dated_by_file(len(files["dated_by_file"])), style="dim"))
    if not document["games"]:
        out.print(Text(_("no finished or unfinished match was found")))
    for game in document["games"].values():
        out.print()
        out.print(Text(game_heading(game), style="bold"))
        if "players" in game:
            _competitive(out, game)
        else:
            _cooperative(out, game)


def _competitive(out: Console, game: dict[str, Any]) -> None:
    columns = [(_("Player"), "left"), (_("Played"), "right"), (_("Won"), "right"), (_("Win %"), "right"), (_("Avg"), "right"),
               (_("Best"), "right"), (_("Streak"), "right"), (_("Rating (μ−3σ)"), "right"), (_("Rival"), "left"), (_("Nemesis"), "left")]  # fmt: skip
    rows = []
    for player in game["players"]:
        rating = player["rating"]
        rated = Text("—") if rating is None else Text(number(rating["rating"], RATING) + " ") + _change(rating["change"])
        rows.append([
            Text(player["name"]), Text(str(player["played"])), Text(str(player["wins"])), Text(number(player["win_rate"] * 100)),
            Text(figure(player["average_score"], AVERAGE)), Text(figure(player["best_score"], 0)), Text(str(player["longest_streak"])), rated,
            Text(player["rival"] or "—"), Text(player["nemesis"] or "—"),
        ])  # fmt: skip
    # No column narrower than its widest cell or its header's longest word: a narrow
    # terminal wraps a header of several words ("Rating (μ−3σ)") rather than cut one
    # ("Gespee…"), and the columns stand one space apart rather than two when that makes
    # the table fit (Dutch headers are longer). Only narrower still does rich cut.
    narrowest = [max([cell_len(word) for word in title.split()] + [row[index].cell_len for row in rows]) for index, (title, _j) in enumerate(columns)]
    room = out.width
    close = sum(narrowest) + 2 * (len(columns) - 1) > room
    fits = sum(narrowest) + len(columns) - 1 <= room
    table = Table(box=None, padding=(0, 1), pad_edge=False, collapse_padding=close)
    for (title, justify), width in zip(columns, narrowest, strict=True):
        table.add_column(title, justify=justify, min_width=width if fits else None)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(*row)
    out.print(table)
    _head_to_head(out, game["head_to_head"])
    if game.get("hearts"):
        out.print(Text(_("Hearts"), style="bold"))
        for row in game["hearts"]:
            rounds = ngettext("{count} round", "{count} rounds", row["rounds"]).format(count=row["rounds"])
            thirteen = ngettext("all 13 hearts {count} time", "all 13 hearts {count} times", row["rounds_with_all_13"]).format(count=row["rounds_with_all_13"])
            revokes = ngettext("{count} revoke", "{count} revokes", row["revokes"]).format(count=row["revokes"])
            out.print(Text("  " + _("{name}: {hearts} hearts a round over {rounds}, {all}, {revokes}").format(
                name=row["name"], hearts=figure(row["hearts_per_round"], HEARTS), rounds=rounds, all=thirteen, revokes=revokes)))  # fmt: skip
    if game.get("best_words"):
        out.print(Text(_("Best words"), style="bold"))
        for word in game["best_words"]:
            out.print(Text("  " + _("{word} {score} by {player} (round {round}, {date}): {cards}").format(
                word=word["word"], score=word["score"], player=word["player"], round=word["round"], date=word["date"][:10],
                cards=" ".join(letter["card"] for letter in word["breakdown"]["letters"]))))  # fmt: skip
        for row in game["words"]:
            words = ngettext("{count} word averaging {average}", "{count} words averaging {average}", row["words"]).format(
                count=row["words"], average=figure(row["average_word_score"], AVERAGE))  # fmt: skip
            made = ngettext("{count} challenge made, {won} rightly", "{count} challenges made, {won} rightly", row["challenges_made"]).format(
                count=row["challenges_made"], won=row["challenges_won"])  # fmt: skip
            out.print(Text("  " + _("{name}: {words}; {challenges}").format(name=row["name"], words=words, challenges=made)))
    _charts(out, game["players"])


def _change(value: float) -> Text:
    """The last match's change of a rating (:func:`referee.stats.voice.change`), coloured."""
    return Text(change(value), style={"up": "green", "down": "red", "same": "dim"}[trend(value)])


def _head_to_head(out: Console, rows: list[dict[str, Any]]) -> None:
    """The head-to-head grid: the row player's wins–losses against the column player."""
    players = sorted({row["player"] for row in rows})
    opponents = sorted({row["opponent"] for row in rows} | ({*players} if len(players) > 1 else set()))
    if not opponents:
        return
    cells = {(row["player"], row["opponent"]): row for row in rows}
    table = Table(title=_("Head to head (wins–losses of the row against the column)"), title_justify="left", box=None, padding=(0, 1), pad_edge=False)
    table.add_column("")
    for name in opponents:
        table.add_column(Text(name), justify="center")
    for name in players:
        table.add_row(Text(name), *(_cell(cells.get((name, other))) for other in opponents))
    out.print(table)


def _cell(row: dict[str, Any] | None) -> Text:
    if row is None:
        return Text("·", style="dim")
    text = f"{row['wins']}–{row['losses']}" + (f" ({row['draws']}=)" if row["draws"] else "")
    return Text(text, style="green" if row["wins"] > row["losses"] else "red" if row["wins"] < row["losses"] else "")


def sparkline(values: list[float], low: float, high: float) -> str:
    """``▁▃▅█``: each value as a block, scaled between ``low`` and ``high``."""
    span = high - low or 1
    return "".join(SPARKS[min(len(SPARKS) - 1, int((value - low) / span * len(SPARKS)))] for value in values)


def _charts(out: Console, players: list[dict[str, Any]]) -> None:
    rated = [p for p in players if p["rating"] and len(p["rating"]["history"]) > 1]
    if rated:
        values = [point["rating"] for p in rated for point in p["rating"]["history"]]
        low, high = min(values), max(values)
        width = max(len(p["name"]) for p in rated)
        out.print(Text(_("Ratings over time ({low} to {high})").format(low=number(low, RATING), high=number(high, RATING)), style="bold"))
        for p in rated:
            line = sparkline([point["rating"] for point in p["rating"]["history"]], low, high)
            out.print(Text(f"  {p['name']:<{width}} ") + Text(line, style="cyan") + Text(" " + number(p["rating"]["rating"], RATING)))
    if players:
        width = max(len(p["name"]) for p in players)
        out.print(Text(_("Win rate"), style="bold"))
        for p in sorted(players, key=lambda p: -p["win_rate"]):
            filled = round(p["win_rate"] * BAR)
            out.print(Text(f"  {p['name']:<{width}} ") + Text("█" * filled, style="green") + Text("░" * (BAR - filled), style="dim")
                      + Text(" " + _("{rate} of {played}").format(rate=percent(p["win_rate"], 0), played=p["played"])))  # fmt: skip


def _cooperative(out: Console, game: dict[str, Any]) -> None:
    out.print(Text(_("won {won}, lost {lost}").format(won=game["won"], lost=game["lost"])))
    from referee.smitten.words import mode_words  # the one cooperative game's modes

    for mode in game["by_mode"]:
        out.print(Text("  " + _("{mode}: won {won} of {played}").format(mode=mode_words(mode["mode"]), won=mode["won"], played=mode["played"])))
    for pair in game["by_pair"]:
        out.print(Text("  " + _("{players}: won {won} of {played}").format(players=" & ".join(pair["players"]), won=pair["won"], played=pair["played"])))
    furthest = game["furthest_lost"]
    if furthest is not None:
        out.print(Text("  " + _("the furthest a lost game got: {cards} of 17 cards ({mode}, {file})").format(cards=furthest["cards"], mode=mode_words(furthest["mode"]), file=furthest["file"])))
