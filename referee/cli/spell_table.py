"""Spellcrafter in table mode (its registry line's ``table``): completion and the status
line (:class:`referee.table.hooks.TableHooks`).

`word` and `pass`: the players still to play this round; `challenge`: the challenger,
then the player challenged (not the challenger again). The status line: round, passing
direction, who is still to play, the totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.spellcrafter.game import Game


class SpellTable:
    def complete(self, state: Game, command: str, words: list[str]) -> list[str]:
        from referee.table.hooks import names

        players = list(state.setup.players)
        typed = [word for word in words if not word.startswith("-")]
        if command in ("word", "pass") and not typed and state.outcome is None:
            return [players[seat] for seat in state.waiting]
        if command == "challenge" and len(typed) < 2:
            return names(players, typed)
        return []

    def status(self, state: Game) -> list[Line]:
        from referee.cli.spell_view import situation, totals_line

        return [situation(state), totals_line(state)]


HOOKS: Any = SpellTable()
