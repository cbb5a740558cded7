"""The Spellcrafter deck file (SPEC §5.4).

The rulebook does not list the letters and values of its 140 cards, so a deck is a TOML
file: per suit, its letter cards (letter, value, count) and its special cards::

    format = "referee/spellcrafter-deck"
    version = 1
    name = "Our box"

    [familiars]
    specials = ["double-double", "toil", "trouble"]
    letters = [
        { letter = "A", value = 1, count = 2 },
        { letter = "QU", value = 10, count = 1 },
    ]

and the same for ``sigils``, ``cauldrons`` and ``moons``; any other key or table (a
misspelled ``[moon]``) is refused with the nearest spelling. The Qu card is one card,
listed as ``QU``: a plain ``Q`` is refused (in a word, ``Q10m`` is that card played
without its U). The deck's order before
shuffling is the file's: suits familiars, sigils, cauldrons, moons; in each suit its
letter cards in the order listed (each repeated ``count`` times), then its special cards.
``examples/spellcrafter-deck.toml`` is a clearly labelled stand-in; :func:`template` is a
blank one to fill in from a box.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from referee.errors import InputError, Refused, nearest, quoted
from referee.i18n import _
from referee.game import Refusal, refuse
from referee.spellcrafter.cards import CARD_LETTERS, QU, Special, SpellCard, SpellSuit
from referee.spellcrafter.notation import LetterToken, Token
from referee.spellcrafter.refusals import FORMAT as GAME_FORMAT
from referee.spellcrafter.refusals import Rule

FORMAT = "referee/spellcrafter-deck"
VERSION = 1
HEADER_KEYS = ("format", "version", "name")
SUIT_KEYS = ("letters", "specials")
STANDIN_FILE = "spellcrafter-deck.toml"
#: The stand-in deck's name in its file (and in a save file, a deal's JSON); people read
#: it in their language (:func:`referee.spellcrafter.voice.deck_name`).
STANDIN_NAME = "referee stand-in deck (not the real card values)"
CARDS_PER_SUIT = 35  # "35 cards of each suit … including 3 special cards of each suit"
SPECIALS_PER_SUIT = 3
#: The letter values of the stand-in deck, which a game without a deck file accepts.
STANDIN_VALUES = range(1, 11)


@dataclass(frozen=True)
class Deck:
    """A deck: its name and its cards in the file's order."""

    name: str
    cards: tuple[SpellCard, ...]

    def suits(self) -> tuple[SpellSuit, ...]:
        return tuple(suit for suit in SpellSuit if any(card.suit is suit for card in self.cards))

    def without(self, suit: SpellSuit) -> Deck:
        """The deck with one suit removed (two players: "remove the Familiars")."""
        return Deck(name=self.name, cards=tuple(card for card in self.cards if card.suit is not suit))

    def count(self, card: SpellCard) -> int:
        return sum(1 for mine in self.cards if mine == card)

    def same_letter(self, card: SpellCard) -> list[SpellCard]:
        """The deck's cards of ``card``'s suit and letter (for a helpful message)."""
        return sorted({mine for mine in self.cards if mine.suit is card.suit and mine.letters == card.letters},
                      key=lambda mine: mine.value)  # fmt: skip

    def warnings(self) -> list[str]:
        """What differs from the rulebook's deck: 35 cards a suit, 3 of them special."""
        found = []
        for suit in SpellSuit:
            cards = [card for card in self.cards if card.suit is suit]
            specials = sum(1 for card in cards if card.special is not None)
            if len(cards) != CARDS_PER_SUIT or specials != SPECIALS_PER_SUIT:
                found.append(_("{suit} has {cards} cards ({specials} special); the rulebook's suits have {per_suit} ({special} special)").format(
                    suit=suit.label, cards=len(cards), specials=specials, per_suit=CARDS_PER_SUIT, special=SPECIALS_PER_SUIT))  # fmt: skip
        return found

    def to_toml(self) -> dict[str, object]:
        """The deck as a deck file's tables (also how a game file stores it)."""
        table: dict[str, object] = {"name": self.name}
        for suit in SpellSuit:
            letters: Counter[tuple[str, int]] = Counter()
            specials = []
            for card in self.cards:
                if card.suit is not suit:
                    continue
                if card.special is None:
                    letters[(card.letters, card.value)] += 1
                else:
                    specials.append(card.special.value)
            rows = [{"letter": letter, "value": value, "count": count} for (letter, value), count in letters.items()]
            table[suit.label] = {"specials": specials, "letters": rows}
        return table

    @classmethod
    def from_toml(cls, document: Mapping[str, object]) -> Deck:
        """A deck from a deck file's tables; ``InputError`` names the first bad entry."""
        _check_keys(document, [suit.label for suit in SpellSuit], HEADER_KEYS)
        name = document.get("name", "unnamed deck")
        if not isinstance(name, str):
            raise InputError(_("the deck's `name` must be text"))
        cards: list[SpellCard] = []
        for suit in SpellSuit:
            table = document.get(suit.label, {})
            if not isinstance(table, Mapping):
                raise InputError(_("[{suit}] must be a table with `letters` and `specials`").format(suit=suit.label))
            _check_keys(table, (), SUIT_KEYS, f"[{suit.label}] ")
            cards += _letter_cards(suit, table.get("letters", []))
            cards += _special_cards(suit, table.get("specials", []))
        if not cards:
            raise InputError(_("the deck has no cards: fill in [familiars], [sigils], [cauldrons] and [moons]"))
        return cls(name=name, cards=tuple(cards))


def _check_keys(table: Mapping[str, object], tables: Sequence[str], keys: Sequence[str], where: str = "") -> None:
    """Refuse a key or table the deck file does not have: a misspelled ``[moon]`` would
    otherwise leave the moons silently empty."""
    for key, value in table.items():
        if key in tables or key in keys:
            continue
        shown = key if key.isprintable() else quoted(key)
        if isinstance(value, Mapping) and tables:
            guess = nearest(key, tables)
            if guess:
                hint = _("did you mean [{guess}]?").format(guess=guess)
            else:
                hint = _("the tables are {tables}").format(tables=", ".join(f"[{name}]" for name in tables))
            raise InputError(where + _("unknown table [{table}] — {hint}").format(table=shown, hint=hint))
        guess = nearest(key, keys)
        if guess:
            hint = _("did you mean `{guess}`?").format(guess=guess)
        else:
            hint = _("the keys are {keys}").format(keys=", ".join(f"`{name}`" for name in keys))
        raise InputError(where + _("unknown key `{key}` — {hint}").format(key=shown, hint=hint))


def _letter_cards(suit: SpellSuit, rows: object) -> list[SpellCard]:
    where = _("[{suit}] letters").format(suit=suit.label)
    if not isinstance(rows, list):
        raise InputError(_("{where} must be a list like {example}").format(where=where, example='[{ letter = "A", value = 1, count = 2 }]'))
    cards: list[SpellCard] = []
    seen: set[tuple[str, int]] = set()
    for number, row in enumerate(rows, start=1):
        if not isinstance(row, Mapping) or set(row) != {"letter", "value", "count"}:
            raise InputError(_("{where}, entry {number}: write {example}").format(where=where, number=number, example='{ letter = "A", value = 1, count = 2 }'))
        letter, value, count = row["letter"], row["value"], row["count"]
        if not isinstance(letter, str) or not letter.isascii() or not CARD_LETTERS.fullmatch(letter.upper()):
            raise InputError(_("{where}, entry {number}: the letter is one letter A–Z or QU, not {letter}").format(
                where=where, number=number, letter=quoted(str(letter))))  # fmt: skip
        if letter.upper() == "Q":
            raise InputError(_("{where}, entry {number}: the Qu card is one card, written QU in a deck file "
                               "(in a word, Q10m is that card played without its U)").format(where=where, number=number))  # fmt: skip
        for key, number_value, low in (("value", value, 0), ("count", count, 0)):
            if not isinstance(number_value, int) or isinstance(number_value, bool) or not low <= number_value <= 99:
                raise InputError(_("{where}, entry {number} ({letter}): `{key}` must be a whole number from 0 to 99").format(
                    where=where, number=number, letter=letter, key=key))  # fmt: skip
        if (letter.upper(), value) in seen:
            raise InputError(_("{where}: {letter} with value {value} is listed twice; add up the counts").format(
                where=where, letter=letter.upper(), value=value))  # fmt: skip
        seen.add((letter.upper(), value))
        cards += [SpellCard(suit, letter.upper(), value)] * count
    return cards


def _special_cards(suit: SpellSuit, names: object) -> list[SpellCard]:
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise InputError(_("[{suit}] specials must be a list like {example}").format(suit=suit.label, example='["double-double", "toil", "trouble"]'))
    cards = []
    for name in names:
        special = next((s for s in Special if name.lower() in (s.value, s.code.lower())), None)
        if special is None:
            raise InputError(_("[{suit}] specials: unknown special card {name} — use double-double, toil or trouble").format(suit=suit.label, name=quoted(name)))
        cards.append(SpellCard(suit, special=special))
    return cards


def box_refusal(tokens: Sequence[Token], deck: Deck | None, game: bool = True) -> Refusal | None:
    """The cards of a word must be the box's, or they are a typo (an unusable refusal,
    exit 2): with a deck file, a card it does not hold at all (``game``: the deck is the
    game's, else one given with the word); without one, a value outside the stand-in
    deck's 1 to 10 (``K66m``). The one check of a game's words and of `spell score` and
    `spell challenge` with card tokens."""
    if deck is None:
        for token in tokens:
            if isinstance(token, LetterToken) and token.value not in STANDIN_VALUES:
                return refuse(Rule.VALUE_OUT_OF_RANGE, unusable=True, token=token)
        return None
    return cards_refusal([token.card for token in tokens], deck, game)


def cards_refusal(cards: Sequence[SpellCard], deck: Deck, game: bool = True) -> Refusal | None:
    """A card the deck does not hold at all is a typo (an unusable refusal, exit 2)."""
    for card in dict.fromkeys(cards):
        if deck.count(card) == 0:
            return refuse(Rule.NOT_IN_DECK, unusable=True, card=card, deck=deck, game=game)
    return None


def check_values(tokens: Sequence[Token], deck: Deck | None) -> None:
    """:func:`box_refusal` for a word outside a game (`spell score`, `spell challenge`):
    raised as :class:`~referee.errors.Refused`."""
    refusal = box_refusal(tokens, deck, game=False)
    if refusal is not None:
        raise Refused(refusal, GAME_FORMAT, None)


class MissingDeckFile(InputError):
    """No file at the deck file's path (exit 2); ``path`` is kept for the command line,
    which says how to write one."""

    def __init__(self, path: Path) -> None:
        super().__init__(_("no such deck file: {path}").format(path=path))
        self.path = path


def load_deck(path: Path | str) -> Deck:
    """Read a deck file; any problem is an ``InputError`` naming the file."""
    import tomllib

    path = Path(path)
    from referee.files import regular_file

    regular_file(path, "deck file")
    if path.is_dir():
        raise InputError(_("{path} is a folder, not a deck file; name the deck file, e.g. my-box.toml").format(path=path))
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MissingDeckFile(path) from None
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(_("cannot read the deck file {path}: {reason}").format(path=path, reason=getattr(error, "strerror", None) or error)) from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(_("the deck file {path} is not valid TOML: {error}").format(path=path, error=error)) from None
    if document.get("format") != FORMAT:
        raise InputError(_("{path} is not a Spellcrafter deck file (it needs format = {format})").format(path=path, format=f'"{FORMAT}"'))
    version = document.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise InputError(_("{path} has deck-file version {version}; this referee reads version {known}").format(path=path, version=repr(version), known=VERSION))
    try:
        return Deck.from_toml(document)
    except InputError as error:
        raise InputError(_("deck file {path}: {error}").format(path=path, error=error)) from None


def standin_deck() -> Deck:
    """The labelled stand-in deck shipped in ``examples/``."""
    from referee.data import example

    return load_deck(example(STANDIN_FILE))


def template() -> str:
    """A blank deck file: every letter of every suit at value 0 and count 0, to fill in.

    The Qu card takes the Q row: it is listed once, as QU."""
    lines = [
        "# A Spellcrafter deck file for `referee`: fill in each letter card's value and how",
        "# many of it the suit holds (leave count = 0 for letters the suit does not have).",
        "# The rulebook's deck has 35 cards a suit, 3 of them special.",
        "# Check it with `referee spell deck FILE`; use it with --deck FILE.",
        f'format = "{FORMAT}"',
        f"version = {VERSION}",
        'name = "My Spellcrafter box"',
    ]
    letters = [QU if code == ord("Q") else chr(code) for code in range(ord("A"), ord("Z") + 1)]
    for suit in SpellSuit:
        lines += ["", f"[{suit.label}]", 'specials = ["double-double", "toil", "trouble"]', "letters = ["]
        lines += [f'    {{ letter = "{letter}", value = 0, count = 0 }},' for letter in letters]
        lines.append("]")
    return "\n".join(lines) + "\n"
