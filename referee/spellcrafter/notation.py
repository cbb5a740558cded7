"""Spellcrafter word notation (SPEC §2): the cards of a word, in word order.

| token | meaning | example |
| --- | --- | --- |
| LETTER VALUE SUIT | a letter card | ``K6m`` |
| ``QU`` / ``Q`` VALUE SUIT | the Qu card, with / without its optional U | ``QU10s``, ``Q10s`` |
| ``*`` + letter card | the Jumper (shown by the face-down card) | ``*Y4f`` |
| ``DD`` SUIT ``:`` LETTER | Double, Double standing for LETTER | ``DDm:T`` |
| ``TR`` SUIT ``:`` LETTER | Trouble standing for LETTER, worth 0 | ``TRc:E`` |
| ``TOIL`` SUIT ``@`` N | Toil on the N-th letter of the word (1-based) | ``TOILm@5`` |

Case does not matter (``k6M``); tokens are separated by spaces. :data:`TOKEN` is the one
definition of a token's shape: :func:`parse_token` reads a token that fits it, and only
for one that does not works out what is wrong, naming the token, the character and what
was expected (an ``InputError``, exit 2). Whether the word obeys the rules (three
letters, what Double, Double may copy, where Toil may go) is
:mod:`referee.spellcrafter.scoring`'s.

Rulings on writing the Qu card: ``QU10s`` puts both letters in the word (``QUIT``),
``Q10s`` only the Q (``QAT``); either way it is one card and one letter. Double, Double
may stand for the Qu card as ``DDm:QU`` or ``DDm:Q``; Trouble stands for one letter A–Z.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.i18n import _, ngettext
from referee.spellcrafter.cards import CARD_LETTERS, QU, Special, SpellCard, SpellSuit
from referee.spellcrafter.examples import JUMPER_EXAMPLE, LETTER_EXAMPLE

MAX_VALUE = 99

def _letter_card() -> str:
    return _("a letter card is LETTER VALUE SUIT, e.g. {example}").format(example=LETTER_EXAMPLE)


def suit_help() -> str:
    """How to write a suit, for the messages of a card that has none or another."""
    return _("use f, s, c or m")

_SUIT = "[" + "".join(suit.value for suit in SpellSuit) + "]"
_LETTERS = CARD_LETTERS.pattern
#: A token's shape (SPEC §2), case-insensitive and ASCII only.
TOKEN = re.compile(
    rf"(?P<jumper>\*)?(?P<written>{_LETTERS})(?P<value>[0-9]+)(?P<suit>{_SUIT})"
    rf"|DD(?P<double_suit>{_SUIT}):(?P<copies>{_LETTERS})"
    rf"|TR(?P<trouble_suit>{_SUIT}):(?P<stands_for>[A-Z])"
    rf"|TOIL(?P<toil_suit>{_SUIT})@(?P<target>[0-9]+)",
    re.IGNORECASE | re.ASCII,
)


@dataclass(frozen=True)
class LetterToken:
    """A letter card (or, with ``jumper``, the Jumper). ``written`` is ``QU`` or ``Q`` for
    the Qu card, else its one letter."""

    written: str
    value: int
    suit: SpellSuit
    jumper: bool = False

    def __str__(self) -> str:
        return f"{'*' if self.jumper else ''}{self.written}{self.value}{self.suit.value}"

    @property
    def letter(self) -> str:
        """The letter the card shows for Double, Double: Q for the Qu card."""
        return self.written[0]

    @property
    def card(self) -> SpellCard:
        return SpellCard(self.suit, QU if self.written == "Q" else self.written, self.value)


@dataclass(frozen=True)
class DoubleToken:
    """Double, Double standing for ``written`` (``T``; ``QU`` or ``Q`` for the Qu card)."""

    suit: SpellSuit
    written: str
    special = Special.DOUBLE_DOUBLE

    def __str__(self) -> str:
        return f"DD{self.suit.value}:{self.written}"

    @property
    def letter(self) -> str:
        return self.written[0]

    @property
    def card(self) -> SpellCard:
        return SpellCard(self.suit, special=self.special)


@dataclass(frozen=True)
class TroubleToken:
    """Trouble standing for ``written``, one letter A–Z."""

    suit: SpellSuit
    written: str
    special = Special.TROUBLE

    def __str__(self) -> str:
        return f"TR{self.suit.value}:{self.written}"

    @property
    def letter(self) -> str:
        return self.written

    @property
    def card(self) -> SpellCard:
        return SpellCard(self.suit, special=self.special)


@dataclass(frozen=True)
class ToilToken:
    """Toil applied to letter number ``target`` of the word (1-based, Toil not counted)."""

    suit: SpellSuit
    target: int
    special = Special.TOIL

    def __str__(self) -> str:
        return f"TOIL{self.suit.value}@{self.target}"

    @property
    def card(self) -> SpellCard:
        return SpellCard(self.suit, special=self.special)


LetterLike = LetterToken | DoubleToken | TroubleToken
Token = LetterToken | DoubleToken | TroubleToken | ToilToken


def is_jumper(token: Token) -> bool:
    """Is this token the Jumper (``*Y4f``)?"""
    return isinstance(token, LetterToken) and token.jumper


def jumper_of(tokens: Sequence[Token]) -> SpellCard | None:
    """The card a word uses as the Jumper, if it uses one."""
    return next((token.card for token in tokens if is_jumper(token)), None)


def letters_of(tokens: Sequence[Token]) -> tuple[LetterLike, ...]:
    """The word's letters: letter cards, the Jumper, Double, Double and Trouble; not Toil."""
    return tuple(token for token in tokens if not isinstance(token, ToilToken))


def spelled(tokens: Sequence[Token]) -> str:
    """The word the cards spell, in capitals: ``KITTY``, ``QUIT``."""
    return "".join(token.written for token in letters_of(tokens))


def split_tokens(arguments: Sequence[str]) -> list[str]:
    """Tokens from command-line arguments; one argument may hold several (``"K6m I1m"``)."""
    return [token for argument in arguments for token in argument.split()]


def looks_like_tokens(args: list[str]) -> bool:
    """Do these command-line arguments hold card tokens rather than a plain word?

    True when any of them (or any space-separated part of one) has a token's shape,
    :data:`TOKEN`: ``K6m``, ``QU10s``, ``*Y4f``, ``DDm:QU``, ``TRc:E``, ``TOILm@5``. A
    plain word such as ``kitty`` or ``c4t`` has none. The tokens may still break a rule
    (a value of 100, Toil on a missing letter): :func:`parse_word` says so.
    """
    return any(TOKEN.fullmatch(piece) for piece in split_tokens(args))


def parse_word(arguments: Sequence[str]) -> tuple[Token, ...]:
    """Read a word's tokens; ``InputError`` names the first token that cannot be read."""
    texts = split_tokens(arguments)
    if not texts:
        raise InputError(_("no cards given: write the word's cards in order, e.g. {example} I1m T1m").format(example=LETTER_EXAMPLE))
    tokens = tuple(parse_token(text, position) for position, text in enumerate(texts, start=1))
    count = len(letters_of(tokens))
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, ToilToken) and token.target > count:
            letters = ngettext("{count} letter", "{count} letters", count).format(count=count)
            raise InputError(_("token {position} {token} puts Toil on letter {target}, but the word has {letters}: use @1 to @{count}").format(
                position=position, token=token, target=token.target, letters=letters, count=count))  # fmt: skip
    return tokens


def parse_token(text: str, position: int = 1) -> Token:
    """One token (``position`` is only for the message)."""
    stripped = text.strip()
    match = TOKEN.fullmatch(stripped)
    if match is None:
        raise _unreadable(stripped, _where(position))
    found = match.groupdict()
    if found["written"] is not None:
        value = _number(found["value"])
        if value > MAX_VALUE:
            raise InputError(_("{where} {text}: a card's value is 0 to {maximum}, not {value}").format(
                where=_where(position), text=quoted(text), maximum=MAX_VALUE, value=_short(found["value"])))  # fmt: skip
        return LetterToken(found["written"].upper(), value, _suit_of(found["suit"]), found["jumper"] is not None)
    if found["copies"] is not None:
        return DoubleToken(_suit_of(found["double_suit"]), found["copies"].upper())
    if found["stands_for"] is not None:
        return TroubleToken(_suit_of(found["trouble_suit"]), found["stands_for"].upper())
    target = _number(found["target"])
    if target < 1:
        raise InputError(_("{where} {text}: after @ comes the number of the letter Toil goes on (1, 2, …)").format(where=_where(position), text=quoted(text)))
    return ToilToken(_suit_of(found["toil_suit"]), target)


#: One card as it lies in a hand (a pick): a letter card ``K6m``, ``QU10s``, or a special
#: card by its code and suit, ``DDm``, ``TOILm``, ``TRc``.
CARD = re.compile(rf"(?P<written>{_LETTERS})(?P<value>[0-9]+)(?P<suit>{_SUIT})|(?P<code>DD|TOIL|TR)(?P<special_suit>{_SUIT})",
                  re.IGNORECASE | re.ASCII)  # fmt: skip


def parse_card(text: str) -> SpellCard:
    """One card of a hand (``K6m``, ``DDm``); ``InputError`` says how to write one. A
    word's token for the card is read too (``DDm:T`` is the Double, Double card)."""
    stripped = text.strip()
    match = CARD.fullmatch(stripped)
    if match is None:
        coded = stripped.upper().startswith(tuple(kind.code for kind in Special))
        if coded and not any(mark in stripped for mark in ":@*"):  # DDx, TOIL: how a special card is written
            raise InputError(_("{text} is not a card: write a letter card as LETTER VALUE SUIT ({example}), "
                               "a special card as DD, TOIL or TR and its suit (DDm, TOILm, TRc)").format(
                text=quoted(_short(text)), example=LETTER_EXAMPLE))  # fmt: skip
        token = parse_token(stripped)  # a letter card's precise message (K4x: unknown suit 'x'), or a word's token
        if isinstance(token, LetterToken) and token.jumper:
            raise InputError(_("{text} is the Jumper, which lies on the table: pick a card of the hand").format(text=quoted(text)))
        return token.card
    found = match.groupdict()
    if found["code"] is not None:
        special = next(special for special in Special if special.code == found["code"].upper())
        return SpellCard(_suit_of(found["special_suit"]), special=special)
    written = found["written"].upper()
    return SpellCard(_suit_of(found["suit"]), QU if written == "Q" else written, _number(found["value"]))


def parse_pick(text: str) -> tuple[SpellCard, SpellCard | None]:
    """A pick as it is written: the card kept and, with two players, after a slash the card
    discarded with it (:meth:`referee.spellcrafter.actions.PickCard.notation` prints it).

    >>> [str(card) for card in parse_pick("k6m/E1s")]
    ['K6m', 'E1s']
    >>> parse_pick("DDm")[1] is None
    True
    >>> parse_pick("K6m/")
    Traceback (most recent call last):
    referee.errors.InputError: 'K6m/' is not a pick: write the card kept, and with two players a slash and the card discarded (K6m/E1s)
    """
    kept, slash, dropped = text.partition("/")
    if slash and not dropped.strip():
        raise InputError(_("{text} is not a pick: write the card kept, and with two players a slash and the card discarded (K6m/E1s)").format(
            text=quoted(_short(text))))  # fmt: skip
    return parse_card(kept), parse_card(dropped) if slash else None


def _where(position: int) -> str:
    """"token 3": where a message says the token is (worded only for a message)."""
    return _("token {position}").format(position=position)


def _suit_of(code: str) -> SpellSuit:
    suit = SpellSuit.from_code(code)
    assert suit is not None  # the pattern only lets suit codes through
    return suit


def _number(digits: str) -> int:
    """The number ASCII digits write; a very long one only as "too big" (Python refuses
    to convert thousands of digits)."""
    significant = digits.lstrip("0")
    return int(significant or "0") if len(significant) <= 9 else 10**9


def _short(text: str) -> str:
    return text if len(text) <= 12 else text[:10] + "…"


# --- what is wrong with a token that does not fit the pattern ---------------------------------


def _unreadable(text: str, where: str) -> InputError:
    """The precise problem of a token that :data:`TOKEN` does not match."""
    if not text:
        return InputError(_("{where} is empty; {help}").format(where=where, help=_letter_card()))
    upper = "".join(char.upper() if char.isascii() else char for char in text)  # same length as text
    for code, explain in (("TOIL", _toil_problem), ("DD", _double_problem), ("TR", _trouble_problem)):
        if upper.startswith(code):
            return explain(text, upper[len(code) :], where)
    return _letter_card_problem(text, upper, where)


def _character(text: str, index: int, where: str, expected: str) -> InputError:
    """A character that cannot stand where it is: which one, where, and what belongs there."""
    char = text[index]
    if char.isdigit() or unicodedata.numeric(char, None) is not None:
        what = _("is not a digit 0–9")
    elif char.isalpha():
        what = _("is not a letter A–Z")
    else:
        what = _("cannot be read here")
    return InputError(_("{where} {text}: {char} (character {number}) {what}; {expected}").format(
        where=where, text=quoted(text), char=quoted(char), number=index + 1, what=what, expected=expected))  # fmt: skip


def _is_capital(char: str) -> bool:
    return "A" <= char <= "Z"


def _letter_card_problem(text: str, upper: str, where: str) -> InputError:
    jumper = upper.startswith("*")
    start = 1 if jumper else 0
    if jumper and upper[start:].startswith(("DD", "TR", "TOIL", "*")):
        return InputError(_("{where} {text}: the Jumper is a letter card; write * before one, e.g. {example}").format(where=where, text=quoted(text), example=JUMPER_EXAMPLE))
    end = start
    while end < len(upper) and _is_capital(upper[end]):
        end += 1
    letters = upper[start:end]
    if not letters:
        if end < len(upper) and not upper[end].isdigit():
            return _character(text, end, where, _letter_card())
        return InputError(_("{where} {text} has no letter; {help}").format(where=where, text=quoted(text), help=_letter_card()))
    digits_end = end
    while digits_end < len(upper) and upper[digits_end] in "0123456789":
        digits_end += 1
    if digits_end == end:  # no value after the letters
        if end < len(upper):
            return _character(text, end, where, _("after the letter comes the card's value, e.g. {example}").format(example=LETTER_EXAMPLE))
        if len(letters) > 1:
            return InputError(_("{where} {text} is not a card: {help}").format(where=where, text=quoted(text), help=_letter_card()))
        return InputError(_("{where} {text} has no value: {help}").format(where=where, text=quoted(text), help=_letter_card()))
    if not CARD_LETTERS.fullmatch(letters):
        return InputError(_("{where} {text}: a letter card shows one letter (or QU), not {letters}").format(where=where, text=quoted(text), letters=quoted(letters)))
    if digits_end == len(upper):
        return _no_suit(text, where)
    suit, after = upper[digits_end], upper[digits_end + 1 :]
    if SpellSuit.from_code(suit.lower()) is None or not suit.isascii():
        if not _is_capital(suit):
            return _character(text, digits_end, where, _("after the value comes the suit — {help}").format(help=suit_help()))
        word = text[digits_end:]
        code = word if word.isascii() and word.isalpha() else suit
        return _unknown_suit(code, where)
    if not after or _is_capital(after[0]) or after[0] in "*0123456789":
        return InputError(_("{where} {text} goes on after its suit; separate the cards with spaces").format(where=where, text=quoted(text)))
    return _character(text, digits_end + 1, where, _("a letter card ends with its suit, e.g. {example}").format(example=LETTER_EXAMPLE))


def _special_problem(text: str, body: str, where: str, mark: str, shape: str) -> tuple[SpellSuit, str] | InputError:
    """Split SUIT MARK REST (``m:T``, ``m@5``), or the problem with it."""
    suit_code, found, rest = body.partition(mark)
    if not found:
        return InputError(_("{where} {text} needs {mark}: write {shape}").format(where=where, text=quoted(text), mark=quoted(mark), shape=shape))
    if not suit_code:
        return _no_suit(text, where)
    suit = SpellSuit.from_code(suit_code) if len(suit_code) == 1 and suit_code.isascii() else None
    if suit is None:
        return _unknown_suit(suit_code, where)
    if not rest:
        return InputError(_("{where} {text} ends after {mark}: write {shape}").format(where=where, text=quoted(text), mark=quoted(mark), shape=shape))
    return suit, rest


def _double_problem(text: str, body: str, where: str) -> InputError:
    parts = _special_problem(text, body, where, ":", _("DD SUIT : LETTER, e.g. DDm:T"))
    if isinstance(parts, InputError):
        return parts
    return InputError(_("{where} {text}: Double, Double stands for one letter (or QU), not {letters}").format(
        where=where, text=quoted(text), letters=quoted(parts[1])))  # fmt: skip


def _trouble_problem(text: str, body: str, where: str) -> InputError:
    parts = _special_problem(text, body, where, ":", _("TR SUIT : LETTER, e.g. TRc:E"))
    if isinstance(parts, InputError):
        return parts
    return InputError(_("{where} {text}: Trouble stands for one letter A–Z, not {letters}").format(
        where=where, text=quoted(text), letters=quoted(parts[1])))  # fmt: skip


def _toil_problem(text: str, body: str, where: str) -> InputError:
    parts = _special_problem(text, body, where, "@", _("TOIL SUIT @ N, e.g. TOILm@5 for the 5th letter"))
    if isinstance(parts, InputError):
        return parts
    return InputError(_("{where} {text}: after @ comes the number of the letter Toil goes on (1, 2, …)").format(where=where, text=quoted(text)))


def _no_suit(text: str, where: str) -> InputError:
    return InputError(_("{where} {text} has no suit — {help}").format(where=where, text=quoted(text), help=suit_help()))


def _unknown_suit(code: str, where: str) -> InputError:
    return InputError(_("unknown suit {suit} in {where} — {help}").format(suit=quoted(code.lower()), where=where, help=suit_help()))
