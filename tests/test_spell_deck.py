"""The Spellcrafter deck file and dealing (SPEC §3, §5.4; rulebook "Setup", "Gameplay",
two-player rules)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from referee.dealing import deal
from referee.errors import InputError
from referee.shuffle import shuffle
from referee.spellcrafter.cards import Special, SpellSuit
from referee.spellcrafter.dealing import deal_spellcrafter, reshuffle_seed
from referee.spellcrafter.deck import Deck, load_deck, standin_deck, template
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.scoring import score_word

DECK = standin_deck()


def test_the_standin_deck_has_35_cards_a_suit_3_of_them_special():
    assert len(DECK.cards) == 140 and DECK.warnings() == []
    for suit in SpellSuit:
        specials = [card.special for card in DECK.cards if card.suit is suit and card.special]
        assert sorted(s.value for s in specials) == sorted(s.value for s in Special)


def test_the_standin_deck_is_labelled_as_a_standin():
    assert "not the real card values" in DECK.name
    assert "STAND-IN DECK" in open(__import__("referee.data", fromlist=["example"]).example("spellcrafter-deck.toml")).read()


def test_the_standin_values_fit_the_rulebooks_examples():
    value = {card.letters: card.value for card in DECK.cards if card.suit is SpellSuit.MOONS and card.is_letter}
    kit = f"K{value['K']}m I{value['I']}m T{value['T']}m"
    assert score_word(parse_word([kit])).score == 16
    assert score_word(parse_word([kit, "DDm:T", f"*Y{value['Y']}f"])).score == 26
    assert score_word(parse_word([kit, "DDm:T", f"*Y{value['Y']}f", "TOILm@5"])).score == 42


def test_a_deck_file_round_trips_through_its_tables():
    assert Deck.from_toml(DECK.to_toml()) == DECK


def test_the_template_lists_every_letter_and_loads_once_filled_in(tmp_path):
    text = template()
    assert text.count('letter = "QU"') == 4 and text.count('letter = "Z"') == 4
    assert 'letter = "Q",' not in text  # the Qu card takes the Q row
    path = tmp_path / "box.toml"
    path.write_text(text.replace('{ letter = "A", value = 0, count = 0 }', '{ letter = "A", value = 1, count = 32 }'))
    deck = load_deck(path)
    assert len(deck.cards) == 4 * 35 and deck.warnings() == []


@pytest.mark.parametrize(
    "text, says",
    [
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nletters = [{ letter = "AB", value = 1, count = 1 }]', "one letter A–Z or QU"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nletters = [{ letter = "A", value = -1, count = 1 }]', "`value` must be a whole number"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nspecials = ["joker"]', "unknown special card 'joker'"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n', "the deck has no cards"),
        ('format = "referee/smoorverliefd"\nversion = 1\n', "is not a Spellcrafter deck file"),
        ('format = "referee/spellcrafter-deck"\nversion = 9\n', "this referee reads version 1"),
        ("not toml [", "is not valid TOML"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nletters = [{ letter = "Q", value = 10, count = 1 }]',
         "the Qu card is one card, written QU in a deck file (in a word, Q10m is that card played without its U)"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moon]\nletters = [{ letter = "A", value = 1, count = 1 }]',
         "unknown table [moon] — did you mean [moons]?"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[stars]\nletters = [{ letter = "A", value = 1, count = 1 }]',
         "unknown table [stars] — the tables are [familiars], [sigils], [cauldrons], [moons]"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\nnmae = "box"\n', "unknown key `nmae` — did you mean `name`?"),
        ('format = "referee/spellcrafter-deck"\nversion = 1\n[moons]\nletter = []', "[moons] unknown key `letter` — did you mean `letters`?"),
    ],
)
def test_a_bad_deck_file_is_refused_naming_the_problem(tmp_path, text, says):
    path = tmp_path / "deck.toml"
    path.write_text(text)
    with pytest.raises(InputError, match=None) as caught:
        load_deck(path)
    assert says in str(caught.value) and str(path) in str(caught.value)


def test_the_qu_card_of_a_filled_in_template_plays_with_or_without_its_u(referee, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rows = {"A": (1, 3), "T": (1, 2), "QU": (10, 1), "I": (1, 1)}
    text = template()
    for letter, (value, count) in rows.items():
        text = text.replace(f'{{ letter = "{letter}", value = 0, count = 0 }}', f'{{ letter = "{letter}", value = {value}, count = {count} }}')
    Path("q.toml").write_text(text)
    assert referee("spell", "new", "qg.toml", "A", "B", "C", "--deck", "q.toml").exit_code == 0
    played = referee("spell", "word", "qg.toml", "A", "Q10m", "A1m", "T1m")
    assert played.exit_code == 0, played.stderr
    assert referee("spell", "word", "qg.toml", "B", "QU10m", "I1m", "T1m").stdout.startswith("B: QUIT 24 points")


def test_a_folder_is_not_a_deck_file(referee, tmp_path):
    shown = referee("spell", "deck", str(tmp_path))
    assert shown.exit_code == 2 and f"{tmp_path} is a folder, not a deck file" in shown.stderr
    dot = referee("spell", "deck", ".")
    assert dot.exit_code == 2 and "is a folder" in dot.stderr
    assert "is a folder" in referee("spell", "deck", "--template", str(tmp_path)).stderr
    assert "is a folder" in referee("spell", "new", str(tmp_path / "g.toml"), "A", "B", "--deck", str(tmp_path)).stderr


# --- dealing ----------------------------------------------------------------------------


def test_the_deal_is_one_jumper_then_eight_cards_each_one_at_a_time():
    cards = shuffle(DECK.cards, "s")
    result = deal_spellcrafter(DECK, "s", 4)
    assert cards[0].is_letter and result.jumper == cards[0]
    assert result.hands[0] == tuple(cards[1:33:4]) and result.hands[3] == tuple(cards[4:33:4])
    assert result.stock == tuple(cards[33:])


def test_pinned_spellcrafter_deal_vector():
    """The stand-in deck dealt for seed "amber" never changes."""
    result = deal_spellcrafter(DECK, "amber", 4)
    assert str(result.jumper) == "R1f"
    assert [str(card) for card in result.hands[0]] == ["B3s", "G2c", "Y4c", "U1f", "O1m", "I1s", "K6s", "P3m"]


def test_two_players_remove_the_familiars_and_get_fourteen_cards_each():
    result = deal_spellcrafter(DECK, "s", 2)
    assert [len(hand) for hand in result.hands] == [14, 14]
    assert all(card.suit is not SpellSuit.FAMILIARS for hand in result.hands for card in hand)
    assert len(result.stock) == 105 - 1 - 28


def test_a_special_card_turned_up_as_jumper_goes_under_the_deck():
    seed = next(s for s in map(str, range(500)) if not shuffle(DECK.cards, s)[0].is_letter)
    cards = shuffle(DECK.cards, seed)
    first_letter = next(i for i, card in enumerate(cards) if card.is_letter)
    result = deal_spellcrafter(DECK, seed, 3)
    assert result.jumper == cards[first_letter]
    assert result.stock[-first_letter:] == tuple(cards[:first_letter])


def test_the_deck_continues_from_round_to_round():
    rounds = [deal_spellcrafter(DECK, "s", 4, n) for n in (1, 2, 3, 4)]
    assert rounds[1].jumper == rounds[0].stock[0] or not rounds[0].stock[0].is_letter
    dealt = Counter(card for r in rounds for card in (r.jumper, *(c for h in r.hands for c in h)))
    assert all(dealt[card] <= DECK.count(card) for card in dealt)  # 4 × 33 = 132 ≤ 140: no card twice
    assert rounds[3].reshuffles == 0


def test_when_the_deck_runs_out_the_discards_are_reshuffled_with_a_derived_seed():
    """5 players need 41 cards a round: round 4 runs out and reshuffles rounds 1–3's discards."""
    third, fourth = deal_spellcrafter(DECK, "s", 5, 3), deal_spellcrafter(DECK, "s", 5, 4)
    assert third.reshuffles == 0 and fourth.reshuffles == 1
    assert reshuffle_seed("s", 1) == "s/reshuffle-1"
    assert deal_spellcrafter(DECK, "s", 5, 4) == fourth  # reproducible
    assert len(fourth.stock) == 140 - 41  # the new deck is 123 discards, 24 of them drawn here


def test_deal_refuses_player_counts_and_rounds_out_of_range():
    with pytest.raises(InputError, match="2 to 5 players"):
        deal_spellcrafter(DECK, "s", 6)
    with pytest.raises(InputError, match="rounds 1 to 4"):
        deal_spellcrafter(DECK, "s", 4, 5)
    with pytest.raises(InputError, match="--deck, --round and --teams are for spellcrafter"):
        deal("smitten", "s", round_number=2)


def test_deal_command_deals_spellcrafter_with_the_standin_deck(referee):
    document = referee("deal", "spellcrafter", "--seed", "amber", "--json").json()
    assert document["jumper"] == "R1f" and [len(h) for h in document["hands"]] == [8] * 4
    assert document["deck"] == DECK.name and document["round"] == 1
    shown = referee("deal", "spellcrafter", "--seed", "amber", "--players", "2", "--round", "4")
    assert "Two players: the Familiars are removed" in shown.stdout
    assert "referee deal spellcrafter --players 2 --round 4 --seed amber" in shown.stdout


def test_deal_command_takes_a_deck_file(referee, tmp_path):
    path = tmp_path / "box.toml"
    path.write_text(template().replace('{ letter = "E", value = 0, count = 0 }', '{ letter = "E", value = 2, count = 32 }'))
    document = referee("deal", "spellcrafter", "--seed", "x", "--deck", str(path), "--json").json()
    assert document["jumper"] == "E2" + document["jumper"][-1]
    assert referee("deal", "smitten", "--deck", str(path)).exit_code == 2


def test_spell_deck_shows_the_standin_and_writes_a_template(referee, tmp_path):
    shown = referee("spell", "deck")
    assert shown.exit_code == 0 and "140 cards" in shown.stdout and "QU" in shown.stdout
    path = tmp_path / "mine.toml"
    assert referee("spell", "deck", "--template", str(path)).exit_code == 0
    assert path.read_text() == template()
    assert "already exists" in referee("spell", "deck", "--template", str(path)).stderr
    checked = referee("spell", "deck", str(path))
    assert "Note: familiars has 3 cards (3 special)" in checked.stdout
    assert referee("spell", "deck", "--template").stdout == template()
    assert referee("spell", "deck", "--json").json()["cards"] == 140


def test_a_missing_deck_file_is_a_value_and_each_command_says_how_to_write_one(referee, tmp_path):
    from referee.spellcrafter.deck import MissingDeckFile

    missing = tmp_path / "box.toml"
    with pytest.raises(MissingDeckFile) as refused:
        load_deck(missing)
    assert refused.value.path == missing and "--" not in str(refused.value)
    hint = f"no such deck file: {missing}; `referee spell deck --template {missing}` writes one to fill in"
    for args in (
        ("spell", "deck", str(missing)),
        ("spell", "score", "K6m", "I1m", "T1m", "--deck", str(missing)),
        ("spell", "new", str(tmp_path / "g.toml"), "Anna", "Bram", "--deck", str(missing)),
        ("deal", "spellcrafter", "--seed", "s", "--deck", str(missing)),
    ):
        result = referee(*args)
        assert result.exit_code == 2 and result.stderr == f"referee: {hint}\n", args
    assert not (tmp_path / "g.toml").exists()
