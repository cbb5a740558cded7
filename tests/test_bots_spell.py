"""Spellcrafter's bot (:mod:`referee.bots.spellcrafter`): every decision it returns is one
its seat may take (:func:`referee.decisions.decision_of`), it decides from nothing its
seat may not see (other seats' hands and piles, its own face-down pile, the deck), its
word is the exact best one of its cards (a brute force over small hands agrees) and is
always accepted by the game's dictionary, and it challenges exactly the words the
dictionary refuses."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.bots import WAIT
from referee.bots.spellcrafter import easy, judged_valid, policy, strong, word_to_play
from referee.decisions import decision_of, seat_entry
from referee.spellcrafter.best import Selection
from referee.spellcrafter.box import GAME
from referee.spellcrafter.cards import QU, SpellCard
from referee.spellcrafter.deck import standin_deck
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import LetterToken
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.scoring import Variants, score_word
from referee.spellcrafter.setup import Setup
from referee.spellcrafter.view import SeatView

NAMES = ("Anna", "Bram", "Cees", "Dirk", "Eva")
POLICIES = {"easy": easy, "strong": strong}


def started(seed: str, players: int, variants: tuple[str, ...] = ()) -> Game:
    return RULES.start(Setup.build(NAMES[:players], seed=seed, variants=variants))


def answer(game: Game, seat: int, level: str, rng_seed: int = 7) -> Any:
    """The bot's event for ``seat`` now, checked to be one of its decisions."""
    decisions = RULES.decisions(game, seat)
    event = POLICIES[level](RULES.view(game, seat), decisions, random.Random(rng_seed))
    if event != WAIT:
        decision_of(RULES, game, seat, event)
    return event


def entered(game: Game, seat: int, event: Any) -> Game:
    return RULES.apply(game, seat_entry(RULES, seat, event, GAME.complete)(game)).state


def picked_until(game: Game, picks: int, rng: random.Random) -> Game:
    """``picks`` rounds of random picks by every seat (the draft goes on)."""
    for _ in range(picks):
        for seat in range(game.setup.count):
            choices = [c for d in RULES.decisions(game, seat) if d.kind == "pick" for c in d.choices]
            if choices:
                game = entered(game, seat, rng.choice(choices))
    return game


def played(levels: tuple[str, ...], seed: str, variants: tuple[str, ...] = (), rounds: int = 4) -> Game:
    """A game every seat of which a bot plays, each event checked by ``decision_of``."""
    game = started(seed, len(levels), variants)
    rng = random.Random(seed)
    while game.outcome is None and game.current_number <= rounds:
        for seat, level in enumerate(levels):
            if not RULES.decisions(game, seat):
                continue
            event = POLICIES[level](RULES.view(game, seat), RULES.decisions(game, seat), rng)
            if event == WAIT:
                continue
            decision_of(RULES, game, seat, event)
            game = entered(game, seat, event)
            break
        else:
            break
        if game.current_number > rounds or (game.latest.complete and game.current_number == rounds):
            break
    return game


def test_the_box_names_both_levels_of_the_spellcrafter_bot() -> None:
    assert GAME.bots is not None
    assert GAME.bots("easy") is easy and GAME.bots("strong") is strong and policy("strong") is strong


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from(["kale", "leek", "pear", "plum", "fig"]), players=st.integers(2, 4), level=st.sampled_from(["easy", "strong"]),
       friendly=st.booleans())  # fmt: skip
def test_every_spellcrafter_bot_decision_is_accepted_by_decision_of(seed: str, players: int, level: str, friendly: bool) -> None:
    levels = tuple(level if seat % 2 == 0 else "strong" for seat in range(players))
    game = played(levels, seed, ("friendly",) if friendly else (), rounds=1)
    assert game.latest.complete or game.current_number > 1
    for seat in range(players):  # every word standing is one the dictionary accepts
        entry = game.rounds[0].entries[seat]
        if isinstance(entry, Play):
            assert judged_valid(game.setup.dictionary, game.setup.house)(entry.score.word)


def _other_cards(rng: random.Random, count: int) -> tuple[SpellCard, ...]:
    deck = standin_deck().cards
    return tuple(rng.choice(deck) for _ in range(count))


def hidden_changed(game: Game, seat: int, rng: random.Random) -> Game:
    """``game`` with everything ``seat`` may not see dealt anew: the other seats' hands,
    every face-down pile (its own too, while the draft goes on), the discards and the last
    cards of the other seats. (The deck is in no view: only the seed deals it, and the
    view holds no seed.)"""
    draft = game.draft_of(game.current_number)
    assert draft is not None
    face_up = game.setup.variants.friendly
    def mixed(values: tuple[Any, ...], hide: Any) -> tuple[Any, ...]:
        return tuple(hide(s, value) for s, value in enumerate(values))
    hands = mixed(draft.hands, lambda s, hand: hand if s == seat else _other_cards(rng, len(hand)))
    selected = mixed(draft.selected, lambda s, pile: pile if face_up or (s == seat and draft.complete) else _other_cards(rng, len(pile)))
    discarded = mixed(draft.discarded, lambda s, pile: pile if s == seat and draft.complete else _other_cards(rng, len(pile)))
    last = mixed(draft.last, lambda s, card: card if card is None or (s == seat and draft.complete) else _other_cards(rng, 1)[0])
    changed = replace(draft, hands=hands, selected=selected, discarded=discarded, last=last)
    rounds = (*game.rounds[:-1], replace(game.latest, draft=changed))
    return replace(game, rounds=rounds)


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from(["kale", "leek", "pear", "plum"]), players=st.integers(2, 4), picks=st.integers(0, 7),
       level=st.sampled_from(["easy", "strong"]), friendly=st.booleans(), draw=st.randoms(use_true_random=False))  # fmt: skip
def test_changing_what_a_spellcrafter_bot_may_not_see_never_changes_its_decision(seed, players, picks, level, friendly, draw) -> None:
    game = picked_until(started(seed, players, ("friendly",) if friendly else ()), picks, draw)
    seat = draw.randrange(players)
    if not RULES.decisions(game, seat):
        return
    before = answer(game, seat, level)
    other = hidden_changed(game, seat, draw)
    assert RULES.decisions(other, seat) == RULES.decisions(game, seat)
    assert answer(other, seat, level) == before


# --- the best word ---------------------------------------------------------------------------


def brute_best(hand: Selection, variants: Variants, valid: Any) -> int:
    """The highest score of any word the letter cards and the Jumper spell in any order
    (every card used once at most, the Jumper too), that ``valid`` accepts: 0 for none."""
    items = [LetterToken(card.letters, card.value, card.suit) for card in hand.cards]
    if hand.jumper is not None:
        items.append(LetterToken(hand.jumper.letters, hand.jumper.value, hand.jumper.suit, jumper=True))
    best = 0
    for length in range(3, len(items) + 1):
        for line in itertools.permutations(items, length):
            if variants.friendly and not any(token.jumper for token in line):  # the Jumper is mandatory
                continue
            spelled = "".join(token.written for token in line).lower()
            if valid(spelled):
                best = max(best, score_word(line, variants).score)
    return best


letter_cards = [card for card in standin_deck().cards if card.is_letter and card.letters != QU]


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.sampled_from(letter_cards), min_size=2, max_size=5), jumper=st.none() | st.sampled_from(letter_cards),
       friendly=st.booleans())  # fmt: skip
def test_the_bots_word_is_the_exact_best_of_a_brute_force_and_in_the_dictionary(cards, jumper, friendly) -> None:
    from referee.bots.spellcrafter import best_of

    variants = Variants(friendly=friendly)
    view = SeatView(seat=0, players=NAMES[:2], totals=(0, 0), rounds=(), round=1, waiting=(0, 1), jumper=jumper, hand_size=0,
                    variants=variants)  # fmt: skip
    valid = judged_valid(view.dictionary, view.house)
    hand = Selection(tuple(cards), jumper)
    found = best_of(hand, view, 1)
    assert (found[0].score if found else 0) == brute_best(hand, variants, valid)
    for score in found:
        assert valid(score.word)


@pytest.mark.slow  # the word search opens the dictionary's anagram index, built afresh in each test's cache
def test_a_bot_with_no_word_in_its_cards_passes() -> None:
    game = started("kale", 3)
    rng = random.Random(1)
    while not game.draft_of(1).complete:  # type: ignore[union-attr]
        game = picked_until(game, 1, rng)
    draft = game.draft_of(1)
    assert draft is not None
    consonants = tuple(card for card in standin_deck().cards if card.is_letter and card.letters in "XZJ")[:7]
    game = replace(game, rounds=(replace(game.latest, draft=replace(draft, selected=(consonants, *draft.selected[1:]))),))
    view = replace(RULES.view(game, 0), jumper=consonants[0])
    event = word_to_play(view, RULES.decisions(game, 0), random.Random(1))
    assert event is not None and event["kind"] == "pass" and event["player"] == "Anna"
    assert decision_of(RULES, game, 0, event).kind == "pass"


def _with_words(seed: str = "kale") -> tuple[Game, list[str]]:
    """A three-seat game whose first round is drafted: Anna plays a word the dictionary
    refuses, Bram one it accepts (both from their own cards)."""
    game = started(seed, 3)
    rng = random.Random(3)
    while not game.draft_of(1).complete:  # type: ignore[union-attr]
        game = picked_until(game, 1, rng)
    valid = judged_valid(game.setup.dictionary, game.setup.house)
    draft = game.draft_of(1)
    assert draft is not None
    letters = [card for card in draft.selected[0] if card.is_letter]
    nonsense = next(line for line in itertools.permutations(letters, 3) if not valid("".join(card.letters for card in line).lower()))
    game = entered(game, 0, {"kind": "word", "player": "Anna", "round": 1, "cards": [str(card) for card in nonsense]})
    bram = word_to_play(RULES.view(game, 1), RULES.decisions(game, 1), random.Random(1))
    assert bram is not None and bram["kind"] == "word"
    game = entered(game, 1, bram)
    return game, ["".join(card.letters for card in nonsense).lower(), game.latest.entries[1].score.word]  # type: ignore[union-attr]


def _all_in(game: Game) -> Game:
    """``game`` with Cees's word entered too: the round's words are all in, and shown
    (a word is challenged only then, SPEC §6.6)."""
    return entered(game, 2, word_to_play(RULES.view(game, 2), RULES.decisions(game, 2), random.Random(1)))


@pytest.mark.slow  # the word search opens the dictionary's anagram index, built afresh in each test's cache
def test_the_strong_bot_challenges_a_word_the_dictionary_refuses_and_never_one_it_accepts() -> None:
    game, (refused, accepted) = _with_words()
    assert "challenge" not in [decision.kind for decision in RULES.decisions(game, 2)]  # Cees's word not in: nothing shown yet
    game = _all_in(game)
    event = answer(game, 2, "strong")
    assert event == {"kind": "challenge", "challenger": "Cees", "player": "Anna"}
    game = entered(game, 2, event)
    assert game.latest.entries[0].fallen  # type: ignore[union-attr]
    assert answer(game, 2, "strong") == WAIT  # Bram's good word is never challenged, and people may still challenge it


@pytest.mark.slow  # the word search opens the dictionary's anagram index, built afresh in each test's cache
def test_a_bot_with_only_challenges_it_does_not_make_waits() -> None:
    """With the round's words shown, a bot that lets the challenges go leaves the next
    round's first pick to people (it closes every challenge)."""
    game = entered(_all_in(_with_words()[0]), 2, {"kind": "challenge", "challenger": "Cees", "player": "Anna"})
    assert sorted({decision.kind for decision in RULES.decisions(game, 2)}) == ["challenge", "pick"]
    assert answer(game, 2, "strong") == WAIT


@pytest.mark.slow  # the word search opens the dictionary's anagram index, built afresh in each test's cache
def test_the_easy_bot_sometimes_lets_a_refused_word_pass() -> None:
    game = _all_in(_with_words()[0])
    answers = [easy(RULES.view(game, 2), RULES.decisions(game, 2), random.Random(seed)) for seed in range(30)]
    assert {"kind": "challenge", "challenger": "Cees", "player": "Anna"} in answers and WAIT in answers


def test_the_bots_word_comes_from_the_games_own_word_list_and_scores_best(tmp_path) -> None:
    """A game whose dictionary is a word list of its own: the bot plays the best word of
    its cards that the list holds (here a four-letter flush, 18, beats a five-letter
    straight of mixed suits, 10), and never one the list lacks."""
    from referee.bots.spellcrafter import best_of
    from referee.spellcrafter.best import read_card

    words = tmp_path / "words.txt"
    words.write_text("kit\nkits\ntilts\nstilt\nlist\nzzz\n", encoding="utf-8")
    cards = tuple(read_card(code) for code in ("K6m", "I1m", "T1m", "S1m", "L1f", "T1f"))
    view = SeatView(seat=0, players=NAMES[:2], totals=(0, 0), rounds=(), round=1, waiting=(0, 1), jumper=None, hand_size=0,
                    dictionary=f"file:{words}")  # fmt: skip
    found = best_of(Selection(cards, None), view, 3)
    assert [score.word for score in found][0] == "KITS"
    assert {score.word.lower() for score in found} <= {"kit", "kits", "tilts", "stilt", "list"}
    assert judged_valid(view.dictionary, None)("kits") and not judged_valid(view.dictionary, None)("skit")


def test_a_bot_leaves_the_first_pick_of_a_round_to_people_while_the_last_round_s_words_may_be_challenged():
    """The first pick of a round closes every challenge of the last round's words: a
    Spellcrafter bot that lets its own challenges go waits for a person to start the
    next draft (the runner then asks the next seat); with no person to wait for, the
    bots pick (a decision taken together is asked alone)."""
    from referee.bots.spellcrafter import opens_round
    from referee.game import Decision
    from referee.spellcrafter.view import DraftView

    draft = DraftView(round=2, direction="left", discarding=False, picked=(False, False), done=(False, False), counts=(0, 0), pick=1,
                      hand=(), must_discard=False, selected=((), ()), discarded=(), last=None, complete=False)  # fmt: skip

    class View:
        pass

    view = View()
    view.draft = draft  # type: ignore[attr-defined]
    challenge_to_make = Decision("challenge", 0, choices=({"kind": "challenge", "player": "Bram"},))
    pick_to_make = Decision("pick", 0, choices=({"kind": "pick"},), together=True)
    assert opens_round(view, (challenge_to_make, pick_to_make))  # type: ignore[arg-type]
    assert not opens_round(view, (pick_to_make,))  # type: ignore[arg-type]
    view.draft = draft._replace(counts=(1, 0)) if hasattr(draft, "_replace") else DraftView(**{**draft.__dict__, "counts": (1, 0)})  # type: ignore[attr-defined]
    assert not opens_round(view, (challenge_to_make, pick_to_make))  # type: ignore[arg-type]
