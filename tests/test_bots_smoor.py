"""Smoorverliefd's bots (issue 35 point 2 and 3): honest (the decision depends on the seat's
view, its decisions and its seed only: other hands and the dead pile never change it),
legal (every decision is one the rules list for the seat), and the plain rules of the
easy bot as the module's docstring states them. No test times anything: the benchmark
(benchmarks/bots) measures the strong bot's time."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.bots import LEVELS, random_choice
from referee.bots import smoorverliefd as bots
from referee.cards import Card, Suit
from referee.decisions import decision_of
from referee.smoorverliefd.box import GAME
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.view import SeatView

SMALL = bots.Budget(playouts=40, min_samples=3, max_samples=8, bid=12, curse=6)


@contextmanager
def small_budget() -> Iterator[None]:
    """The strong bot on a few samples: what it decides from is the same."""
    with mock.patch.object(bots, "BUDGET", SMALL):
        yield


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in text.split())


def mask(text: str) -> int:
    return bots._mask([bots.INDEX[card] for card in cards(text)])


def card_of(number: int) -> str:
    return str(bots.CARDS[number])


VARIANT_SETS = ((), ("troef",), ("blinde-liefde",), ("cupido",), ("kleine-liefde",), ("blinde-liefde", "cupido", "troef"))


def a_setup(players: int, variants: tuple[str, ...], partners: bool, seed: str) -> Setup:
    chosen = variants + (("partners",) if partners and players == 4 else ())
    return Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], variants=chosen, seed=seed, target=60)


def walk(match: Match, steps: int, rng: random.Random) -> Match:
    """``steps`` random legal decisions from ``match`` (fewer if it ends)."""
    for _ in range(steps):
        if match.outcome is not None:
            break
        seats = [seat for seat in range(match.setup.count) if RULES.decisions(match, seat)]
        seat = rng.choice(seats)
        event = random_choice(RULES.view(match, seat), RULES.decisions(match, seat), rng)
        match = RULES.apply(match, RULES.decode(match, event)).state
    return match


def voids(match: Match) -> dict[int, set[Suit]]:
    """The suits each seat has shown out of this round (its tricks and the trick on the table)."""
    count = match.setup.count
    found: dict[int, set[Suit]] = {seat: set() for seat in range(count)}
    current = match.current
    tricks = [(trick.leader, trick.cards) for trick in current.tricks] + [(current.leader, current.table)]
    for leader, played in tricks:
        for position, card in enumerate(played):
            if card.suit is not played[0].suit:
                found[(leader + position) % count].add(played[0].suit)
    return found


def reshuffled(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match as ``seat`` sees it, with the other hands and the dead pile dealt
    again: random swaps of two hidden cards between two holders (other seats, the dead
    pile), each holder keeping its count and no seat getting a suit it showed out of."""
    current = match.current
    assert current.hands is not None
    holders: list[set[Card]] = [set(hand) for hand in current.hands] + [set(current.dead or ())]
    others = [holder for holder in range(len(holders)) if holder != seat and holders[holder]]
    out = voids(match)
    for _ in range(200):
        if len(others) < 2:
            break
        one, two = rng.sample(others, 2)
        a = rng.choice(sorted(holders[one], key=lambda card: card.sort_key))
        b = rng.choice(sorted(holders[two], key=lambda card: card.sort_key))
        if a.suit in out.get(two, set()) or b.suit in out.get(one, set()):
            continue
        holders[one] ^= {a, b}
        holders[two] ^= {a, b}
    hands = tuple(frozenset(holder) for holder in holders[:-1])
    dead = None if current.dead is None else tuple(sorted(holders[-1], key=lambda card: card.sort_key))
    return dataclasses.replace(match, current=dataclasses.replace(current, hands=hands, dead=dead))


@st.composite
def reachable(draw: st.DrawFn) -> tuple[Match, int]:
    """A seeded match some random legal decisions in, and a seat with a decision to take."""
    players = draw(st.sampled_from((3, 4, 5)))
    variants = draw(st.sampled_from(VARIANT_SETS))
    partners = draw(st.booleans())
    seed = draw(st.text("abcdefgh0123456789", min_size=1, max_size=6))
    rng = random.Random(draw(st.integers(0, 2**32)))
    match = walk(RULES.start(a_setup(players, variants, partners, seed)), draw(st.integers(0, 60)), rng)
    seats = [seat for seat in range(players) if RULES.decisions(match, seat)]
    if not seats:
        match = RULES.start(a_setup(players, variants, partners, seed))
        seats = [seat for seat in range(players) if RULES.decisions(match, seat)]
    return match, draw(st.sampled_from(seats))


# --- honest and legal -------------------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reachable(), st.integers(0, 2**32))
def test_bots_decide_the_same_whatever_the_hidden_cards(found: tuple[Match, int], seed: int) -> None:
    match, seat = found
    other = reshuffled(match, seat, random.Random(seed))
    assert RULES.view(other, seat) == RULES.view(match, seat)
    assert RULES.decisions(other, seat) == RULES.decisions(match, seat)
    with small_budget():
        for level in LEVELS:
            policy = GAME.bots(level) if GAME.bots else None
            assert policy is not None
            first = policy(RULES.view(match, seat), RULES.decisions(match, seat), random.Random(seed))
            again = policy(RULES.view(other, seat), RULES.decisions(other, seat), random.Random(seed))
            assert first == again, (level, first, again)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reachable(), st.integers(0, 2**32))
def test_bots_decisions_are_accepted_by_decision_of(found: tuple[Match, int], seed: int) -> None:
    match, seat = found
    with small_budget():
        for level in LEVELS:
            assert GAME.bots is not None
            event = GAME.bots(level)(RULES.view(match, seat), RULES.decisions(match, seat), random.Random(seed))
            decision = decision_of(RULES, match, seat, event)
            assert decision.seat == seat
            assert RULES.refusal(match, RULES.decode(match, event)) is None


@pytest.mark.slow
def test_bots_decide_from_a_reshuffled_round_the_same() -> None:
    """The honesty property on one mid-round state of each table size."""
    with small_budget():
        for players in (3, 4, 5):
            match = walk(RULES.start(a_setup(players, ("blinde-liefde",), False, f"honest{players}")), players + 7, random.Random(players))
            seat = match.to_play
            assert seat is not None
            other = reshuffled(match, seat, random.Random(1))
            assert other.current.hands != match.current.hands
            for level in LEVELS:
                assert GAME.bots is not None
                policy = GAME.bots(level)
                assert policy(RULES.view(match, seat), RULES.decisions(match, seat), random.Random(5)) == policy(
                    RULES.view(other, seat), RULES.decisions(other, seat), random.Random(5)
                )


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "variants", "levels"),
    [
        (4, (), ("strong", "easy", "strong", "easy")),
        (3, ("blinde-liefde", "cupido"), ("strong", "easy", "strong")),
        (5, ("troef", "kleine-liefde"), ("easy", "strong", "easy", "strong", "easy")),
        (4, ("partners", "blinde-liefde"), ("strong", "strong", "easy", "easy")),
    ],
)
def test_bots_play_a_whole_match_legally(players: int, variants: tuple[str, ...], levels: tuple[str, ...]) -> None:
    """Bots in every seat play a match to its end, each decision one the rules list."""
    match = RULES.start(Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], variants=variants, seed="whole", target=40))
    rngs = [random.Random(seat) for seat in range(players)]
    with small_budget():
        while match.outcome is None:
            seat = next(seat for seat in range(players) if RULES.decisions(match, seat))
            assert GAME.bots is not None
            event = GAME.bots(levels[seat])(RULES.view(match, seat), RULES.decisions(match, seat), rngs[seat])
            decision_of(RULES, match, seat, event)
            match = RULES.apply(match, RULES.decode(match, event)).state
    assert match.rounds


def test_box_names_an_easy_and_a_strong_bot() -> None:
    assert GAME.bots is not None
    assert GAME.bots("easy") is bots.easy and GAME.bots("strong") is bots.strong
    with pytest.raises(KeyError):
        GAME.bots("grandmaster")


@pytest.mark.slow
def test_box_imports_the_bots_only_when_one_plays() -> None:
    code = "import sys, referee.smoorverliefd.box; print('referee.bots.smoorverliefd' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_seat_view_holds_the_table_rules_without_seed_or_secret() -> None:
    match = RULES.start(a_setup(4, ("cupido",), True, "secret-seed"))
    view = RULES.view(match, 0)
    assert view.rules.seed is None and view.rules.fair is None
    assert view.rules.variants == match.setup.variants and view.rules.duos == match.setup.duos and view.rules.target == 60


# --- the easy bot's plain rules ---------------------------------------------------------


def plain(hand: str, trick: str = "", out: str = "", seat: int = 0, leader: int | None = None, count: int = 4,
          trump: bool = False, duos: bool = False) -> str:  # fmt: skip
    side = (0, 1, 0, 1) if duos else tuple(range(count))
    table = bots.TableRules(count, trump, False, side, None, 5, 5, None)
    played = [bots.INDEX[card] for card in cards(trick)]
    leader = (seat - len(played)) % count if leader is None else leader
    return card_of(bots.plain_card(table, seat, mask(hand), played, leader, mask(out) | mask(trick)))


def test_easy_leads_a_heart_no_unseen_heart_beats() -> None:
    assert plain("AH 3H 2C 5C 9S") == "AH"
    assert plain("KH 3H 2C 5C 9S", out="AH") == "KH"


def test_easy_leads_the_lowest_of_its_longest_other_suit_without_a_sure_heart() -> None:
    assert plain("KH 3H 2C 5C 9C 4S") == "2C"


def test_easy_takes_a_trick_with_hearts_with_its_lowest_sure_winner() -> None:
    # hearts on the table; the ace and the king of spades win, and no unseen spade beats the king (the ace is its own)
    assert plain("AS KS 2S", trick="10S 5H", out="QS JS") == "KS"
    # the queen would win now, but an unseen king or ace could beat it: the lowest spade
    assert plain("QS 2S", trick="10S 5H") == "2S"


def test_easy_as_the_last_takes_a_trick_with_hearts_with_its_lowest_winner() -> None:
    assert plain("QS 9S 2S", trick="8S 5H 3S") == "9S"


def test_easy_follows_low_in_a_trick_without_hearts() -> None:
    assert plain("AS 9S 2S", trick="8S 3S 4S") == "2S"


def test_easy_gives_hearts_to_a_partner_who_is_winning() -> None:
    # seat 0 with partner seat 2, who led the ace of clubs; seat 0 has no club
    assert plain("7H AH 2S", trick="AC 3C", seat=0, leader=2, duos=True) == "AH"


def test_easy_keeps_its_hearts_from_an_opponent_and_empties_its_shortest_suit() -> None:
    assert plain("7H AH 2S 9D 8D", trick="AC 3C") == "2S"


def test_easy_with_hearts_as_trump_ruffs_with_its_lowest_winning_heart() -> None:
    assert plain("7H AH 2S", trick="AC 5H", trump=True) == "7H"


def test_easy_bids_its_high_hearts_and_one_more_with_four() -> None:
    view = mock.Mock(spec=SeatView, hand=cards("AH QH 4H 2H 3C"), players=("A", "B", "C", "D"))
    assert bots.plain_bid(view) == 3
    view.hand = cards("AH 2H 3C")
    assert bots.plain_bid(view) == 1


def test_easy_curses_the_other_suit_it_holds_fewest_of() -> None:
    view = mock.Mock(spec=SeatView, hand=cards("AH 2H 3C 4C 5D 6S 7S"))
    assert bots.plain_curse(view) is Suit.DIAMONDS


# --- the strong bot ---------------------------------------------------------------------


@pytest.mark.slow
def test_sampled_deals_keep_each_hand_count_and_the_suits_shown_out_of() -> None:
    """Every sample: the other seats hold their counts, nobody a suit it showed out of, the
    unseen cards all dealt (the rest in a 5-player round's dead pile)."""
    for seed in range(20):
        match = walk(RULES.start(a_setup(5, (), False, f"sample{seed}")), 22, random.Random(seed))
        seat = match.to_play
        if seat is None:
            continue
        view = RULES.view(match, seat)
        table = bots.TableRules.of(view)
        seen = bots.known(view, table)
        out = voids(match)
        for _ in range(5):
            hands = bots.sample_deal(seen, 5, random.Random(seed))
            assert hands[seat] == seen.hand
            for other in range(5):
                held = [bots.CARDS[card] for card in range(52) if hands[other] >> card & 1]
                assert len(held) == len(match.current.hands[other])  # type: ignore[index]
                assert not {card.suit for card in held} & out[other]
            dealt = 0
            for hand in hands:
                assert not hand & dealt and not hand & seen.out
                dealt |= hand
            assert 52 - (dealt | seen.out).bit_count() == len(match.current.dead or ())


def test_strong_tells_apart_only_cards_that_take_different_tricks() -> None:
    table = bots.TableRules(4, False, False, (0, 1, 2, 3), None, 5, 5, None)
    seen = bots.Known(0, mask("KS QS 9S 8S AH KH 2H"), mask("JS 10S"), (), 0, (7, 7, 7, 7), (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    options = [card_of(card) for card in bots.cards_to_try(table, seen, sorted(bots.INDEX[card] for card in cards("KS QS 9S 8S AH KH 2H")))]
    # 8S 9S (nothing between) and 10S–KS (JS 10S played) are runs; the ace of hearts scores more than the king
    assert options == ["2H", "KH", "AH", "8S"]


def test_strong_takes_the_last_trick_with_the_ace_of_hearts_in_it() -> None:
    """Two cards left each; the king of spades surely takes the trick holding A♥."""
    table = bots.TableRules(4, False, False, (0, 1, 2, 3), None, 5, 5, None)
    hand = mask("KS 2S")
    out = (bots.ALL & ~mask("KS 2S 3D 4D 5D 6D 7D 8D AH")) | mask("AH 3S 4S")
    seen = bots.Known(3, hand, out, tuple(bots.INDEX[card] for card in cards("3S AH 4S")), 0, (1, 1, 1, 2), (0,) * 4, (0,) * 4, (0,) * 4, (0,) * 4)
    with small_budget():
        assert card_of(bots.best_card(table, seen, [bots.INDEX[card] for card in cards("KS 2S")], random.Random(1))) == "KS"


def test_strong_bids_the_count_it_catches_most_often() -> None:
    view = RULES.view(RULES.start(a_setup(4, ("blinde-liefde",), False, "bid")), 0)
    table = bots.TableRules.of(view)
    with small_budget():
        times = bots.caught_counts(table, bots.known(view, table), random.Random(3), SMALL.bid)
        assert bots.strong_bid(view, random.Random(3)) == max(range(14), key=lambda count: (times[count], -count))
