"""The registry of games: the one list the command line, `deal`, its views and the
save-file engine read. Adding a game is adding its package and one line here.

Nothing is imported until it is used: a :class:`~referee.game.GameSpec` names its
modules, so `referee --help` and a quick entry stay fast.
"""

from __future__ import annotations

from dataclasses import replace

from referee.errors import choose
from referee.game import DealSpec, GameSpec

GAMES: list[GameSpec] = [
    GameSpec(
        name="smitten",
        title="Smitten",
        group="smitten",
        aliases=(),
        format="referee/smitten",
        rules="referee.smitten.ruleset:RULES",
        cli="referee.cli.smitten",
        deal=DealSpec(
            deal="referee.smitten.dealing:deal_for_table",
            options=("mode", "difficulty"),
            view="referee.cli.deal_view:smitten",
            hints=(("players", "smitten always deals two hands; use --mode two or --mode solo instead of --players"),),
        ),
        # a card or placement (5, 5L), the modes, difficulties and solo choices
        entry_words=r"[1-9][lr]?|two|solo|easy|medium|hard[12]?|higher|lower|down|physical",
    ),
    GameSpec(
        name="spellcrafter",
        title="Spellcrafter",
        group="spell",
        aliases=("spellcrafter",),
        format="referee/spellcrafter",
        rules="referee.spellcrafter.ruleset:RULES",
        cli="referee.cli.spell",
        deal=DealSpec(
            deal="referee.spellcrafter.dealing:deal_for_table",
            options=("players", "deck", "round_number"),
            view="referee.cli.deal_view:spellcrafter",
            players="2–5, default 4",
        ),
        # a card (K4m, *K4m), the special cards (DDm:T, TRc:E, TOILm@5), the variants
        entry_words=r"[a-z]{1,2}\d{1,2}[fscm]|\*.*|(?:dd|tr)[fscm]:.*|toil[fscm]@.*|friendly|ddt",
    ),
    GameSpec(
        name="smoorverliefd",
        title="Smoorverliefd",
        group="smoor",
        aliases=("smoorverliefd",),
        format="referee/smoorverliefd",
        rules="referee.smoorverliefd.ruleset:RULES",
        cli="referee.cli.smoor",
        deal=DealSpec(
            deal="referee.smoorverliefd.dealing:deal_for_table",
            options=("players",),
            view="referee.cli.deal_view:french",
            players="3–5, default 4",
        ),
        entry_words=r"troef|blinde-liefde|partners|kleine-liefde|cupido",  # the variants
    ),
]

#: A plain French deck, dealt by `referee deal french52` (or `french`): no game of its own.
FRENCH52 = DealSpec(
    deal="referee.dealing:deal_french52_for_table",
    options=("players", "hand_size"),
    view="referee.cli.deal_view:french",
    title="French deck",
    players="1–52, default 4",
)


def _named(name: str) -> GameSpec | None:
    """The game called ``name``: its name, its group's or one of the group's aliases."""
    return next((spec for spec in GAMES if name.lower() in (spec.name, spec.group, *spec.aliases)), None)


def game(name: str) -> GameSpec:
    """The game called ``name`` (or one of its group's names), or a helpful InputError."""
    found = _named(name)
    if found is not None:
        return found
    chosen = choose(name, [spec.name for spec in GAMES], "game")
    return next(spec for spec in GAMES if spec.name == chosen)


def _dealt(spec: GameSpec) -> DealSpec | None:
    """The game's deal, headed by the game's title unless the deal names its own."""
    if spec.deal is None or spec.deal.title:
        return spec.deal
    return replace(spec.deal, title=spec.title)


def dealers() -> list[tuple[str, DealSpec]]:
    """Everything `referee deal` deals, by name: the games that deal, then french52."""
    dealt = [(spec.name, _dealt(spec)) for spec in GAMES]
    return [*((name, deal) for name, deal in dealt if deal is not None), ("french52", FRENCH52)]


def dealt_names() -> str:
    """``smitten, spellcrafter, smoorverliefd or french52``: what `referee deal` deals."""
    from referee.wording import listed

    return listed([name for name, _ in dealers()], "or")


def dealer(name: str) -> tuple[str, DealSpec]:
    """What `referee deal NAME` deals (a game's name or group, or french52 / french),
    or a helpful InputError naming the choices."""
    word = {"french": "french52"}.get(name.lower(), name)
    found = _named(word)
    deal = None if found is None else _dealt(found)
    if found is not None and deal is not None:
        return found.name, deal
    chosen = choose(word, [dealt for dealt, _ in dealers()], "game")
    return next((dealt, spec) for dealt, spec in dealers() if dealt == chosen)


def players_help() -> str:
    """``spellcrafter 2–5, default 4; smoorverliefd 3–5, default 4; …``: how many
    players each deal that takes ``--players`` deals."""
    return "; ".join(f"{name} {deal.players}" for name, deal in dealers() if deal.players)


def titles() -> str:
    """``Smitten, Spellcrafter and Smoorverliefd``: the games, as `referee --help` names them."""
    from referee.wording import listed

    return listed([spec.title for spec in GAMES])


def entry_words() -> str:
    """Every registered game's :attr:`~referee.game.GameSpec.entry_words`, as one
    alternative of a regular expression."""
    return "|".join(f"(?:{spec.entry_words})" for spec in GAMES if spec.entry_words)


def by_format(file_format: str) -> GameSpec | None:
    """The game whose save files have ``format = file_format``."""
    return next((spec for spec in GAMES if spec.format == file_format), None)
