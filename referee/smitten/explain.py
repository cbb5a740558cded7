"""Refusals in words: the sentence a referee says when a rule forbids a move.

This module only words what :mod:`referee.smitten.legality` decided (the rule broken and,
where a rule can be broken in several ways, the fault); it never decides. It imports
legality, never the other way round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from referee.smitten import instructions
from referee.smitten.actions import Kind, Move
from referee.smitten.grid import COUNT, NEIGHBOURS, SIDE_INDEX, SIDE_NAMES, a, describe_cell, numbers
from referee.smitten.instructions import Answer, forced_choice
from referee.smitten.legality import Fault, Rule, Violation, awaits_reveal, legal_moves, violation
from referee.smitten.notation import GridSide
from referee.smitten.state import Flipped, Pending, State, ending
from referee.wording import counted


def _who(state: State, actor: int) -> str:
    return state.setup.name(actor)


def _follow_hint(state: State, pending: Pending) -> str:
    """What the partner must do now, as a command: 'place a card', 'reveal a card' …"""
    answer = instructions.answer(pending.card)
    if answer is Answer.PLAY:
        return "play a card"
    if awaits_reveal(state, pending):
        return "reveal a card (reveal N), then place another"
    if answer is Answer.PLACE_TOP_CARD:
        return "place the top card of the deck"
    return "place a card"


def requirement(state: State) -> str:
    """What the game waits for now, in one sentence."""
    pending = state.pending
    if state.outcome is not None:
        return "nothing: the game is over"
    if pending is None:
        if all(move.kind is Kind.SWAP for move in legal_moves(state)):
            return "a new turn: no card can be played as the hands stand, but a hand may first swap a face-up card with the set-aside card"
        who = "either hand" if state.setup.solo else "either player"
        return f"a new turn: {who} may play a card"
    if isinstance(pending, Flipped):
        return f"{_who(state, pending.by)} flipped {a(pending.number)} and must play it"
    follower = _who(state, pending.follower)
    words = instructions.text(pending.card, pending.choice, pending.side)
    if pending.revealed is not None:
        words = f"place a card other than the revealed {pending.revealed} in either grid"
    elif pending.card == 1 and state.setup.solo:
        words = "place a card in either grid, keeping another in hand (it needs 2 cards)"
    elif pending.card == 3 and state.deck and state.deck[0]:
        words = f"place the top card of the deck, {a(state.deck[0])}, in either grid"
    return f"card {pending.card} in {SIDE_NAMES[pending.side]}: {follower} must {words}"


# --- the TURN rule: this kind of move, by this player, is not what the game waits for ---


def _not_easy(state: State, move: Move) -> str:
    return "swapping with the set-aside card is solo Easy Mode (start the game with --mode solo --easy)"


def _swap_used(state: State, move: Move) -> str:
    return "the easy swap has been used: it happens once a game"


def _swap_mid_turn(state: State, move: Move) -> str:
    return "the easy swap happens at the beginning of a turn, before the first card is played"


def _flip_not_solo(state: State, move: Move) -> str:
    return "only solo hands have a face-down card"


def _flip_physical(state: State, move: Move) -> str:
    return "with physical cards, flip the card at the table and play it by its number"


def _no_face_down(state: State, move: Move) -> str:
    return f"{_who(state, move.actor)} has no face-down card"


def _flip_mid_turn(state: State, move: Move) -> str:
    return "a face-down card can only be played to start a turn"


def _solo_reveal(state: State, move: Move) -> str:
    return "solo hands do not reveal: after card 1 the partner places a card at once, keeping another in hand"


def _place_no_instruction(state: State, move: Move) -> str:
    return "no instruction is pending: a turn starts with a play (play), not a placement"


def _reveal_no_card_one(state: State, move: Move) -> str:
    return "reveal answers card 1, and no card 1 is waiting"


def _must_play_flipped(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Flipped)
    return f"{_who(state, pending.by)} flipped {a(pending.number)} and must play it now"


def _not_follower(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    follower = _who(state, pending.follower)
    return (
        f"card {pending.card} binds {follower}, the partner of "
        f"{_who(state, pending.by)} who played it; {follower} must {_follow_hint(state, pending)}"
    )


def _revealed_already(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    return f"{_who(state, pending.follower)} has revealed {pending.revealed} already; now place another card"


def _wrong_answer(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    return f"card {pending.card} asks {_who(state, pending.follower)} to {_follow_hint(state, pending)}, not to {move.kind.value}"


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is not legal: the rule, and a sentence for the person at the table."""

    rule: Rule
    message: str

    def __str__(self) -> str:
        return self.message


def explained(state: State, move: Move) -> Refusal | None:
    """None when ``move`` is legal now; otherwise the rule that forbids it and its words.
    (The contract's ``refusal``, :func:`referee.smitten.play.refusal`, is these words.)"""
    found = violation(state, move)
    return None if found is None else explain(state, move, found)


def explain(state: State, move: Move, found: Violation) -> Refusal:
    """The refusal of ``move`` by the violation legality found, in words."""
    words = _MESSAGES[found.rule] if found.fault is None else _FAULTS[found.fault]
    return Refusal(found.rule, words(state, move))


def _short_hand(state: State, move: Move) -> str:
    hand = state.hands[move.actor]
    return f"card 1 needs 2 cards in hand, 1 to reveal and another to place; {_who(state, move.actor)} holds {counted(len(hand), 'card')}"


def _empty_hand(state: State, move: Move) -> str:
    return f"{_who(state, move.actor)} has no cards left"


def _revealed(state: State, move: Move) -> str:
    return f"card 1: {_who(state, move.actor)} revealed the {move.number} and must place another card"


def _not_held(state: State, move: Move) -> str:
    who = _who(state, move.actor)
    if move.kind is Kind.SWAP:
        return f"{who} holds no face-up {move.number} to swap"
    kind = "face-up " if state.setup.solo and not state.setup.physical else ""
    return f"{who} holds no {kind}{move.number}"


def _no_place_after(state: State, move: Move) -> str:
    return f"card 1: after revealing the {move.number}, {_who(state, move.actor)} could not place another card"


def _in_sight(state: State, move: Move) -> str:
    return f"there are only two {move.number}s, and both are in sight"


def _unplaced(state: State, move: Move) -> str:
    return f"{move} does not say which card goes in which grid"


def _placed_choice(state: State, move: Move) -> str:
    return "a placed 5 triggers nothing: there is no higher or lower to choose"


def _empty_deck(state: State, move: Move) -> str:
    return "card 3: the deck is empty, so there is no top card to place"


def _top_card(state: State, move: Move) -> str:
    return f"card 3 places the top card of the deck, which is {a(state.deck[0])}, not {a(move.number)}"


def _flipped(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Flipped)
    return f"{_who(state, pending.by)} flipped {a(pending.number)} and must play that card"


def _copies(state: State, move: Move) -> str:
    places = []
    for side in SIDE_NAMES:
        if move.number in state.grid(side):
            places.append(SIDE_NAMES[side])
    if state.set_aside == move.number:
        places.append("set aside")
    pending = state.pending
    if isinstance(pending, Pending) and pending.revealed == move.number:
        places.append("revealed")
    return f"there are only two {move.number}s, and they are {' and '.join(places) or 'accounted for'}"


def _instruction_grid(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    return f"card {pending.card} in {SIDE_NAMES[pending.side]}: {instructions.text(pending.card, pending.choice, pending.side)}"


def _instruction_card(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    card, number = pending.card, move.number
    assert move.side is not None
    grid = SIDE_NAMES[move.side]
    if card == 4:
        return f"card 4: {move.placement} would not complete a row or column of {grid}"
    if card == 5:
        return f"card 5 ({pending.choice.value if pending.choice else '?'}): {number} is not {pending.choice.value if pending.choice else 'higher or lower'} than 5"
    if card == 6:
        return f"card 6: {a(number)} is already in a grid; place a number that is in neither grid"
    return f"card {card}: {instructions.text(card, pending.choice, pending.side)}"


def _cell(state: State, move: Move) -> str:
    assert move.side is not None
    return f"{SIDE_NAMES[move.side]} already holds its {move.number}: each grid takes each number once"


def _adjacent(state: State, move: Move) -> str:
    assert move.side is not None
    neighbours = ", ".join(map(str, numbers(NEIGHBOURS[move.number])))
    return (
        f"{move.number} would not touch a card in {SIDE_NAMES[move.side]}: its cell ({describe_cell(move.number)}) "
        f"must be orthogonally next to a card already there ({neighbours} are empty)"
    )


def _balance(state: State, move: Move) -> str:
    assert move.side is not None
    return balance_reason(state, move.side, "Hard Mode 2" if state.setup.solo else "hard difficulty")


def balance_reason(state: State, side: GridSide, mode: str) -> str:
    """The ±2 rule's refusal of a card in grid ``side``, naming the mode it comes from."""
    index = SIDE_INDEX[side]
    mine, other = COUNT[state.grids[index]] + 1, COUNT[state.grids[1 - index]]
    return f"the ±2 rule ({mode}): {SIDE_NAMES[side]} would hold {counted(mine, 'card')} and {SIDE_NAMES[side.other]} {other}"


def _not_five(state: State, move: Move) -> str:
    return f"only card 5 asks for higher or lower, not card {move.number}"


def _ignored(state: State, move: Move) -> str:
    return "this 5 is the 17th card: its instruction is ignored, so there is no higher or lower to choose"


def _forced(state: State, move: Move) -> str:
    assert move.side is not None
    return f"Hard Mode 1: a 5 played in {SIDE_NAMES[move.side]} must choose {forced_choice(move.side).value}"


def _no_choice(state: State, move: Move) -> str:
    return "card 5: choose higher or lower (--choose higher or --choose lower)"


def _game_over(state: State, move: Move) -> str:
    assert state.outcome is not None
    return f"the game is over ({ending(state.outcome)}); undo to go back, or start a new game"


_Words = Callable[[State, Move], str]

_FAULTS: dict[Fault, _Words] = {
    Fault.UNPLACED: _unplaced,
    Fault.SHORT_HAND: _short_hand,
    Fault.EMPTY_HAND: _empty_hand,
    Fault.REVEALED: _revealed,
    Fault.NOT_HELD: _not_held,
    Fault.ACCOUNTED: _copies,
    Fault.NO_PLACE_AFTER: _no_place_after,
    Fault.IN_SIGHT: _in_sight,
    Fault.PLACED_CHOICE: _placed_choice,
    Fault.EMPTY_DECK: _empty_deck,
    Fault.NOT_FIVE: _not_five,
    Fault.IGNORED: _ignored,
    Fault.FORCED: _forced,
    Fault.NO_CHOICE: _no_choice,
    Fault.NOT_EASY: _not_easy,
    Fault.SWAP_USED: _swap_used,
    Fault.SWAP_MID_TURN: _swap_mid_turn,
    Fault.FLIP_NOT_SOLO: _flip_not_solo,
    Fault.FLIP_PHYSICAL: _flip_physical,
    Fault.NO_FACE_DOWN: _no_face_down,
    Fault.FLIP_MID_TURN: _flip_mid_turn,
    Fault.SOLO_REVEAL: _solo_reveal,
    Fault.PLACE_NO_INSTRUCTION: _place_no_instruction,
    Fault.REVEAL_NO_CARD_ONE: _reveal_no_card_one,
    Fault.MUST_PLAY_FLIPPED: _must_play_flipped,
    Fault.NOT_FOLLOWER: _not_follower,
    Fault.REVEALED_ALREADY: _revealed_already,
    Fault.WRONG_ANSWER: _wrong_answer,
}

#: The words of a rule broken in its one way (each fault above has its own; every TURN
#: refusal has a fault).
_MESSAGES: dict[Rule, _Words] = {
    Rule.GAME_OVER: _game_over,
    Rule.TOP_CARD: _top_card,
    Rule.FLIPPED: _flipped,
    Rule.INSTRUCTION_GRID: _instruction_grid,
    Rule.INSTRUCTION_CARD: _instruction_card,
    Rule.CELL: _cell,
    Rule.ADJACENT: _adjacent,
    Rule.BALANCE: _balance,
}
