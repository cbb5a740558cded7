"""What each seat of a Spellcrafter table may see (SPEC §6.6), what can be listed of the
legal actions, and actions that are values of their own kind."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.spellcrafter.actions import ChallengeWord, EnterPass, EnterWord, Passed, PickCard
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.setup import Setup
from referee.spellcrafter.view import SeatView

NAMES = ("Anna", "Bram", "Cees")
KIT = ["K6m", "I1m", "T1m"]


def seeded(seed: str, players: tuple[str, ...] = NAMES) -> Game:
    return RULES.start(Setup.build(players, seed=seed, draft=False))  # drafted with real cards


def physical() -> Game:
    return RULES.start(Setup.build(NAMES))


def candidates(game: Game) -> list[EnterPass | ChallengeWord]:
    """Every pass and every challenge that could be typed now, allowed or not."""
    seats = range(game.setup.count)
    passes = [EnterPass(seat=seat, round=number) for seat in seats for number in (None, *range(1, 5))]
    challenges = [ChallengeWord(challenger=c, seat=s, valid=True, reason="", dictionary="") for c in seats for s in seats]
    return [*passes, *challenges]


def a_word_from_the_hand(game: Game, seat: int) -> EnterWord:
    """The first three letter cards of the hand the seat was dealt this round, as a word."""
    dealt = game.deal(game.current_number)
    assert dealt is not None
    letters = [card for card in dealt.hands[seat] if card.is_letter][:3]
    return EnterWord(seat=seat, tokens=tuple(parse_word([str(card) for card in letters])))


@st.composite
def reachable(draw: st.DrawFn) -> Game:
    """A seeded game after a random run of legal entries: words from the dealt hands,
    passes and challenges."""
    game = seeded(draw(st.text("abcdef", min_size=1, max_size=6)), draw(st.sampled_from([NAMES[:2], NAMES, (*NAMES, "Daan")])))
    for _ in range(draw(st.integers(0, 14))):
        if game.outcome is not None and not game.latest.unchallenged:
            break
        options: list[EnterPass | ChallengeWord | EnterWord | PickCard] = list(RULES.legal_actions(game))
        options += [a_word_from_the_hand(game, seat) for seat in game.waiting]
        options = [action for action in options if RULES.refusal(game, action) is None]
        if not options:
            break
        action = draw(st.sampled_from(options))
        if isinstance(action, ChallengeWord):
            action = action._replace(valid=draw(st.booleans()))
        game = RULES.apply(game, action).state
    return game


# --- seat views --------------------------------------------------------------------------------


def test_a_seat_sees_the_hand_it_was_dealt_and_the_public_sees_no_hand() -> None:
    game = seeded("tafel")
    dealt = game.deal(1)
    assert dealt is not None
    for seat in range(3):
        view = RULES.view(game, seat)
        assert isinstance(view, SeatView) and view.hand == dealt.hands[seat] and view.hand_size == 8
    public = RULES.view(game, None)
    assert public.hand == () and public.jumper == dealt.jumper and public.hand_size == 8


def test_with_physical_cards_the_referee_knows_no_hand() -> None:
    game = physical()
    assert RULES.view(game, 0).hand == () and RULES.view(game, 0).hand_size == 0


def test_a_seat_view_is_a_frozen_value() -> None:
    view = RULES.view(seeded("tafel"), 1)
    assert isinstance(view, SeatView) and dataclasses.is_dataclass(SeatView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 2  # type: ignore[misc]  # frozen on purpose: refused at run time too


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(reachable())
def test_no_seat_view_of_a_reachable_game_holds_another_seats_private_card(game: Game) -> None:
    """A seat's view is the public view, that seat's own dealt hand and its own word while
    the round's words lie face down (SPEC §6.6), nothing else: no other seat's hand or
    word; the public view holds no hand at all."""
    public = RULES.view(game, None)
    assert public.hand == ()
    dealt = game.deal(game.current_number)
    for seat in range(game.setup.count):
        view = RULES.view(game, seat)
        own = () if dealt is None or game.outcome is not None else dealt.hands[seat]
        assert view.hand == own
        assert set(view.sealed) == set(public.sealed) - {seat}
        for mine, shown in zip(view.rounds, public.rounds):
            differ = [s for s, (a, b) in enumerate(zip(mine.entries, shown.entries)) if a != b]
            assert differ in ([], [seat]) and (not differ or seat in public.sealed)
        same = dataclasses.replace(view, seat=None, hand=(), rounds=public.rounds, sealed=public.sealed, totals=public.totals)
        assert same == public


def test_show_by_a_player_prints_only_that_players_hand(referee: Any, tmp_path: Path) -> None:
    game = str(tmp_path / "game.toml")
    assert referee("spell", "new", game, *NAMES, "--seed", "tafel", "--no-draft").exit_code == 0  # real cards, as dealt
    dealt = seeded("tafel").deal(1)
    assert dealt is not None
    hands = [" ".join(str(card) for card in hand) for hand in dealt.hands]
    public = referee("spell", "show", game)
    assert not any(hand in public.stdout for hand in hands)
    mine = referee("spell", "show", game, "--by", "bram")
    assert mine.exit_code == 0 and f"Bram's hand as dealt in round 1: {hands[1]}" in mine.stdout
    assert hands[0] not in mine.stdout and hands[2] not in mine.stdout
    as_json = referee("spell", "show", game, "--by", "cees", "--json").json()
    assert as_json["seat"] == "Cees" and as_json["hand"] == [str(card) for card in dealt.hands[2]]
    assert "hand" not in referee("spell", "show", game, "--json").json()
    assert referee("spell", "show", game, "--by", "zed").exit_code == 2


# --- what can be listed ------------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(reachable())
def test_legal_actions_are_the_passes_and_challenges_that_refusal_allows(game: Game) -> None:
    """Brute force over every pass and challenge that could be typed: legal_actions lists
    exactly those the rules allow (a pass with its round stated, as a phone sends it: the
    same entry as without)."""
    listed = list(RULES.legal_actions(game))
    allowed = {action for action in candidates(game) if RULES.refusal(game, action) is None}
    assert set(listed) == {action for action in allowed if not (isinstance(action, EnterPass) and action.round is None)}
    assert len(listed) == len(set(listed))
    for action in listed:
        RULES.apply(game, action)  # never refused


def test_legal_actions_list_no_words_and_the_passes_of_the_seats_still_to_play() -> None:
    game = RULES.apply(physical(), EnterWord(seat=0, tokens=tuple(parse_word(KIT)))).state
    listed = list(RULES.legal_actions(game))
    assert [action for action in listed if isinstance(action, EnterPass)] == [EnterPass(1, round=1), EnterPass(2, round=1)]
    assert {(a.challenger, a.seat) for a in listed if isinstance(a, ChallengeWord)} == {(1, 0), (2, 0)}
    assert not any(isinstance(action, EnterWord) for action in listed)


# --- actions and effects are values of their own kind ----------------------------------------------


def test_two_kinds_with_equal_fields_are_not_equal() -> None:
    assert EnterPass(seat=0, round=1) != (0, 1)
    assert EnterPass(seat=0, round=1) == EnterPass(seat=0, round=1)
    assert len({EnterPass(seat=0, round=1), (0, 1)}) == 2
    assert Passed(seat=0, round=1, completes=False) != (0, 1, False)
