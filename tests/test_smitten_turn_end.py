"""End of turn: "both players draw back up to a full hand if possible (the active player
draws their card(s) first)" — the effect of the move that ends a turn records what was
drawn, or why nobody drew, and the report only says it."""

from __future__ import annotations

from referee.game import Step
from referee.smitten.actions import Draw, Effect, Kind, NoDraw, TurnEnd
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.entry import resolve
from referee.smitten.instructions import Choice
from referee.smitten.notation import GridSide, Placement
from referee.smitten.engine import apply, new_game
from referee.smitten.voice import narrate
from referee.smitten.state import Hand, Pending, Setup, State

L = GridSide.LEFT


def stepped(state: State, kind: Kind, text: str, choice: Choice | None = None) -> Step[State, Effect]:
    """The new state and the effect of the move typed ``text``."""
    if kind in (Kind.PLAY, Kind.PLACE):
        placement = Placement.parse(text)
        return apply(state, resolve(state, kind, placement.number, placement.side, None, choice))
    return apply(state, resolve(state, kind, int(text)))


def step(state: State, kind: Kind, text: str, choice: Choice | None = None) -> State:
    return stepped(state, kind, text, choice).state


def test_the_end_of_turn_records_who_drew_what_the_active_player_first():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))  # player 1: 7 9 4, player 2: 6 1 3
    played = stepped(state, Kind.PLAY, "7L")
    assert played.effect.turn_end is None
    done = stepped(played.state, Kind.PLACE, "3R")
    assert done.effect.turn_end == TurnEnd((Draw(0, (9,)), Draw(1, (3,))))
    # the effect holds the cards drawn; the whole table is told only how many (the hands are private)
    assert "End of turn: player 1 draws 1 card, then player 2 draws 1 card." in narrate(done)


def test_the_next_move_forgets_the_last_turns_draws():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))
    done = stepped(step(state, Kind.PLAY, "7L"), Kind.PLACE, "3R")
    assert done.effect.turn_end is not None
    assert stepped(done.state, Kind.PLAY, "4L").effect.turn_end is None


def test_solo_draws_record_face_down_cards_without_their_numbers():
    state = new_game(Setup(SmittenMode.SOLO, None, seed="s"))  # A: 7 9 (4 down), B: 6 1 (3 down)
    done = stepped(step(state, Kind.PLAY, "7L"), Kind.PLACE, "3R")
    assert done.effect.turn_end == TurnEnd((Draw(0, (9,)), Draw(1, (), 1)))


def test_when_card_three_took_the_last_card_of_the_deck_nobody_draws_because_the_deck_is_empty():
    state = new_game(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="n79"))
    lower = Choice.LOWER
    for kind, text, choice in [
        (Kind.PLAY, "5L", lower), (Kind.PLACE, "4R", None), (Kind.PLAY, "8L", None), (Kind.PLACE, "4L", None),
        (Kind.PLAY, "7R", None), (Kind.PLACE, "1L", None), (Kind.PLAY, "1R", None), (Kind.REVEAL, "9", None),
        (Kind.PLACE, "6L", None), (Kind.PLAY, "5R", lower), (Kind.PLACE, "2L", None), (Kind.PLAY, "3L", None),
    ]:  # fmt: skip
        state = step(state, kind, text, choice)
    assert state.deck == (6,)
    done = stepped(state, Kind.PLACE, "6R")
    assert done.state.deck == () and len(done.state.hands[0]) == 2
    assert done.effect.turn_end == TurnEnd(nobody=NoDraw.EMPTY_DECK)
    assert "End of turn: nobody draws (the deck is empty)." in narrate(done)


def _placing(hands: tuple[Hand, Hand], deck: tuple[int, ...], *, after: int, no_draw: bool = False) -> State:
    """Player 2 is to follow card ``after``, played by player 1 in the left grid."""
    options = Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="t")
    return State(
        setup=options, grids=(1 << (after - 1), 0), hands=hands, deck=deck, pending=Pending(after, L, 0), starter=0, no_draw=no_draw
    )


def test_after_a_nine_nobody_draws_because_of_the_nine():
    before = _placing((Hand((2, 3)), Hand((4, 6, 8))), (1, 5, 7), after=9, no_draw=True)
    done = stepped(before, Kind.PLACE, "8L")
    assert done.effect.turn_end == TurnEnd(nobody=NoDraw.NINE) and done.state.deck == (1, 5, 7)
    assert "End of turn: nobody draws (a 9 was played this turn)." in narrate(done)


def test_full_hands_draw_nothing_and_say_so():
    before = _placing((Hand((2, 3, 4)), Hand((4, 6, 8))), (6, 5, 7), after=3)
    done = stepped(before, Kind.PLACE, "6L")  # the deck's top card: no hand lost a card
    assert done.effect.turn_end == TurnEnd(nobody=NoDraw.FULL_HANDS)
    assert "End of turn: nobody draws (the hands are full)." in narrate(done)
