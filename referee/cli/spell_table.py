"""Spellcrafter in table mode (its registry line's ``table``): completion, the status line
and the crafting clock (:class:`referee.table.hooks.TableHooks`).

`pick`: the players still to pick this turn, then the cards of the hand that player
drafts from now (the seat's own view: a table drafting on one laptop passes it round,
and `hand` shows the same cards), and for `--discard` the rest of that hand; `hand`: the
players; `word` and `pass`: the players still to play this round, once the draft is
over; `challenge`: the challenger, then the player challenged (not the challenger
again). The status line: round, passing direction, who is still to pick or to play, the
crafting clock counting down, the totals. The clock's end is told to the table once
(:meth:`SpellTable.countdown`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.spellcrafter.game import Game
    from referee.table.hooks import Countdown, TableHooks


class SpellTable:
    def complete(self, state: Game, command: str, words: list[str]) -> list[str]:
        from referee.table.hooks import names, option_waiting

        players = list(state.setup.players)
        typed = _arguments(words)
        if command == "pick":
            return _pick_words(state, typed, option_waiting(words) == "--discard")
        if command == "hand" and not typed:
            return players
        if command in ("word", "pass") and not typed and state.outcome is None and _crafting(state):
            return [players[seat] for seat in state.waiting]
        if command == "challenge" and len(typed) < 2:
            return names(players, typed)
        return []

    def status(self, state: Game) -> list[Line]:
        from referee.moments import now

        return status_at(state, now())

    def countdown(self, state: Game) -> Countdown | None:
        """The crafting clock of the current round while its words are awaited: when it
        reaches zero, and what the table is told then."""
        from referee.spellcrafter.clock import ends, running
        from referee.spellcrafter.view import seat_view
        from referee.spellcrafter.voice import time_up_words
        from referee.table.hooks import Countdown, TableHooks

        view = seat_view(state, None)
        clock = running(view)
        if clock is None or ends(*clock) is None:
            return None
        return Countdown(start=clock[0], seconds=clock[1], over=time_up_words(view.round, clock[1]))


def status_at(state: Game, at: datetime) -> list[Line]:
    """The status line at ``at``: the situation (the draft, or the clock counting down)
    and the totals, public (a word face down is not counted: SPEC §6.6)."""
    from referee.cli.spell_view import situation, totals_line

    return [situation(state, at), totals_line(state, None, at)]


def _arguments(words: list[str]) -> list[str]:
    """The words of an entry that are arguments: not the options, nor `--discard`'s value."""
    found, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word == "--discard":
            skip = True
        elif not word.startswith("-"):
            found.append(word)
    return found


def _crafting(game: Game) -> bool:
    """Words may be entered: no draft through the referee, or its draft is over."""
    draft = game.draft_of(game.current_number)
    return draft is None or draft.complete


def _pick_words(game: Game, typed: list[str], discarding: bool) -> list[str]:
    """`pick PLAYER CARD [--discard CARD]`: the players still to pick, then the cards of
    the named player's hand now (its seat's view), then for --discard the rest of it."""
    from referee.errors import RefereeError
    from referee.spellcrafter.notation import parse_card
    from referee.spellcrafter.ruleset import RULES

    draft = game.draft_of(game.current_number) if game.outcome is None else None
    if draft is None or draft.complete:
        return []
    if not typed and not discarding:
        return [game.setup.players[seat] for seat in draft.waiting]
    try:
        seat = game.setup.player(typed[0])
        kept = parse_card(typed[1]) if discarding and len(typed) > 1 else None
    except (RefereeError, IndexError):
        return []
    view = RULES.view(game, seat).draft
    if view is None or seat not in draft.waiting:
        return []
    hand = list(view.hand)
    if discarding:
        if not view.must_discard or kept is None or kept not in hand:
            return []
        hand.remove(kept)
    elif len(typed) > 1:
        return []
    return [str(card) for card in dict.fromkeys(hand)]


HOOKS: TableHooks[Game] = SpellTable()
