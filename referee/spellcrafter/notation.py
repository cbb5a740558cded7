"""Spellcrafter word notation (SPEC §2): the cards of a word, in word order.

| token | meaning | example |
| --- | --- | --- |
| LETTER VALUE SUIT | a letter card | ``K4m`` |
| ``QU`` / ``Q`` VALUE SUIT | the Qu card, with / without its optional U | ``QU6s``, ``Q6s`` |
| ``*`` + letter card | the Jumper (shown by the face-down card) | ``*Y2f`` |
| ``DD`` SUIT ``:`` LETTER | Double, Double standing for LETTER | ``DDm:T`` |
| ``TR`` SUIT ``:`` LETTER | Trouble standing for LETTER, worth 0 | ``TRc:E`` |
| ``TOIL`` SUIT ``@`` N | Toil on the N-th letter of the word (1-based) | ``TOILm@5`` |

Case does not matter (``k4M``); tokens are separated by spaces. Parsing only reads the
tokens: a token that cannot be read is an ``InputError`` (exit 2) naming the token, its
position and what was expected. Whether the word obeys the rules (three letters, what
Double, Double may copy, where Toil may go) is :mod:`referee.spellcrafter.scoring`'s.

Rulings on writing the Qu card: ``QU6s`` puts both letters in the word (``QUIT``),
``Q6s`` only the Q (``QAT``); either way it is one card and one letter. Double, Double
may stand for the Qu card as ``DDm:QU`` or ``DDm:Q``; Trouble stands for one letter A–Z.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.spellcrafter.cards import QU, SUIT_HELP, Card, Special, Suit

MAX_VALUE = 99
_LETTER_CARD = "a letter card is LETTER VALUE SUIT, e.g. K4m"


@dataclass(frozen=True)
class LetterToken:
    """A letter card (or, with ``jumper``, the Jumper). ``written`` is ``QU`` or ``Q`` for
    the Qu card, else its one letter."""

    written: str
    value: int
    suit: Suit
    jumper: bool = False

    def __str__(self) -> str:
        return f"{'*' if self.jumper else ''}{self.written}{self.value}{self.suit.value}"

    @property
    def letter(self) -> str:
        """The letter the card shows for Double, Double: Q for the Qu card."""
        return self.written[0]

    @property
    def card(self) -> Card:
        return Card(self.suit, QU if self.written == "Q" else self.written, self.value)


@dataclass(frozen=True)
class DoubleToken:
    """Double, Double standing for ``written`` (``T``; ``QU`` or ``Q`` for the Qu card)."""

    suit: Suit
    written: str
    special = Special.DOUBLE_DOUBLE

    def __str__(self) -> str:
        return f"DD{self.suit.value}:{self.written}"

    @property
    def letter(self) -> str:
        return self.written[0]

    @property
    def card(self) -> Card:
        return Card(self.suit, special=self.special)


@dataclass(frozen=True)
class TroubleToken:
    """Trouble standing for ``written``, one letter A–Z."""

    suit: Suit
    written: str
    special = Special.TROUBLE

    def __str__(self) -> str:
        return f"TR{self.suit.value}:{self.written}"

    @property
    def letter(self) -> str:
        return self.written

    @property
    def card(self) -> Card:
        return Card(self.suit, special=self.special)


@dataclass(frozen=True)
class ToilToken:
    """Toil applied to letter number ``target`` of the word (1-based, Toil not counted)."""

    suit: Suit
    target: int
    special = Special.TOIL

    def __str__(self) -> str:
        return f"TOIL{self.suit.value}@{self.target}"

    @property
    def card(self) -> Card:
        return Card(self.suit, special=self.special)


LetterLike = LetterToken | DoubleToken | TroubleToken
Token = LetterToken | DoubleToken | TroubleToken | ToilToken


def is_letter(token: Token) -> bool:
    """Letters are letter cards, the Jumper, Double, Double and Trouble; Toil is not."""
    return not isinstance(token, ToilToken)


def letters_of(tokens: Sequence[Token]) -> tuple[LetterLike, ...]:
    return tuple(token for token in tokens if not isinstance(token, ToilToken))


def spelled(tokens: Sequence[Token]) -> str:
    """The word the cards spell, in capitals: ``KITTY``, ``QUIT``."""
    return "".join(token.written for token in letters_of(tokens))


def split_tokens(arguments: Sequence[str]) -> list[str]:
    """Tokens from command-line arguments; one argument may hold several (``"K4m I1m"``)."""
    return [token for argument in arguments for token in argument.split()]


def parse_word(arguments: Sequence[str]) -> tuple[Token, ...]:
    """Read a word's tokens; ``InputError`` names the first token that cannot be read."""
    texts = split_tokens(arguments)
    if not texts:
        raise InputError("no cards given: write the word's cards in order, e.g. K4m I1m T3m")
    tokens = tuple(parse_token(text, position) for position, text in enumerate(texts, start=1))
    count = len(letters_of(tokens))
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, ToilToken) and token.target > count:
            raise InputError(
                f"token {position} {token} puts Toil on letter {token.target}, but the word has "
                f"{count} letter{'' if count == 1 else 's'}: use @1 to @{count}"
            )
    return tokens


def parse_token(text: str, position: int = 1) -> Token:
    """One token (``position`` is only for the message)."""
    where = f"token {position}"
    upper = text.strip().upper()
    if not upper:
        raise InputError(f"{where} is empty; {_LETTER_CARD}")
    for code, build in (("TOIL", _toil), ("DD", _double), ("TR", _trouble)):
        if upper.startswith(code):
            return build(text, upper[len(code) :], where)
    jumper = upper.startswith("*")
    return _letter_card(text, upper[1:] if jumper else upper, where, jumper)


def _suit(code: str, text: str, where: str) -> Suit:
    if not code:
        raise InputError(f"{where} {quoted(text)} has no suit — {SUIT_HELP}")
    suit = Suit.from_code(code) if len(code) == 1 else None
    if suit is None:
        raise InputError(f"unknown suit {quoted(code.lower() if len(code) == 1 else code)} in {where} — {SUIT_HELP}")
    return suit


def _letter_card(text: str, body: str, where: str, jumper: bool) -> LetterToken:
    match = re.fullmatch(r"([^0-9]*)([0-9]*)(.*)", body)
    assert match is not None
    letters, digits, rest = match.groups()
    if jumper and (letters.startswith(("DD", "TR", "TOIL")) or letters.startswith("*")):
        raise InputError(f"{where} {quoted(text)}: the Jumper is a letter card; write * before one, e.g. *Y2f")
    if not letters:
        raise InputError(f"{where} {quoted(text)} has no letter; {_LETTER_CARD}")
    if not re.fullmatch(r"QU|[A-Z]", letters):
        if not letters.isalpha() or not letters.isascii():
            raise InputError(f"{where} {quoted(text)}: {quoted(letters)} is not a card letter; {_LETTER_CARD}")
        raise InputError(
            f"{where} {quoted(text)}: a letter card shows one letter (or QU), not {quoted(letters)}; "
            "separate the cards with spaces"
        )
    if not digits:
        raise InputError(f"{where} {quoted(text)} has no value: {_LETTER_CARD}")
    value = int(digits)
    if value > MAX_VALUE:
        raise InputError(f"{where} {quoted(text)}: a card's value is 0 to {MAX_VALUE}, not {value}")
    if len(rest) > 1:
        if Suit.from_code(rest[0]) is not None:
            raise InputError(f"{where} {quoted(text)} goes on after its suit; separate the cards with spaces")
        raise InputError(f"unknown suit {quoted(rest.lower())} in {where} — {SUIT_HELP}")
    return LetterToken(letters, value, _suit(rest, text, where), jumper)


def _special_parts(text: str, body: str, where: str, mark: str, shape: str) -> tuple[Suit, str]:
    """Split SUIT MARK REST (``m:T``, ``m@5``)."""
    suit_code, found, rest = body.partition(mark)
    if not found:
        raise InputError(f"{where} {quoted(text)} needs {quoted(mark)}: write {shape}")
    suit = _suit(suit_code, text, where)
    if not rest:
        raise InputError(f"{where} {quoted(text)} ends after {quoted(mark)}: write {shape}")
    return suit, rest


def _double(text: str, body: str, where: str) -> DoubleToken:
    suit, letter = _special_parts(text, body, where, ":", "DD SUIT : LETTER, e.g. DDm:T")
    if not re.fullmatch(r"QU|[A-Z]", letter):
        raise InputError(f"{where} {quoted(text)}: Double, Double stands for one letter (or QU), not {quoted(letter)}")
    return DoubleToken(suit, letter)


def _trouble(text: str, body: str, where: str) -> TroubleToken:
    suit, letter = _special_parts(text, body, where, ":", "TR SUIT : LETTER, e.g. TRc:E")
    if not re.fullmatch(r"[A-Z]", letter):
        raise InputError(f"{where} {quoted(text)}: Trouble stands for one letter A–Z, not {quoted(letter)}")
    return TroubleToken(suit, letter)


def _toil(text: str, body: str, where: str) -> ToilToken:
    suit, number = _special_parts(text, body, where, "@", "TOIL SUIT @ N, e.g. TOILm@5 for the 5th letter")
    if not number.isdigit() or not number.isascii() or int(number) < 1:
        raise InputError(f"{where} {quoted(text)}: after @ comes the number of the letter Toil goes on (1, 2, …)")
    return ToilToken(suit, int(number))
