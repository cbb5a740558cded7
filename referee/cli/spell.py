"""`referee spell` (alias `spellcrafter`): score words, settle challenges, keep the game.

Module-level imports stay at typer and the standard library (``referee --help`` stays
fast); the word lists are opened inside the command.
"""

from __future__ import annotations

import re
from typing import Annotated

import typer

from referee.cli.dictionary import DEFAULT_DICTIONARY, DictOption, HouseOption, JsonOption, WordCommand
from referee.cli.group import command_group
from referee.errors import InputError

app = command_group(
    "Spellcrafter, the word-drafting game (alias: spellcrafter): score a word from "
    "its cards, settle a challenge against the dictionary the table agreed on, and keep "
    "the four-round score sheet."
)

# The shapes of the card tokens (SPEC §2): a letter card (K4m, QU6s, *Y3f), Double Double
# or Trouble (DDm:T, TRc:E), Toil (TOILm@5); spaces between them are optional. An argument
# of any other shape is read as a word, so "c4t" is told that '4' is not a letter.
_TOKENS = re.compile(r"(?:\s*(?:\*?[a-z]{1,2}\d+[fscm]|(?:dd|tr)[fscm]:[a-z]|toil[fscm]@\d+))+\s*", re.IGNORECASE)


def word_and_value(arguments: list[str], value: int | None) -> tuple[str, int | None]:
    """The word to judge and its value: a plain WORD with ``--value``, or card tokens.

    Several arguments that are not card tokens are one text for the verdict, which says
    it is more than one word, as it does for "ice cream" in quotes.
    """
    if any(_TOKENS.fullmatch(argument) for argument in arguments):
        # Spellcrafter card tokens plug in here (issue #5): parse and score them with the
        # Spellcrafter rules and return (the word they spell, its score, unless --value
        # overrides it). Until then a table gives the word and its value.
        raise InputError(
            "scoring Spellcrafter cards is not available yet: challenge the word itself with its value, "
            "e.g. `referee spell challenge kitty --value 26`"
        )
    return " ".join(arguments), value


@app.command(cls=WordCommand)
def challenge(
    word: Annotated[
        list[str],
        typer.Argument(
            metavar="WORD",
            help="The challenged word (case and accents do not matter; put a word starting with - after --); "
            "card tokens once scoring exists.",
            show_default=False,
        ),
    ],
    dictionary: DictOption = DEFAULT_DICTIONARY,
    house: HouseOption = None,
    value: Annotated[
        int | None,
        typer.Option(
            "--value", min=0, help="The word's value: prints what the challenge does to the scores.", show_default=False
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Settle a challenge: is the word legal in the agreed dictionary? Exit 0 valid, 1 invalid.

    The verdict gives one reason (in dictionary, not in dictionary, proper noun, acronym,
    abbreviation, contraction, hyphenated, prefix or suffix, too short) and names the
    dictionary. With --value N: a valid word costs the challenger N points; an invalid
    one scores 0 for the player this round.
    """
    from referee.cli.dictionary import exit_with_verdict
    from referee.lexicon.catalogue import open_dictionary
    from referee.lexicon.challenge import Challenge
    from referee.lexicon.verdict import judge

    text, known_value = word_and_value(word, value)
    result = Challenge(judge(text, open_dictionary(dictionary, house)), known_value)
    if as_json:
        from referee.cli.output import emit_json

        emit_json(result.to_json())
    else:
        from referee.cli.dictionary import show_verdict

        show_verdict(result.verdict, result.consequence)
    exit_with_verdict(result.verdict)
