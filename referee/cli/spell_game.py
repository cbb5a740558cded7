"""`referee spell` commands for scoring words, the deck and the four-round game file.

``register(app)`` adds them to the `spell` group: ``score``, ``deck``, ``new``, ``word``,
``pass``, ``show``, ``undo`` and ``history``. The game's ``challenge FILE CHALLENGER
PLAYER`` shares its name with the dictionary challenge of SPEC §5.3: the `challenge`
command calls :func:`dispatch_challenge` first, which takes the game form when the first
argument names a Spellcrafter game file (see :func:`names_a_game`).

Module-level imports stay at typer and the standard library; the rules, the save file and
rich are imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.completion import hand_cards, player_names
from referee.cli.dictionary import DEFAULT_DICTIONARY
from referee.cli.fair import FairOption
from referee.cli.arguments import BotOption, TakeBacksOption
from referee.cli.files import FileArgument, JsonOption, LocationOption, add_file_commands
from referee.cli.rematch import add_rematch_command
from referee.cli.typer_internals import HELP_VALUES
from referee.i18n import N_, _
from referee.spellcrafter import JUMPER_EXAMPLE, LETTER_EXAMPLE, QU_EXAMPLES

if TYPE_CHECKING:
    from collections.abc import Mapping

    from referee.cli.output import Line
    from referee.fair.rules import WithEntropy
    from referee.game import Rules
    from referee.lexicon.backend import Dictionary
    from referee.spellcrafter.actions import Action, Effect
    from referee.spellcrafter.deck import Deck, MissingDeckFile
    from referee.spellcrafter.game import Game
    from referee.spellcrafter.setup import HouseRules, Setup

# The examples of the cards, filled in when help is drawn (in the chosen language).
HELP_VALUES.update(
    letter=lambda: LETTER_EXAMPLE, qu=lambda: QU_EXAMPLES[0], q=lambda: QU_EXAMPLES[1], jumper=lambda: JUMPER_EXAMPLE
)
Tokens = Annotated[
    list[str],
    typer.Argument(
        metavar=N_("TOKEN…"),
        help=N_("The word's cards in order: {letter} (letter, value, suit f/s/c/m), {qu} or {q} (Qu), "
               "'{jumper}' (the Jumper), DDm:T (Double, Double as T), TRc:E (Trouble as E), TOILm@5 (Toil on letter 5)."),
        show_default=False,
    ),
]
FriendlyOption = Annotated[bool, typer.Option("--friendly", help=N_("Friendly rules: the Jumper is mandatory and has no suit."))]
DdtOption = Annotated[bool, typer.Option("--ddt", help=N_("Double-Double, Toil & Trouble: all three special cards in a word +10."))]
PlayerArgument = Annotated[str, typer.Argument(metavar=N_("PLAYER"), help=N_("The player (any unambiguous start of the name)."), show_default=False, autocompletion=player_names)]
RoundOption = Annotated[
    int | None,
    typer.Option(
        "--round", metavar="N",
        help=N_("The round this entry is for (1–4), checked against the current one; needed to enter the same cards "
               "as the player's word of the round before."),
        show_default=False,
    ),
]  # fmt: skip

BoxOption = Annotated[
    Path | None,
    typer.Option(
        "--deck", metavar=N_("FILE"),
        help=N_("Card tokens: the table's deck file, whose cards and values are the ones allowed (without it, values run 1–10)."),
        show_default=False,
    ),
]  # fmt: skip


def _rules() -> WithEntropy[Setup, Game, Action, Effect]:
    """The game's rules (they check the stored dictionary's name on every load), typed as
    the game's own: the ruleset's ``RULES``, the very object the registry loads."""
    from referee.spellcrafter.ruleset import RULES

    return RULES


def score(
    tokens: Tokens, friendly: FriendlyOption = False, ddt: DdtOption = False, deck_file: BoxOption = None, as_json: JsonOption = False
) -> None:
    """`spell score`: a word's breakdown (its help, in both languages, is given at
    :func:`register`)."""
    from referee.spellcrafter.deck import check_values
    from referee.spellcrafter.notation import parse_word
    from referee.spellcrafter.scoring import Variants, score_word

    cards = parse_word(tokens)
    result = score_word(cards, Variants(friendly=friendly, ddt=ddt))
    check_values(cards, box(deck_file))
    if as_json:
        from referee.cli.output import emit_json

        emit_json(result.to_json())
        return
    from referee.cli.output import say
    from referee.cli.spell_view import breakdown

    say(*breakdown(result))


def box(deck_file: Path | None) -> Deck | None:
    """The deck that card tokens are checked against: the table's file, or None (values
    1–10, as in a game without a deck file)."""
    return None if deck_file is None else read_deck(deck_file)


def read_deck(path: Path) -> Deck:
    """A deck file named on the command line; a missing one is refused with the command
    that writes one to fill in."""
    from referee.errors import InputError
    from referee.spellcrafter.deck import MissingDeckFile, load_deck

    try:
        return load_deck(path)
    except MissingDeckFile as error:
        raise InputError(missing_deck_words(error)) from None


def missing_deck_words(error: MissingDeckFile) -> str:
    """"no such deck file: box.toml; `referee spell deck --template box.toml` writes one"."""
    return _("no such deck file: {path}; `referee spell deck --template {path}` writes one to fill in").format(path=error.path)


def deck(
    file: Annotated[Path | None, typer.Argument(metavar=N_("[FILE]"), help=N_("A deck file (default: the stand-in deck shipped with referee)."), show_default=False)] = None,
    template: Annotated[bool, typer.Option("--template", help=N_("Write a blank deck file to FILE (or print it) to fill in from a box."))] = False,
    force: Annotated[bool, typer.Option("--force", help=N_("With --template: write over FILE if it exists (never over a save file)."))] = False,
    as_json: JsonOption = False,
) -> None:
    """Show a deck file's cards, or write a blank one with --template."""
    from referee.errors import InputError
    from referee.spellcrafter.deck import standin_deck
    from referee.spellcrafter.deck import template as blank

    if force and not (template and file is not None):
        raise InputError(_("--force is for --template FILE: nothing else here writes a file"))
    if template:
        if as_json:
            raise InputError(_("--template writes a TOML file; leave out --json"))
        if file is None:
            typer.echo(blank(), nl=False)
            return
        if file.is_dir():
            raise InputError(_("{file} is a folder; name the deck file to write, e.g. my-box.toml").format(file=file))
        from referee.outputs import write_output

        write_output(file, blank().encode("utf-8"), force)
        from referee.cli.output import write_shown

        write_shown(_("Wrote a blank deck to {file}: fill in each letter's value and count, then `referee spell deck {file}`.").format(file=file) + "\n")
        return
    chosen = standin_deck() if file is None else read_deck(file)
    warnings = chosen.warnings()
    if as_json:
        from referee.cli.output import emit_json

        emit_json({**chosen.to_toml(), "cards": len(chosen.cards), "warnings": warnings})
        return
    from referee.cli.spell_view import show_deck

    show_deck(chosen, warnings)


def new(
    file: FileArgument,
    players: Annotated[list[str], typer.Argument(metavar=N_("PLAYERS…"), help=N_("2 to 5 names in seating order."), show_default=False)],
    friendly: FriendlyOption = False,
    ddt: DdtOption = False,
    dictionary: Annotated[str, typer.Option("--dict", "-d", metavar=N_("NAME"), help=N_("The dictionary for challenges (see `referee dict list`)."))] = DEFAULT_DICTIONARY,
    house: Annotated[Path | None, typer.Option("--house", metavar=N_("FILE"), help=N_("House rules for every challenge of the game: a file of +word (allowed) and -word (not allowed) lines, kept in the game."), show_default=False)] = None,
    seed: Annotated[str | None, typer.Option(help=N_("The referee deals every round from this seed (virtual deck)."), show_default=False)] = None,
    deck_file: Annotated[Path | None, typer.Option("--deck", metavar=N_("FILE"), help=N_("The table's deck file: cards are checked against it (default with --seed: the stand-in deck)."), show_default=False)] = None,
    fair: FairOption = False,
    location: LocationOption = None,
    bot: BotOption = None,
    no_draft: Annotated[bool, typer.Option("--no-draft", help=N_("With --seed or --fair: the table drafts with real cards laid out from the deal, not pick by pick through the referee."))] = False,
    craft_time: Annotated[int | None, typer.Option("--craft-time", metavar=N_("SECONDS"), help=N_("The crafting clock of a game drafted through the referee, in seconds (default 120: the rulebook's two minutes; the friendly rules have none). It only shows: no word is refused for being late."), show_default=False)] = None,
    take_backs: TakeBacksOption = True,
    teams: Annotated[bool, typer.Option("--teams", help=N_("The names are teams, their members joined with + (e.g. Anna+Bram): each team is one seat, with one hand, one word and one score."))] = False,
    as_json: JsonOption = False,
) -> None:
    """Start a Spellcrafter game file: four rounds, passing left first."""
    from referee.cli.fair import announce, fair_start, public

    from referee import savefile
    from referee.lexicon.catalogue import open_dictionary
    from referee.spellcrafter.setup import Setup

    # An unknown or missing dictionary is refused now, not at a challenge.
    name = open_dictionary(_anchored(dictionary)).name
    variants = [v for v, on in (("friendly", friendly), ("ddt", ddt)) if on]
    kept = None if house is None else _house_rules(house)
    record, secret = fair_start(len(players)) if fair else (None, None)
    if seed is not None:
        from referee.seeds import check_typed_seed

        check_typed_seed(seed)
    _check_draft_options(seed is not None or fair, no_draft, craft_time)
    setup = Setup.build(players, variants, name, seed, box(deck_file), kept, fair=record, draft=False if no_draft else None,
                        craft_time=craft_time, teams=teams)  # fmt: skip
    from referee.takebacks import with_take_backs

    game = savefile.create(file, _rules(), with_take_backs(_rules(), setup, take_backs), secret=secret, location=location, bots=bot or ()).state
    from referee.cli.output import Line
    from referee.cli.spell_view import settings_line
    from referee.spellcrafter.voice import setup_names

    seats = ", ".join(setup_names(setup))
    # A seed deals every hand: whoever knows it can see them all (`referee deal`), so the
    # draft is private only from people who do not; --fair makes it private from everyone.
    warning = [Line((_("Anyone who knows the seed can see every hand; for a draft nobody can peek at, start the game with --fair."), "yellow"))] \
        if setup.draft and seed is not None else []  # fmt: skip
    _report(game, as_json, Line(_("New game in {file}: {players}").format(file=file, players=seats)), settings_line(game), *warning,
            *map(Line, announce(game, _rules(), file)), extra={"file": str(file), **({"fair": public(game, _rules())} if fair else {})})  # fmt: skip


def _check_draft_options(dealt: bool, no_draft: bool, craft_time: int | None) -> None:
    """--no-draft and --craft-time are for a game the referee deals; a clock only for one
    drafted through it."""
    from referee.errors import InputError

    if no_draft and not dealt:
        raise InputError(_("--no-draft is for a game the referee deals (--seed or --fair); with the table's own cards "
                           "the referee never drafts, so leave out --no-draft"))  # fmt: skip
    if craft_time is not None and (no_draft or not dealt):
        raise InputError(_("--craft-time sets the clock of a game drafted through the referee (--seed or --fair, "
                           "without --no-draft): the clock starts when the last card is picked"))  # fmt: skip


def _house_rules(path: Path) -> HouseRules:
    """The house rules a game keeps: the file read once, as a challenge's --house reads it."""
    from referee.lexicon.backend import HouseList
    from referee.spellcrafter.setup import HouseRules

    read = HouseList(path)
    return HouseRules(path=str(path), added=read.added, removed=read.removed)


def _judged_by(game: Game) -> Dictionary:
    """The dictionary a game's challenges are judged with: the one stored at `new`, with
    the house rules kept then on top (:mod:`referee.lexicon.agreed`, shared with the web)."""
    from referee.lexicon.agreed import agreed_dictionary

    return agreed_dictionary(game.setup.dictionary, game.setup.house)


def _anchored(dictionary: str) -> str:
    """The dictionary's name as the game stores it: a ``file:`` word list by its absolute
    path, so the game's challenges work from any folder."""
    from referee.lexicon.catalogue import split_name

    kind, rest = split_name(dictionary)
    return f"file:{Path(rest).expanduser().resolve()}" if kind == "file" else dictionary


def pick(
    file: FileArgument,
    player: Annotated[str, typer.Argument(metavar=N_("PLAYER"), help=N_("The player who picks (any unambiguous start of the name)."), show_default=False)],
    card: Annotated[str, typer.Argument(metavar=N_("CARD"), help=N_("The card kept from the hand, e.g. {letter} (letter, value, suit), DDm (Double, Double), TRc (Trouble), TOILm (Toil); with two players also CARD/DISCARD, e.g. K6m/E1s."), show_default=False)],
    discard: Annotated[str | None, typer.Option("--discard", metavar=N_("CARD"), help=N_("Two players: the card discarded with the pick (every pick but the last)."), show_default=False, autocompletion=hand_cards)] = None,
    as_json: JsonOption = False,
) -> None:
    """Record that PLAYER keeps CARD from the hand they draft from now."""
    from referee import savefile
    from referee.game import Step
    from referee.cli.output import Line
    from referee.moments import now, stamp
    from referee.spellcrafter.actions import CardPicked
    from referee.spellcrafter.entry import pick_entry
    from referee.spellcrafter.voice import VOICE

    from referee.errors import Refused
    from referee.spellcrafter.refusals import Rule

    try:
        recorded = savefile.record(file, _rules(), pick_entry(player, card, discard, stamp(now())))
    except Refused as refused:
        if refused.refusal.rule is not Rule.DISCARD_NEEDED:
            raise
        # The voice's words name no option (a phone has none to add); the command line names its own.
        from referee.errors import InputError, RuleError

        named = refused.state.setup.players[dict(refused.refusal.params)["seat"]]  # type: ignore[attr-defined]
        message = _("with two players each pick also discards a card: add --discard CARD, the card {player} discards with this pick")
        raise (InputError if refused.exit_code == 2 else RuleError)(message.format(player=named)) from None
    game, effect = recorded.state, recorded.effect
    assert isinstance(effect, CardPicked)
    names = game.setup.players
    picked = {"player": names[effect.seat], "card": str(effect.card), "discard": None if effect.discard is None else str(effect.discard),
              "pick": effect.pick, "passed": effect.passed, "laid_down": None if effect.laid_down is None else str(effect.laid_down),
              "completes": effect.completes}  # fmt: skip
    _report(game, as_json, Line(VOICE.effect(recorded.before, Step(game, effect))), extra={"pick": picked})


def hand(file: FileArgument, player: PlayerArgument, as_json: JsonOption = False) -> None:
    """What PLAYER alone may see (its help is given at :func:`register`)."""
    from referee import savefile

    rules = _rules()
    game = savefile.load(file, rules).state
    view = rules.view(game, game.setup.player(player))
    from referee.cli.spell_view import seat_lines
    from referee.moments import now

    at = now()
    if as_json:
        from referee.cli.output import emit_json
        from referee.cli.spell_view import clock_left
        from referee.spellcrafter.report import draft_json

        assert view.seat is not None
        emit_json({"player": game.setup.players[view.seat], "round": view.round, "drafted": game.drafted,
                   "hand": [str(card) for card in view.hand], "hand_size": view.hand_size, "draft": draft_json(view),
                   "jumper": None if view.jumper is None else str(view.jumper), "clock_left": clock_left(game, at)})  # fmt: skip
        return
    from referee.cli.output import say

    say(*seat_lines(view, at))


def word(file: FileArgument, player: PlayerArgument, tokens: Tokens, round_number: RoundOption = None, as_json: JsonOption = False) -> None:
    """Record PLAYER's word for this round; it is scored at once."""
    from referee import savefile
    from referee.spellcrafter.actions import WordScored
    from referee.spellcrafter.entry import word_entry

    recorded = savefile.record(file, _rules(), word_entry(player, tokens, round_number))
    from referee.cli.fair import ended
    from referee.cli.output import Line
    from referee.cli.spell_view import totals_line, word_line
    from referee.moments import now
    from referee.spellcrafter.voice import setup_names

    game, effect = recorded.state, recorded.effect
    assert isinstance(effect, WordScored)
    lines, revealed = ended(recorded, file)
    _report(game, as_json, word_line(setup_names(game.setup)[effect.seat], effect.score), totals_line(game, effect.seat, now()),
            *map(Line, lines), extra=revealed, seat=effect.seat)  # fmt: skip


def pass_(file: FileArgument, player: PlayerArgument, round_number: RoundOption = None, as_json: JsonOption = False) -> None:
    """Record that PLAYER plays no word this round (0 points)."""
    from referee import savefile
    from referee.game import Step
    from referee.spellcrafter.actions import Passed
    from referee.spellcrafter.entry import pass_entry
    from referee.spellcrafter.voice import VOICE

    recorded = savefile.record(file, _rules(), pass_entry(player, round_number))
    from referee.cli.fair import ended
    from referee.cli.output import Line
    from referee.cli.spell_view import totals_line
    from referee.moments import now

    game, effect = recorded.state, recorded.effect
    assert isinstance(effect, Passed)
    lines, revealed = ended(recorded, file)
    _report(game, as_json, Line(VOICE.effect(recorded.before, Step(game, effect))), totals_line(game, effect.seat, now()),
            *map(Line, lines), extra=revealed, seat=effect.seat)  # fmt: skip


def show(
    file: FileArgument,
    by: Annotated[str | None, typer.Option("--by", metavar=N_("NAME"), help=N_("Show what this player's seat may see: the public sheet and their own hand."), show_default=False, autocompletion=player_names)] = None,
    as_json: JsonOption = False,
) -> None:
    """`spell show`: the score sheet, public or one seat's view (its help is given at
    :func:`register`)."""
    from referee import savefile

    from referee.moments import now
    from referee.spellcrafter.view import seat_view

    rules = _rules()
    game = savefile.load(file, rules).state
    at = now()  # the crafting clock, and the words face down shown once it has run out
    view = None if by is None else seat_view(game, game.setup.player(by), at)
    from referee.cli.fair import public, show_public

    if as_json:
        extra: dict[str, object] = {}
        if view is not None and view.seat is not None:
            from referee.spellcrafter.report import draft_json

            extra = {"seat": game.setup.players[view.seat], "hand": [str(card) for card in view.hand], "hand_size": view.hand_size}
            if view.draft is not None:
                extra["draft"] = draft_json(view)  # the seat's own draft, in place of the public one
        info = public(game, rules)
        seat = None if view is None else view.seat
        _report(game, True, extra=extra | ({"fair": info} if info is not None else {}) or None, seat=seat)
        return
    from referee.cli.spell_view import show_game

    show_game(game, view, at)
    show_public(game, rules, file)


def _report(game: Game, as_json: bool, *lines: Line, extra: Mapping[str, object] | None = None, seat: int | None = None) -> None:
    """Every entry answers the same way: what was recorded, the totals, the situation; the
    JSON as ``seat`` sees the game (None: the public; a word face down is sealed)."""
    if as_json:
        from referee.cli.output import emit_json
        from referee.moments import now
        from referee.spellcrafter.report import game_json

        emit_json({**(extra or {}), **game_json(game, seat, now()), **(extra or {})})  # the extra's keys first, and its values kept
        return
    from referee.cli.output import say
    from referee.cli.spell_view import situation
    from referee.moments import now

    say(*lines, situation(game, now()))


# --- the game form of `challenge` --------------------------------------------------------


def names_a_game(arguments: list[str]) -> bool:
    """Is this `spell challenge` the game form `challenge FILE CHALLENGER PLAYER`?

    Yes when the first argument ends in ``.toml`` (a missing file is then reported as
    such) or names an existing file that holds a Spellcrafter game
    (:func:`referee.savefile.which.file_format`, the one reader of a file's game). A
    word is never a file name ending in .toml, and card tokens never name a game file.
    """
    if not arguments:
        return False
    first = arguments[0]
    if first.lower().endswith(".toml"):
        return True
    try:
        if not Path(first).is_file():  # a word: the save-file engine is not loaded for it
            return False
    except (OSError, ValueError):
        return False
    from referee import games
    from referee.savefile.which import file_format

    return file_format(Path(first)) == games.game("spellcrafter").format


def dispatch_challenge(
    arguments: list[str], dictionary: str | None, house: Path | None, value: int | None, as_json: bool,
    deck_file: Path | None = None,
) -> bool:
    """Handle the game form of `spell challenge` and return True, or return False for
    the dictionary form (SPEC §5.3) that the caller handles. ``dictionary`` is None
    unless --dict was given."""
    from referee.errors import InputError

    if not names_a_game(arguments):
        return False
    if len(arguments) != 3:
        raise InputError(_("in a game, write `referee spell challenge FILE CHALLENGER PLAYER`, e.g. challenge game.toml Bram Anna"))
    if value is not None:
        raise InputError(_("--value is for a word outside a game; in a game the value is the word's score"))
    if dictionary is not None:
        raise InputError(_("the game's dictionary was chosen at `spell new` and is stored in its file, "
                           "so every challenge of the game is judged alike; leave out --dict"))
    if house is not None:
        raise InputError(_("the game's house rules were given at `spell new` and are stored in its file, "
                           "so every challenge of the game is judged alike; leave out --house"))
    if deck_file is not None:
        raise InputError(_("--deck is for card tokens outside a game; a game's words were checked against its own deck when entered"))
    game_challenge(Path(arguments[0]), arguments[1], arguments[2], as_json=as_json)
    return True


def game_challenge(file: Path, challenger: str, player: str, as_json: bool = False) -> None:
    """CHALLENGER challenges PLAYER's word of the latest round, judged with the game's
    dictionary and house rules; the consequence is recorded. Exit 0 if the word stands,
    1 if it falls."""
    from referee import savefile
    from referee.spellcrafter.actions import ChallengeDecided, ChallengeWord
    from referee.spellcrafter.entry import challenge_event
    from referee.spellcrafter.voice import VOICE, verdict_reason

    recorded = savefile.record(file, _rules(), challenge_event(challenger, player))
    action, effect, game = recorded.action, recorded.effect, recorded.state
    assert isinstance(action, ChallengeWord) and isinstance(effect, ChallengeDecided)
    names = game.setup.players
    word = action.word or effect.score.word.lower()
    from referee.cli.fair import ended

    ending, revealed = ended(recorded, file)
    if as_json:
        verdict = {"word": word, "valid": action.valid, "reason": action.reason, "dictionary": action.dictionary}
        _report(game, True, extra={**revealed, "challenge": {**verdict, "value": effect.score.score,
                "challenger": names[action.challenger], "player": names[action.seat]}})  # fmt: skip
    else:
        from referee.cli.output import Line
        from referee.cli.spell_view import totals_line
        from referee.moments import now

        outcome = (_("valid"), "bold green") if action.valid else (_("invalid"), "bold red")
        first = Line((word.upper(), "bold"), ": ", outcome, f" — {verdict_reason(action.reason)} (", action.dictionary, ")")
        then = Line(VOICE.consequence(recorded.before, effect))
        _report(game, False, first, then, totals_line(game, None, now()), *map(Line, ending))
    if not action.valid:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the scoring, deck and game commands to the `spell` group."""
    app.command(help=N_("Score a word from its cards: each letter, Toil, the multiplier and why, the bonus.\n\n"
                        "Flush (all letters one suit) ×2, straight (5 letters or more) ×2, both ×3; a word of 50 or more "
                        "wins the game at once. Exit 1 when the word breaks a rule; exit 2 for a card the deck (--deck) "
                        "does not hold, or without one a value outside 1–10."))(score)
    app.command(help=N_("Show a deck file's cards, or write a blank one with --template."))(deck)
    app.command(help=N_("Start a Spellcrafter game file: four rounds, passing left first."))(new)
    app.command(help=N_("Record that PLAYER keeps CARD from the hand they draft from now.\n\n"
                        "A game drafted through the referee (--seed or --fair at `new`): picks are made at the same time; "
                        "once every player has picked, the hands are passed (left in rounds 1 and 3, right in 2 and 4). "
                        "The seventh pick lays down the last card, face down, as the Jumper's stand-in; when every player "
                        "has, the crafting clock starts. With two players each pick but the last discards a card too (--discard). "
                        "Exit 1 when the card is not in the hand now."))(pick)
    app.command(help=N_("What PLAYER alone may see: the hand they draft from now, how many cards they have selected (face down until the "
                        "draft is over; then the cards, their discards and last card).\n\n"
                        "For a table that passes a laptop round: the other players look away. In a game drafted with real "
                        "cards (--no-draft), the hand dealt to PLAYER this round."))(hand)
    app.command(help=N_("Record PLAYER's word for this round; it is scored at once."))(word)
    app.command("pass", help=N_("Record that PLAYER plays no word this round (0 points)."))(pass_)
    app.command(help=N_("The score sheet: rounds as rows, players as columns, each word with its score.\n\n"
                       "Public: it shows no player's cards; in a draft, who has picked (not what; under the Friendly Rules "
                       "every player's selected cards, face up); a word entered lies face down, not counted, until every "
                       "player has entered a word or passed, or the crafting clock has run out. With --by NAME, that seat's view: in a game drafted through "
                       "the referee, the hand that player drafts from now, how many cards they have selected (the cards and "
                       "the last card once the draft is over); in a game drafted with real cards (--no-draft), the hand dealt to "
                       "that player this round."))(show)
    add_file_commands(app, _rules, _situation)
    add_rematch_command(app, _rules, "spellcrafter")


def _situation(game: Game) -> Line:
    from referee.cli.spell_view import situation
    from referee.moments import now

    return situation(game, now())
