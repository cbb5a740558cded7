"""Smitten's rules, one test per rule sentence of the rulebook (rules/smitten.txt)."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import pytest

from referee.errors import InputError, RuleError
from referee.game import Outcome
from referee.smitten.actions import Kind, Move, move
from referee.smitten.dealing import Difficulty, SmittenMode, deal_smitten
from referee.smitten.entry import resolve
from referee.smitten.grid import COMPLETING, cell, mask_of, parse_grid
from referee.smitten.instructions import Choice
from referee.smitten.legality import Rule, is_legal, legal_moves
from referee.smitten.notation import GridSide, Placement
from referee.smitten.engine import new_game, play
from referee.smitten.ruleset import RULES
from referee.smitten.state import Flipped, Hand, Pending, Result, Setup, State, Termination, result
from referee.smitten.voice import VOICE

class Said(NamedTuple):
    """A refusal and its words: the rule the rules name, the sentence the voice says."""

    rule: Rule
    message: str


def explained(state: State, tried: Move) -> Said | None:
    """The rules' refusal of ``tried`` (None: legal), with the voice's words for it."""
    refused = RULES.refusal(state, tried)
    if refused is None:
        return None
    assert isinstance(refused.rule, Rule)
    return Said(refused.rule, VOICE.refusal(state, refused))


def said(state: State, tried: Move) -> Said:
    """:func:`explained` for a move the test expects refused (failing if it is legal)."""
    refused = explained(state, tried)
    assert refused is not None, f"{tried} is legal"
    return refused


def pending(state: State) -> Pending:
    """The instruction waiting for a follower (failing if there is none, or a flipped card)."""
    assert isinstance(state.pending, Pending), state.pending
    return state.pending


def flipped(state: State) -> Flipped:
    """The solo card flipped face up that must be played now (failing if there is none)."""
    assert isinstance(state.pending, Flipped), state.pending
    return state.pending


def over(state: State) -> Outcome:
    """The outcome of a game the test expects over (failing if it goes on)."""
    assert state.outcome is not None, "the game is not over"
    return state.outcome


def ending(state: State) -> str:
    """The outcome of ``state`` as the voice says it: 'lost: player 2 could not follow card 4'."""
    assert state.outcome is not None
    return VOICE.outcome(state, state.outcome)


# --- building situations: grids, hands, deck, the card just played --------------------

L, R = GridSide.LEFT, GridSide.RIGHT


def grid(text: str) -> int:
    return mask_of(int(c) for c in text if c.isdigit())


def two(left: str = "", right: str = "", hands=((), ()), deck=(), *, after: str | None = None, by: int = 0,
        choice: Choice | None = None, difficulty: Difficulty = Difficulty.MEDIUM, starter: int | None = None) -> State:
    """A two-player situation; ``after`` is the card just played (in its grid already)."""
    options = Setup(SmittenMode.TWO, difficulty, seed="test")
    return _state(options, left, right, tuple(Hand(tuple(h)) for h in hands), deck, after, by, choice, starter)


def solo(left: str = "", right: str = "", hands=(((), ()), ((), ())), deck=(), *, after: str | None = None, by: int = 0,
         choice: Choice | None = None, easy=False, hard1=False, hard2=False, starter: int | None = None) -> State:
    """A solo situation; each hand is (face_up, face_down)."""
    options = Setup(SmittenMode.SOLO, None, easy=easy, hard1=hard1, hard2=hard2, seed="test")
    built = tuple(Hand(tuple(up), tuple(down)) for up, down in hands)
    return _state(options, left, right, built, deck, after, by, choice, starter)


def _state(options, left, right, hands, deck, after, by, choice, starter) -> State:
    grids = [grid(left), grid(right)]
    waiting = None
    if after is not None:
        placement = Placement.parse(after)
        grids[0 if placement.side is L else 1] |= 1 << (placement.number - 1)
        waiting = Pending(placement.number, placement.side, by, choice)
        starter = by if starter is None else starter
    return State(setup=options, grids=(grids[0], grids[1]), hands=(hands[0], hands[1]), deck=tuple(deck), set_aside=9, pending=waiting, starter=starter)


def do(state: State, kind: Kind, text: str, actor: int | None = None, choice: Choice | None = None) -> State:
    """Resolve the table's words into a move and play it (RuleError if illegal)."""
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(text)
        return play(state, resolve(state, kind, placement.number, placement.side, actor, choice))
    return play(state, resolve(state, kind, int(text) if text else 0, None, actor))


def placements(state: State) -> set[str]:
    """The legal plays and placements now, as '5L' strings."""
    return {move.placement for move in legal_moves(state) if move.kind in (Kind.PLAY, Kind.PLACE)}


# --- the grids -----------------------------------------------------------------------


def test_each_card_has_its_fixed_cell_the_art_must_align():
    assert [cell(n) for n in (1, 2, 3, 4, 5, 6, 7, 8, 9)] == [(r, c) for r in range(3) for c in range(3)]


def test_the_first_card_of_a_grid_may_go_in_its_cell_anywhere():
    state = two(hands=((1, 5, 9), (2, 3, 4)))
    assert placements(state) == {f"{n}{side}" for n in (1, 5, 9, 2, 3, 4) for side in "LR"}


def test_a_card_must_be_orthogonally_adjacent_to_a_card_in_its_grid():
    state = two("5", "", hands=((1, 2, 4), (6, 8, 9)))
    assert is_legal(state, move(Kind.PLAY, 0, 2, L)) and is_legal(state, move(Kind.PLAY, 1, 6, L))
    refused = said(state, move(Kind.PLAY, 0, 1, L))  # diagonal to 5: not enough
    assert refused.rule is Rule.ADJACENT and "orthogonally" in refused.message


def test_each_grid_takes_each_number_once():
    state = two("25", "", hands=((2, 1, 3), (6, 8, 9)))
    refused = said(state, move(Kind.PLAY, 0, 2, L))
    assert refused.rule is Rule.CELL and "each grid takes each number once" in refused.message
    assert is_legal(state, move(Kind.PLAY, 0, 2, R))


def test_a_card_not_in_hand_is_refused_with_a_virtual_deck():
    state = two("5", "", hands=((2, 3, 4), (6, 8, 9)))
    refused = said(state, move(Kind.PLAY, 0, 6, L))
    assert refused.rule is Rule.HAND and refused.message == "player 1 holds no 6"


def test_hard_difficulty_forbids_a_grid_two_cards_ahead_of_the_other():
    state = two("45", "5", hands=((6, 2, 3), (7, 8, 9)), difficulty=Difficulty.HARD)
    refused = said(state, move(Kind.PLAY, 0, 6, L))  # left would hold 3, right 1
    assert refused.rule is Rule.BALANCE and "±2" in refused.message
    assert is_legal(state, move(Kind.PLAY, 0, 6, R)) and is_legal(state, move(Kind.PLAY, 0, 2, R))


def test_medium_difficulty_has_no_pm2_rule():
    state = two("45", "5", hands=((6, 2, 3), (7, 8, 9)))
    assert is_legal(state, move(Kind.PLAY, 0, 6, L))


def test_solo_hard_mode_2_is_the_pm2_rule():
    hands = (((6, 2), ()), ((7, 8), ()))
    assert not is_legal(solo("45", "5", hands, hard2=True), move(Kind.PLAY, 0, 6, L))
    assert is_legal(solo("45", "5", hands), move(Kind.PLAY, 0, 6, L))


def test_parse_grid_refuses_repeated_numbers_and_cards_that_do_not_touch():
    assert parse_grid("1,2,4", L) == grid("124") == parse_grid("124", L)
    with pytest.raises(InputError, match="twice"):
        parse_grid("1,1", L)
    with pytest.raises(InputError, match="do not touch"):
        parse_grid("1,9", R)
    with pytest.raises(InputError, match="not a Smitten card"):
        parse_grid("0", L)


# --- turns -----------------------------------------------------------------------------


def test_whichever_player_chooses_to_play_becomes_the_active_player():
    state = two(hands=((1, 2, 3), (4, 5, 6)))
    assert {m.actor for m in (move(Kind.PLAY, 0, 1, L), move(Kind.PLAY, 1, 4, L)) if is_legal(state, m)} == {0, 1}


def test_the_partner_follows_the_played_card_not_the_player_who_played_it():
    state = do(two(hands=((7, 2, 3), (4, 5, 6))), Kind.PLAY, "7L")
    refused = said(state, move(Kind.PLACE, 0, 2, R))
    assert refused.rule is Rule.TURN and "binds player 2" in refused.message
    assert is_legal(state, move(Kind.PLACE, 1, 4, R))


def test_a_placed_card_triggers_nothing_and_ends_the_turn():
    state = do(two(hands=((7, 2, 3), (8, 5, 6)), deck=(1, 9, 4)), Kind.PLAY, "7L")
    state = do(state, Kind.PLACE, "8R")  # an 8 placed: no instruction binds anyone
    assert state.pending is None and state.outcome is None


def test_the_same_player_may_take_several_turns_in_a_row():
    state = do(two(hands=((7, 8, 3), (4, 5, 6)), deck=(1, 2, 9)), Kind.PLAY, "7L")
    state = do(state, Kind.PLACE, "5R")
    assert is_legal(state, move(Kind.PLAY, 0, 8, L))


def test_playing_when_a_placement_is_due_is_refused():
    state = do(two(hands=((7, 2, 3), (4, 5, 6))), Kind.PLAY, "7L")
    refused = said(state, move(Kind.PLAY, 1, 4, R))
    assert refused.rule is Rule.TURN and "to place a card" in refused.message


# --- the nine cards --------------------------------------------------------------------


def test_card_one_partner_reveals_a_card_then_places_another():
    state = do(two(hands=((1, 8, 9), (2, 4, 6)), deck=(3, 5, 7)), Kind.PLAY, "1L")
    assert said(state, move(Kind.PLACE, 1, 2, L)).rule is Rule.TURN  # reveal first
    state = do(state, Kind.REVEAL, "6")
    assert pending(state).revealed == 6
    refused = said(state, move(Kind.PLACE, 1, 6, R))
    assert refused.rule is Rule.HAND and "revealed the 6" in refused.message
    state = do(state, Kind.PLACE, "2L")
    assert state.pending is None and state.hands[1].face_up[:2] == (4, 6)


def test_card_one_may_place_the_twin_of_the_revealed_card():
    """Decision: "another card" is another physical card, so the second copy may be placed."""
    state = do(two(hands=((1, 8, 9), (4, 4, 6)), deck=(3, 5, 7)), Kind.PLAY, "1L")
    state = do(state, Kind.REVEAL, "4")
    assert is_legal(state, move(Kind.PLACE, 1, 4, L))


def test_card_one_needs_two_cards_in_hand():
    state = do(two(hands=((1, 8, 9), (2,))), Kind.PLAY, "1L")
    assert over(state).termination is Termination.COULD_NOT_FOLLOW
    assert ending(state) == "lost: player 2 could not follow card 1"


def test_card_one_reveal_that_would_leave_nothing_to_place_is_refused():
    """Decision: a reveal that would strand the partner is refused, not counted as a loss."""
    state = do(two("", "5", hands=((1, 8, 9), (2, 9))), Kind.PLAY, "1L")  # the 9 fits nowhere
    assert is_legal(state, move(Kind.REVEAL, 1, 9, None)) and not is_legal(state, move(Kind.REVEAL, 1, 2, None))
    assert "could not place another card" in said(state, move(Kind.REVEAL, 1, 2, None)).message


def test_card_one_in_solo_places_directly_while_another_card_stays_in_hand():
    """Decision: a solo partner's cards are all face up (flipped when the 1 was played), so
    the reveal is implicit; the partner needs two cards, places one, keeps the other."""
    state = do(solo(hands=(((1, 8), (9,)), ((2,), (6,)))), Kind.PLAY, "1L")
    assert state.hands[1].face_up == (2, 6) and is_legal(state, move(Kind.PLACE, 1, 2, L))
    alone = do(solo(hands=(((1, 8), (9,)), ((2,), ()))), Kind.PLAY, "1L")
    assert over(alone).termination is Termination.COULD_NOT_FOLLOW


def test_card_two_partner_plays_a_card_and_its_instruction_binds_the_other_player():
    state = do(two(hands=((2, 3, 9), (7, 5, 6)), deck=(1, 4, 8)), Kind.PLAY, "2L")
    assert said(state, move(Kind.PLACE, 1, 5, L)).rule is Rule.TURN  # must play, not place
    state = do(state, Kind.PLAY, "5L", choice=Choice.HIGHER)
    assert pending(state).card == 5 and pending(state).follower == 0
    state = do(state, Kind.PLACE, "9R")
    assert state.pending is None


def test_chains_of_twos_pass_the_instruction_back_and_forth():
    state = two(hands=((2, 3, 9), (2, 5, 6)), deck=(1, 4, 8, 7))
    state = do(state, Kind.PLAY, "2L", actor=0)
    state = do(state, Kind.PLAY, "2R")  # player 2 answers the 2 with a 2
    assert pending(state).card == 2 and pending(state).follower == 0
    state = do(state, Kind.PLAY, "3L")  # player 1 answers with a 3: top card for player 2
    assert pending(state).card == 3 and pending(state).follower == 1
    state = do(state, Kind.PLACE, "1R")  # the deck's top card
    assert state.pending is None and state.deck == ()
    assert state.hands == (Hand((9, 4, 8)), Hand((5, 6, 7)))


def test_card_three_partner_places_the_top_card_of_the_deck():
    state = do(two(hands=((3, 8, 9), (2, 4, 6)), deck=(6, 1, 7)), Kind.PLAY, "3L")
    refused = said(state, move(Kind.PLACE, 1, 2, L))
    assert refused.rule is Rule.TOP_CARD and "which is a 6" in refused.message
    state = do(state, Kind.PLACE, "6L")
    assert state.hands[1].face_up == (2, 4, 6)  # the hand is untouched; it drew nothing
    assert state.deck == (7,) and state.hands[0].face_up == (8, 9, 1)


def test_card_three_with_an_empty_deck_cannot_be_followed():
    state = do(two(hands=((3, 8, 9), (2, 4, 6))), Kind.PLAY, "3L")
    assert ending(state) == "lost: player 2 could not follow card 3 (the deck is empty)"


def test_card_three_that_cannot_be_followed_names_the_top_card_the_partner_revealed():
    """The loss rests on the top card, hidden until the partner reveals it to follow card
    3: the verdict says what it was."""
    state = do(two("", "12", hands=((3, 8, 9), (2, 4, 6)), deck=(9, 1), difficulty=Difficulty.HARD), Kind.PLAY, "3L")
    assert ending(state) == "lost: player 2 could not follow card 3 (the top card of the deck, a 9, cannot be placed)"


def test_card_three_top_card_that_fits_nowhere_loses():
    state = do(two("5", "56", hands=((3, 8, 9), (2, 4, 6)), deck=(1,)), Kind.PLAY, "3R")  # a 1 touches nothing
    assert over(state).termination is Termination.COULD_NOT_FOLLOW


def test_card_four_must_complete_a_row_and_or_column():
    state = do(two("12", "", hands=((4, 8, 9), (3, 7, 5))), Kind.PLAY, "4L")
    assert placements(state) == {"3L", "7L"}  # 3 completes row 1–2–3; 7 completes column 1–4–7
    assert "would not complete a row or column" in said(state, move(Kind.PLACE, 1, 5, L)).message


def test_card_four_completing_means_the_placed_cards_row_or_column_is_full_afterwards():
    assert COMPLETING[grid("12")] == grid("3")
    assert COMPLETING[grid("1245")] == grid("36") | grid("78")  # two ways each: rows and columns
    assert COMPLETING[grid("")] == 0


def test_card_four_played_first_cannot_be_followed():
    state = do(two(hands=((4, 8, 9), (3, 7, 5))), Kind.PLAY, "4L")
    assert ending(state) == "lost: player 2 could not follow card 4"


def test_card_five_higher_places_a_card_above_five_in_the_other_grid():
    state = do(two("", "", hands=((5, 8, 9), (3, 7, 6))), Kind.PLAY, "5L", choice=Choice.HIGHER)
    assert placements(state) == {"7R", "6R"}


def test_card_five_lower_places_a_card_below_five_in_the_other_grid():
    state = do(two("", "", hands=((5, 8, 9), (3, 7, 6))), Kind.PLAY, "5L", choice=Choice.LOWER)
    assert placements(state) == {"3R"}
    assert "not lower than 5" in said(state, move(Kind.PLACE, 1, 7, R)).message


def test_card_five_needs_a_choice_of_higher_or_lower():
    state = two(hands=((5, 8, 9), (3, 7, 6)))
    with pytest.raises(RuleError, match="card 5 needs a choice: higher or lower") as refused:
        do(state, Kind.PLAY, "5L")
    assert refused.value.exit_code == 2  # without its choice the play cannot be used at all
    assert said(state, move(Kind.PLAY, 0, 5, L)).rule is Rule.CHOICE


def test_solo_hard_mode_1_a_five_in_the_left_grid_chooses_higher_in_the_right_lower():
    hands = (((5, 8), (9,)), ((3, 7), (6,)))
    left = do(solo(hands=hands, hard1=True), Kind.PLAY, "5L")
    assert pending(left).choice is Choice.HIGHER
    right = do(solo(hands=hands, hard1=True), Kind.PLAY, "5R")
    assert pending(right).choice is Choice.LOWER
    with pytest.raises(RuleError, match="Hard Mode 1"):
        do(solo(hands=hands, hard1=True), Kind.PLAY, "5L", choice=Choice.LOWER)


def test_card_six_places_a_number_that_is_in_neither_grid():
    state = do(two("23", "3", hands=((6, 8, 9), (1, 2, 5))), Kind.PLAY, "6L")
    assert placements(state) == {"1L", "5L"}
    assert "a 2 is already in a grid" in said(state, move(Kind.PLACE, 1, 2, R)).message


def test_card_seven_forces_the_other_grid():
    state = do(two("4", "4", hands=((7, 8, 9), (1, 5, 6))), Kind.PLAY, "7L")
    assert placements(state) == {"1R", "5R"}
    assert said(state, move(Kind.PLACE, 1, 1, L)).rule is Rule.INSTRUCTION_GRID


def test_card_eight_forces_this_grid():
    state = do(two("5", "5", hands=((8, 7, 9), (2, 6, 9))), Kind.PLAY, "8L")
    assert placements(state) == {"2L", "6L", "9L"}
    assert "in this grid (the left grid)" in said(state, move(Kind.PLACE, 1, 2, R)).message


def test_card_nine_places_in_either_grid_and_nobody_draws_this_turn():
    state = do(two("56", "5", hands=((9, 7, 1), (2, 6, 3)), deck=(4, 4, 8)), Kind.PLAY, "9L")
    assert placements(state) == {"2L", "3L", "2R", "6R"}
    state = do(state, Kind.PLACE, "2R")
    assert state.deck == (4, 4, 8) and len(state.hands[0].face_up) == 2 and len(state.hands[1].face_up) == 2


def test_card_nine_in_a_chain_of_twos_stops_both_players_drawing():
    state = do(two("5", "", hands=((2, 7, 1), (9, 6, 3)), deck=(4, 4, 8)), Kind.PLAY, "2L")
    state = do(state, Kind.PLAY, "9R")
    state = do(state, Kind.PLACE, "1L")
    assert state.deck == (4, 4, 8)


# --- the end of a turn -------------------------------------------------------------


def test_end_of_turn_both_draw_to_a_full_hand_the_active_player_first():
    state = do(two(hands=((7, 8, 9), (1, 2, 3)), deck=(4, 5, 6)), Kind.PLAY, "7L", actor=0)
    state = do(state, Kind.PLACE, "1R")
    assert state.hands[0].face_up == (8, 9, 4) and state.hands[1].face_up == (2, 3, 5)


def test_easy_difficulty_hands_hold_four_cards():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.EASY, seed="s"))
    assert [len(hand) for hand in state.hands] == [4, 4]


def test_solo_hands_draw_face_up_before_face_down_the_starting_hand_first():
    state = solo(hands=(((7, 8), (1,)), ((2, 3), (6,))), deck=(4, 5, 9, 9))
    state = do(state, Kind.PLAY, "7L", actor=0)  # B flips its 6
    assert state.hands[1].face_up == (2, 3, 6) and state.hands[1].face_down == ()
    state = do(state, Kind.PLACE, "6R")
    # A (1 face up, 1 face down) draws 4 face up; B (2 face up, none down) draws 5 face down.
    assert state.hands[0].face_up == (8, 4) and state.hands[0].face_down == (1,)
    assert state.hands[1].face_up == (2, 3) and state.hands[1].face_down == (5,)


def test_solo_a_hand_with_three_face_up_cards_draws_nothing():
    state = solo(hands=(((3, 8), (1,)), ((2, 7), (6,))), deck=(4, 5, 9))
    state = do(state, Kind.PLAY, "3L", actor=0)  # B flips its 6, then places the deck's top card
    state = do(state, Kind.PLACE, "4R")
    assert state.hands[1].face_up == (2, 7, 6) and state.hands[1].face_down == ()
    assert state.hands[0].face_up == (8, 5) and state.deck == (9,)


# --- solo ------------------------------------------------------------------------------


def test_solo_playing_a_card_flips_the_partners_face_down_card():
    state = do(solo(hands=(((7, 8), (1,)), ((2, 3), (6,)))), Kind.PLAY, "7L")
    assert state.hands[1].face_down == () and 6 in state.hands[1].face_up
    assert state.hands[0].face_down == (1,)  # the active hand keeps its own hidden


def test_solo_a_face_down_card_is_flipped_then_played():
    state = solo(hands=(((7, 8), (2,)), ((4, 3), (6,))))
    state = do(state, Kind.FLIP, "", actor=0)
    assert flipped(state).number == 2 and state.hands[0].face_up == (7, 8, 2)
    assert said(state, move(Kind.PLAY, 0, 7, L)).rule is Rule.FLIPPED
    state = do(state, Kind.PLAY, "2L")
    assert pending(state).card == 2 and pending(state).follower == 1


def test_solo_a_face_down_card_that_cannot_be_played_loses():
    state = do(solo("5", "5", hands=(((7, 8), (9,)), ((4, 3), (6,)))), Kind.FLIP, "", actor=0)
    assert over(state).termination is Termination.FACE_DOWN_UNPLAYABLE
    assert "a 9, and could not play it" in ending(state)


def test_solo_easy_mode_swaps_a_face_up_card_with_the_set_aside_card_once():
    state = solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), easy=True)
    assert said(solo(hands=(((7, 8), (2,)), ((4, 3), (6,)))), move(Kind.SWAP, 0, 7, None)).rule is Rule.TURN
    assert said(state, move(Kind.SWAP, 0, 2, None)).rule is Rule.SWAP  # the face-down 2 stays
    state = do(state, Kind.SWAP, "7", actor=0)
    assert state.hands[0].face_up == (8, 9) and state.set_aside == 7 and state.swapped
    assert "once a game" in said(state, move(Kind.SWAP, 1, 4, None)).message


def test_solo_easy_swap_happens_at_the_beginning_of_a_turn_only():
    state = do(solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), easy=True), Kind.PLAY, "7L")
    assert "beginning of a turn" in said(state, move(Kind.SWAP, 1, 4, None)).message


# --- winning and losing -----------------------------------------------------------------

FULL = "12345678"  # both grids without their 9 hold 16 cards


def test_the_seventeenth_card_wins_and_its_instruction_is_ignored():
    state = do(two(FULL, FULL, hands=((4,), (9,))), Kind.PLAY, "9R")
    assert result(over(state)) is Result.WON and state.pending is None
    assert ending(state) == "won: 17 cards are in the grids"


def test_a_five_played_as_the_seventeenth_card_needs_no_choice():
    state = do(two("12346789", "12346789", hands=((5,), (5,))), Kind.PLAY, "5L", actor=0)
    assert result(over(state)) is Result.WON


def test_a_chain_of_twos_ending_on_the_seventeenth_card_wins_at_once():
    """Decision: the 17th card wins even when played to answer a 2; nobody follows it."""
    state = do(two("13456789", "1345678", hands=((2,), (2, 4))), Kind.PLAY, "2L", actor=0)
    state = do(state, Kind.PLAY, "2R")
    assert result(over(state)) is Result.WON


def test_a_placed_seventeenth_card_wins_too():
    state = do(two("12345678", "1234569", hands=((7,), (9, 8))), Kind.PLAY, "7R", actor=0)
    state = do(state, Kind.PLACE, "9L")
    assert result(over(state)) is Result.WON


def test_lose_when_neither_player_can_play_a_card():
    state = do(two("5", "5", hands=((8, 5), (2,))), Kind.PLAY, "8L", actor=0)
    state = do(state, Kind.PLACE, "2L")  # the turn ends: one 5 left (in both grids already), no deck
    assert over(state).termination is Termination.NO_PLAYABLE_CARD
    assert ending(state) == "lost: neither player can play a card"


def test_lose_when_the_partner_cannot_follow_the_played_card():
    state = do(two("5", "", hands=((7, 8), (1, 3))), Kind.PLAY, "8L", actor=0)  # 1 and 3 are diagonal to 5
    assert result(over(state)) is Result.LOST and ending(state) == "lost: player 2 could not follow card 8"


def test_a_move_after_the_game_is_over_is_refused():
    state = do(two("5", "", hands=((7, 8), (1, 3))), Kind.PLAY, "8L", actor=0)
    assert said(state, move(Kind.PLAY, 0, 7, R)).rule is Rule.GAME_OVER


# --- seeded and physical games ---------------------------------------------------------


def test_a_seeded_game_starts_from_the_deal_of_referee_deal():
    deal = deal_smitten("s", SmittenMode.SOLO)
    state = new_game(Setup(SmittenMode.SOLO, None, seed="s"))
    assert state.hands[0].face_up == deal.hands[0].face_up and state.hands[1].face_down == deal.hands[1].face_down
    assert state.deck == deal.deck and state.set_aside == deal.set_aside


def test_physical_cards_are_checked_by_geometry_and_instructions_only():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True))
    state = do(state, Kind.PLAY, "7L", actor=1)
    assert placements(state) == {f"{n}R" for n in range(1, 10)}
    state = do(state, Kind.PLACE, "7R")
    assert len(state.deck) == 17 - 6 - 2 and [len(h) for h in state.hands] == [3, 3]


def test_physical_cards_no_number_appears_more_than_twice():
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True)
    state = State(setup=options, grids=(grid("47"), grid("7")), hands=(Hand((0, 0, 0)), Hand((0, 0, 0))), deck=(0,) * 5)
    state = do(state, Kind.PLAY, "1L", actor=0)
    refused = explained(state, move(Kind.REVEAL, 1, 7, None))  # both 7s are in the grids
    assert refused is not None and "only two 7s" in refused.message
    assert is_legal(state, move(Kind.REVEAL, 1, 4, None))
    state = do(state, Kind.REVEAL, "4")
    assert "only two 4s" in said(state, move(Kind.PLACE, 1, 4, R)).message  # revealed 4 + the 4 in L


def test_physical_card_three_with_an_empty_deck_loses():
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True)
    state = State(setup=options, grids=(0, 0), hands=(Hand((0, 0, 0)), Hand((0, 0, 0))), deck=())
    state = do(state, Kind.PLAY, "3L", actor=0)
    assert ending(state) == "lost: player 2 could not follow card 3 (the deck is empty)"


def test_an_illegal_move_raises_rule_error_with_the_reason():
    with pytest.raises(RuleError, match="player 1 holds no 6"):
        play(two("5", "", hands=((2, 3, 4), (6, 8, 9))), Move(Kind.PLAY, 0, 6, L))


# --- hidden cards never decide ------------------------------------------------------------


def _stuck_before_the_swap(set_aside: int) -> State:
    """Solo Easy Mode with Hard Mode 2: hand B places 2L to end the turn, and then no hand
    can play (A's 3 and 9 fit nowhere, B is empty, no face-down card, no deck)."""
    state = solo("5", "45", hands=(((3, 9), ()), ((2,), ())), after="8L", easy=True, hard2=True)
    return do(replace(state, set_aside=set_aside), Kind.PLACE, "2L")


@pytest.mark.parametrize("set_aside", range(1, 10))
def test_solo_easy_mode_either_hand_may_swap_at_the_beginning_of_any_turn_before_the_loss(set_aside):
    """"At the beginning of any turn, either hand may set a card aside face up and replace
    it, face up, with the card that was set aside during setup": while the swap is unused
    it is offered, whatever the hidden card is, and nothing is lost yet."""
    state = _stuck_before_the_swap(set_aside)
    assert state.outcome is None
    assert list(legal_moves(state)) == [move(Kind.SWAP, 0, 3), move(Kind.SWAP, 0, 9)]


def test_after_the_swap_the_turn_is_lost_only_when_nothing_can_be_played():
    state = do(_stuck_before_the_swap(3), Kind.SWAP, "9")  # takes the other 3: still stuck
    assert ending(state) == "lost: neither hand can play a card, even after the swap"
    state = do(_stuck_before_the_swap(1), Kind.SWAP, "9")  # takes a 1: it fits next to the 4
    assert state.outcome is None and move(Kind.PLAY, 0, 1, R) in set(legal_moves(state))


def test_a_loss_names_the_players_by_their_names():
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="test", players=("Anna", "Bram"))
    state = State(setup=options, grids=(grid("5"), 0), hands=(Hand((7, 8)), Hand((1, 3))), deck=())
    state = do(state, Kind.PLAY, "8L", actor=0)  # 1 and 3 are diagonal to 5
    assert ending(state) == "lost: Bram could not follow card 8"
