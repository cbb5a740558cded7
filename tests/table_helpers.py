"""Driving a table session in the tests: prompt_toolkit's pipe input (fine-grained), and
the one-shot commands to compare its answers with."""

from __future__ import annotations

from pathlib import Path

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from referee import games, savefile
from referee.cli.table import open_session
from referee.table import session


def drive(path: Path, keys: str) -> int:
    """Run an interactive session on ``path`` with ``keys`` typed (end them with a
    Ctrl-D, ``\\x04``, or `quit`); its exit code. Its answers go to sys.stdout/stderr."""
    with create_pipe_input() as typed:
        typed.send_text(keys)
        return session.interactive(open_session(path), input=typed, output=DummyOutput())


def smitten_entry(rules, state, move) -> str:
    """A legal Smitten move as the table types it (the engine's event, back in words)."""
    event = rules.encode(state, move)
    words = ["play", "down"] if event["kind"] == "flip" else [event["kind"], str(event["card"])]
    for option in ("choose", "hand", "by"):
        if option in event:
            words += [f"--{option}", str(event[option])]
    return " ".join(words)


def first_legal_smitten_entries(path: Path, limit: int = 200) -> tuple[list[str], str]:
    """Play a seeded Smitten file to its end with the first legal move each time
    (in-process, on the state only): the entries typed, in order, and the last answer's
    last line (how the game ended)."""
    from referee.smitten.report import what_now

    rules = games.game("smitten").load_rules()
    state = savefile.load(path, rules).state
    entries: list[str] = []
    while rules.outcome(state) is None and len(entries) < limit:
        move = next(iter(rules.legal_actions(state)))
        entries.append(smitten_entry(rules, state, move))
        state = rules.apply(state, move).state
    return entries, what_now(state)
