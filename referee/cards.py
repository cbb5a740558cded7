"""Card notation (SPEC §2): the French 52-card deck.

Each game's own notation lives in its package (Smitten's placements in
:mod:`referee.smitten.notation`).

Parsing is case-insensitive and forgiving about separators; printing always gives the
canonical form used in JSON and save files (``"10S"``, ``"AH"``).

Three notations are read, always rank first, then suit:

- English letters: ranks 2–10, T (=10), J, Q, K, A; suits C, D, H, S (``QS``, ``10h``);
- symbols: the same ranks, or the Dutch ones, before ♣ ♦ ♥ ♠ (``Q♠``, ``V♠``);
- Dutch letters: ranks 2–10, B (boer), V (vrouw), H (heer), A (aas); suits S (schoppen),
  H (harten), K (klaveren), R (ruiten): ``vs`` vrouw schoppen, ``hh`` heer harten,
  ``bk`` boer klaveren, ``10r`` tien ruiten.

**The rule for tokens that read differently in the two notations**: a token is read in
the notation in which it is a card, and no token is a card in both with two meanings
(``tests/test_cards.py`` reads every two- and three-character token both ways). The
letters that differ are K and H: K is the king in English and klaveren (clubs) in Dutch,
H is hearts in both but also heer (king) in Dutch. So ``KH`` is the king of hearts (K is
no Dutch rank) and ``HK`` the heer klaveren, the king of clubs (K is no English suit);
``HH`` is the heer harten, the king of hearts. A Dutch table that says the suit first
("klaverheer") still writes the rank first: ``HK``, never ``KH``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.i18n import _


class Suit(enum.Enum):
    """The four French suits, in the canonical deck order (clubs first)."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
# Letters, the usual symbols and their outlined twins, all mapped to a suit.
_SUIT_NAMES = {
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}  # fmt: skip

#: Rank values 2..14 and how each is written canonically.
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}  # fmt: skip
_RANK_VALUES = {name: value for value, name in RANK_NAMES.items()} | {"T": 10}
#: How a Dutch table writes the ranks: aas, heer, vrouw, boer.
DUTCH_RANK_NAMES = RANK_NAMES | {11: "B", 12: "V", 13: "H"}
_DUTCH_RANK_VALUES = {name: value for value, name in DUTCH_RANK_NAMES.items()}
#: How a Dutch table writes the suits in letters: klaveren, ruiten, harten, schoppen.
DUTCH_SUIT_LETTERS = {Suit.CLUBS: "K", Suit.DIAMONDS: "R", Suit.HEARTS: "H", Suit.SPADES: "S"}
_DUTCH_SUITS = {letter: suit for suit, letter in DUTCH_SUIT_LETTERS.items()}

_SEPARATORS = " ,;\t"
_SYMBOLS = "♣♦♥♠♧♢♡♤"
_CARD_AT = re.compile(
    rf"(10|[2-9TJQKA])([CDHS{_SYMBOLS}])"  # English letters, or symbols
    rf"|(10|[2-9BVHA])([SHKR{_SYMBOLS}])",  # Dutch letters, or Dutch ranks before symbols
    re.IGNORECASE | re.ASCII,
)


def _rank_help() -> str:
    return _("ranks are 2–10 (or T), J, Q, K, A")


def _suit_help() -> str:
    return _("suits are C, D, H, S (or ♣ ♦ ♥ ♠)")



@dataclass(frozen=True)
class Card:
    """One card of the French deck: ``rank`` 2..14 (J=11, Q=12, K=13, A=14) and suit."""

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if self.rank not in RANK_NAMES:
            raise InputError(_("rank {rank} is not a card rank; {help}").format(rank=self.rank, help=_rank_help()))

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit.value

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank]

    @property
    def symbol(self) -> str:
        """The card as people write it: ``10♠``."""
        return RANK_NAMES[self.rank] + self.suit.symbol

    @property
    def dutch_rank_name(self) -> str:
        """The rank as a Dutch table writes it: A, H (heer), V (vrouw), B (boer), 10 … 2."""
        return DUTCH_RANK_NAMES[self.rank]

    @property
    def dutch_symbol(self) -> str:
        """The card as a Dutch table writes it: ``H♥``, ``10♠``."""
        return self.dutch_rank_name + self.suit.symbol

    @property
    def dutch_letters(self) -> str:
        """The card in Dutch letters: ``VS`` (vrouw schoppen), ``10R``."""
        return self.dutch_rank_name + DUTCH_SUIT_LETTERS[self.suit]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Canonical deck order: by suit (♣ ♦ ♥ ♠), then rank (2 … A)."""
        return (list(Suit).index(self.suit), self.rank)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse exactly one card, e.g. ``AH``, ``10s``, ``T♠``, ``q♥``; ``str`` prints it.

        >>> [str(Card.parse(text)) for text in ("AH", "10s", "T♠", "q♥")]
        ['AH', '10S', '10S', 'QH']
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise InputError(_("{text} holds {count} cards; expected exactly one card").format(text=quoted(text), count=len(cards)))
        return cards[0]


_SUIT_WORDS = {
    "clubs": Suit.CLUBS, "club": Suit.CLUBS, "klaveren": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS, "diamond": Suit.DIAMONDS, "ruiten": Suit.DIAMONDS,
    "hearts": Suit.HEARTS, "heart": Suit.HEARTS, "harten": Suit.HEARTS,
    "spades": Suit.SPADES, "spade": Suit.SPADES, "schoppen": Suit.SPADES,
}  # fmt: skip


def parse_suit(text: str) -> Suit:
    """A suit on its own: ``S``, ``♠``, ``spades`` (or the Dutch ``schoppen``)."""
    word = text.strip()
    suit = _SUIT_NAMES.get(word.upper()) or _SUIT_WORDS.get(word.lower())
    if suit is None:
        message = _("unknown suit {suit}; {help}, or spelled out: clubs, diamonds, hearts, spades")
        raise InputError(message.format(suit=quoted(text), help=_suit_help()))
    return suit


def french_deck() -> list[Card]:
    """The canonical unshuffled deck: clubs, diamonds, hearts, spades, each 2 … A."""
    return [Card(rank, suit) for suit in Suit for rank in RANK_NAMES]


def parse_cards(text: str) -> list[Card]:
    """Parse any number of cards separated by spaces or commas, or written together.

    ``"AS KS,2H 10s"`` and ``"ASKS2H10S"`` both give four cards: the notation is
    unambiguous because every card ends in a suit.

    >>> [str(card) for card in parse_cards("AS KS,2H 10s")] == [str(card) for card in parse_cards("ASKS2H10S")]
    True
    """
    cards: list[Card] = []
    pos = 0
    while pos < len(text):
        if text[pos] in _SEPARATORS:
            pos += 1
            continue
        match = _CARD_AT.match(text, pos)
        if match is None:
            raise InputError(_explain_bad_card(text, pos))
        rank, suit, dutch_rank, dutch_suit = match.groups()
        if dutch_rank is not None:
            suit_read = _SUIT_NAMES.get(dutch_suit) or _DUTCH_SUITS[dutch_suit.upper()]
            cards.append(Card(_DUTCH_RANK_VALUES[dutch_rank.upper()], suit_read))
        else:
            cards.append(Card(_RANK_VALUES[rank.upper()], _SUIT_NAMES[suit.upper()]))
        pos = match.end()
    if not cards:
        raise InputError(_("no card given in {text}; write cards like AH, 10S, T♠, q♥").format(text=quoted(text)))
    return cards


def _explain_bad_card(text: str, pos: int) -> str:
    """Say precisely what is wrong with the token starting at ``pos``."""
    end = pos
    while end < len(text) and text[end] not in _SEPARATORS:
        end += 1
    token = text[pos:end]
    where = _(" in {text}").format(text=quoted(text)) if token != text.strip() else ""
    head = token[:2] if token[:2] == "10" else token[:1]
    rest = token[len(head):]
    is_rank = head.upper() in _RANK_VALUES or head.upper() in _DUTCH_RANK_VALUES
    suit_first = head.upper() in _SUIT_NAMES and _CARD_AT.fullmatch(rest + head) is not None
    if not is_rank or suit_first:
        if head.upper() in _SUIT_NAMES:
            message = _("card {card}{where} starts with a suit; write the rank first, as in A{suit}")
            return message.format(card=quoted(token), where=where, suit=head.upper())
        hint = _(" (did you mean 10 or A?)") if head == "1" else ""
        message = _("unknown rank {rank} in card {card}{where}; {help}{hint}")
        return message.format(rank=quoted(head), card=quoted(token), where=where, help=_rank_help(), hint=hint)
    if not rest:
        message = _("card {card}{where} has no suit; {help}, as in {rank}H")
        return message.format(card=quoted(token), where=where, help=_suit_help(), rank=head.upper())
    return _("unknown suit {suit} in card {card}{where}; {help}").format(suit=quoted(rest[0]), card=quoted(token), where=where, help=_suit_help())
