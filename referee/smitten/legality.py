"""Which moves the rules allow now: one definition for "is this legal?" and "list them".

Like python-chess, :func:`legal_moves` lists what may be done now and :func:`violation`
(and :func:`is_legal`) answers for one move; :mod:`referee.smitten.explain` puts a
violation into words (it imports this module, never the other way round). Both rest on
:func:`slots` (who may do what kind of move now) and :func:`constraints` (for a play or
placement in one grid: one mask of allowed numbers per rule, in the order a referee
would object). A move is legal when its number is in every mask; the first mask without
it names the rule that refused it. Nothing else decides legality.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass, replace

from referee.smitten.actions import MOVES, Kind, Move
from referee.smitten.grid import ALL, BIT, COUNT, NUMBERS_IN, SIDES, TOUCHING, iter_bits, mask_of
from referee.smitten.instructions import ANSWERS, Answer, Choice, forced_choice, grid_allowed, numbers_allowed
from referee.smitten.notation import GridSide
from referee.smitten.state import UNSEEN, Flipped, Pending, State


class Rule(enum.Enum):
    """The rule that decides a move: every refusal names one."""

    GAME_OVER = "game over"
    TURN = "turn"  # this kind of move, by this player, is not what the game waits for
    HAND = "hand"  # the card is not in the player's hand
    TOP_CARD = "top card"  # card 3: the card placed is the top card of the deck
    FLIPPED = "flipped card"  # solo: the flipped card must be played
    COPIES = "two of each number"  # physical cards: only two of each number exist
    INSTRUCTION_GRID = "instruction grid"  # cards 5, 7, 8 say which grid
    INSTRUCTION_CARD = "instruction card"  # cards 1, 4, 5, 6 say which numbers
    CELL = "one of each number per grid"
    ADJACENT = "orthogonal adjacency"
    BALANCE = "±2 rule"
    CHOICE = "card 5 choice"
    SWAP = "easy swap"


class Fault(enum.Enum):
    """Where a rule can be broken in several ways, the way it was: decided here, worded
    by :mod:`referee.smitten.explain`."""

    UNPLACED = "unplaced"  # a play or placement that names no grid or no card 1 to 9
    SHORT_HAND = "short hand"  # card 1: the partner holds fewer than 2 cards
    EMPTY_HAND = "empty hand"
    REVEALED = "revealed"  # card 1: the revealed card is not the one placed
    NOT_HELD = "not held"  # the hand does not hold that number
    ACCOUNTED = "accounted for"  # the table's own cards: both copies are in sight
    NO_PLACE_AFTER = "nothing to place after"  # card 1: with it revealed, no card can be placed
    IN_SIGHT = "in sight"  # the table's own cards: no copy of it can be in the hand
    PLACED_CHOICE = "placed choice"  # a placed card with a higher/lower choice
    EMPTY_DECK = "empty deck"  # card 3: there is no top card to place
    NOT_FIVE = "not five"  # a higher/lower choice on a card other than 5
    IGNORED = "ignored"  # a choice on the 17th card, whose instruction is ignored
    FORCED = "forced"  # solo Hard Mode 1: the grid fixes card 5's choice
    NO_CHOICE = "no choice"  # card 5 played without its choice
    NOT_PLAYED = "not played"  # a higher/lower choice on a reveal, a flip or a swap
    # The TURN rule: why this kind of move, by this player, is not what the game waits for.
    NOT_EASY = "not easy mode"  # a swap outside solo Easy Mode
    SWAP_USED = "swap used"  # the easy swap happens once a game
    SWAP_MID_TURN = "swap mid-turn"  # the easy swap happens before a turn's first card
    FLIP_NOT_SOLO = "flip not solo"  # only solo hands have a face-down card
    FLIP_PHYSICAL = "flip physical"  # the table's own cards: flipped at the table, played by number
    NO_FACE_DOWN = "no face-down card"  # between turns, the hand has no face-down card
    FLIP_MID_TURN = "flip mid-turn"  # a face-down card is played only to start a turn
    SOLO_REVEAL = "solo reveal"  # solo hands do not reveal for card 1
    PLACE_NO_INSTRUCTION = "place, no instruction"  # a turn starts with a play
    REVEAL_NO_CARD_ONE = "reveal, no card 1"  # no card 1 is waiting for a reveal
    MUST_PLAY_FLIPPED = "must play the flipped card"  # solo: the flipped card is played first
    NOT_FOLLOWER = "not the follower"  # the pending instruction binds the partner
    REVEALED_ALREADY = "revealed already"  # card 1's partner revealed; now it places
    WRONG_ANSWER = "wrong answer"  # the follower answers the instruction with the wrong kind of move


@dataclass(frozen=True, slots=True)
class Violation:
    """Why a move is not legal: the rule that forbids it, and the fault where the rule
    can be broken in several ways."""

    rule: Rule
    fault: Fault | None = None


# --- who may do what now -------------------------------------------------------------


_EITHER_PLAYS: tuple[tuple[Kind, int], ...] = ((Kind.PLAY, 0), (Kind.PLAY, 1))


def slots(state: State) -> tuple[tuple[Kind, int], ...]:
    """The (kind of move, actor) pairs the game waits for now.

    Between turns anyone may play ("whichever player chooses to play becomes the active
    player"); a solo hand may also flip its face-down card to play it, and with Easy
    Mode swap a card first. While an instruction is pending only the partner moves.
    """
    if state.outcome is not None:
        return ()
    pending = state.pending
    if pending is None:
        options = state.setup
        if not options.solo:
            return _EITHER_PLAYS
        found = _EITHER_PLAYS
        if not options.physical:
            hands = state.hands
            if hands[0].face_down:
                found += ((Kind.FLIP, 0),)
            if hands[1].face_down:
                found += ((Kind.FLIP, 1),)
        if options.easy and not state.swapped:
            found += ((Kind.SWAP, 0), (Kind.SWAP, 1))
        return found
    if isinstance(pending, Flipped):
        return ((Kind.PLAY, pending.by),)
    follower = pending.follower
    if ANSWERS[pending.card] is Answer.PLAY:
        return ((Kind.PLAY, follower),)
    if awaits_reveal(state, pending):
        return ((Kind.REVEAL, follower),)
    return ((Kind.PLACE, follower),)


def awaits_reveal(state: State, pending: Pending) -> bool:
    """Card 1 with two players, before the reveal: "your partner must reveal 1 card from
    their hand, then place another card". A solo partner's cards are all face up when it
    follows, so it places at once (keeping a second card in hand).
    """
    return ANSWERS[pending.card] is Answer.REVEAL_THEN_PLACE and not state.setup.solo and pending.revealed is None


def unseen_allowed(state: State) -> int:
    """Physical cards: numbers that may still be in a hand or the deck.

    There are two of each number; one in each grid, or one in a grid and one set aside
    face up, leaves none unseen.
    """
    left, right = state.grids
    seen_twice = (left & right) | ((left | right) & BIT[state.set_aside])
    return ALL & ~seen_twice


def _hand_mask(state: State, cards: tuple[int, ...]) -> int:
    if not cards:
        return 0
    if cards[0] == 0:  # the table's own cards: any number with a copy unseen
        return unseen_allowed(state)
    return mask_of(cards)


def _source(state: State, actor: int) -> tuple[Rule, int]:
    """Where the card comes from, and which numbers it can be."""
    pending = state.pending
    hand = state.hands[actor]
    face_up = hand.face_up
    if pending is None:  # the start of a turn: a card from hand (the common case, first)
        if face_up and face_up[0] == 0:
            return Rule.COPIES, unseen_allowed(state)
        return Rule.HAND, mask_of(face_up)
    if isinstance(pending, Flipped):
        return Rule.FLIPPED, BIT[pending.number]
    answer = ANSWERS[pending.card]
    if answer is Answer.PLACE_TOP_CARD:
        if not state.deck:
            return Rule.TOP_CARD, 0
        top = state.deck[0]
        return (Rule.COPIES, unseen_allowed(state)) if top == 0 else (Rule.TOP_CARD, BIT[top])
    if answer is Answer.REVEAL_THEN_PLACE:
        if len(hand) < 2:
            return Rule.HAND, 0
        revealed = pending.revealed
        if revealed is not None:
            cards = list(face_up)
            if cards[0] == 0:  # physical: a second copy of the revealed number must exist
                left, right = state.grids
                seen = (left | right | BIT[state.set_aside]) & BIT[revealed]
                return Rule.COPIES, unseen_allowed(state) & ~seen
            cards.remove(revealed)
            return Rule.HAND, mask_of(cards)
    if face_up and face_up[0] == 0:
        return Rule.COPIES, unseen_allowed(state)
    return Rule.HAND, mask_of(face_up)


def constraints(state: State, actor: int, side: GridSide) -> tuple[tuple[Rule, int], ...]:
    """For a play or placement by ``actor`` in grid ``side``: (rule, allowed numbers) pairs.

    The rules, in the order a referee objects: the card's cell must be empty ("each grid
    uses one card of each number"); the card must be in hand (or be the top card, or the
    flipped card); meet the pending instruction's grid and numbers; it must touch a card
    orthogonally unless the grid is empty; and with the ±2 rule, "you may not play or
    place a card if it results in a grid having ±2 cards than the other grid".
    """
    cell, *rest = _grid_rules(state, side)
    return (cell, _source(state, actor), *rest)


def _grid_rules(state: State, side: GridSide) -> tuple[tuple[Rule, int], ...]:
    """The rules of :func:`constraints` that do not depend on who moves: all but where the
    card comes from (so a position works them out once per grid, for both players)."""
    cell, instruction_grid, instruction_card, adjacent, balance = _grid_parts(state, side)
    if instruction_grid is None or instruction_card is None:
        found: tuple[tuple[Rule, int], ...] = ((Rule.CELL, cell), (Rule.ADJACENT, adjacent))
    else:
        found = (
            (Rule.CELL, cell),
            (Rule.INSTRUCTION_GRID, instruction_grid),
            (Rule.INSTRUCTION_CARD, instruction_card),
            (Rule.ADJACENT, adjacent),
        )
    return found if balance is None else (*found, (Rule.BALANCE, balance))


def _grid_mask(state: State, side: GridSide) -> int:
    """The numbers :func:`_grid_rules` allow in grid ``side``."""
    cell, instruction_grid, instruction_card, adjacent, balance = _grid_parts(state, side)
    mask = cell & adjacent
    if instruction_grid is not None and instruction_card is not None:
        mask &= instruction_grid & instruction_card
    return mask if balance is None else mask & balance


def _grid_parts(state: State, side: GridSide) -> tuple[int, int | None, int | None, int, int | None]:
    """The mask each of :func:`_grid_rules` allows, None for a rule that does not apply
    now: (cell, instruction grid, instruction card, adjacency, ±2 rule)."""
    left, right = state.grids
    grid, other = (left, right) if side is GridSide.LEFT else (right, left)
    pending = state.pending
    instruction_grid = instruction_card = None
    if pending is not None and not isinstance(pending, Flipped):
        card = pending.card
        instruction_grid = ALL if grid_allowed(card, pending.side, side) else 0
        instruction_card = numbers_allowed(card, pending.choice, grid, left, right)
    balance = None
    if state.setup.balance:
        balance = ALL if -1 <= COUNT[grid] + 1 - COUNT[other] <= 1 else 0
    return ALL & ~grid, instruction_grid, instruction_card, TOUCHING[grid], balance


def allowed(state: State, actor: int, side: GridSide) -> int:
    """The numbers ``actor`` may play or place in grid ``side`` now (a mask): those every
    one of :func:`constraints` allows."""
    return _grid_mask(state, side) & _source(state, actor)[1]


def instruction_follows(state: State) -> bool:
    """A card played now binds the partner unless it is the 17th card: "when the 17th card
    is played, ignore the instructions on that card"."""
    return state.cards_in_grids < 16


#: The one card whose play carries a choice: card 5, "choose higher or lower".
CHOOSING_CARD = 5


def choices_for(state: State, number: int, side: GridSide) -> tuple[Choice | None, ...]:
    """The higher/lower choices a card played now in grid ``side`` may carry.

    Only card 5 asks for one ("choose higher or lower"), and not as the 17th card, whose
    instruction is ignored: then ``(None,)``. Solo Hard Mode 1 leaves one choice: "if you
    play card 5 in the left grid, you must choose 'higher' and if you play card 5 in the
    right grid, you must choose 'lower'." Otherwise both.
    """
    if number != CHOOSING_CARD or not instruction_follows(state):
        return (None,)
    if state.setup.solo and state.setup.hard1:
        return (forced_choice(side),)
    return _EITHER_CHOICE


_EITHER_CHOICE = tuple(Choice)  # (an Enum is slow to iterate)


def reveal_mask(state: State, actor: int) -> int:
    """Card 1 (two-player): the cards the partner may reveal.

    "Reveal 1 card from their hand, then place another card": a reveal is allowed when
    the hand holds two cards and, with that card shown, another one can still be placed.
    A reveal that would leave nothing to place is refused rather than counted as a
    loss: at a real table the partner would simply show a different card.
    """
    hand = state.hands[actor]
    pending = state.pending
    if len(hand) < 2 or not isinstance(pending, Pending):
        return 0
    found = 0
    for number in iter_bits(_hand_mask(state, hand.face_up)):
        shown = replace(state, pending=replace(pending, revealed=number))
        if allowed(shown, actor, SIDES[0]) or allowed(shown, actor, SIDES[1]):
            found |= BIT[number]
    return found


def swap_mask(state: State, actor: int) -> int:
    """Solo Easy Mode: the face-up cards a hand may swap with the set-aside card."""
    return _hand_mask(state, state.hands[actor].face_up)


def legal_moves(state: State) -> Iterator[Move]:
    """Every legal move now. Worked out once per state and kept with it (a state never
    changes), so asking again — the engine after a move, then the solver — costs nothing."""
    found = state._legal
    if found is None:
        found = _listed(state)
        object.__setattr__(state, "_legal", found)
    return iter(found)


def _listed(state: State) -> tuple[Move, ...]:
    found: list[Move] = []
    add = found.append
    grid_masks: tuple[int, int] | None = None
    for kind, actor in slots(state):
        if kind is Kind.PLAY or kind is Kind.PLACE:
            if grid_masks is None:  # :func:`allowed`, with the grids' part worked out once
                grid_masks = (_grid_mask(state, SIDES[0]), _grid_mask(state, SIDES[1]))
            source = _source(state, actor)[1]
            plays = kind is Kind.PLAY
            by_side = _PLAIN[kind][actor]
            for index, side in enumerate(SIDES):
                plain = by_side[index]
                for number in NUMBERS_IN[grid_masks[index] & source]:
                    if plays and number == CHOOSING_CARD:
                        for choice in choices_for(state, number, side):
                            add(MOVES[(kind, actor, number, side, choice)])
                    else:
                        add(plain[number])
        elif kind is Kind.FLIP:
            add(_PLAIN[kind][actor][0][0])
        else:
            mask = reveal_mask(state, actor) if kind is Kind.REVEAL else swap_mask(state, actor)
            plain = _PLAIN[kind][actor][0]
            for number in NUMBERS_IN[mask]:
                add(plain[number])
    return tuple(found)


def _plain() -> dict[Kind, list[list[list[Move]]]]:
    """The shared moves without a higher/lower choice, by kind, actor, grid index (0 for
    the moves without a grid) and number (0 for a flip): looked up, not hashed. A place
    no move has (number 0 of a play, 1 to 9 of a flip) holds the actor's flip, never read."""
    return {
        kind: [
            [
                [MOVES.get((kind, actor, number, side, None), MOVES[(Kind.FLIP, actor, 0, None, None)]) for number in range(10)]
                for side in (SIDES if kind in (Kind.PLAY, Kind.PLACE) else (None,))
            ]
            for actor in (0, 1)
        ]
        for kind in Kind
    }


_PLAIN = _plain()


def is_legal(state: State, move: Move) -> bool:
    return violation(state, move) is None


def violation(state: State, move: Move) -> Violation | None:
    """None when ``move`` is legal now; otherwise the rule that forbids it and, where a
    rule can be broken in several ways, the fault found (:mod:`.explain` words it)."""
    if state.outcome is not None:
        return Violation(Rule.GAME_OVER)
    if (move.kind, move.actor) not in slots(state):
        return Violation(Rule.TURN, _turn_fault(state, move))
    if move.kind is Kind.FLIP or move.kind is Kind.REVEAL or move.kind is Kind.SWAP:
        found = _unplaced_violation(state, move)
        return found if found is not None or move.choice is None else Violation(Rule.CHOICE, Fault.NOT_PLAYED)
    if move.side is None or not 1 <= move.number <= 9:
        return Violation(Rule.TURN, Fault.UNPLACED)
    bit = BIT[move.number]
    for rule, mask in constraints(state, move.actor, move.side):
        if not mask & bit:
            return Violation(rule, _source_fault(state, move, rule))
    return choice_violation(state, move.kind, move.number, move.side, move.choice)


def _unplaced_violation(state: State, move: Move) -> Violation | None:
    """A flip, a reveal or a swap, by a hand that may make one now: the card's rule."""
    if move.kind is Kind.REVEAL:
        return None if reveal_mask(state, move.actor) & BIT[move.number] else Violation(Rule.INSTRUCTION_CARD, _reveal_fault(state, move))
    if move.kind is Kind.SWAP:
        return None if swap_mask(state, move.actor) & BIT[move.number] else Violation(Rule.SWAP, _swap_fault(state, move))
    return None


def choice_violation(state: State, kind: Kind, number: int, side: GridSide, choice: Choice | None) -> Violation | None:
    """The one check of card 5's higher/lower: a play of ``number`` in ``side`` carries one
    of :func:`choices_for`; a placed card carries none ("choose only with a played 5").
    :func:`violation` asks it for every play and placement, `smitten check` for the card
    whose instruction is pending."""
    if kind is Kind.PLAY and choice not in choices_for(state, number, side):
        return Violation(Rule.CHOICE, _choice_fault(state, number, side))
    if kind is Kind.PLACE and choice is not None:
        return Violation(Rule.CHOICE, Fault.PLACED_CHOICE)
    return None


def _turn_fault(state: State, move: Move) -> Fault:
    """Why this kind of move, by this player, is not one :func:`slots` lists now."""
    pending = state.pending
    setup = state.setup
    if move.kind is Kind.SWAP:
        if not (setup.solo and setup.easy):
            return Fault.NOT_EASY
        return Fault.SWAP_USED if state.swapped else Fault.SWAP_MID_TURN
    if move.kind is Kind.FLIP:
        if not setup.solo:
            return Fault.FLIP_NOT_SOLO
        if setup.physical:
            return Fault.FLIP_PHYSICAL
        return Fault.NO_FACE_DOWN if pending is None else Fault.FLIP_MID_TURN
    if move.kind is Kind.REVEAL and setup.solo:
        return Fault.SOLO_REVEAL
    if pending is None:
        return Fault.PLACE_NO_INSTRUCTION if move.kind is Kind.PLACE else Fault.REVEAL_NO_CARD_ONE
    if isinstance(pending, Flipped):
        return Fault.MUST_PLAY_FLIPPED
    if move.actor != pending.follower:
        return Fault.NOT_FOLLOWER
    if pending.revealed is not None and move.kind is Kind.REVEAL:
        return Fault.REVEALED_ALREADY
    return Fault.WRONG_ANSWER


def _source_fault(state: State, move: Move, rule: Rule) -> Fault | None:
    """Why the card is not one the player can put down (the HAND and COPIES rules)."""
    hand = state.hands[move.actor]
    if rule is Rule.TOP_CARD and not state.deck:
        return Fault.EMPTY_DECK
    if rule is Rule.COPIES:
        return Fault.ACCOUNTED if hand else Fault.EMPTY_HAND
    if rule is not Rule.HAND:
        return None
    pending = state.pending
    card_one = isinstance(pending, Pending) and ANSWERS[pending.card] is Answer.REVEAL_THEN_PLACE
    if card_one and len(hand) < 2:
        return Fault.SHORT_HAND
    if not hand:
        return Fault.EMPTY_HAND
    if isinstance(pending, Pending) and pending.revealed == move.number:
        return Fault.REVEALED
    return Fault.NOT_HELD


def _choice_fault(state: State, number: int, side: GridSide) -> Fault:
    """Why a play's higher/lower choice is not one it may carry."""
    if number != 5:
        return Fault.NOT_FIVE
    allowed = choices_for(state, number, side)
    if allowed == (None,):
        return Fault.IGNORED
    return Fault.FORCED if len(allowed) == 1 else Fault.NO_CHOICE


def _reveal_fault(state: State, move: Move) -> Fault:
    """Why card 1's partner may not reveal this card."""
    hand = state.hands[move.actor]
    if len(hand) < 2:
        return Fault.SHORT_HAND
    if not _hand_mask(state, hand.face_up) & BIT[move.number]:
        return Fault.ACCOUNTED if hand.face_up and hand.face_up[0] == UNSEEN else Fault.NOT_HELD
    return Fault.NO_PLACE_AFTER


def _swap_fault(state: State, move: Move) -> Fault:
    """Why a hand may not swap this card with the set-aside card."""
    face_up = state.hands[move.actor].face_up
    return Fault.IN_SIGHT if face_up and face_up[0] == UNSEEN else Fault.NOT_HELD
