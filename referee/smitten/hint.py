"""An honest hint: the best move for the player (solo: the table) to act, from only what
they can see.

What a player sees: the grids, their own hand (solo: both hands' face-up cards), the
deck's top card once card 3 has them turn it up, and the set-aside card once an Easy
Mode swap has turned it face up. Never the deck's order, the partner's hand, a
face-down card or the set-aside card. (A card the partner revealed for an earlier card
1 is not used either: the position does not keep it.)

The method is perfect-information Monte Carlo: deal the unseen cards at random, consistently
with what is seen (:func:`sample`: the 18 cards less those in sight, into the hidden
places), solve each such deal with the solver for every legal move, and rank the moves
by the share of samples in which they still win. The random generator is seeded, so the
same position and seed always give the same hint. A known weakness of the method: each
sample is solved as if the rest of its cards were then known.
"""

from __future__ import annotations

import enum
import math
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from referee.errors import InputError
from referee.game import Refusal, refuse
from referee.processes import spread
from referee.smitten.actions import Move
from referee.smitten.grid import numbers
from referee.smitten.instructions import Answer, answer
from referee.smitten.legality import legal_moves, slots
from referee.smitten.engine import apply
from referee.smitten.solver import Solver
from referee.smitten.state import UNSEEN, Hand, Pending, State

#: Every Smitten card: 1 to 9, twice.
DECK = Counter({number: 2 for number in range(1, 10)})


class HintFault(enum.Enum):
    """Why a hint cannot be given as asked, as a value (the values are for logs, not
    people); the command that asks words it, naming its own options. Each is checked
    once, here."""

    SOLO_UNSEEN = "solo-unseen"  # solo with the table's own cards: the referee sees neither hand
    CARDS_KNOWN = "cards-known"  # given: "hand" or "top"; a virtual deck's cards are the referee's to know
    SAY_WHO = "say-who"  # either player may start the turn: whose hint is it?
    NOT_THEIR_MOVE = "not-their-move"  # seat (asking), waits (the seat the game waits for)
    HAND_UNSEEN = "hand-unseen"  # the table's own cards and no hand given
    TOP_CARD = "top-card"  # needed: whether card 3 waits for the deck's top card (given when not, or not given when it does)
    HAND_SIZE = "hand-size"  # seat, count (held), given
    NOT_A_DECK = "not-a-deck"  # the cards in sight show some number more than twice
    TOO_FEW_SAMPLES = "too-few-samples"
    TOO_FEW_PROCESSES = "too-few-processes"
    NO_LEGAL_MOVE = "no-legal-move"


class HintError(InputError):
    """A hint that cannot be given as asked (exit 2): the :class:`HintFault` and its
    parameters as a :class:`~referee.game.Refusal`, no words (`smitten hint` words it)."""

    def __init__(self, fault: HintFault, **params: object) -> None:
        super().__init__(fault.value)
        self.refusal: Refusal = refuse(fault, unusable=True, **params)


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share (0 to 1 when there are no trials)."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


@dataclass(frozen=True)
class Estimate:
    """One legal move, and in how many of the samples it still wins."""

    move: Move
    wins: int
    samples: int

    @property
    def share(self) -> float:
        return self.wins / self.samples if self.samples else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.samples)


@dataclass(frozen=True)
class Hint:
    """The legal moves of ``actor`` (None: solo, the table sees both hands), best first."""

    actor: int | None
    samples: int
    estimates: tuple[Estimate, ...]
    nodes: int
    seconds: float

    @property
    def best(self) -> Move | None:
        return self.estimates[0].move if self.estimates else None


def asked(state: State, by: int | None, hand: tuple[int, ...] | None = None, top: int | None = None) -> tuple[State, int | None]:
    """The position a hint is asked of, and whose hint it is (:func:`acting`).

    With a virtual deck the referee knows every card, so no hand or top card is given.
    With the table's own cards (two players only: solo's hands are unknown to all) the
    player asking gives the ``hand`` they hold and, when card 3 has them turn up the
    deck's top card, that card (``top``): :func:`holding`. Anything else is a
    :class:`HintError`."""
    if state.setup.solo and state.setup.physical:
        raise HintError(HintFault.SOLO_UNSEEN)
    if not state.setup.physical and (hand is not None or top is not None):
        raise HintError(HintFault.CARDS_KNOWN, given="hand" if hand is not None else "top")
    actor = acting(state, by)
    if not state.setup.physical:
        return state, actor
    if hand is None or actor is None:
        raise HintError(HintFault.HAND_UNSEEN)
    return holding(state, actor, hand, top), actor


def acting(state: State, by: int | None) -> int | None:
    """Whose hint it is: solo, the table (None); two players, the one the game waits for,
    or ``by`` when either may start the turn. A :class:`HintError` when that is not said."""
    if state.setup.solo:
        return None
    actors = sorted({actor for _kind, actor in slots(state)})
    if by is not None:
        if by not in actors:
            raise HintError(HintFault.NOT_THEIR_MOVE, seat=by, waits=actors[0])
        return by
    if len(actors) == 1:
        return actors[0]
    raise HintError(HintFault.SAY_WHO)


def visible(state: State, actor: int | None) -> tuple[Counter[int], dict[str, int]]:
    """What the player sees, as (the numbers in sight, how many cards each hidden place holds).

    The hidden places are ``partner`` (two players: the partner's hand), ``down0`` /
    ``down1`` (solo: face-down cards), ``deck`` (the deck below a known top card) and
    ``aside`` (the set-aside card while it is face down).
    """
    seen: Counter[int] = Counter()
    for grid in state.grids:
        seen.update(numbers(grid))
    hidden: dict[str, int] = {}
    if actor is None:
        for index, hand in enumerate(state.hands):
            seen.update(hand.face_up)
            hidden[f"down{index}"] = len(hand.face_down)
    else:
        seen.update(state.hands[actor].face_up)
        hidden["partner"] = len(state.hands[1 - actor])
    deck = len(state.deck)
    if _top_card_seen(state):
        seen[state.deck[0]] += 1
        deck -= 1
    hidden["deck"] = deck
    if state.swapped:
        seen[state.set_aside] += 1
    else:
        hidden["aside"] = 1
    return seen, hidden


def _top_card_seen(state: State) -> bool:
    """Card 3: the partner turns the deck's top card up to place it."""
    pending = state.pending
    return isinstance(pending, Pending) and answer(pending.card) is Answer.PLACE_TOP_CARD and bool(state.deck) and state.deck[0] != UNSEEN


def sample(state: State, actor: int | None, rng: random.Random) -> State:
    """A whole position that agrees with everything ``actor`` sees: the unseen cards dealt
    at random into the hidden places."""
    seen, hidden = visible(state, actor)
    unseen = DECK - seen
    if any(seen[number] > 2 for number in seen) or sum(unseen.values()) != sum(hidden.values()):
        raise HintError(HintFault.NOT_A_DECK)
    pool = list(unseen.elements())
    rng.shuffle(pool)

    def take(count: int) -> tuple[int, ...]:
        taken = tuple(pool[:count])
        del pool[:count]
        return taken

    hands = list(state.hands)
    if actor is None:
        for index, hand in enumerate(hands):
            hands[index] = Hand(hand.face_up, take(hidden[f"down{index}"]))
    else:
        hands[1 - actor] = Hand(take(hidden["partner"]))
    deck = take(hidden["deck"])
    if _top_card_seen(state):
        deck = (state.deck[0], *deck)
    set_aside = take(1)[0] if "aside" in hidden else state.set_aside
    return replace(state, hands=(hands[0], hands[1]), deck=deck, set_aside=set_aside)


def needs_top(state: State) -> bool:
    """Whether card 3 waits for the deck's top card, which the table turns up (with its own
    cards the player says which it is)."""
    pending = state.pending
    return isinstance(pending, Pending) and answer(pending.card) is Answer.PLACE_TOP_CARD and bool(state.deck)


def holding(state: State, actor: int, cards: tuple[int, ...], top: int | None = None) -> State:
    """A two-player game with the table's own cards (:func:`asked` checks that), with
    ``actor``'s hand as the player says it is, and after card 3 the deck's top card they
    turned up: exactly then (a :class:`HintError` otherwise)."""
    if needs_top(state) != (top is not None):
        raise HintError(HintFault.TOP_CARD, needed=needs_top(state))
    deck = state.deck if top is None else (top, *state.deck[1:])
    hand = state.hands[actor]
    if len(cards) != len(hand):
        raise HintError(HintFault.HAND_SIZE, seat=actor, count=len(hand), given=len(cards))
    hands = list(state.hands)
    hands[actor] = Hand(cards)
    return replace(state, setup=replace(state.setup, physical=False), hands=(hands[0], hands[1]), deck=deck)


#: Samples solved together, with one transposition table: the unit a hint's work is
#: split into, so that its answer and its node count do not depend on how many processes
#: share the work.
BLOCK = 25


def hint(state: State, actor: int | None, samples: int = 200, seed: str = "1", jobs: int = 1) -> Hint:
    """Rank ``actor``'s legal moves (None: every move, solo) by the share of ``samples``
    random completions of what they see in which the move still wins.

    The samples are solved in blocks of :data:`BLOCK`, spread over ``jobs`` processes;
    the hint is the same whatever ``jobs`` is (the moves are ranked as if the samples
    were solved one after the other)."""
    if samples < 1:
        raise HintError(HintFault.TOO_FEW_SAMPLES)
    if jobs < 1:
        raise HintError(HintFault.TOO_FEW_PROCESSES)
    start = time.perf_counter()
    rng = random.Random(seed)
    positions = [sample(state, actor, rng) for _ in range(samples)]
    solved = spread(_solve_block, [(positions[first : first + BLOCK], actor) for first in range(0, samples, BLOCK)], jobs)
    wins: dict[Move, int] = {}
    tried: dict[Move, int] = {}  # samples in which the move was legal (all, unless it is the unseen top card)
    for tally, _nodes in solved:  # in the order of the samples: ties keep the first move seen
        for move, won, count in tally:
            wins[move] = wins.get(move, 0) + won
            tried[move] = tried.get(move, 0) + count
    order = {move: index for index, move in enumerate(wins)}
    ranked = sorted(wins, key=lambda move: (-wins[move] / tried[move], order[move]))
    estimates = tuple(Estimate(move, wins[move], tried[move]) for move in ranked)
    return Hint(actor, samples, estimates, sum(nodes for _tally, nodes in solved), time.perf_counter() - start)


def _solve_block(block: tuple[list[State], int | None]) -> tuple[list[tuple[Move, int, int]], int]:
    """Some samples of a hint, each solved for every legal move of ``actor``: each move
    with its wins and the samples it was legal in, in the order first seen, and the
    positions searched."""
    positions, actor = block
    solver = Solver()
    wins: dict[Move, int] = {}
    tried: dict[Move, int] = {}
    for position in positions:
        for move in legal_moves(position):
            if actor is not None and move.actor != actor:
                continue
            wins[move] = wins.get(move, 0) + solver.winnable(apply(position, move).state)
            tried[move] = tried.get(move, 0) + 1
    return [(move, wins[move], tried[move]) for move in wins], solver.nodes


def decide(state: State, asked: Sequence[tuple[int | None, str]], samples: int) -> Move:
    """The move the hint policy plays: of the hints ``asked`` (actor and sampling seed
    pairs, each a :func:`hint` of ``samples`` samples), the best move, where a later
    actor's best move is preferred only when its share is higher (a tie keeps the
    earlier one).

    Exactly the answer of those hints, but cheaper: every move's samples are the ones
    :func:`hint` deals, yet only the samples that could still change the answer are
    solved. The moves are taken in the order the hints rank ties (each actor's moves in
    the order they first appear; then the next actor's), so the best so far is kept
    unless a move does strictly better; a move is dropped as soon as it could not do so
    even by winning all its remaining samples. When the first move wins every sample,
    no other move is solved at all.
    """
    if samples < 1:
        raise HintError(HintFault.TOO_FEW_SAMPLES)
    solver = Solver()
    candidates: list[tuple[Move, list[State]]] = []
    for actor, seed in asked:
        rng = random.Random(seed)
        found: dict[Move, list[State]] = {}  # each move, and the samples in which it is legal
        for _sample in range(samples):
            position = sample(state, actor, rng)
            for move in legal_moves(position):
                if actor is None or move.actor == actor:
                    found.setdefault(move, []).append(position)
        candidates += found.items()
    best: Move | None = None
    best_wins, best_tried = 0, 1
    for move, positions in candidates:
        tried, wins = len(positions), 0
        for done, position in enumerate(positions):
            if best is not None and (wins + tried - done) * best_tried <= best_wins * tried:
                break  # even winning every remaining sample, its share would not be higher
            wins += solver.winnable(apply(position, move).state)
        else:
            if best is None or wins * best_tried > best_wins * tried:
                best, best_wins, best_tried = move, wins, tried
    if best is None:
        raise HintError(HintFault.NO_LEGAL_MOVE)
    return best
