"""Smitten on the game contract (:class:`referee.game.Rules`): :data:`RULES`.

The setup as a TOML table, and each action (a :class:`~referee.smitten.state.Move`, or
the table's declared :class:`~referee.smitten.state.Lose`) as an event, both ways: the
one save-file engine (:mod:`referee.savefile`) stores the setup and the events and
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

from collections.abc import Iterator, Mapping
from typing import Any

from referee.errors import InputError, choose
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.notation import Placement
from referee.game import Outcome, Step
from referee.seeds import check_seed
from referee.smitten.entry import parse_actor, resolve
from referee.smitten.instructions import Choice
from referee.smitten.legality import legal_moves
from referee.smitten.play import apply, new_game, refusal
from referee.smitten.state import Action, Kind, Lose, Move, Options, State

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


def _text(table: Mapping[str, Any], key: str, default: str | None = None) -> str:
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


def event_for(options: Options, action: Action) -> dict[str, Any]:
    """The event recorded for an action."""
    if isinstance(action, Lose):
        return {"kind": "lose"} if action.reason is None else {"kind": "lose", "reason": action.reason}
    event: dict[str, Any] = {"kind": action.kind.value}
    if action.kind in (Kind.PLAY, Kind.PLACE):
        event["card"] = action.placement
    elif action.kind in (Kind.REVEAL, Kind.SWAP):
        event["card"] = action.number
    event[actor_key(options)] = actor_value(options, action.actor)
    if action.choice is not None:
        event["choose"] = action.choice.value
    return event


def action_from(state: State, event: Mapping[str, Any]) -> Action:
    """The action an event describes (who moves may be left out where the rules imply it)."""
    options = state.options
    kind_name = _text(event, "kind")
    if kind_name == "lose":
        reason = event.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise InputError("the `reason` of a loss must be a text")
        return Lose(reason)
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
    """The ruleset the save-file engine replays: pure, states are immutable values.

    Actions are :class:`~referee.smitten.state.Move` (python-chess style) and
    :class:`~referee.smitten.state.Lose` (the table declares a loss); the effect of each
    is a :class:`~referee.smitten.state.Effect`.
    """

    format = FORMAT
    version = VERSION
    command = "referee smitten"

    def read_setup(self, table: Mapping[str, Any]) -> Options:
        return options_from(dict(table))

    def write_setup(self, setup: Options) -> dict[str, Any]:
        return setup_for(setup)

    def start(self, setup: Options) -> State:
        return new_game(setup)

    def decode(self, state: State, event: Mapping[str, Any]) -> Action:
        return action_from(state, event)

    def encode(self, state: State, action: Action) -> dict[str, Any]:
        return event_for(state.options, action)

    def apply(self, state: State, action: Action) -> Step[State]:
        return apply(state, action)

    def refusal(self, state: State, action: Action) -> str | None:
        return refusal(state, action)

    def legal_actions(self, state: State) -> Iterator[Move]:
        """Every legal move (a declared loss is the table's, not a move: not listed)."""
        return legal_moves(state)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def describe(self, event: Mapping[str, Any]) -> str:
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
