"""The registry of games: the one list the command line, `deal`, its views and the
save-file engine read. Adding a game is adding its package and one line here.

Nothing is imported until it is used: a :class:`GameSpec` names its modules, so
`referee --help` and a quick entry stay fast. The two records are named tuples rather
than frozen dataclasses for the same reason: every command reads this module, and a
named tuple costs a tenth of a dataclass to define.

This is the one module that names the three games together. A feature for every game
(stats, a rematch, a seat's entry) asks a game's :class:`~referee.box.Box` (its
``box`` module's ``GAME``, :meth:`GameSpec.load`) for a hook; it keeps no list of the
games of its own.

Typed: ``game("smoor")`` is a ``GameSpec[Setup, Match, Action, Effect]`` of
Smoorverliefd's own types (:func:`game`'s overloads), so a front end of one game gets
its values typed; a front end of every game (``game(name)`` for a name read at run time,
:data:`GAMES`) gets a ``GameSpec[object, object, object, object]``, whose values it can
only hand back to the same game (:data:`SomeSpec`). The one place a loaded object
is given its type is the loaders here (a ``cast`` of what :func:`_attribute` found).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, Literal, NamedTuple, TypeVar, cast, overload

from referee.errors import Refused, choose

if TYPE_CHECKING:
    from referee.dealing import Deal
    from referee.decisions import Complete
    from referee.fair.rules import EntropyGiven, GiveEntropy
    from referee.box import Box
    from referee.game import Rules, Voice
    from referee.smitten.actions import Action as SmittenAction, Effect as SmittenEffect
    from referee.smitten.state import Setup as SmittenSetup, State as SmittenState
    from referee.smoorverliefd.actions import Action as SmoorAction, Effect as SmoorEffect
    from referee.smoorverliefd.match import Match as SmoorMatch
    from referee.smoorverliefd.setup import Setup as SmoorSetup
    from referee.spellcrafter.actions import Action as SpellAction, Effect as SpellEffect
    from referee.spellcrafter.game import Game as SpellGame
    from referee.spellcrafter.setup import Setup as SpellSetup
    from referee.table.hooks import TableHooks
    from referee.web.contract import WebGame

SetupT = TypeVar("SetupT", covariant=True)
StateT = TypeVar("StateT", covariant=True)
ActionT = TypeVar("ActionT", covariant=True)
EffectT = TypeVar("EffectT", covariant=True)


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

    def load(self) -> Callable[..., Deal]:
        return cast("Callable[..., Deal]", _attribute(self.deal))

    def load_view(self) -> Callable[[Deal], tuple[object, list[str], str]]:
        return cast("Callable[[Deal], tuple[object, list[str], str]]", _attribute(self.view))


class GameSpec(NamedTuple, Generic[SetupT, StateT, ActionT, EffectT]):
    """One game in the registry: everything the program needs to find the rest of it.

    The modules are named, not imported, so that ``referee --help`` and a quick entry
    of one game import nothing of the others. ``rules`` names the ruleset alone (a
    quick entry needs no voice); ``game`` the game object, rules and voice and hooks.

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
    rules: str  # "module:attribute" of the Rules object (the game object's ``rules``)
    cli: str  # the module that holds the group's Typer `app`
    deal: DealSpec | None = None  # how `referee deal` deals it, if it can
    entry_words: str = ""  # regex of its entries' words: "troef|partners|…"
    game: str = ""  # "module:attribute" of its game object (referee.box.Box): voice and hooks
    table: str = ""  # "module:attribute" of its table-mode hooks (completion, status line)
    web: str = ""  # "module:attribute" of its web pages' adapter (referee.web.contract.WebGame)

    def load(self) -> Box[SetupT, StateT, ActionT, EffectT]:
        """The game object: its rules, its voice (with the words of fair games' entropy
        entry in front, :class:`referee.fair.voice.FairVoice`) and its hooks."""
        return cast("Box[SetupT, StateT, ActionT, EffectT]", _attribute(self.game))

    def load_rules(self) -> Rules[SetupT, StateT, ActionT, EffectT]:
        return cast("Rules[SetupT, StateT, ActionT, EffectT]", _attribute(self.rules))

    def load_voice(self) -> Voice[StateT, EffectT]:
        return self.load().voice

    def load_table(self) -> TableHooks[StateT] | None:
        return cast("TableHooks[StateT]", _attribute(self.table)) if self.table else None

    def load_web(self) -> WebGame[StateT] | None:
        return cast("WebGame[StateT]", _attribute(self.web)) if self.web else None

    def load_complete(self) -> Complete[StateT] | None:
        return self.load().complete


#: A game whose values are opaque to the caller: a front end of every game hands a
#: state, an action or a setup back to the game object that gave it, and to no other.
SomeSpec = GameSpec[object, object, object, object]


def _attribute(path: str) -> object:
    import importlib

    module, _, name = path.partition(":")
    found: object = getattr(importlib.import_module(module), name)
    return found


SMITTEN: GameSpec[SmittenSetup, SmittenState, SmittenAction | GiveEntropy, SmittenEffect | EntropyGiven] = GameSpec(
    name="smitten",
    title="Smitten",
    group="smitten",
    aliases=(),
    format="referee/smitten",
    rules="referee.smitten.ruleset:RULES",
    game="referee.smitten.box:GAME",
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
)

SPELLCRAFTER: GameSpec[SpellSetup, SpellGame, SpellAction | GiveEntropy, SpellEffect | EntropyGiven] = GameSpec(
    name="spellcrafter",
    title="Spellcrafter",
    group="spell",
    aliases=("spellcrafter",),
    format="referee/spellcrafter",
    rules="referee.spellcrafter.ruleset:RULES",
    game="referee.spellcrafter.box:GAME",
    table="referee.cli.spell_table:HOOKS",
    web="referee.web.spell:WEB",
    cli="referee.cli.spell",
    deal=DealSpec(
        deal="referee.spellcrafter.dealing:deal_for_table",
        options=("players", "deck", "round_number", "teams"),
        view="referee.cli.deal_view:spellcrafter",
        players="2–5, default 4",
    ),
    # a card (K4m, *K4m), the special cards (DDm:T, TRc:E, TOILm@5), the variants
    entry_words=r"[a-z]{1,2}\d{1,2}[fscm]|\*.*|(?:dd|tr)[fscm]:.*|toil[fscm]@.*|friendly|ddt",
)

SMOORVERLIEFD: GameSpec[SmoorSetup, SmoorMatch, SmoorAction | GiveEntropy, SmoorEffect | EntropyGiven] = GameSpec(
    name="smoorverliefd",
    title="Smoorverliefd",
    group="smoor",
    aliases=("smoorverliefd",),
    format="referee/smoorverliefd",
    rules="referee.smoorverliefd.ruleset:RULES",
    game="referee.smoorverliefd.box:GAME",
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
)

#: Every game, in the order of `referee --help`.
GAMES: list[SomeSpec] = [SMITTEN, SPELLCRAFTER, SMOORVERLIEFD]

#: A plain French deck, dealt by `referee deal french52` (or `french`): no game of its own.
FRENCH52 = DealSpec(
    deal="referee.dealing:deal_french52_for_table",
    options=("players", "hand_size"),
    view="referee.cli.deal_view:french",
    title="French deck",
    players="1–52, default 4",
)


def _named(name: str) -> SomeSpec | None:
    """The game called ``name``: its name, its group's or one of the group's aliases."""
    return next((spec for spec in GAMES if name.lower() in (spec.name, spec.group, *spec.aliases)), None)


@overload
def game(name: Literal["smitten"]) -> GameSpec[SmittenSetup, SmittenState, SmittenAction | GiveEntropy, SmittenEffect | EntropyGiven]: ...
@overload
def game(name: Literal["spellcrafter", "spell"]) -> GameSpec[SpellSetup, SpellGame, SpellAction | GiveEntropy, SpellEffect | EntropyGiven]: ...
@overload
def game(name: Literal["smoorverliefd", "smoor"]) -> GameSpec[SmoorSetup, SmoorMatch, SmoorAction | GiveEntropy, SmoorEffect | EntropyGiven]: ...
@overload
def game(name: str) -> SomeSpec: ...
def game(name: str) -> SomeSpec:
    """The game called ``name`` (or one of its group's names), or a helpful InputError."""
    found = _named(name)
    if found is not None:
        return found
    chosen = choose(name, [spec.name for spec in GAMES], "game")
    return next(spec for spec in GAMES if spec.name == chosen)


def _dealt(spec: SomeSpec) -> DealSpec | None:
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


def by_format(file_format: str) -> SomeSpec | None:
    """The game whose save files have ``format = file_format``."""
    return next((spec for spec in GAMES if spec.format == file_format), None)


def _worded(refused: Refused, in_file: bool) -> str | None:
    """A refusal in the words of its game's voice (:attr:`referee.errors.Refused.wording`),
    the game found by the save file's format; None for a format no game has."""
    spec = by_format(refused.game)
    if spec is None or not spec.game:
        return None
    return str(spec.load_voice().refusal(refused.state, refused.refusal, in_file))


Refused.wording = staticmethod(_worded)
