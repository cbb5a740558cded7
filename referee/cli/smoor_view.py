"""How a Smoorverliefd match looks to people: echoes, the standings table, the chart."""

from __future__ import annotations

from rich import box
from rich.table import Table
from rich.text import Text

from referee.cards import Suit
from referee.cli.output import card_text, cards_text, console
from referee.smoorverliefd.match import Match, PlayedRound
from referee.smoorverliefd.report import running_totals
from referee.smoorverliefd.scoring import side_names, side_totals
from referee.smoorverliefd.setup import Variant
from referee.smoorverliefd.tricks import Revoke, Trick

LEADER = "bold green"
SPARKS = "▁▂▃▄▅▆▇█"


def situation(match: Match) -> Text:
    """The line on every screen: "Round 4 — Bram deals, Cees leads", or the result."""
    setup, state = match.setup, match.standing
    sides = side_names(setup)
    if state.winner is not None:
        total = state.totals[state.winner]
        return Text.assemble("Match over — ", (sides[state.winner], LEADER), f" wins with {total} points")
    current, names = match.current, setup.players
    line = Text.assemble((f"Round {current.number}", "bold"), " — ", names[current.dealer], " deals, ")
    if current.tricks:
        line.append(f"trick {len(current.tricks) + 1}: ")
    line.append(names[current.leader])
    line.append(" leads")
    if current.cursed_suit is not None:
        line.append("  cursed suit ")
        line.append(current.cursed_suit.symbol, style="red" if current.cursed_suit.is_red else "")
    if current.bids is not None:
        line.append("  bids: " + ", ".join(f"{n} {b}" for n, b in zip(names, current.bids)))
    if state.tied_at_target:
        line.append("  (tied on top at the target: one more round)", style="yellow")
    return line


def settings(match: Match) -> Text:
    setup = match.setup
    parts = [f"target {setup.target}"]
    for variant in Variant:
        if variant in setup.variants:
            detail = ""
            if variant is Variant.BLINDE_LIEFDE:
                detail = f" (exact bid +{setup.bid_bonus}, miss −{setup.bid_penalty})"
            if variant is Variant.PARTNERS:
                detail = f" ({' vs '.join(side_names(setup))})"
            parts.append(variant.value + detail)
    if setup.seed is not None:
        parts.append(f"seeded deals ({setup.seed})")
    return Text(" · ".join(parts), style="dim")


def round_line(match: Match, played: PlayedRound) -> Text:
    """The echo of a finished round: each player's points and how they came about."""
    setup, names, score = match.setup, match.setup.players, played.score
    line = Text.assemble((f"Round {played.number}", "bold"), ": ")
    for seat, name in enumerate(names):
        if seat:
            line.append(" · ")
        line.append(name)
        line.append(f" {score.total[seat]:+d}" if score.bids[seat] or score.curse[seat] else f" {score.total[seat]}")
        details = []
        capture = played.captures[seat]
        if capture.count:
            details.append(f"{capture.count}♥" + (" incl. A♥" if capture.ace else ""))
        if capture.count == 13:
            details.append("all hearts ×2")
        if played.bids is not None:
            details.append(f"bid {played.bids[seat]} {'✓' if score.bids[seat] > 0 else '✗'}")
        if score.curse[seat]:
            details.append(f"cursed {played.cursed_suit.symbol if played.cursed_suit else ''} −5")
        if details:
            line.append(f" ({', '.join(details)})", style="dim")
        if setup.duos is None and seat in score.champions:
            line.append(" ★", style="yellow")
    if setup.duos is not None and score.champions:
        line.append("  ★ " + " & ".join(side_names(setup)[s] for s in score.champions), style="yellow")
    return line


def totals_line(match: Match) -> Text:
    setup, state = match.setup, match.standing
    sides = side_names(setup)
    ranked = sorted(range(len(state.totals)), key=lambda side: -state.totals[side])
    line = Text("Totals: ")
    best = state.totals[ranked[0]]
    for index, side in enumerate(ranked):
        if index:
            line.append(" · ")
        line.append(f"{sides[side]} {state.totals[side]}", style=LEADER if state.totals[side] == best else "")
    if state.winner is None:
        line.append(f"  ({max(setup.target - best, 0)} to go to {setup.target})", style="dim")
    return line


def trick_line(match: Match, trick: Trick) -> Text:
    names = match.setup.players
    hearts = [card for card in trick.cards if card.suit is Suit.HEARTS]
    line = Text.assemble(f"Trick {trick.number}: ", cards_text(trick.cards), " — ", (names[trick.winner], "bold"), " wins with ")
    line.append_text(card_text(trick.card_of(trick.winner)))
    if hearts:
        line.append_text(Text.assemble(", takes ", cards_text(hearts)))
    return line


def revoke_line(match: Match, revoke: Revoke) -> Text:
    name = match.setup.players[revoke.seat]
    return Text.assemble(
        ("Revoke (verzaken): ", "bold red"),
        f"{name} did not follow {revoke.suit.symbol} in trick {revoke.showed_out_in} but plays ",
        card_text(revoke.card),
        f" in trick {revoke.played_in}",
    )


def show_screen(match: Match, *lines: Text) -> None:
    out = console()
    for line in lines:
        out.print(line)
    out.print(situation(match))


def standings_table(match: Match) -> Table:
    setup = match.setup
    names = setup.players
    state = match.standing
    leaders = {side for side, total in enumerate(state.totals) if total == max(state.totals)}
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_footer=bool(match.rounds))
    table.add_column("Round", footer="Total")
    for seat, name in enumerate(names):
        lead = setup.duos is None and seat in leaders
        table.add_column(Text(name, style=LEADER if lead else "bold"), justify="right",
                         footer=Text(str(match.totals[seat]), style=LEADER if lead else "bold"))  # fmt: skip
    if setup.duos is not None:
        for duo, name in enumerate(side_names(setup)):
            style = LEADER if duo in leaders else "bold"
            table.add_column(Text(name, style=style), justify="right", footer=Text(str(state.totals[duo]), style=style))
    table.add_column("Dealer")
    table.add_column("Champion")
    sides = side_names(setup)
    for played in match.rounds:
        cells = []
        for seat in range(setup.count):
            cell = Text(str(played.score.total[seat]))
            if played.captures[seat].count == 13:
                cell.append(" ×2", style="magenta")
            if played.score.bids[seat] or played.score.curse[seat]:
                cell.append("*", style="dim")
            cells.append(cell)
        if setup.duos is not None:
            cells += [Text(str(points)) for points in side_totals(setup, played.score.total)]
        champion = Text(", ".join(sides[side] for side in played.score.champions), style="yellow")
        if played.revokes:
            champion.append("  revoke!", style="bold red")
        table.add_row(str(played.number), *cells, names[played.dealer], champion)
    return table


def show_standings(match: Match) -> None:
    out = console()
    out.print(settings(match))
    if match.rounds:
        out.print(standings_table(match))
        if any(p.score.bids != (0,) * match.setup.count or any(p.score.curse) for p in match.rounds):
            out.print(Text("* includes bid or cursed-suit points", style="dim"))
        out.print(totals_line(match))
    else:
        out.print(Text("No rounds played yet."))
    out.print(situation(match))


def show_chart(match: Match) -> None:
    """Cumulative totals at a glance: a sparkline of each side's total over the rounds
    and a bar towards the target."""
    setup = match.setup
    history = [side_totals(setup, totals) for totals in running_totals(match)]
    sides = side_names(setup)
    out = console()
    out.print(Text.assemble(("Cumulative totals", "bold"), f" after {len(history)} rounds, target {setup.target}"))
    if not history:
        out.print(situation(match))
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
    out.print(situation(match))


def show_hands(match: Match, seats: list[int]) -> None:
    current = match.current
    assert current.hands is not None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=f"Round {current.number}, cards in hand")
    table.add_column("Player")
    suits = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    for suit in suits:
        table.add_column(Text(suit.symbol, style="red" if suit.is_red else ""))
    for seat in seats:
        hand = current.hands[seat]
        row = [match.setup.players[seat]]
        for suit in suits:
            ranks = sorted((c for c in hand if c.suit is suit), key=lambda c: -c.rank)
            row.append(Text(" ".join(c.rank_name for c in ranks) or "—", style="red" if suit.is_red else ""))
        table.add_row(*row)
    console().print(table)
    console().print(situation(match))
