"""A Spellcrafter game's setup: players in seating order, the table's rules, the agreed
dictionary and house rules, and, for a game dealt by the referee, the seed and the deck.

House rules (``--house FILE`` at `new`) are kept as the words they add and remove, so
every challenge of the game is judged by the same rules, whatever happens to the file.

A game dealt by the referee (a seed) without a deck of its own uses the stand-in deck;
the deck is stored in the game file, so the game never depends on the shipped file
changing later. Such a game is drafted through the referee (``draft``: every pick is an
event, :mod:`referee.spellcrafter.draft`), unless the table drafts with real cards laid
out from the deal; files written before the draft was modelled have no ``draft`` and are
read as drafted with real cards. A drafted game keeps the crafting clock's length
(``craft_time``, seconds: "2 minutes to craft one word"); the Friendly Rules have none
("During scoring there is no time limit").

Teams ("with more than 5 players it is recommended to divide into teams and play using
the standard rules"): each seat is a team, named by its members joined with ``+``
(``Anna+Bram``); an entry may name the team or any one member.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from referee.errors import InputError, quoted
from referee.i18n import _
from referee.lexicon.words import fold
from referee.players import check_names, folded, players_from_setup, seat_of
from referee.fair.scheme import Fair
from referee.seeds import check_seed
from referee.spellcrafter.deck import Deck, standin_deck
from referee.spellcrafter.scoring import Variants

PLAYER_COUNTS = (2, 3, 4, 5)
ROUNDS = 4  # "the game ends after four rounds"
DEFAULT_DICTIONARY = "builtin:en"
CRAFT_TIME = 120  # "have 2 minutes to craft one word", in seconds
LONGEST_CRAFT_TIME = 3600
TEAM_JOIN = "+"


@dataclass(frozen=True)
class HouseRules:
    """The table's house rules as the game keeps them: the words they add and remove
    (folded, as words are looked up), read once from ``path`` at `new`. ``path`` only
    names where they came from; the same shape as the dictionary's house list, so a
    challenge puts them on top of the game's dictionary."""

    path: str
    added: frozenset[str]
    removed: frozenset[str]

    def to_toml(self) -> dict[str, object]:
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
    fair: Fair | None = None  # a fair game (referee.fair.scheme): dealt from its secret and the players' words
    draft: bool = False  # drafted through the referee, pick by pick
    craft_time: int | None = None  # the crafting clock, in seconds (None: no clock)
    teams: bool = False  # each seat a team, named by its members joined with +

    def __post_init__(self) -> None:
        if len(self.players) not in PLAYER_COUNTS:
            if self.teams:
                raise InputError(_("Spellcrafter is played by 2 to 5 teams, not {count}; name 2 to 5 teams").format(count=len(self.players)))
            raise InputError(_("Spellcrafter is played by 2 to 5 players, not {count}; name 2 to 5 players").format(count=len(self.players)))
        check_names(self.players)
        if self.teams:
            check_names([member for seat in range(self.count) for member in self.members(seat)])
            if all(len(self.members(seat)) == 1 for seat in range(self.count)):
                raise InputError(_("no team has two members: name each team by its members joined with +, e.g. Anna+Bram"))
        if self.draft and self.seed is None and self.fair is None:
            raise InputError(_("only a game dealt by the referee (a seed, or a fair deal) can be drafted through it"))
        if self.craft_time is not None:
            if not self.draft:
                raise InputError(_("the crafting clock starts when the draft ends: only a drafted game has one"))
            if self.variants.friendly:
                raise InputError(_("the friendly rules have no time limit for crafting"))
            if not 1 <= self.craft_time <= LONGEST_CRAFT_TIME:
                raise InputError(_("the crafting time is 1 to {longest} seconds, not {time}").format(longest=LONGEST_CRAFT_TIME, time=self.craft_time))
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
        """The rulebook's two-player rules (Familiars removed, 14 cards, a discard with each
        pick): two players, not two teams ("divide into teams and play using the standard
        rules")."""
        return self.count == 2 and not self.teams

    def player(self, name: str) -> int:
        """The seat ``name`` stands for; in a team game a member's name stands for the team
        too, and a name that could be two teams (``An`` with Ann in one and Anna in the
        other) is refused as ambiguous, as it is between two players."""
        if not self.teams:
            return seat_of(name, self.players)
        names: list[str] = [*self.players, *(member for seat in range(self.count) for member in self.members(seat))]
        seats: list[int] = [*range(self.count), *(seat for seat in range(self.count) for _member in self.members(seat))]
        for matches in (lambda typed, known: typed.strip().casefold() == known.casefold(),
                        lambda typed, known: folded(typed) == folded(known),
                        lambda typed, known: bool(folded(typed)) and folded(known).startswith(folded(typed))):  # fmt: skip
            found = [index for index, known in enumerate(names) if matches(name, known)]
            if len({seats[index] for index in found}) == 1:
                return seats[found[0]]
            if found:
                return seats[found[seat_of(name, [names[index] for index in found])]]  # refused: it could be either
        return seats[seat_of(name, names)]  # refused: the nearest name

    def members(self, seat: int) -> tuple[str, ...]:
        """The people playing ``seat``: its team's members, or its one player."""
        name = self.players[seat]
        return tuple(member.strip() for member in name.split(TEAM_JOIN)) if self.teams else (name,)

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

    def to_toml(self) -> dict[str, object]:
        table: dict[str, object] = {
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
        if self.draft:
            table["draft"] = True
        if self.craft_time is not None:
            table["craft_time"] = self.craft_time
        if self.teams:
            table["teams"] = True
        return table

    @classmethod
    def from_toml(cls, table: Mapping[str, object]) -> Setup:
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
        draft, teams, craft_time = table.get("draft", False), table.get("teams", False), table.get("craft_time")
        if not isinstance(draft, bool) or not isinstance(teams, bool):
            raise InputError(_("`draft` and `teams` must be true or false"))
        if craft_time is not None and (not isinstance(craft_time, int) or isinstance(craft_time, bool)):
            raise InputError(_("`craft_time` must be a whole number of seconds"))
        return cls(players=tuple(players), variants=_variants(variants), dictionary=dictionary, seed=seed,
                   deck=None if deck is None else Deck.from_toml(deck),
                   house=None if house is None else HouseRules.from_toml(house),
                   fair=None if "fair" not in table else Fair.from_toml(table["fair"], len(players)),
                   draft=draft, craft_time=craft_time, teams=teams)  # fmt: skip

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
        draft: bool | None = None,
        craft_time: int | None = None,
        teams: bool = False,
    ) -> Setup:
        """A new game's setup; a game dealt by the referee uses the stand-in deck unless
        the table gives its own, and is drafted through the referee unless ``draft`` is
        False (real cards laid out from the deal), with the rulebook's two-minute clock
        unless ``craft_time`` says otherwise (the Friendly Rules have none)."""
        if (seed or fair) and deck is None:
            deck = standin_deck()
        chosen = _variants(variants)
        drafted = bool(seed or fair) if draft is None else draft
        if drafted and craft_time is None and not chosen.friendly:
            craft_time = CRAFT_TIME
        return cls(players=tuple(players), variants=chosen, dictionary=dictionary, seed=seed, deck=deck, house=house,
                   fair=fair, draft=drafted, craft_time=craft_time, teams=teams)  # fmt: skip


def _variants(names: Iterable[str]) -> Variants:
    chosen = set()
    for variant in names:
        if variant not in ("friendly", "ddt"):
            raise InputError(_("unknown variant {variant} — use friendly or ddt").format(variant=quoted(variant)))
        chosen.add(variant)
    return Variants(friendly="friendly" in chosen, ddt="ddt" in chosen)
