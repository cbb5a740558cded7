"""The players' entropy, an entry of every fair game (:mod:`referee.fair`).

:func:`with_entropy` puts it on a game's rules once for all games: a
``{"kind": "entropy", "player": …, "word": …}`` event decodes to :class:`GiveEntropy`,
and its effect is :class:`EntropyGiven`. The words are given in seat order (seat 1
first): the secret's holder, who could try words until the deal suits them if they gave
theirs last, gives in a fixed place known before anyone else's word (the README's "Fair
deals" says what this does and does not protect against).

Until every seat has given its word no card is dealt: each game deals nothing while its
fair record is incomplete (:meth:`referee.fair.scheme.Fair.seed` is None), and here every
other entry is refused with :attr:`FairRule.WAITING_FOR_ENTROPY`, naming the seat whose
word is due. The last word restarts the game from its setup with every word in it: no
entry of the game can come before it, so nothing is lost.

Once the secret is revealed it stays revealed, whatever is undone: a word that was not
given before the reveal is refused (:attr:`FairRule.REVEALED`), since anyone could now
choose the cards with it; a word taken back by an undo may only be given again as it was.

A game takes part through :class:`FairGame`: its setup is a frozen dataclass with a
``fair`` field and a ``fair_seed(number)`` method (:class:`FairSetup`), each of its
states has the ``setup`` it started from (:class:`FairState`), and its rules say how many
deals it has made (``fair_deals``, the one thing that differs per game). The rest (where
the record is, how the game starts again with another, each deal's seed) is written here
once, for every game. Every front end and the save-file engine reach the fair part of any
game's rules through :class:`FairRules` (what :class:`WithEntropy` adds), never through a
game's own types.

Typing: the wrapped rules are ``Rules[Setup, State, Action | GiveEntropy, Effect |
EntropyGiven]``: an entropy event is an action of every fair game, and its effect one of
its effects.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import Field, replace
from typing import Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

from referee.errors import InputError, Refused
from referee.fair.scheme import WORD_LIMIT, Fair, check_word, public_info
from referee.game import Decision, Form, JsonObject, Outcome, Refusal, Rules, Step, distinct, refuse
from referee.i18n import _



class FairSetup(Protocol):
    """A game's setup, as fair deals need it: a (frozen) dataclass whose ``fair`` field
    is the fair record (None: not a fair game)."""

    __dataclass_fields__: ClassVar[dict[str, Field[object]]]

    @property
    def fair(self) -> Fair | None: ...

    def fair_seed(self, number: int) -> str | None:
        """The seed of deal ``number`` (the game's own name and mode in it), None while a
        word is missing."""
        ...


class FairState(Protocol):
    """A game's state, as fair deals need it: the setup it was started from (a fair
    one holds the words given so far)."""

    @property
    def setup(self) -> Any: ...


SetupT = TypeVar("SetupT", bound=FairSetup)
StateT = TypeVar("StateT", bound=FairState)
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")
# any game's setup, state, action and effect (:func:`public_of`)
S = TypeVar("S")
T = TypeVar("T")
A = TypeVar("A")
E = TypeVar("E")

KIND = "entropy"


class FairRule(enum.Enum):
    """The rules of the entropy entries."""

    WAITING_FOR_ENTROPY = "no card is dealt before every seat gave entropy"  # seat: whose word is due
    OUT_OF_TURN = "entropy is given in seat order"  # seat: who tried, due: whose word is due
    ALL_GIVEN = "every seat has given entropy"  # seat
    REVEALED = "no new entropy once the secret is revealed"  # seat, word: the word given before the reveal, or None
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


class FairGame(Rules[SetupT, StateT, ActionT, EffectT], Protocol[SetupT, StateT, ActionT, EffectT]):
    """A game's rules, with what :class:`WithEntropy` asks of a game that can be fair
    besides its setup's ``fair`` and its states' ``setup``."""

    def fair_deals(self, state: StateT) -> int:
        """How many deals the game has made (every word given): deals 0 to n − 1."""
        ...


StateC = TypeVar("StateC", contravariant=True)


@runtime_checkable
class FairRules(Protocol[StateC]):
    """What the save-file engine and the front ends ask of any game's rules about fair
    deals (:class:`WithEntropy` gives it to every game), of the game's own states."""

    def fair_record(self, state: StateC) -> Fair | None: ...

    def waiting(self, state: StateC) -> Refusal | None: ...

    def deal_seeds(self, state: StateC) -> list[str]: ...

    def seed_at_reveal(self, state: StateC, number: int) -> str | None: ...


def record_of(rules: object, state: object) -> Fair | None:
    """The fair record of a state of any game (None: not a fair game)."""
    return rules.fair_record(state) if isinstance(rules, FairRules) else None


def public_of(rules: Rules[S, T, A, E], state: T) -> JsonObject | None:
    """What any screen may show of a fair game (:func:`referee.fair.scheme.public_info`), None
    when the game is not fair. Never the secret before the reveal."""
    return public_info(record_of(rules, state), rules.seats(state))


def waiting_refusal(record: Fair | None) -> Refusal | None:
    """The refusal of every game entry while a word of entropy is missing, else None."""
    if record is None or record.complete:
        return None
    return refuse(FairRule.WAITING_FOR_ENTROPY, seat=record.waiting_for)


def with_fair(setup: SetupT, record: Fair) -> SetupT:
    """``setup`` with another fair record (a word more, or none yet)."""
    return replace(setup, fair=record)


class WithEntropy(Generic[SetupT, StateT, ActionT, EffectT]):
    """A game's rules with the entropy entry; everything else is the game's own."""

    def __init__(self, inner: FairGame[SetupT, StateT, ActionT, EffectT]) -> None:
        self.inner = inner
        self.format = inner.format
        self.version = inner.version
        self.command = inner.command

    def read_setup(self, table: Mapping[str, object]) -> SetupT:
        return self.inner.read_setup(table)

    def write_setup(self, setup: SetupT) -> dict[str, object]:
        return self.inner.write_setup(setup)

    def start(self, setup: SetupT) -> StateT:
        """The game before its first event. A fair setup's words are events, so a setup
        that holds some (``rules.start(state.setup)``, to replay a game's events) starts
        without them, as its file does."""
        record = setup.fair
        if record is not None and record.words:
            setup = with_fair(setup, record.unplayed())
        return self.inner.start(setup)

    def decode(self, state: StateT, event: Mapping[str, object]) -> ActionT | GiveEntropy:
        if event.get("kind") != KIND:
            return self.inner.decode(state, event)
        from referee.players import seat_of

        player, word = event.get("player"), event.get("word")
        if not isinstance(player, str) or not isinstance(word, str):
            raise InputError(_("an entropy event needs a `player` and a `word`, both text"))
        return GiveEntropy(seat_of(player, self.inner.seats(state)), check_word(word))

    def encode(self, state: StateT, action: ActionT | GiveEntropy) -> dict[str, object]:
        if isinstance(action, GiveEntropy):
            return {"kind": KIND, "player": self.inner.seats(state)[action.seat], "word": action.word}
        return self.inner.encode(state, action)

    def refusal(self, state: StateT, action: ActionT | GiveEntropy) -> Refusal | None:
        record = self.fair_record(state)
        if not isinstance(action, GiveEntropy):
            return waiting_refusal(record) or self.inner.refusal(state, action)
        if record is None:
            return refuse(FairRule.NOT_FAIR, unusable=True)
        if record.waiting_for is None:
            return refuse(FairRule.ALL_GIVEN, seat=action.seat)
        if action.seat != record.waiting_for:
            return refuse(FairRule.OUT_OF_TURN, seat=action.seat, due=record.waiting_for)
        if not record.takes(action.seat, action.word):
            return refuse(FairRule.REVEALED, seat=action.seat, word=record.fixed_word(action.seat))
        return None

    def apply(self, state: StateT, action: ActionT | GiveEntropy) -> Step[StateT, EffectT | EntropyGiven]:
        if not isinstance(action, GiveEntropy):
            # The game's own apply judges its action (every game's raises Refused with its
            # refusal), so it is judged once, not here and again there: what is left to
            # refuse is only a missing word of entropy (:meth:`refusal`'s first test).
            waiting = waiting_refusal(self.fair_record(state))
            if waiting is not None:
                raise Refused(waiting, self.format, state)
            done = self.inner.apply(state, action)
            return Step(done.state, done.effect)
        refused = self.refusal(state, action)
        if refused is not None:
            raise Refused(refused, self.format, state)
        setup = self.setup_of(state)
        record = setup.fair
        assert record is not None  # refusal() said so
        given = record.given(action.word)
        started = self.inner.start(with_fair(setup, given))
        return Step(started, EntropyGiven(action.seat, action.word, given.complete))

    def legal_actions(self, state: StateT) -> Iterable[ActionT]:
        """The game's legal actions; none while a word is missing (words are not listed)."""
        return () if self.waiting(state) else self.inner.legal_actions(state)

    def outcome(self, state: StateT) -> Outcome | None:
        return self.inner.outcome(state)

    def seats(self, state: StateT) -> tuple[str, ...]:
        return self.inner.seats(state)

    def view(self, state: StateT, seat: int | None) -> Any:
        return self.inner.view(state, seat)

    def decisions(self, state: StateT, seat: int) -> tuple[Decision, ...]:
        """While a word of entropy is missing, only the seat whose word is due decides:
        its word (a form: any word, judged by :func:`referee.fair.check_word`); the game
        decides nothing before its cards are dealt. Then the game's own decisions."""
        record = self.fair_record(state)
        if record is None or record.complete:
            return self.inner.decisions(state, seat)
        if record.waiting_for != seat:
            return ()
        event = {"kind": KIND, "player": self.inner.seats(state)[seat]}
        return (Decision(KIND, seat, form=Form(event, "word", (("max_length", WORD_LIMIT),))),)

    # --- FairRules ------------------------------------------------------------------------

    def setup_of(self, state: StateT) -> SetupT:
        """The setup ``state`` was started from (every game's state holds it)."""
        setup: SetupT = state.setup
        return setup

    def fair_record(self, state: StateT) -> Fair | None:
        """The state's fair record (None: not a fair game)."""
        return self.setup_of(state).fair

    def waiting(self, state: StateT) -> Refusal | None:
        """Why no game entry is taken yet (a word of entropy is due), else None."""
        return waiting_refusal(self.fair_record(state))

    def deals(self, state: StateT) -> int:
        """How many deals the game has made so far (0 while a word is missing)."""
        record = self.fair_record(state)
        if record is None or not record.complete:
            return 0
        return self.inner.fair_deals(state)

    def deal_seeds(self, state: StateT) -> list[str]:
        """The seeds of the deals made so far, deal 0 first."""
        setup = self.setup_of(state)
        seeds = [setup.fair_seed(number) for number in range(self.deals(state))]
        return [seed for seed in seeds if seed is not None]

    def seed_at_reveal(self, state: StateT, number: int) -> str | None:
        """The seed of deal ``number`` from the words given before the reveal (None
        when not every word was in by then, or the game is not revealed)."""
        setup = self.setup_of(state)
        record = setup.fair
        if record is None or not record.revealed:
            return None
        if record.revealed_words is None:  # revealed before the reveal recorded its words
            return setup.fair_seed(number)
        return with_fair(setup, replace(record, words=record.revealed_words)).fair_seed(number)


def with_entropy(
    rules: FairGame[SetupT, StateT, ActionT, EffectT],
) -> WithEntropy[SetupT, StateT, ActionT, EffectT]:
    """``rules`` with the entropy entry of fair games (:class:`WithEntropy`)."""
    return WithEntropy(rules)
