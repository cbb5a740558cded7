"""The table session: the game's command group, answering entries typed without
`referee GROUP` and without the file.

An entry ``trick 2S KS AS 4D`` on ``night.toml`` runs exactly
``referee smoor trick night.toml 2S KS AS 4D``: the same click group (built from the
registry, :func:`referee.cli._group`), the same error path (:func:`referee.cli.group.run`)
and the same save-file engine (atomic, locked, ``.bak``). Nothing is kept between
entries but the file name: every answer and every status line reads the file again, so
a second terminal may still use the one-shot commands on the same file.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import games
from referee.errors import InputError

#: The session's own words (everything else is a command of the game's group).
QUIT = ("quit", "exit")
HELP = "help"

#: Commands whose game form takes the file first though the command also has a form
#: without one (`spell challenge WORD` judges a word; `challenge FILE CHALLENGER PLAYER`
#: a player's word in the game): in the session they always get the file.
GAME_FORMS = frozenset({"challenge"})

#: Session words that stand for a game's command when the game has no command of that
#: name (Smoorverliefd shows the score sheet with `standings`).
STAND_INS = {"show": "standings"}


def game_of(path: Path) -> games.GameSpec:
    """The registered game whose save files look like ``path`` (read from its format)."""
    import tomllib

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path} does not exist; start one with `referee table new GAME {path} …`") from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        file_format = tomllib.loads(text).get("format")
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"{path} is not a save file ({error})") from None
    spec = games.by_format(file_format) if isinstance(file_format, str) else None
    if spec is None:
        known = ", ".join(game.format for game in games.GAMES)
        raise InputError(f"{path} is not a game file of referee (its format is {file_format!r}; known: {known})")
    return spec


class Table:
    """One save file and its game's command group."""

    def __init__(self, path: Path, spec: games.GameSpec) -> None:
        from referee.cli import _group

        self.path, self.spec = path, spec
        self.group: Any = _group(spec.group)  # every command of the game, built once
        self.prog_name = f"referee {spec.group}"

    @classmethod
    def open(cls, path: Path) -> Table:
        return cls(path, game_of(path))

    # --- the game's commands ------------------------------------------------------------

    def commands(self) -> list[str]:
        """The commands typed in the session: the game's (but `new`, and those hidden
        from help, such as the Dutch names of Smoorverliefd's commands, which still run),
        then the session's."""
        commands = self.group.commands
        names = [name for name in self.group.list_commands(None) if name != "new" and not commands[name].hidden]
        extra = [word for word, stands_for in STAND_INS.items() if word not in names and stands_for in names]
        return [*names, *extra, HELP, QUIT[0]]

    def command(self, name: str) -> Any:
        """The click command an entry's first word names, or None."""
        commands = self.group.commands
        return commands.get(name) or commands.get(STAND_INS.get(name, ""))

    def takes_file(self, name: str) -> bool:
        """Does the command get the file as its first argument?"""
        command = self.command(name)
        if command is None:
            return False
        arguments = [param for param in command.params if param.param_type_name == "argument"]
        return bool(arguments) and (arguments[0].name == "file" or name in GAME_FORMS)

    def argv(self, words: list[str]) -> list[str]:
        """The one-shot command line of an entry, after `referee GROUP`."""
        name, rest = words[0], words[1:]
        command = self.command(name)
        if command is not None:
            name = command.name
        if self.takes_file(name) and not any(word in ("-h", "--help") for word in rest):
            return [name, str(self.path), *rest]
        return [name, *rest]

    def answer(self, text: str) -> int | None:
        """Answer one entry as the one-shot command would; its exit code, or None to leave."""
        from referee.cli.group import fail, run

        try:
            words = shlex.split(text)
        except ValueError as error:
            return fail(f"cannot read the entry: {error}", 2, False)
        if not words:
            return 0
        if words[0] in QUIT:
            return None
        if words[0] == HELP:
            return self.help(words[1:])
        try:
            code = run(self.group, self.argv(words), self.prog_name, None)
        except KeyboardInterrupt:  # Ctrl-C while an answer runs: every write is atomic
            code = fail("interrupted; the file holds what it held before the entry or the whole entry", 2, False)
        sys.stdout.flush()
        return code

    def help(self, words: list[str]) -> int:
        """`help`: the commands as typed here; `help CMD`: the one-shot command's help."""
        from referee.cli.group import run

        if words:
            return run(self.group, [*self.argv(words[:1])[:1], "--help"], self.prog_name, None)
        lines = [f"{self.spec.title} at the table on {self.path}: type the commands of `{self.prog_name}` "
                 "without the group and without the file.", ""]  # fmt: skip
        for name in self.commands():
            command = self.command(name)
            if name == HELP:
                about = "This list; `help COMMAND` for one command's options."
            elif name == QUIT[0]:
                about = "Leave the session (or Ctrl-D). Every entry is already saved."
            elif name in STAND_INS and name not in self.group.commands:
                about = f"Same as `{STAND_INS[name]}`."
            else:
                about = command.get_short_help_str(limit=70) if command is not None else ""
            lines.append(f"  {name:<12}{about}")
        lines.append("")
        lines.append("Tab completes; Ctrl-R searches the history; Ctrl-C cancels the line.")
        sys.stdout.write("\n".join(lines) + "\n")
        return 0

    # --- what the session keeps -----------------------------------------------------------

    def prompt(self) -> str:
        return f"{self.spec.group} {self.path.name}> "

    def history_path(self) -> Path:
        """The file's own history of entries, in the user's state folder."""
        base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
        key = hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:16]
        return Path(base) / "referee" / "table" / f"{self.path.name}-{key}.history"


def new_file(spec: games.GameSpec, arguments: list[str]) -> int:
    """`referee table new GAME FILE …`: the game's own `new`; its exit code."""
    from referee.cli import _group
    from referee.cli.group import run

    return run(_group(spec.group), ["new", *arguments], f"referee {spec.group}", None)


def piped(table: Table, lines: Callable[[], str]) -> int:
    """The session without a terminal (entries on stdin): each entry is echoed after the
    prompt, then answered, so the output reads as the session on a screen."""
    while True:
        text = lines()
        if not text:
            return 0
        entry = text.rstrip("\n")
        sys.stdout.write(f"{table.prompt()}{entry}\n")
        sys.stdout.flush()
        if table.answer(entry) is None:
            return 0


def interactive(table: Table, input: Any = None, output: Any = None) -> int:
    """The session on a terminal, with prompt_toolkit: history per file, Ctrl-R search,
    completion, the status line; Ctrl-C cancels the line, Ctrl-D (or `quit`) leaves."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import FileHistory

    from referee.table.complete import TableCompleter
    from referee.table.status import toolbar

    history_path = table.history_path()
    history_path.parent.mkdir(parents=True, exist_ok=True)
    session: PromptSession[str] = PromptSession(
        history=FileHistory(str(history_path)),
        completer=TableCompleter(table),
        complete_while_typing=False,
        bottom_toolbar=lambda: toolbar(table),
        enable_history_search=False,
        input=input,
        output=output,
    )
    while True:
        try:
            text = session.prompt(table.prompt())
        except KeyboardInterrupt:
            continue  # Ctrl-C: the line is dropped, the session goes on
        except EOFError:
            return 0  # Ctrl-D
        if table.answer(text) is None:
            return 0
