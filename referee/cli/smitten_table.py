"""Smitten in table mode (its registry line's ``table``): completion and the status line
(:class:`referee.table.hooks.TableHooks`).

`play`, `place`, `reveal`: the legal moves of that kind now, from the rules' one
definition (``RULES.legal_actions``, worded as the save file holds them: ``5L``;
``down`` for solo's face-down card); `--by`: a player. The status line says what the
game waits for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.hooks import Hooks

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.smitten.state import State
    from referee.table.hooks import TableHooks


class SmittenTable(Hooks["State"]):  # no clock
    def complete(self, state: State, command: str, words: list[str]) -> list[str]:
        from referee import games
        from referee.table.hooks import option_waiting

        rules = games.game("smitten").load_rules()
        if option_waiting(words) == "--by":
            return list(rules.seats(state))  # the players' names with --players, else 1 and 2
        if [word for word in words if not word.startswith("-")] or rules.outcome(state) is not None:
            return []
        tokens = set()
        from referee.smitten.actions import Move
        from referee.smitten.view import visible_moves

        moves = (action for action in rules.legal_actions(state) if isinstance(action, Move))  # moves only: no entropy, no loss
        for move in visible_moves(state, moves, None):  # a shared screen: public cards only
            event = rules.encode(state, move)
            if event.get("kind") == command and "card" in event:
                tokens.add(str(event["card"]))
            elif event.get("kind") == "flip" and command == "play":
                tokens.add("down")  # solo: the face-down card
        return sorted(tokens)

    def status(self, state: State) -> list[Line]:
        from referee.cli.output import Line
        from referee.smitten.report import what_now

        return [Line(what_now(state))]


HOOKS: TableHooks[State] = SmittenTable()
