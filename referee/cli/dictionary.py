"""`referee dict`: the word lists and dictionaries that settle Spellcrafter challenges.

Module-level imports stay at typer and the standard library: rich, the word lists,
pyenchant and wordfreq are imported inside the commands (``referee --help`` stays fast).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.group import command_group
from referee.cli.typer_internals import PlainCommand
from referee.i18n import N_
from referee.i18n import _

if TYPE_CHECKING:
    from typer._click.core import Context

    from referee.lexicon.challenge import Consequence
    from referee.lexicon.verdict import Verdict


class WordCommand(PlainCommand):
    """A command that takes a word: a word starting with - (``-ness``) is taken for options.

    Click reads ``-cat`` as the short options ``-c -a -t``; rather than "no such option:
    -c", say how to give such a word: after ``--``.
    """

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        from referee.cli.typer_internals import click_exceptions

        given = list(args)  # Click's parser consumes the list it is given
        try:
            return super().parse_args(ctx, args)
        except click_exceptions.NoSuchOption as error:
            word = _dashed_word(given, error.option_name)
            if word is None:
                raise
            from referee.errors import InputError, quoted

            message = _("{word} is not an option; a word that starts with - goes after --: `{path} -- {bare}`")
            raise InputError(message.format(word=quoted(word), path=ctx.command_path, bare=word)) from None


def _dashed_word(args: list[str], option: str) -> str | None:
    """The argument before ``--`` that Click read as the unknown short option ``option``."""
    for argument in args:
        if argument == "--":
            break
        if (
            not argument.startswith("--")
            and len(argument) > 2
            and argument.startswith(option)
            and any(c.isalpha() for c in argument)
        ):
            return argument
    return None


app = command_group(
    N_("Dictionaries for Spellcrafter challenges: the built-in word lists, Hunspell dictionaries through pyenchant, wordfreq's common words, your own word-list file, and house additions and removals.")
)

DEFAULT_DICTIONARY = "builtin:en"  # referee.lexicon.catalogue.DEFAULT, without importing it at start-up
DictOption = Annotated[
    str,
    typer.Option(
        "--dict",
        "-d",
        metavar="NAME",
        help=N_("The dictionary the table agreed on: builtin:en, builtin:en-large, builtin:nl, hunspell:LANG (e.g. hunspell:en_GB), wordfreq:LANG or wordfreq:LANG@ZIPF, or file:PATH. See `referee dict list`."),
    ),
]
HouseOption = Annotated[
    Path | None,
    typer.Option(
        "--house",
        metavar="FILE",
        help=N_("House rules on top of the dictionary: a file of +word (allowed) and -word (not allowed) lines."),
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of text."))]


def show_verdict(verdict: Verdict, consequence: Consequence | None = None) -> None:
    """The verdict for people: word, valid or invalid, the reason and the dictionary; then
    the consequence for the scores, when known. Plain lines, without rich: a challenge
    is a quick entry at the table, and importing rich would cost a quarter of it."""
    from referee.cli.output import Line, say

    outcome = (_("valid"), "bold green") if verdict.valid else (_("invalid"), "bold red")
    lines = [Line((verdict.word.upper(), "bold"), ": ", outcome, f" — {verdict.reason.worded} (", verdict.dictionary, ")")]
    if consequence is not None:
        text = str(consequence)
        lines.append(Line(text[0].upper() + text[1:] + "."))
    say(*lines)


def exit_with_verdict(verdict: Verdict) -> None:
    """Exit 1 when the word is not valid (SPEC §5.3); the verdict has been printed."""
    if not verdict.valid:
        raise typer.Exit(1)


@app.command(cls=WordCommand)
def check(
    words: Annotated[
        list[str],
        typer.Argument(
            metavar="WORD…",
            help=N_("The words to look up, or - to read one word a line from stdin; case and accents do not matter (a word starting with - goes after --)."),
            show_default=False,
        ),
    ],
    dictionary: DictOption = DEFAULT_DICTIONARY,
    house: HouseOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print JSON: one object, or one object a line (JSON Lines) for several words."))
    ] = False,
) -> None:
    """Is each WORD a legal Spellcrafter word in this dictionary? Exit 0 all valid, 1 any invalid.

    Each verdict gives one reason: in dictionary, not in dictionary, proper noun, acronym,
    abbreviation, contraction, hyphenated, prefix or suffix, too short, or removed by the
    house rules. With several words (or -), one verdict a line, in the order given; a word
    that cannot be read at all is exit 2 before any verdict.
    """
    from referee.lexicon.catalogue import open_dictionary
    from referee.lexicon.verdict import judge_all

    verdicts = judge_all(_given_words(words), open_dictionary(dictionary, house))
    for verdict in verdicts:
        if as_json:
            from referee.cli.output import emit_json

            emit_json(verdict.to_json())
        else:
            show_verdict(verdict)
    if not all(verdict.valid for verdict in verdicts):
        raise typer.Exit(1)


def _given_words(arguments: list[str]) -> list[tuple[str, str]]:
    """(where, word) for each word given: the arguments, with - standing for stdin's lines."""
    from referee.errors import InputError

    if arguments.count("-") > 1:
        raise InputError(_("give - (read the words from stdin) at most once"))
    given = []
    for number, argument in enumerate(arguments, start=1):
        if argument != "-":
            given.append((_("word {number}").format(number=number) if len(arguments) > 1 else "", argument))
            continue
        lines = [(n, line.strip()) for n, line in enumerate(sys.stdin.read().splitlines(), start=1) if line.strip()]
        if not lines:
            raise InputError(_("no words on stdin: give one word a line after -"))
        given += [(_("stdin line {number}").format(number=n), line) for n, line in lines]
    return given


@app.command("list")
def list_dictionaries(as_json: JsonOption = False) -> None:
    """The dictionaries available here: built-in lists, installed Hunspell dictionaries, wordfreq's languages."""
    from referee.lexicon.describe import available

    rows = available()
    if as_json:
        from referee.cli.output import emit_json

        emit_json({"dictionaries": [row.to_json() for row in rows]})
        return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console

    table = Table(_("Dictionary"), _("Words"), _("Size"), _("What"), box=box.SIMPLE_HEAD, pad_edge=False)
    for row in rows:
        what = Text(row.what)
        if row.note:
            what.append("\n" + row.note, style="dim" if row.available else "red")
        table.add_row(Text(row.name, style="bold"), _count(row.words), _bytes(row.bytes), what)
    console().print(table)
    console().print(Text(_("Hunspell counts are stems (word forms are more). With any of them, --house FILE adds")))
    console().print(Text(_("(+word) and removes (-word) words for this table. Details: referee dict info NAME")))


@app.command()
def info(
    name: Annotated[
        str,
        typer.Argument(
            metavar="NAME", help=N_("A dictionary name, e.g. builtin:en or hunspell:en_GB."), show_default=False
        ),
    ],
    as_json: JsonOption = False,
) -> None:
    """Where the dictionary NAME comes from: its source, size and licence."""
    from referee.lexicon.describe import provenance

    document = provenance(name)
    if as_json:
        from referee.cli.output import emit_json

        emit_json(document)
        return
    from rich.table import Table
    from rich.text import Text

    from referee.cli.output import console

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    size = _bytes(document["bytes"])
    rows: list[tuple[str, object]] = [
        (_("What"), document["what"]),
        (
            _("Words"),
            _count(document["words"]) + (_(" stems") if document["kind"] == "hunspell" and document["words"] else ""),
        ),
        (_("Size"), size if size != "–" else ""),
        (_("Files"), ", ".join(Path(file).name for file in document["files"])),
        (_("Source"), document["source"]),
        (_("Licence"), document["licence"]),
    ]
    if "built_from" in document:
        rows.append(
            (_("Built from"), ", ".join(f"{package} {version}" for package, version in document["built_from"].items()))
        )
    for label, value in rows:
        if value:
            grid.add_row(label, Text(str(value)))
    console().print(Text(document["name"], style="bold"))
    console().print(grid)


def _count(words: int | None) -> str:
    from referee.i18n import number

    return "–" if words is None else number(words, grouped=True)


def _bytes(size: int | None) -> str:
    if size is None:
        return "–"
    if size < 1000:
        return f"{size} B"
    from referee.i18n import number

    if size < 1_000_000:
        return f"{number(size / 1000)} kB"
    return f"{number(size / 1_000_000, 1)} MB"
