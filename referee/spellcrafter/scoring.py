"""Scoring a Spellcrafter word (rulebook "Scoring" and "Special Cards", SPEC §5.1).

"Each letter has a point value on the top right of the card. Simply add up the value of
each letter to determine the value of the word." Then:

- Flush: "Double the word value when all letters are the same suit."
- Straight: "Double the word value when the word is 5 letters or longer."
- Both: "Triple the word value for Flush Straights!"
- Double-Double, Toil & Trouble variant: "Playing three different special cards in one
  word is worth 10 bonus points! This bonus is added after the Flush or Straight
  multiplier."
- "When a player plays a single word worth 50 or more points, that player immediately
  wins the game."

Letters are the letter cards, the Jumper, Double, Double and Trouble; the Qu card is one
letter however it is written; Toil is not a letter.

Rulings where the rulebook is silent:

- Double, Double copies a letter *shown by a letter card or the Jumper* anywhere in the
  word (before or after it): special cards show an icon, not a letter, so it cannot copy
  Trouble or another Double, Double. If several cards show the letter it copies the one
  of highest value. It copies the printed value, never Toil's +1 ("Does not copy the
  effects of Toil"). It may copy the Qu card (``DDm:QU`` or ``DDm:Q``), not the U on it.
- Toil on the Jumper under the friendly rules gives the Jumper Toil's suit, so it then
  counts for the flush like any card ("Toil changes the suit of any one of your letters
  to match this card"); without Toil the friendly Jumper has no suit.
- A word holds at most one Jumper: there is one on the table.
- A word uses at most :data:`SELECTED_CARDS` cards of the player's own, special cards and
  Toil included: "Repeat this process until you have a pile of 7 selected cards. Instead
  of passing the last card, place it face down ... this face down card may be used to
  represent the Jumper card." The 8th card of a word can only be the Jumper; the
  face-down card is no letter of its own. Two players end the draft the same way: 14
  cards, each pick also discards one, so 7 are selected and the last card is the
  face-down one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from referee.errors import Refused
from referee.game import JsonObject, Refusal, refuse
from referee.spellcrafter.cards import Special, SpellSuit
from referee.spellcrafter.notation import (
    DoubleToken,
    LetterLike,
    LetterToken,
    ToilToken,
    Token,
    TroubleToken,
    is_jumper,
    letters_of,
    spelled,
)
from referee.spellcrafter.refusals import FORMAT, Rule

MIN_LETTERS = 3
SELECTED_CARDS = 7  # "Repeat this process until you have a pile of 7 selected cards."
STRAIGHT_LETTERS = 5
INSTANT_WIN = 50
DDT_BONUS = 10


@dataclass(frozen=True)
class Variants:
    """The table's rules: ``friendly`` (Friendly Rules), ``ddt`` (Double-Double, Toil &
    Trouble)."""

    friendly: bool = False
    ddt: bool = False

    def names(self) -> list[str]:
        return [name for name, on in (("friendly", self.friendly), ("ddt", self.ddt)) if on]


@dataclass(frozen=True)
class ScoredLetter:
    """One letter of the word as it scores: its suit (after Toil; None for the friendly
    Jumper), the printed value it counts (a copied one for Double, Double, 0 for
    Trouble), and Toil's +1."""

    position: int
    token: LetterLike
    suit: SpellSuit | None
    printed: int
    toil: ToilToken | None = None
    copies: int | None = None  # Double, Double: the position of the card it copies

    @property
    def value(self) -> int:
        return self.printed + (1 if self.toil is not None else 0)

    @property
    def kind(self) -> str:
        if isinstance(self.token, LetterToken):
            return "jumper" if self.token.jumper else "letter"
        return self.token.special.value

    def to_json(self) -> JsonObject:
        return {
            "position": self.position,
            "letter": self.token.written,
            "card": str(self.token),
            "kind": self.kind,
            "suit": None if self.suit is None else self.suit.label,
            "value": self.value,
            "toil": self.toil is not None,
            "copies": self.copies,
        }


@dataclass(frozen=True)
class Score:
    """A word's score and everything a player needs to check it against the cards."""

    tokens: tuple[Token, ...]
    letters: tuple[ScoredLetter, ...]
    variants: Variants
    flush: bool
    straight: bool
    bonus: int

    @property
    def word(self) -> str:
        return spelled(self.tokens)

    @property
    def length(self) -> int:
        return len(self.letters)

    @cached_property
    def base(self) -> int:  # a value, worked out once: a replay asks for it at every entry
        return sum(letter.value for letter in self.letters)

    @property
    def multiplier(self) -> int:
        """×2 for a flush, ×2 for a straight, ×3 for both (not ×4)."""
        if self.flush and self.straight:
            return 3
        return 2 if self.flush or self.straight else 1

    @cached_property
    def score(self) -> int:
        return self.base * self.multiplier + self.bonus

    @property
    def instant_win(self) -> bool:
        return self.score >= INSTANT_WIN

    @property
    def flush_suit(self) -> SpellSuit | None:
        suits = {letter.suit for letter in self.letters if letter.suit is not None}
        return next(iter(suits)) if self.flush else None

    def to_json(self) -> dict[str, object]:
        return {
            "word": self.word,
            "letters": [letter.to_json() for letter in self.letters],
            "length": self.length,
            "base": self.base,
            "multiplier": self.multiplier,
            "bonus": self.bonus,
            "score": self.score,
            "flush": self.flush,
            "straight": self.straight,
            "instant_win": self.instant_win,
            "tokens": [str(token) for token in self.tokens],
            "variants": self.variants.names(),
        }


def score_word(tokens: Sequence[Token], variants: Variants = Variants()) -> Score:
    """Score a word read by :func:`referee.spellcrafter.notation.parse_word`.

    A word that breaks a rule (:func:`word_refusal`) raises
    :class:`~referee.errors.Refused` (exit 1) with the rule.
    """
    tokens = tuple(tokens)
    refusal = word_refusal(tokens, variants)
    if refusal is not None:
        raise Refused(refusal, FORMAT, None)
    return scored_word(tokens, variants)


def scored_word(tokens: tuple[Token, ...], variants: Variants) -> Score:
    """:func:`score_word` of a word :func:`word_refusal` has just let through (a game's
    entry, judged by the game's refusal before it is applied): not judged twice."""
    letters = letters_of(tokens)
    toils = {toil.target: toil for toil in tokens if isinstance(toil, ToilToken)}
    shown = shown_letters(letters)
    scored = []
    for position, token in enumerate(letters, start=1):
        toil = toils.get(position)
        copies = shown[token.letter] if isinstance(token, DoubleToken) else None
        printed = letter_value(token, letters, copies)
        suit = letter_suit(token, toil, variants)
        scored.append(ScoredLetter(position=position, token=token, suit=suit, printed=printed, toil=toil, copies=copies))
    result = tuple(scored)
    return Score(tokens=tokens, letters=result, variants=variants, flush=is_flush(result),
                 straight=len(result) >= STRAIGHT_LETTERS, bonus=bonus(tokens, variants))  # fmt: skip


def word_refusal(tokens: Sequence[Token], variants: Variants = Variants()) -> Refusal | None:
    """The first rule of a word's cards that ``tokens`` break, or None: the one
    definition of a well-made word, whatever the game.

    - "A word is made of the cards a player holds": at most the 7 selected cards
      (special cards among them) and the Jumper, which the face-down 8th card can only
      stand for (:data:`Rule.TOO_MANY_CARDS`);
    - "These words must be at least 3 letters long"; the Qu card counts as one letter
      (:data:`Rule.TOO_SHORT`);
    - one Jumper lies on the table, so a word holds at most one; under the friendly rules
      "Using the Jumper card in your word is now mandatory";
    - "A Toil may only be applied to each letter card only once and has no effect on
      Trouble or Double, Double": Toil goes on a letter card or the Jumper, once each;
    - "Double, Double copies a letter (and its value) of any letter already in your
      word": a letter shown by a letter card or the Jumper (:func:`shown_letters`).
    """
    own = sum(1 for token in tokens if not is_jumper(token))
    if own > SELECTED_CARDS:
        return refuse(Rule.TOO_MANY_CARDS, cards=own, jumper=own < len(tokens))
    letters = letters_of(tokens)
    if len(letters) < MIN_LETTERS:
        return refuse(Rule.TOO_SHORT, word="".join(token.written for token in letters), letters=len(letters))
    jumpers = sum(1 for token in letters if is_jumper(token))
    if jumpers > 1:
        return refuse(Rule.JUMPER_TWICE, jumpers=jumpers)
    if variants.friendly and not jumpers:
        return refuse(Rule.JUMPER_MANDATORY)
    toiled: dict[int, ToilToken] = {}
    for toil in (token for token in tokens if isinstance(token, ToilToken)):
        target = letters[toil.target - 1]
        if not isinstance(target, LetterToken):
            return refuse(Rule.TOIL_ON_SPECIAL, toil=toil, target=target)
        if toil.target in toiled:
            return refuse(Rule.TOIL_TWICE, first=toiled[toil.target], toil=toil)
        toiled[toil.target] = toil
    shown = shown_letters(letters)
    for double in (token for token in letters if isinstance(token, DoubleToken)):
        if double.letter not in shown:
            return refuse(Rule.DOUBLE_COPIES_NOTHING, double=double)
    return None


def shown_letters(letters: Sequence[LetterLike]) -> dict[str, int]:
    """For each letter shown by a letter card or the Jumper, the position of the card
    Double, Double copies: the highest-valued one (the first of equal ones)."""
    best: dict[str, tuple[int, int]] = {}  # letter -> (value, position)
    for position, token in enumerate(letters, start=1):
        if isinstance(token, LetterToken) and (token.letter not in best or token.value > best[token.letter][0]):
            best[token.letter] = (token.value, position)
    return {letter: position for letter, (_value, position) in best.items()}


def letter_value(token: LetterLike, letters: Sequence[LetterLike], copies: int | None) -> int:
    """The printed value a letter counts: its own, the copied card's, or 0 for Trouble
    ("Trouble is not worth any points")."""
    if isinstance(token, LetterToken):
        return token.value
    if isinstance(token, TroubleToken):
        return 0
    assert copies is not None
    copied = letters[copies - 1]
    assert isinstance(copied, LetterToken)
    return copied.value


def letter_suit(token: LetterLike, toil: ToilToken | None, variants: Variants) -> SpellSuit | None:
    """Toil "changes the suit of any one of your letters to match this card"; Double,
    Double and Trouble have their own suit ("The suit of the duplicated letter matches
    this card"); the friendly Jumper has none."""
    if toil is not None:
        return toil.suit
    if variants.friendly and is_jumper(token):
        return None
    return token.suit


def is_flush(letters: Sequence[ScoredLetter]) -> bool:
    """"Double the word value when all letters are the same suit"; the friendly Jumper,
    having no suit, is left out ("only look at the cards played")."""
    return len({letter.suit for letter in letters if letter.suit is not None}) == 1


def bonus(tokens: Sequence[Token], variants: Variants) -> int:
    """Double-Double, Toil & Trouble: all three special cards in the word → +10."""
    kinds = {token.special for token in tokens if not isinstance(token, LetterToken)}
    return DDT_BONUS if variants.ddt and kinds == set(Special) else 0
