"""`referee smoor` (alias `smoorverliefd`): keep a Smoorverliefd match."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.completion import player_entries, player_names
from referee.cli.fair import FairOption
from referee.cli.arguments import BotOption, TakeBacksOption
from referee.cli.files import FileArgument, JsonOption, LocationOption, add_file_commands
from referee.cli.rematch import add_rematch_command
from referee.cli.group import add_dutch_commands, command_group
from referee.i18n import N_, _

if TYPE_CHECKING:
    from collections.abc import Mapping
    from pathlib import Path

    from referee.cli.output import Line
    from referee.fair.rules import EntropyGiven, GiveEntropy, WithEntropy
    from referee.game import JsonObject, Rules, Voice
    from referee.savefile import Recorded
    from referee.smoorverliefd.actions import Action, Effect, TrickTaken
    from referee.smoorverliefd.match import Match
    from referee.smoorverliefd.rounds import PlayedRound
    from referee.smoorverliefd.setup import Setup

app = command_group(
    _(
        "Smoorverliefd, the Dutch trick-taking game where hearts are worth collecting "
        "(alias: smoorverliefd): keep the match score over many rounds, one line per round, "
        "trick by trick or card by card, with its variants. Deal a seeded round with "
        "`referee deal smoorverliefd`.\n\n"
        "In Dutch: --lang nl on any command (or REFEREE_LANG=nl, or a Dutch locale), and the "
        "command words nieuw, ronde, slag, speel, bod, vloek, stand, grafiek, herstel, "
        "geschiedenis, wijzig, entropie, onthul and controleer."
    )
)


def _rules() -> WithEntropy[Setup, Match, Action, Effect]:
    """The game's rules, typed: what the registry loads is the ruleset's ``RULES``."""
    from referee.smoorverliefd.ruleset import RULES

    return RULES


def _voice() -> Voice[Match, Effect | EntropyGiven]:
    from referee import games

    return games.game("smoorverliefd").load_voice()


def _situation(match: Match) -> Line:
    from referee.cli.smoor_lines import situation

    return situation(match)


add_file_commands(app, _rules, _situation)
add_rematch_command(app, _rules, "smoorverliefd")

Entries = Annotated[list[str] | None, typer.Argument(help=N_("NAME=COUNT or NAME=HEARTS (e.g. Anna=3 Bram=AH,10H); a player left out took no hearts."), show_default=False, autocompletion=player_entries)]  # fmt: skip
AceOption = Annotated[list[str] | None, typer.Option("--ace", "--aas", metavar="NAME", help=N_("Who took A♥ (not needed when the entry tells: A♥ listed or dead, or one player entered with a count)."), show_default=False, autocompletion=player_names)]  # fmt: skip
DeadOption = Annotated[list[str] | None, typer.Option("--dead", "--dood", help=N_("The dead cards the table turned over (3 or 5 players; any of them, at most the pile's 1 or 2), e.g. '7H' or '7H,2C'."), show_default=False)]  # fmt: skip
CursedOption = Annotated[list[str] | None, typer.Option("--cursed", "--vervloekt", help=N_("cupido: who collected the most cards of the cursed suit (repeat for ties; not needed when hearts are cursed)."), show_default=False, autocompletion=player_names)]  # fmt: skip


def _report(match: Match, as_json: bool, *lines: Line, extra: Mapping[str, object] | None = None) -> None:
    """Every entry answers the same way: what was recorded, the totals, who deals next.

    The answer for people is plain lines (no rich: a quick entry must start fast)."""
    if as_json:
        from referee.cli.output import emit_json
        from referee.smoorverliefd.report import standings_json

        emit_json({**(extra or {}), **standings_json(match)})
        return
    from referee.cli.output import say
    from referee.cli.smoor_lines import situation

    say(*lines, situation(match))


@app.command(help=N_("Start a match file for 3 to 5 players."))
def new(
    file: FileArgument,
    players: Annotated[list[str], typer.Argument(help=N_("3 to 5 names in seating order (clockwise)."), show_default=False)],
    target: Annotated[int, typer.Option("--target", "--doel", help=N_("Points that end the match."))] = 100,
    variant: Annotated[
        list[str] | None,
        typer.Option("--variant", help=N_("troef, blinde-liefde, partners, kleine-liefde or cupido; repeat to combine."), show_default=False),
    ] = None,
    dealer: Annotated[str | None, typer.Option(help=N_("Who deals the first round (default: the first player)."), show_default=False)] = None,
    seed: Annotated[str | None, typer.Option(help=N_("Deal every round from this seed: the referee then knows the hands."), show_default=False)] = None,
    bid_bonus: Annotated[int | None, typer.Option(help=N_("blinde-liefde: points for an exact bid (default 5)."), show_default=False)] = None,
    bid_penalty: Annotated[int | None, typer.Option(help=N_("blinde-liefde: points lost for a missed bid (default 5)."), show_default=False)] = None,
    duo: Annotated[str | None, typer.Option(help=N_("partners: one duo as NAME+NAME (default: seats 1+3 and 2+4)."), show_default=False)] = None,
    revoke_penalty: Annotated[int, typer.Option(help=N_("Points a revoke (verzaken) costs the player who made it, in that round; the rulebook sets none."))] = 0,
    fair: FairOption = False,
    location: LocationOption = None,
    bot: BotOption = None,
    take_backs: TakeBacksOption = True,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.cli.fair import announce, fair_start, public
    from referee.takebacks import with_take_backs
    from referee.smoorverliefd.setup import Setup

    record, secret = fair_start(len(players)) if fair else (None, None)
    if seed is not None:
        from referee.seeds import check_typed_seed

        check_typed_seed(seed)

    setup = Setup.build(
        players,
        target=target,
        variants=variant or [],
        dealer=dealer,
        seed=seed,
        bid_bonus=bid_bonus,
        bid_penalty=bid_penalty,
        duos=None if duo is None else [duo.split("+")],
        revoke_penalty=revoke_penalty,
        fair=record,
    )
    saved = savefile.create(file, _rules(), with_take_backs(_rules(), setup, take_backs), secret=secret, location=location, bots=bot or ())
    if as_json:
        _report(saved.state, True, extra={"file": str(file), "fair": public(saved.state, _rules())})
        return
    from referee.cli.output import Line
    from referee.cli.smoor_lines import settings

    heading = _("New match in {file}: {players}").format(file=file, players=", ".join(setup.players))
    _report(saved.state, False, Line(heading), settings(saved.state), *map(Line, announce(saved.state, _rules(), file)))


@app.command("round", help=N_("Quick entry: the hearts each player captured this round, e.g. `round FILE Anna=3 Bram=0 Cees=9 Daan=1 --ace Cees`."))
def round_(
    file: FileArgument,
    entries: Entries = None,
    ace: AceOption = None,
    dead: DeadOption = None,
    cursed: CursedOption = None,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.smoorverliefd.actions import RoundScored
    from referee.smoorverliefd.entry import round_entry

    recorded = savefile.record(file, _rules(), round_entry(entries or [], ace or [], dead or [], cursed or []))
    scored = recorded.effect
    assert isinstance(scored, RoundScored)
    _echo_round(recorded.state, scored.played, as_json, ending=_ended(recorded, file))


def _ended(recorded: Recorded[Match, Action | GiveEntropy, Effect | EntropyGiven], file: Path) -> tuple[list[Line], JsonObject]:
    """A fair match's end: the lines saying its secret is revealed, and their JSON."""
    from referee.cli.fair import ended
    from referee.cli.output import Line

    lines, document = ended(recorded, file)
    return [Line(line) for line in lines], document


def _echo_round(match: Match, played: PlayedRound, as_json: bool, *before: Line, ending: tuple[list[Line], JsonObject] = ([], {})) -> None:
    if as_json:
        _report(match, True, extra=ending[1] or None)
        return
    from referee.cli.smoor_lines import round_line, totals_line

    _report(match, False, *before, round_line(match, played), totals_line(match), *ending[0])


@app.command(help=N_("Trick by trick: the cards in play order; the referee finds the winner, who leads next.\n\nWith a seeded deal it rejects a card not in hand or a failure to follow suit (exit 1). With physical cards it flags a proven revoke (verzaken) once, at the trick that proves it, naming the player, both tricks and the card: the trick is recorded and the exit code is 1."))
def trick(
    file: FileArgument,
    cards: Annotated[list[str], typer.Argument(help=N_("The cards in play order from the leader, e.g. AS KS 2H 10S."), show_default=False)],
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.smoorverliefd.actions import TrickTaken
    from referee.smoorverliefd.entry import trick_entry

    recorded = savefile.record(file, _rules(), trick_entry(cards))
    taken = recorded.effect
    assert isinstance(taken, TrickTaken)
    _echo_trick(recorded.state, taken, as_json, ending=_ended(recorded, file))


def _echo_trick(
    match: Match, taken: TrickTaken, as_json: bool, extra: Mapping[str, object] | None = None, ending: tuple[list[Line], JsonObject] = ([], {})
) -> None:
    """The answer to a trick complete, entered whole or by its last card: the trick, the
    revokes it proves (then exit 1), and the round when it was the last trick."""
    trick_played, scored, revokes, round_number = taken.trick, taken.scored, taken.revokes, taken.round
    if as_json:
        from referee.smoorverliefd.report import revoke_json, trick_json

        document = {
            **(extra or {}),
            **ending[1],
            "trick": trick_json(match, trick_played),
            "round_complete": scored is not None,
            "revokes": [revoke_json(match, revoke, round_number) for revoke in revokes],
        }
        _report(match, True, extra=document)
    else:
        from referee.cli.smoor_lines import revoke_line, trick_line

        lines = [trick_line(match, trick_played), *(revoke_line(match, r, round_number) for r in revokes)]
        if scored is not None:
            _echo_round(match, scored, False, *lines, ending=ending)
        else:
            _report(match, False, *lines, *ending[0])
    if revokes:
        raise typer.Exit(1)


@app.command("play", help=N_("One card of the trick in progress, played by the player to act, e.g. `play FILE Bram 9C`; the last player's card completes the trick, as `trick` does.\n\nIt rejects a card played out of turn or played before this round (exit 1), and with a seeded deal a card not in hand or a failure to follow suit. With physical cards a proven revoke (verzaken) is flagged when the trick is complete, as with `trick`."))
def play_card(
    file: FileArgument,
    player: Annotated[str, typer.Argument(help=N_("The player to act (the status line names them)."), show_default=False)],
    card: Annotated[str, typer.Argument(help=N_("Their card, e.g. 9C."), show_default=False)],
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.smoorverliefd.actions import CardPlayed, PlayCard, TrickTaken
    from referee.smoorverliefd.entry import play_entry

    recorded = savefile.record(file, _rules(), play_entry(player, card))
    match, effect = recorded.state, recorded.effect
    names = match.setup.players
    assert isinstance(recorded.action, PlayCard) and isinstance(effect, CardPlayed | TrickTaken)
    played = {"player": names[recorded.action.seat], "card": str(recorded.action.card)}
    if isinstance(effect, TrickTaken):
        _echo_trick(match, effect, as_json, {"play": played, "trick_complete": True}, ending=_ended(recorded, file))
        return
    if as_json:
        _report(match, True, extra={"play": played | {"trick": effect.trick, "to_play": names[effect.to_play]}, "trick_complete": False})
        return
    from referee.cli.output import Line
    from referee.game import Step

    _report(match, False, Line(_voice().effect(recorded.before, Step(match, effect))))


@app.command(help=N_("blinde-liefde: every player's bid (hearts they will capture), before the round."))
def bid(file: FileArgument, bids: Annotated[list[str], typer.Argument(help=N_("NAME=N for every player."), show_default=False)], as_json: JsonOption = False) -> None:
    from referee import savefile
    from referee.cli.output import Line
    from referee.game import Step
    from referee.smoorverliefd.actions import BidsMade
    from referee.smoorverliefd.entry import bid_entry

    recorded = savefile.record(file, _rules(), bid_entry(bids))
    assert isinstance(recorded.effect, BidsMade)
    _report(recorded.state, as_json, Line(_voice().effect(recorded.before, Step(recorded.state, recorded.effect))))


@app.command(help=N_("cupido: the cursed suit for this round, named by its dealer (fewest hearts last round)."))
def curse(file: FileArgument, suit: Annotated[str, typer.Argument(help=N_("S, H, D, C (or ♠ ♥ ♦ ♣, spades …)."), show_default=False)], as_json: JsonOption = False) -> None:
    from referee import savefile
    from referee.cli.output import Line
    from referee.game import Step
    from referee.smoorverliefd.actions import SuitCursed
    from referee.smoorverliefd.entry import curse_entry

    recorded = savefile.record(file, _rules(), curse_entry(suit))
    assert isinstance(recorded.effect, SuitCursed)
    _report(recorded.state, as_json, Line(_voice().effect(recorded.before, Step(recorded.state, recorded.effect))))


@app.command(help=N_("The score sheet: rounds as rows, players as columns, totals, leader, distance to target."))
def standings(
    file: FileArgument,
    show_all: Annotated[bool, typer.Option("--all", help=N_("List every round (a long match shows its last 12)."))] = False,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile

    match = savefile.load(file, _rules()).state
    from referee.cli.fair import public, show_public

    if as_json:
        info = public(match, _rules())
        _report(match, True, extra=None if info is None else {"fair": info})
        return
    from referee.cli import smoor_view

    smoor_view.show_standings(match, show_all)
    show_public(match, _rules(), file)


@app.command(help=N_("Correct an earlier round with a new quick entry; every later round is recomputed."))
def edit(
    file: FileArgument,
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help=N_("The round to correct."), show_default=False)],
    entries: Entries = None,
    ace: AceOption = None,
    dead: DeadOption = None,
    cursed: CursedOption = None,
    replace_tricks: Annotated[bool, typer.Option("--replace-tricks", "--vervang-slagen", help=N_("Confirm that the quick entry replaces the tricks of a round entered trick by trick (and the revokes they proved)."))] = False,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.cli.output import Line
    from referee.smoorverliefd.edit import moved_deals, round_correction
    from referee.smoorverliefd.report import revoke_json

    correction = round_correction(round_number, entries or [], ace or [], dead or [], cursed or [], replace_tricks=replace_tricks)
    rewritten = savefile.rewrite(file, _rules(), correction)
    before, match = rewritten.before, rewritten.state
    names = match.setup.players
    was, now = before.rounds[round_number - 1], match.rounds[round_number - 1]
    deals = moved_deals(before, match)
    moved = [
        Line(_("Round {number} is now dealt by {now} (was {was}).").format(number=deal.number, now=names[deal.now], was=names[deal.was]))
        for deal in deals
    ]
    changed = [
        {"name": name, "was": old, "now": new}
        for name, old, new in zip(names, was.score.total, now.score.total)
        if old != new
    ]
    extra = {
        "moved_deals": [{"round": d.number, "was": names[d.was], "now": names[d.now]} for d in deals],
        "changed": changed,
        "replaced_tricks": len(was.tricks),
        "replaced_revokes": [revoke_json(before, revoke, was.number) for revoke in was.revokes],
    }
    if as_json:
        _report(match, True, extra=extra)
        return
    from referee.cli.smoor_lines import correction_line, round_line, totals_line
    from referee.smoorverliefd.voice import VOICE

    replaced = [Line(text) for text in VOICE.replaced_tricks(before, was)]
    _report(match, False, correction_line(match, was, now), *replaced, round_line(match, now), totals_line(match), *moved)


@app.command(help=N_("Export the match: --csv for a spreadsheet, --json for scripts."))
def export(
    file: FileArgument,
    csv: Annotated[bool, typer.Option("--csv", help=N_("One row per round: points and running totals."))] = False,
    as_json: JsonOption = False,
) -> None:
    from referee import savefile
    from referee.errors import InputError

    if csv == as_json:
        raise InputError(_("choose one format: --csv or --json"))
    match = savefile.load(file, _rules()).state
    if as_json:
        _report(match, True, extra={"setup": match.setup.to_toml()})
        return
    import csv as csv_module
    import sys

    from referee.smoorverliefd.report import csv_rows

    csv_module.writer(sys.stdout, lineterminator="\n").writerows(csv_rows(match))


@app.command(help=N_("Cumulative totals drawn in the terminal."))
def chart(file: FileArgument, as_json: JsonOption = False) -> None:
    from referee import savefile

    match = savefile.load(file, _rules()).state
    if as_json:
        from referee.cli.output import emit_json
        from referee.smoorverliefd.report import running_totals

        names = match.setup.players
        emit_json({"players": list(names), "totals": [dict(zip(names, row)) for row in running_totals(match)], "target": match.setup.target})
        return
    from referee.cli import smoor_view

    smoor_view.show_chart(match)


@app.command(help=N_("Seeded matches: a player's cards still in hand this round (for playing without a deck); without --player, how many cards each holds."))
def hands(
    file: FileArgument,
    player: Annotated[str | None, typer.Option("--player", "--speler", help=N_("The player whose hand to show: only they should look."), show_default=False)] = None,
    as_json: JsonOption = False,
) -> None:
    """One seat's view (SPEC §6.6): the hand of the player named, never another's; without
    a player, the public view: the number of cards each holds, and how to ask for a hand."""
    from referee import savefile
    from referee.errors import Refused

    rules = _rules()
    match = savefile.load(file, rules).state
    from referee.fair.rules import waiting_refusal

    refusal = waiting_refusal(match.setup.fair) or match.hands_refusal()  # a fair match deals after every word
    if refusal is not None:
        raise Refused(refusal, rules.format, match)
    seat = None if player is None else match.setup.player(player)
    view = rules.view(match, seat)
    if as_json:
        from referee.cli.output import emit_json

        names = view.players
        counts = view.cards_in_hand or (0,) * len(names)
        emit_json({
            "round": view.round,
            "player": None if seat is None else names[seat],
            "hands": {} if seat is None or view.hand is None else {names[seat]: [str(c) for c in view.hand]},
            "cards_in_hand": dict(zip(names, counts)),
        })  # fmt: skip
        return
    from referee.cli import smoor_view

    smoor_view.show_hands(match, view)


#: The Dutch command words (issue 16): `referee smoor ronde …` is `referee smoor round …`.
#: Hidden from the list of commands, which names them in the group's help.
DUTCH_COMMANDS = {
    "nieuw": "new", "ronde": "round", "slag": "trick", "bod": "bid", "vloek": "curse", "stand": "standings",
    "grafiek": "chart", "speel": "play", "herstel": "undo", "opnieuw": "redo", "geschiedenis": "history", "wijzig": "edit",
    "entropie": "entropy", "onthul": "reveal", "controleer": "verify",
}  # fmt: skip


add_dutch_commands(app, DUTCH_COMMANDS)
