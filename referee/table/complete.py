"""Completion that knows the game: the session's commands, a command's options, and
what the game's hooks offer for the next word (players, cards, moves).

The commands and options come from the game's command group, so a new command completes
with no change here; the entries come from the game's table hooks
(:class:`referee.table.hooks.TableHooks`) given the file's state, read again for each
completion. What is typed matches ignoring case and accents, as entries are read
(``elo`` completes ``Élodie``).
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from referee.players import starting

if TYPE_CHECKING:
    from referee.table.session import Table


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
        return starting(table.words(), current)
    if words[0] == table.HELP:
        return starting(table.words(), current) if len(words) == 1 else []
    command = table.command(words[0])
    if command is None:
        return []
    if current.startswith("-"):
        options = [opt for param in command.params for opt in param.opts if opt.startswith("--")]
        return [option for option in options if option.startswith(current)]
    return starting(table.entries(command.name, words[1:]), current)


class TableCompleter(Completer):
    """prompt_toolkit's completer for a :class:`~referee.table.session.Table`: a word
    completed is followed by a space (but ``NAME=``, which waits for its value)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        text = document.text_before_cursor
        current = "" if not text or text[-1].isspace() else text.split()[-1]
        for word in candidates(self.table, text):
            yield Completion(word if word.endswith("=") else word + " ", start_position=-len(current), display=word)
