"""Spellcrafter's bot: a drafter, the exact best word of its own cards, and a challenger.

It decides from its seat's view and decisions alone (:mod:`referee.bots`). What it may
see: the hand it picks from, the Jumper, every word once submitted, the table's agreed
rules (variants, dictionary, house rules: public, :class:`~referee.spellcrafter.view.SeatView`)
and, once the draft is complete (under the Friendly Rules all along), its own selected
cards. While the draft goes on its pile lies face down ("select one card to keep by
placing it in a pile face down"): the view does not show it, so the bot drafts from the
hand before it, not from a memory of its pile, unless the pile lies face up.

- **Draft** (``pick``): ``strong`` keeps the card that the best words of the hand before
  it (with the Jumper) use most, each word weighted by its score (the exact search of
  :mod:`referee.spellcrafter.best`): what a word needs (vowels, common letters, the
  Double, Double, Trouble, Toil cards that lengthen a word or make it a flush) rather
  than what is merely worth many points; with its pile in sight (Friendly Rules), the
  card that makes the best word of its pile and the Jumper best. It breaks ties by
  :func:`draft_worth`. ``easy`` keeps the card of the highest printed value (specials low).
  With two players each pick also discards: the card the bot wants least.
- **Word**: ``strong`` plays the exact best word of its 7 selected cards and the Jumper
  (:func:`referee.spellcrafter.best.best_words`) that the game's dictionary, with the
  house rules on top, accepts, judged by the very function a challenge uses
  (:func:`referee.lexicon.agreed.agreed_dictionary` and :func:`referee.lexicon.verdict.judge`):
  it never plays a word a challenge would throw out. ``easy`` plays one of the
  :data:`EASY_TOP` best at random. Either passes when its cards make no word.
- **Challenge**: a word of another seat that the dictionary refuses is challenged
  (``easy`` misses one in :data:`EASY_MISSES`); a word it accepts never is (the
  challenger would lose its value). When the bot has nothing else to decide and no word
  to challenge it answers :data:`WAIT`: it lets its challenges go.

A dictionary that cannot list its words (``hunspell:``, ``wordfreq:``) is searched
through the shipped list of its language (:func:`word_source`), every word still judged by
the game's own dictionary.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from referee.bots import WAIT, Policy
from referee.game import Decision
from referee.spellcrafter.cards import QU, Special, SpellCard
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.view import SeatView

if TYPE_CHECKING:
    from referee.lexicon.backend import Dictionary
    from referee.spellcrafter.best import Selection, WordSource
    from referee.spellcrafter.scoring import Score
    from referee.spellcrafter.setup import HouseRules

#: A policy's answer when it takes none of its decisions now: only optional ones are left
#: (challenges it does not make), so the bot lets them go.
#: How many of its best words the easy bot chooses from.
EASY_TOP = 3
#: The easy bot lets one in this many challengeable words pass unchallenged.
EASY_MISSES = 3
#: How many of the best words of the hand before it the strong drafter weighs.
DRAFT_WORDS = 12

#: How much a letter helps to make words, 0 to 3 (vowels and the common consonants most;
#: the same in English and Dutch, near enough), for ties and hands too small for a word.
_USEFUL = {**dict.fromkeys("AEIO", 3), **dict.fromkeys("NRSTLDU", 2), **dict.fromkeys("BCGHKMPWY", 1)}
_SPECIAL_WORTH = {Special.TROUBLE: 9, Special.DOUBLE_DOUBLE: 7, Special.TOIL: 5}


def draft_worth(card: SpellCard) -> float:
    """A card's worth to a drafter that knows nothing else: its value and how often its
    letter helps to make a word; the special cards by what they do."""
    if card.special is not None:
        return _SPECIAL_WORTH[card.special]
    return card.value + 2 * _USEFUL.get(card.letters[0], 0) - (2 if card.letters == QU else 0)


# --- the dictionary ---------------------------------------------------------------------


@lru_cache(maxsize=8)
def agreed(name: str, house: HouseRules | None) -> Dictionary:
    """The dictionary a challenge of the game is judged by (the same function)."""
    from referee.lexicon.agreed import agreed_dictionary

    return agreed_dictionary(name, house)


@lru_cache(maxsize=8)
def judged_valid(name: str, house: HouseRules | None) -> Callable[[str], bool]:
    """Whether the game's dictionary accepts a word, as a challenge judges it."""
    from referee.lexicon.verdict import judge

    dictionary = agreed(name, house)

    @lru_cache(maxsize=4096)
    def valid(word: str) -> bool:
        return judge(word, dictionary).valid

    return valid


@lru_cache(maxsize=8)
def word_source(name: str, house: HouseRules | None) -> tuple[WordSource, frozenset[str]]:
    """The anagram index the search draws its words from, and the words the house rules
    add: the dictionary's own list, or for one that cannot list its words the shipped list
    of its language (English when there is none)."""
    from referee.errors import InputError
    from referee.lexicon.catalogue import split_name
    from referee.spellcrafter.anagrams import base_of, open_index

    base, added = base_of(agreed(name, house))
    try:
        return open_index(base), added
    except InputError:
        kind, rest = split_name(name)
        language = rest.replace("-", "_").split("_")[0].split("@")[0].lower()
        shipped = "builtin:nl" if language == "nl" else "builtin:en"
        return open_index(agreed(shipped, None)), added


def best_of(hand: Selection, view: SeatView, top: int) -> list[Score]:
    """The ``top`` best words ``hand`` makes that the game's dictionary accepts, best first."""
    from referee.spellcrafter.best import best_words

    source, added = word_source(view.dictionary, view.house)
    return best_words(hand, view.variants, source, judged_valid(view.dictionary, view.house), top, added)


# --- the decisions ----------------------------------------------------------------------


def _of(decisions: Sequence[Decision], kind: str) -> Decision | None:
    return next((decision for decision in decisions if decision.kind == kind and (decision.choices or decision.form)), None)


def challenge_to_make(view: SeatView, decisions: Sequence[Decision], rng: random.Random, misses: int = 0) -> Mapping[str, object] | None:
    """The challenge to make: of a word the dictionary refuses (one in ``misses`` let go);
    None for none."""
    found = _of(decisions, "challenge")
    if found is None or not view.rounds:
        return None
    valid = judged_valid(view.dictionary, view.house)
    latest = view.rounds[-1]
    for choice in found.choices:
        player = choice.get("player")
        seat = view.players.index(player) if player in view.players else None
        entry = None if seat is None else latest.entries[seat]
        if not isinstance(entry, Play) or valid(entry.score.word):
            continue
        if misses and rng.randrange(misses) == 0:
            continue
        return choice
    return None


def word_to_play(view: SeatView, decisions: Sequence[Decision], rng: random.Random, top: int = 1) -> Mapping[str, object] | None:
    """The word to play (one of the ``top`` best, at random), or the pass when the cards
    make none; None when neither is to decide."""
    from referee.spellcrafter.best import Selection

    form = _of(decisions, "word")
    passing = _of(decisions, "pass")
    draft = view.draft
    own = None if draft is None or view.seat is None else draft.selected[view.seat]
    if form is not None and form.form is not None and own is not None and form.form.constraint("from") is not None:
        found = best_of(Selection(tuple(own), view.jumper), view, top)
        if found:
            chosen = rng.choice(found)
            return {**form.form.event, form.form.field: [str(token) for token in chosen.tokens]}
    if passing is not None:
        return passing.choices[0]
    return None


def _hand_words(hand: Sequence[SpellCard], view: SeatView) -> list[Score]:
    from referee.spellcrafter.best import Selection

    return best_of(Selection(tuple(hand), view.jumper), view, DRAFT_WORDS)


def _uses(score: Score) -> list[SpellCard]:
    """The cards a word is made of (the Jumper aside)."""
    from referee.spellcrafter.notation import is_jumper

    return [token.card for token in score.tokens if not is_jumper(token)]


def wanted(view: SeatView) -> dict[SpellCard, float]:
    """How much the strong drafter wants each card of the hand before it (higher: more)."""
    from referee.spellcrafter.best import Selection

    draft = view.draft
    assert draft is not None
    hand = draft.hand
    want = {card: draft_worth(card) / 100 for card in hand}
    own = None if view.seat is None else draft.selected[view.seat]
    if own is not None and own:  # its pile lies face up: the best word of the pile with each card
        for card in dict.fromkeys(hand):
            found = best_of(Selection((*own, card), view.jumper), view, 1)
            want[card] += found[0].score if found else 0
        return want
    for score in _hand_words(hand, view):
        for card in dict.fromkeys(_uses(score)):
            if card in want:
                want[card] += score.score
    return want


def pick_to_make(view: SeatView, decisions: Sequence[Decision], rng: random.Random, strong: bool) -> Mapping[str, object] | None:
    """The pick: the card wanted most kept (with two players the one wanted least discarded)."""
    found = _of(decisions, "pick")
    if found is None or view.draft is None:
        return None
    want = wanted(view) if strong else {card: card.value + (0.5 if card.is_letter else 0) for card in view.draft.hand}
    noise = {card: rng.random() / 1000 for card in want}  # ties broken at random

    def rank(choice: Mapping[str, object]) -> float:
        kept, dropped = _card(want, choice.get("card")), _card(want, choice.get("discard"))
        return (want.get(kept, 0) + noise.get(kept, 0) if kept else 0) - (want.get(dropped, 0) + noise.get(dropped, 0) if dropped else 0) / 10

    return max(found.choices, key=rank)


def _card(want: Mapping[SpellCard, float], code: object) -> SpellCard | None:
    if code is None:
        return None
    return next((card for card in want if str(card) == str(code)), None)


def _decide(view: SeatView, decisions: tuple[Decision, ...], rng: random.Random, strong: bool) -> Mapping[str, object]:
    made = challenge_to_make(view, decisions, rng, 0 if strong else EASY_MISSES)
    if made is None:
        made = word_to_play(view, decisions, rng, 1 if strong else EASY_TOP)
    if made is None and opens_round(view, decisions):
        return WAIT  # the last round's words may still be challenged by people: they start the next draft
    if made is None:
        made = pick_to_make(view, decisions, rng, strong)
    return WAIT if made is None else made


def opens_round(view: SeatView, decisions: Sequence[Decision]) -> bool:
    """Whether a pick now would be the round's first while the last round's words may
    still be challenged: the first pick closes every challenge of them."""
    draft = view.draft
    return _of(decisions, "challenge") is not None and draft is not None and not any(draft.counts) and not any(draft.picked)


def strong(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The strong bot (see the module's docstring)."""
    assert isinstance(view, SeatView)
    return _decide(view, decisions, rng, True)


def easy(view: object, decisions: tuple[Decision, ...], rng: random.Random) -> Mapping[str, object]:
    """The easy bot (see the module's docstring)."""
    assert isinstance(view, SeatView)
    return _decide(view, decisions, rng, False)


def policy(level: str) -> Policy:
    """The policy of ``level`` (:data:`referee.bots.LEVELS`)."""
    return {"easy": easy, "strong": strong}[level]
