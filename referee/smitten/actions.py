"""Smitten's actions and their effects, and the events that record them.

An action is a :class:`Move` of the game (python-chess style: who does what with which
card where) or the table's declared :class:`Lose`; :func:`apply
<referee.smitten.engine.apply>` reports what it did as an :class:`Effect`. :func:`decode`
and :func:`encode` turn a save file's event into an action and back, exactly::

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

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from referee.errors import InputError, choose
from referee.i18n import _
from referee.smitten.grid import SIDES
from referee.smitten.instructions import Choice
from referee.smitten.notation import GridSide, Placement, parse_smitten_card
from referee.smitten.state import Setup, State


class Kind(enum.Enum):
    """What a move does."""

    PLAY = "play"  # play a card: its instruction binds the partner
    PLACE = "place"  # place a card: follows an instruction, triggers nothing
    REVEAL = "reveal"  # card 1: show a card of the hand before placing another
    FLIP = "flip"  # solo: turn the face-down card of a hand up, to play it
    SWAP = "swap"  # solo Easy Mode: swap a face-up card with the set-aside card

    __hash__ = object.__hash__  # by identity, in C, as GridSide (the solver hashes moves often)


@dataclass(frozen=True, slots=True)
class Move:
    """One move, like python-chess's ``Move``: who does what with which card where.

    ``actor`` is 0 or 1 (player 1/2, hand A/B). ``number`` is 0 for a flip. ``choice``
    is card 5's higher/lower, present exactly when a played 5's instruction will be
    followed (not for the 17th card, whose instruction is ignored).
    """

    kind: Kind
    actor: int
    number: int = 0
    side: GridSide | None = None
    choice: Choice | None = None

    def __str__(self) -> str:
        """The move in notation, as a save file's event names it (``play 5L higher``,
        ``place 3R``, ``reveal 4``, ``swap 7``, ``flip``), never in words: the voice words
        a move (:func:`referee.smitten.explain.move_words`)."""
        if self.kind is Kind.FLIP:
            return f"{self.kind.value}"
        if self.kind in (Kind.PLAY, Kind.PLACE):
            return f"{self.kind.value} {self.placement}" + (f" {self.choice.value}" if self.choice else "")
        return f"{self.kind.value} {self.number}"

    @classmethod
    def parse(cls, text: str, actor: int = 0) -> Move:
        """A move in its notation (what :meth:`__str__` prints), made by ``actor``; who
        moves is not part of the notation, as in python-chess's ``Move.from_uci``. The
        card, the grid and the choice are read by the one parser each of them has (the
        save file's events use the same: :func:`decode`); whether the move may be made is
        the rules' question (:func:`referee.smitten.legality.violation`).

        >>> str(Move.parse("play 5l HIGHER"))
        'play 5L higher'
        >>> Move.parse("reveal 4", actor=1)
        Move(kind=<Kind.REVEAL: 'reveal'>, actor=1, number=4, side=None, choice=None)
        >>> [str(Move.parse(text)) for text in ("place 3R", "swap 7", "flip")]
        ['place 3R', 'swap 7', 'flip']
        >>> Move.parse("play 7L higher").choice  # read: the rules refuse it (a played 5 only)
        <Choice.HIGHER: 'higher'>
        >>> Move.parse("reveal 10")
        Traceback (most recent call last):
        referee.errors.InputError: '10' is not a Smitten card; cards are numbered 1 to 9
        """
        kind_word, _space, rest = text.strip().partition(" ")
        kind = Kind(choose(kind_word, [k.value for k in Kind], "event kind"))
        card, _space, chosen = rest.strip().partition(" ")
        return read_move(kind, actor, card or None, chosen.strip() or None)

    @property
    def placement(self) -> str:
        """The card and grid, as in ``5L`` (plays and placements only)."""
        return f"{self.number}{self.side.value}" if self.side else str(self.number)


_Key = tuple[Kind, int, int, GridSide | None, Choice | None]


def _intern() -> dict[_Key, Move]:
    """Every possible move, made once: legal_moves hands out these objects."""
    table: dict[_Key, Move] = {}
    choices = (None, *Choice)
    for actor in (0, 1):
        for number in range(1, 10):
            for side in SIDES:
                for choice in choices if number == 5 else (None,):
                    table[(Kind.PLAY, actor, number, side, choice)] = Move(Kind.PLAY, actor, number, side, choice)
                table[(Kind.PLACE, actor, number, side, None)] = Move(Kind.PLACE, actor, number, side)
            for kind in (Kind.REVEAL, Kind.SWAP):
                table[(kind, actor, number, None, None)] = Move(kind, actor, number)
        table[(Kind.FLIP, actor, 0, None, None)] = Move(Kind.FLIP, actor)
    return table


MOVES = _intern()


def move(kind: Kind, actor: int, number: int = 0, side: GridSide | None = None, choice: Choice | None = None) -> Move:
    """The (shared) Move object for these values."""
    found = MOVES.get((kind, actor, number, side, choice))
    return found if found is not None else Move(kind, actor, number, side, choice)




@dataclass(frozen=True, slots=True)
class Draw:
    """The cards one hand drew at the end of a turn.

    ``face_up`` are the numbers drawn face up (``UNSEEN`` for the table's own cards);
    face-down cards stay hidden, so only their count is kept.
    """

    actor: int
    face_up: tuple[int, ...] = ()
    face_down: int = 0


class NoDraw(enum.Enum):
    """Why nobody drew at the end of a turn."""

    NINE = "a 9 was played this turn"
    EMPTY_DECK = "the deck is empty"
    FULL_HANDS = "the hands are full"


@dataclass(frozen=True, slots=True)
class TurnEnd:
    """What the end of a turn did: the draws in order (the hand that started the turn
    first), only of hands that drew; ``nobody`` says why when no hand drew."""

    draws: tuple[Draw, ...] = ()
    nobody: NoDraw | None = None


@dataclass(frozen=True, slots=True)
class Lose:
    """The table records that the game is lost (``referee smitten lose``): with physical
    cards it sees what the referee cannot. Not a move of the game, so never listed among
    the legal moves; allowed until the game is over."""

    reason: str | None = None  # as the table said it; None when it said nothing

    def __str__(self) -> str:
        return "lose"


#: What the table can record: a move of the game, or a loss it declares.
Action = Move | Lose


@dataclass(frozen=True, slots=True)
class Effect:
    """What one action did, beyond the new state: what the table is told.

    ``shown`` is a face-down card turned up, by a flip or, as a card was played, by the
    partner ("whenever a card has been played, if the partner has a face down card,
    immediately flip it"); ``top_card`` says the card placed was the deck's top card
    (card 3); ``taken`` is the set-aside card a swap took (``UNSEEN`` for the table's own
    cards); ``turn_end`` is what the end of the turn did, when the action ended one.
    """

    action: Action
    shown: int | None = None
    top_card: bool = False
    taken: int | None = None
    turn_end: TurnEnd | None = None




def actor_key(options: Setup) -> str:
    return "hand" if options.solo else "by"


def actor_value(options: Setup, actor: int) -> str | int:
    """Who moved, as events and JSON write it: hand "A"/"B", the player's name, or 1/2."""
    if options.solo:
        return "AB"[actor]
    return options.players[actor] if options.players else actor + 1


def encode(state: State, action: Action) -> dict[str, object]:
    """The event recorded for an action (who moved is always written)."""
    options = state.setup
    if isinstance(action, Lose):
        return {"kind": "lose"} if action.reason is None else {"kind": "lose", "reason": action.reason}
    event: dict[str, object] = {"kind": action.kind.value}
    if action.kind in (Kind.PLAY, Kind.PLACE):
        event["card"] = action.placement
    elif action.kind in (Kind.REVEAL, Kind.SWAP):
        event["card"] = action.number
    event[actor_key(options)] = actor_value(options, action.actor)
    if action.choice is not None:
        event["choose"] = action.choice.value
    return event


def text_field(table: Mapping[str, object], key: str, default: str | None = None) -> str:
    """The text under ``key`` (or ``default``); InputError when it is not a text."""
    value = table.get(key, default)
    if not isinstance(value, str):
        raise InputError(_("`{key}` must be a text").format(key=key))
    return value


def read_move(kind: Kind, actor: int, card: str | int | None, chosen: str | None) -> Move:
    """A move of ``kind`` from its card (``5L`` for a play or placement, ``4`` for a
    reveal or a swap, none for a flip) and its choice, each read by its one parser."""
    number, side = 0, None
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(str(card or ""))
        number, side = placement.number, placement.side
    elif kind in (Kind.REVEAL, Kind.SWAP):
        number = parse_smitten_card(card if card is not None else "")
    return move(kind, actor, number, side, None if chosen is None else Choice.parse(chosen))
