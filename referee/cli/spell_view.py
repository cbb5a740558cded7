"""How Spellcrafter looks to people: a word's breakdown, the game's lines and score sheet.

The breakdown and the one-line answers are plain ``Line``s (no rich: `spell score` and the
entries must start fast); the score sheet and the deck are rich tables, imported lazily.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.cli.output import Line
from referee.spellcrafter.cards import SpellSuit
from referee.spellcrafter.notation import DoubleToken, LetterToken, TroubleToken
from referee.spellcrafter.scoring import DDT_BONUS, INSTANT_WIN, Score, ScoredLetter
from referee.wording import counted

if TYPE_CHECKING:  # the game's modules are imported by the game's commands only
    from rich.text import Text

    from referee.game import Outcome
    from referee.spellcrafter.deck import Deck
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.rounds import Round

LEADER = "bold green"


def suit_segment(suit: SpellSuit | None) -> tuple[str, str]:
    return ("no suit", "dim") if suit is None else (suit.label, suit.colour)


def _note(letter: ScoredLetter) -> str:
    token = letter.token
    notes = []
    if isinstance(token, LetterToken) and token.jumper:
        notes.append(f"Jumper {token.card}")
    if isinstance(token, LetterToken) and token.written in ("QU", "Q"):
        notes.append("Qu card, one letter" + ("" if token.written == "QU" else ", U not used"))
    if isinstance(token, DoubleToken):
        notes.append(f"Double, Double copying {token.written} (letter {letter.copies})")
    if isinstance(token, TroubleToken):
        notes.append(f"Trouble as {token.written}, worth 0")
    if letter.toil is not None:
        change = "" if letter.toil.suit is token.suit else f", {token.suit.label} → {letter.toil.suit.label}"
        notes.append(f"Toil: {letter.printed}+1{change}")
    return "; ".join(notes)


def why(score: Score) -> str:
    """Why the multiplier is what it is, in the rulebook's words."""
    reasons = []
    if score.flush:
        suit = score.flush_suit
        reasons.append(f"flush: all {suit.label}" if suit else "flush")
    if score.straight:
        reasons.append(f"straight: {score.length} letters")
    if not reasons:
        return "no flush, no straight"
    return "; ".join(reasons)


def breakdown(score: Score) -> list[Line]:
    """The word as a player checks it against the cards on the table."""
    lines = [Line((score.word, "bold"), f": {counted(score.score, 'point')}")]
    for letter in score.letters:
        line = Line(f"  {letter.position}  ", (letter.token.written.ljust(2), "bold"), f" {letter.value:>3}  ")
        label, style = suit_segment(letter.suit)
        note = _note(letter)
        line.append(label.ljust(9) if note else label, style)
        if note:
            line.append("  " + note, "dim")
        lines.append(line)
    lines.append(Line(f"Base {score.base} × {score.multiplier} ({why(score)}) = {score.base * score.multiplier}"))
    if score.bonus:
        lines.append(Line(f"Bonus +{DDT_BONUS} (Double-Double, Toil & Trouble: all three special cards) = {score.score}"))
    if score.instant_win:
        lines.append(Line((f"Instant win: a word of {INSTANT_WIN} or more wins the game at once", "bold yellow")))
    return lines


# --- the game's one-line answers ---------------------------------------------------------


def word_line(player: str, score: Score) -> Line:
    """The word just entered, with its score and why."""
    line = Line(f"{player}: ", (score.word, "bold"), f" {counted(score.score, 'point')}")
    detail = f"base {score.base} × {score.multiplier}, {why(score)}"
    if score.bonus:
        detail += f", +{score.bonus} bonus"
    line.append(f" ({detail})", "dim")
    if score.instant_win:
        line.append(f"  instant win: {INSTANT_WIN} or more!", "bold yellow")
    return line


def totals_line(game: Game) -> Line:
    names, totals = game.setup.players, game.totals
    ranked = sorted(range(len(totals)), key=lambda seat: -totals[seat])
    line = Line("Totals: ")
    for index, seat in enumerate(ranked):
        if index:
            line.append(" · ")
        line.append(f"{names[seat]} {totals[seat]}", LEADER if totals[seat] == max(totals) else "")
    return line


def outcome_line(game: Game, outcome: Outcome) -> Line:
    from referee.spellcrafter.voice import VOICE

    return Line(("Game over", "bold"), " — ", (VOICE.outcome(game, outcome), LEADER))


def situation(game: Game) -> Line:
    """The line on every screen: the round, the passing direction, who is still to play."""
    from referee.spellcrafter.game import passing
    from referee.spellcrafter.setup import ROUNDS

    outcome = game.outcome
    if outcome is not None:
        line = outcome_line(game, outcome)
        latest = game.latest
        if any(seat in latest.unchallenged for seat in latest.instant_wins):  # the winner may still change
            line.append(f" — round {latest.number}'s words can still be challenged: a word of {INSTANT_WIN} or more "
                        "that falls does not win", "dim")  # fmt: skip
        elif latest.unchallenged:  # a word that falls scores 0: the totals may still change
            line.append(f" — round {latest.number}'s words can still be challenged", "dim")
        return line
    number = game.current_number
    line = Line((f"Round {number}", "bold"), f" of {ROUNDS} — pass {passing(number)}")
    jumper = game.jumper(number)
    if jumper is not None:
        line.append(" — Jumper ").append(str(jumper), jumper.suit.colour)
    latest = game.latest
    if latest.number == number:
        line.append(f" — waiting for {', '.join(game.setup.players[seat] for seat in game.waiting)}")
        if latest.instant_wins:
            line.append(f" — a word of {INSTANT_WIN} or more: the game ends when round {number} is complete", "bold yellow")
    else:
        line.append(f" — round {latest.number}'s words can be challenged until round {number} begins", "dim")
    return line


def settings_line(game: Game) -> Line:
    setup = game.setup
    parts = [f"dictionary {setup.dictionary}"]
    if setup.house is not None:
        added, removed = counted(len(setup.house.added), "word"), counted(len(setup.house.removed), "word")
        parts[0] += f" + house {setup.house.path} ({added} added, {removed} removed)"
    if setup.variants.friendly:
        parts.append("friendly rules (Jumper mandatory, no suit)")
    if setup.variants.ddt:
        parts.append("Double-Double, Toil & Trouble (+10)")
    if setup.two_player:
        parts.append("two players: no Familiars")
    if setup.seed is not None:
        parts.append(f"dealt by the referee (seed {setup.seed})")
    if setup.deck is not None:
        parts.append(f"deck: {setup.deck.name}")
    return Line((" · ".join(parts), "dim"))


# --- rich screens ------------------------------------------------------------------------------


def show_game(game: Game) -> None:
    """The score sheet: rounds as rows, players as columns, each word with its score."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console
    from referee.spellcrafter.game import passing

    setup, totals = game.setup, game.totals
    played = [r for r in game.rounds if any(entry is not None for entry in r.entries)]
    out = console()
    out.print(settings_line(game).to_rich())
    if not played:
        out.print(Text("No words yet."))
        out.print(situation(game).to_rich())
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_footer=True)
    table.add_column("Round", footer="Total")
    for seat, name in enumerate(setup.players):
        style = LEADER if totals[seat] == max(totals) else "bold"
        table.add_column(Text(name, style=style), justify="right", footer=Text(str(totals[seat]), style=style))
    table.add_column("Passing")
    for r in played:
        table.add_row(str(r.number), *(_cell(game, r, seat) for seat in range(setup.count)), passing(r.number))
    out.print(table)
    out.print(situation(game).to_rich())


def _cell(game: Game, played: Round, seat: int) -> Text:
    from rich.text import Text

    from referee.spellcrafter.rounds import Pass, Play

    entry = played.entries[seat]
    cell = Text()
    if isinstance(entry, Pass):
        cell.append("pass", style="dim")
    elif isinstance(entry, Play):
        if entry.fallen:
            cell.append(f"{entry.score.word} ✗ 0", style="red")
        else:
            cell.append(f"{entry.score.word} {entry.score.score}", style="bold yellow" if entry.score.instant_win else "")
            if entry.challenge is not None:
                cell.append(" ✓", style="green")
    penalty = played.penalty(seat)
    if penalty:
        cell.append(("\n" if cell else "") + f"−{penalty} challenge", style="red")
    return cell


def show_deck(deck: Deck, warnings: list[str]) -> None:
    """The deck: one row per letter, value and count in each suit."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=None)
    table.add_column("Card")
    suits = deck.suits()
    for suit in suits:
        table.add_column(Text(suit.label, style=suit.colour), justify="right")
    rows: dict[str, dict[SpellSuit, list[str]]] = {}
    for card in dict.fromkeys(deck.cards):
        label = card.letters if card.is_letter else card.special.title if card.special else ""
        cell = f"{card.value}×{deck.count(card)}" if card.is_letter else f"×{deck.count(card)}"
        rows.setdefault(label, {}).setdefault(card.suit, []).append(cell)
    for label, by_suit in rows.items():
        table.add_row(label, *(" ".join(by_suit.get(suit, ["—"])) for suit in suits))
    out = console()
    out.print(Text(deck.name, style="bold"))
    out.print(table)
    counts = ", ".join(f"{suit.label} {sum(1 for c in deck.cards if c.suit is suit)}" for suit in suits)
    out.print(Text(f"{len(deck.cards)} cards: {counts}. Letter cells are value×count."))
    for warning in warnings:
        out.print(Text("Note: " + warning, style="yellow"))
