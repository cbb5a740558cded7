"""`spell best` against a brute force: every word of the dictionary, every way the hand's
cards could be laid on it, each scored by `score_word` (issue 15, point 3).

The brute force shares nothing with the search but the scorer and the judge: it goes
through the whole word list (no anagram index), tries every unused card on every letter
(no bounds, no pruning, no rule filtered out beforehand: `score_word` refuses what breaks
a rule) and every placement of every Toil. Hands stay small (up to 4 letter cards, the
Jumper and 2 special cards) so that it stays cheap; the comparison is exact: the same
words, in the same order, with the same scores.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import RuleError
from referee.lexicon.backend import Dictionary
from referee.lexicon.catalogue import open_dictionary
from referee.lexicon.shipped import builtin_entry, folder
from referee.lexicon.sortedfile import SortedWordFile
from referee.lexicon.verdict import judge
from referee.spellcrafter.anagrams import open_index
from referee.spellcrafter.best import Bounds, Selection, _toil_placements, best_line, layouts, best_words, candidate_words, ranking, word_bound
from referee.spellcrafter.cards import Special, SpellCard, SpellSuit
from referee.spellcrafter.notation import DoubleToken, LetterToken, ToilToken, Token, TroubleToken
from referee.spellcrafter.scoring import Score, Variants, score_word

pytestmark = pytest.mark.slow

TOP = 6
SUITS = list(SpellSuit)
COMMON = "eeeaaiioonrrsttldcumpgkqyz"  # letters weighted so that hands make words


@cache
def dictionary_words(name: str) -> tuple[dict[int, list[tuple[str, Counter[str]]]], Dictionary]:
    """Every word of a shipped dictionary, by length, with its letter counts."""
    by_length: dict[int, list[tuple[str, Counter[str]]]] = {}
    for file in builtin_entry(name)["files"]:
        for word in SortedWordFile(folder() / file):
            by_length.setdefault(len(word), []).append((word, Counter(word)))
    return by_length, open_dictionary(f"builtin:{name}")


def ways(word: str, hand: Selection):
    """Every token line (Toil included) that spells ``word`` with the hand's cards."""
    upper = word.upper()
    items: list[tuple[str | Special | None, SpellCard]] = [("card", card) for card in hand.cards if card.is_letter]
    items += [("jumper", hand.jumper)] if hand.jumper is not None else []
    items += [(card.special, card) for card in hand.cards if card.special in (Special.DOUBLE_DOUBLE, Special.TROUBLE)]
    toils = [card for card in hand.cards if card.special is Special.TOIL]

    def options(kind, card, at):
        rest = upper[at:]
        if kind in ("card", "jumper"):
            for written in ("QU", "Q") if card.letters == "QU" else (card.letters,):
                if rest.startswith(written):
                    yield LetterToken(written, card.value, card.suit, kind == "jumper"), len(written)
        elif kind is Special.DOUBLE_DOUBLE:
            for written in ("QU", rest[:1]) if rest.startswith("QU") else (rest[:1],):
                yield DoubleToken(card.suit, written), len(written)
        else:
            yield TroubleToken(card.suit, rest[:1]), 1

    def go(at: int, free: frozenset[int], line: tuple[Token, ...]) -> Iterator[tuple[Token, ...]]:
        if at == len(upper):
            yield line
            return
        for index in free:
            for token, width in options(*items[index], at):
                yield from go(at + width, free - {index}, (*line, token))

    for line in go(0, frozenset(range(len(items))), ()):
        for count in range(len(toils) + 1):
            for chosen in itertools.combinations(toils, count):
                for targets in itertools.permutations(range(1, len(line) + 1), count):
                    yield (*line, *(ToilToken(card.suit, target) for card, target in zip(chosen, targets, strict=True)))


def brute_force(hand: Selection, variants: Variants, name: str) -> list[tuple[str, int]]:
    by_length, dictionary = dictionary_words(name)
    own: Counter[str] = Counter()
    for card in hand.cards + ((hand.jumper,) if hand.jumper else ()):
        if card.is_letter:
            own.update(card.letters.lower())
    wild = sum(1 for card in hand.cards if card.special in (Special.DOUBLE_DOUBLE, Special.TROUBLE))
    items = sum(1 for card in hand.cards if card.special is not Special.TOIL) + (hand.jumper is not None)
    best: dict[str, Score] = {}
    for length, words in by_length.items():
        if length > 2 * items:
            continue
        for word, counts in words:
            if len(counts.keys() - own.keys()) > wild or sum((counts - own).values()) > wild:  # letters no card of the hand shows, beyond the wild cards
                continue
            for tokens in ways(word, hand):
                try:
                    scored = score_word(tokens, variants)
                except RuleError:
                    continue
                if scored.word not in best or ranking(scored) < ranking(best[scored.word]):
                    best[scored.word] = scored
    valid = [score for word, score in best.items() if judge(word.lower(), dictionary).valid]
    return [(score.word, score.score) for score in sorted(valid, key=ranking)[:TOP]]


def letter_card(letter: str, value: int, suit: SpellSuit) -> SpellCard:
    return SpellCard(suit, "QU" if letter == "q" else letter.upper(), value)


letter_cards = st.builds(letter_card, st.sampled_from(COMMON), st.integers(1, 10), st.sampled_from(SUITS))
special_cards = st.builds(lambda special, suit: SpellCard(suit, special=special), st.sampled_from(list(Special)), st.sampled_from(SUITS))


@st.composite
def hands(draw, specials: bool, letters: tuple[int, int] = (2, 4), most_specials: int = 2):
    cards = draw(st.lists(letter_cards, min_size=letters[0], max_size=letters[1]))
    if specials:
        cards += draw(st.lists(special_cards, min_size=1, max_size=most_specials))
    friendly, ddt = draw(st.booleans()), draw(st.booleans())
    jumper = draw(letter_cards) if friendly else draw(st.none() | letter_cards)
    return Selection(tuple(cards), jumper), Variants(friendly=friendly, ddt=ddt)


def compare(name: str, hand: Selection, variants: Variants) -> None:
    _, dictionary = dictionary_words(name)
    found = best_words(hand, variants, open_index(dictionary), lambda word: judge(word, dictionary).valid, TOP)
    assert [(score.word, score.score) for score in found] == brute_force(hand, variants, name)


@pytest.mark.parametrize("name", ["en", "nl"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=hands(specials=False))
def test_best_equals_a_brute_force_over_every_word_with_letter_cards_only(name, case):
    compare(name, *case)


@pytest.mark.parametrize("name", ["en", "nl"])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=hands(specials=True))
def test_best_equals_a_brute_force_over_every_word_with_special_cards_and_variants(name, case):
    compare(name, *case)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=hands(specials=True, letters=(6, 8), most_specials=1))
def test_best_equals_a_brute_force_on_hands_larger_than_a_selection(case):
    """The cards first dealt to a seat (`spell review`, for the curious) are more than the
    7 a word may use: the search keeps to 7 of them and the Jumper, as the scorer does."""
    compare("en", *case)


def test_best_equals_the_brute_force_on_a_hand_with_every_kind_of_card():
    hand = Selection((letter_card("q", 10, SpellSuit.SIGILS), letter_card("i", 1, SpellSuit.MOONS), letter_card("t", 1, SpellSuit.MOONS),
                 SpellCard(SpellSuit.MOONS, special=Special.DOUBLE_DOUBLE), SpellCard(SpellSuit.CAULDRONS, special=Special.TROUBLE),
                 SpellCard(SpellSuit.MOONS, special=Special.TOIL)), letter_card("e", 1, SpellSuit.MOONS))  # fmt: skip
    for variants in (Variants(), Variants(ddt=True), Variants(friendly=True)):
        compare("en", hand, variants)


@settings(max_examples=25, deadline=None)
@given(case=hands(specials=True))
def test_the_bound_a_word_is_skipped_by_is_never_below_its_score(case):
    """Branch and bound skips a word whose bound is below the K-th score: the bound must
    be at least the word's best score, or a word that belongs in the list is lost."""
    hand, variants = case
    _, dictionary = dictionary_words("en")
    bounds = Bounds(hand, variants)
    for word in sorted(candidate_words(hand, open_index(dictionary)))[:200]:
        scored = best_line(word, hand, variants)
        if scored is not None:
            assert word_bound(word, hand, variants) >= scored.score
        for line in layouts(word, hand, variants):
            best = max((score_word((*line, *placed), variants).score for placed in _toil_placements(line, bounds.toils)))
            assert bounds.layout(line) >= best


def test_a_toil_counts_in_the_bound():
    hand = Selection((letter_card("k", 6, SpellSuit.MOONS), letter_card("i", 1, SpellSuit.MOONS), letter_card("t", 1, SpellSuit.MOONS),
                 SpellCard(SpellSuit.MOONS, special=Special.TOIL)))  # fmt: skip
    kit = best_line("kit", hand, Variants())
    assert kit is not None and word_bound("kit", hand, Variants()) >= kit.score == 18


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=hands(specials=True))
def test_scanning_the_index_finds_what_looking_keys_up_finds(case, monkeypatch):
    """A hand with many wild cards scans the index instead of looking keys up; both ways
    give the same words (looking up is checked against the brute force above)."""
    hand, variants = case
    _, dictionary = dictionary_words("en")
    index = open_index(dictionary)
    looked_up = best_words(hand, variants, index, lambda word: True, TOP)
    monkeypatch.setattr("referee.spellcrafter.best.SCAN_ABOVE", -1)
    assert [(s.word, s.score) for s in best_words(hand, variants, index, lambda word: True, TOP)] == [(s.word, s.score) for s in looked_up]
    monkeypatch.undo()
