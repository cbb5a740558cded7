"""Completion that knows the game: command names, option names, the players of the
file, and the entries the rules allow now.

The commands and options come from the game's command group (so a new command
completes with no change here); the players and the legal entries from the file's
state: in a seeded Smoorverliefd round the cards the next player of the trick may
legally play, in Smitten the legal moves (``RULES.legal_actions``), in Spellcrafter the
players still to play this round.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

if TYPE_CHECKING:
    from referee.table.session import Table


def _smoorverliefd(match: Any, command: str, words: list[str]) -> list[str]:
    """`trick`: in a seeded round, the cards the next player of the trick may play
    (held, following suit); else every player's name (`round NAME=…`, `--ace`)."""
    if command != "trick" or match.outcome is not None or match.current.hands is None:
        return [f"{name}=" for name in match.setup.players] if command in ("round", "bid", "edit") else []
    from referee.cards import Card
    from referee.errors import RefereeError
    from referee.smoorverliefd.tricks import follow_suit_problem

    try:
        typed = [Card.parse(word) for word in words]
    except RefereeError:
        return []
    setup, current = match.setup, match.current
    if len(typed) >= setup.count:
        return []
    seat = (current.leader + len(typed)) % setup.count
    led = typed[0].suit if typed else None
    hand = current.hands[seat]
    legal = [card for card in hand if card not in typed and follow_suit_problem(hand, card, led) is None]
    return [str(card) for card in sorted(legal, key=lambda card: card.sort_key)]


def _spellcrafter(game: Any, command: str, words: list[str]) -> list[str]:
    """`word` and `pass`: the players still to play this round; `challenge`: everyone."""
    names = list(game.setup.players)
    if command in ("word", "pass") and not words and game.outcome is None:
        return [names[seat] for seat in game.waiting]
    return names if command == "challenge" and len(words) < 2 else []


def _smitten(state: Any, command: str, words: list[str]) -> list[str]:
    """`play`, `place`, …: the legal moves of that kind now (``RULES.legal_actions``)."""
    from referee import games

    rules = games.game("smitten").load_rules()
    if words or rules.outcome(state) is not None:
        return []
    tokens = []
    for move in rules.legal_actions(state) or ():
        event = rules.encode(state, move)
        if event.get("kind") == command and "card" in event:
            tokens.append(str(event["card"]))
        elif event.get("kind") == "flip" and command == "play":
            tokens.append("down")  # solo: the face-down card
    return sorted(set(tokens))


#: Each game's entry completion: (state, command, the words typed after it) → candidates.
ENTRIES: dict[str, Callable[[Any, str, list[str]], list[str]]] = {
    "smoorverliefd": _smoorverliefd,
    "spellcrafter": _spellcrafter,
    "smitten": _smitten,
}


def candidates(table: Table, text: str) -> list[str]:
    """What may come at the end of ``text``: the words that complete the last one."""
    try:
        words = shlex.split(text)
    except ValueError:
        return []
    if text and not text[-1].isspace() and words:
        words, current = words[:-1], words[-1]
    else:
        current = ""
    if not words:
        return [name for name in table.commands() if name.startswith(current)]
    command = table.command(words[0])
    if command is None:
        return [name for name in table.commands() if name.startswith(words[1] if len(words) > 1 else current)] if words[0] == "help" else []
    if current.startswith("-"):
        options = [opt for param in command.params for opt in param.opts if opt.startswith("--")]
        return [option for option in options if option.startswith(current)]
    found = _entries(table, command.name, [word for word in words[1:] if not word.startswith("-")])
    lowered = current.lower()
    return [word for word in found if word.lower().startswith(lowered)]


def _entries(table: Table, command: str, words: list[str]) -> list[str]:
    from referee import savefile
    from referee.errors import RefereeError

    entries = ENTRIES.get(table.spec.name)
    if entries is None:
        return []
    try:
        state = savefile.load(table.path, table.spec.load_rules()).state
        return entries(state, command, words)
    except RefereeError:
        return []


class TableCompleter(Completer):
    """prompt_toolkit's completer for a :class:`~referee.table.session.Table`."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        current = "" if not text or text[-1].isspace() else text.split()[-1]
        for word in candidates(self.table, text):
            yield Completion(word, start_position=-len(current))

