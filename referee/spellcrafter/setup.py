"""A Spellcrafter game's setup: players in seating order, the table's rules, the agreed
dictionary and house rules, and, for a game dealt by the referee, the seed and the deck.

House rules (``--house FILE`` at `new`) are kept as the words they add and remove, so
every challenge of the game is judged by the same rules, whatever happens to the file.

A game dealt by the referee (a seed) without a deck of its own uses the stand-in deck;
the deck is stored in the game file, so the game never depends on the shipped file
changing later.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError, quoted
from referee.i18n import _
from referee.lexicon.words import fold
from referee.players import check_names, players_from_setup, seat_of
from referee.fair import Fair
from referee.seeds import check_seed
from referee.spellcrafter.deck import Deck, standin_deck
from referee.spellcrafter.scoring import Variants

PLAYER_COUNTS = (2, 3, 4, 5)
ROUNDS = 4  # "the game ends after four rounds"
DEFAULT_DICTIONARY = "builtin:en"


@dataclass(frozen=True)
class HouseRules:
    """The table's house rules as the game keeps them: the words they add and remove
    (folded, as words are looked up), read once from ``path`` at `new`. ``path`` only
    names where they came from; the same shape as the dictionary's house list, so a
    challenge puts them on top of the game's dictionary."""

    path: str
    added: frozenset[str]
    removed: frozenset[str]

    def to_toml(self) -> dict[str, Any]:
        return {"file": self.path, "add": sorted(self.added), "remove": sorted(self.removed)}

    @classmethod
    def from_toml(cls, table: object) -> HouseRules:
        if not isinstance(table, Mapping):
            raise InputError(_("`house` must be a table: file, add and remove"))
        if set(table) - {"file", "add", "remove"}:
            raise InputError(_("`house` holds file, add and remove, nothing else"))
        if not isinstance(table.get("file"), str):
            raise InputError(_("`file` of `house` must be text, the house rules' file"))
        lists = table.get("add", []), table.get("remove", [])
        if not all(isinstance(words, list) and all(isinstance(word, str) for word in words) for words in lists):
            raise InputError(_("`add` and `remove` of `house` must be lists of words"))
        added, removed = (frozenset(fold(word) for word in words) for words in lists)
        both = sorted(added & removed)
        if both:
            raise InputError(_("{word} is both added and removed by the house rules").format(word=quoted(both[0])))
        return cls(path=table["file"], added=added, removed=removed)


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    variants: Variants = Variants()
    dictionary: str = DEFAULT_DICTIONARY
    seed: str | None = None
    deck: Deck | None = None  # known when the game is dealt by the referee or given --deck
    house: HouseRules | None = None
    fair: Fair | None = None  # a fair game (referee.fair): dealt from its secret and the players' words

    def __post_init__(self) -> None:
        if len(self.players) not in PLAYER_COUNTS:
            raise InputError(_("Spellcrafter is played by 2 to 5 players, not {count}; name 2 to 5 players").format(count=len(self.players)))
        check_names(self.players)
        if self.seed is not None:
            check_seed(self.seed)
        if (self.seed is not None or self.fair is not None) and self.deck is None:
            raise InputError(_("a seeded game needs its deck"))
        if self.seed is not None and self.fair is not None:
            raise InputError(_("a fair game is dealt from its secret and the players' entropy, not from a seed"))

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def two_player(self) -> bool:
        return self.count == 2

    def player(self, name: str) -> int:
        return seat_of(name, self.players)

    def fair_seed(self, number: int) -> str | None:
        """A fair game's seed of deal ``number`` (the game is deal 0: the deck shuffled
        once, its rounds dealt on from it), None while a word of entropy is missing.
        The mode is the number of players: ``4-players``."""
        assert self.fair is not None
        return self.fair.seed("spellcrafter", f"{self.count}-players", number)

    @property
    def dealt_from(self) -> str | None:
        """The seed the game is dealt from: a fair game's deal 0 (None until every word
        is in), or the seed; None with physical cards."""
        return self.seed if self.fair is None else self.fair_seed(0)

    # --- save file ------------------------------------------------------------------

    def to_toml(self) -> dict[str, Any]:
        table: dict[str, Any] = {
            "players": list(self.players),
            "variants": self.variants.names(),
            "dictionary": self.dictionary,
        }
        if self.seed is not None:
            table["seed"] = self.seed
        if self.deck is not None:
            table["deck"] = self.deck.to_toml()
        if self.house is not None:
            table["house"] = self.house.to_toml()
        if self.fair is not None:
            table["fair"] = self.fair.to_toml()
        return table

    @classmethod
    def from_toml(cls, table: Mapping[str, Any]) -> Setup:
        players = players_from_setup(table)
        variants = table.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise InputError(_("`variants` must be a list of names"))
        dictionary = table.get("dictionary", DEFAULT_DICTIONARY)
        seed = table.get("seed")
        if not isinstance(dictionary, str) or (seed is not None and not isinstance(seed, str)):
            raise InputError(_("`dictionary` and `seed` must be text"))
        deck = table.get("deck")
        if deck is not None and not isinstance(deck, Mapping):
            raise InputError(_("`deck` must be a table of suits"))
        house = table.get("house")
        return cls(players=tuple(players), variants=_variants(variants), dictionary=dictionary, seed=seed,
                   deck=None if deck is None else Deck.from_toml(deck),
                   house=None if house is None else HouseRules.from_toml(house),
                   fair=None if "fair" not in table else Fair.from_toml(table["fair"], len(players)))  # fmt: skip

    @classmethod
    def build(
        cls,
        players: Iterable[str],
        variants: Iterable[str] = (),
        dictionary: str = DEFAULT_DICTIONARY,
        seed: str | None = None,
        deck: Deck | None = None,
        house: HouseRules | None = None,
        fair: Fair | None = None,
    ) -> Setup:
        """A new game's setup; a game dealt by the referee uses the stand-in deck unless
        the table gives its own."""
        if (seed or fair) and deck is None:
            deck = standin_deck()
        return cls(players=tuple(players), variants=_variants(variants), dictionary=dictionary, seed=seed, deck=deck, house=house,
                   fair=fair)  # fmt: skip


def _variants(names: Iterable[str]) -> Variants:
    chosen = set()
    for variant in names:
        if variant not in ("friendly", "ddt"):
            raise InputError(_("unknown variant {variant} — use friendly or ddt").format(variant=quoted(variant)))
        chosen.add(variant)
    return Variants(friendly="friendly" in chosen, ddt="ddt" in chosen)
