"""The Smoorverliefd screens drawn with rich: the standings table, the chart, the hands.

Player names are user text: they go into rich only as ``Text``, never as markup.
"""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from referee.cards import Suit
from referee.cli.output import console, rank_shown
from referee.cli.smoor_lines import LEADER, revoke_line, round_so_far, settings, situation, totals_line
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.report import running_totals
from referee.smoorverliefd.scoring import side_names, side_totals
from referee.smoorverliefd.view import SeatView
from referee.i18n import _, ngettext

SPARKS = "▁▂▃▄▅▆▇█"
RECENT_ROUNDS = 12


def standings_table(match: Match, show_all: bool = False) -> Table:
    """Rounds as rows, players as columns; a long match folds its early rounds into one
    row (``show_all`` lists every round)."""
    setup = match.setup
    names = setup.players
    state = match.standing
    leaders = {side for side, total in enumerate(state.totals) if total == max(state.totals)}
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_footer=bool(match.rounds))
    table.add_column(_("Round"), footer=_("Total"))
    for seat, name in enumerate(names):
        lead = setup.duos is None and seat in leaders
        table.add_column(Text(name, style=LEADER if lead else "bold"), justify="right",
                         footer=Text(str(match.totals[seat]), style=LEADER if lead else "bold"))  # fmt: skip
    if setup.duos is not None:
        for duo, name in enumerate(side_names(setup)):
            style = LEADER if duo in leaders else "bold"
            table.add_column(Text(name, style=style), justify="right", footer=Text(str(state.totals[duo]), style=style))
    table.add_column(_("Dealer"))
    table.add_column(_("Champion"))
    sides = side_names(setup)
    shown = match.rounds if show_all else match.rounds[-RECENT_ROUNDS:]
    earlier = match.rounds[: len(match.rounds) - len(shown)]
    if earlier:
        sums = [sum(p.score.total[seat] for p in earlier) for seat in range(setup.count)]
        cells = [Text(str(points), style="dim") for points in sums]
        if setup.duos is not None:
            cells += [Text(str(points), style="dim") for points in side_totals(setup, sums)]
        table.add_row(Text(f"1–{len(earlier)}", style="dim"), *cells, "", Text(_("(--all lists them)"), style="dim"))
    for played in shown:
        cells = []
        for seat in range(setup.count):
            cell = Text(str(played.score.total[seat]))
            if played.captures[seat].all_hearts:
                cell.append(" ×2", style="magenta")
            if played.score.adjusted(seat):
                cell.append("*", style="dim")
            cells.append(cell)
        if setup.duos is not None:
            cells += [Text(str(points)) for points in side_totals(setup, played.score.total)]
        champion = Text(", ".join(sides[side] for side in played.score.champions), style="yellow")
        table.add_row(str(played.number), *cells, Text(names[played.dealer]), champion)
    return table


def show_standings(match: Match, show_all: bool = False) -> None:
    """The score sheet, the revokes under it (each once, with its round), then the round
    in progress: its tricks so far and the hearts they gave."""
    out = console()
    out.print(settings(match).to_rich())
    if match.rounds:
        out.print(standings_table(match, show_all))
        count = match.setup.count
        if any(p.score.adjusted(seat) for p in match.rounds for seat in range(count)):
            out.print(Text(_("* includes bid, cursed-suit or revoke points"), style="dim"))
        out.print(totals_line(match).to_rich())
    else:
        out.print(Text(_("No round finished yet.") if match.current.begun else _("No rounds played yet.")))
    for played in match.rounds:
        for revoke in played.revokes:
            out.print(revoke_line(match, revoke, played.number).to_rich())
    for revoke in match.current.revokes:
        out.print(revoke_line(match, revoke, match.current.number).to_rich())
    so_far = round_so_far(match)
    if so_far is not None:
        out.print(so_far.to_rich())
    out.print(situation(match).to_rich())


def show_chart(match: Match) -> None:
    """Cumulative totals at a glance: a sparkline of each side's total over the rounds
    and a bar towards the target."""
    setup = match.setup
    history = [side_totals(setup, totals) for totals in running_totals(match)]
    sides = side_names(setup)
    out = console()
    after = ngettext(" after {count} round, target {target}", " after {count} rounds, target {target}", len(history))
    out.print(Text.assemble((_("Cumulative totals"), "bold"), after.format(count=len(history), target=setup.target)))
    if not history:
        out.print(situation(match).to_rich())
        return
    low = min(0, *(min(row) for row in history))
    high = max(setup.target, *(max(row) for row in history))
    width = 30
    state = match.standing
    best = max(state.totals)
    name_width = max(len(name) for name in sides)
    for side, name in enumerate(sides):
        values = [row[side] for row in history]
        spark = "".join(SPARKS[round((v - low) / (high - low or 1) * (len(SPARKS) - 1))] for v in values[-40:])
        filled = max(0, round(values[-1] / high * width)) if high > 0 else 0
        style = LEADER if values[-1] == best else ""
        line = Text(name.ljust(name_width) + "  ", style=style)
        line.append(spark.ljust(min(len(values), 40)), style="cyan")
        line.append(f"  {values[-1]:>4}  ")
        line.append("█" * min(filled, width), style=style or "blue")
        line.append("░" * max(width - filled, 0), style="dim")
        line.append(f" {setup.target}", style="dim")
        out.print(line)
    out.print(situation(match).to_rich())


def show_hands(match: Match, view: SeatView) -> None:
    """A seat's view: its hand by suit; the public view (no seat): how many cards each
    player holds, and how to ask for one player's hand."""
    out = console()
    names = view.players
    if view.seat is None or view.hand is None:
        table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=_("Round {number}, cards in hand").format(number=view.round))
        table.add_column(_("Player"))
        table.add_column(_("Cards"), justify="right")
        for seat, count in enumerate(view.cards_in_hand or ()):
            table.add_row(Text(names[seat]), str(count))
        out.print(table)
        out.print(Text(_("A hand is private: show one player's with --player NAME, for that player's eyes only."), style="dim"))
        out.print(situation(match).to_rich())
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=_("Round {number}, cards in hand").format(number=view.round))
    table.add_column(_("Player"))
    suits = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    for suit in suits:
        table.add_column(Text(suit.symbol, style="red" if suit.is_red else ""))
    row = [Text(names[view.seat])]
    for suit in suits:
        ranks = sorted((c for c in view.hand if c.suit is suit), key=lambda c: -c.rank)
        row.append(Text(" ".join(rank_shown(c) for c in ranks) or "—", style="red" if suit.is_red else ""))
    table.add_row(*row)
    out.print(table)
    out.print(situation(match).to_rich())
