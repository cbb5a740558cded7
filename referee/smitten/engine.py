"""Playing a move: the new state after it, with every consequence the rules attach.

:func:`apply` refuses an illegal action (:class:`~referee.errors.Refused`, carrying the value
:func:`refusal` returns) and otherwise returns a :class:`~referee.game.Step`: the new state and the
:class:`~referee.smitten.actions.Effect`, what the table is told. The card goes into its
grid, a solo partner flips its face-down card, the instruction becomes pending, the
turn ends with the draws, and the game is won or lost the moment the rules say so:

- won "if 17 cards are in the grids (when the 17th card is played, ignore the
  instructions on that card)" — whether the 17th card is played or placed, even in the
  middle of a chain of 2s: nobody follows anything after it;
- lost "if neither player can play a card", checked at the start of every turn;
- lost "if a partner can't follow the instructions on a played card", checked as soon
  as the card is played (card 1's reveal is allowed only when another card can then be
  placed, so it never loses);
- lost (solo) "if you try to play a face down card and it turns out to be impossible to
  play legally", checked when it is flipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from referee.errors import InputError, Refused
from referee.game import Outcome, Refusal, Step, refuse
from referee.smitten.actions import Action, Draw, Effect, Kind, Lose, Move, NoDraw, TurnEnd
from referee.smitten.dealing import deal_smitten
from referee.smitten.grid import BIT, COUNT
from referee.smitten.legality import Fault, Rule, legal_moves, violation
from referee.smitten.notation import GridSide
from referee.smitten.state import BOTH, UNSEEN, Flipped, Hand, Pending, Setup, State, Termination

FORMAT = "referee/smitten"


def new_game(options: Setup) -> State:
    """The state after the deal: seeded (the deal of SPEC §3) or physical (cards unseen)."""
    if options.physical:
        size = options.hand_size
        hands = (Hand((UNSEEN,) * size), Hand((UNSEEN,) * size))
        state = State(setup=options, hands=hands, deck=(UNSEEN,) * (17 - 2 * size))
    elif options.fair is not None and options.fair_seed(0) is None:
        # A fair game waiting for entropy: nothing is dealt yet, and nothing can be played.
        size = options.hand_size
        return State(setup=options, hands=(Hand((UNSEEN,) * size), Hand((UNSEEN,) * size)), deck=(UNSEEN,) * (17 - 2 * size))
    else:
        seed = options.seed if options.fair is None else options.fair_seed(0)
        if seed is None:
            from referee.i18n import _

            raise InputError(_("a virtual game needs a seed, or physical cards (the table's own)"))
        deal = deal_smitten(seed, options.mode, options.difficulty)
        hands = (Hand(deal.hands[0].face_up, deal.hands[0].face_down), Hand(deal.hands[1].face_up, deal.hands[1].face_down))
        state = State(setup=options, hands=hands, deck=deal.deck, set_aside=deal.set_aside)
    return _check_turn_start(state)


def play(state: State, move: Move) -> State:
    """The state after ``move``; raises :class:`~referee.errors.Refused` if it is illegal."""
    return apply(state, move).state


def apply(state: State, action: Action) -> Step[State, Effect]:
    """The new state after ``action`` and what it did; :class:`~referee.errors.Refused`
    with the :func:`refusal` if the rules forbid it."""
    refused = refusal(state, action)
    if refused is not None:
        raise Refused(refused, FORMAT, state)
    if isinstance(action, Lose):
        return Step(_declare_loss(state, action), Effect(action))
    return _APPLY[action.kind](state, action)


def successors(state: State) -> Iterator[tuple[Move, State]]:
    """Each legal move now with the position it leads to, lazily: the moves are
    :func:`~referee.smitten.legality.legal_moves`'s (the one definition of legality) and
    each is played as :func:`apply` plays it, without checking a second time a move the
    rules have just listed. The solver and the hint search with it."""
    for move in legal_moves(state):
        yield move, _APPLY[move.kind](state, move).state


def refusal(state: State, action: Action) -> Refusal | None:
    """Why the rules forbid ``action`` now, as a value, or None: the one definition of
    legality (:func:`referee.smitten.legality.violation`). The refusal's ``rule`` is the
    :class:`~referee.smitten.legality.Rule` broken; its parameters are the ``fault`` (the
    way it was broken, or None), the ``move`` refused, and the ``seat``, ``card`` and
    ``grid`` of that move. A higher/lower choice that is missing or that the move
    cannot carry makes the entry unusable (exit 2); every other refusal is the rules
    saying no (exit 1). Never raises; the voice
    (:mod:`referee.smitten.voice`) words it."""
    if isinstance(action, Lose):
        return None if state.outcome is None else refuse(Rule.GAME_OVER, fault=None, move=action, outcome=state.outcome)
    found = violation(state, action)
    if found is None:
        return None
    return refuse(
        found.rule,
        unusable=found.fault in _UNUSABLE,
        fault=found.fault,
        move=action,
        seat=action.actor,
        card=action.number,
        grid=action.side,
    )


#: Refusals of a higher/lower choice the move cannot carry, or lacks: input that cannot be
#: used as it is (exit 2), not the rules saying no to a move that could be made.
_UNUSABLE = frozenset((Fault.NO_CHOICE, Fault.NOT_FIVE, Fault.PLACED_CHOICE, Fault.NOT_PLAYED))


def _declare_loss(state: State, action: Lose) -> State:
    """The table records a loss itself (physical cards), or gives up; its words, if any,
    are the table's own."""
    said = (action.reason or "").strip() or None
    return replace(state, ended=_lost(Termination.DECLARED, reason=said))


def _lost(termination: Termination, **details: object) -> Outcome:
    """A lost game (Smitten is cooperative: nobody wins), with the ``details`` the voice
    words (the seat, the card…)."""
    return Outcome(winners=(), termination=termination, details=tuple(details.items()))


def _over(fresh: State, outcome: Outcome, pending: Pending | Flipped | None) -> State:
    """``replace(fresh, pending=pending, ended=outcome)``, done in place: ``fresh`` is a
    state this module has just built and not handed out yet, so nobody has seen it
    without its outcome (the solver ends games by the hundred thousand; a copy for each
    would cost a tenth of its time). Once the game is over nothing is legal."""
    object.__setattr__(fresh, "pending", pending)
    object.__setattr__(fresh, "ended", outcome)
    object.__setattr__(fresh, "_legal", ())
    object.__setattr__(fresh, "_hash", None)
    return fresh


# --- the moves -------------------------------------------------------------------------


def _without(cards: tuple[int, ...], number: int) -> tuple[int, ...]:
    """``cards`` minus one copy of ``number`` (or one unseen card, for physical hands)."""
    index = cards.index(number if number in cards else UNSEEN)
    return cards[:index] + cards[index + 1 :]


def _put(grids: tuple[int, int], move: Move) -> tuple[int, int]:
    left, right = grids
    if move.side is GridSide.LEFT:
        return left | BIT[move.number], right
    return left, right | BIT[move.number]


def _won(state: State) -> State:
    won = Outcome(winners=BOTH, termination=Termination.COMPLETED)
    return _over(state, won, None)


def _play(state: State, move: Move) -> Step[State, Effect]:
    assert move.side is not None
    actor = move.actor
    hand = state.hands[actor]
    mine = Hand(_without(hand.face_up, move.number), hand.face_down)
    partner = state.hands[1 - actor]
    shown = None
    if partner.face_down:
        # "Whenever a card has been played, if the partner has a face down card, immediately flip it."
        shown = partner.face_down[0]
        partner = Hand(partner.face_up + partner.face_down, ())
    grids = _put(state.grids, move)
    after = State(
        setup=state.setup,
        grids=grids,
        hands=(mine, partner) if actor == 0 else (partner, mine),
        deck=state.deck,
        set_aside=state.set_aside,
        pending=Pending(move.number, move.side, actor, move.choice),
        starter=actor if state.starter is None else state.starter,
        no_draw=state.no_draw or move.number == 9,
        swapped=state.swapped,
    )
    effect = Effect(move, shown=shown)
    if COUNT[grids[0]] + COUNT[grids[1]] >= 17:
        return Step(_won(after), effect)
    return Step(_check_follow(after), effect)


def _place(state: State, move: Move) -> Step[State, Effect]:
    pending = state.pending
    assert isinstance(pending, Pending)
    deck, hands = state.deck, state.hands
    if pending.card == 3:
        deck = deck[1:]
    else:
        hand = hands[move.actor]
        changed = Hand(_without(hand.face_up, move.number), hand.face_down)
        hands = (changed, hands[1]) if move.actor == 0 else (hands[0], changed)
    grids = _put(state.grids, move)
    top_card = pending.card == 3
    if COUNT[grids[0]] + COUNT[grids[1]] >= 17:
        after = State(
            setup=state.setup,
            grids=grids,
            hands=hands,
            deck=deck,
            set_aside=state.set_aside,
            starter=state.starter,
            no_draw=state.no_draw,
            swapped=state.swapped,
        )
        return Step(_won(after), Effect(move, top_card=top_card))
    ended, turn_end = _end_turn(state, grids, hands, deck)
    return Step(ended, Effect(move, top_card=top_card, turn_end=turn_end))


def _reveal(state: State, move: Move) -> Step[State, Effect]:
    """Card 1 (two players): the card is shown. No loss can follow: a reveal is legal only
    when another card can then be placed (:func:`referee.smitten.legality.reveal_mask`)."""
    pending = state.pending
    assert isinstance(pending, Pending)
    return Step(replace(state, pending=replace(pending, revealed=move.number)), Effect(move))


def _flip(state: State, move: Move) -> Step[State, Effect]:
    actor = move.actor
    hand = state.hands[actor]
    number = hand.face_down[0]
    flipped = Hand(hand.face_up + (number,), hand.face_down[1:])
    after = State(
        setup=state.setup,
        grids=state.grids,
        hands=(flipped, state.hands[1]) if actor == 0 else (state.hands[0], flipped),
        deck=state.deck,
        set_aside=state.set_aside,
        pending=Flipped(number, actor),
        starter=state.starter,
        no_draw=state.no_draw,
        swapped=state.swapped,
    )
    effect = Effect(move, shown=number)
    if next(legal_moves(after), None) is None:
        lost = _lost(Termination.FACE_DOWN_UNPLAYABLE, seat=move.actor, card=number)
        return Step(_over(after, lost, after.pending), effect)
    return Step(after, effect)


def _swap(state: State, move: Move) -> Step[State, Effect]:
    """Solo Easy Mode: "either hand may set a card aside face up and replace it, face up,
    with the card that was set aside during setup."

    Decisions: the swap happens at the beginning of a turn (before its first card) and
    once a game, as the rule speaks of *the* card set aside during setup; only a
    face-up card is swapped (the replacement comes face up, so the hand keeps its shape).
    """
    hand = state.hands[move.actor]
    changed = Hand(_without(hand.face_up, move.number) + (state.set_aside,), hand.face_down)
    after = State(
        setup=state.setup,
        grids=state.grids,
        hands=(changed, state.hands[1]) if move.actor == 0 else (state.hands[0], changed),
        deck=state.deck,
        set_aside=move.number,
        pending=state.pending,
        starter=state.starter,
        no_draw=state.no_draw,
        swapped=True,
    )
    return Step(_check_turn_start(after, after_swap=True), Effect(move, taken=state.set_aside))


_APPLY: dict[Kind, Callable[[State, Move], Step[State, Effect]]] = {
    Kind.PLAY: _play,
    Kind.PLACE: _place,
    Kind.REVEAL: _reveal,
    Kind.FLIP: _flip,
    Kind.SWAP: _swap,
}


# --- end of turn and the losses ------------------------------------------------------


def _refill(hand: Hand, deck: tuple[int, ...], options: Setup) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards ``hand`` draws from the top of ``deck`` to be full again: (face up, face down).

    Solo hands are "2 face up cards and 1 face down card", drawn "face up before face
    down": a hand draws face up until it shows two face-up cards, then face down until it
    holds three cards. A hand whose face-down card was flipped keeps three face-up cards
    and draws nothing.
    """
    cards = deck[: max(0, options.hand_size - len(hand))]
    up = max(0, options.face_up_size - len(hand.face_up))
    return cards[:up], cards[up:]


def _end_turn(state: State, grids: tuple[int, int], hands: tuple[Hand, Hand], deck: tuple[int, ...]) -> tuple[State, TurnEnd]:
    """"At the end of each turn, both players draw back up to a full hand if possible
    (the active player draws their card(s) first)" — unless a 9 was played this turn.
    ``state`` is the position before the turn's last card was placed (it says who started
    the turn and whether a 9 was played); ``grids``, ``hands`` and ``deck`` are as they
    are now. Returns the new state and the draws (or why nobody drew).

    Decision: card 9's "neither player may draw cards this turn" holds for the whole
    turn, so a 9 played anywhere in a chain of 2s stops both players' draws.
    """
    options = state.setup
    drawn = list(hands)
    draws: list[Draw] = []
    if not state.no_draw:
        first = state.starter or 0
        for actor in (first, 1 - first):
            up, down = _refill(drawn[actor], deck, options)
            if up or down:
                deck = deck[len(up) + len(down) :]
                drawn[actor] = Hand(drawn[actor].face_up + up, drawn[actor].face_down + down)
                draws.append(Draw(actor, up, len(down)))
    if draws:
        turn_end = TurnEnd(tuple(draws))
    elif state.no_draw:
        turn_end = TurnEnd(nobody=NoDraw.NINE)
    elif all(len(hand) >= options.hand_size for hand in drawn):
        turn_end = TurnEnd(nobody=NoDraw.FULL_HANDS)
    else:
        turn_end = TurnEnd(nobody=NoDraw.EMPTY_DECK)
    after = State(setup=options, grids=grids, hands=(drawn[0], drawn[1]), deck=deck, set_aside=state.set_aside, swapped=state.swapped)
    return _check_turn_start(after), turn_end


def _can_start(state: State) -> bool:
    """Whether the table can do something to start a turn.

    Decided only from what the table sees: the referee never uses a hidden card (the
    set-aside card, a face-down card, the deck's order) to judge what the table may do.
    So a solo hand with a face-down card can always try it (if it proves unplayable, that
    is the face-down loss), and while the Easy Mode swap is unused it is offered: "at the
    beginning of any turn, either hand may set a card aside face up and replace it, face
    up, with the card that was set aside during setup". Whether the hidden card would fit
    is learnt only after the swap, which starts the turn again (and may lose it then).
    """
    return next(legal_moves(state), None) is not None


def _check_turn_start(state: State, after_swap: bool = False) -> State:
    if state.outcome is None and not _can_start(state):
        return _over(state, _lost(Termination.NO_PLAYABLE_CARD, after_swap=after_swap), state.pending)
    return state


def _check_follow(state: State) -> State:
    """Lose at once when the partner cannot follow the card just played."""
    if next(legal_moves(state), None) is not None:
        return state
    pending = state.pending
    assert isinstance(pending, Pending)
    # Card 3: the top card of the deck, turned up to follow it (None: no deck left, or
    # the table's own card, unseen); ``empty_deck`` when there was none.
    top = state.deck[0] if pending.card == 3 and state.deck and state.deck[0] != UNSEEN else None
    empty_deck = pending.card == 3 and not state.deck
    lost = _lost(Termination.COULD_NOT_FOLLOW, seat=pending.follower, card=pending.card, top=top, empty_deck=empty_deck)
    return _over(state, lost, pending)
