"""Spellcrafter's draft through the referee (rulebook, Gameplay; two-player rules): the
rules know every seat's hand at every pick. Property tests walk random legal drafts."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.errors import InputError, Refused
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.actions import CardPicked, EnterWord, PickCard, decode, encode
from referee.spellcrafter.draft import PICKS, Draft, passed_to
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_card, parse_word
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.ruleset import RULES, picks
from referee.spellcrafter.setup import CRAFT_TIME, Setup
from referee.spellcrafter.view import seat_view

NAMES = ("Anna", "Bram", "Cees", "Daan")
AT = "2026-12-02T20:00:00Z"


def drafted(players: tuple[str, ...] = NAMES, seed: str = "draft", **options) -> Game:
    return RULES.start(Setup.build(players, seed=seed, **options))


def the_draft(game: Game, number: int) -> Draft:
    """A drafted game's draft of round ``number`` (there is one)."""
    draft = game.draft_of(number)
    assert draft is not None
    return draft


def pick(game: Game, action: PickCard) -> Game:
    return RULES.apply(game, action).state


def random_draft(game: Game, rng: random.Random) -> Game:
    """The current round's draft played out with random legal picks."""
    while True:
        options = list(picks(game))
        if not options:
            return game
        game = pick(game, rng.choice(options)._replace(at=AT))


def round_cards(game: Game, number: int) -> Counter[SpellCard]:
    dealt = game.deal(number)
    assert dealt is not None
    return Counter(card for hand in dealt.hands for card in hand)


def test_a_seeded_game_is_drafted_through_the_referee_with_the_two_minute_clock() -> None:
    setup = Setup.build(NAMES, seed="s")
    assert setup.draft and setup.craft_time == CRAFT_TIME == 120
    assert not Setup.build(NAMES).draft  # physical cards: the table drafts
    assert not Setup.build(NAMES, seed="s", draft=False).draft
    assert Setup.build(NAMES, seed="s", variants=["friendly"]).craft_time is None  # "no time limit"


def test_players_look_at_their_hand_and_keep_one_card() -> None:
    game = drafted()
    hand = the_draft(game, 1).hands[0]
    after = pick(game, PickCard(seat=0, card=hand[3]))
    draft = the_draft(after, 1)
    assert draft.selected[0] == (hand[3],)
    assert Counter(draft.hands[0]) == Counter(hand) - Counter([hand[3]])


def test_once_everyone_has_selected_a_card_the_remaining_hands_pass_to_the_left() -> None:
    game = drafted()
    before = the_draft(game, 1)
    for seat in range(4):
        game = pick(game, PickCard(seat=seat, card=before.hands[seat][0]))
    after = the_draft(game, 1)
    for seat in range(4):
        assert after.hands[passed_to(seat, "left", 4)] == before.hands[seat][1:]
    assert after.hands[1] == before.hands[0][1:]  # Anna's hand goes to Bram, on her left
    assert not any(after.picked)


def test_alternate_passing_direction_with_each_round() -> None:
    rng = random.Random(5)
    game = random_draft(drafted(), rng)
    for seat in range(4):
        game = RULES.apply(game, RULES.decode(game, {"kind": "pass", "player": NAMES[seat]})).state
    assert game.current_number == 2
    before = the_draft(game, 2)
    assert before.direction == "right"
    for seat in range(4):
        game = pick(game, PickCard(seat=seat, card=before.hands[seat][0]))
    assert the_draft(game, 2).hands[3] == before.hands[0][1:]  # to the right: Anna's hand goes to Daan


def test_a_seat_that_has_picked_waits_for_the_others() -> None:
    game = drafted()
    hand = the_draft(game, 1).hands[0]
    game = pick(game, PickCard(seat=0, card=hand[0]))
    refusal = game.refusal(PickCard(seat=0, card=hand[1]))
    assert refusal is not None and refusal.rule is Rule.ALREADY_PICKED
    assert dict(refusal.params)["waiting"] == (1, 2, 3)


def test_a_card_not_in_the_hand_cannot_be_picked() -> None:
    game = drafted()
    others = Counter(the_draft(game, 1).hands[1]) - Counter(the_draft(game, 1).hands[0])
    refusal = game.refusal(PickCard(seat=0, card=next(iter(others))))
    assert refusal is not None and refusal.rule is Rule.NOT_IN_HAND


def test_instead_of_passing_the_last_card_place_it_face_down() -> None:
    game = random_draft(drafted(), random.Random(2))
    draft = the_draft(game, 1)
    assert draft.complete
    assert all(len(cards) == PICKS for cards in draft.selected)
    assert all(card is not None for card in draft.last)
    assert all(not hand for hand in draft.hands)


def test_two_players_discard_one_card_with_each_pick_before_passing() -> None:
    game = drafted(("Anna", "Bram"), seed="two")
    hand = the_draft(game, 1).hands[0]
    assert len(hand) == 14
    refusal = game.refusal(PickCard(seat=0, card=hand[0]))
    assert refusal is not None and refusal.rule is Rule.DISCARD_NEEDED
    game = pick(game, PickCard(seat=0, card=hand[0], discard=hand[1]))
    assert the_draft(game, 1).discarded[0] == (hand[1],)
    game = random_draft(game, random.Random(3))
    draft = the_draft(game, 1)
    assert [len(cards) for cards in draft.discarded] == [6, 6]  # 14 = 7 selected + 6 discarded + 1 laid down
    assert all(len(cards) == PICKS for cards in draft.selected)


def test_the_last_two_player_pick_discards_nothing() -> None:
    rng = random.Random(4)
    game = drafted(("Anna", "Bram"), seed="two")
    while len(the_draft(game, 1).hands[0]) > 2:
        game = pick(game, rng.choice([a for a in picks(game) if a.seat == 0]))
        game = pick(game, rng.choice([a for a in picks(game) if a.seat == 1]))
    hand = the_draft(game, 1).hands[0]
    refusal = game.refusal(PickCard(seat=0, card=hand[0], discard=hand[1]))
    assert refusal is not None and refusal.rule is Rule.NO_DISCARD


def test_only_a_two_player_game_discards() -> None:
    game = drafted()
    hand = the_draft(game, 1).hands[0]
    refusal = game.refusal(PickCard(seat=0, card=hand[0], discard=hand[1]))
    assert refusal is not None and refusal.rule is Rule.NO_DISCARD


def test_words_wait_until_the_draft_is_complete() -> None:
    game = drafted()
    refusal = game.refusal(EnterWord(seat=0, tokens=parse_word(["C3s", "A1f", "T1m"])))
    assert refusal is not None and refusal.rule is Rule.DRAFT_NOT_OVER


def test_a_word_uses_only_the_seats_own_selected_cards_and_the_jumper() -> None:
    game = random_draft(drafted(), random.Random(7))
    draft = the_draft(game, 1)
    jumper = game.jumper(1)
    mine = [card for card in draft.selected[0] if card.is_letter][:2]
    tokens = parse_word([*map(str, mine), f"*{jumper}"])
    refusal = game.refusal(EnterWord(seat=0, tokens=tokens))
    assert refusal is None or refusal.rule is not Rule.NOT_SELECTED
    theirs = Counter(draft.selected[1]) - Counter(draft.selected[0])
    foreign = next(card for card in theirs if card.is_letter)
    refused = game.refusal(EnterWord(seat=0, tokens=parse_word([str(foreign), *map(str, mine)])))
    assert refused is not None and refused.rule is Rule.NOT_SELECTED


@pytest.mark.slow
def test_the_face_down_last_card_only_stands_for_the_jumper() -> None:
    found = 0
    for number in range(40):
        game = random_draft(drafted(seed=f"last{number}"), random.Random(number))
        draft = the_draft(game, 1)
        for seat in range(4):
            last = draft.last[seat]
            assert last is not None
            if last.is_letter and last not in draft.selected[seat]:
                refusal = game.refusal(EnterWord(seat=seat, tokens=parse_word([str(last), "A1f", "T1m"])))
                assert refusal is not None and refusal.rule is Rule.NOT_SELECTED
                assert dict(refusal.params)["card"] == last and dict(refusal.params)["last"] is True
                found += 1
    assert found > 10


def test_the_crafting_clock_starts_when_the_last_seat_has_picked() -> None:
    game = drafted()
    assert game.craft_clock(1) is None
    game = random_draft(game, random.Random(1))
    assert game.craft_clock(1) == (AT, 120)
    assert drafted(craft_time=90, seed="c").setup.craft_time == 90
    assert random_draft(drafted(variants=["friendly"]), random.Random(1)).craft_clock(1) is None


def test_a_pick_is_an_event_and_replays() -> None:
    game = drafted()
    card = the_draft(game, 1).hands[2][0]
    action = PickCard(seat=2, card=card, at=AT)
    event = encode(game, action)
    assert event == {"kind": "pick", "player": "Cees", "card": str(card), "at": AT}
    assert decode(game, event) == action


def test_a_pick_in_a_game_without_a_draft_is_unusable() -> None:
    game = RULES.start(Setup.build(NAMES))
    refusal = game.refusal(PickCard(seat=0, card=parse_card("K6m")))
    assert refusal is not None and refusal.rule is Rule.NO_DRAFT and refusal.unusable


def test_a_card_is_read_as_it_lies_in_a_hand() -> None:
    assert str(parse_card("k6m")) == "K6m" and str(parse_card("ddS")) == "DDs" and str(parse_card("Q10s")) == "QU10s"
    with pytest.raises(InputError):
        parse_card("*Y4f")


def test_the_pick_effect_says_when_the_hands_go_round() -> None:
    game = drafted()
    effects = []
    for seat in range(4):
        step = RULES.apply(game, PickCard(seat=seat, card=the_draft(game, 1).hands[seat][0]))
        game = step.state
        effects.append(step.effect)
    assert [e.passed if isinstance(e, CardPicked) else None for e in effects] == [False, False, False, True]


def test_a_refused_pick_raises_refused() -> None:
    game = drafted()
    with pytest.raises(Refused):
        RULES.apply(game, PickCard(seat=0, card=parse_card("Z99m")))


# --- invariants, over random legal drafts -----------------------------------------------------


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.text("abcdefgh", min_size=1, max_size=6), choices=st.randoms(use_true_random=False))
def test_every_card_dealt_ends_in_exactly_one_pile(players: int, seed: str, choices: random.Random) -> None:
    game = drafted(NAMES[:players] if players <= 4 else (*NAMES, "Eva"), seed=seed)
    dealt = round_cards(game, 1)
    while True:
        draft = the_draft(game, 1)
        assert draft.cards == dealt  # every card dealt is in one pile, none made up
        options = list(picks(game))
        if not options:
            break
        game = pick(game, choices.choice(options))
    draft = the_draft(game, 1)
    assert draft.complete
    assert all(len(cards) == PICKS and last is not None for cards, last in zip(draft.selected, draft.last))


@settings(max_examples=25, deadline=None)
@given(seed=st.text("abcdefgh", min_size=1, max_size=6), choices=st.randoms(use_true_random=False), friendly=st.booleans())
def test_a_seat_view_shows_only_its_own_draft(seed: str, choices: random.Random, friendly: bool) -> None:
    game = drafted(seed=seed, variants=["friendly"] if friendly else [])
    for _step in range(choices.randrange(0, 29)):
        options = list(picks(game))
        if not options:
            break
        game = pick(game, choices.choice(options))
    draft = the_draft(game, 1)
    public = seat_view(game, None)
    assert public.draft is not None and public.draft.hand == () and public.draft.last is None
    assert all(round_.draft is None for round_ in public.rounds)
    for seat in range(4):
        view = seat_view(game, seat)
        assert view.draft is not None
        assert view.draft.hand == draft.hands[seat]
        assert view.draft.last == (draft.last[seat] if draft.complete else None)  # face down until the draft is over
        for other in range(4):
            shown = view.draft.selected[other]
            assert shown == (draft.selected[other] if friendly or (other == seat and draft.complete) else None)
        assert view.draft.counts == tuple(len(cards) for cards in draft.selected)
        assert all(round_.draft is None for round_ in view.rounds)


def test_the_pile_is_face_down_until_the_draft_is_complete() -> None:
    """"select one card to keep by placing it in a pile face down"; "When the draft is
    complete, players may look at their selected cards"."""
    game = drafted()
    card = the_draft(game, 1).hands[0][0]
    game = pick(game, PickCard(seat=0, card=card))
    view = seat_view(game, 0).draft
    assert view is not None and view.selected[0] is None and view.counts[0] == 1
    game = random_draft(game, random.Random(8))
    done = seat_view(game, 0).draft
    assert done is not None and done.selected[0] == the_draft(game, 1).selected[0] and done.last is not None


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), direction=st.sampled_from(["left", "right"]), choices=st.randoms(use_true_random=False))
def test_no_seat_ever_holds_a_card_another_seat_holds(players: int, direction: str, choices: random.Random) -> None:
    """Every card distinct (a value per card): at every pick each card is in exactly one
    pile of exactly one seat, whichever way the hands go round."""
    size = 14 if players == 2 else 8
    cards = [SpellCard(SpellSuit.MOONS, "A", number) for number in range(players * size)]
    draft = Draft.dealt([cards[seat * size:(seat + 1) * size] for seat in range(players)], direction, players == 2)
    while True:
        piles = [(*draft.hands[s], *draft.selected[s], *draft.discarded[s], *((draft.last[s],) if draft.last[s] else ())) for s in range(players)]
        seen = [card for pile in piles for card in pile]
        assert sorted(seen, key=lambda card: card.value) == cards  # each card once, in one seat's piles
        if draft.complete:
            break
        seat = choices.choice(draft.waiting)
        hand = draft.hands[seat]
        card = choices.choice(hand)
        discard = choices.choice([c for c in hand if c != card]) if draft.must_discard(seat) else None
        assert draft.refusal(seat, card, discard) is None
        draft = draft.pick(seat, card, discard)
    assert all(len(cards) == PICKS for cards in draft.selected) and all(draft.last)


@pytest.mark.slow
def test_a_complete_round_of_random_picks_always_ends_with_seven_and_one_per_seat() -> None:
    for number in range(30):
        players = 2 + number % 4
        game = random_draft(drafted(NAMES[:players] if players <= 4 else (*NAMES, "Eva"), seed=f"r{number}"), random.Random(number))
        draft = the_draft(game, 1)
        assert all(len(cards) + 1 == 8 for cards in draft.selected) and draft.complete
        if number % 3 == 0:  # and a round passed to the right
            for seat in range(players):
                game = RULES.apply(game, RULES.decode(game, {"kind": "pass", "player": game.setup.players[seat]})).state
            game = random_draft(game, random.Random(number + 100))
            second = the_draft(game, 2)
            assert second.direction == "right" and second.complete and all(len(cards) == PICKS for cards in second.selected)


def test_a_draft_value_knows_who_is_waiting() -> None:
    draft = Draft.dealt([[parse_card("A1f")] * 8, [parse_card("B3f")] * 8], "left", False)
    assert draft.waiting == (0, 1) and draft.pick_number(0) == 1


# --- teams ------------------------------------------------------------------------------------


def test_with_more_than_five_players_teams_play_the_standard_rules() -> None:
    """"with more than 5 players it is recommended to divide into teams and play using the
    standard rules": two teams get 8 cards each from the whole deck, and no discards."""
    game = drafted(("Anna+Bram+Cees", "Daan+Eva+Fien"), seed="teams", teams=True)
    draft = the_draft(game, 1)
    assert [len(hand) for hand in draft.hands] == [8, 8] and not draft.discarding
    assert not game.setup.two_player
    two = drafted(("Anna", "Bram"), seed="teams")
    assert [len(hand) for hand in the_draft(two, 1).hands] == [14, 14] and the_draft(two, 1).discarding


def test_a_member_names_the_team_and_a_name_that_could_be_two_teams_is_refused() -> None:
    setup = Setup.build(("Ann+Bram", "Cees+Anna"), teams=True)
    assert setup.player("bram") == 0 and setup.player("Anna") == 1 and setup.player("Ann") == 0
    with pytest.raises(InputError, match="could be"):
        setup.player("An")


def test_teams_need_a_team_of_two() -> None:
    with pytest.raises(InputError, match="joined with"):
        Setup.build(("Anna", "Bram"), teams=True)


def test_a_discard_not_in_the_hand_is_named_as_such() -> None:
    from referee.spellcrafter.voice import VOICE

    game = drafted(("Anna", "Bram"), seed="two")
    hand = the_draft(game, 1).hands[0]
    absent = next(card for card in the_draft(game, 1).hands[1] if card not in hand)
    refusal = game.refusal(PickCard(seat=0, card=hand[0], discard=absent))
    assert refusal is not None and "is not in the hand" in VOICE.refusal(game, refusal)


def test_no_word_before_a_fair_games_deal_is_known() -> None:
    from referee.fair.scheme import Fair, commitment

    secret = bytes(32)
    game = Game.start(Setup.build(NAMES[:3], fair=Fair(commitment(secret), secret, 3)))
    assert game.draft_of(1) is None  # no word of entropy yet: no deal
    refusal = game.refusal(EnterWord(seat=0, tokens=parse_word(["C3s", "A1f", "T1m"])))
    assert refusal is not None and refusal.rule is Rule.DRAFT_NOT_OVER
