"""What each seat may see of a Smitten game (SPEC §6.6), and the contract's values: a
refusal is the rule broken with its parameters, an outcome holds no words, actions and
effects never compare equal across kinds."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.errors import InputError
from referee.game import Outcome, Refusal
from referee.smitten.actions import Draw, Effect, Kind, Lose, Move, TurnEnd, move
from referee.smitten.dealing import Difficulty, SmittenMode
from referee.smitten.legality import Fault, Rule
from referee.smitten.notation import GridSide
from referee.smitten.ruleset import RULES
from referee.smitten.state import UNSEEN, Flipped, Pending, Setup, State, Termination
from referee.smitten.view import SeatView

L, R = GridSide.LEFT, GridSide.RIGHT

SETUPS = st.one_of(
    st.builds(lambda difficulty, seed: Setup(SmittenMode.TWO, difficulty, seed=seed), st.sampled_from(Difficulty), st.text("abcdefgh", min_size=1, max_size=4)),
    st.builds(
        lambda easy, hard1, hard2, seed: Setup(SmittenMode.SOLO, None, easy=easy, hard1=hard1, hard2=hard2, seed=seed),
        st.booleans(), st.booleans(), st.booleans(), st.text("abcdefgh", min_size=1, max_size=4),
    ),
)  # fmt: skip


def reachable(setup: Setup, rng: random.Random) -> list[State]:
    """Every state of one random game: random legal moves (the rules' legal_actions)."""
    state = RULES.start(setup)
    states = [state]
    while RULES.outcome(state) is None:
        state = RULES.apply(state, rng.choice(list(RULES.legal_actions(state)))).state
        states.append(state)
    return states


def may_see(state: State, seat: int | None) -> Counter[int]:
    """The cards ``seat`` may see outside the grids (None: the public), as the rulebook
    and SPEC §6.6 say: its own hand (two players), both face-up hands (solo), a card
    revealed for card 1, the top card turned up for card 3, the set-aside card once
    swapped. Never the deck's order, a face-down card, the partner's hand."""
    seen: Counter[int] = Counter()
    setup = state.setup
    for actor, hand in enumerate(state.hands):
        if setup.solo or seat == actor:
            seen.update(hand.face_up)
    pending = state.pending
    if isinstance(pending, Pending) and pending.revealed:
        seen[pending.revealed] += 1
    if isinstance(pending, Pending) and pending.card == 3 and state.deck:
        seen[state.deck[0]] += 1
    outcome = state.outcome
    if outcome is not None and outcome.detail("top"):
        seen[outcome.detail("top")] += 1
    if state.swapped:
        seen[state.set_aside] += 1
    return seen


def shown(seen: SeatView) -> Counter[int]:
    cards: Counter[int] = Counter()
    for hand in seen.hands:
        cards.update(hand.face_up)
    cards.update(number for number in (seen.top_card, seen.set_aside) if number)
    return cards


@settings(max_examples=60, deadline=None)
@given(SETUPS, st.randoms(use_true_random=False))
def test_no_seat_ever_sees_a_card_it_may_not_see(setup: Setup, rng: random.Random) -> None:
    for state in reachable(setup, rng):
        for seat in (None, 0, 1):
            seen = RULES.view(state, seat)
            assert isinstance(seen, SeatView) and seen.seat == seat
            assert not shown(seen) - may_see(state, seat), (seat, state)  # nothing beyond what it may see
            assert [hand.cards for hand in seen.hands] == [len(hand) for hand in state.hands]  # counts are public
            assert seen.deck == len(state.deck)  # the deck: how many, never which
            if not setup.solo and seat is not None:
                assert seen.hands[seat].face_up == state.hands[seat].face_up  # its own hand, whole


@settings(max_examples=30, deadline=None)
@given(SETUPS, st.randoms(use_true_random=False))
def test_the_public_view_holds_no_hidden_card(setup: Setup, rng: random.Random) -> None:
    for state in reachable(setup, rng):
        public = RULES.view(state, None)
        for actor, hand in enumerate(public.hands):
            if not setup.solo:
                pending = state.pending
                revealed = pending.revealed if isinstance(pending, Pending) and pending.follower == actor else None
                assert hand.face_up in ((), (revealed,)), (actor, state)  # a two-player hand is private
            assert UNSEEN not in hand.face_up
        if not state.swapped:
            assert public.set_aside is None


def test_two_players_each_see_their_own_hand_and_the_partners_count() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))  # player 1: 7 9 4, player 2: 6 1 3
    assert RULES.view(state, 0).hands[0].face_up == (7, 9, 4) and RULES.view(state, 0).hands[1].face_up == ()
    assert RULES.view(state, 1).hands[1].face_up == (6, 1, 3) and RULES.view(state, 1).hands[0].cards == 3
    assert RULES.view(state, None).hands[0].face_up == () == RULES.view(state, None).hands[1].face_up


def test_a_card_revealed_for_card_one_is_public() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.EASY, seed="s"))
    follower = next(actor for actor in (0, 1) if len(state.hands[1 - actor]) >= 2)
    state = State(setup=state.setup, grids=(1, 0), hands=state.hands, deck=state.deck, pending=Pending(1, L, 1 - follower, revealed=state.hands[follower].face_up[0]))  # fmt: skip
    assert RULES.view(state, None).hands[follower].face_up == (state.hands[follower].face_up[0],)
    assert RULES.view(state, 1 - follower).hands[follower].face_up == (state.hands[follower].face_up[0],)


def test_the_top_card_is_public_once_card_three_turns_it_up() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))
    assert RULES.view(state, None).top_card is None
    turned = State(setup=state.setup, grids=(1 << 2, 0), hands=state.hands, deck=state.deck, pending=Pending(3, L, 0))
    assert RULES.view(turned, None).top_card == state.deck[0]


def test_solo_face_up_hands_are_public_and_face_down_cards_hidden_from_everyone() -> None:
    state = RULES.start(Setup(SmittenMode.SOLO, None, seed="s"))  # A: 7 9 (4 down), B: 6 1 (3 down)
    for seat in (None, 0, 1):
        seen = RULES.view(state, seat)
        assert [hand.face_up for hand in seen.hands] == [(7, 9), (6, 1)]
        assert [hand.face_down for hand in seen.hands] == [1, 1]
        assert 4 not in shown(seen) and 3 not in shown(seen)


def test_the_set_aside_card_is_hidden_until_the_easy_swap_shows_it() -> None:
    state = RULES.start(Setup(SmittenMode.SOLO, None, easy=True, seed="s"))
    assert RULES.view(state, 0).set_aside is None
    swapped = RULES.apply(state, move(Kind.SWAP, 0, 7)).state
    assert RULES.view(swapped, None).set_aside == 7


def test_show_prints_no_private_card_and_by_prints_the_seats_own(referee: Any, tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    assert referee("smitten", "new", str(game), "--seed", "s").exit_code == 0  # player 1: 7 9 4, player 2: 6 1 3
    public = referee("smitten", "show", str(game))
    assert "Player 1: 3 cards, not shown\nPlayer 2: 3 cards, not shown\n" in public.stdout
    own = referee("smitten", "show", str(game), "--by", "2").stdout
    assert "Player 1: 3 cards, not shown\nPlayer 2: 6 1 3\n" in own and "as player 2 sees it" in own
    document = referee("smitten", "show", str(game), "--json").json()["state"]
    assert document["hands"] == [{"name": 1, "cards": 3, "face_up": []}, {"name": 2, "cards": 3, "face_up": []}]
    assert document["seat"] is None
    mine = referee("smitten", "show", str(game), "--by", "1", "--json").json()["state"]
    assert mine["hands"][0]["face_up"] == [7, 9, 4] and mine["hands"][1]["face_up"] == [] and mine["seat"] == 1
    wrong = referee("smitten", "show", str(game), "--hand", "A")
    assert wrong.exit_code == 2 and "names players, not hands" in wrong.stderr


def test_a_solo_show_names_a_hand(referee: Any, tmp_path: Path) -> None:
    game = tmp_path / "solo.toml"
    assert referee("smitten", "new", str(game), "--mode", "solo", "--seed", "s").exit_code == 0
    seen = referee("smitten", "show", str(game), "--hand", "b")
    assert seen.exit_code == 0 and "as hand B sees it" in seen.stdout and "Hand A: 7 9 · face down: 1 card" in seen.stdout
    assert referee("smitten", "show", str(game), "--by", "1").exit_code == 2


# --- the contract's values ---------------------------------------------------------------


def test_a_refusal_is_the_rule_broken_with_its_parameters_not_words() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))  # player 1: 7 9 4
    tried = move(Kind.PLAY, 0, 6, L)
    refused = RULES.refusal(state, tried)
    assert isinstance(refused, Refusal) and refused.rule is Rule.HAND
    assert refused.get("fault") is Fault.NOT_HELD and refused.get("move") == tried
    assert (refused.get("seat"), refused.get("card"), refused.get("grid")) == (0, 6, L)
    assert not any(isinstance(value, str) for _name, value in refused.params)
    assert refused.exit_code == 1


def test_card_five_without_its_choice_cannot_be_used() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True))
    refused = RULES.refusal(state, move(Kind.PLAY, 0, 5, L))
    assert refused is not None and refused.rule is Rule.CHOICE and refused.get("fault") is Fault.NO_CHOICE
    assert refused.exit_code == 2


def test_an_outcome_holds_the_termination_and_its_details_not_words() -> None:
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))
    state = RULES.apply(state, move(Kind.PLAY, 0, 4, L)).state  # card 4: player 2 (6 1 3) must complete a row or column
    ended = RULES.outcome(state)
    assert ended == Outcome((), Termination.COULD_NOT_FOLLOW, (("seat", 1), ("card", 4), ("top", None), ("empty_deck", False)))


def test_a_damaged_file_is_reported_as_the_files_event_not_as_a_flag(referee: Any, tmp_path: Path) -> None:
    game = tmp_path / "game.toml"
    assert referee("smitten", "new", str(game), "--seed", "s").exit_code == 0
    assert referee("smitten", "play", str(game), "7L").exit_code == 0
    text = game.read_text()
    assert text.count('card = "7L"') == 1
    game.write_text(text.replace('card = "7L"', 'card = "7L"\nchoose = "higher"'))  # edited by hand
    result = referee("smitten", "show", str(game))
    assert result.exit_code == 2 and "only card 5 asks for higher or lower, not card 7" in result.stderr and "--choose" not in result.stderr
    state = RULES.start(Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"))
    placed = RULES.decode(state, {"kind": "place", "card": "5L", "by": 1, "choose": "lower"})
    assert isinstance(placed, Move) and placed.choice is not None  # read as it is: legality judges it (tests/test_smitten_refusals.py)


@pytest.mark.parametrize(
    "setup, event, words",
    [
        (Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"), {"kind": "play", "card": "7L", "by": "Zed"}, "`by` must be 1, 2 or a player's name"),
        (Setup(SmittenMode.SOLO, None, seed="s"), {"kind": "play", "card": "7L", "hand": "C"}, "`hand` must be A or B"),
        (Setup(SmittenMode.TWO, Difficulty.MEDIUM, physical=True), {"kind": "play", "card": "7L"}, "does not say who moved (`by`)"),
        (Setup(SmittenMode.TWO, Difficulty.MEDIUM, seed="s"), {"kind": "play", "card": "5L", "by": 1, "choose": "up"}, "card 5 asks for higher or lower"),
    ],
)
def test_a_bad_event_is_refused_in_the_files_words(setup: Setup, event: dict[str, Any], words: str) -> None:
    with pytest.raises(InputError, match=re.escape(words)) as refused:
        RULES.decode(RULES.start(setup), event)
    assert "--" not in str(refused.value)


def test_no_rules_message_names_a_command_line_flag() -> None:
    """The rules and the file's events speak of the game and the file; only the command
    line (and its entry parser) names --by, --choose, --samples, --hold…"""
    import ast

    root = Path(__file__).resolve().parent.parent / "referee" / "smitten"
    for name in ("engine.py", "legality.py", "state.py", "actions.py", "ruleset.py", "view.py", "explain.py", "voice.py", "words.py", "hint.py", "solver.py"):
        tree = ast.parse((root / name).read_text())
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        texts = [
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
        ]
        assert not [text for text in texts if re.search(r"(?<![-\w])--[a-z]", text)], name


def test_actions_and_effects_never_compare_equal_across_kinds() -> None:
    played = Move(Kind.PLAY, 0, 5, L)
    kinds = [played, Lose(), Effect(played), Effect(Lose()), Draw(0), TurnEnd(), Flipped(5, 0), Pending(5, L, 0)]
    for index, one in enumerate(kinds):
        for other in kinds[index + 1 :]:
            assert one != other and other != one, (one, other)
    bare: object = (Kind.PLAY, 0, 5, L, None)
    assert played != bare and Move(Kind.PLACE, 0, 5, L) != played


def test_a_move_prints_as_notation_and_only_the_voice_words_it() -> None:
    from referee import i18n
    from referee.smitten.explain import move_words
    from referee.smitten.instructions import Choice

    moves = [move(Kind.PLAY, 0, 5, GridSide.LEFT, Choice.HIGHER), move(Kind.PLACE, 1, 3, GridSide.RIGHT),
             move(Kind.REVEAL, 0, 4), move(Kind.SWAP, 1, 7), move(Kind.FLIP, 0)]  # fmt: skip
    notation = ["play 5L higher", "place 3R", "reveal 4", "swap 7", "flip"]
    assert [str(one) for one in moves] == notation
    i18n.set_language("nl")
    try:
        assert [str(one) for one in moves] == notation  # notation is the same in every language
        assert move_words(moves[4]) == "de gedekte kaart spelen" and move_words(moves[0]) == "spelen 5L hoger"
    finally:
        i18n.set_language(None)
