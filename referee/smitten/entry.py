"""From what the table types to a save file's event: `referee smitten play game.toml 5L
--choose higher --by Bram` becomes ``{"kind": "play", "card": "5L", "choose": "higher",
"by": "Bram"}``, which the game's one parser reads (:func:`referee.smitten.actions.decode`,
through :func:`referee.savefile.record`) as it reads a file's events and the web's.

:func:`entry` only puts the words where the event keeps them (and says which option names
who moves in this kind of game); reading the card, the choice and who moves, filling in
who moves when that is left out (:func:`resolve`) and judging the move are the parser's
and the rules' (:func:`referee.smitten.engine.refusal`), the same for every front end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from referee.errors import InputError, choose
from referee.i18n import _
from referee.smitten.actions import Action, Kind, Lose, Move, actor_key, read_move, text_field
from referee.smitten.actions import move as make_move
from referee.smitten.instructions import Choice
from referee.smitten.legality import CHOOSING_CARD, choices_for, slots
from referee.smitten.notation import GridSide
from referee.smitten.state import Flipped, Pending, Setup, State

#: What `referee smitten play FILE down` says for the face-down card.
_FACE_DOWN = ("down", "face-down", "facedown")


def entry(
    kind: Kind,
    card: str,
    choose: str | None = None,
    by: str | None = None,
    hand: str | None = None,
    flags: tuple[str, ...] = ("--by", "--hand"),
) -> Callable[[State], dict[str, object]]:
    """What the table typed, as a function of the game's state giving the save file's
    event (:func:`referee.savefile.record` calls it on the state it reads, under the
    file's lock, and reads the event with the game's parser): ``5L`` for a play or a
    placement (``down``: solo, play the face-down card), ``4`` for a reveal or a swap,
    ``choose`` higher or lower, who moves by ``by`` (two players) or ``hand`` (solo).

    ``flags`` are the who-moves options the command has: reveal (two players only) has
    ``--by``, swap (solo only) ``--hand``."""

    def event(state: State) -> dict[str, object]:
        face_down = kind is Kind.PLAY and card.strip().lower() in _FACE_DOWN
        found: dict[str, object] = {"kind": Kind.FLIP.value if face_down else kind.value}
        if not face_down:
            found["card"] = card
        who = actor_word(state.setup, by, hand, flags)
        if who is not None:
            found[actor_key(state.setup)] = who
        if choose is not None:
            found["choose"] = choose
        return found

    return event


def actor_word(setup: Setup, by: str | None, hand: str | None, flags: tuple[str, ...] = ("--by", "--hand")) -> str | None:
    """Who moves as typed: ``--by`` in a two-player game, ``--hand`` in a solo one (None
    when left out). The other option, where the command has it, is refused in words that
    name the right one; a command without it (reveal, swap) leaves it to the rules, which
    say why the move is not for this kind of game."""
    given, other = (hand, by) if setup.solo else (by, hand)
    if other is not None and actor_flags(setup).split()[0] in flags:
        if setup.solo:
            raise InputError(_("a solo game names hands, not players: use {flags}").format(flags=actor_flags(setup)))
        raise InputError(_("a two-player game names players, not hands: use {flags}").format(flags=actor_flags(setup)))
    return given


class Unsaid(InputError):
    """An entry that leaves out who moves where either could: the event's words by
    default; a front end that has options for it says which (:func:`unsaid_words`)."""

    def __init__(self, state: State, kind: Kind, number: int, side: GridSide | None, why: str) -> None:
        super().__init__(_("the event does not say who moved (`{key}`), and either could have").format(key=actor_key(state.setup)))
        self.setup, self.kind, self.number, self.side, self.why = state.setup, kind, number, side, why


def unsaid_words(unsaid: Unsaid) -> str:
    """Why the command must say who moves, naming its options: '… add --by Anna or --by Bram'."""
    options, number, side = unsaid.setup, unsaid.number, unsaid.side
    flags = actor_flags(options)
    what = f"{unsaid.kind.value} {number}{side.value if side is not None else ''}"
    if unsaid.why == "either":
        if options.solo:
            return _("either hand may {move}: add {flags}").format(move=what, flags=flags)
        return _("either player may {move}: add {flags}").format(move=what, flags=flags)
    if unsaid.why == "face-down":
        return _("both hands have a face-down card: say which with {flags}").format(flags=flags)
    if options.solo:
        return _("both hands hold a {number}: say who moves with {flags}").format(number=number, flags=flags)
    return _("both players hold a {number}: say who moves with {flags}").format(number=number, flags=flags)


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
    """Who moves, as an entry names it, as actor 0 or 1 (None when left out): solo, hand
    ``A`` or ``B``; two players, ``1`` or ``2`` or a player's name, in any case, or any
    unambiguous start of it. The one reading of who moves, for the command line's
    ``--by``/``--hand`` and a save file's ``by``/``hand`` alike.

    >>> from referee.smitten.dealing import Difficulty, SmittenMode
    >>> parse_actor(Setup(SmittenMode.SOLO, None), "b"), parse_actor(Setup(SmittenMode.TWO, Difficulty.MEDIUM, players=("Anna", "Bram")), "br")
    (1, 1)
    >>> parse_actor(Setup(SmittenMode.SOLO, None), "C")
    Traceback (most recent call last):
    referee.errors.InputError: `hand` must be A or B, not 'C'
    """
    if value is None:
        return None
    given = str(value).strip()
    text = given.upper().removeprefix("PLAYER").removeprefix("HAND").strip()
    if options.solo:
        if text in ("A", "B"):
            return "AB".index(text)
        raise InputError(_("`hand` must be A or B, not {value}").format(value=repr(value)))
    players = options.players
    if text in ("1", "2") and given.casefold() not in (name.casefold() for name in players or ()):
        return int(text) - 1
    if players and isinstance(value, str):
        from referee.players import seat_of

        return seat_of(given, players)
    raise InputError(_("`by` must be 1, 2 or a player's name, not {value}").format(value=repr(value)))


def resolve(
    state: State, kind: Kind, number: int = 0, side: GridSide | None = None, actor: int | None = None, choice: Choice | None = None
) -> Move:
    """The move the table means, filling in who moves and card 5's forced choice.

    ``actor`` may be left out when only one player (hand) can make this move now: the
    partner who must follow an instruction, or the only hand holding that card. When no
    one can, it is the first who could be meant, and the rules (``refusal``) say why
    not: only legality decides. A 5 played without the choice it needs is left without
    one, and a choice with any move but a played 5 is kept: the rules refuse either (as
    input that cannot be used), after any rule the move itself breaks.
    """
    if actor is None:
        actor = _who_moves(state, kind, number, side)
    if kind is Kind.PLAY and side is not None and number == CHOOSING_CARD:
        allowed = choices_for(state, number, side)
        if allowed == (None,):
            choice = None  # the 17th card: its instruction, and so the choice, is ignored
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
    if options.physical:
        holding = [actor for actor in actors if state.hands[actor]]
        if len(holding) == 1:
            return holding[0]
        raise Unsaid(state, kind, number, side, "either")
    if kind is Kind.FLIP:
        raise Unsaid(state, kind, number, side, "face-down")
    holding = [actor for actor in actors if number in state.hands[actor].face_up]
    if len(holding) == 1:
        return holding[0]
    if not holding:
        return actors[0]  # nobody can: the rules refuse it for the first who could be meant
    raise Unsaid(state, kind, number, side, "both")


# --- a save file's event, read (every entry is: the command line's and the web's too) ---


def decode(state: State, event: Mapping[str, object]) -> Action:
    """The action an event describes (who moves may be left out where the rules imply it:
    :func:`referee.smitten.entry.resolve`). Every entry is read here, the command line's
    and the web's as a file's: its card by :class:`Placement` or
    :func:`~referee.smitten.notation.parse_smitten_card`, its choice by
    :meth:`Choice.parse`, who moved by :func:`~referee.smitten.entry.parse_actor`. Which
    moves may carry a choice is the rules' (:func:`referee.smitten.legality.violation`)."""
    options = state.setup
    kind_name = text_field(event, "kind")
    if kind_name == "lose":
        reason = event.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise InputError(_("the `reason` of a loss must be a text"))
        return Lose(reason)
    kind = Kind(choose(kind_name, [k.value for k in Kind], "event kind"))
    actor = parse_actor(options, event.get(actor_key(options)))
    card = event.get("card")
    if kind in (Kind.PLAY, Kind.PLACE):
        card = text_field(event, "card")
    elif card is not None and not isinstance(card, (str, int)):
        card = str(card)  # no card either way: its parser says so, quoting it as written
    move = read_move(kind, 0, card, text_field(event, "choose") if "choose" in event else None)
    return resolve(state, kind, move.number, move.side, actor, move.choice)
