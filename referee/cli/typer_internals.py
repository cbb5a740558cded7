"""Everything referee takes from Typer beyond its documented API, in one place.

Typer is pinned to its minor version (``typer>=0.29,<0.30`` in pyproject.toml) because of
this module, and only this module; upgrading Typer means reading this module against
the new release (``tests/test_typer_upgrade.py`` runs the CLI against the newest Typer
the package index has). It holds these things:

1. **Click's exceptions** (:data:`click_exceptions`), which Typer ≥ 0.25 ships as its own
   copy (``typer._click``): the error path (``cli/group.py``) catches them.
2. **Building one command group, or one command of it** (:func:`build_group`): Typer's
   ``registered_commands`` list is narrowed to the command about to run before
   ``typer.main.get_group`` builds it, so a quick entry does not pay for inspecting the
   group's other commands.
3. **Parameter conversion without pydantic** (:class:`PlainCommand`,
   :func:`plain_conversion`). Typer 0.29 converts every parameter through a pydantic
   ``TypeAdapter`` built when a command runs, even a ``--help`` that was not given:
   importing pydantic and building the adapters costs about 90 ms, more than most of
   referee's commands take in all. ``str``, ``int``, ``bool``, ``Path`` and ``list[str]``
   (Optional or not: Typer strips that) need no pydantic; any other type keeps Typer's
   own conversion. This reaches into ``typer._coercion``; if it is not there, the
   commands simply fall back to Typer's conversion (slower, same results). The CLI tests
   exercise every conversion.

   It also gives ``--help`` one style, as click writes it: arguments in capitals
   (``FILE``, ``[ENTRIES]...`` when optional), options followed by the kind of value they
   take (``--seed TEXT``, ``--target INTEGER``), and flags (``--json``) by nothing at all,
   not by Typer's ``<bool>`` or ``<list[str]>``.
4. **The command a usage error belongs to** (:func:`error_context`): click raises some
   option errors (too few values for an option) without their context, so the error
   path walks the traceback's frames, click's own, for the innermost ``ctx``, to say
   which command's ``--help`` to read.
5. **Typer's own words in help, in the chosen language** (:func:`translate_help`,
   :func:`help_option`, :func:`usage_prefix`): the panel titles and ``[required]`` /
   ``[default: …]`` are module constants of ``typer.rich_utils``, the ``--help`` option's
   text and the ``Usage:`` prefix are click's; a Dutch table reads them in Dutch.
   So are the help texts and placeholders of every command (:func:`localize`), put in
   the chosen language when a command or group is about to be used or drawn, from the
   English kept on the command: no group needs its own code for it, and one process may
   draw help in both languages. Help texts are written in English and marked with
   :func:`N_` (or the catalogue's ``_``); placeholders (``FILE``, ``INTEGER``) are
   translated word by word (``BESTAND``, ``GETAL``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer
from typer._click.core import Context as Context, Parameter as Parameter  # loaded with typer; Typer reads callbacks' annotations
from typer.core import TyperCommand, _TyperParameter

if TYPE_CHECKING:  # click's types as Typer ships them, for the checker only
    from typer._click.core import Command
    from typer._click.exceptions import UsageError
    from typer._click.formatting import HelpFormatter
    from typer.core import TyperGroup, TyperOption
    from typer.models import CommandInfo

try:  # typer >= 0.25 ships its own copy of click
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - older typer on top of click
    from click import exceptions as click_exceptions  # type: ignore[no-redef,import-not-found,unused-ignore]


def __getattr__(name: str) -> type:
    """``CompletionItem``, click's answer to a shell, imported only when a shell asks."""
    if name == "CompletionItem":
        try:
            from typer._click.shell_completion import CompletionItem
        except ImportError:  # pragma: no cover - older typer on top of click
            from click.shell_completion import CompletionItem  # type: ignore[import-not-found,no-redef,assignment,unused-ignore]
        return CompletionItem
    raise AttributeError(name)

__all__ = [
    "PlainCommand", "build_group", "click_exceptions", "error_context", "paragraphs", "plain_conversion", "usage_pieces",
]  # fmt: skip

#: A command or a group of Typer's, handed back as it came.
CommandT = TypeVar("CommandT", bound="Command")
#: A parameter of Typer's, handed back as it came.
ParameterT = TypeVar("ParameterT", bound="Parameter | None")


def error_context(error: UsageError) -> Context | None:
    """The context of the command a usage error belongs to. Click raises some option
    errors (too few values for an option) without it; the innermost ``ctx`` on the way
    there, in click's own frames, is the command's. None when none is found."""
    context = error.ctx
    frame = error.__traceback__ if context is None else None
    while frame is not None:
        found = frame.tb_frame.f_locals.get("ctx")
        context = found if hasattr(found, "command_path") else context
        frame = frame.tb_next
    return context


def build_group(app: typer.Typer, name: str, only: str | None = None) -> TyperGroup:
    """The click group Typer builds for ``app``, named ``name``; with ``only``, the name
    of the command about to run, a group of just that command (Typer inspects every
    command's signature to build it, time a quick entry need not spend)."""
    import copy

    chosen = [info for info in app.registered_commands if _command_name(info) == only]
    if chosen:
        app = copy.copy(app)
        app.registered_commands = chosen
    group = typer.main.get_group(app)  # a group even when it holds a single command
    group.name = name
    return group


def _command_name(info: CommandInfo) -> str:
    if info.name:
        return info.name
    assert info.callback is not None  # Typer registers a command with its function
    return typer.main.get_command_name(info.callback.__name__)


# --- parameters without pydantic ---------------------------------------------------------

_PLAIN = (str, int, bool, Path, list[str])
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


class PlainCommand(TyperCommand):
    """A Typer command whose plain parameters are converted without pydantic.

    ``after_file`` completes the arguments after a game's FILE in the shell (the game's
    table hooks): :mod:`referee.cli.completion` sets it when it is imported (every
    command group with a FILE imports it), so that this module does not import it back.
    """

    after_file: Callable[[Context, Parameter, str], list[str]] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # Any: handed to Typer's constructor as given
        super().__init__(*args, **kwargs)
        self.help = paragraphs(self.help)
        for param in self.params:
            plain_conversion(param)
            _unfiltered(param)
        arguments = [param for param in self.params if param.param_type_name == "argument"]
        if arguments and arguments[0].name == "file" and PlainCommand.after_file is not None:  # its hooks complete the rest
            for param in arguments[1:]:
                if getattr(param, "_custom_shell_complete", None) is None:
                    param._custom_shell_complete = PlainCommand.after_file

    def get_help_option(self, ctx: Context) -> TyperOption | None:
        return help_option(super().get_help_option(ctx))

    def make_context(self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any) -> Context:  # click's signature
        localize(self)
        return super().make_context(info_name, args, parent, **extra)

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        return usage_pieces(self, ctx)

    def format_usage(self, ctx: Context, formatter: HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)), prefix=usage_prefix())


def _unfiltered(param: Parameter) -> None:
    """Typer keeps only the completions of an ``autocompletion`` function that start with
    what is typed, exactly; referee's (:mod:`referee.cli.completion`) match names ignoring
    case and accents (``elo`` → ``Élodie``), so they answer the shell directly. Typer
    keeps the function only in its wrapper's closure."""
    custom = getattr(param, "_custom_shell_complete", None)
    code = getattr(custom, "__code__", None)
    if code is None or "autocompletion" not in code.co_freevars:
        return
    function = custom.__closure__[code.co_freevars.index("autocompletion")].cell_contents  # type: ignore[union-attr]
    if getattr(function, "__module__", "") == "referee.cli.completion":
        param._custom_shell_complete = lambda ctx, param, incomplete: function(ctx, [], incomplete)  # Typer's call


def help_option(option: TyperOption | None) -> TyperOption | None:
    """The ``--help`` option, converted without pydantic and saying what it does in the
    chosen language."""
    from referee.i18n import _

    if option is not None:
        option.help = _("Show this message and exit.")
    return plain_conversion(option)


def usage_prefix() -> str:
    from referee.i18n import _

    return _("Usage: ")


def translate_help() -> None:
    """Typer's words in help panels in the chosen language (its rich help reads these
    module constants when it draws; set in English too, as one process may draw help in
    both languages)."""
    from typer import rich_utils

    from referee.i18n import _

    rich_utils.ARGUMENTS_PANEL_TITLE = _("Arguments")
    rich_utils.OPTIONS_PANEL_TITLE = _("Options")
    rich_utils.COMMANDS_PANEL_TITLE = _("Commands")
    rich_utils.REQUIRED_LONG_STRING = _("[required]")
    rich_utils.DEFAULT_STRING = _("[default: {}]")


def paragraphs(text: str | None) -> str | None:
    """A docstring as help: its paragraphs kept, the line breaks inside them dropped, so
    the terminal wraps them (Typer's rich help would otherwise break lines twice)."""
    if text is None:
        return None
    import inspect

    return "\n\n".join(" ".join(block.split()) for block in inspect.cleandoc(text).split("\n\n"))


#: Values a help text may name in braces, computed when help is drawn (``{dealt}``: what
#: `referee deal` deals, from the registry); modules add theirs.
HELP_VALUES: dict[str, Callable[[], str]] = {}


def translated(text: str | None) -> str | None:
    """A help text marked with :func:`N_`, in the chosen language (nothing for nothing),
    with the :data:`HELP_VALUES` it names filled in."""
    from referee import i18n

    if not text:
        return text
    worded = i18n._(text)
    if "{" not in worded:
        return worded
    return re.sub(r"\{(\w+)\}", lambda found: HELP_VALUES[found[1]]() if found[1] in HELP_VALUES else found[0], worded)


def _placeholder_words() -> dict[str, str]:
    """The words of help's placeholders, in the chosen language."""
    from referee.i18n import _

    return {
        "FILE": _("FILE"), "PLAYERS": _("PLAYERS"), "PLAYER": _("PLAYER"), "CARDS": _("CARDS"), "CARD": _("CARD"),
        "INTEGER": _("INTEGER"), "TEXT": _("TEXT"), "PATH": _("PATH"), "NAME": _("NAME"), "ENTRIES": _("ENTRIES"),
        "BIDS": _("BIDS"), "PLACEMENT": _("PLACEMENT"), "ROUND": _("ROUND"), "SUIT": _("SUIT"), "WORD": _("WORD"),
        "WORDS": _("WORDS"), "GAME": _("GAME"), "OPTIONS": _("OPTIONS"), "COMMAND": _("COMMAND"), "ARGS": _("ARGS"),
        "CHALLENGER": _("CHALLENGER"), "SHELL": _("SHELL"), "ARGUMENTS": _("ARGUMENTS"), "TOKEN": _("TOKEN"),
        "FOLDER": _("FOLDER"), "PATHS": _("PATHS"), "FILES": _("FILES"), "DATE": _("DATE"), "OLD": _("OLD"), "NEW": _("NEW"),
    }  # fmt: skip


def placeholder(text: str | None) -> str | None:
    """A placeholder of help in the chosen language: ``FILE`` → ``BESTAND``, ``[OPTIONS]``
    → ``[OPTIES]``, ``NAME NAME`` → ``NAAM NAAM``."""
    from referee.i18n import dutch

    if not text or not dutch():
        return text
    words = _placeholder_words()
    return re.sub(r"[A-Z]+", lambda found: words.get(found[0], found[0]), text)


def localize(command: CommandT) -> CommandT:
    """Put a command's (or group's) help, its parameters' help and its placeholders in
    the chosen language, from the English kept on it the first time; in a table session,
    where the file is given once for the evening (``file_in_session``), its examples as
    typed there (:func:`without_file`)."""
    kept = command.__dict__.setdefault("_english", (command.help, command.short_help))
    command.help, command.short_help = translated(kept[0]), translated(kept[1])
    if getattr(command, "file_in_session", False):
        command.help, command.short_help = without_file(command.help), without_file(command.short_help)
    for param in getattr(command, "params", ()):
        english = param.__dict__.setdefault("_english", (getattr(param, "help", None), param.metavar))
        if hasattr(param, "help"):
            param.help = translated(english[0])
        param.metavar = placeholder(english[1])
    return command


def without_file(text: str | None) -> str | None:
    """A help text's examples as a table session types them, without the group and the
    file: `round FILE Anna=3` and `referee smoor round FILE Anna=3` read `round Anna=3`,
    `undo FILE` reads `undo` (FILE in the chosen language: `ronde BESTAND Anna=3`)."""
    if not text:
        return text
    file = re.escape(placeholder("FILE") or "FILE")
    return re.sub(rf"`(?:referee [\w-]+ )?([^\s`]+) {file}(?=[\s`])", r"`\1", text)


def usage_pieces(command: Command, ctx: Context) -> list[str]:
    """The usage line as click writes it: ``[OPTIONS] FILE [ENTRIES]...`` (a hidden
    argument left out: a table session puts the file in itself)."""
    has_options = any(param.param_type_name == "option" for param in command.get_params(ctx))
    pieces = [placeholder("[OPTIONS]") or ""] if has_options else []
    for param in command.params:
        if param.param_type_name == "argument" and not getattr(param, "hidden", False):
            name = param.metavar or placeholder(param.name.upper()) or ""
            name = name if param.required or name.startswith("[") else f"[{name}]"  # a metavar `[FILE]` is optional already
            pieces.append(name + ("..." if param.nargs != 1 else ""))
    return pieces


#: How help names the value an option takes, by the option's type.
_VALUE_LABELS = {str: "TEXT", int: "INTEGER", Path: "PATH", list[str]: "TEXT"}


def plain_conversion(param: ParameterT) -> ParameterT:
    """Give one Typer parameter of a plain type a conversion without pydantic, and the
    help label of the module's one style."""
    if not isinstance(param, _TyperParameter) or param._runtime_param is not None:
        return param
    descriptor = param.type_descriptor
    _label(param, descriptor.annotation)
    if _PlainParam is not None and descriptor.annotation in _PLAIN and descriptor.file_annotation is None:
        param._runtime_param = _PlainParam(annotation=descriptor.annotation, parameter_info=descriptor.parameter_info)
    return param


def _label(param: _TyperParameter, annotation: object) -> None:
    """Arguments in capitals; options by the kind of value; flags by nothing."""
    if param.param_type_name == "argument":
        # The usage line adds "..." to an argument that takes several values, so a metavar
        # written with its own ellipsis (TOKEN…) loses it: one style, TOKEN...
        param.metavar = (param.metavar or param.name).upper().rstrip(".…")
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]  # the name says what it is
        return
    if getattr(param, "is_flag", False):
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
        return
    if param.metavar is None and annotation in _VALUE_LABELS:
        param.metavar = _VALUE_LABELS[annotation]


def _plain_param_class() -> type | None:
    try:
        from typer._click.exceptions import BadParameter
        from typer._coercion import RuntimeParam
    except ImportError:  # pragma: no cover - another Typer: keep its own conversion
        return None

    @dataclass(frozen=True)
    class PlainParam(RuntimeParam):
        def _coerce_value(self, value: object, param: _TyperParameter, ctx: Context) -> object:
            if self.annotation is bool:
                return bool(value)
            if self.annotation is int:
                return self._integer(value, param, ctx)
            if self.annotation is Path:
                return value if isinstance(value, Path) else Path(str(value))
            if self.annotation == list[str] and isinstance(value, Iterable):
                return [str(item) for item in value]
            return str(value)

        def _integer(self, value: object, param: _TyperParameter, ctx: Context) -> int:
            from referee.i18n import _

            text = str(value).strip()
            if isinstance(value, int):
                number = value
            elif _WHOLE_NUMBER.fullmatch(text) and len(text) <= 18:
                number = int(text)
            else:  # not 1_000, not other scripts' digits, not absurdly long
                message = _("{value} is not a whole number (digits 0–9, at most 18).").format(value=repr(value))
                raise BadParameter(message, ctx=ctx, param=param)
            low, high = self.parameter_info.min, self.parameter_info.max
            if (low is not None and number < low) or (high is not None and number > high):
                if high is None:
                    problem = _("{number} must be {low} or more.").format(number=number, low=low)
                elif low is None:
                    problem = _("{number} must be at most {high}.").format(number=number, high=high)
                else:
                    problem = _("{number} is not in the range {low} to {high}.").format(number=number, low=low, high=high)
                raise BadParameter(problem, ctx=ctx, param=param)
            return number

    return PlainParam


_PlainParam = _plain_param_class()


# 6. Shell completion (referee/cli/completion.py). Typer registers its bash, zsh, fish and
#    PowerShell completion classes and builds `--install-completion`/`--show-completion`
#    only for apps made with ``add_completion=True``, which costs every command the
#    import of pydantic; referee makes its own options and reaches for Typer's functions
#    (``typer._completion_classes``, ``typer._completion_shared``) only when they are used.

#: The shells Typer writes completion scripts for.
SHELLS = ("bash", "zsh", "fish", "powershell", "pwsh")


def enable_completion() -> None:
    """Register Typer's completion classes: called only when a shell asks to complete."""
    from typer._completion_classes import completion_init

    completion_init()


def _shell(shell: str | None) -> str:
    """The shell named, or the shell running referee; an InputError if not supported."""
    from referee.errors import InputError
    from referee.i18n import _

    if shell is None:
        from typer._completion_shared import _get_shell_name

        shell = _get_shell_name()
        if shell is None:
            raise InputError(_("cannot tell which shell this is; name it: {shells}").format(shells=" | ".join(SHELLS)))
    if shell.lower() not in SHELLS:
        raise InputError(_("completion is for the shells {shells}, not {shell}").format(shells=", ".join(SHELLS), shell=repr(shell)))
    return shell.lower()


def completion_script(prog_name: str, shell: str | None) -> str:
    """The completion script Typer writes for ``shell`` (None: the shell running us)."""
    from typer._completion_shared import get_completion_script

    complete_var = "_{}_COMPLETE".format(prog_name.replace("-", "_").upper())
    return get_completion_script(prog_name=prog_name, complete_var=complete_var, shell=_shell(shell))


def install_completion_script(shell: str | None) -> tuple[str, Path]:
    """Install the completion script in ``shell``'s start-up files, as Typer does;
    return the shell and the file written."""
    from typer._completion_shared import install

    found, path = install(shell=_shell(shell))
    return found, path

