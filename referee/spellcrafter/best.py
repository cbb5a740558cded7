"""The best words a hand of Spellcrafter cards could make (`referee spell best`).

A hand is a player's selected cards (at most :data:`~referee.spellcrafter.scoring.SELECTED_CARDS`,
letter and special cards) and the round's Jumper. The search is exhaustive, in three steps:

1. **Which words could fit.** Every multiset of letters the hand can spell is a *key*
   (the letters sorted): each letter card in or out, the Qu card as ``q`` or ``qu``, the
   Jumper in or out, each Double, Double as any letter a letter card or the Jumper shows
   (``qu`` for the Qu card), each Trouble as any letter a–z. Each key is looked up in an
   anagram index of the dictionary (:mod:`referee.spellcrafter.anagrams`): the words with
   exactly those letters. The keys over-approximate what the hand can do (a Double,
   Double may copy a letter the word then does not show); step 2 is exact. A hand with
   so many wild cards that it would have more than :data:`SCAN_ABOVE` keys (three
   Troubles) scans the whole index instead, with a check that only throws out words
   the hand cannot cover.
2. **How a word is best made.** For one word, every way to lay the cards on its letters
   (which card of a letter, the Qu card with or without its U, the Jumper or not,
   Double, Double or Trouble on any letter) and every way to put the Toil cards on
   letter cards or the Jumper gives a token line, scored by the game's one scorer,
   :func:`~referee.spellcrafter.scoring.score_word`; lines that break a rule are never
   built (fewer than 3 letters, no Jumper under the friendly rules, a Double, Double
   copying a letter the word does not show).
3. **Branch and bound.** Keys are looked up in order of an upper bound on the score
   of any word they hold (:class:`Bounds`: the cards' values, every Toil's +1, the
   multipliers the length and the suits allow, the bonus if the hand holds all three
   special cards), the last Trouble's 26 letters only for a key whose bound is high
   enough; once K words are found, a key, a word or a card layout whose bound is below
   the K-th score is skipped: it cannot enter the list. Bounds are only ever *above*
   the score, so nothing that could enter is skipped.

Ties in score are ordered by length (longer first), then alphabetically. Whether a word
is in the dictionary is the caller's judge (``valid``): the same verdict as
`dict check`, house rules included.
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from referee.errors import InputError, quoted
from referee.game import Refusal, refuse
from referee.i18n import _
from referee.spellcrafter.cards import QU, Special, SpellCard, SpellSuit
from referee.spellcrafter.notation import DoubleToken, LetterLike, LetterToken, ToilToken, Token, TroubleToken, is_jumper, parse_token, suit_help
from referee.spellcrafter.scoring import DDT_BONUS, MIN_LETTERS, SELECTED_CARDS, STRAIGHT_LETTERS, Score, Variants, score_word

if TYPE_CHECKING:
    from referee.spellcrafter.game import Game

DEFAULT_TOP = 5
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: The flush straight's ×3, the largest multiplier; a shorter word can get ×2 at most.
MAX_MULTIPLIER, SHORT_MULTIPLIER = 3, 2

_SPECIAL_CARD = re.compile(r"(DD|TOIL|TR)([a-z])", re.IGNORECASE | re.ASCII)
_SPECIAL_CODES = {special.code: special for special in Special}


class HandFault(enum.Enum):
    """What makes a hand as given unusable, as a value (the values are for logs, not
    people): the command that reads the hand words it, naming its own options."""

    JUMPER_SELECTED = "jumper-selected"  # position, text: a Jumper (``*Y4f``) among the selected cards
    TOO_MANY_CARDS = "too-many-cards"  # selected (the most a player selects), count (given)
    OTHER_JUMPER = "other-jumper"  # round, jumper: a Jumper given that is not the one the referee turned up
    NOT_DRAFTED = "not-drafted"  # (none) a player's cards asked for in a game the referee does not draft: it does not know them
    STILL_DRAFTING = "still-drafting"  # round, seat, waiting (the seats still picking): the selected cards are not looked at yet


class HandError(InputError):
    """A hand that cannot be used (exit 2): the :class:`HandFault` and its parameters as a
    :class:`~referee.game.Refusal`, no words (`spell best` words it)."""

    def __init__(self, fault: HandFault, **params: object) -> None:
        super().__init__(fault.value)
        self.refusal: Refusal = refuse(fault, unusable=True, **params)


class Selection(NamedTuple):
    """A player's selected cards (at most 7, special cards included) and the Jumper: the
    hand `spell best` searches. A larger hand (the 8 or 14 cards first dealt to a seat,
    for `spell review`) is searched for words of at most 7 of its cards and the Jumper,
    as a selection would make them."""

    cards: tuple[SpellCard, ...]
    jumper: SpellCard | None = None

    def letter_cards(self) -> list[SpellCard]:
        return [card for card in self.cards if card.is_letter]

    def specials(self, special: Special) -> list[SpellSuit]:
        return sorted((card.suit for card in self.cards if card.special is special), key=lambda suit: suit.value)


def read_card(text: str, position: int = 1) -> SpellCard:
    """One card of a hand: a letter card as in a word (``K6m``, ``QU10s``) or a special
    card by its code and suit (``DDm``, ``TOILm``, ``TRc``; ``DDm:T`` and ``TOILm@2`` are
    read as the card they name)."""
    stripped = text.strip()
    match = _SPECIAL_CARD.fullmatch(stripped)
    if match is not None:
        suit = SpellSuit.from_code(match.group(2))
        if suit is None:
            raise InputError(_("unknown suit {suit} in card {position} — {help}").format(suit=quoted(match.group(2).lower()), position=position, help=suit_help()))
        return SpellCard(suit, special=_SPECIAL_CODES[match.group(1).upper()])
    token = parse_token(stripped, position)
    if isinstance(token, LetterToken) and token.jumper:
        raise HandError(HandFault.JUMPER_SELECTED, position=position, text=text)
    return token.card


def read_hand(texts: Sequence[str], jumper: str | None = None) -> Selection:
    """A hand as typed: the selected cards and the Jumper. More than 7 selected cards
    (:class:`HandError`), or a Jumper that is not a letter card, is an ``InputError``."""
    pieces = [piece for text in texts for piece in text.split()]
    if not pieces:
        raise InputError(_("no cards given: name the selected cards, e.g. K6m I1m T1m TRc"))
    if len(pieces) > SELECTED_CARDS:
        raise HandError(HandFault.TOO_MANY_CARDS, selected=SELECTED_CARDS, count=len(pieces))
    cards = tuple(read_card(piece, position) for position, piece in enumerate(pieces, start=1))
    return Selection(cards, None if jumper is None else read_jumper(jumper))


def read_jumper(text: str) -> SpellCard:
    """The Jumper as given: a letter card (``Y4f``; ``*Y4f`` too)."""
    card = read_card(text.strip().removeprefix("*"), 1)
    if not card.is_letter:
        raise InputError(_("the Jumper {text} is a letter card, e.g. Y4f").format(text=quoted(text)))
    return card


def hand_in_game(game: Game, seat: int, cards: Sequence[str], jumper: str | None, round_number: int | None) -> Selection:
    """``seat``'s selected cards in a game, for round ``round_number`` (default: the
    current one, which must have begun): the round's Jumper is the one the referee turned
    up, if it did; the cards are checked as a word of that round is (``card_refusal``)."""
    from referee.errors import Refused
    from referee.spellcrafter.legality import card_refusal
    from referee.spellcrafter.refusals import FORMAT

    number, turned_up = _round_in_game(game, jumper, round_number)
    hand = read_hand(cards, jumper)
    if turned_up is not None:
        hand = Selection(hand.cards, turned_up)
    refusal = card_refusal(game, hand_tokens(hand), number, seat)
    if refusal is not None:
        raise Refused(refusal, FORMAT, game)
    return hand


def selected_hand(game: Game, seat: int, jumper: str | None, round_number: int | None) -> Selection:
    """``seat``'s 7 selected cards and the Jumper in round ``round_number`` (default: the
    current one) of a game drafted through the referee, as the seat's view shows them: a
    complete round's are public, the current round's the seat's own once its draft is
    complete. Until then :class:`HandError` (``STILL_DRAFTING``): "When the draft is
    complete, players may look at their selected cards", and before that the seat's seven
    are not known (the hand it holds now is not its to keep, only one card of it). In a
    game not drafted through the referee ``NOT_DRAFTED``: it does not know the cards."""
    from referee.spellcrafter.view import complete_drafts, seat_view

    if not game.drafted:
        raise HandError(HandFault.NOT_DRAFTED)
    number, turned_up = _round_in_game(game, jumper, round_number)
    view = seat_view(game, seat)
    complete = complete_drafts(view).get(number)
    if complete is not None:
        return Selection(complete.selected[seat], turned_up)
    current = view.draft
    if current is None or current.round != number or not current.complete:
        waiting = () if current is None else tuple(other for other, done in enumerate(current.done) if not done)
        raise HandError(HandFault.STILL_DRAFTING, round=number, seat=seat, waiting=waiting)
    own = current.selected[seat]
    assert own is not None, "a seat sees its own selected cards"
    return Selection(own, turned_up)


def _round_in_game(game: Game, jumper: str | None, round_number: int | None) -> tuple[int, SpellCard | None]:
    """The round a hand in a game is for (default: the current one, which must have
    begun) and its Jumper turned up by the referee, if it did; a Jumper given must be
    that one."""
    number = game.current_number if round_number is None else round_number
    if not 1 <= number <= game.current_number:
        raise InputError(_("round {round} has not begun; the game is in round {current}").format(round=number, current=game.current_number))
    turned_up = game.jumper(number)
    if turned_up is not None and jumper is not None and read_jumper(jumper) != turned_up:
        raise HandError(HandFault.OTHER_JUMPER, round=number, jumper=turned_up)
    return number, turned_up


def hand_tokens(hand: Selection) -> tuple[Token, ...]:
    """The hand's cards as tokens (the Jumper as ``*``), for the checks a word's cards get
    (:func:`referee.spellcrafter.legality.card_refusal`); what the special cards stand for
    is left open (``DDm:A``, ``TOILm@1``)."""
    tokens: list[Token] = []
    for card in hand.cards:
        if card.special is Special.TOIL:
            tokens.append(ToilToken(card.suit, 1))
        elif card.special is not None:
            tokens.append((DoubleToken if card.special is Special.DOUBLE_DOUBLE else TroubleToken)(card.suit, "A"))
        else:
            tokens.append(LetterToken(card.letters, card.value, card.suit))
    if hand.jumper is not None:
        tokens.append(LetterToken(hand.jumper.letters, hand.jumper.value, hand.jumper.suit, jumper=True))
    return tuple(tokens)


class WordSource(Protocol):
    """An anagram index: the words whose sorted letters are ``key``; all entries."""

    def words(self, key: str) -> Sequence[str]: ...

    def entries(self) -> Iterator[tuple[str, Sequence[str]]]: ...


def key_of(word: str) -> str:
    return "".join(sorted(word))


# --- step 1: the words that could fit ------------------------------------------------------------


def _letter_options(card: SpellCard) -> tuple[str, ...]:
    return ("q", "qu") if card.letters == QU else (card.letters.lower(),)


def _letter_items(hand: Selection) -> list[SpellCard]:
    return hand.letter_cards() + ([hand.jumper] if hand.jumper is not None else [])


#: Above this many keys the index is scanned instead of queried key by key.
SCAN_ABOVE = 60_000


def key_groups(hand: Selection, source: WordSource) -> list[tuple[str, int]] | None:
    """The keys to look up, as (letters, wild): the words of exactly those letters (wild
    0), or of those letters and any one more, the last Trouble's (wild 1). Every layout
    of every word the hand can make is in one of them. None when the keys would be too
    many to look up one by one: scan the index instead."""
    items = _letter_items(hand)
    keys: set[str] = {""}
    for card in items:
        keys |= {key_of(key + option) for key in keys for option in _letter_options(card)}
    copies = sorted({option for card in items for option in _letter_options(card)})
    doubles, troubles = len(hand.specials(Special.DOUBLE_DOUBLE)), len(hand.specials(Special.TROUBLE))
    if len(keys) * (len(copies) + 1) ** doubles * (len(ALPHABET) + 1) ** troubles > SCAN_ABOVE:
        return None
    for _double in range(doubles):
        keys |= {key_of(key + copy) for key in keys for copy in copies}
    for _trouble in range(troubles - 1):
        keys |= {key_of(key + letter) for key in keys for letter in ALPHABET}
    return [(key, 0) for key in keys] + ([(key, 1) for key in keys] if troubles else [])


def group_words(source: WordSource, letters: str, wild: int) -> list[str]:
    """The words of a key group (see :func:`key_groups`)."""
    if len(letters) + wild < MIN_LETTERS:
        return []
    if not wild:
        return list(source.words(letters))
    return [word for letter in ALPHABET for word in source.words(key_of(letters + letter))]


def candidate_words(hand: Selection, source: WordSource) -> set[str]:
    """Every word of the index the hand might spell (a superset of those it can)."""
    groups = key_groups(hand, source)
    if groups is None:
        return _scan(hand, source, len(hand.specials(Special.DOUBLE_DOUBLE)) + len(hand.specials(Special.TROUBLE)))
    return {word for letters, wild in groups for word in group_words(source, letters, wild)}


def _scan(hand: Selection, source: WordSource, wild: int) -> set[str]:
    """Words whose letters the hand's letters cover but for at most ``wild`` of them."""
    own = Counter("".join(option[-1] for card in _letter_items(hand) for option in _letter_options(card)))
    longest = 2 * (len(_letter_items(hand)) + wild)
    found: set[str] = set()
    for key, words in source.entries():
        if MIN_LETTERS <= len(key) <= longest and sum((Counter(key) - own).values()) <= wild:
            found.update(words)
    return found


# --- step 2: the best way to make one word ------------------------------------------------------


def _bonus_bound(hand: Selection, variants: Variants) -> int:
    return DDT_BONUS if variants.ddt and all(hand.specials(special) for special in Special) else 0


class Bounds:
    """Upper bounds on the scores a hand can make, worked out once per search.

    A word's bound: its letters at the values of the cards showing them, either each
    card once (the highest first) with every Double, Double at the highest value in the
    hand, or every letter at the highest value a card showing it has, whichever is
    lower (Trouble 0); every Toil's +1, the straight's ×2 only from 5 letters on, the flush's ×2 only if
    enough cards could share a suit (the cards of that suit, the friendly Jumper, and
    letter cards a Toil of that suit could turn), the bonus only if the hand holds all
    three special cards."""

    def __init__(self, hand: Selection, variants: Variants) -> None:
        self.values: dict[str, list[int]] = {}
        for card in _letter_items(hand):
            self.values.setdefault(card.letters[0].lower(), []).append(card.value)
        for values in self.values.values():
            values.sort(reverse=True)
        highest = max((card.value for card in _letter_items(hand)), default=0)
        doubles = len(hand.specials(Special.DOUBLE_DOUBLE))
        self.copied = doubles * highest
        self.wild = doubles + len(hand.specials(Special.TROUBLE))
        self.toils = hand.specials(Special.TOIL)
        self.pieces = Pieces(hand)
        self.bonus = _bonus_bound(hand, variants)
        self.friendly = variants.friendly
        suited = [card for card in hand.cards if card.special is not Special.TOIL]
        turnable = hand.letter_cards()
        if hand.jumper is not None and not variants.friendly:
            suited.append(hand.jumper)
            turnable.append(hand.jumper)
        free = 1 if hand.jumper is not None and variants.friendly else 0
        self.flush_letters = max(
            sum(1 for card in suited if card.suit is suit) + free
            + min(self.toils.count(suit), sum(1 for card in turnable if card.suit is not suit))
            for suit in SpellSuit
        )  # fmt: skip

    def word(self, word: str) -> int:
        """The bound, or -1 when the hand's cards cannot cover the word: more of its
        letters than its Double, Double and Trouble cards are shown by no card left."""
        return self._bound(word, 0, word.count("qu"))

    def key(self, letters: str, wild: int) -> int:
        """The bound of a key group (:func:`key_groups`): any layout whose cards but
        ``wild`` Troubles (worth 0) show ``letters``; -1 when none can."""
        return self._bound(letters, wild, min(letters.count("q"), letters.count("u")))

    def _bound(self, letters: str, wild: int, pairs: int) -> int:
        """``pairs``: how many QU the letters may hold (a Qu card or Double, Double
        as QU is one letter, and covers a U no U card shows)."""
        each, best, uncovered = self.copied, 0, 0  # each card once + the copies; every letter at its best value
        for char in set(letters):
            wanted, values = letters.count(char), self.values.get(char, ())
            each += sum(values[:wanted])
            best += values[0] * wanted if values else 0
            uncovered += max(wanted - len(values), 0)
        if uncovered > self.wild - wild and not pairs:
            return -1
        base = min(each, best) + len(self.toils)
        length = len(letters) + wild
        return base * _multiplier(length - pairs <= self.flush_letters, length >= STRAIGHT_LETTERS) + self.bonus

    def layout(self, line: Sequence[LetterLike]) -> int:
        """A bound on the scores of one layout of the cards, Toil placed in any way."""
        values: dict[str, int] = {}
        for token in line:
            if isinstance(token, LetterToken):
                values[token.letter] = max(values.get(token.letter, 0), token.value)
        base = sum(token.value if isinstance(token, LetterToken) else values.get(token.letter, 0) if isinstance(token, DoubleToken) else 0
                   for token in line)  # fmt: skip
        letters = [token for token in line if isinstance(token, LetterToken) and not (token.jumper and self.friendly)]
        fixed = {token.suit for token in line if not isinstance(token, LetterToken)}
        flush = any(
            fixed <= {suit} and sum(1 for token in letters if token.suit is not suit) <= self.toils.count(suit) for suit in SpellSuit
        )
        kinds = {type(token) for token in line}
        bonus = self.bonus if DoubleToken in kinds and TroubleToken in kinds else 0
        turnable = sum(1 for token in line if isinstance(token, LetterToken))
        return (base + min(len(self.toils), turnable)) * _multiplier(flush, len(line) >= STRAIGHT_LETTERS) + bonus


def _multiplier(flush: bool, straight: bool) -> int:
    return MAX_MULTIPLIER if flush and straight else SHORT_MULTIPLIER if flush or straight else 1


def word_bound(word: str, hand: Selection, variants: Variants) -> int:
    """At least the score of any way to make ``word`` from ``hand``."""
    return Bounds(hand, variants).word(word)


class Pieces:
    """The hand's cards as the layouts use them: each distinct card once, with how many
    the hand holds, letter cards found by the letter they show."""

    def __init__(self, hand: Selection) -> None:
        held = Counter(hand.letter_cards())
        self.cards = list(held)
        self.counts = [held[card] for card in self.cards]
        self.by_letter: dict[str, list[int]] = {}
        for index, card in enumerate(self.cards):
            self.by_letter.setdefault(card.letters[0], []).append(index)
        self.jumper = hand.jumper
        self.specials = [(special, suit, count) for special in (Special.DOUBLE_DOUBLE, Special.TROUBLE)
                         for suit, count in Counter(hand.specials(special)).items()]  # fmt: skip


def _writings(card: SpellCard, upper: str, at: int) -> list[tuple[str, int]]:
    """How a letter card the word's letter ``at`` starts with may be written there."""
    if card.letters != QU:
        return [(card.letters, 1)]
    return [("Q", 1), (QU, 2)] if upper.startswith(QU, at) else [("Q", 1)]


def layouts(word: str, hand: Selection, variants: Variants, pieces: Pieces | None = None) -> Iterator[tuple[LetterLike, ...]]:
    """Every way to lay the hand's cards on the letters of ``word`` (Toil aside) that
    keeps the rules on the number of letters, the friendly Jumper and Double, Double."""
    pieces = pieces or Pieces(hand)
    upper = word.upper()
    counts = list(pieces.counts)
    specials = [count for _suit, _special, count in pieces.specials]
    jumper = pieces.jumper
    line: list[LetterLike] = []

    def go(at: int, jumper_free: bool) -> Iterator[tuple[LetterLike, ...]]:
        if len(line) - (0 if jumper_free else 1) > SELECTED_CARDS:
            return  # a hand larger than a player's selection (the cards first dealt): at most 7 of them
        if at == len(upper):
            if len(line) >= MIN_LETTERS and not (variants.friendly and jumper_free) and _doubles_shown(line):
                yield tuple(line)
            return
        letter = upper[at]
        for index in pieces.by_letter.get(letter, ()):
            if counts[index]:
                card = pieces.cards[index]
                counts[index] -= 1
                for written, width in _writings(card, upper, at):
                    line.append(LetterToken(written, card.value, card.suit))
                    yield from go(at + width, jumper_free)
                    line.pop()
                counts[index] += 1
        if jumper_free and jumper is not None and jumper.letters[0] == letter:
            for written, width in _writings(jumper, upper, at):
                line.append(LetterToken(written, jumper.value, jumper.suit, jumper=True))
                yield from go(at + width, False)
                line.pop()
        for index, (special, suit, _) in enumerate(pieces.specials):
            if specials[index]:
                specials[index] -= 1
                widths = [(letter, 1)]
                if special is Special.DOUBLE_DOUBLE and upper.startswith(QU, at):
                    widths.append((QU, 2))
                for written, width in widths:
                    line.append(DoubleToken(suit, written) if special is Special.DOUBLE_DOUBLE else TroubleToken(suit, written))
                    yield from go(at + width, jumper_free)
                    line.pop()
                specials[index] += 1

    yield from go(0, True)


def _doubles_shown(line: Sequence[LetterLike]) -> bool:
    shown = {token.letter for token in line if isinstance(token, LetterToken)}
    return all(token.letter in shown for token in line if isinstance(token, DoubleToken))


def _toil_placements(line: Sequence[LetterLike], toils: Sequence[SpellSuit], room: int | None = None) -> Iterator[tuple[ToilToken, ...]]:
    """Every way to put some of the Toil cards (at most ``room`` of them) on distinct
    letter cards or the Jumper."""
    targets = [position for position, token in enumerate(line, start=1) if isinstance(token, LetterToken)]
    most = len(toils) if room is None else room

    def go(index: int, taken: tuple[int, ...], placed: tuple[ToilToken, ...]) -> Iterator[tuple[ToilToken, ...]]:
        if index == len(toils):
            yield placed
            return
        yield from go(index + 1, taken, placed)
        if len(placed) == most:
            return
        for target in targets:
            if target not in taken:
                yield from go(index + 1, (*taken, target), (*placed, ToilToken(toils[index], target)))

    yield from go(0, (), ())


def best_line(word: str, hand: Selection, variants: Variants, at_least: int = -1, bounds: Bounds | None = None) -> Score | None:
    """The highest score ``word`` can make from ``hand`` (the first such token line in
    the search's order), or None when it cannot be made, or not for ``at_least`` points."""
    bounds = bounds or Bounds(hand, variants)
    ceiling = bounds.word(word)  # no layout scores more: once one does, stop
    best: Score | None = None
    for line in layouts(word, hand, variants, bounds.pieces):
        floor = at_least if best is None else max(at_least, best.score + 1)
        if bounds.layout(line) < floor:
            continue
        room = SELECTED_CARDS - sum(1 for token in line if not is_jumper(token))
        for placed in _toil_placements(line, bounds.toils, room):
            tokens: tuple[Token, ...] = (*line, *placed)
            scored = score_word(tokens, variants)
            if scored.score >= at_least and (best is None or scored.score > best.score):
                best = scored
                if best.score >= ceiling:
                    return best
    return best


# --- step 3: the K best words -----------------------------------------------------------------


def ranking(score: Score) -> tuple[int, int, str]:
    """Higher score first, then the longer word, then alphabetical order."""
    return (-score.score, -len(score.word), score.word)


def best_words(
    hand: Selection, variants: Variants, source: WordSource, valid: Callable[[str], bool], top: int = DEFAULT_TOP,
    extra: Iterable[str] = (),
) -> list[Score]:
    """The ``top`` highest-scoring words ``hand`` can make that ``valid`` accepts, best
    first, each with its best token line. ``extra`` are words to consider besides the
    index's (a house list's additions)."""
    if top < 1:
        return []
    bounds = Bounds(hand, variants)
    groups = key_groups(hand, source)
    entries: list[tuple[int, str, int]]  # (bound, letters, wild), or (bound, word, -1) for one word
    if groups is None:
        entries = [(bounds.word(word), word, -1) for word in _scan(hand, source, bounds.wild)]
    else:
        entries = [(bounds.key(letters, wild), letters, wild) for letters, wild in groups]
    entries += [(bounds.word(word), word, -1) for word in extra if word.isascii() and word.isalpha()]
    entries.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
    found: list[Score] = []
    seen: set[str] = set()
    for bound, letters, wild in entries:
        if bound < max(found[-1].score if len(found) == top else -1, 0):
            break
        words = [letters] if wild < 0 else group_words(source, letters, wild)
        for word in sorted(set(words) - seen):
            seen.add(word)
            floor = found[-1].score if len(found) == top else -1
            if bounds.word(word) < max(floor, 0):
                continue
            scored = best_line(word, hand, variants, floor, bounds)
            if scored is None or (len(found) == top and ranking(scored) >= ranking(found[-1])) or not valid(word):
                continue
            found = sorted([*found, scored], key=ranking)[:top]
    return found


def token_line(score: Score) -> str:
    """The token line `spell score` reads to score the word again."""
    return " ".join(str(token) for token in score.tokens)
