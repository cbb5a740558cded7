"""The one error path of every command (SPEC §1).

Every failure ends here: a one-line message on stderr naming the problem and the fix
(plus, with ``--json``, one JSON object on stdout), and exit 2 for input that cannot be
used, 1 for a rule that says no. Never a traceback, whatever the input.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperCommand, TyperGroup

if TYPE_CHECKING:  # click's types as Typer ships them, for the checker only
    from typer._click.core import Context
    from typer._click.formatting import HelpFormatter
    from typer._click.shell_completion import CompletionItem
    from typer.core import TyperOption
    from typer.models import CommandFunctionType

from referee.cli.typer_internals import click_exceptions, error_context
from referee import i18n
from referee.errors import InputError, RefereeError, quoted
from referee.i18n import _

PROGRAM = "referee"
CONTEXT = {"help_option_names": ["-h", "--help"]}


class RefereeGroup(TyperGroup):
    """A Typer group whose ``main`` turns every failure into a message and an exit code."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # Any: handed to Typer's constructor as given
        from referee.cli.typer_internals import paragraphs, plain_conversion

        super().__init__(*args, **kwargs)
        self.help = paragraphs(self.help)
        for param in self.params:  # the group's own options, such as --version
            plain_conversion(param)

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        from referee.cli.typer_internals import help_option

        return help_option(super().get_help_option(ctx))

    def make_context(self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any) -> Context:  # click's signature
        from referee.cli.typer_internals import localize

        localize(self)
        return super().make_context(info_name, args, parent, **extra)

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The help in the chosen language, the commands listed in it too."""
        from referee.cli.typer_internals import localize

        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None:
                localize(command)
        super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        from referee.cli.typer_internals import placeholder, usage_pieces

        return [*usage_pieces(self, ctx), placeholder(self.subcommand_metavar) or ""]

    def shell_complete(self, ctx: Context, incomplete: str) -> list[CompletionItem]:
        """The commands that start with what is typed; in Dutch also the commands' Dutch
        names, which are hidden from help (Smoorverliefd's `slag` for `trick`)."""
        from referee.i18n import dutch

        found = super().shell_complete(ctx, incomplete)
        if dutch() and not incomplete.startswith("-"):
            from referee.cli.typer_internals import CompletionItem

            shown = {item.value for item in found}
            found += [
                CompletionItem(name) for name, command in self.commands.items()
                if command.hidden and name.startswith(incomplete) and name not in shown
            ]  # fmt: skip
        return found

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        from referee.cli.typer_internals import usage_prefix

        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=usage_prefix())

    def list_commands(self, ctx: Context) -> list[str]:
        """A game's commands in the order of an evening: `new` first, then the entries
        and views, and `undo` and `history` last."""
        names = super().list_commands(ctx)
        return sorted(names, key=lambda name: {"new": -1, "undo": 1, "history": 2}.get(name, 0))

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,  # Any: click's context settings, handed on as given
    ) -> int:
        argv = list(sys.argv[1:] if args is None else args)
        code = run(self, argv, prog_name or PROGRAM, complete_var, windows_expand_args=windows_expand_args, **extra)
        if standalone_mode:
            sys.exit(code)
        return code


class RefereeTyper(typer.Typer):
    """A Typer app whose commands convert their parameters without pydantic (fast start)."""

    def command(
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **kwargs: Any  # Any: Typer's own options, as given
    ) -> Callable[[CommandFunctionType], CommandFunctionType]:
        from referee.cli.typer_internals import PlainCommand

        return super().command(name, cls=cls or PlainCommand, **kwargs)


def command_group(help: str) -> typer.Typer:
    """A command group (`referee smoor`, …) with the shared error path and help options."""
    return RefereeTyper(cls=RefereeGroup, no_args_is_help=True, add_completion=False, context_settings=CONTEXT, help=help)


def add_dutch_commands(app: typer.Typer, names: dict[str, str]) -> None:
    """Register a group's Dutch command names (``{"slag": "trick"}``) as hidden twins of
    its commands: the same function, help and class, so a Dutch table types its own
    words and `--help` lists each command once."""
    commands = {info.name or (info.callback.__name__ if info.callback else ""): info for info in app.registered_commands}
    for dutch, english in names.items():
        info = commands[english]
        if info.callback is not None:
            app.command(dutch, cls=info.cls, hidden=True, help=info.help)(info.callback)


def run(
    group: TyperGroup,
    argv: list[str],
    prog_name: str,
    complete_var: str | None,
    *,
    keep_language: bool = False,
    see_help: Callable[[str], str] | None = None,
    **extra: Any,  # Any: click's context settings, handed on as given
) -> int:
    """Run the command line; return the exit code after reporting any failure.

    ``keep_language``: the language already chosen stays (a line typed in a table
    session, whose `referee --lang nl table FILE` chose it), unless the line has its own
    ``--lang``. ``see_help``: where a usage error sends the reader, given the command's
    path (default ``referee smoor trick --help``; a session says ``help trick``).
    """
    want_json = "--json" in (argv[: argv.index("--")] if "--" in argv else argv)
    if os.environ.get(complete_var or f"_{prog_name.replace('-', '_').upper()}_COMPLETE"):
        from referee.cli.typer_internals import enable_completion

        enable_completion()  # a shell asks what a word can be (referee/cli/completion.py)
    try:
        argv = choose_language(argv, keep=keep_language)
    except RefereeError as error:
        return fail(str(error), error.exit_code, want_json)
    if not argv or "--help" in argv or "-h" in argv:  # help is drawn: Typer's words too
        from referee.cli.typer_internals import translate_help

        translate_help()
    from referee.recorded import entries_watched

    try:
        with entries_watched() as written:
            result = TyperGroup.main(
                group, args=argv, prog_name=prog_name, complete_var=complete_var, standalone_mode=False, **extra
            )
        if written and not want_json and result in (None, 0):
            from referee.cli.bot_moves import after_entries

            after_entries(written)  # the bots' decisions due after this entry (issue 35)
    except RefereeError as error:
        return fail(str(error), error.exit_code, want_json)
    except click_exceptions.NoArgsIsHelpError:
        return 0  # the help has been printed: a bare `referee smoor` asks what it can do
    except click_exceptions.UsageError as error:
        return fail(usage_message(error, see_help), 2, want_json)
    except click_exceptions.ClickException as error:
        return fail(error.format_message(), 2, want_json)
    except typer.Abort as error:
        if isinstance(error.__cause__, KeyboardInterrupt):  # Ctrl-C: the shell's code for it, 128 + SIGINT
            return fail(_("interrupted (Ctrl-C, exit 130)"), INTERRUPTED, want_json)
        return fail(_("aborted"), 2, want_json)
    except BrokenPipeError:
        return 0  # the reader went away (`referee … | head`); nothing left to say
    except RecursionError:
        return fail(_("the input is nested too deeply to read"), 2, want_json)
    except Exception as error:  # a bug: still no traceback, but say so plainly
        if isinstance(error, ValueError) and "integer string conversion" in str(error):  # int() of 4,301+ digits
            return fail(_("a number of more than 4,300 digits cannot be used; type a smaller number"), 2, want_json)
        name = type(error).__name__
        message = _("internal error ({name}: {error}); please report this with the command you ran")
        return fail(message.format(name=name, error=error), 2, want_json)
    if result == INTERRUPTED:  # Typer's answer to Ctrl-C (KeyboardInterrupt), given without a word
        return fail(_("interrupted (Ctrl-C, exit 130)"), INTERRUPTED, want_json)
    return result if isinstance(result, int) else 0


#: The exit code of a command stopped with Ctrl-C: the shell's, 128 + SIGINT.
INTERRUPTED = 130


def choose_language(argv: list[str], keep: bool = False) -> list[str]:
    """Take `--lang nl|en` (anywhere before `--`, on every command) off the command line
    and choose that language for the messages (:mod:`referee.i18n`); ``keep``: without
    `--lang`, the language chosen before stays."""
    if not keep:
        i18n.set_language(None)  # each command line chooses again (tests run many in one process)
    end = argv.index("--") if "--" in argv else len(argv)
    rest: list[str] = []
    index = 0
    while index < end:
        word = argv[index]
        if word == "--lang" or word.startswith("--lang="):
            if word == "--lang":
                if index + 1 >= end:
                    raise InputError(_("--lang needs a language: nl or en"))
                index += 1
                value = argv[index]
            else:
                value = word.partition("=")[2]
            if value.lower() not in i18n.LANGUAGES:
                raise InputError(_("unknown language {language}; choose nl or en").format(language=quoted(value)))
            i18n.set_language(value.lower())
        else:
            rest.append(word)
        index += 1
    return rest + argv[end:]


def usage_message(error: click_exceptions.UsageError, see_help: Callable[[str], str] | None = None) -> str:
    """Click's usage message on one line, with where to look for the right spelling."""
    message = " ".join(error.format_message().split())
    message = re.sub(r"\s*\((?:Possible options|Did you mean):? ([^)]*)\)", r"; did you mean \1?", message)
    message = _in_words_of_the_table(message[:1].lower() + message[1:].rstrip("."))
    context = error_context(error)
    path = context.command_path if context is not None else PROGRAM
    if see_help is not None:
        return _("{message} (see `{help}`)").format(message=message, help=see_help(path))
    return _("{message} (see `{path} --help`)").format(message=message, path=path)


#: Click's usage errors, as patterns of its English wording, with the words the table
#: reads (called with the pattern's groups: the names and values click put in).
_CLICK_WORDS: tuple[tuple[str, Callable[..., str]], ...] = (
    (r"missing argument '(.*)'", lambda name: _("missing argument {0}").format(name)),
    (r"missing option '(.*)'", lambda name: _("missing option {0}").format(name)),
    (r"no such option: (\S+)", lambda name: _("no such option: {0}").format(name)),
    (r"no such option: (\S+); did you mean (.*)\?", lambda name, guess: _("no such option: {0}; did you mean {1}?").format(name, guess)),
    (r"no such command '(.*?)'", lambda name: _("no such command {0}").format(name)),
    (r"no such command '(.*?)'\. Did you mean (.*)\?", lambda name, guess: _("no such command {0}; did you mean {1}?").format(name, guess)),
    (r"option '(.*)' requires an argument", lambda name: _("option {0} requires an argument").format(name)),
    (r"option '(.*)' requires (\d+) arguments", lambda name, n: _("option {0} requires {1} arguments").format(name, n)),
    (r"got unexpected extra argument(?:s|\(s\))? \((.*)\)", lambda extra: _("got unexpected extra argument(s) ({0})").format(extra)),
    (r"invalid value for '(.*?)'(?: / '[^']*')*: (.*)", lambda name, why: _("invalid value for {0}: {1}").format(name, why)),
)  # fmt: skip


def _in_words_of_the_table(message: str) -> str:
    """A click usage error in the chosen language (English: as click wrote it)."""
    from referee import i18n

    if not i18n.dutch():
        return message
    for pattern, words in _CLICK_WORDS:
        found = re.fullmatch(pattern, message)
        if found:
            return words(*found.groups())
    return message


def fail(message: str, code: int, want_json: bool) -> int:
    """Report a failure: one line on stderr, and one JSON object on stdout with --json."""
    from referee.cli.output import capped, printable

    message = " ".join(message.split()) or _("failed")
    message = capped(printable(message))
    if want_json:
        import json

        sys.stdout.write(json.dumps({"error": message, "exit_code": code}, ensure_ascii=False) + "\n")
    sys.stderr.write(f"{PROGRAM}: {message}\n")
    return code
