"""Drafting Spellcrafter rounds through the referee, for the tests: the picks a table
would type, each seat keeping the letter cards of its hand first."""

from __future__ import annotations

from pathlib import Path

from referee import savefile
from referee.spellcrafter.cards import SpellCard
from referee.spellcrafter.game import Game
from referee.spellcrafter.ruleset import RULES


def next_pick(game: Game) -> list[str] | None:
    """The next pick as typed after `pick FILE` (``["Anna", "K6m"]``, with ``--discard``
    in a two-player game), from the first seat still to pick: its first single-letter
    card (the first card when it holds none), discarding the last card of its hand;
    None when no pick is waited for."""
    draft = game.draft_of(game.current_number) if game.outcome is None else None
    if draft is None or draft.complete:
        return None
    seat = draft.waiting[0]
    hand = RULES.view(game, seat).draft.hand  # what the seat sees, as a player picks
    letters = [card for card in hand if card.is_letter and len(card.letters) == 1]
    card = (letters or list(hand))[0]
    words = [game.setup.players[seat], str(card)]
    if draft.must_discard(seat):
        rest = list(hand)
        rest.remove(card)
        words += ["--discard", str(rest[-1])]
    return words


def draft_round(referee, path: Path) -> list[list[str]]:
    """Draft the current round of the file to its end with `spell pick`; the picks typed."""
    typed = []
    while (words := next_pick(savefile.load(path, RULES).state)) is not None:
        result = referee("spell", "pick", str(path), *words)
        assert result.exit_code == 0, result.stderr
        typed.append(words)
    return typed


def selected(path: Path, seat: int) -> tuple[SpellCard, ...]:
    """The cards ``seat`` selected in the current round."""
    game = savefile.load(path, RULES).state
    draft = game.draft_of(game.current_number)
    assert draft is not None
    return draft.selected[seat]
