"""Revokes (*verzaken*) with physical cards: one revoke is one event, named once with its
player, both tricks and the card, and costs what the table decided (`--revoke-penalty`)."""

from __future__ import annotations

import csv
import io
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Card, Suit, french_deck, parse_cards
from referee.smoorverliefd.actions import PlayTrick
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.tricks import Trick, follow_up
from smoor_play import play, step, taken

FOUR = Setup.build(["Anna", "Bram", "Cees", "Daan"])  # Anna deals, Bram leads
PENALTY = Setup.build(["Anna", "Bram", "Cees", "Daan"], revoke_penalty=5)

# Bram leads spades and Anna (last) shows out; in trick 2 (Daan leads clubs) Anna plays
# a spade: one revoke, proven in trick 2. In trick 3 (Bram leads clubs) she plays
# another spade: that proves the same revoke again, nothing new.
SHOWS_OUT = "2S 3S AS 4D"
PROVES = "5C 5S 7C 6C"
PROVES_AGAIN = "8C 9C 10C 6S"
REST_OF_THE_ROUND = (  # every other card once, with no other revoke
    "3D KD 5D 9D", "8D 10D JD QD", "4S KS 8S 7S", "KH 2H 9H 10H", "2D AD 7D 6D",
    "3H 5H 7H 4H", "2C 6H AC KC", "3C JC 4C JS", "QC 9S JH 10S", "QS AH 8H QH",
)  # fmt: skip


def trick(match: Match, text: str) -> Match:
    return play(match, {"kind": "trick", "cards": text.split()})


def tricks(match: Match, *texts: str) -> Match:
    for text in texts:
        match = trick(match, text)
    return match


def test_a_revoke_is_flagged_once_at_the_first_trick_that_proves_it():
    done = step(tricks(Match.start(FOUR), SHOWS_OUT), PlayTrick(tuple(parse_cards(PROVES))))
    assert [(r.seat, r.showed_out_in, r.played_in) for r in taken(done).revokes] == [(0, 1, 2)]
    done = step(done.state, PlayTrick(tuple(parse_cards(PROVES_AGAIN))))
    assert taken(done).revokes == ()
    assert len(done.state.current.revokes) == 1


def test_a_player_who_fails_to_follow_the_suit_again_after_a_revoke_revokes_again():
    # trick 4: Daan leads spades and Anna shows out of them again; Cees wins and leads
    # hearts in trick 5, on which Anna plays a spade: a second revoke
    match = tricks(Match.start(FOUR), SHOWS_OUT, PROVES, PROVES_AGAIN, "7S 2D 8S 9S", "2H 3H 10S 4H")
    assert [(r.seat, r.showed_out_in, r.played_in) for r in match.current.revokes] == [(0, 1, 2), (0, 4, 5)]


def brute_force_revokes(played: list[Trick]) -> list[tuple[int, Suit, int, int]]:
    """Revokes by their definition, player by player and suit by suit: a failure to
    follow, proven by the first later play of that suit; each failure once."""
    found = []
    seats = len(played[0].cards)
    for seat in range(seats):
        for suit in Suit:
            pending = None
            for each in played:
                card = each.card_of(seat)
                if card.suit is suit and pending is not None:
                    found.append((seat, suit, pending, each.number))
                    pending = None
                if each.led is suit and card.suit is not suit and pending is None:
                    pending = each.number
    return sorted(found, key=lambda r: (r[3], r[0]))


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_revokes_found_trick_by_trick_are_the_revokes_of_the_definition_each_once(seed):
    rng = random.Random(seed)
    deck = french_deck()
    rng.shuffle(deck)
    hands = [deck[seat::4] for seat in range(4)]
    played: list[Trick] = []
    voids: dict[tuple[int, Suit], int] = {}
    found = []
    leader = rng.randrange(4)
    for number in range(1, 14):
        cards: list[Card] = []
        for position in range(4):
            hand = hands[(leader + position) % 4]
            cards.append(hand.pop(rng.randrange(len(hand))))  # any card: revokes happen
        each = Trick(number, leader, tuple(cards), (leader + rng.randrange(4)) % 4)
        proven, voids = follow_up(each, voids)
        found += [(r.seat, r.suit, r.showed_out_in, r.played_in) for r in proven]
        played.append(each)
        leader = each.winner
    assert sorted(found, key=lambda r: (r[3], r[0])) == brute_force_revokes(played)
    assert len({(seat, at) for seat, _, at, _ in found}) == len(found)


def test_a_revoke_costs_the_revoke_penalty_to_the_player_who_made_it_in_that_round():
    finished = tricks(Match.start(PENALTY), SHOWS_OUT, PROVES, PROVES_AGAIN, *REST_OF_THE_ROUND)
    played = finished.rounds[0]
    assert len(played.revokes) == 1
    assert played.score.revokes == (-5, 0, 0, 0)
    assert finished.totals == (played.score.hearts[0] - 5, *played.score.hearts[1:])


def test_without_a_revoke_penalty_a_revoke_is_recorded_and_costs_nothing():
    finished = tricks(Match.start(FOUR), SHOWS_OUT, PROVES, PROVES_AGAIN, *REST_OF_THE_ROUND)
    assert len(finished.rounds[0].revokes) == 1
    assert finished.rounds[0].score.revokes == (0, 0, 0, 0)
    assert finished.totals == finished.rounds[0].score.hearts


def test_revoke_penalty_is_stored_in_the_setup_and_old_files_load_with_none():
    assert Setup.from_toml(PENALTY.to_toml()).revoke_penalty == 5
    table = FOUR.to_toml()
    del table["revoke_penalty"]
    assert Setup.from_toml(table).revoke_penalty == 0


# --- the command line -----------------------------------------------------------------


def new_match(referee, tmp_path, *options: str):
    path = tmp_path / "m.toml"
    assert referee("smoor", "new", str(path), "Anna", "Bram", "Cees", "Daan", *options).exit_code == 0
    return path


def test_a_revoke_exits_1_at_the_trick_that_proves_it_only(referee, tmp_path):
    path = new_match(referee, tmp_path)
    assert referee("smoor", "trick", str(path), *SHOWS_OUT.split()).exit_code == 0
    proving = referee("smoor", "trick", str(path), *PROVES.split())
    assert proving.exit_code == 1
    assert proving.stdout.count("Revoke") == 1
    again = referee("smoor", "trick", str(path), *PROVES_AGAIN.split(), "--json")
    assert again.exit_code == 0 and again.json()["revokes"] == []
    current = referee("smoor", "standings", str(path), "--json").json()["current_round"]
    assert current["revokes"] == [
        {"player": "Anna", "round": 1, "suit": "S", "showed_out_in_trick": 1, "played_in_trick": 2, "card": "5S", "points": 0}
    ]


def test_the_revoke_of_a_finished_round_is_listed_once_and_named_in_every_view(referee, tmp_path):
    path = new_match(referee, tmp_path, "--revoke-penalty", "5")
    for each in (SHOWS_OUT, PROVES, PROVES_AGAIN, *REST_OF_THE_ROUND):
        referee("smoor", "trick", str(path), *each.split())
    document = referee("smoor", "standings", str(path), "--json").json()
    revokes = document["rounds"][0]["revokes"]
    assert revokes == [
        {"player": "Anna", "round": 1, "suit": "S", "showed_out_in_trick": 1, "played_in_trick": 2, "card": "5S", "points": -5}
    ]
    assert document["rounds"][0]["revoke_points"] == {"Anna": -5, "Bram": 0, "Cees": 0, "Daan": 0}
    assert document["revoke_penalty"] == 5
    said = "Anna did not follow ♠ in trick 1 of round 1 but played 5♠ in trick 2; Anna loses 5 points this round"
    standings = referee("smoor", "standings", str(path)).stdout
    assert "revoke!" not in standings and standings.count(said) == 1
    assert "* includes bid, cursed-suit or revoke points" in standings
    history = referee("smoor", "history", str(path), "--json").json()["events"]
    assert [entry["summary"].count("revoke") for entry in history] == [0, 1] + [0] * 11
    assert {entry["round"] for entry in history} == {1}
    assert said in history[1]["summary"]
    rows = list(csv.reader(io.StringIO(referee("smoor", "export", str(path), "--csv").stdout)))
    assert rows[0][-1] == "revokes" and rows[1][-1] == said


def test_new_refuses_a_negative_revoke_penalty(referee, tmp_path):
    result = referee("smoor", "new", str(tmp_path / "m.toml"), "Anna", "Bram", "Cees", "--revoke-penalty", "-3")
    assert result.exit_code == 2 and "the revoke penalty is the points a revoke costs" in result.stderr
    assert not (tmp_path / "m.toml").exists()


def test_new_shows_the_revoke_penalty_the_table_chose(referee, tmp_path):
    result = referee("smoor", "new", str(tmp_path / "m.toml"), "Anna", "Bram", "Cees", "--revoke-penalty", "1")
    assert "a revoke costs 1 point" in result.stdout
