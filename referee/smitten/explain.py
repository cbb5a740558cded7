"""Refusals in words: the sentence a referee says when a rule forbids a move.

A presentation module of the voice (:mod:`referee.smitten.voice`): it words the
:class:`~referee.game.Refusal` that the rules returned (the
:class:`~referee.smitten.legality.Rule` broken and, where a rule can be broken in
several ways, the :class:`~referee.smitten.legality.Fault`, with the move refused); it
never decides. No rules module imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.i18n import _
from referee.smitten.actions import Kind, Lose, Move
from referee.smitten.grid import COUNT, NEIGHBOURS, SIDE_INDEX, numbers
from referee.smitten.instructions import forced_choice
from referee.smitten.legality import Fault, Rule
from referee.smitten.notation import GridSide
from referee.smitten.state import Flipped, Pending, State
from referee.smitten.endings import ending, follow_hint
from referee.smitten.words import a, cards, cell_name, choice_word, grid_name, instruction, name
from referee.wording import and_listed

if TYPE_CHECKING:  # `referee smitten check` loads no more than it needs
    from referee.game import Refusal


def _ending(state: State) -> str:
    """How the game ended, in the voice's words ('lost: player 2 could not follow card 4')."""
    assert state.outcome is not None
    return ending(state, state.outcome)


def _follow(state: State, card: int) -> str:
    return follow_hint(state, card)


def _who(state: State, actor: int) -> str:
    return name(state.setup, actor)


def explain(state: State, refusal: Refusal) -> str:
    """The refusal's words: by its fault where the rule can be broken in several ways."""
    move = refusal.get("move")
    if isinstance(move, Lose) or move is None:
        return _("the game is already over ({ending})").format(ending=_ending(state))
    fault, rule = refusal.get("fault"), refusal.rule
    assert isinstance(rule, Rule)
    return words(state, move, rule, fault if isinstance(fault, Fault) else None)


def words(state: State, move: Move, rule: Rule, fault: Fault | None) -> str:
    """The sentence for ``move`` refused by ``rule`` broken in the way ``fault``."""
    said = _FAULTS[fault] if fault is not None else _MESSAGES[rule]
    return said(state, move)


def move_words(move: Move) -> str:
    """A move as typed, in words: 'play 5L higher', 'reveal 4'."""
    if move.kind is Kind.FLIP:
        return _("play the face-down card")
    kind = {Kind.PLAY: _("play"), Kind.PLACE: _("place"), Kind.REVEAL: _("reveal"), Kind.SWAP: _("swap")}[move.kind]
    if move.kind in (Kind.PLAY, Kind.PLACE):
        words = f"{kind} {move.number}{move.side.value if move.side else ''}"
        return words + (f" {choice_word(move.choice)}" if move.choice else "")
    return f"{kind} {move.number}"


# --- the TURN rule: this kind of move, by this player, is not what the game waits for ---


def _not_easy(state: State, move: Move) -> str:
    return _("swapping with the set-aside card is solo Easy Mode (a solo game started with easy)")


def _swap_used(state: State, move: Move) -> str:
    return _("the easy swap has been used: it happens once a game")


def _swap_mid_turn(state: State, move: Move) -> str:
    return _("the easy swap happens at the beginning of a turn, before the first card is played")


def _flip_not_solo(state: State, move: Move) -> str:
    return _("only solo hands have a face-down card")


def _flip_physical(state: State, move: Move) -> str:
    return _("with physical cards, flip the card at the table and play it by its number")


def _no_face_down(state: State, move: Move) -> str:
    return _("{who} has no face-down card").format(who=_who(state, move.actor))


def _flip_mid_turn(state: State, move: Move) -> str:
    return _("a face-down card can only be played to start a turn")


def _solo_reveal(state: State, move: Move) -> str:
    return _("solo hands do not reveal: after card 1 the partner places a card at once, keeping another in hand")


def _place_no_instruction(state: State, move: Move) -> str:
    return _("no instruction is pending: a turn starts with a play (play), not a placement")


def _reveal_no_card_one(state: State, move: Move) -> str:
    return _("reveal answers card 1, and no card 1 is waiting")


def _must_play_flipped(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Flipped)
    return _("{who} flipped {card} and must play it now").format(who=_who(state, pending.by), card=a(pending.number))


def _not_follower(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    follower = _who(state, pending.follower)
    return _("card {card} binds {follower}, the partner of {player} who played it; {follower} must {hint}").format(
        card=pending.card, follower=follower, player=_who(state, pending.by), hint=_follow(state, pending.card)
    )


def _revealed_already(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    return _("{who} has revealed {number} already; now place another card").format(
        who=_who(state, pending.follower), number=pending.revealed
    )


def _wrong_answer(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    words = {
        Kind.PLAY: _("card {card} asks {who} to {hint}, not to play"),
        Kind.PLACE: _("card {card} asks {who} to {hint}, not to place"),
        Kind.REVEAL: _("card {card} asks {who} to {hint}, not to reveal"),
        Kind.FLIP: _("card {card} asks {who} to {hint}, not to flip"),
        Kind.SWAP: _("card {card} asks {who} to {hint}, not to swap"),
    }[move.kind]
    return words.format(card=pending.card, who=_who(state, pending.follower), hint=_follow(state, pending.card))


# --- the other rules -------------------------------------------------------------------


def _short_hand(state: State, move: Move) -> str:
    hand = state.hands[move.actor]
    return _("card 1 needs 2 cards in hand, 1 to reveal and another to place; {who} holds {cards}").format(
        who=_who(state, move.actor), cards=cards(len(hand))
    )


def _empty_hand(state: State, move: Move) -> str:
    return _("{who} has no cards left").format(who=_who(state, move.actor))


def _revealed(state: State, move: Move) -> str:
    return _("card 1: {who} revealed the {number} and must place another card").format(who=_who(state, move.actor), number=move.number)


def _not_held(state: State, move: Move) -> str:
    who = _who(state, move.actor)
    if move.kind is Kind.SWAP:
        return _("{who} holds no face-up {number} to swap").format(who=who, number=move.number)
    if state.setup.solo and not state.setup.physical:
        return _("{who} holds no face-up {number}").format(who=who, number=move.number)
    return _("{who} holds no {number}").format(who=who, number=move.number)


def _no_place_after(state: State, move: Move) -> str:
    return _("card 1: after revealing the {number}, {who} could not place another card").format(
        number=move.number, who=_who(state, move.actor)
    )


def _in_sight(state: State, move: Move) -> str:
    return _("there are only two {number}s, and both are in sight").format(number=move.number)


def _unplaced(state: State, move: Move) -> str:
    return _("{move} does not say which card goes in which grid").format(move=move_words(move))


def _placed_choice(state: State, move: Move) -> str:
    return _("a placed 5 triggers nothing: there is no higher or lower to choose")


def _empty_deck(state: State, move: Move) -> str:
    return _("card 3: the deck is empty, so there is no top card to place")


def _top_card(state: State, move: Move) -> str:
    return _("card 3 places the top card of the deck, which is {top}, not {card}").format(top=a(state.deck[0]), card=a(move.number))


def _flipped(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Flipped)
    return _("{who} flipped {card} and must play that card").format(who=_who(state, pending.by), card=a(pending.number))


def _copies(state: State, move: Move) -> str:
    places = [grid_name(side) for side in (GridSide.LEFT, GridSide.RIGHT) if move.number in state.grid(side)]
    if state.set_aside == move.number:
        places.append(_("set aside"))
    pending = state.pending
    if isinstance(pending, Pending) and pending.revealed == move.number:
        places.append(_("revealed"))
    return _("there are only two {number}s, and they are {places}").format(
        number=move.number, places=and_listed(places) or _("accounted for")
    )


def _instruction_grid(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    return _("card {card} in {grid}: {instruction}").format(
        card=pending.card, grid=grid_name(pending.side), instruction=instruction(pending.card, pending.choice, pending.side)
    )


def _instruction_card(state: State, move: Move) -> str:
    pending = state.pending
    assert isinstance(pending, Pending)
    card, number = pending.card, move.number
    assert move.side is not None
    if card == 4:
        return _("card 4: {placement} would not complete a row or column of {grid}").format(
            placement=move.placement, grid=grid_name(move.side)
        )
    if card == 5:
        return _("card 5 ({choice}): {number} is not {choice} than 5").format(choice=choice_word(pending.choice), number=number)
    if card == 6:
        return _("card 6: {card} is already in a grid; place a number that is in neither grid").format(card=a(number))
    return _("card {card}: {instruction}").format(card=card, instruction=instruction(card, pending.choice, pending.side))


def _cell(state: State, move: Move) -> str:
    assert move.side is not None
    return _("{grid} already holds its {number}: each grid takes each number once").format(grid=grid_name(move.side), number=move.number)


def _adjacent(state: State, move: Move) -> str:
    assert move.side is not None
    neighbours = ", ".join(map(str, numbers(NEIGHBOURS[move.number])))
    return _(
        "{number} would not touch a card in {grid}: its cell ({cell}) must be orthogonally next to a card "
        "already there ({neighbours} are empty)"
    ).format(number=move.number, grid=grid_name(move.side), cell=cell_name(move.number), neighbours=neighbours)


def _balance(state: State, move: Move) -> str:
    assert move.side is not None
    return balance_reason(state, move.side, _("Hard Mode 2") if state.setup.solo else _("hard difficulty"))


def balance_reason(state: State, side: GridSide, mode: str) -> str:
    """The ±2 rule's refusal of a card in grid ``side``, naming the mode it comes from."""
    index = SIDE_INDEX[side]
    mine, other = COUNT[state.grids[index]] + 1, COUNT[state.grids[1 - index]]
    return _("the ±2 rule ({mode}): {grid} would hold {cards} and {other_grid} {other}").format(
        mode=mode, grid=grid_name(side), cards=cards(mine), other_grid=grid_name(side.other), other=other
    )


def _not_five(state: State, move: Move) -> str:
    return _("only card 5 asks for higher or lower, not card {number}").format(number=move.number)


def _not_played(state: State, move: Move) -> str:
    return _("only a played 5 asks for higher or lower, not to {move}").format(move=move_words(move))


def _ignored(state: State, move: Move) -> str:
    return _("this 5 is the 17th card: its instruction is ignored, so there is no higher or lower to choose")


def _forced(state: State, move: Move) -> str:
    assert move.side is not None
    return _("Hard Mode 1: a 5 played in {grid} must choose {choice}").format(
        grid=grid_name(move.side), choice=choice_word(forced_choice(move.side))
    )


def _no_choice(state: State, move: Move) -> str:
    return _("card 5 needs a choice: higher or lower")


def _game_over(state: State, move: Move) -> str:
    return _("the game is over ({ending}); undo to go back, or start a new game").format(ending=_ending(state))


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
    Fault.NOT_PLAYED: _not_played,
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
