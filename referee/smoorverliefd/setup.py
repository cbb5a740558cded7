"""A Smoorverliefd match's setup: players in seating order, target, variants, dealer, seed.

Seating order is clockwise, as the players sit; play and the deal go clockwise, so the
player "left of the dealer" (*links van de deler*) is the next one in seating order.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from referee.errors import InputError, choose
from referee.fair.scheme import Fair
from referee.i18n import _
from referee.players import check_names, players_from_setup, seat_of
from referee.seeds import check_seed

PLAYER_COUNTS = (3, 4, 5)
DEFAULT_TARGET = 100
DEFAULT_BID_BONUS = 5
DEFAULT_BID_PENALTY = 5
CUPIDO_PENALTY = 5
DEFAULT_REVOKE_PENALTY = 0  # the rulebook is silent: a revoke is recorded, and costs what the table decides


class Variant(enum.Enum):
    """The rulebook's *gangbare varianten*; they combine where they make sense."""

    TROEF = "troef"  # hearts are trump
    BLINDE_LIEFDE = "blinde-liefde"  # bids before the round: exact +5, miss −5
    PARTNERS = "partners"  # 4 players in fixed duos
    KLEINE_LIEFDE = "kleine-liefde"  # hearts score face value
    CUPIDO = "cupido"  # Cupid's Arrow: a cursed suit costs its biggest collector 5

    @classmethod
    def parse(cls, text: str) -> Variant:
        return cls(choose(text, [v.value for v in cls], "variant"))


@dataclass(frozen=True)
class Setup:
    players: tuple[str, ...]
    target: int = DEFAULT_TARGET
    variants: frozenset[Variant] = frozenset()
    first_dealer: int = 0
    seed: str | None = None
    bid_bonus: int = DEFAULT_BID_BONUS
    bid_penalty: int = DEFAULT_BID_PENALTY
    duos: tuple[tuple[int, int], tuple[int, int]] | None = None
    revoke_penalty: int = DEFAULT_REVOKE_PENALTY
    fair: Fair | None = None  # a fair match (referee.fair.scheme): every round dealt from its secret

    def __post_init__(self) -> None:
        if len(self.players) not in PLAYER_COUNTS:
            raise InputError(_("Smoorverliefd is played by 3, 4 or 5 players, not {count}; name 3 to 5 players").format(count=len(self.players)))
        check_names(self.players)
        if self.target < 1:
            raise InputError(_("the target must be at least 1 point, not {target}").format(target=self.target))
        if self.bid_bonus < 0 or self.bid_penalty < 0:
            raise InputError(_("the bid bonus and the bid penalty are amounts of points: give numbers of 0 or more"))
        if self.revoke_penalty < 0:
            message = _("the revoke penalty is the points a revoke costs: give a number of 0 or more, not {penalty}")
            raise InputError(message.format(penalty=self.revoke_penalty))
        if Variant.PARTNERS in self.variants:
            if len(self.players) != 4:
                raise InputError(_("the partners variant is for 4 players in two duos, not {count}").format(count=len(self.players)))
            if self.duos is None:
                raise InputError(_("the partners variant needs its two duos"))
        elif self.duos is not None:
            raise InputError(_("duos only exist in the partners variant; add the variant partners"))

    @property
    def count(self) -> int:
        return len(self.players)

    def has(self, variant: Variant) -> bool:
        return variant in self.variants

    def player(self, name: str) -> int:
        return seat_of(name, self.players)

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.count

    def fair_seed(self, number: int) -> str | None:
        """A fair match's seed of deal ``number`` (round ``number + 1``), None while a
        word of entropy is missing. The mode is the number of players: ``4-players``."""
        assert self.fair is not None
        return self.fair.seed("smoorverliefd", f"{self.count}-players", number)

    def duo_of(self, seat: int) -> int:
        assert self.duos is not None
        return 0 if seat in self.duos[0] else 1

    def duo_name(self, duo: int) -> str:
        assert self.duos is not None
        first, second = self.duos[duo]
        return f"{self.players[first]} & {self.players[second]}"

    # --- save file ------------------------------------------------------------------

    def to_toml(self) -> dict[str, object]:
        table: dict[str, object] = {
            "players": list(self.players),
            "target": self.target,
            "variants": [v.value for v in Variant if v in self.variants],
            "dealer": self.players[self.first_dealer],
            "revoke_penalty": self.revoke_penalty,
        }
        if self.seed is not None:
            table["seed"] = self.seed
        if self.fair is not None:
            table["fair"] = self.fair.to_toml()
        if self.has(Variant.BLINDE_LIEFDE):
            table["bid_bonus"], table["bid_penalty"] = self.bid_bonus, self.bid_penalty
        if self.duos is not None:
            table["duos"] = [[self.players[a], self.players[b]] for a, b in self.duos]
        return table

    @classmethod
    def from_toml(cls, table: Mapping[str, object]) -> Setup:
        players = players_from_setup(table)
        dealer, seed = table.get("dealer"), table.get("seed")
        return cls.build(
            players,
            target=_int(table, "target", DEFAULT_TARGET),
            variants=_strings(table, "variants"),
            dealer=None if dealer is None else str(dealer),  # as build reads it
            seed=None if seed is None else check_seed(seed),  # text, or the one message
            bid_bonus=_optional_int(table, "bid_bonus"),
            bid_penalty=_optional_int(table, "bid_penalty"),
            duos=table.get("duos"),
            revoke_penalty=_int(table, "revoke_penalty", DEFAULT_REVOKE_PENALTY),
            fair=None if "fair" not in table else Fair.from_toml(table["fair"], len(players)),
        )

    @classmethod
    def build(
        cls,
        players: Iterable[str],
        *,
        target: int = DEFAULT_TARGET,
        variants: Iterable[str] = (),
        dealer: str | None = None,
        seed: str | None = None,
        bid_bonus: int | None = None,
        bid_penalty: int | None = None,
        duos: object = None,
        revoke_penalty: int = DEFAULT_REVOKE_PENALTY,
        fair: Fair | None = None,
    ) -> Setup:
        """A setup from what people type: names, variant names, the dealer's name.

        ``bid_bonus`` / ``bid_penalty`` are None when not given: they belong to
        blinde-liefde and default to +5 / −5 there.
        """
        players = tuple(players)
        chosen = frozenset(Variant.parse(v) for v in variants)
        if (bid_bonus is not None or bid_penalty is not None) and Variant.BLINDE_LIEFDE not in chosen:
            raise InputError(_("the bid bonus and the bid penalty belong to the blinde-liefde variant; add the variant blinde-liefde"))
        bid_bonus = DEFAULT_BID_BONUS if bid_bonus is None else bid_bonus
        bid_penalty = DEFAULT_BID_PENALTY if bid_penalty is None else bid_penalty
        if seed is not None:
            check_seed(seed)
        if seed is not None and fair is not None:
            raise InputError(_("a fair match is dealt from its secret and the players' entropy, not from a seed"))
        # Default duos sit opposite each other: seats 1+3 and 2+4.
        pairs = ((0, 2), (1, 3)) if Variant.PARTNERS in chosen and len(players) == 4 else None
        draft = cls(players=players, target=target, variants=chosen, seed=seed, bid_bonus=bid_bonus, bid_penalty=bid_penalty, duos=pairs)
        first_dealer = 0 if dealer is None else draft.player(str(dealer))
        if duos is not None:
            pairs = _duos(draft, duos)
        return replace(draft, first_dealer=first_dealer, duos=pairs, revoke_penalty=revoke_penalty, fair=fair)


def _duos(setup: Setup, duos: object) -> tuple[tuple[int, int], tuple[int, int]]:
    """Duos from names: ``[["Anna", "Cees"], ["Bram", "Daan"]]`` or just the first pair."""
    if not isinstance(duos, list | tuple) or not duos:
        raise InputError(_("duos are two pairs of names, e.g. Anna+Cees"))
    first = duos[0]
    if not isinstance(first, list | tuple) or len(first) != 2:
        raise InputError(_("a duo is two players, e.g. Anna+Cees"))
    a, b = (setup.player(str(name)) for name in first)
    if a == b:
        raise InputError(_("a duo is two different players"))
    rest = tuple(seat for seat in range(4) if seat not in (a, b))
    pairs = ((min(a, b), max(a, b)), (rest[0], rest[1]))
    if len(duos) > 1 and sorted(setup.player(str(n)) for n in duos[1]) != list(pairs[1]):
        raise InputError(_("the two duos must hold all four players once each"))
    return pairs


def _int(table: Mapping[str, object], key: str, default: int) -> int:
    value = table.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise InputError(_("`{key}` must be a whole number").format(key=key))
    return value


def _optional_int(table: Mapping[str, object], key: str) -> int | None:
    return None if key not in table else _int(table, key, 0)


def _strings(table: Mapping[str, object], key: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(_("`{key}` must be a list of names").format(key=key))
    return value
