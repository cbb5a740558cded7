"""The registry of games: the one list the command line, `deal`, its views and the
save-file engine read. Adding a game is adding its package and one line here.

Nothing is imported until it is used: a :class:`~referee.game.GameSpec` names its
modules, so `referee --help` and a quick entry stay fast.
"""

from __future__ import annotations

from referee.errors import choose
from referee.game import DealSpec, GameSpec

GAMES: list[GameSpec] = [
    GameSpec(
        name="smitten",
        group="smitten",
        aliases=(),
        format="referee/smitten",
        rules="referee.smitten.ruleset:RULES",
        cli="referee.cli.smitten",
        deal=DealSpec(
            deal="referee.smitten.dealing:deal_for_table",
            options=("mode", "difficulty"),
            view="referee.cli.deal_view:smitten",
            title="Smitten",
            hints=(("players", "smitten always deals two hands; use --mode two or --mode solo instead of --players"),),
        ),
    ),
    GameSpec(
        name="spellcrafter",
        group="spell",
        aliases=("spellcrafter",),
        format="referee/spellcrafter",
        rules="referee.spellcrafter.ruleset:RULES",
        cli="referee.cli.spell",
        deal=DealSpec(
            deal="referee.spellcrafter.dealing:deal_for_table",
            options=("players", "deck", "round_number"),
            view="referee.cli.deal_view:spellcrafter",
            title="Spellcrafter",
        ),
    ),
    GameSpec(
        name="smoorverliefd",
        group="smoor",
        aliases=("smoorverliefd",),
        format="referee/smoorverliefd",
        rules="referee.smoorverliefd.ruleset:RULES",
        cli="referee.cli.smoor",
        deal=DealSpec(
            deal="referee.smoorverliefd.dealing:deal_for_table",
            options=("players",),
            view="referee.cli.deal_view:french",
            title="Smoorverliefd",
        ),
    ),
]

#: A plain French deck, dealt by `referee deal french52` (or `french`): no game of its own.
FRENCH52 = DealSpec(
    deal="referee.dealing:deal_french52_for_table",
    options=("players", "hand_size"),
    view="referee.cli.deal_view:french",
    title="French deck",
)


def game(name: str) -> GameSpec:
    """The game called ``name`` (or one of its group's names), or a helpful InputError."""
    for spec in GAMES:
        if name.lower() in (spec.name, spec.group, *spec.aliases):
            return spec
    chosen = choose(name, [spec.name for spec in GAMES], "game")
    return next(spec for spec in GAMES if spec.name == chosen)


def dealers() -> list[tuple[str, DealSpec]]:
    """Everything `referee deal` deals, by name: the games that deal, then french52."""
    return [*((spec.name, spec.deal) for spec in GAMES if spec.deal is not None), ("french52", FRENCH52)]


def dealt_names() -> str:
    """``smitten, spellcrafter, smoorverliefd or french52``: what `referee deal` deals."""
    from referee.wording import listed

    return listed([name for name, _ in dealers()], "or")


def dealer(name: str) -> tuple[str, DealSpec]:
    """What `referee deal NAME` deals (a game's name or group, or french52 / french),
    or a helpful InputError naming the choices."""
    word = {"french": "french52"}.get(name.lower(), name)
    for spec in GAMES:
        if spec.deal is not None and word.lower() in (spec.name, spec.group, *spec.aliases):
            return spec.name, spec.deal
    chosen = choose(word, [dealt for dealt, _ in dealers()], "game")
    return next((dealt, spec) for dealt, spec in dealers() if dealt == chosen)


def by_group(name: str) -> GameSpec | None:
    """The game whose command group is ``name`` or one of its aliases."""
    return next((spec for spec in GAMES if name in (spec.group, *spec.aliases)), None)


def by_format(file_format: str) -> GameSpec | None:
    """The game whose save files have ``format = file_format``."""
    return next((spec for spec in GAMES if spec.format == file_format), None)
