"""The table session: the game's command group, answering entries typed without
`referee GROUP` and without the file.

An entry ``trick 2S KS AS 4D`` on ``night.toml`` runs exactly
``referee smoor trick night.toml 2S KS AS 4D``: the same command group, run by the
command line's public "run one command line" (:func:`referee.cli.run_line`, handed in
as a :class:`CommandLine`), the same error path and the same save-file engine (atomic,
locked, ``.bak``). Nothing of the game is named here: the game comes from the file
(:func:`referee.savefile.which.game_of`), completion and the status line from the
game's table hooks on its registry line. Nothing is kept between entries but the file
name: every answer and every status line reads the file again, so a second terminal may
still use the one-shot commands on the same file.

This package imports nothing of :mod:`referee.cli`: the command line opens a session and
hands it what it needs (no import cycle cli → table → cli).
"""

from __future__ import annotations

import hashlib
import os
import shlex
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from referee import games

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

    from referee.table.hooks import Countdown, TableHooks

#: Session words that stand for a game's command when the game has no command of that
#: name (Smoorverliefd shows the score sheet with `standings`).
STAND_INS = {"show": "standings"}

#: Commands whose game form takes the file first though the command also has a form
#: without one (`spell challenge WORD` judges a word; `challenge FILE CHALLENGER PLAYER`
#: a player's word in the game; `best TOKEN…` a hand, `best FILE PLAYER` the player's
#: cards in the game): in the session they always get the file.
GAME_FORMS = frozenset({"challenge", "best"})


class CommandLine(Protocol):
    """What a session needs of the command line: the game's command group (its FILE
    arguments hidden from help), a way to run one line of it, the one-line failure, and
    its output layer's plain write (control characters shown, never obeyed)."""

    group: Any

    def run(self, argv: list[str]) -> int: ...

    def fail(self, message: str, code: int) -> int: ...

    def write(self, text: str, stream: TextIO | None = None) -> None: ...


#: The command that starts the next match of the same table: the session follows it.
REMATCH = "rematch"


class Table:
    """One save file, its game, and the command line that answers its entries."""

    HELP = "help"
    QUIT = ("quit", "exit")
    CLEAR = "clear"

    def __init__(self, path: Path, spec: games.SomeSpec, line: CommandLine) -> None:
        self.path, self.spec, self.line = path, spec, line
        self.group: Any = line.group
        self.worst = 0  # the highest exit code of the entries answered (piped sessions exit with it)
        self.clear_screen: Callable[[], None] = lambda: None  # a terminal session clears its screen
        self._loaded: tuple[object, object] | None = None

    # --- the game's commands ------------------------------------------------------------

    def commands(self) -> list[str]:
        """The commands typed in the session: the game's (but `new`, and those hidden
        from help), then the session's."""
        commands = self.group.commands
        names = [name for name in self.group.list_commands(None) if name != "new" and not commands[name].hidden]
        extra = [word for word, stands_for in STAND_INS.items() if word not in names and stands_for in names]
        return [*names, *extra, self.HELP, self.CLEAR, self.QUIT[0]]

    def words(self) -> list[str]:
        """The command words that complete: the commands, and in Dutch the game's hidden
        command names too (Smoorverliefd's `slag` for `trick`: another name of a command
        shown, which a Dutch table types)."""
        from referee.i18n import dutch

        words = self.commands()
        if dutch():
            words += [name for name, command in self._aliases().items() if command.name != "new" and name not in words]
        return words

    def _aliases(self) -> dict[str, Any]:
        """The hidden commands that are another name of a command shown (`slag`: `trick`)."""
        from referee.table.hooks import command_name

        commands = self.group.commands
        return {
            name: commands[command_name(self.group, command)] for name, command in commands.items()
            if command.hidden and command_name(self.group, command) != name
        }  # fmt: skip

    def command(self, name: str) -> Any:
        """The click command an entry's first word names (for another name of a command,
        the command it names: `slag` is `trick`), or None."""
        commands = self.group.commands
        found = commands.get(name) or commands.get(STAND_INS.get(name, ""))
        return self._aliases().get(name, found) if found is not None and found.hidden else found

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
        if command is not None and name in STAND_INS and name not in self.group.commands:
            name = command.name
        if self.takes_file(name) and not any(word in ("-h", "--help") for word in rest):
            return [name, str(self.path), *rest]
        return [name, *rest]

    def answer(self, text: str) -> int | None:
        """Answer one entry as the one-shot command would; its exit code, or None to leave."""
        from referee.i18n import _

        try:
            words = shlex.split(text)
        except ValueError as error:
            return self._answered(self.line.fail(_("cannot read the entry: {error}").format(error=error), 2))
        if not words:
            return 0
        if words[0] in self.QUIT:
            return None
        if words[0] == self.HELP:
            return self._answered(self.help(words[1:]))
        if words[0] == self.CLEAR:
            self.clear_screen()
            return 0
        try:
            code = self.line.run(self.argv(words))
        except KeyboardInterrupt:  # Ctrl-C while an answer runs: every write is atomic
            code = self.line.fail(_("interrupted; the file holds what it held before the entry or the whole entry"), 2)
        sys.stdout.flush()
        if code == 0:
            self._continue_in(words)
        return self._answered(code)

    def _continue_in(self, words: list[str]) -> None:
        """After `rematch NEWFILE`, the session goes on in the new file."""
        from referee.i18n import _

        command = self.command(words[0])
        if command is None or command.name != REMATCH or any(word in ("-h", "--help", "--json") for word in words[1:]):
            return
        context = command.make_context(REMATCH, self.argv(words)[1:], resilient_parsing=True)
        new_file = context.params.get("new_file")
        if new_file is not None:
            self.path, self._loaded = Path(new_file), None
            self.line.write(_("The session goes on in {file}.").format(file=self.path) + "\n")

    def _answered(self, code: int) -> int:
        self.worst = max(self.worst, code)
        return code

    def help(self, words: list[str]) -> int:
        """`help`: the commands as typed here; `help CMD`: the command's help, as typed here."""
        from referee.i18n import _

        if words:
            own = self._session_word(words[0])
            if own is not None:  # `help help`, `help clear`, `help quit`: the session's own words
                self.line.write(f"{words[0]}: {own}\n")
                return 0
            if self.command(words[0]) is None:
                message = _("no such command {name}; `help` lists the commands").format(name=repr(words[0]))
                return self.line.fail(message, 2)
            return self.line.run([*self.argv(words[:1])[:1], "--help"])
        intro = _("{game} at the table on {file}: type the commands of `{group}` without the group and without the file.")
        lines = [intro.format(game=self.spec.title, file=self.path, group=f"referee {self.spec.group}"), ""]
        for name in self.commands():
            command = self.command(name)
            about = self._session_word(name)
            if about is None:
                about = command.get_short_help_str(limit=70) if command is not None else ""
            lines.append(f"  {name:<12}{about}")
        lines.append("")
        lines.append(_("Tab completes; Ctrl-R searches the history; Ctrl-C cancels the line."))
        self.line.write("\n".join(lines) + "\n")
        return 0

    def _session_word(self, name: str) -> str | None:
        """What a word of the session itself does (help, clear, quit, a stand-in), or None
        for a command of the game."""
        from referee.i18n import _

        if name == self.HELP:
            return _("This list; `help COMMAND` for one command's options.")
        if name == self.CLEAR:
            return _("Clear the screen.")
        if name in self.QUIT:
            return _("Leave the session (or Ctrl-D). Every entry is already saved.")
        if name in STAND_INS and name not in self.group.commands:
            return _("Same as `{command}`.").format(command=STAND_INS[name])
        return None

    # --- the file's state, for completion and the status line -----------------------------

    def signature(self) -> object:
        """What changes when the file is written (by this session or another terminal)."""
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return (found.st_mtime_ns, found.st_size, found.st_ino)

    def state(self) -> object:
        """The file's state now, replayed through the game's rules (again only when the
        file changed); a RefereeError when it does not load."""
        from referee import savefile

        signature = self.signature()
        if self._loaded is None or self._loaded[0] != signature or signature is None:
            self._loaded = (signature, savefile.load(self.path, self.spec.load_rules()).state)
        return self._loaded[1]

    def hooks(self) -> TableHooks[object] | None:
        hooks: TableHooks[object] | None = self.spec.load_table()
        return hooks

    def countdown(self) -> Countdown | None:
        """The clock the game's hooks say runs now (:meth:`referee.table.hooks.TableHooks.countdown`);
        None without one, or when the file does not load."""
        hooks = self.hooks()
        if hooks is None:
            return None
        try:
            return hooks.countdown(self.state())
        except Exception:  # noqa: BLE001 - a clock is a convenience: never the end of a session
            return None

    def entries(self, command: str, words: list[str]) -> list[str]:
        """What the game's hooks offer after ``command`` and ``words``."""
        from referee.errors import RefereeError

        hooks = self.hooks()
        if hooks is None:
            return []
        try:
            return hooks.complete(self.state(), command, words)
        except RefereeError:
            return []
        except Exception:  # noqa: BLE001 - completion is a convenience: never the end of a session
            return []

    # --- what the session keeps -----------------------------------------------------------

    def prompt(self) -> str:
        return f"{self.spec.group} {self.path.name}> "

    def history_path(self) -> Path:
        """The file's own history of entries, in the user's state folder."""
        base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
        key = hashlib.sha256(str(self.path.resolve()).encode()).hexdigest()[:16]
        return Path(base) / "referee" / "table" / f"{self.path.name}-{key}.history"


def piped(table: Table, lines: Callable[[], str]) -> int:
    """The session without a terminal (entries on stdin): each entry is echoed after the
    prompt, then answered, so the output reads as the session on a screen. The exit code
    tells a script the truth: 2 if any entry could not be used, else 1 if the rules
    refused any, else 0."""
    while True:
        text = lines()
        if not text:
            return table.worst
        entry = text.rstrip("\n")
        table.line.write(f"{table.prompt()}{entry}\n")
        sys.stdout.flush()
        if table.answer(entry) is None:
            return table.worst


def interactive(table: Table, input: Input | None = None, output: Output | None = None) -> int:
    """The session on a terminal, with prompt_toolkit: history per file, Ctrl-R search,
    completion, the status line (redrawn each second: another terminal may write the
    file); Ctrl-C cancels the line, Ctrl-D (or `quit`) leaves."""
    from prompt_toolkit import PromptSession  # deferred: prompt_toolkit costs start-up

    from referee.table.complete import TableCompleter
    from referee.table.history import kept_history
    from referee.table.status import Alarm, Toolbar, utc_now

    notices: list[str] = []
    history = kept_history(table.history_path(), notices.append)
    session: PromptSession[str] = PromptSession(
        history=history,
        completer=TableCompleter(table),
        complete_while_typing=False,
        bottom_toolbar=Toolbar(table),
        refresh_interval=1.0,
        enable_history_search=False,
        input=input,
        output=output,
    )

    def clear_screen() -> None:
        session.output.erase_screen()
        session.output.cursor_goto(0, 0)
        session.output.flush()

    table.clear_screen = clear_screen
    alarm = Alarm(utc_now())

    def ring() -> None:
        """Tell the table a clock has reached zero (once), with the terminal's bell."""
        line = alarm.due(table.countdown(), utc_now())
        if line is not None:
            table.line.write(line + "\n")
            sys.stdout.write("\a")
            sys.stdout.flush()

    async def watch() -> None:
        """While the prompt waits: look at the clock each second, and print above the prompt."""
        import asyncio

        from prompt_toolkit.application import run_in_terminal

        while True:
            await asyncio.sleep(1)
            if alarm.pending(table.countdown(), utc_now()):
                await run_in_terminal(ring)

    def start_watching() -> None:
        session.app.create_background_task(watch())  # cancelled when the prompt returns

    while True:
        _tell(table, notices)
        ring()
        try:
            text = session.prompt(table.prompt(), pre_run=start_watching)
        except KeyboardInterrupt:
            continue  # Ctrl-C: the line is dropped, the session goes on
        except EOFError:
            return 0  # Ctrl-D
        _tell(table, notices)
        if table.answer(text) is None:
            return 0


def _tell(table: Table, notices: list[str]) -> None:
    """Print what went wrong on the side (the history file), once, one line each."""
    for notice in notices:
        table.line.write(f"referee: {notice}\n", sys.stderr)
    sys.stderr.flush()
    notices.clear()
