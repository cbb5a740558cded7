"""`referee deal GAME`: a reproducible shuffle and deal (SPEC §3)."""

from __future__ import annotations

import shlex
from pathlib import Path
from collections.abc import Mapping, Sized
from typing import Annotated

import typer

from referee import games
from referee.cli.typer_internals import HELP_VALUES
from referee.i18n import N_



def _dealt() -> str:
    """What `referee deal` deals, as help names it in the chosen language."""
    from referee.i18n import _
    from referee.wording import listed

    return listed([name for name, _deal in games.dealers()], _("or"))


def _players_help() -> str:
    """How many players each deal deals, in the chosen language (the registry's words
    through the catalogue)."""
    from referee import i18n

    return "; ".join(f"{name} {i18n._(deal.players)}" for name, deal in games.dealers() if deal.players)


HELP_VALUES.update(dealt=_dealt, players_help=_players_help)


def deal(
    game: Annotated[str, typer.Argument(help=N_("What to deal: {dealt}."), show_default=False)],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help=N_("Number of players ({players_help})."), show_default=False),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(help=N_("Any text; the same seed always gives the same deal. Left out: a fresh one is drawn and printed."), show_default=False),
    ] = None,
    mode: Annotated[str | None, typer.Option(help=N_("smitten: two (default) or solo."), show_default=False)] = None,
    difficulty: Annotated[
        str | None, typer.Option(help=N_("smitten, two players: easy (hands of 4), medium (default) or hard."), show_default=False)
    ] = None,
    hand_size: Annotated[
        int | None, typer.Option("--hand-size", help=N_("french52: cards per player (default: all 52 cards dealt out)."), show_default=False)
    ] = None,
    deck: Annotated[
        Path | None,
        typer.Option("--deck", metavar="FILE", help=N_("spellcrafter: the table's deck file (default: the stand-in deck in examples/)."), show_default=False),
    ] = None,
    round_number: Annotated[
        int | None,
        typer.Option("--round", help=N_("spellcrafter: deal round 1–4 of the game; the deck continues from round to round."), show_default=False),
    ] = None,
    teams: Annotated[
        bool, typer.Option("--teams", help=N_("spellcrafter: the players are teams; two teams are dealt the standard rules (Familiars kept, 8 cards each)."))
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print one JSON object instead of tables."))] = False,
) -> None:
    """Shuffle and deal a seeded deck: the same seed gives the same deal on every machine.

    The shuffle is SHA-256 based (version v1, documented in the README) and never changes,
    so a table can replay a deal, run two tables on the same cards, or play without cards.
    """
    from referee import dealing
    from referee.errors import InputError
    from referee.seeds import fresh_seed

    fresh = seed is None
    options = {"players": players, "mode": mode, "difficulty": difficulty, "hand_size": hand_size, "deck": deck, "round_number": round_number,
               "teams": True if teams else None}  # fmt: skip
    try:
        result = dealing.deal(game, fresh_seed() if seed is None else seed, **options)
    except InputError as error:
        if deck is not None:  # a Spellcrafter deck file that is not there: say how to write one
            from referee.spellcrafter.deck import MissingDeckFile

            if isinstance(error, MissingDeckFile):
                from referee.cli.spell_game import missing_deck_words

                raise InputError(missing_deck_words(error)) from None
        raise
    document = result.to_json()
    if as_json:
        from referee.cli.output import emit_json

        emit_json(document)
        return
    from referee.cli import deal_view

    spec = games.dealer(game)[1]
    deal_view.show(result, spec, fresh, _replay_command(document, spec.options, options))


def _replay_command(document: Mapping[str, object], takes: tuple[str, ...], given: Mapping[str, object]) -> str:
    """The command line that deals this exact deal again: each option the deal takes, as
    the deal's JSON tells it (``--players`` the number of hands, ``--hand-size`` the cards
    in one, a flag when the deal's JSON says true, others by their name), then the deck
    file as given: a path on this machine, which the deal does not hold."""
    from referee.dealing import flag

    words = ["referee", "deal", str(document["game"])]
    hands = document["hands"]
    assert isinstance(hands, list)  # every deal's JSON lists its hands
    for option in sorted(takes, key=lambda option: option == "deck"):
        value: object
        if option == "deck":
            value = given["deck"]
        elif option == "players":
            value = len(hands)
        elif option == "hand_size":
            first = hands[0]
            assert isinstance(first, Sized)  # a hand's cards (Smitten solo: its face-up and face-down rows)
            value = len(first)
        else:
            value = document[flag(option)[2:]]
        if value is True:
            words.append(flag(option))
        elif value is not None and value is not False:
            words += [flag(option), str(value)]
    return shlex.join([*words, "--seed", str(document["seed"])])
