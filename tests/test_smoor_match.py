"""A Smoorverliefd match: quick entry checks, dealing order, variants, the end, edits."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.cards import parse_cards
from referee.errors import RuleError
from smoor_play import unusable
from referee.smoorverliefd.actions import decode, encode
from referee.smoorverliefd.edit import moved_deals, replace_round
from referee.smoorverliefd.entry import bid_entry, curse_entry, quick_round
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup
from smoor_play import play, play_round

FOUR = Setup.build(["Anna", "Bram", "Cees", "Daan"])
THREE = Setup.build(["Anna", "Bram", "Cees"])
FIVE = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"])


def round_event(setup: Setup, tokens, ace=None, dead=None, cursed=()) -> dict[str, Any]:
    return encode(setup, decode(setup, quick_round(setup, tokens, ace, dead, cursed)))


def bid_event(setup: Setup, tokens) -> dict[str, Any]:
    return encode(setup, decode(setup, bid_entry(tokens)(Match.start(setup))))


def curse_event(suit: str) -> dict[str, Any]:
    return encode(FOUR, decode(FOUR, curse_entry(suit)(Match.start(FOUR))))  # a cursed suit names no player


def quick(match: Match, *tokens: str, ace=None, dead=None, cursed=()) -> Match:
    return play(match, round_event(match.setup, tokens, ace, dead, cursed))


# --- quick entry --------------------------------------------------------------------


def test_quick_entry_counts_with_the_ace_holder():
    match = quick(Match.start(FOUR), "A=3", "B=0", "C=9", "D=1", ace="C")
    assert match.totals == (3, 0, 13, 1)


def test_quick_entry_heart_lists_know_the_ace_without_ace_option():
    match = quick(Match.start(FOUR), "Anna=AH,2H,3H", "Bram=10")
    assert match.totals == (7, 10, 0, 0)
    assert match.rounds[0].ace == 0


def test_a_player_left_out_took_no_hearts():
    match = quick(Match.start(FOUR), "Cees=13", ace="Cees")
    assert match.totals == (0, 0, 34, 0)


def test_names_are_case_insensitive_and_may_be_shortened_when_unambiguous():
    event = round_event(FOUR, ["anna=3", "B=10"], ace="a")
    assert event["hearts"] == {"Anna": 3, "Bram": 10} and event["ace"] == "Anna"


@pytest.mark.parametrize(
    "tokens, options, says",
    [
        (("A=3", "B=0", "C=8", "D=1"), {"ace": "C"}, "add up to 12, but 13 were captured (13 hearts, none dead): 1 short"),
        (("A=5", "B=0", "C=8", "D=1"), {"ace": "C"}, "add up to 14, but 13 were captured (13 hearts, none dead): 1 too many"),
        (("A=3", "B=0", "C=9", "D=1"), {}, "who took A♥ (Anna, Cees or Daan)? add --ace NAME"),
        (("A=3", "B=0", "C=9", "D=1"), {"ace": "B"}, "Bram is entered with no hearts"),
        (("A=AH,2H", "B=11"), {"ace": "B"}, "A♥ is listed with Anna's hearts but --ace says Bram"),
        (("A=2H,3H", "B=11"), {"ace": "A"}, "Anna's hearts are listed without AH"),
        (("A=2H,3H", "B=2H"), {}, "2H is listed twice"),
        (("A=2H,3S",), {}, "3S is not a heart"),
        (("A=14",), {}, "a player captures 0 to 13 hearts"),
        (("ann=3", "Anna=10"), {"ace": "Anna"}, "Anna is named twice"),
        (("Zoe=13",), {}, "unknown player 'Zoe'"),
        (("Annaa=13",), {}, "did you mean Anna?"),
        (("Anna",), {}, "write NAME=VALUE"),
        (("A=13",), {"ace": "A", "dead": "7H"}, "with 4 players no card is dead"),
    ],
)
def test_quick_entry_says_what_does_not_add_up(tokens, options, says):
    with unusable() as error:
        quick(Match.start(FOUR), *tokens, **options)
    assert says in str(error.value)


def test_with_three_players_the_dead_heart_is_not_captured():
    match = quick(Match.start(THREE), "A=6", "B=6", ace="A", dead="9H")
    assert match.totals == (10, 6, 0)
    with unusable("12, but 13 were captured.*1 short; if hearts are in the dead pile, name them with --dead"):
        quick(Match.start(THREE), "A=6", "B=6", ace="A")


def test_with_five_players_two_cards_are_dead_and_a_dead_ace_needs_no_holder():
    match = quick(Match.start(FIVE), "A=6", "B=5", dead="AH 9H")
    assert match.totals == (6, 5, 0, 0, 0)
    with unusable("A♥ is in the dead pile"):
        quick(Match.start(FIVE), "A=6", "B=5", dead="AH 9H", ace="A")
    with unusable("holds 2 cards, but --dead names 3"):
        quick(Match.start(FIVE), "A=6", "B=5", dead="AH 9H 2C")


def test_seeded_quick_entry_knows_the_dead_cards():
    setup = Setup.build(["Anna", "Bram", "Cees"], seed="demo")
    match = Match.start(setup)
    dead = match.current.dead
    assert dead is not None and len(dead) == 1
    hearts_alive = 13 - sum(card.suit.value == "H" for card in dead)
    match = quick(match, f"A={hearts_alive}", ace="A" if dead[0].rank != 14 or dead[0].suit.value != "H" else None)
    assert match.rounds[0].dead == dead


# --- dealing order ------------------------------------------------------------------


def test_the_deal_passes_clockwise_and_the_player_left_of_the_dealer_leads():
    match = Match.start(Setup.build(["Anna", "Bram", "Cees", "Daan"], dealer="Cees", target=1000))
    seen = []
    for _ in range(5):
        seen.append((match.current.dealer, match.current.leader))
        match = quick(match, "A=13", ace="A")
    assert seen == [(2, 3), (3, 0), (0, 1), (1, 2), (2, 3)]


# --- the end of the match -----------------------------------------------------------


def test_the_match_ends_after_the_round_in_which_someone_reaches_the_target():
    match = Match.start(Setup.build(["A", "B", "C"], target=30))
    match = quick(match, "A=13", ace="A")  # 34
    assert match.outcome is not None and match.standing.winner == 0
    with pytest.raises(RuleError, match="the match is over: A won"):
        quick(match, "B=13", ace="B")


def test_a_tie_on_top_plays_another_round():
    match = Match.start(Setup.build(["A", "B", "C"], target=10))
    match = quick(match, "A=6", "B=7", ace="A")  # A 10, B 7
    assert match.outcome is not None
    match = Match.start(Setup.build(["A", "B", "C"], target=15))
    match = quick(match, "A=3", "B=10", ace="A")  # 7, 10
    match = quick(match, "A=3", "B=10", ace="A")  # 14, 20 -> B wins
    assert match.standing.winner == 1
    tie = Match.start(Setup.build(["A", "B", "C"], target=5))
    tie = quick(tie, "A=2", "B=6", "C=5", ace="A")  # 6, 6, 5
    assert tie.outcome is None and tie.standing.tied_at_target
    tie = quick(tie, "C=13", ace="C")
    assert tie.standing.winner == 2


# --- variants -----------------------------------------------------------------------


def test_blinde_liefde_bids_come_before_the_round_and_score_after_it():
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"])
    match = Match.start(setup)
    with pytest.raises(RuleError, match="record the bids for round 1 first"):
        quick(match, "A=13", ace="A")
    match = play(match, bid_event(setup, ["A=13", "B=0", "C=2"]))
    with pytest.raises(RuleError, match="are in already"):
        play(match, bid_event(setup, ["A=1", "B=2", "C=3"]))
    match = quick(match, "A=13", ace="A")
    assert match.totals == (34 + 5, 5, -5)


def test_blinde_liefde_bids_come_in_seat_by_seat_and_the_round_begins_once_all_are_in():
    """Each player bids from their own phone (or the table enters some at once): the
    round begins once every player's bid is in; a player bids once."""
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"])
    match = play(Match.start(setup), bid_event(setup, ["A=1", "B=2"]))
    assert match.current.bids is None and match.bids_to_come() == ((0, True), (1, True), (2, False))
    with pytest.raises(RuleError, match="record the bids for round 1 first"):
        quick(match, "A=13", ace="A")
    with pytest.raises(RuleError, match="A has bid already"):
        play(match, bid_event(setup, ["A=3"]))
    match = play(match, bid_event(setup, ["C=0"]))
    assert match.current.bids == (1, 2, 0) and match.bids_to_come() == ()


def test_cupido_fewest_hearts_deals_next_and_names_the_cursed_suit():
    setup = Setup.build(["A", "B", "C", "D"], variants=["cupido"])
    match = quick(Match.start(setup), "A=5", "B=1", "C=7", ace="C")  # D took none
    assert match.current.dealer == 3
    with pytest.raises(RuleError, match="D names the cursed suit for round 2 first"):
        quick(match, "A=13", ace="A")
    match = play(match, curse_event("spades"))
    with unusable("who collected the most ♠"):
        quick(match, "A=13", ace="A")
    match = quick(match, "A=13", ace="A", cursed=["B", "C"])
    assert match.rounds[-1].score.total == (34, -5, -5, 0)


def test_cupido_ties_for_fewest_hearts_go_to_the_first_clockwise_from_the_dealers_left():
    setup = Setup.build(["A", "B", "C", "D"], variants=["cupido"], dealer="B")
    match = quick(Match.start(setup), "C=13", ace="C")  # A, B, D took none; B dealt: D first after C
    assert match.current.dealer == 3


def test_cupido_first_round_has_no_cursed_suit():
    with pytest.raises(RuleError, match="first round has no cursed suit"):
        play(Match.start(Setup.build(["A", "B", "C"], variants=["cupido"])), curse_event("H"))


def test_cupido_trick_entry_finds_the_biggest_collectors_of_the_cursed_suit():
    setup = Setup.build(["Anna", "Bram", "Cees"], variants=["cupido"], seed="cupid")
    match = play_round(Match.start(setup), random.Random(2))
    match = play(match, curse_event("D"))
    match = play_round(match, random.Random(3))
    played = match.rounds[-1]
    won = [sum(card.suit.value == "D" for t in played.tricks if t.winner == seat for card in t.cards) for seat in range(3)]
    assert set(played.cursed_most) == {seat for seat in range(3) if won[seat] == max(won)}
    assert all(played.score.curse[seat] == -5 for seat in played.cursed_most)


def test_kleine_liefde_entries_list_the_hearts():
    setup = Setup.build(["A", "B", "C"], variants=["kleine-liefde"])
    with unusable("list A's hearts"):
        quick(Match.start(setup), "A=13", ace="A")
    match = quick(Match.start(setup), "A=AH,KH", "B=2H,3H,4H,5H,6H,7H,8H,9H,10H,JH,QH")
    assert match.totals == (27, 77, 0)


def test_partners_need_four_players_and_duos_default_to_opposite_seats():
    with unusable("4 players in two duos"):
        Setup.build(["A", "B", "C"], variants=["partners"])
    assert Setup.build(["A", "B", "C", "D"], variants=["partners"]).duos == ((0, 2), (1, 3))
    assert Setup.build(["A", "B", "C", "D"], variants=["partners"], duos=[["A", "B"]]).duos == ((0, 1), (2, 3))


def test_partners_the_first_duo_to_reach_the_target_wins():
    setup = Setup.build(["A", "B", "C", "D"], variants=["partners"], target=20)
    match = quick(Match.start(setup), "A=5", "C=5", "B=3", ace="A")  # A+C 14, B+D 3
    assert match.outcome is None
    match = quick(match, "A=3", "C=3", "D=7", ace="D")  # A+C 20, B+D 14
    assert match.standing.winner == 0 and match.standing.totals == (20, 14)


def test_unknown_variant_suggests_the_nearest():
    with unusable("did you mean kleine-liefde"):
        Setup.build(["A", "B", "C"], variants=["kleineliefde"])


# --- corrections --------------------------------------------------------------------


def test_edit_replaces_an_earlier_round_and_everything_after_is_recomputed():
    events = []
    match = Match.start(FOUR)
    for tokens in (("A=13",), ("B=13",), ("C=13",)):
        event = round_event(FOUR, tokens, ace=tokens[0][0])
        events.append(event)
        match = play(match, event)
    events = replace_round(match, events, 2, ["D=13"], "D", None, [])
    replayed = Match.start(FOUR)
    for event in events:
        replayed = play(replayed, event)
    assert replayed.totals == (34, 0, 34, 34)
    with unusable("there is no round 7"):
        replace_round(match, events, 7, ["D=13"], "D", None, [])


def test_edit_of_a_trick_by_trick_round_replaces_all_its_tricks():
    setup = Setup.build(["Anna", "Bram", "Cees"], seed="edit")
    events: list[dict[str, object]] = []
    match, rng = Match.start(setup), random.Random(5)
    from smoor_play import legal_trick

    while not match.rounds:
        event: dict[str, object] = {"kind": "trick", "cards": [str(c) for c in legal_trick(match, rng)]}
        events.append(event)
        match = play(match, event)
    dead_hearts = sum(card.suit.value == "H" for card in match.rounds[0].dead)
    ace = "Bram" if dead_hearts == 0 or match.rounds[0].ace is not None else None
    events = replace_round(match, events, 1, [f"Bram={13 - dead_hearts}"], ace, None, [], replace_tricks=True)
    assert len(events) == 1 and events[0]["kind"] == "round"


def test_quick_and_trick_entry_can_be_mixed_across_rounds():
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="mixed", target=1000)
    rng = random.Random(8)
    match = quick(Match.start(setup), "A=13", ace="A")
    match = play_round(match, rng)
    match = quick(match, "B=13", ace="B")
    assert [bool(p.tricks) for p in match.rounds] == [False, True, False]
    assert match.totals[0] >= 34 and match.totals[1] >= 34


def test_a_round_being_entered_trick_by_trick_cannot_also_get_a_quick_entry():
    match = play(Match.start(FOUR), {"kind": "trick", "cards": ["2S", "3S", "AS", "4S"]})
    with pytest.raises(RuleError, match=r"being entered trick by trick \(1 trick so far\)"):
        quick(match, "A=13", ace="A")


def test_the_round_ends_when_every_card_in_hand_is_played():
    match = Match.start(THREE)
    deck = [f"{rank}{suit}" for suit in "SDCH" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
    for number in range(17):
        assert match.current.number == 1
        match = play(match, {"kind": "trick", "cards": deck[3 * number : 3 * number + 3]})
    assert match.current.number == 2 and len(match.rounds[0].tricks) == 17
    assert sum(c.count for c in match.rounds[0].captures) == 12  # AH was the dead 52nd card


@pytest.mark.parametrize("name", ["", " Anna", "A=B", "An\x1bna", "Tab\there"])
def test_a_players_name_must_be_printable_text_without_equals_sign(name):
    with unusable("cannot be a player's name"):
        Setup.build([name, "Bram", "Cees"])


def test_two_players_cannot_share_a_name_whatever_the_case():
    with unusable("two players are called"):
        Setup.build(["Anna", "anna", "Cees"])


# --- corrections that would move a deal (Cupid's Arrow) -----------------------------

CUPIDO = Setup.build(["Anna", "Bram", "Cees", "Daan"], variants=["cupido"], target=1000)


def entered(setup: Setup, *events: dict[str, Any]) -> tuple[Match, list[dict[str, Any]]]:
    match = Match.start(setup)
    for event in events:
        match = play(match, event)
    return match, list(events)


def test_edit_that_moves_the_deal_of_a_round_being_entered_trick_by_trick_is_refused():
    # Daan took no hearts in round 1, so Daan deals round 2 and Anna leads its tricks.
    match, events = entered(
        CUPIDO, round_event(CUPIDO, ["a=7", "b=3", "c=3"], "a"), curse_event("S"), {"kind": "trick", "cards": ["AS", "2S", "3S", "4S"]}
    )
    assert match.current.tricks[0].card_of(0).rank == 14  # A♠ is Anna's
    with pytest.raises(RuleError, match=r"makes Bram deal round 2 instead of Daan, but round 2's tricks were entered with Anna leading"):
        replace_round(match, events, 1, ["a=7", "c=3", "d=3"], "a", None, [])


def test_edit_that_moves_the_deal_of_a_finished_trick_by_trick_round_is_refused():
    tricks = [{"kind": "trick", "cards": [f"{rank}S", f"{rank}H", f"{rank}D", f"{rank}C"]} for rank in [*"23456789", "10", *"JQKA"]]
    match, events = entered(CUPIDO, round_event(CUPIDO, ["a=7", "b=3", "c=3"], "a"), curse_event("S"), *tricks)
    match, events = entered(CUPIDO, *events, curse_event("D"), round_event(CUPIDO, ["c=13"], "c", cursed=["c"]))
    assert [p.dealer for p in match.rounds] == [0, 3, 1]
    with pytest.raises(RuleError, match="round 2's tricks"):
        replace_round(match, events, 1, ["a=7", "c=3", "d=3"], "a", None, [])
    # A correction that leaves Daan with the fewest hearts keeps every trick where it was.
    kept = replace_round(match, events, 1, ["a=6", "b=4", "c=3"], "a", None, [])
    assert entered(CUPIDO, *kept)[0].rounds[1].tricks == match.rounds[1].tricks


def test_edit_that_moves_the_deal_of_quick_entries_bids_and_curses_is_allowed():
    """Hearts, bids, the cursed suit and its biggest collectors are kept by name or suit,
    so they mean the same whoever dealt; only the dealer shown changes."""
    setup = Setup.build(["Anna", "Bram", "Cees", "Daan"], variants=["cupido", "blinde-liefde"], target=1000)
    bids = bid_event(setup, ["a=0", "b=0", "c=0", "d=13"])
    match, events = entered(
        setup, bids, round_event(setup, ["a=7", "b=3", "c=3"], "a"), curse_event("S"), bids, round_event(setup, ["d=13"], "d", cursed=["a"])
    )
    assert match.rounds[1].dealer == 3
    events = replace_round(match, events, 1, ["a=7", "c=3", "d=3"], "a", None, [])
    after, _ = entered(setup, *events)
    assert after.rounds[1].dealer == 1 and after.rounds[1].score == match.rounds[1].score
    # Round 3 moves too: Anna, Bram and Cees tie for fewest, first clockwise from the new dealer's left.
    assert [(m.number, m.was, m.now) for m in moved_deals(match, after)] == [(2, 3, 1), (3, 0, 2)]


def test_edit_without_a_dealer_change_keeps_entered_tricks():
    match, events = entered(FOUR, round_event(FOUR, ["a=13"], "a"), {"kind": "trick", "cards": ["AS", "2S", "3S", "4S"]})
    events = replace_round(match, events, 1, ["b=13"], "b", None, [])
    assert entered(FOUR, *events)[0].current.tricks == match.current.tricks


def test_edit_before_any_round_is_played_says_no_round_has_been_played_yet():
    """A state refusal (exit 1), not unusable input: the entry is fine, it is too early."""
    for number in (1, 2):
        with pytest.raises(RuleError, match="no round has been played yet") as error:
            replace_round(Match.start(FOUR), [], number, ["a=13"], "a", None, [])
        assert error.value.exit_code == 1


# --- Cupid's Arrow with hearts cursed -----------------------------------------------


def cursed_hearts() -> Match:
    setup = Setup.build(["A", "B", "C"], variants=["cupido"])
    return play(quick(Match.start(setup), "A=5", "B=5", "C=3", ace="A"), curse_event("H"))


def test_cupido_with_hearts_cursed_the_heart_counts_decide_who_collected_most():
    match = quick(cursed_hearts(), "A=5", "B=5", "C=3", ace="A")
    assert match.rounds[-1].cursed_most == (0, 1) and match.rounds[-1].score.curse == (-5, -5, 0)
    assert quick(cursed_hearts(), "A=5", "B=5", "C=3", ace="A", cursed=["B", "A"]).rounds[-1].cursed_most == (0, 1)


def test_cupido_with_hearts_cursed_a_cursed_option_that_disagrees_with_the_counts_is_refused():
    with unusable(r"the counts decide: A and B collected the most \(5♥ each\), not A as --cursed says"):
        quick(cursed_hearts(), "A=5", "B=5", "C=3", ace="A", cursed=["A"])
    with unusable(r"B collected the most \(7♥\), not C"):
        quick(cursed_hearts(), "A=3", "B=7", "C=3", ace="A", cursed=["C"])


# --- entries and setups -------------------------------------------------------------


@pytest.mark.parametrize("value", ["-1", "−1", "+14"])
def test_a_heart_count_out_of_range_is_refused_as_a_count_not_read_as_a_card(value):
    with unusable("a player captures 0 to 13 hearts"):
        quick(Match.start(FOUR), f"A={value}", "B=13", ace="B")


def test_a_negative_bid_is_refused_as_a_bid():
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"])
    with unusable("A bids -1; a bid is a number of hearts from 0 to 13"):
        play(Match.start(setup), bid_event(setup, ["a=-1", "b=0", "c=0"]))


def test_bid_bonus_and_penalty_belong_to_blinde_liefde():
    with unusable("belong to the blinde-liefde variant"):
        Setup.build(["A", "B", "C"], bid_bonus=3)
    with unusable("belong to the blinde-liefde variant"):
        Setup.from_toml({"players": ["A", "B", "C"], "bid_penalty": 0})
    setup = Setup.build(["A", "B", "C"], variants=["blinde-liefde"], bid_penalty=0)
    assert (setup.bid_bonus, setup.bid_penalty) == (5, 0)
    assert Setup.from_toml(setup.to_toml()) == setup


# --- what the table already told: A♥, the dead pile (issue 11) ------------------------


def test_a_single_player_entered_with_a_count_took_the_ace():
    match = quick(Match.start(FOUR), "C=13")
    assert match.rounds[0].ace == 2 and match.totals == (0, 0, 34, 0)


def test_a_single_player_entered_with_a_count_took_the_ace_with_partners_too():
    match = quick(Match.start(Setup.build(["A", "B", "C", "D"], variants=["partners"])), "C=13")
    assert match.rounds[0].ace == 2


def test_hearts_listed_without_the_ace_leave_it_to_the_one_player_entered_with_a_count():
    match = quick(Match.start(FOUR), "A=2H,3H", "B=11")
    assert match.rounds[0].ace == 1 and match.totals == (2, 15, 0, 0)


def test_the_ace_is_asked_for_only_among_the_players_who_could_have_taken_it():
    with unusable(r"who took A♥ \(Bram or Cees\)\?"):
        quick(Match.start(FOUR), "A=2H,3H", "B=5", "C=6")


def test_an_ace_option_that_agrees_with_what_the_entry_tells_is_accepted_and_one_that_does_not_is_refused():
    assert quick(Match.start(FOUR), "C=13", ace="C").rounds[0].ace == 2
    with unusable("Anna is entered with no hearts"):
        quick(Match.start(FOUR), "C=13", ace="A")


@pytest.mark.parametrize(
    "setup, dead, entry",
    [
        (FIVE, "7C", ("A=13",)),  # one of the two dead cards
        (FIVE, "7H", ("A=12",)),
        (FIVE, "7H,2C", ("A=12",)),
        (THREE, "7H", ("A=12",)),
        (THREE, "7C", ("A=13",)),
    ],
)
def test_any_of_the_dead_cards_the_table_turned_over_may_be_named(setup, dead, entry):
    match = quick(Match.start(setup), *entry, dead=dead)
    assert match.rounds[0].dead == tuple(parse_cards(dead))


@pytest.mark.parametrize("setup, dead, says", [(THREE, "7H,2C", "holds 1 card, but --dead names 2"), (FIVE, "7H,2C,3C", "holds 2 cards, but --dead names 3")])
def test_more_dead_cards_than_the_dead_pile_holds_are_refused(setup, dead, says):
    with unusable(says):
        quick(Match.start(setup), "A=12", dead=dead)


def test_a_dead_heart_means_nobody_captures_every_heart_so_nobody_doubles():
    """"Een speler die in één ronde elke Hartenkaart vangt" — with a heart in the dead
    pile nobody catches every heart card, so 12 hearts with A♥ score 16, not 32."""
    match = quick(Match.start(THREE), "A=12", dead="7H")
    assert match.totals == (16, 0, 0)
    assert not match.rounds[0].captures[0].all_hearts


def test_cupids_arrow_fewest_hearts_counts_heart_cards_not_points():
    """A took only A♥: 1 heart card worth 5 points; B took 2 hearts worth 2 points. A has
    the fewest hearts (cards), so A deals next and names the cursed suit."""
    setup = Setup.build(["A", "B", "C", "D"], variants=["cupido"])
    match = quick(Match.start(setup), "A=AH", "B=2", "C=5", "D=5")
    assert match.rounds[0].score.hearts[:2] == (5, 2)
    assert match.current.dealer == 0


def test_cupids_arrow_fewest_hearts_with_kleine_liefde_counts_cards_not_face_value():
    setup = Setup.build(["A", "B", "C"], variants=["cupido", "kleine-liefde"])
    match = quick(Match.start(setup), "A=2H,3H,4H", "B=AH,KH", "C=5H,6H,7H,8H,9H,10H,JH,QH")
    assert match.current.dealer == 1  # B: 2 cards (27 points), A: 3 cards (9 points)


# --- exit codes (issue 9): what the rules or the round's state forbid is exit 1 ----------


def test_a_cursed_suit_named_twice_in_a_round_is_a_rule_refusal():
    setup = Setup.build(["A", "B", "C"], variants=["cupido"])
    match = play(quick(Match.start(setup), "A=13"), curse_event("S"))
    with pytest.raises(RuleError, match="cursed suit for round 2 is named already"):
        play(match, curse_event("D"))


def test_a_word_for_a_heart_count_is_neither_a_number_nor_cards():
    with unusable(r"^'three' is not a number of hearts nor a list of cards; write a count \(Anna=3\)"):
        round_event(FOUR, ["a=three"])
