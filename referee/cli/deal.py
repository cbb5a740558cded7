"""`referee deal GAME`: a reproducible shuffle and deal (SPEC §3)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer


def deal(
    game: Annotated[str, typer.Argument(help="What to deal: smoorverliefd, smitten, spellcrafter or french52.", show_default=False)],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Number of players (smoorverliefd 3–5, spellcrafter 2–5, default 4; french52 1–52).", show_default=False),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(help="Any text; the same seed always gives the same deal. Left out: a fresh one is drawn and printed.", show_default=False),
    ] = None,
    mode: Annotated[str | None, typer.Option(help="smitten: two (default) or solo.", show_default=False)] = None,
    difficulty: Annotated[
        str | None, typer.Option(help="smitten, two players: easy (hands of 4), medium (default) or hard.", show_default=False)
    ] = None,
    hand_size: Annotated[
        int | None, typer.Option("--hand-size", help="french52: cards per player (default: all 52 cards dealt out).", show_default=False)
    ] = None,
    deck: Annotated[
        Path | None,
        typer.Option("--deck", metavar="FILE", help="spellcrafter: the table's deck file (default: the stand-in deck in examples/).", show_default=False),
    ] = None,
    round_number: Annotated[
        int | None,
        typer.Option("--round", help="spellcrafter: deal round 1–4 of the game; the deck continues from round to round.", show_default=False),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    """Shuffle and deal a seeded deck: the same seed gives the same deal on every machine.

    The shuffle is SHA-256 based (version v1, documented in the README) and never changes,
    so a table can replay a deal, run two tables on the same cards, or play without cards.
    """
    from referee import dealing
    from referee.seeds import fresh_seed

    fresh = seed is None
    spell_deck = None
    if dealing.game_name(game) == "spellcrafter":
        from referee.spellcrafter.deck import load_deck, standin_deck

        spell_deck = standin_deck() if deck is None else load_deck(deck)
    elif deck is not None:
        from referee.errors import InputError

        raise InputError(f"--deck is for spellcrafter; {dealing.game_name(game)} does not take it")
    result = dealing.deal(
        game, fresh_seed() if seed is None else seed, players=players, hand_size=hand_size, mode=mode,
        difficulty=difficulty, deck=spell_deck, round_number=round_number,
    )  # fmt: skip
    if as_json:
        from referee.cli.output import emit_json

        emit_json(result.to_json())
        return
    from referee.cli import deal_view

    deal_view.show(result, fresh, _replay_command(result.to_json(), deck))


def _replay_command(document: dict, deck: Path | None = None) -> str:
    """The command line that deals this exact deal again."""
    words = ["referee", "deal", document["game"]]
    if document["game"] == "spellcrafter":
        words += ["--players", str(len(document["hands"])), "--round", str(document["round"])]
        if deck is not None:
            words += ["--deck", str(deck)]
        return shlex.join([*words, "--seed", document["seed"]])
    if document["game"] == "smitten":
        words += ["--mode", document["mode"]]
        if document["difficulty"]:
            words += ["--difficulty", document["difficulty"]]
    else:
        words += ["--players", str(len(document["hands"]))]
        if document["game"] == "french52":
            words += ["--hand-size", str(len(document["hands"][0]))]
    return shlex.join([*words, "--seed", document["seed"]])
