"""`referee spell` (alias `spellcrafter`): score words, settle challenges, keep the game.

Module-level imports stay at typer and the standard library (``referee --help`` stays
fast); the word lists are opened inside the command.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.dictionary import DEFAULT_DICTIONARY, DictOption, HouseOption, JsonOption, WordCommand
from referee.cli.group import add_dutch_commands, command_group
from referee.cli.spell_game import BoxOption
from referee.errors import InputError
from referee.i18n import N_, _

app = command_group(
    _("Spellcrafter, the word-drafting game (alias: spellcrafter): score a word from "
      "its cards, settle a challenge against the dictionary the table agreed on, and keep "
      "the four-round score sheet.")
)

def word_and_value(
    arguments: list[str], value: int | None, friendly: bool = False, ddt: bool = False, deck_file: Path | None = None
) -> tuple[str, int | None]:
    """The word to judge and its value: a plain WORD (with ``--value N``), or the word's
    card tokens (SPEC §2), whose score is the value (SPEC §5.3), checked against the
    table's deck file (``deck_file``) as `spell score` checks them.

    Several arguments that are not card tokens are one text for the verdict, which says
    it is more than one word, as it does for "ice cream" in quotes.
    """
    # Every card token holds a digit; a plain word skips loading the notation.
    if any(character.isdigit() for argument in arguments for character in argument):
        from referee.spellcrafter.notation import looks_like_tokens

        if looks_like_tokens(arguments):
            from referee.cli.spell_game import box
            from referee.spellcrafter import word_and_score

            if value is not None:
                raise InputError(_("card tokens give the word's value; leave out --value"))
            word, score = word_and_score(arguments, friendly, ddt, box(deck_file))
            return word.lower(), score
    if deck_file is not None:
        raise InputError(_("--deck checks the cards of card tokens; a plain word has none, so leave out --deck"))
    return " ".join(arguments), value


@app.command(
    cls=WordCommand,
    help=N_("Settle a challenge: is the word legal in the agreed dictionary? Exit 0 valid, 1 invalid.\n\n"
           "The verdict gives one reason (in dictionary, not in dictionary, proper noun, acronym, abbreviation, "
           "contraction, hyphenated, prefix or suffix, too short, removed by the house rules) and names the "
           "dictionary. With --value N: a valid word costs the challenger N points; an invalid one scores 0 for the "
           "player this round.\n\n"
           "In a game, `referee spell challenge FILE CHALLENGER PLAYER` judges PLAYER's word of the latest round "
           "with the game's dictionary and house rules (given at `spell new`) and records the consequence."),
)
def challenge(
    ctx: typer.Context,
    word: Annotated[
        list[str],
        typer.Argument(
            metavar=N_("WORD"),
            help=N_("The challenged word (case and accents do not matter; put a word starting with - after --), "
                   "or its card tokens (K6m I1m T1m: the value is then the word's score), or in a game FILE CHALLENGER PLAYER."),
            show_default=False,
        ),
    ],
    dictionary: DictOption = DEFAULT_DICTIONARY,
    house: HouseOption = None,
    value: Annotated[
        int | None,
        typer.Option(
            "--value", min=0, help=N_("The word's value: prints what the challenge does to the scores."), show_default=False
        ),
    ] = None,
    friendly: Annotated[bool, typer.Option("--friendly", help=N_("Card tokens: score them with the friendly rules."))] = False,
    ddt: Annotated[bool, typer.Option("--ddt", help=N_("Card tokens: score them with the Double-Double, Toil & Trouble variant."))] = False,
    deck_file: BoxOption = None,
    as_json: JsonOption = False,
) -> None:
    """`spell challenge`: a word judged, or in a game a challenge recorded (its help, in
    both languages, is given at ``@app.command``)."""
    from referee.cli.spell_game import dispatch_challenge

    source = ctx.get_parameter_source("dictionary")  # Click's ParameterSource, by name: typer ships its own Click
    given = source is not None and source.name != "DEFAULT"
    if dispatch_challenge(word, dictionary if given else None, house, value, as_json, deck_file):
        return
    from referee.cli.dictionary import exit_with_verdict
    from referee.lexicon.catalogue import open_dictionary
    from referee.lexicon.challenge import Challenge
    from referee.lexicon.verdict import judge

    text, known_value = word_and_value(word, value, friendly, ddt, deck_file)
    result = Challenge(judge(text, open_dictionary(dictionary, house)), known_value)
    if as_json:
        from referee.cli.output import emit_json

        emit_json(result.to_json())
    else:
        from referee.cli.dictionary import show_verdict

        show_verdict(result.verdict, result.consequence)
    exit_with_verdict(result.verdict)


def _register_game_commands() -> None:
    from referee.cli import spell_best, spell_game

    spell_game.register(app)
    spell_best.register_best(app)


_register_game_commands()

#: The Dutch command words: `referee spell woord …` is `referee spell word …`. Hidden from
#: the list of commands, as the smoor group's are.
DUTCH_COMMANDS = {
    "nieuw": "new", "woord": "word", "pas": "pass", "uitdaging": "challenge", "toon": "show", "tel": "score",
    "kaartspel": "deck", "beste": "best", "terugblik": "review", "herstel": "undo", "opnieuw": "redo", "geschiedenis": "history",
    "entropie": "entropy", "onthul": "reveal", "controleer": "verify", "kies": "pick",
}  # fmt: skip


add_dutch_commands(app, DUTCH_COMMANDS)
