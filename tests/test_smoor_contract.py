"""Smoorverliefd on the game contract (referee/game.py): actions decoded from and encoded
to the save file's events, the one refusal behind every rule error, the effect each
action reports, and the end of the match as an Outcome."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import savefile
from referee.cards import Card, Suit, french_deck
from referee.data import example
from referee.errors import InputError, Refused
from referee.game import Outcome, Refusal, refuse
from referee.smoorverliefd.actions import Bids, BidsMade, CurseSuit, PlayTrick, QuickRound, RoundScored, SuitCursed
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.voice import VOICE
from referee.smoorverliefd.entry import bid_entry, curse_entry, quick_round, round_entry, trick_entry
from referee.smoorverliefd.match import Match, Termination
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from smoor_play import legal_trick, play, step

FOUR = Setup.build(["Anna", "Bram", "Cees", "Daan"])


def test_every_event_of_the_example_match_decodes_to_an_action_that_encodes_back_to_the_same_event():
    saved = savefile.load(example("smoorverliefd-match.toml"), RULES)
    before = RULES.start(RULES.read_setup(saved.setup))
    for event, done in savefile.steps(RULES, saved.setup, saved.events):
        assert RULES.encode(before, RULES.decode(before, event)) == event
        before = done.state


def test_entries_typed_at_the_table_are_saved_with_canonical_names_and_cards_in_seating_order():
    setup = Setup.build(["Anna", "Bram", "Cees"], variants=["cupido", "blinde-liefde"])
    typed = round_entry(["cees=8", "anna=ah,10h", "b=2"], dead=["2h"], cursed=["c", "a"])(Match.start(setup))
    assert typed == {"kind": "round", "hearts": {"Anna": ["ah,10h"], "Bram": 2, "Cees": 8}, "dead": ["2h"], "cursed": ["Cees", "Anna"]}
    entry = RULES.decode(Match.start(setup), typed)  # the game's one parser reads the cards
    assert entry == QuickRound(hearts=((0, (Card(14, Suit.HEARTS), Card(10, Suit.HEARTS))), (1, 2), (2, 8)), dead=(Card(2, Suit.HEARTS),), cursed=(2, 0))
    assert RULES.encode(Match.start(setup), entry) == {
        "kind": "round",
        "hearts": {"Anna": ["AH", "10H"], "Bram": 2, "Cees": 8},
        "dead": ["2H"],
        "cursed": ["Cees", "Anna"],
    }
    match = Match.start(setup)
    def saved(event):
        return RULES.encode(match, RULES.decode(match, event))

    assert saved(bid_entry(["c=3", "a=1", "bram=2"])(match)) == {"kind": "bid", "bids": {"Anna": 1, "Bram": 2, "Cees": 3}}
    assert saved(curse_entry("♠")(match)) == {"kind": "curse", "suit": "S"}
    assert saved(trick_entry(["as", "10s", "2h"])(match)) == {"kind": "trick", "cards": ["AS", "10S", "2H"]}
    assert saved(trick_entry(["as,10s", "2h"])(match)) == saved(trick_entry(["AS10S2H"])(match))
    for typed in (bid_entry(["a=1", "b=2", "c=3"])(match), curse_entry("d")(match), trick_entry(["2s", "3s", "4s"])(match)):
        action = RULES.decode(match, typed)
        assert RULES.decode(match, RULES.encode(match, action)) == action


def test_a_refused_action_raises_the_refusal_its_rules_give_and_the_voice_words_it():
    over = play(Match.start(FOUR), quick_round(FOUR, ["a=13"], "a"))
    over = play(over, quick_round(FOUR, ["a=13"], "a"))
    over = play(over, quick_round(FOUR, ["a=13"], "a"))
    action = RULES.decode(over, quick_round(FOUR, ["b=13"], "b"))
    refusal = RULES.refusal(over, action)
    assert refusal == refuse(Rule.MATCH_OVER, side=0) and refusal.exit_code == 1
    with pytest.raises(Refused) as refused:
        RULES.apply(over, action)
    assert refused.value.refusal == refusal and refused.value.exit_code == 1
    assert str(refused.value) == VOICE.refusal(over, refusal) == "the match is over: Anna won; start a new match with `new`"


def test_input_that_cannot_be_used_is_an_unusable_refusal_exit_2_never_an_exception():
    match = Match.start(FOUR)
    assert RULES.refusal(match, PlayTrick((Card(2, Suit.SPADES),))) == refuse(Rule.TRICK_SIZE, unusable=True, count=4, leader=1, got=1)
    assert RULES.refusal(match, Bids(((0, 1),))) == refuse(Rule.NOT_A_BIDDING_MATCH, unusable=True)
    refusal = RULES.refusal(match, QuickRound(hearts=((0, 14),)))
    assert refusal is not None and refusal.exit_code == 2
    assert VOICE.refusal(match, refusal) == "Anna=14: a player captures 0 to 13 hearts"


def test_actions_and_effects_of_different_kinds_never_compare_equal():
    assert Bids(()) != PlayTrick(())  # type: ignore[comparison-overlap]  # mypy knows they differ; this checks it at run time
    assert CurseSuit(Suit.SPADES) != SuitCursed(1, Suit.SPADES)[1:]
    assert PlayTrick(()) != ()  # type: ignore[comparison-overlap]  # likewise: a NamedTuple is no plain tuple here
    assert len({Bids(()), PlayTrick(())}) == 2


def _random_action(match: Match, rng: random.Random):
    """An action of any kind, often legal, often not: a trick from the hands or from the
    whole deck, a quick round whose hearts may not add up, bids, a cursed suit."""
    players, deck = match.setup.count, french_deck()
    kind = rng.choice(["legal trick", "trick", "round", "bids", "curse"])
    if kind == "legal trick":
        return PlayTrick(tuple(legal_trick(match, rng)))
    if kind == "trick":
        return PlayTrick(tuple(rng.sample(deck, players)))
    if kind == "round":
        owners = [rng.randrange(players) for _ in range(rng.choice([12, 13, 13, 13]))]
        return QuickRound(hearts=tuple((seat, owners.count(seat)) for seat in range(players)), ace=rng.choice([None, owners[-1]]))
    if kind == "bids":
        return Bids(tuple((seat, rng.randrange(-1, 15)) for seat in range(players)))
    return CurseSuit(rng.choice(list(Suit)))


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(
    st.text("abcdefgh", min_size=1, max_size=6),
    st.integers(0, 10_000),
    st.integers(3, 5),
    st.sets(st.sampled_from(["cupido", "blinde-liefde", "troef"])),
)
def test_an_action_is_refused_exactly_when_its_refusal_says_why(seed, draw, players, variants):
    """Random actions, legal or not, through a seeded match: ``refusal`` never raises;
    ``apply`` raises Refused with that refusal (and its exit code) when there is one, and
    applies the action otherwise."""
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, target=200, variants=sorted(variants))
    match, rng = Match.start(setup), random.Random(draw)
    for _ in range(40):
        action = _random_action(match, rng)
        reason = RULES.refusal(match, action)
        if reason is None:
            match = RULES.apply(match, action).state
        else:
            assert isinstance(reason, Refusal)
            with pytest.raises(Refused) as refused:
                RULES.apply(match, action)
            assert refused.value.refusal == reason and refused.value.exit_code == reason.exit_code
            assert str(refused.value) == VOICE.refusal(match, reason)


def test_bids_and_a_cursed_suit_report_the_round_they_are_for():
    setup = Setup.build(["Anna", "Bram", "Cees"], variants=["cupido", "blinde-liefde"])
    done = step(Match.start(setup), Bids(((0, 1), (1, 2), (2, 3))))
    assert done.effect == BidsMade(round=1, seats=(0, 1, 2), complete=True) and done.state.current.bids == (1, 2, 3)
    done = step(done.state, quick_round(setup, ["a=4", "b=1", "c=8"], "c"))
    assert isinstance(done.effect, RoundScored) and done.effect.played.number == 1
    done = step(done.state, CurseSuit(Suit.CLUBS))
    assert done.effect == SuitCursed(round=2, suit=Suit.CLUBS)


def test_the_match_ends_after_the_round_in_which_a_side_reaches_the_target_the_highest_total_wins():
    setup = Setup.build(["Anna", "Bram", "Cees"], target=30)
    match = play(Match.start(setup), QuickRound(hearts=((0, 6), (1, 7)), ace=0))  # Anna 10, Bram 7
    assert RULES.outcome(match) is None
    match = play(match, QuickRound(hearts=((0, 2), (1, 11)), ace=1))  # Anna 12, Bram 22
    assert RULES.outcome(match) is None
    match = play(match, QuickRound(hearts=((0, 10), (1, 3)), ace=0))  # Anna 26, Bram 25
    assert RULES.outcome(match) is None
    match = play(match, QuickRound(hearts=((0, 2), (1, 11)), ace=1))  # Anna 28, Bram 40
    outcome = RULES.outcome(match)
    assert outcome == Outcome(winners=(1,), termination=Termination.TARGET_REACHED, details=(("side", 1), ("points", 40)))
    assert VOICE.outcome(match, outcome) == "Bram wins with 40 points"


def test_a_tie_on_top_at_the_target_is_no_outcome_yet_one_more_round_is_played():
    setup = Setup.build(["Anna", "Bram", "Cees"], target=5)
    tie = play(Match.start(setup), QuickRound(hearts=((0, 2), (1, 6), (2, 5)), ace=0))  # Anna 6, Bram 6, Cees 5
    assert tie.standing.tied_at_target and RULES.outcome(tie) is None
    won = play(tie, QuickRound(hearts=((0, 13),), ace=0))
    assert RULES.outcome(won) == Outcome(winners=(0,), termination=Termination.TARGET_REACHED, details=(("side", 0), ("points", 40)))


def test_partners_win_as_a_duo_so_the_outcome_names_both_seats():
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan"], variants=["partners"], target=20)
    match = play(Match.start(setup), QuickRound(hearts=((1, 13),), ace=1))
    outcome = RULES.outcome(match)
    assert outcome is not None and outcome.winners == (1, 3) and VOICE.outcome(match, outcome) == "Bram & Daan win with 34 points"


def test_the_outcome_is_a_property_of_the_match_and_the_rules_return_it():
    match = play(Match.start(FOUR), QuickRound(hearts=((0, 13),), ace=0))
    match = play(play(match, QuickRound(hearts=((0, 13),), ace=0)), QuickRound(hearts=((0, 13),), ace=0))
    assert match.outcome is not None and RULES.outcome(match) == match.outcome
    assert Match.start(FOUR).outcome is None and not hasattr(Match, "over")


def test_typed_entries_are_functions_of_the_match_read_against_its_players():
    setup = Setup.build(["Anna", "Bram", "Cees"], variants=["blinde-liefde"])
    match = Match.start(setup)
    assert RULES.decode(match, round_entry(["c=13"], ace=["cees"])(match)) == QuickRound(hearts=((2, 13),), ace=2)
    assert bid_entry(["c=3", "a=1", "b=0"])(match) == {"kind": "bid", "bids": {"Anna": 1, "Bram": 0, "Cees": 3}}
    assert RULES.decode(match, bid_entry(["c=3", "a=1", "b=0"])(match)) == Bids(((0, 1), (1, 0), (2, 3)))
    with pytest.raises(InputError, match="--ace is given 2 times; one player took A♥, so name one"):
        round_entry(["c=13"], ace=["cees", "anna"])(match)
    with pytest.raises(InputError, match="--dead is given 2 times; name the cards once, e.g. --dead 7H,2C"):
        round_entry(["c=13"], dead=["7H", "2C"])(match)


def test_actions_and_rounds_do_not_import_the_match():
    import ast
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "referee" / "smoorverliefd"
    for name in ("actions.py", "rounds.py"):
        tree = ast.parse((package / name).read_text(encoding="utf-8"))
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "referee.smoorverliefd.match" not in imported, name
