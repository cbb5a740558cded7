"""The values of a Smitten game: its setup, hands, the pending instruction, the state.

The actions and their effects are in :mod:`referee.smitten.actions`.

Everything here is a frozen value. A state never changes: applying a move gives a new
state (:mod:`referee.smitten.engine`), so undo is "go back to the previous state" and a
replay of the same moves always gives an equal state.

A card the referee cannot see (the table's own cards with ``--physical``, the deck's
order) is written ``0``: a hand of ``(0, 0, 0)`` holds three cards whose numbers only
the table knows. The same rules then work for both kinds of game.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.errors import InputError
from referee.fair.scheme import Fair
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.grid import COUNT, SIDE_INDEX, numbers
from referee.smitten.instructions import Choice
from referee.smitten.notation import GridSide

if TYPE_CHECKING:  # `referee smitten check` imports no more than it needs
    from referee.game import Outcome
    from referee.smitten.actions import Move

UNSEEN = 0


@dataclass(frozen=True, slots=True)
class Setup:
    """How this table plays: two players (easy/medium/hard) or solo (easy, hard1, hard2)."""

    mode: SmittenMode = SmittenMode.TWO
    difficulty: Difficulty | None = None  # two players: medium when left out
    easy: bool = False  # solo Easy Mode: one swap with the set-aside card
    hard1: bool = False  # solo Hard Mode 1: card 5's choice is fixed by its grid
    hard2: bool = False  # solo Hard Mode 2: the ±2 rule
    physical: bool = False  # the table's own cards: hands and deck are not seen
    seed: str | None = None
    players: tuple[str, str] | None = None  # two players' names; None: player 1 and player 2
    fair: Fair | None = None  # a fair game (referee.fair.scheme): dealt from its secret and the players' words
    # What follows from the above, worked out once (the rules ask it at every move):
    solo: bool = field(init=False, compare=False, repr=False)
    #: The ±2 rule: two-player hard difficulty, or solo Hard Mode 2.
    balance: bool = field(init=False, compare=False, repr=False)
    hand_size: int = field(init=False, compare=False, repr=False)
    #: Solo hands are 2 face-up cards and 1 face-down card; physical hands are not seen.
    face_up_size: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        solo = self.mode is SmittenMode.SOLO
        if not solo and self.difficulty is None:
            object.__setattr__(self, "difficulty", Difficulty.MEDIUM)
        if solo and self.difficulty is not None:
            from referee.i18n import _

            raise InputError(_("solo Smitten has no difficulty; its modes are easy, hard1 and hard2"))
        if not solo and (self.easy or self.hard1 or self.hard2):
            from referee.i18n import _

            raise InputError(_("easy, hard1 and hard2 are solo modes; two-player games have a difficulty: easy, medium or hard"))
        hand_size = 3 if solo else (self.difficulty or Difficulty.MEDIUM).hand_size
        object.__setattr__(self, "solo", solo)
        object.__setattr__(self, "balance", self.hard2 if solo else self.difficulty is Difficulty.HARD)
        object.__setattr__(self, "hand_size", hand_size)
        object.__setattr__(self, "face_up_size", 2 if solo and not self.physical else hand_size)
        if self.players is not None:
            self._check_players(self.players)

    def fair_seed(self, number: int) -> str | None:
        """A fair game's seed of deal ``number`` (the game is deal 0), None while a word
        of entropy is missing. The mode: ``two-easy``, ``two-medium``, ``two-hard`` or
        ``solo``."""
        assert self.fair is not None
        mode = "solo" if self.solo else f"two-{(self.difficulty or Difficulty.MEDIUM).value}"
        return self.fair.seed("smitten", mode, number)

    def _check_players(self, players: tuple[str, ...]) -> None:
        from referee.i18n import _
        from referee.players import check_names

        if self.solo:
            raise InputError(_("solo Smitten plays hands A and B; players are named in a two-player game"))
        if len(players) != 2:
            raise InputError(_("Smitten is a game for two players: give two names, not {count}").format(count=len(players)))
        check_names(players)
        for name in players:
            if name.strip() in ("1", "2"):
                raise InputError(
                    _("a player cannot be called {name}: 1 and 2 name the first and the second player").format(name=repr(name))
                )


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand. Only solo hands hold face-down cards (one, when the hand is full)."""

    face_up: tuple[int, ...] = ()
    face_down: tuple[int, ...] = ()

    def __len__(self) -> int:
        return len(self.face_up) + len(self.face_down)


@dataclass(frozen=True, slots=True)
class Pending:
    """A played card whose instruction binds the partner of ``by``.

    ``revealed`` is the card the partner showed for card 1 (two-player), once shown.
    """

    card: int
    side: GridSide
    by: int
    choice: Choice | None = None
    revealed: int | None = None

    @property
    def follower(self) -> int:
        return 1 - self.by


@dataclass(frozen=True, slots=True)
class Flipped:
    """Solo: hand ``by`` turned its face-down card up to play it, and now must play it."""

    number: int
    by: int


class Result(enum.Enum):
    WON = "won"
    LOST = "lost"


class Termination(enum.Enum):
    """Why a game ended (the Winning & Losing rules, plus a loss the table declares)."""

    COMPLETED = "completed"  # 17 cards are in the grids
    NO_PLAYABLE_CARD = "no-playable-card"  # neither player (hand) can play a card
    COULD_NOT_FOLLOW = "could-not-follow"  # the partner cannot follow a played card
    FACE_DOWN_UNPLAYABLE = "face-down-unplayable"  # solo: the flipped card cannot be played
    DECLARED = "declared"  # recorded by the table (`referee smitten lose`)


#: Smitten is cooperative: a won game is won by both seats (players or hands), a lost one by none.
BOTH = (0, 1)


def result(outcome: Outcome) -> Result:
    """Won or lost: Smitten's outcomes are shared by both seats."""
    return Result.WON if outcome.winners else Result.LOST


@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    """Everything the rules need to know at one moment of the game (built with keyword
    arguments only, so that a new field never shifts the others).

    ``grids`` are (left, right) masks; ``deck`` is top first; ``set_aside`` is the card
    put aside at setup (seen by everyone only after a solo Easy Mode swap);
    ``starter`` is who started the current turn (None between turns); ``no_draw`` is set
    when a 9 was played this turn; ``ended`` is set once the game is over
    (:class:`referee.game.Outcome`, read as :attr:`outcome`). What was played last is not
    kept here (equal positions are equal states): the events say it.
    """

    setup: Setup
    grids: tuple[int, int] = (0, 0)
    hands: tuple[Hand, Hand] = (Hand(), Hand())
    deck: tuple[int, ...] = ()
    set_aside: int = UNSEEN
    pending: Pending | Flipped | None = None
    starter: int | None = None
    no_draw: bool = False
    swapped: bool = False
    ended: Outcome | None = None
    # Derived data, computed once per state when first asked (never part of the position):
    # the hash, and the legal moves (:func:`referee.smitten.legality.legal_moves` fills it).
    _hash: int | None = field(default=None, init=False, compare=False, repr=False)
    _legal: tuple[Move, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def __hash__(self) -> int:
        """Hashed once: the solver keeps positions in a table. Equal states have equal
        hashes (the setup, the same for every position of a game, is left to ``==``)."""
        found = self._hash
        if found is None:
            key = (self.grids, self.hands, self.deck, self.set_aside, self.pending, self.starter, self.no_draw, self.swapped)
            found = hash(key)
            object.__setattr__(self, "_hash", found)
        return found

    @property
    def outcome(self) -> Outcome | None:
        """None while the game goes on; once it is over, won by both seats or lost by both."""
        return self.ended

    @property
    def cards_in_grids(self) -> int:
        left, right = self.grids
        return COUNT[left] + COUNT[right]

    def grid(self, side: GridSide) -> list[int]:
        return numbers(self.grids[SIDE_INDEX[side]])
