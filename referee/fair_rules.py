"""The players' entropy, an entry of every fair game (:mod:`referee.fair`).

:func:`with_entropy` puts it on a game's rules (:class:`referee.game.Rules`) once for all
games: a ``{"kind": "entropy", "player": …, "word": …}`` event decodes to
:class:`GiveEntropy`, and its effect is :class:`EntropyGiven`. The words are given in
seat order (seat 1 first): the secret's holder, who could try words until the deal suits
them if they gave theirs last, gives in a fixed place known before anyone else's word
(the README's "Fair deals" says what this does and does not protect against).

Until every seat has given its word no card is dealt: each game deals nothing while its
``setup.fair`` is incomplete (:meth:`referee.fair.Fair.seed` is None), and here every
other entry is refused with :attr:`FairRule.WAITING_FOR_ENTROPY`, naming the seat whose
word is due. The last word restarts the game from its setup with every word in it: no
entry of the game can come before it, so nothing is lost.

Typing: the game's actions and effects are the wrapped rules' own; :class:`GiveEntropy`
only ever arrives decoded from an event (the engine's ``record`` with a mapping), and
its effect goes to generic code (`referee entropy`), which words it with
:mod:`referee.fair_voice`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any, Generic, NamedTuple, TypeVar

from referee.errors import InputError, Refused
from referee.fair import Fair, check_word
from referee.i18n import _
from referee.game import Outcome, Refusal, Rules, Step, distinct, refuse

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")

KIND = "entropy"


class FairRule(enum.Enum):
    """The rules of the entropy entries."""

    WAITING_FOR_ENTROPY = "no card is dealt before every seat gave entropy"  # seat: whose word is due
    OUT_OF_TURN = "entropy is given in seat order"  # seat: who tried, due: whose word is due
    ALL_GIVEN = "every seat has given entropy"  # seat
    NOT_FAIR = "only a fair game takes entropy"  # unusable


@distinct
class GiveEntropy(NamedTuple):
    """A seat's word of entropy."""

    seat: int
    word: str


@distinct
class EntropyGiven(NamedTuple):
    """A word was recorded; ``dealt``: it was the last one, the cards are dealt now."""

    seat: int
    word: str
    dealt: bool


def fair_of(state: object) -> Fair | None:
    """The fair record of any game's state (its ``setup.fair``), None when not fair."""
    found = getattr(getattr(state, "setup", None), "fair", None)
    return found if isinstance(found, Fair) else None


def waiting(state: object) -> Refusal | None:
    """The refusal of every game entry while a word of entropy is missing, else None."""
    record = fair_of(state)
    if record is None or record.complete:
        return None
    return refuse(FairRule.WAITING_FOR_ENTROPY, seat=record.waiting_for)


class WithEntropy(Generic[SetupT, StateT, ActionT, EffectT]):
    """A game's rules with the entropy entry; everything else is the game's own."""

    def __init__(self, inner: Rules[SetupT, StateT, ActionT, EffectT]) -> None:
        self.inner = inner
        self.format = inner.format
        self.version = inner.version
        self.command = inner.command

    def __getattr__(self, name: str) -> Any:  # a game's own helpers (not on the contract)
        return getattr(self.inner, name)

    def read_setup(self, table: Mapping[str, Any]) -> SetupT:
        return self.inner.read_setup(table)

    def write_setup(self, setup: SetupT) -> dict[str, Any]:
        return self.inner.write_setup(setup)

    def start(self, setup: SetupT) -> StateT:
        return self.inner.start(setup)

    def decode(self, state: StateT, event: Mapping[str, Any]) -> ActionT:
        if event.get("kind") != KIND:
            return self.inner.decode(state, event)
        from referee.players import seat_of

        player, word = event.get("player"), event.get("word")
        if not isinstance(player, str) or not isinstance(word, str):
            raise InputError(_("an entropy event needs a `player` and a `word`, both text"))
        given = GiveEntropy(seat_of(player, self.inner.seats(state)), check_word(word))
        return given  # type: ignore[return-value]  # see the module's note on typing

    def encode(self, state: StateT, action: ActionT) -> dict[str, Any]:
        if isinstance(action, GiveEntropy):
            return {"kind": KIND, "player": self.inner.seats(state)[action.seat], "word": action.word}
        return self.inner.encode(state, action)

    def refusal(self, state: StateT, action: ActionT) -> Refusal | None:
        if not isinstance(action, GiveEntropy):
            return waiting(state) or self.inner.refusal(state, action)
        record = fair_of(state)
        if record is None:
            return refuse(FairRule.NOT_FAIR, unusable=True)
        if record.waiting_for is None:
            return refuse(FairRule.ALL_GIVEN, seat=action.seat)
        if action.seat != record.waiting_for:
            return refuse(FairRule.OUT_OF_TURN, seat=action.seat, due=record.waiting_for)
        return None

    def apply(self, state: StateT, action: ActionT) -> Step[StateT, EffectT]:
        refused = self.refusal(state, action)
        if refused is not None:
            raise Refused(refused, self.format, state)
        if not isinstance(action, GiveEntropy):
            return self.inner.apply(state, action)
        record = fair_of(state)
        assert record is not None
        setup = getattr(state, "setup")
        given = record.given(action.word)
        started = self.inner.start(replace(setup, fair=given))
        return Step(started, EntropyGiven(action.seat, action.word, given.complete))  # type: ignore[arg-type]

    def legal_actions(self, state: StateT) -> Iterable[ActionT]:
        """The game's legal actions; none while a word is missing (words are not listed)."""
        return () if waiting(state) else self.inner.legal_actions(state)

    def outcome(self, state: StateT) -> Outcome | None:
        return self.inner.outcome(state)

    def seats(self, state: StateT) -> tuple[str, ...]:
        return self.inner.seats(state)

    def view(self, state: StateT, seat: int | None) -> Any:
        return self.inner.view(state, seat)

    def deals(self, state: StateT) -> int:
        """How many deals the game has made so far (0 while a word is missing): the
        game's ``fair_deals(state)``."""
        record = fair_of(state)
        if record is None or not record.complete:
            return 0
        count: int = self.inner.fair_deals(state)  # type: ignore[attr-defined]
        return count

    def deal_seeds(self, state: StateT) -> list[str]:
        """The seeds of the deals made so far, deal 0 first: the setup's ``fair_seed``."""
        setup = getattr(state, "setup")
        return [setup.fair_seed(number) for number in range(self.deals(state))]


def with_entropy(rules: Rules[SetupT, StateT, ActionT, EffectT]) -> Rules[SetupT, StateT, ActionT, EffectT]:
    """``rules`` with the entropy entry of fair games (:class:`WithEntropy`)."""
    return WithEntropy(rules)
