"""How Spellcrafter looks to people: a word's breakdown, the game's lines and score sheet.

The breakdown and the one-line answers are plain ``Line``s (no rich: `spell score` and the
entries must start fast); the score sheet and the deck are rich tables, imported lazily.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from referee.cli.output import Line, voiced
from referee.spellcrafter.cards import SpellSuit
from referee.i18n import _, ngettext
from referee.spellcrafter.scoring import DDT_BONUS, INSTANT_WIN, Score
from referee.spellcrafter.voice import clock_words, direction, in_points, letter_note, no_hand, round_notes, seat_names, setup_names, why, word_detail

if TYPE_CHECKING:  # the game's modules are imported by the game's commands only
    from rich.text import Text

    from referee.game import Outcome
    from referee.spellcrafter.cards import SpellCard
    from referee.spellcrafter.deck import Deck
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.rounds import Round
    from referee.spellcrafter.view import SeatView

LEADER = "bold green"


def suit_segment(suit: SpellSuit | None) -> tuple[str, str]:
    from referee.spellcrafter.voice import suit_name

    return (_("no suit"), "dim") if suit is None else (suit_name(suit), suit.colour)


def breakdown(score: Score) -> list[Line]:
    """The word as a player checks it against the cards on the table."""
    lines = [Line((score.word, "bold"), f": {in_points(score.score)}")]
    for letter in score.letters:
        line = Line(f"  {letter.position}  ", (letter.token.written.ljust(2), "bold"), f" {letter.value:>3}  ")
        label, style = suit_segment(letter.suit)
        note = letter_note(letter)
        line.append(label.ljust(9) if note else label, style)
        if note:
            line.append("  " + note, "dim")
        lines.append(line)
    lines.append(Line(_("Base {base} × {multiplier} ({why}) = {value}").format(
        base=score.base, multiplier=score.multiplier, why=why(score), value=score.base * score.multiplier)))  # fmt: skip
    if score.bonus:
        lines.append(Line(_("Bonus +{bonus} (Double-Double, Toil & Trouble: all three special cards) = {score}").format(
            bonus=DDT_BONUS, score=score.score)))  # fmt: skip
    if score.instant_win:
        lines.append(Line((_("Instant win: a word of {points} or more wins the game at once").format(points=INSTANT_WIN), "bold yellow")))
    return lines


# --- the game's one-line answers ---------------------------------------------------------


def word_line(player: str, score: Score) -> Line:
    """The word just entered, with its score and why (the voice's words, styled)."""
    line = Line(f"{player}: ", (score.word, "bold"), f" {in_points(score.score)}")
    line.append(f" ({word_detail(score)})", "dim")
    if score.instant_win:
        line.append("  " + _("instant win: {points} or more!").format(points=INSTANT_WIN), "bold yellow")
    return line


def totals_line(game: Game, seat: int | None = None, at: datetime | None = None) -> Line:
    """The totals as ``seat`` sees them (None: the public, as on the status line) at ``at``
    (the time now): a word still face down to it is not counted (SPEC §6.6)."""
    from referee.spellcrafter.view import seat_view

    names, totals = setup_names(game.setup), seat_view(game, seat, at).totals
    ranked = sorted(range(len(totals)), key=lambda seat: -totals[seat])
    line = Line(_("Totals: "))
    for index, seat in enumerate(ranked):
        if index:
            line.append(" · ")
        line.append(f"{names[seat]} {totals[seat]}", LEADER if totals[seat] == max(totals) else "")
    return line


def outcome_line(game: Game, outcome: Outcome) -> Line:
    from referee.spellcrafter.voice import VOICE

    return Line((_("Game over"), "bold"), " — ", (VOICE.outcome(game, outcome), LEADER))


def situation(game: Game, at: datetime | None = None) -> Line:
    """The line on every screen: the situation as the game's voice says it (the round,
    the passing direction, the Jumper, who is still to pick or to play), coloured, and at
    ``at`` (the time now) the crafting clock while the words are awaited; once the game
    is over, its result and what may still change it."""
    from referee.spellcrafter.view import seat_view
    from referee.spellcrafter.voice import VOICE

    outcome = game.outcome
    notes = round_notes(seat_view(game, None, at), outcome is not None)
    styles = {words: _NOTE_STYLES[kind] for kind, words in notes}
    jumper = game.jumper(game.current_number) if outcome is None else None
    if jumper is not None:
        styles[str(jumper)] = jumper.suit.colour
    if outcome is not None:
        line = outcome_line(game, outcome)
        for _kind, words in notes:
            line = Line(line, " — ", voiced(words, styles))
    else:
        line = voiced(VOICE.situation(game), styles)
    left = None if at is None or outcome is not None else clock_left(game, at)
    if left is not None:
        line.append(" — " + clock_words(left), "bold red" if left == 0 else "bold")
    return line


def clock_left(game: Game, at: datetime) -> int | None:
    """The seconds left at ``at`` on the current round's crafting clock while its words
    are awaited (0 once the time is up); None when no clock runs
    (:func:`referee.spellcrafter.clock.left`)."""
    from referee.spellcrafter.clock import left
    from referee.spellcrafter.view import seat_view

    return left(seat_view(game, None), at)


_NOTE_STYLES = {"waiting": "", "instant": "bold yellow", "challenge": "dim"}


def settings_line(game: Game) -> Line:
    setup = game.setup
    parts = [_("dictionary {name}").format(name=setup.dictionary)]
    if setup.house is not None:
        added = ngettext("{count} word added", "{count} words added", len(setup.house.added)).format(count=len(setup.house.added))
        removed = ngettext("{count} word removed", "{count} words removed", len(setup.house.removed)).format(count=len(setup.house.removed))
        parts[0] += " + " + _("house {file} ({added}, {removed})").format(file=setup.house.path, added=added, removed=removed)
    if setup.variants.friendly:
        parts.append(_("friendly rules (Jumper mandatory, no suit)"))
    if setup.variants.ddt:
        parts.append(_("Double-Double, Toil & Trouble (+10)"))
    if setup.two_player:
        parts.append(_("two players: no Familiars"))
    if setup.teams:
        parts.append(ngettext("{count} team", "{count} teams", setup.count).format(count=setup.count))
    if setup.seed is not None:
        parts.append(_("dealt by the referee (seed {seed})").format(seed=setup.seed))
    if setup.draft:
        from referee.spellcrafter.voice import clock_time

        if setup.craft_time is None:
            parts.append(_("drafted through the referee, no crafting clock"))
        else:
            parts.append(_("drafted through the referee, {time} to craft").format(time=clock_time(setup.craft_time)))
    elif setup.seed is not None or setup.fair is not None:
        parts.append(_("drafted with real cards laid out from the deal"))
    if setup.deck is not None:
        from referee.spellcrafter.voice import deck_name

        parts.append(_("deck: {name}").format(name=deck_name(setup.deck.name)))
    return Line((" · ".join(parts), "dim"))


# --- rich screens ------------------------------------------------------------------------------


def hand_line(view: SeatView) -> Line:
    """What a seat holds that only it may see: its hand as dealt this round."""
    assert view.seat is not None
    name = seat_names(view)[view.seat]
    if not view.hand:
        return Line(no_hand(view, name) or _("{player}: no hand to show, the game is over.").format(player=name))
    return labelled_cards(_("{player}'s hand as dealt in round {round}: ").format(player=name, round=view.round), view.hand)


def labelled_cards(label: str, cards: tuple[SpellCard, ...]) -> Line:
    """``label`` and the cards, each in its suit's colour (``—`` for none)."""
    line = Line(label)
    for index, card in enumerate(cards):
        line.append(("" if index == 0 else " ") + str(card), card.suit.colour)
    if not cards:
        line.append("—", "dim")
    return line


def face_up_lines(view: SeatView) -> list[Line]:
    """Under the Friendly Rules, every seat's selected cards, face up for all to see
    (the seat's own are on its ``Selected:`` line); nothing otherwise."""
    draft = view.draft
    if draft is None or not draft.face_up:
        return []
    names = seat_names(view)
    return [labelled_cards(_("{player}'s selected cards, face up: ").format(player=names[seat]), draft.selected[seat] or ())
            for seat in range(len(names)) if seat != view.seat]  # fmt: skip


def selected_line(view: SeatView) -> Line:
    """The seat's own selected cards: face down until the draft is complete ("when the
    draft is complete, players may look at their selected cards"), so while it goes on
    only how many (face up under the Friendly Rules)."""
    draft = view.draft
    assert view.seat is not None and draft is not None
    shown = draft.selected[view.seat]
    count = draft.counts[view.seat]
    if shown is None and count:
        return Line(_("Selected: ") + ngettext("{count} card, face down until the draft is over",
                                               "{count} cards, face down until the draft is over", count).format(count=count))  # fmt: skip
    return labelled_cards(_("Selected: "), shown or ())


def seat_lines(view: SeatView, at: datetime | None = None) -> list[Line]:
    """What one seat alone may see, from its view: in a game drafted through the referee
    the hand it drafts from now, how many cards it has selected (face down until the
    draft is over: then the cards, its discards and its face-down last card; under the
    Friendly Rules every seat's selected cards, face up), what the table waits for, and
    at ``at`` the crafting clock; in a seeded game drafted with real cards, its hand as
    dealt (:func:`hand_line`)."""
    from referee.spellcrafter.clock import left
    from referee.spellcrafter.scoring import SELECTED_CARDS
    from referee.spellcrafter.voice import draft_waiting

    seat, draft = view.seat, view.draft
    assert seat is not None
    if draft is None:
        return [hand_line(view)]
    names = seat_names(view)
    name = names[seat]
    if draft.complete:
        lines = [Line((_("{player}, round {round}: the draft is over, craft your word").format(player=name, round=draft.round), "bold"))]
    else:
        lines = [Line((_("{player}, round {round}: pick {pick} of {picks}, passing {direction}").format(
            player=name, round=draft.round, pick=draft.turn, picks=SELECTED_CARDS, direction=direction(draft.direction)), "bold"))]  # fmt: skip
        if draft.hand:
            lines.append(labelled_cards(_("Hand to pick from: "), draft.hand))
    lines.append(selected_line(view))
    lines += face_up_lines(view)
    if draft.discarded:
        lines.append(labelled_cards(_("Discarded: "), draft.discarded))
    if draft.last is not None:
        lines.append(labelled_cards(_("Last card, face down (stands for the Jumper): "), (draft.last,)))
    if draft.complete and view.jumper is not None:
        lines.append(labelled_cards(_("Jumper on the table: "), (view.jumper,)))
    if draft.complete:
        remains = None if at is None else left(view, at)
        if remains is not None:
            lines.append(Line((clock_words(remains), "bold red" if remains == 0 else "bold")))
    elif seat in draft.waiting:
        if draft.must_discard:
            lines.append(Line((_("{player} picks now: keep one card of the hand and discard another").format(player=name), "bold")))
        else:
            lines.append(Line((_("{player} picks now: keep one card of the hand").format(player=name), "bold")))
    else:
        lines.append(Line(draft_waiting(names, draft.waiting)))
    return lines


def show_game(game: Game, view: SeatView | None = None, at: datetime | None = None) -> None:
    """The score sheet: rounds as rows, players as columns, each word with its score, as
    the public sees it (a word face down is shown as entered, without its cards or score,
    and not counted in the totals: SPEC §6.6); with a seat's ``view``, as that seat sees
    it, and what it alone may see (its hand, its draft) after it; ``at``: the time now,
    for the crafting clock and the words shown when it has run out."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console
    from referee.spellcrafter.game import passing
    from referee.spellcrafter.view import seat_view

    sheet = seat_view(game, None, at) if view is None else view
    setup, totals = game.setup, sheet.totals
    latest = sheet.rounds[-1]
    played = [r for r in sheet.rounds if any(entry is not None for entry in r.entries) or r is latest and sheet.sealed]
    out = console()
    out.print(settings_line(game).to_rich())
    if not played:
        out.print(Text(_("No words yet.")))
        out.print(situation(game, at).to_rich())
        for line in private_lines(game, view, at):
            out.print(line.to_rich())
        return
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_footer=True)
    table.add_column(_("Round"), footer=_("Total"))
    for seat, name in enumerate(setup_names(setup)):
        style = LEADER if totals[seat] == max(totals) else "bold"
        table.add_column(Text(name, style=style), justify="right", footer=Text(str(totals[seat]), style=style))
    table.add_column(_("Passing"))
    for r in played:
        sealed = sheet.sealed if r is latest else ()
        table.add_row(str(r.number), *(_cell(r, seat, seat in sealed) for seat in range(setup.count)), direction(passing(r.number)))
    out.print(table)
    out.print(situation(game, at).to_rich())
    for line in private_lines(game, view, at):
        out.print(line.to_rich())


def private_lines(game: Game, view: SeatView | None, at: datetime | None) -> list[Line]:
    """What follows the sheet: with a seat's ``view``, what that seat may see
    (:func:`seat_lines`); for the public, under the Friendly Rules, every seat's
    selected cards, face up (:func:`face_up_lines`)."""
    if view is not None and view.seat is not None:
        return seat_lines(view, at)
    from referee.spellcrafter.view import seat_view

    return face_up_lines(seat_view(game, None) if view is None else view)


def _cell(played: Round, seat: int, sealed: bool = False) -> Text:
    """What ``seat`` entered in ``played``; ``sealed``: entered, face down (who, never what)."""
    from rich.text import Text

    from referee.spellcrafter.rounds import Pass, Play

    entry = played.entries[seat]
    cell = Text()
    if sealed:
        cell.append(_("entered, face down"), style="dim")
    elif isinstance(entry, Pass):
        cell.append(_("pass"), style="dim")
    elif isinstance(entry, Play):
        if entry.fallen:
            cell.append(f"{entry.score.word} ✗ 0", style="red")
        else:
            cell.append(f"{entry.score.word} {entry.score.score}", style="bold yellow" if entry.score.instant_win else "")
            if entry.challenge is not None:
                cell.append(" ✓", style="green")
    penalty = played.penalty(seat)
    if penalty:
        cell.append(("\n" if cell else "") + _("−{points} challenge").format(points=penalty), style="red")
    return cell


def show_deck(deck: Deck, warnings: list[str]) -> None:
    """The deck: one row per letter, value and count in each suit."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console
    from referee.spellcrafter.voice import suit_name

    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title=None)
    table.add_column(_("Card"))
    suits = deck.suits()
    for suit in suits:
        table.add_column(Text(suit_name(suit), style=suit.colour), justify="right")
    rows: dict[str, dict[SpellSuit, list[str]]] = {}
    for card in dict.fromkeys(deck.cards):
        label = card.letters if card.is_letter else card.special.title if card.special else ""
        cell = f"{card.value}×{deck.count(card)}" if card.is_letter else f"×{deck.count(card)}"
        rows.setdefault(label, {}).setdefault(card.suit, []).append(cell)
    for label, by_suit in rows.items():
        table.add_row(label, *(" ".join(by_suit.get(suit, ["—"])) for suit in suits))
    out = console()
    from referee.spellcrafter.voice import deck_name

    out.print(Text(deck_name(deck.name), style="bold"))
    out.print(table)
    counts = ", ".join(f"{suit_name(suit)} {sum(1 for c in deck.cards if c.suit is suit)}" for suit in suits)
    out.print(Text(_("{count} cards: {suits}. Letter cells are value×count.").format(count=len(deck.cards), suits=counts)))
    for warning in warnings:
        out.print(Text(_("Note: {warning}").format(warning=warning), style="yellow"))
