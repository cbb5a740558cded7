"""The registry of games: the one list the command line, `deal`, its views and the
save-file engine read. Adding a game is adding its package and one line here.

Nothing is imported until it is used: a :class:`~referee.game.GameSpec` names its
modules, so `referee --help` and a quick entry stay fast.
"""

from __future__ import annotations

from referee.errors import choose
from referee.game import GameSpec

GAMES: list[GameSpec] = [
    GameSpec(
        name="smitten",
        group="smitten",
        aliases=(),
        format="referee/smitten",
        rules="referee.smitten.ruleset:RULES",
        cli="referee.cli.smitten",
        deal="referee.dealing:deal_smitten",
    ),
    GameSpec(
        name="spellcrafter",
        group="spell",
        aliases=("spellcrafter",),
        format="referee/spellcrafter",
        rules="referee.spellcrafter.ruleset:RULES",
        cli="referee.cli.spell",
        deal="referee.spellcrafter.dealing:deal_spellcrafter",
    ),
    GameSpec(
        name="smoorverliefd",
        group="smoor",
        aliases=("smoorverliefd",),
        format="referee/smoorverliefd",
        rules="referee.smoorverliefd.ruleset:RULES",
        cli="referee.cli.smoor",
        deal="referee.dealing:deal_smoorverliefd",
    ),
]


def game(name: str) -> GameSpec:
    """The game called ``name`` (or one of its group's names), or a helpful InputError."""
    for spec in GAMES:
        if name.lower() in (spec.name, spec.group, *spec.aliases):
            return spec
    chosen = choose(name, [spec.name for spec in GAMES], "game")
    return next(spec for spec in GAMES if spec.name == chosen)


def by_group(name: str) -> GameSpec | None:
    """The game whose command group is ``name`` or one of its aliases."""
    return next((spec for spec in GAMES if name in (spec.group, *spec.aliases)), None)


def by_format(file_format: str) -> GameSpec | None:
    """The game whose save files have ``format = file_format``."""
    return next((spec for spec in GAMES if spec.format == file_format), None)
