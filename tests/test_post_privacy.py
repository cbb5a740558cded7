"""No refusal tells a seat what it may not see (issue 34; SPEC §6.7: "a refusal to a seat
never depends on anything that seat may not see").

Non-interference over what a seat sends, as the pages' answers are checked over what it
is sent (tests/test_web_*.py): for random reachable states of every game, drafted or
not, seeded or fair, a state and its twin that differs only in what the seat may not see
(other hands, face-down piles, the dead pile, others' bids still to come, a fair game's
secret) give the seat the same verdict, in the same words, on every entry it might send:
its own choices, every other seat's, and entries built from every card of the deck
(another seat's cards among them). Smitten's is in tests/test_web_smitten.py.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.cards import Card, Suit, french_deck
from referee.decisions import seat_entry
from referee.errors import InputError, RefereeError
from referee.games import game
from test_decisions import play_out
from test_web_smoor import reachable, redealt
from test_web_spell import other_hands as spell_other_hands
from test_web_spell import reachable as spell_reachable
from test_web_spell_draft import others_changed

SMOOR, SPELL = game("smoor"), game("spell")


def judged(spec: Any, state: Any, seat: int, event: Mapping[str, Any]) -> str:
    """What the seat is told of ``event``, as the server tells it: 400 or 409 with the
    words of the refusal (one of its choices first, then the rules), or accepted."""
    rules, voice = spec.load_rules(), spec.load_voice()
    try:
        action = seat_entry(rules, seat, event)(state)
    except InputError as error:
        return f"400 {error}"
    except RefereeError as error:
        return f"409 {error}"
    refusal = rules.refusal(state, action)
    return "200" if refusal is None else f"409 {voice.refusal(state, refusal)}"


def listed(spec: Any, state: Any) -> Iterator[dict[str, Any]]:
    """Every seat's listed choices (a seat may send another's)."""
    rules = spec.load_rules()
    for seat in range(len(rules.seats(state))):
        for decision in rules.decisions(state, seat):
            yield from (dict(choice) for choice in decision.choices)


# --- Smoorverliefd ---------------------------------------------------------------------


def smoor_probes(state: Any, seat: int) -> list[dict[str, Any]]:
    """Every card of the deck played by each player, every bid, every suit cursed, and
    the choices listed for anyone."""
    names = state.setup.players
    probes = [{"kind": "play", "player": name, "card": str(card)} for name in names for card in french_deck()]
    probes += [{"kind": "bid", "bids": {names[seat]: bid}} for bid in range(15)]
    probes += [{"kind": "curse", "suit": suit.value} for suit in Suit]
    return probes + list(listed(SMOOR, state))


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text("abcxyz", min_size=1, max_size=5), st.integers(0, 10_000), st.integers(3, 5), st.integers(0, 60),
       st.sets(st.sampled_from(["cupido", "blinde-liefde", "troef"])))  # fmt: skip
def test_no_smoorverliefd_refusal_depends_on_another_hand_the_dead_pile_or_a_bid_to_come(seed, draw, players, steps, variants):
    from referee.smoorverliefd.setup import Setup

    setup = Setup.build(["Anna", "Bram", "Cees", "Daan", "Eva"][:players], seed=seed, target=40, variants=sorted(variants))
    rng = random.Random(draw)
    state = reachable(setup, rng, steps)
    for seat in range(players):
        twin = redealt(state, seat, rng)
        probes = smoor_probes(state, seat)
        assert [judged(SMOOR, state, seat, probe) for probe in probes] == [judged(SMOOR, twin, seat, probe) for probe in probes], seat


def test_the_smoorverliefd_check_can_fail():
    """The comparison sees a change of what the seat may see: with the seat's own hand
    dealt otherwise (a twin made for another seat), its verdicts differ."""
    from referee.smoorverliefd.setup import Setup

    state = reachable(Setup.build(["Anna", "Bram", "Cees", "Daan"], seed="kale"), random.Random(1), 0)
    seat = state.to_play
    assert seat is not None
    twin = redealt(state, (seat + 1) % 4, random.Random(2))  # the seat's own hand among the changed
    probes = smoor_probes(state, seat)
    assert [judged(SMOOR, state, seat, p) for p in probes] != [judged(SMOOR, twin, seat, p) for p in probes]


# --- Spellcrafter ----------------------------------------------------------------------


def spell_probes(state: Any, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Picks of every card of the deck, words of random cards of the deck (with the
    Jumper, and with the seat's own cards as far as it may see them), a pass, challenges,
    and the choices listed for anyone."""
    deck = state.setup.deck
    names, number = state.setup.players, state.current_number
    cards = [str(card) for card in deck.cards if card.is_letter] if deck is not None else ["K4m", "I1m", "T1m"]
    probes: list[dict[str, Any]] = [{"kind": "pick", "player": names[seat], "card": card} for card in sorted(set(cards))]
    for _ in range(12):
        word = rng.sample(cards, 3)
        probes.append({"kind": "word", "player": names[seat], "round": number, "cards": word})
    draft = SPELL.load_rules().view(state, seat).draft
    own = [str(card) for card in (draft.selected[seat] or ()) if card.is_letter] if draft is not None else []
    if len(own) >= 2:
        probes += [{"kind": "word", "player": names[seat], "round": number, "cards": [*own[:2], card]} for card in rng.sample(cards, 6)]
    probes += [{"kind": "pass", "player": names[seat], "round": number}]
    probes += [{"kind": "challenge", "challenger": names[seat], "player": name} for name in names]
    return probes + list(listed(SPELL, state))


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(2, 4), st.integers(0, 40))
def test_no_spellcrafter_refusal_depends_on_another_seats_draft(draw, players, steps):
    """A game drafted through the referee: the other seats' hands, discards, last cards
    and face-down piles changed leave every verdict on a seat's entries the same."""
    from referee.spellcrafter.setup import Setup

    rng = random.Random(draw)
    rules = SPELL.load_rules()
    state = play_out(rules, rules.start(Setup.build(("Anna", "Bram", "Cees", "Daan")[:players], seed=str(draw))), rng, steps, check=False)
    for seat in range(players):
        twin = others_changed(state, seat, rng)
        probes = spell_probes(state, seat, random.Random(draw))
        assert [judged(SPELL, state, seat, p) for p in probes] == [judged(SPELL, twin, seat, p) for p in probes], seat


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_spellcrafter_refusal_depends_on_the_hands_dealt_for_real_cards(data):
    """A game the referee dealt and the table drafted with real cards: the other hands
    dealt otherwise (consistently with the words on the table) leave every verdict the
    same: no word, pick or challenge a seat sends is judged against cards it may not see."""
    import referee.spellcrafter.game as game_module

    setup, actions = data.draw(spell_reachable())
    rules = SPELL.load_rules()
    state = rules.start(setup)
    for action in actions:
        state = rules.apply(state, action).state
    salt = data.draw(st.integers(0, 2**32))
    original = getattr(game_module, "dealt")
    for seat in range(setup.count):
        probes = spell_probes(state, seat, random.Random(salt))
        before = [judged(SPELL, state, seat, p) for p in probes]
        rng = random.Random(salt)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(game_module, "dealt", lambda *key: spell_other_hands(original(*key), seat, state, rng))
            assert [judged(SPELL, state, seat, p) for p in probes] == before, seat


# --- a fair game, before its deal ------------------------------------------------------------


@pytest.mark.parametrize("name", ["smoor", "spell", "smitten"])
def test_no_refusal_before_a_fair_deal_depends_on_the_secret(name):
    """While the words of entropy come in, another secret (the host's alone) changes no
    verdict on any word a seat sends, nor on any other entry."""
    from referee.fair.scheme import Fair, commitment, new_secret

    spec = game(name)
    rules: Any = spec.load_rules()
    count = 2 if name == "smitten" else 3
    worlds = []
    for _ in range(2):
        secret = new_secret()
        record = Fair(commitment(secret), secret, count)
        if name == "spell":
            from referee.spellcrafter.setup import Setup as SpellSetup

            setup = SpellSetup.build(("Anna", "Bram", "Cees"), fair=record)
        else:
            table = {"smoor": {"players": ["Anna", "Bram", "Cees"]}, "smitten": {"mode": "two", "players": ["Anna", "Bram"]}}[name]
            setup = dataclasses.replace(rules.read_setup(table), fair=record)
        worlds.append(rules.start(setup))
    names = rules.seats(worlds[0])
    probes = [{"kind": "entropy", "player": who, "word": word} for who in names for word in ("kiwi", "", "x" * 80)]
    probes += [{"kind": "pass", "player": names[0]}, {"kind": "play", "player": names[0], "card": "AS"}]
    for seat in range(count):
        verdicts = [[judged(spec, state, seat, probe) for probe in probes] for state in worlds]
        assert verdicts[0] == verdicts[1], seat
        assert verdicts[0][0 if seat == 0 else 3 * seat] == ("200" if seat == 0 else "409 entropy is not one of your choices now; look again")


def test_a_card_in_another_hand_and_a_card_nobody_holds_are_refused_alike():
    """The plain case the properties cover: a Smoorverliefd player tapping a card of
    another hand, or a dead card, is told the same thing."""
    from referee.smoorverliefd.setup import Setup

    rules: Any = SMOOR.load_rules()
    state = rules.start(Setup.build(["Anna", "Bram", "Cees"], seed="kale"))
    seat = state.to_play
    other = next(card for card in sorted(state.current.hands[(seat + 1) % 3], key=lambda c: c.sort_key))
    dead = state.current.dead[0]
    name = state.setup.players[seat]
    assert judged(SMOOR, state, seat, {"kind": "play", "player": name, "card": str(other)}) == judged(
        SMOOR, state, seat, {"kind": "play", "player": name, "card": str(dead)}) == "409 play is not one of your choices now; look again"  # fmt: skip
    assert isinstance(other, Card)
