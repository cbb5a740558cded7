"""The Spellcrafter save file: how the engine starts a game and applies its events.

Events, as recorded::

    {"kind": "word", "player": "Anna", "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "word", "player": "Anna", "round": 2, "cards": ["K6m", "I1m", "T1m"]}
    {"kind": "pass", "player": "Bram"}
    {"kind": "challenge", "challenger": "Bram", "player": "Anna", "word": "kit",
     "valid": true, "reason": "in dictionary", "dictionary": "builtin:en"}

``round`` is there when the entry stated its round (``--round N``): replaying checks it
against the current round again. A challenge keeps the verdict it was given, so replaying
the file never depends on the dictionaries installed later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.game import Outcome, Step
from referee.spellcrafter.game import Game
from referee.spellcrafter.setup import Setup


class SpellcrafterRules:
    """The rules for the save-file engine. ``check_dictionary``, given by the command line,
    is asked about the stored dictionary's name each time a file is loaded and raises
    ``InputError`` for one it does not know (the rules themselves read no word lists)."""

    format = "referee/spellcrafter"
    version = 1
    command = "referee spell"

    def __init__(self, check_dictionary: Callable[[str], object] | None = None) -> None:
        self.check_dictionary = check_dictionary

    def read_setup(self, table: Mapping[str, Any]) -> Setup:
        read = Setup.from_toml(dict(table))
        if self.check_dictionary is not None:
            self.check_dictionary(read.dictionary)
        return read

    def write_setup(self, setup: Setup) -> dict[str, Any]:
        return setup.to_toml()

    def start(self, setup: Setup) -> Game:
        return Game.start(setup)

    def decode(self, state: Game, event: Mapping[str, Any]) -> dict[str, Any]:
        return dict(event)

    def encode(self, state: Game, action: dict[str, Any]) -> dict[str, Any]:
        return action

    def apply(self, state: Game, action: dict[str, Any]) -> Step[Game]:
        return Step(state.apply(action))

    def refusal(self, state: Game, action: dict[str, Any]) -> str | None:
        return None

    def legal_actions(self, state: Game) -> None:
        return None

    def outcome(self, state: Game) -> Outcome | None:
        return None

    def describe(self, event: dict[str, Any]) -> str:
        """One line per event, as it was entered."""
        kind = event.get("kind")
        if kind == "word":
            return f"word: {event.get('player')} {' '.join(map(str, event.get('cards', [])))}"
        if kind == "pass":
            return f"pass: {event.get('player')}"
        if kind == "challenge":
            verdict = "valid" if event.get("valid") else "invalid"
            return (
                f"challenge: {event.get('challenger')} challenges {event.get('player')}'s "
                f"{str(event.get('word', '')).upper()} — {verdict}, {event.get('reason')} ({event.get('dictionary')})"
            )
        return str(kind)


RULES = SpellcrafterRules()
