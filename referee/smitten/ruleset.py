"""Smitten on the game contract (:class:`referee.game.Rules`): :data:`RULES`.

The setup as a TOML table, both ways (:func:`setup_for`, :func:`setup_from`); each
action as an event, both ways, in :mod:`referee.smitten.actions` (which shows the
events). The one save-file engine (:mod:`referee.savefile`) stores the setup and the
events and replays them through :class:`SmittenRules`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from referee.errors import InputError, choose
from referee.fair.rules import WithEntropy, with_entropy
from referee.fair.scheme import Fair
from referee.game import Decision, Outcome, Refusal, Rules, Step, decided, offer
from referee.i18n import _
from referee.seeds import check_seed
from referee.smitten import actions, entry
from referee.smitten.actions import Action, Effect, Kind, Move, text_field
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.legality import legal_moves
from referee.smitten.engine import FORMAT, apply, new_game, refusal
from referee.smitten.state import Setup, State
from referee.smitten.view import SeatView, view

VERSION = 1
_FLAGS = ("easy", "hard1", "hard2")


def setup_for(options: Setup) -> dict[str, object]:
    """The [setup] table of a new file."""
    setup: dict[str, object] = {"mode": options.mode.value}
    if options.difficulty is not None:
        setup["difficulty"] = options.difficulty.value
    if options.players is not None:
        setup["players"] = list(options.players)
    if options.solo:
        setup.update({flag: getattr(options, flag) for flag in _FLAGS})
    if options.physical:
        setup["physical"] = True
    elif options.fair is not None:
        setup["fair"] = options.fair.to_toml()
    else:
        setup["seed"] = options.seed
    return setup


def setup_from(setup: Mapping[str, object]) -> Setup:
    """The setup of a [setup] table, checked: the one place a game's setup is judged,
    for `referee smitten new` and for a file that is loaded (perhaps edited by hand)."""
    mode = SmittenMode(choose(text_field(setup, "mode", "two"), [m.value for m in SmittenMode], "mode"))
    difficulty = setup.get("difficulty")
    level = None if difficulty is None else Difficulty(choose(str(difficulty), [d.value for d in Difficulty], "difficulty"))
    flags = {}
    for flag in (*_FLAGS, "physical"):
        value = setup.get(flag, False)
        if not isinstance(value, bool):
            raise InputError(_("`{flag}` must be true or false").format(flag=flag))
        flags[flag] = value
    seed = setup.get("seed")
    if seed is not None:
        check_seed(seed)
    if flags["physical"] and seed is not None:
        raise InputError(_("a seed deals a virtual deck and physical cards are the table's own: give one of them"))
    if "fair" in setup and (flags["physical"] or seed is not None):
        raise InputError(_("a fair game is dealt from its secret and the players' entropy: not from a seed, nor with physical cards"))
    players = None
    if "players" in setup:
        from referee.players import players_from_setup

        players = tuple(players_from_setup(setup))
    seats = 2 if players is None or mode is SmittenMode.SOLO else len(players)
    fair = None if "fair" not in setup else Fair.from_toml(setup["fair"], seats)
    return Setup(mode, level, seed=seed, players=players, fair=fair, **flags)  # type: ignore[arg-type]  # Setup checks the count


class SmittenRules:
    """The ruleset the save-file engine replays: pure, states are immutable values.

    Actions are :class:`~referee.smitten.actions.Move` (python-chess style) and
    :class:`~referee.smitten.actions.Lose` (the table declares a loss); the effect of each
    is a :class:`~referee.smitten.actions.Effect`.
    """

    format = FORMAT
    version = VERSION
    command = "referee smitten"

    def read_setup(self, table: Mapping[str, object]) -> Setup:
        return setup_from(table)

    def write_setup(self, setup: Setup) -> dict[str, object]:
        return setup_for(setup)

    def start(self, setup: Setup) -> State:
        return new_game(setup)

    def decode(self, state: State, event: Mapping[str, object]) -> Action:
        return entry.decode(state, event)

    def encode(self, state: State, action: Action) -> dict[str, object]:
        return actions.encode(state, action)

    def apply(self, state: State, action: Action) -> Step[State, Effect]:
        return apply(state, action)

    def refusal(self, state: State, action: Action) -> Refusal | None:
        return refusal(state, action)

    def legal_actions(self, state: State) -> Iterator[Move]:
        """Every legal move (a declared loss is the table's, not a move: not listed)."""
        return legal_moves(state)

    def actor(self, state: State, action: Action) -> int | None:
        """The seat that takes ``action``: the player (two players) or the hand (solo) that
        moves; None for the table's declared loss."""
        return action.actor if isinstance(action, Move) else None

    def decisions(self, state: State, seat: int) -> tuple[Decision, ...]:
        """What ``seat`` may do now, by kind of move (play, place, reveal, flip, swap),
        each legal move a choice (a played 5 once per choice, higher and lower). Two
        players: the seat's own moves; solo: one person plays both hands, so either
        hand's seat decides for both."""
        moves = [move for move in legal_moves(state) if state.setup.solo or move.actor == seat]
        return decided(offer(self, state, kind.value, seat, (move for move in moves if move.kind is kind)) for kind in Kind)

    def outcome(self, state: State) -> Outcome | None:
        return state.outcome

    def seats(self, state: State) -> tuple[str, ...]:
        """The players' names (or "1" and "2"), or the solo hands "A" and "B"."""
        setup = state.setup
        if setup.solo:
            return ("A", "B")
        return setup.players if setup.players else ("1", "2")

    # --- a fair game (referee.fair.rules.FairGame) ---------------------------------------

    def fair_deals(self, state: State) -> int:
        """A fair game is one deal."""
        return 1

    def view(self, state: State, seat: int | None) -> SeatView:
        return view(state, seat)


RULES: WithEntropy[Setup, State, Action, Effect] = with_entropy(SmittenRules())
