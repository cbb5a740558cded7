"""What each seat may see (SPEC §6.6): a seat sees the public table and its own hand in a
seeded round, never another's hand nor the round's dead pile before the round is over;
the public view (no seat) holds no hand at all. `smoor hands` prints one seat's view."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Card, Suit
from referee.smoorverliefd.actions import Bids, CurseSuit, PlayCard, PlayTrick, QuickRound
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.scoring import ACE_OF_HEARTS
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.view import SeatView
from smoor_play import play


def cards_in(value: object) -> set[Card]:
    """Every card anywhere in a value (a view, a trick, a tuple of them)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, field.name)) for field in dataclasses.fields(value)))
    if isinstance(value, tuple | list | frozenset | set):
        return set().union(*(cards_in(item) for item in value))
    return set()


def this_round(view: SeatView) -> set[Card]:
    """The cards a view shows of the round in progress: its hand, the round's tricks and
    the trick being played (the last round's dead pile and last trick belong to a round
    that is over)."""
    return cards_in(view.hand) | cards_in(view.tricks) | cards_in(view.trick_so_far) | (cards_in(view.last_trick) if view.tricks else set())


def check_views(match: Match) -> None:
    current, count = match.current, match.setup.count
    public = RULES.view(match, None)
    assert public.hand is None
    assert this_round(public) <= current.played
    for seat in range(count):
        view = RULES.view(match, seat)
        hidden = set(current.dead or ()).union(*(current.hands[other] for other in range(count) if other != seat)) if current.hands else set()
        assert not this_round(view) & hidden, (seat, this_round(view) & hidden)
        if current.hands is not None and match.outcome is None:
            assert set(view.hand or ()) == current.hands[seat]
        else:
            assert view.hand is None
        assert view.trick_so_far == current.table and view.to_play == match.to_play
        # the dead pile shown is the finished round's, never this round's
        assert view.last_round_dead == (match.rounds[-1].dead if match.rounds else ())
        assert dataclasses.replace(view, seat=None, hand=None) == public


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(
    st.text("abcdefgh", min_size=1, max_size=6),
    st.integers(0, 10_000),
    st.integers(3, 5),
    st.sets(st.sampled_from(["cupido", "blinde-liefde", "troef"])),
)
def test_no_seat_sees_another_seats_hand_or_the_dead_pile_before_the_round_is_over(seed, draw, players, variants):
    """Random reachable seeded matches, played with random legal cards (``legal_actions``),
    whole tricks, bids and cursed suits; every seat's view checked after every entry."""
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, target=60, variants=sorted(variants))
    match, rng = Match.start(setup), random.Random(draw)
    check_views(match)
    for _ in range(120):
        if match.outcome is not None:
            break
        if match.to_play is None:  # no card yet: the round's bids or its cursed suit come first
            match = play(match, _before_the_round(match, rng))
        elif match.current.table or rng.random() < 0.5:
            match = play(match, rng.choice([action for action in RULES.legal_actions(match) if isinstance(action, PlayCard)]))
        else:  # a random legal trick entered whole: a random playable card each time
            typed: list[Card] = []
            while len(typed) < setup.count:
                typed.append(rng.choice(match.playable(typed)))
            match = play(match, PlayTrick(tuple(typed)))
        check_views(match)


def _before_the_round(match: Match, rng: random.Random) -> Bids | CurseSuit:
    """No trick is legal yet: the round's bids or its cursed suit come first."""
    bids = Bids(tuple((seat, rng.randrange(4)) for seat in range(match.setup.count)))
    return bids if match.refusal(bids) is None else CurseSuit(rng.choice(list(Suit)))


def test_the_public_view_holds_no_hand_and_counts_the_cards_each_player_holds():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees"], seed="view"))
    public = RULES.view(match, None)
    assert public.hand is None and public.cards_in_hand == (17, 17, 17)
    assert match.current.hands is not None  # a seeded match knows the hands
    assert set(RULES.view(match, 1).hand or ()) == match.current.hands[1]


def test_with_physical_cards_no_seat_has_a_known_hand():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees"]))
    assert RULES.view(match, 0).hand is None and RULES.view(match, 0).cards_in_hand is None


def test_the_dead_pile_is_shown_once_its_round_is_over():
    setup = Setup.build(["Anna", "Bram", "Cees"], seed="dead")
    match = Match.start(setup)
    dead = match.current.dead
    assert dead and not set(dead) & (cards_in(RULES.view(match, 0)) | cards_in(RULES.view(match, None)))
    hearts = 13 - sum(card.suit is Suit.HEARTS for card in dead)
    over = play(match, QuickRound(hearts=((0, hearts),), ace=None if ACE_OF_HEARTS in dead else 0))
    assert RULES.view(over, None).last_round_dead == dead


def test_the_trick_being_played_and_who_is_to_play_are_public_and_the_hand_shrinks():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="table"))
    leader = match.current.leader
    assert RULES.view(match, None).to_play == leader and RULES.view(match, None).trick_so_far == ()
    card = match.playable()[0]
    after = play(match, PlayCard(leader, card))
    for seat in (None, 0, 1, 2, 3):
        view = RULES.view(after, seat)
        assert view.trick_so_far == (card,) and view.to_play == (leader + 1) % 4
        assert view.cards_in_hand == tuple(12 if other == leader else 13 for other in range(4))
    assert card not in (RULES.view(after, leader).hand or ())
    assert len(RULES.view(after, leader).hand or ()) == 12


def test_nobody_is_to_play_before_the_bids_are_in_nor_once_the_match_is_over():
    bidding = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="b", variants=["blinde-liefde"]))
    assert RULES.view(bidding, 0).to_play is None
    over = play(Match.start(Setup.build(["Anna", "Bram", "Cees"], target=1)), QuickRound(hearts=((0, 13),), ace=0))
    assert RULES.view(over, None).to_play is None


def test_with_physical_cards_the_seat_to_play_is_known_though_the_hands_are_not():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees"]))
    after = play(match, PlayCard(match.current.leader, Card.parse("9C")))
    view = RULES.view(after, None)
    assert view.trick_so_far == (Card.parse("9C"),) and view.to_play == (match.current.leader + 1) % 3 and view.hand is None
