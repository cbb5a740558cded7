"""A trick played card by card (issue 23): one card at a time, by the player to act, each
judged as a trick entered whole judges it; the last player's card completes the trick
exactly as a `trick` entry does. "Het spel gaat met de klok mee, één kaart per speler per
slag." """

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import i18n, savefile
from referee.cards import Card, Suit, french_deck
from referee.errors import Refused
from referee.game import refuse
from referee.smoorverliefd import actions
from referee.smoorverliefd.actions import Bids, CardPlayed, CurseSuit, PlayCard, PlayTrick, QuickRound, TrickTaken
from referee.smoorverliefd.entry import play_entry
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.voice import VOICE
from smoor_play import legal_trick, play, step, taken

FOUR = ["Anna", "Bram", "Cees", "Daan"]


def seeded(seed: str = "kaart", variants: tuple[str, ...] = ()) -> Match:
    return Match.start(Setup.build(FOUR, seed=seed, variants=variants))


def hand(match: Match, seat: int) -> list[Card]:
    hands = match.current.hands
    assert hands is not None
    return sorted(hands[seat], key=lambda card: card.sort_key)


def play_cards(match: Match, cards: list[Card]) -> Match:
    """The cards played one by one by the players to act."""
    for card in cards:
        seat = match.to_play
        assert seat is not None
        match = play(match, PlayCard(seat, card))
    return match


@pytest.fixture
def dutch():
    yield
    i18n.set_language("en")


# --- the rules ------------------------------------------------------------------------


def test_the_player_left_of_the_dealer_plays_the_first_card_and_the_next_follows_clockwise():
    match = seeded()
    leader = match.current.leader
    assert leader == match.setup.left_of(match.current.dealer) and match.to_play == leader
    card = hand(match, leader)[0]
    done = step(match, PlayCard(leader, card))
    assert done.effect == CardPlayed(seat=leader, card=card, round=1, trick=1, to_play=(leader + 1) % 4)
    assert done.state.current.table == (card,) and done.state.to_play == (leader + 1) % 4


def test_a_player_who_is_not_to_play_is_refused_and_told_who_is():
    match = seeded()
    leader = match.current.leader
    other = (leader + 2) % 4
    refusal = RULES.refusal(match, PlayCard(other, hand(match, other)[0]))
    assert refusal == refuse(Rule.NOT_THEIR_TURN, trick=1, seat=other, to_play=leader)
    assert refusal.exit_code == 1
    assert VOICE.refusal(match, refusal) == f"trick 1: it is {FOUR[leader]}'s turn to play, not {FOUR[other]}'s"


def test_a_seeded_player_plays_only_a_card_they_hold():
    match = seeded()
    leader = match.current.leader
    not_held = hand(match, (leader + 1) % 4)[0]
    refusal = RULES.refusal(match, PlayCard(leader, not_held))
    assert refusal == refuse(Rule.NOT_HELD, trick=1, seat=leader, card=not_held, suit=None)
    assert VOICE.refusal(match, refusal) == f"trick 1: {FOUR[leader]} does not hold {not_held.symbol}"


def test_a_player_must_follow_the_suit_led_when_they_can_as_in_a_whole_trick():
    match = seeded()
    leader, follower = match.current.leader, (match.current.leader + 1) % 4
    lead = next(card for card in hand(match, leader) if any(c.suit is card.suit for c in hand(match, follower)))
    off_suit = next(card for card in hand(match, follower) if card.suit is not lead.suit)
    after = play(match, PlayCard(leader, lead))
    refusal = RULES.refusal(after, PlayCard(follower, off_suit))
    assert refusal == refuse(Rule.MUST_FOLLOW, trick=1, seat=follower, card=off_suit, suit=lead.suit)
    whole = PlayTrick((lead, off_suit, *hand(match, (leader + 2) % 4)[:1], *hand(match, (leader + 3) % 4)[:1]))
    assert RULES.refusal(match, whole) == refusal  # the same rule, the same values
    assert "must follow" in VOICE.refusal(after, refusal)


def test_a_card_is_played_once_a_round_on_the_table_or_in_an_earlier_trick():
    """Physical cards: the referee does not know the hands, but a card seen once this
    round cannot come again."""
    match = Match.start(Setup.build(FOUR))
    first = play_cards(match, [Card.parse(c) for c in ("2C", "AC", "3C", "4C")])
    assert RULES.refusal(first, PlayCard(first.current.leader, Card.parse("AC"))) == refuse(Rule.CARD_ALREADY_PLAYED, card=Card.parse("AC"), trick=1, round=1)
    on_table = play_cards(first, [Card.parse("5D")])
    refusal = RULES.refusal(on_table, PlayCard((first.current.leader + 1) % 4, Card.parse("5D")))
    assert refusal == refuse(Rule.CARD_ALREADY_PLAYED, card=Card.parse("5D"), trick=2, round=1)


def test_the_last_players_card_completes_the_trick_exactly_as_a_trick_entry():
    match = seeded()
    cards = legal_trick(match, random.Random(1))
    whole = step(match, PlayTrick(tuple(cards)))
    almost = play_cards(match, cards[:3])
    last = step(almost, PlayCard((match.current.leader + 3) % 4, cards[3]))
    assert last.effect == whole.effect and isinstance(last.effect, TrickTaken)
    assert last.state == whole.state
    assert last.state.current.table == () and last.state.to_play == taken(whole).trick.winner


def test_the_winner_of_a_trick_played_card_by_card_leads_the_next():
    match = seeded()
    after = play_cards(match, legal_trick(match, random.Random(2)))
    assert after.current.leader == after.current.tricks[-1].winner == after.to_play


def test_the_last_trick_played_card_by_card_scores_the_round():
    match, rng = seeded(), random.Random(4)
    while match.current.number == 1:
        match = play_cards(match, legal_trick(match, rng))
    assert len(match.rounds) == 1 and len(match.rounds[0].tricks) == 13
    assert sum(capture.count for capture in match.rounds[0].captures) == 13


def test_with_physical_cards_a_revoke_is_found_when_the_trick_is_complete_as_with_trick():
    """Cees shows out of diamonds in trick 1 and plays K♦ in trick 2: the card that
    completes trick 2 proves the revoke, as the same trick entered whole does."""
    match = Match.start(Setup.build(FOUR, revoke_penalty=5))
    assert match.current.leader == 1  # Anna deals, Bram leads
    first = play_cards(match, [Card.parse(c) for c in ("2D", "3C", "4D", "5D")])  # Cees shows out; Anna wins
    second = [Card.parse(c) for c in ("6D", "7D", "KD", "9D")]  # Anna leads, Cees plays K♦
    half = play_cards(first, second[:3])
    assert half.current.revokes == ()  # proven once the trick is complete, as with `trick`
    by_cards = step(half, PlayCard(3, second[3]))
    whole = step(first, PlayTrick(tuple(second)))
    assert by_cards == whole
    assert [(revoke.seat, revoke.showed_out_in, revoke.played_in) for revoke in taken(by_cards).revokes] == [(2, 1, 2)]


def test_the_bids_come_before_the_first_card():
    bidding = seeded(variants=("blinde-liefde",))
    leader = bidding.current.leader
    card = hand(bidding, leader)[0]
    assert RULES.refusal(bidding, PlayCard(leader, card)) == refuse(Rule.BIDS_FIRST, round=1)
    assert bidding.to_play is None and not [a for a in RULES.legal_actions(bidding) if isinstance(a, PlayCard)]
    bid = play(bidding, Bids(tuple((seat, 3) for seat in range(4))))
    begun = play(bid, PlayCard(leader, card))
    assert RULES.refusal(begun, Bids(tuple((seat, 3) for seat in range(4)))) == refuse(Rule.BIDS_AFTER_FIRST_TRICK, round=1)


def test_the_cursed_suit_is_named_before_the_first_card():
    setup = Setup.build(FOUR, variants=["cupido"])
    second = play(Match.start(setup), QuickRound(hearts=((0, 13),), ace=0))
    card = Card.parse("2C")
    assert RULES.refusal(second, PlayCard(second.current.leader, card)) == refuse(Rule.CURSE_FIRST, dealer=second.current.dealer, round=2)
    cursed = play(second, CurseSuit(Suit.SPADES))
    begun = play(cursed, PlayCard(cursed.current.leader, card))
    assert RULES.refusal(begun, CurseSuit(Suit.CLUBS)) == refuse(Rule.CURSE_AFTER_FIRST_TRICK, round=2)


def test_a_trick_begun_card_by_card_is_finished_card_by_card():
    """A whole trick or a quick round entry while a trick is half played is refused,
    saying the trick is in progress and who is to play."""
    match = seeded()
    leader = match.current.leader
    cards = legal_trick(match, random.Random(5))
    begun = play_cards(match, cards[:2])
    expected = refuse(Rule.TRICK_IN_PROGRESS, round=1, trick=1, count=2, to_play=(leader + 2) % 4)
    assert RULES.refusal(begun, PlayTrick(tuple(cards))) == expected
    assert RULES.refusal(begun, QuickRound(hearts=((0, 13),), ace=0)) == expected
    assert expected.exit_code == 1
    worded = VOICE.refusal(begun, expected)
    assert worded == f"trick 1 is being played card by card (2 cards so far) and {FOUR[(leader + 2) % 4]} is to play; finish it with `play`, or `undo` its cards first"


def test_once_the_match_is_over_no_card_is_played():
    over = play(Match.start(Setup.build(FOUR, target=1)), QuickRound(hearts=((0, 13),), ace=0))
    assert RULES.refusal(over, PlayCard(over.current.leader, Card.parse("2C"))) == refuse(Rule.MATCH_OVER, side=0)


# --- the save file's event ------------------------------------------------------------


def test_a_play_is_saved_as_the_player_and_the_card_and_read_back_the_same():
    setup = Setup.build(FOUR)
    action = PlayCard(1, Card.parse("10C"))
    event = actions.encode(setup, action)
    assert event == {"kind": "play", "player": "Bram", "card": "10C"}
    assert actions.decode(setup, event) == action
    assert actions.decode(setup, {"kind": "play", "player": "bram", "card": "t♣"}) == action


@pytest.mark.parametrize(
    "event, says",
    [
        ({"kind": "play", "card": "9C"}, "`player` must be a name"),
        ({"kind": "play", "player": "Bram", "card": 9}, "`card` must be"),
        ({"kind": "play", "player": "Zoë", "card": "9C"}, "Zoë"),
        ({"kind": "play", "player": "Bram", "card": "9X"}, "9X"),
    ],
)
def test_a_play_event_of_the_wrong_shape_is_named(event, says):
    with pytest.raises(Exception, match=says) as error:
        actions.decode(Setup.build(FOUR), event)
    assert getattr(error.value, "exit_code", None) == 2


# --- the same match, card by card or trick by trick -----------------------------------


@pytest.mark.slow
@settings(max_examples=20, deadline=None)
@given(st.text("abcdef", min_size=1, max_size=5), st.integers(0, 10_000), st.integers(3, 5), st.booleans(), st.booleans())
def test_a_round_played_card_by_card_is_the_same_match_as_its_tricks_entered_whole(seed, draw, players, troef, physical):
    """A random round, seeded (legal cards) or with physical cards (any card not yet
    played, so revokes happen): after every trick the match played card by card equals
    the match of the same tricks entered whole (totals, tricks, revokes, the hands)."""
    setup = Setup.build(FOUR[:players] + ["Eva"][: max(0, players - 4)], seed=None if physical else seed, variants=["troef"] if troef else [], target=500)
    rng = random.Random(draw)
    by_cards = by_tricks = Match.start(setup)
    while by_tricks.current.number == 1:
        if physical:
            unplayed = [card for card in french_deck() if card not in by_tricks.current.played]
            cards = rng.sample(unplayed, players)
        else:
            cards = legal_trick(by_tricks, rng)
        for card in cards:
            seat = by_cards.to_play
            assert seat is not None and RULES.refusal(by_cards, PlayCard(seat, card)) is None
            by_cards = play(by_cards, PlayCard(seat, card))
        by_tricks = play(by_tricks, PlayTrick(tuple(cards)))
        assert by_cards == by_tricks
    assert by_cards.totals == by_tricks.totals and by_cards.rounds == by_tricks.rounds


@pytest.mark.slow
def test_undo_after_each_card_takes_back_exactly_that_card_and_redo_puts_it_back(tmp_path):
    """A seeded round played card by card in a real file: after each card, undo gives
    the match before it (the card back in the hand, off the table), redo the match after."""
    path = tmp_path / "m.toml"
    savefile.create(path, RULES, Setup.build(["Anna", "Bram", "Cees"], seed="undo"))
    rng = random.Random(7)
    match = savefile.load(path, RULES).state
    for _ in range(12):
        seat = match.to_play
        assert seat is not None
        card = rng.choice(match.playable())
        after = savefile.record(path, RULES, play_entry(match.setup.players[seat], str(card))).state
        undone = savefile.undo(path, RULES)
        assert undone.saved.state == match and undone.event == {"kind": "play", "player": match.setup.players[seat], "card": str(card)}
        assert savefile.redo(path, RULES).saved.state == after
        match = after


# --- the voice, in both languages -----------------------------------------------------


def test_a_card_played_is_worded_with_who_is_to_play_next(dutch):
    match = Match.start(Setup.build(FOUR))  # Bram leads
    done = step(match, PlayCard(1, Card.parse("9C")))
    assert VOICE.effect(match, done) == "Bram plays 9♣; Cees to play"
    i18n.set_language("nl")
    assert VOICE.effect(match, done) == "Bram speelt 9♣; Cees is aan de beurt"
    queen = step(match, PlayCard(1, Card.parse("QC")))
    assert VOICE.effect(match, queen) == "Bram speelt V♣; Cees is aan de beurt"


def test_the_new_refusals_are_worded_in_dutch(dutch):
    match = Match.start(Setup.build(FOUR))
    i18n.set_language("nl")
    assert VOICE.refusal(match, refuse(Rule.NOT_THEIR_TURN, trick=3, seat=0, to_play=2)) == "slag 3: Cees is aan de beurt, niet Anna"
    one = refuse(Rule.TRICK_IN_PROGRESS, round=1, trick=2, count=1, to_play=3)
    assert VOICE.refusal(match, one) == "slag 2 wordt kaart voor kaart gespeeld (1 kaart tot nu toe) en Daan is aan de beurt; maak haar af met `speel`, of maak haar kaarten eerst ongedaan met `undo`"


def test_a_play_in_history_names_the_player_and_the_card_and_its_trick(dutch):
    match = Match.start(Setup.build(FOUR))
    event = {"kind": "play", "player": "Bram", "card": "QC"}
    done = step(match, event)
    assert VOICE.event(event) == "play: Bram QC"
    assert VOICE.history_detail(match, event, done)["summary"] == "trick 1: Bram plays QC"
    i18n.set_language("nl")
    assert VOICE.event(event) == "speel: Bram V♣"
    assert VOICE.history_detail(match, event, done)["summary"] == "slag 1: Bram speelt V♣"


def test_refused_play_raises_with_the_refusal():
    match = seeded()
    other = (match.current.leader + 1) % 4
    with pytest.raises(Refused) as error:
        match.apply(PlayCard(other, hand(match, other)[0]))
    assert error.value.exit_code == 1


# --- corrections ----------------------------------------------------------------------


def test_a_correction_of_a_round_played_card_by_card_replaces_all_its_cards_and_keeps_the_next_rounds():
    """`edit` replaces a round's entry: played card by card, that is every card of it
    (each trick's first cards too, not only the cards that completed one); the half
    played trick of the round after it stays."""
    from referee.smoorverliefd.edit import replace_round

    setup = Setup.build(FOUR)
    match, events = Match.start(setup), []
    ranks = [*"23456789", "10", *"JQKA"]
    cards = [Card.parse(f"{rank}{suit}") for rank in ranks for suit in "SHDC"] + [Card.parse("2C"), Card.parse("3C")]
    for card in cards:
        seat = match.to_play
        assert seat is not None
        action = PlayCard(seat, card)
        events.append(actions.encode(setup, action))
        match = play(match, action)
    assert len(match.rounds) == 1 and match.current.table == (Card.parse("2C"), Card.parse("3C"))
    corrected = replace_round(match, events, 1, ["Anna=13"], "Anna", None, [], replace_tricks=True)
    assert corrected[0] == {"kind": "round", "hearts": {"Anna": 13}, "ace": "Anna"}
    assert corrected[1:] == events[-2:]
    replayed = Match.start(setup)
    for event in corrected:
        replayed = play(replayed, event)
    assert replayed.rounds[0].tricks == () and replayed.totals == (34, 0, 0, 0)  # all 13 hearts with A♥, doubled
    assert replayed.current.table == match.current.table
