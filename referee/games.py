"""The registry of games: the one list the command line, `deal`, its views and the
save-file engine read. Adding a game is adding its package and one line here.

Nothing is imported until it is used: a :class:`GameSpec` names its modules, so
`referee --help` and a quick entry stay fast. The two records are named tuples rather
than frozen dataclasses for the same reason: every command reads this module, and a
named tuple costs a tenth of a dataclass to define.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee.errors import choose


class DealSpec(NamedTuple):
    """How `referee deal` deals a game: names and strings, nothing imported.

    ``deal`` is called as ``function(seed, **options)`` with the options of ``options``
    that the table gave (keyword names of :func:`referee.dealing.deal`: ``players``,
    ``mode``, ``difficulty``, ``hand_size``, ``deck``, ``round_number``), and returns a
    deal with ``seed`` and ``to_json()``. Any other option is refused before dealing:
    with the game's own ``hints`` sentence for it, or by naming the deal that takes it.
    ``view`` shows the deal to people (the command line's, with Rich).
    """

    deal: str  # "module:function"
    options: tuple[str, ...] = ()
    view: str = ""  # "module:function" (table, notes, setting) for `referee deal`
    title: str = ""  # the view's heading, "French deck"; empty: the game's title
    hints: tuple[tuple[str, str], ...] = ()  # (option, why this game refuses it)
    players: str = ""  # how many players it deals, for `--players`' help: "3–5, default 4"

    def load(self) -> Any:
        return _attribute(self.deal)

    def load_view(self) -> Any:
        return _attribute(self.view)


class GameSpec(NamedTuple):
    """One game in the registry: everything the program needs to find the rest of it.

    The modules are named, not imported, so that ``referee --help`` and a quick entry
    of one game import nothing of the others.

    ``entry_words`` is a regular expression (matched in full, ignoring case) of the
    words typed in the game's entries (its notations, its options' values): a new save
    file's name that reads as one is refused as a forgotten file name
    (:func:`referee.savefile.check_new_name`).
    """

    name: str  # as `deal` and messages name it: "smoorverliefd"
    title: str  # as people read it, in `referee --help` and deal views: "Smoorverliefd"
    group: str  # the command group: "smoor"
    aliases: tuple[str, ...]  # other names of the group: ("smoorverliefd",)
    format: str  # the save file's format: "referee/smoorverliefd"
    rules: str  # "module:attribute" of the Rules object
    cli: str  # the module that holds the group's Typer `app`
    deal: DealSpec | None = None  # how `referee deal` deals it, if it can
    entry_words: str = ""  # regex of its entries' words: "troef|partners|…"
    voice: str = ""  # "module:attribute" of its Voice (referee.game.Voice): its words
    table: str = ""  # "module:attribute" of its table-mode hooks (completion, status line)
    web: str = ""  # "module:attribute" of its web pages' adapter (referee.web.contract.WebGame)
    complete: str = ""  # "module:function" adding what the referee adds to a seat's event (referee.decisions.Complete)

    def load_rules(self) -> Any:
        return _attribute(self.rules)

    def load_voice(self) -> Any:
        """The game's voice, with the words of fair games' entropy entry in front
        (:class:`referee.fair.voice.FairVoice`)."""
        from referee.fair.voice import FairVoice

        return FairVoice(_attribute(self.voice), self.load_rules())

    def load_table(self) -> Any:
        return _attribute(self.table) if self.table else None

    def load_web(self) -> Any:
        return _attribute(self.web) if self.web else None

    def load_complete(self) -> Any:
        return _attribute(self.complete) if self.complete else None


def _attribute(path: str) -> Any:
    import importlib

    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


GAMES: list[GameSpec] = [
    GameSpec(
        name="smitten",
        title="Smitten",
        group="smitten",
        aliases=(),
        format="referee/smitten",
        rules="referee.smitten.ruleset:RULES",
        voice="referee.smitten.voice:VOICE",
        table="referee.cli.smitten_table:HOOKS",
        web="referee.web.smitten:WEB",
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
        voice="referee.spellcrafter.voice:VOICE",
        table="referee.cli.spell_table:HOOKS",
        web="referee.web.spell:WEB",
        complete="referee.spellcrafter.entry:completed",
        cli="referee.cli.spell",
        deal=DealSpec(
            deal="referee.spellcrafter.dealing:deal_for_table",
            options=("players", "deck", "round_number", "teams"),
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
        voice="referee.smoorverliefd.voice:VOICE",
        table="referee.cli.smoor_table:HOOKS",
        web="referee.web.smoor:WEB",
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
    return spec.deal._replace(title=spec.title)


def dealers() -> list[tuple[str, DealSpec]]:
    """Everything `referee deal` deals, by name: the games that deal, then french52."""
    dealt = [(spec.name, _dealt(spec)) for spec in GAMES]
    return [*((name, deal) for name, deal in dealt if deal is not None), ("french52", FRENCH52)]


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
    """Every registered game's :attr:`GameSpec.entry_words`, as one
    alternative of a regular expression."""
    return "|".join(f"(?:{spec.entry_words})" for spec in GAMES if spec.entry_words)


def by_format(file_format: str) -> GameSpec | None:
    """The game whose save files have ``format = file_format``."""
    return next((spec for spec in GAMES if spec.format == file_format), None)
