"""Smitten save files: the setup, events as TOML tables, and the state as JSON.

The one save-file engine (:mod:`referee.savefile`) stores the setup and the events and
replays them through :class:`SmittenRules`. An event is one line of the table's record::

    {kind = "play", card = "5L", hand = "A", choose = "higher"}   # solo: hand A or B
    {kind = "play", card = "3R", by = 2}                          # two players: by 1 or 2,
    {kind = "play", card = "3R", by = "Bram"}                     #   or by name when named
    {kind = "place", card = "3R", by = 1}
    {kind = "reveal", card = 4, by = 1}
    {kind = "flip", hand = "A"}                                   # solo: play the face-down card
    {kind = "swap", card = 7, hand = "B"}                         # solo Easy Mode
    {kind = "lose", reason = "…"}                                 # the table records a loss

Who moved is stored even where the rules imply it, so a hand-edited file is checked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.smitten.notation import Placement
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.errors import InputError, choose, quoted
from referee.game import Outcome, Step
from referee.seeds import check_seed
from referee.smitten.instructions import Choice
from referee.smitten.play import declare_loss, new_game, play, resolve
from referee.smitten.state import Kind, Move, Options, State

FORMAT = "referee/smitten"
VERSION = 1
_FLAGS = ("easy", "hard1", "hard2")


def setup_for(options: Options) -> dict[str, Any]:
    """The [setup] table of a new file."""
    setup: dict[str, Any] = {"mode": options.mode.value}
    if options.difficulty is not None:
        setup["difficulty"] = options.difficulty.value
    if options.players is not None:
        setup["players"] = list(options.players)
    if options.solo:
        setup.update({flag: getattr(options, flag) for flag in _FLAGS})
    if options.physical:
        setup["physical"] = True
    else:
        setup["seed"] = options.seed
    return setup


def options_from(setup: dict[str, Any]) -> Options:
    """The options of a [setup] table, checked: the one place a game's setup is judged,
    for `referee smitten new` and for a file that is loaded (perhaps edited by hand)."""
    mode = SmittenMode(choose(_text(setup, "mode", "two"), [m.value for m in SmittenMode], "mode"))
    difficulty = setup.get("difficulty")
    level = None if difficulty is None else Difficulty(choose(str(difficulty), [d.value for d in Difficulty], "difficulty"))
    flags = {}
    for flag in (*_FLAGS, "physical"):
        value = setup.get(flag, False)
        if not isinstance(value, bool):
            raise InputError(f"`{flag}` must be true or false")
        flags[flag] = value
    seed = setup.get("seed")
    if seed is not None:
        check_seed(seed)
    if flags["physical"] and seed is not None:
        raise InputError("a seed deals a virtual deck and physical cards are the table's own: give one of them")
    players = None
    if "players" in setup:
        from referee.players import players_from_setup

        players = tuple(players_from_setup(setup))
    return Options(mode, level, seed=seed, players=players, **flags)  # type: ignore[arg-type]  # Options checks the count


def _text(table: dict[str, Any], key: str, default: str | None = None) -> str:
    value = table.get(key, default)
    if not isinstance(value, str):
        raise InputError(f"`{key}` must be a text")
    return value


def actor_key(options: Options) -> str:
    return "hand" if options.solo else "by"


def actor_value(options: Options, actor: int) -> str | int:
    """Who moved, as events and JSON write it: hand "A"/"B", the player's name, or 1/2."""
    if options.solo:
        return "AB"[actor]
    return options.players[actor] if options.players else actor + 1


def parse_actor(options: Options, value: object) -> int | None:
    """`--hand A|B` (solo) or `--by` (two players: 1 or 2, or a player's name, in any case,
    or any unambiguous start of it) as actor 0 or 1; None when left out."""
    if value is None:
        return None
    given = str(value).strip()
    text = given.upper().removeprefix("PLAYER").removeprefix("HAND").strip()
    if options.solo:
        if text in ("A", "B"):
            return "AB".index(text)
        raise InputError(f"{quoted(str(value))} is not a solo hand; use --hand A or --hand B")
    players = options.players
    if text in ("1", "2") and given.casefold() not in (name.casefold() for name in players or ()):
        return int(text) - 1
    if players:
        from referee.players import seat_of

        return seat_of(given, players)
    raise InputError(f"{quoted(str(value))} is not a player; use --by 1 or --by 2")


def event_for(options: Options, move: Move) -> dict[str, Any]:
    """The event recorded for a legal move."""
    event: dict[str, Any] = {"kind": move.kind.value}
    if move.kind in (Kind.PLAY, Kind.PLACE):
        event["card"] = move.placement
    elif move.kind in (Kind.REVEAL, Kind.SWAP):
        event["card"] = move.number
    event[actor_key(options)] = actor_value(options, move.actor)
    if move.choice is not None:
        event["choose"] = move.choice.value
    return event


def move_from(state: State, event: dict[str, Any]) -> Move:
    """The move an event describes (who moves may be left out where the rules imply it)."""
    options = state.options
    kind_name = _text(event, "kind")
    kind = Kind(choose(kind_name, [k.value for k in Kind], "event kind"))
    actor = parse_actor(options, event.get(actor_key(options)))
    choice = Choice.parse(_text(event, "choose")) if "choose" in event else None
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(_text(event, "card"))
        return resolve(state, kind, placement.number, placement.side, actor, choice)
    if kind in (Kind.REVEAL, Kind.SWAP):
        card = event.get("card")
        if not isinstance(card, int) or isinstance(card, bool) or not 1 <= card <= 9:
            raise InputError(f"`card` of a {kind.value} must be a number 1 to 9, not {card!r}")
        return resolve(state, kind, card, None, actor)
    return resolve(state, kind, 0, None, actor)


class SmittenRules:
    """The ruleset the save-file engine replays: pure, states are immutable values."""

    format = FORMAT
    version = VERSION
    command = "referee smitten"

    def read_setup(self, table: Mapping[str, Any]) -> Options:
        return options_from(dict(table))

    def write_setup(self, setup: Options) -> dict[str, Any]:
        return setup_for(setup)

    def start(self, setup: Options) -> State:
        return new_game(setup)

    def decode(self, state: State, event: Mapping[str, Any]) -> dict[str, Any]:
        return dict(event)

    def encode(self, state: State, action: dict[str, Any]) -> dict[str, Any]:
        return action

    def apply(self, state: State, action: dict[str, Any]) -> Step[State]:
        event = action
        if event.get("kind") == "lose":
            reason = event.get("reason", "")
            if not isinstance(reason, str):
                raise InputError("the `reason` of a loss must be a text")
            return Step(declare_loss(state, reason))
        return Step(play(state, move_from(state, event)))

    def refusal(self, state: State, action: dict[str, Any]) -> str | None:
        return None

    def legal_actions(self, state: State) -> None:
        return None

    def outcome(self, state: State) -> Outcome | None:
        return None

    def describe(self, event: dict[str, Any]) -> str:
        kind = event.get("kind")
        by = event.get("by")
        who = f"hand {event['hand']}" if "hand" in event else f"player {by}" if isinstance(by, int) else str(by or "")
        card = event.get("card", "")
        if kind == "lose":
            return "lost: " + (event.get("reason") or "declared by the table")
        if kind == "flip":
            return f"{who} plays its face-down card"
        if kind == "swap":
            return f"{who} swaps {card} with the set-aside card"
        choice = f" ({event['choose']})" if "choose" in event else ""
        return f"{who} {kind}s {card}{choice}".strip()


RULES = SmittenRules()
