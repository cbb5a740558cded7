"""A Spellcrafter game's setup: players in seating order, the table's rules, the agreed
dictionary, and, for a game dealt by the referee, the seed and the deck."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.errors import InputError, quoted
from referee.players import check_names, seat_of
from referee.spellcrafter.deck import Deck
from referee.spellcrafter.scoring import Variants

PLAYER_COUNTS = (2, 3, 4, 5)
DEFAULT_DICTIONARY = "builtin:en"


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    variants: Variants = Variants()
    dictionary: str = DEFAULT_DICTIONARY
    seed: str | None = None
    deck: Deck | None = None  # known when the game is dealt by the referee or given --deck

    def __post_init__(self) -> None:
        if len(self.players) not in PLAYER_COUNTS:
            raise InputError(f"Spellcrafter is played by 2 to 5 players, not {len(self.players)}; name 2 to 5 players")
        check_names(self.players)
        if self.seed is not None and self.deck is None:
            raise InputError("a seeded game needs its deck")
        if self.seed == "":
            raise InputError("the seed is empty; give any text or leave --seed out")

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def two_player(self) -> bool:
        return self.count == 2

    def player(self, name: str) -> int:
        return seat_of(name, self.players)

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
        return table

    @classmethod
    def from_toml(cls, table: Mapping[str, Any]) -> Setup:
        players = table.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise InputError("`players` must be a list of names")
        variants = table.get("variants", [])
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise InputError("`variants` must be a list of names")
        dictionary = table.get("dictionary", DEFAULT_DICTIONARY)
        seed = table.get("seed")
        if not isinstance(dictionary, str) or (seed is not None and not isinstance(seed, str)):
            raise InputError("`dictionary` and `seed` must be text")
        deck = table.get("deck")
        if deck is not None and not isinstance(deck, Mapping):
            raise InputError("`deck` must be a table of suits")
        return cls.build(players, variants, dictionary, seed, None if deck is None else Deck.from_toml(deck))

    @classmethod
    def build(
        cls,
        players: Iterable[str],
        variants: Iterable[str] = (),
        dictionary: str = DEFAULT_DICTIONARY,
        seed: str | None = None,
        deck: Deck | None = None,
    ) -> Setup:
        names = set()
        for variant in variants:
            if variant not in ("friendly", "ddt"):
                raise InputError(f"unknown variant {quoted(variant)} — use friendly or ddt")
            names.add(variant)
        return cls(tuple(players), Variants("friendly" in names, "ddt" in names), dictionary, seed, deck)
