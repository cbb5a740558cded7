"""Every way a rule can be broken: legality decides it (the rule and, where a rule can
be broken in several ways, the fault), explain only words it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_smitten_rules import explained, grid, pending, solo, two

from referee.game import Outcome
from referee.smitten.actions import Kind, move
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.instructions import Choice
from referee.smitten.legality import Fault, Rule, violation
from referee.smitten.notation import GridSide
from referee.smitten.engine import refusal
from referee.smitten.state import Flipped, Hand, Setup, State, Termination

L, R = GridSide.LEFT, GridSide.RIGHT
H, LO = Choice.HIGHER, Choice.LOWER

CASES = {
    "the game is over": (
        lambda: State(setup=Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="t"),
                      ended=Outcome(winners=(), termination=Termination.DECLARED, details=(("reason", "we stopped"),))),
        move(Kind.PLAY, 0, 5, L, H), Rule.GAME_OVER, None,
        "the game is over (lost: we stopped); undo to go back, or start a new game",
    ),
    "a play names no grid": (
        lambda: two(hands=((5, 7), (1, 2))), move(Kind.PLAY, 0, 5), Rule.TURN, Fault.UNPLACED,
        "play 5 does not say which card goes in which grid",
    ),
    "card 1 needs 2 cards to reveal one": (
        lambda: two(hands=((2, 3), (6,)), after="1L"), move(Kind.REVEAL, 1, 6), Rule.INSTRUCTION_CARD, Fault.SHORT_HAND,
        "card 1 needs 2 cards in hand, 1 to reveal and another to place; player 2 holds 1 card",
    ),
    "card 1 needs 2 cards to keep one (solo)": (
        lambda: solo(hands=(((2, 3), ()), ((6,), ())), after="1L"), move(Kind.PLACE, 1, 6, R), Rule.HAND, Fault.SHORT_HAND,
        "card 1 needs 2 cards in hand, 1 to reveal and another to place; hand B holds 1 card",
    ),
    "an empty hand": (
        lambda: two(hands=((3, 4), ()), after="2L"), move(Kind.PLAY, 1, 5, R), Rule.HAND, Fault.EMPTY_HAND,
        "player 2 has no cards left",
    ),
    "a card not in hand": (
        lambda: two(hands=((5, 7), (1, 2))), move(Kind.PLAY, 0, 6, L), Rule.HAND, Fault.NOT_HELD, "player 1 holds no 6",
    ),
    "a swap of a card not in hand": (
        lambda: solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), easy=True), move(Kind.SWAP, 0, 3), Rule.SWAP, Fault.NOT_HELD,
        "hand A holds no face-up 3 to swap",
    ),
    "a swap of a number whose copies are both in sight": (
        lambda: State(setup=Setup(SmittenMode.SOLO, None, easy=True, physical=True), grids=(grid("7"), grid("7")),
                      hands=(Hand((0, 0, 0)), Hand((0, 0, 0))), deck=(0,) * 5),
        move(Kind.SWAP, 0, 7), Rule.SWAP, Fault.IN_SIGHT, "there are only two 7s, and both are in sight",
    ),
    "card 3 with an empty deck": (
        lambda: two(hands=((1, 2), (4, 5)), after="3L"), move(Kind.PLACE, 1, 4, R), Rule.TOP_CARD, Fault.EMPTY_DECK,
        "card 3: the deck is empty, so there is no top card to place",
    ),
    "a choice on a card other than 5": (
        lambda: two(hands=((7, 8), (1, 2))), move(Kind.PLAY, 0, 7, L, H), Rule.CHOICE, Fault.NOT_FIVE,
        "only card 5 asks for higher or lower, not card 7",
    ),
    "a choice on the 17th card": (
        lambda: two("12346789", "12345678", hands=((5,), (9,))), move(Kind.PLAY, 0, 5, L, H), Rule.CHOICE, Fault.IGNORED,
        "this 5 is the 17th card: its instruction is ignored, so there is no higher or lower to choose",
    ),
    "Hard Mode 1 fixes the choice": (
        lambda: solo(hands=(((5, 7), (2,)), ((4, 3), (6,))), hard1=True), move(Kind.PLAY, 0, 5, L, LO), Rule.CHOICE,
        Fault.FORCED, "Hard Mode 1: a 5 played in the left grid must choose higher",
    ),
    "card 5 without its choice": (
        lambda: two(hands=((5, 7), (1, 2))), move(Kind.PLAY, 0, 5, L), Rule.CHOICE, Fault.NO_CHOICE,
        "card 5 needs a choice: higher or lower",
    ),
    "a placed card with a choice": (
        lambda: two(hands=((1, 2), (4, 5)), after="6L"), move(Kind.PLACE, 1, 5, R, H), Rule.CHOICE, Fault.PLACED_CHOICE,
        "a placed 5 triggers nothing: there is no higher or lower to choose",
    ),
    "a choice with a reveal": (
        lambda: two(hands=((7, 8), (1, 2, 4)), after="1L"), move(Kind.REVEAL, 1, 2, None, H), Rule.CHOICE, Fault.NOT_PLAYED,
        "only a played 5 asks for higher or lower, not to reveal 2",
    ),
    # The TURN rule: the kind of move, or who makes it, is not what the game waits for.
    "a swap outside solo Easy Mode": (
        lambda: two(hands=((7, 8), (1, 2))), move(Kind.SWAP, 0, 7), Rule.TURN, Fault.NOT_EASY,
        "swapping with the set-aside card is solo Easy Mode (a solo game started with easy)",
    ),
    "a second easy swap": (
        lambda: replace(solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), easy=True), swapped=True), move(Kind.SWAP, 0, 7),
        Rule.TURN, Fault.SWAP_USED, "the easy swap has been used: it happens once a game",
    ),
    "an easy swap in the middle of a turn": (
        lambda: solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), easy=True, after="9L"), move(Kind.SWAP, 1, 4), Rule.TURN,
        Fault.SWAP_MID_TURN, "the easy swap happens at the beginning of a turn, before the first card is played",
    ),
    "a flip with two players": (
        lambda: two(hands=((7, 8), (1, 2))), move(Kind.FLIP, 0), Rule.TURN, Fault.FLIP_NOT_SOLO,
        "only solo hands have a face-down card",
    ),
    "a flip with the table's own cards": (
        lambda: State(setup=Setup(SmittenMode.SOLO, None, physical=True), hands=(Hand((0, 0, 0)), Hand((0, 0, 0))),
                      deck=(0,) * 11),
        move(Kind.FLIP, 0), Rule.TURN, Fault.FLIP_PHYSICAL,
        "with physical cards, flip the card at the table and play it by its number",
    ),
    "a flip by a hand with no face-down card": (
        lambda: solo(hands=(((7, 8), ()), ((4, 3), (6,)))), move(Kind.FLIP, 0), Rule.TURN, Fault.NO_FACE_DOWN,
        "hand A has no face-down card",
    ),
    "a flip in the middle of a turn": (
        lambda: solo(hands=(((7, 8), (2,)), ((4, 3), (6,))), after="9L"), move(Kind.FLIP, 1), Rule.TURN,
        Fault.FLIP_MID_TURN, "a face-down card can only be played to start a turn",
    ),
    "a solo reveal": (
        lambda: solo(hands=(((7, 8), ()), ((4, 3), ())), after="1L"), move(Kind.REVEAL, 1, 4), Rule.TURN, Fault.SOLO_REVEAL,
        "solo hands do not reveal: after card 1 the partner places a card at once, keeping another in hand",
    ),
    "a placement to start a turn": (
        lambda: two(hands=((7, 8), (1, 2))), move(Kind.PLACE, 0, 7, L), Rule.TURN, Fault.PLACE_NO_INSTRUCTION,
        "no instruction is pending: a turn starts with a play (play), not a placement",
    ),
    "a reveal with no card 1 waiting": (
        lambda: two(hands=((7, 8), (1, 2))), move(Kind.REVEAL, 0, 7), Rule.TURN, Fault.REVEAL_NO_CARD_ONE,
        "reveal answers card 1, and no card 1 is waiting",
    ),
    "the other hand plays while a flipped card waits": (
        lambda: replace(solo(hands=(((7, 9, 4), ()), ((6, 1), (3,)))), pending=Flipped(4, 0)), move(Kind.PLAY, 1, 6, L),
        Rule.TURN, Fault.MUST_PLAY_FLIPPED, "hand A flipped a 4 and must play it now",
    ),
    "the player of the card follows it": (
        lambda: two(hands=((7, 8), (1, 2)), after="7L"), move(Kind.PLACE, 0, 8, R), Rule.TURN, Fault.NOT_FOLLOWER,
        "card 7 binds player 2, the partner of player 1 who played it; player 2 must place a card",
    ),
    "a second reveal for card 1": (
        lambda: (lambda s: replace(s, pending=replace(pending(s), revealed=2)))(two(hands=((7, 8), (1, 2, 4)), after="1L")),
        move(Kind.REVEAL, 1, 1), Rule.TURN, Fault.REVEALED_ALREADY, "player 2 has revealed 2 already; now place another card",
    ),
    "a placement where card 2 asks for a play": (
        lambda: two(hands=((7, 8), (1, 3)), after="2L"), move(Kind.PLACE, 1, 1, R), Rule.TURN, Fault.WRONG_ANSWER,
        "card 2 asks player 2 to play a card, not to place",
    ),
}  # fmt: skip


@pytest.mark.parametrize(("build", "tried", "rule", "fault", "words"), CASES.values(), ids=list(CASES))
def test_every_way_a_rule_is_broken_is_decided_by_legality_and_worded_by_explain(build, tried, rule, fault, words):
    state = build()
    found = violation(state, tried)
    assert found is not None and (found.rule, found.fault) == (rule, fault)
    refused = explained(state, tried)
    assert refused is not None and refused.rule is rule and refused.message == words
    value = refusal(state, tried)
    assert value is not None and value.rule is rule and value.get("fault") is fault and value.get("move") == tried


def test_every_fault_has_its_words():
    from referee.smitten import explain

    assert set(explain._FAULTS) == set(Fault)
    faulted = {case[3] for case in CASES.values()} - {None} | {Fault.REVEALED, Fault.ACCOUNTED, Fault.NO_PLACE_AFTER}
    assert faulted == set(Fault)  # each is also reached in tests/test_smitten_rules.py or above
