"""From what the table types to an action: `referee smitten play game.toml 5L --choose
higher --by Bram` becomes a :class:`~referee.smitten.actions.Move`.

Two stages, so that a typing slip is reported before the file is read: :func:`typed`
parses the words alone (card, grid, choice), and :meth:`Entry.action` resolves them
against the game (who moves when that is left out, card 5's forced choice);
:func:`entry` gives that as a function of the state, which is what
:func:`referee.savefile.record` takes. The same resolution reads a save file's events
(:func:`decode`, below). It never refuses a move itself: when nobody
can make it, the rules (:func:`referee.smitten.engine.refusal`) say why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError, choose, quoted
from referee.i18n import _
from referee.smitten.actions import Action, Kind, Lose, Move, actor_key, text_field
from referee.smitten.actions import move as make_move
from referee.smitten.instructions import Choice
from referee.smitten.legality import choices_for, slots
from referee.smitten.notation import GridSide, Placement, parse_smitten_card
from referee.smitten.state import Flipped, Pending, Setup, State

#: What `referee smitten play FILE down` says for the face-down card.
_FACE_DOWN = ("down", "face-down", "facedown")


@dataclass(frozen=True)
class Entry:
    """One typed entry, parsed but not yet judged: the kind of move, the card (and grid),
    card 5's choice, and who moves as typed (``--by`` / ``--hand``, perhaps left out).

    ``flags`` are the who-moves options the command has: reveal (two players only) has
    ``--by``, swap (solo only) ``--hand``.
    """

    kind: Kind
    number: int = 0
    side: GridSide | None = None
    choice: Choice | None = None
    by: str | None = None
    hand: str | None = None
    flags: tuple[str, ...] = ("--by", "--hand")

    def action(self, state: State) -> Move:
        """The move meant, in this game: who moves, and card 5's forced choice."""
        options = state.setup
        solo = options.solo
        given, other = (self.hand, self.by) if solo else (self.by, self.hand)
        if other is not None:
            wanted = actor_flags(options)
            if wanted.split()[0] in self.flags:
                if solo:
                    raise InputError(_("a solo game names hands, not players: use {flags}").format(flags=wanted))
                raise InputError(_("a two-player game names players, not hands: use {flags}").format(flags=wanted))
            # This command is for the other kind of game (reveal, swap): the rules say why not.
        return resolve(state, self.kind, self.number, self.side, parse_actor(options, given), self.choice)


def entry(
    kind: Kind,
    card: str,
    choose: str | None = None,
    by: str | None = None,
    hand: str | None = None,
    flags: tuple[str, ...] = ("--by", "--hand"),
) -> Callable[[State], Move]:
    """What the table typed, as a function of the game's state giving the move: the words
    are parsed now (a slip is reported before the file is read), the move is resolved
    against the state :func:`referee.savefile.record` reads (under the file's lock)."""
    return typed(kind, card, choose, by, hand, flags).action


def typed(
    kind: Kind,
    card: str,
    choose: str | None = None,
    by: str | None = None,
    hand: str | None = None,
    flags: tuple[str, ...] = ("--by", "--hand"),
) -> Entry:
    """Parse an entry's words: ``5L`` for a play or placement (``down``: solo, play the
    face-down card), ``4`` for a reveal or a swap; ``choose`` is ``higher`` or ``lower``."""
    if kind is Kind.PLAY and card.strip().lower() in _FACE_DOWN:
        if choose is not None:
            raise InputError(_("--choose goes with the play of the flipped card, once it is face up"))
        return Entry(Kind.FLIP, by=by, hand=hand, flags=flags)
    number, side = 0, None
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(card)
        number, side = placement.number, placement.side
    elif kind in (Kind.REVEAL, Kind.SWAP):
        number = parse_smitten_card(card)
    choice = Choice.parse(choose) if choose is not None else None
    if choice is not None and (kind is not Kind.PLAY or number != 5):
        what = f"{kind.value} {number or ''}".rstrip()
        raise InputError(_("--choose is for a played 5 only, not for {move}").format(move=what))
    return Entry(kind, number, side, choice, by, hand, flags)


def actor_flags(setup: Setup) -> str:
    """How to say who moves: '--hand A or --hand B', '--by Anna or --by Bram', '--by 1 or --by 2'."""
    if setup.solo:
        return _("--hand A or --hand B")
    if setup.players:
        import re
        import shlex

        typed = [name if re.fullmatch(r"[\w.-]+", name) else shlex.quote(name) for name in setup.players]
        return _(" or ").join(f"--by {name}" for name in typed)
    return _("--by 1 or --by 2")


def parse_actor(options: Setup, value: object) -> int | None:
    """`--hand A|B` (solo) or `--by` (two players: 1 or 2, or a player's name, in any case,
    or any unambiguous start of it) as actor 0 or 1; None when left out."""
    if value is None:
        return None
    given = str(value).strip()
    text = given.upper().removeprefix("PLAYER").removeprefix("HAND").strip()
    if options.solo:
        if text in ("A", "B"):
            return "AB".index(text)
        raise InputError(_("{value} is not a solo hand; use --hand A or --hand B").format(value=quoted(str(value))))
    players = options.players
    if text in ("1", "2") and given.casefold() not in (name.casefold() for name in players or ()):
        return int(text) - 1
    if players:
        from referee.players import seat_of

        return seat_of(given, players)
    raise InputError(_("{value} is not a player; use --by 1 or --by 2").format(value=quoted(str(value))))


def resolve(
    state: State, kind: Kind, number: int = 0, side: GridSide | None = None, actor: int | None = None, choice: Choice | None = None
) -> Move:
    """The move the table means, filling in who moves and card 5's forced choice.

    ``actor`` may be left out when only one player (hand) can make this move now: the
    partner who must follow an instruction, or the only hand holding that card. When no
    one can, it is the first who could be meant, and the rules (``refusal``) say why
    not: only legality decides. A 5 played without the choice it needs is left without
    one: the rules refuse it (as input that cannot be used), after any rule the play
    itself breaks. A choice given with anything but a played 5 is refused before this,
    where the entry or the event is read.
    """
    if actor is None:
        actor = _who_moves(state, kind, number, side)
    if kind is Kind.PLAY and side is not None:
        allowed = choices_for(state, number, side)
        if allowed == (None,):
            choice = None  # no 5, or the 17th card: its instruction, and so the choice, is ignored
        elif choice is None and len(allowed) == 1:
            choice = allowed[0]  # solo Hard Mode 1
    return make_move(kind, actor, number, side, choice)


def _who_moves(state: State, kind: Kind, number: int, side: GridSide | None) -> int:
    options = state.setup
    actors = [actor for slot_kind, actor in slots(state) if slot_kind is kind]
    if len(actors) == 1:
        return actors[0]
    pending = state.pending
    if not actors:
        return pending.follower if isinstance(pending, Pending) else (pending.by if isinstance(pending, Flipped) else 0)
    flags = actor_flags(options)
    what = f"{kind.value} {number}{side.value if side is not None else ''}"
    if options.physical:
        holding = [actor for actor in actors if state.hands[actor]]
        if len(holding) == 1:
            return holding[0]
        if options.solo:
            raise InputError(_("either hand may {move}: add {flags}").format(move=what, flags=flags))
        raise InputError(_("either player may {move}: add {flags}").format(move=what, flags=flags))
    if kind is Kind.FLIP:
        raise InputError(_("both hands have a face-down card: say which with {flags}").format(flags=flags))
    holding = [actor for actor in actors if number in state.hands[actor].face_up]
    if len(holding) == 1:
        return holding[0]
    if not holding:
        return actors[0]  # nobody can: the rules refuse it for the first who could be meant
    if options.solo:
        raise InputError(_("both hands hold a {number}: say who moves with {flags}").format(number=number, flags=flags))
    raise InputError(_("both players hold a {number}: say who moves with {flags}").format(number=number, flags=flags))


def decode(state: State, event: Mapping[str, Any]) -> Action:
    """The action an event describes (who moves may be left out where the rules imply it)."""
    options = state.setup
    kind_name = text_field(event, "kind")
    if kind_name == "lose":
        reason = event.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise InputError(_("the `reason` of a loss must be a text"))
        return Lose(reason)
    kind = Kind(choose(kind_name, [k.value for k in Kind], "event kind"))
    actor = _actor(options, event)
    choice = _choice(text_field(event, "choose")) if "choose" in event else None
    number, side = 0, None
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(text_field(event, "card"))
        number, side = placement.number, placement.side
        if choice is not None and (kind is not Kind.PLAY or number != 5):
            raise InputError(_("`choose` is for a played 5 only, not for {kind} {card}").format(kind=kind.value, card=placement))
    elif choice is not None:
        raise InputError(_("`choose` is for a played 5 only, not for {kind}").format(kind=kind.value))
    elif kind in (Kind.REVEAL, Kind.SWAP):
        card = event.get("card")
        if not isinstance(card, int) or isinstance(card, bool) or not 1 <= card <= 9:
            raise InputError(_("`card` of a {kind} must be a number 1 to 9, not {card}").format(kind=kind.value, card=repr(card)))
        number = card
    try:
        return resolve(state, kind, number, side, actor, choice)
    except InputError:  # who moved is left out, and either could have: the file must say
        raise InputError(_("the event does not say who moved (`{key}`), and either could have").format(key=actor_key(options))) from None


def _actor(options: Setup, event: Mapping[str, Any]) -> int | None:
    """Who moved, as the event says it (None when left out): ``hand = "A"`` (solo), ``by = 1``
    or the player's name."""
    key = actor_key(options)
    try:
        return parse_actor(options, event.get(key))
    except InputError:
        if options.solo:
            raise InputError(_("`hand` must be A or B, not {value}").format(value=repr(event.get(key)))) from None
        raise InputError(_("`by` must be 1, 2 or a player's name, not {value}").format(value=repr(event.get(key)))) from None


def _choice(text: str) -> Choice:
    """The ``choose`` of an event: ``higher`` or ``lower``."""
    for choice in Choice:
        if text.strip().lower() == choice.value:
            return choice
    raise InputError(_("`choose` must be higher or lower, not {value}").format(value=repr(text)))
