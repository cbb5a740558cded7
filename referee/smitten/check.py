"""`referee smitten check`: is one placement legal, given only the grids on the table?

No game file: the table says what the grids hold and which card was just played
(``--after``, whose instruction is pending). The answer comes from the same legality
rules as a whole game, applied to a situation built from those facts; the hands and the
deck are the table's own, unseen (like ``--physical``).

Decisions where the question leaves things open:

- the ``--after`` card lies in its grid, whether or not the grids given list it: it is
  on the table. The grid with it must be one a game can reach (the cards before it
  touch each other and it touches one of them), or the question cannot be answered
  (:func:`referee.smitten.grid.parse_grid` says why);
- after card 2 the card checked is *played*; after any other card it is *placed*;
  without ``--after`` it is played to start a turn;
- after card 1 the partner is assumed to hold two cards (one revealed, another
  placed); after card 3 the card checked is taken to be the deck's top card;
- a card checked as a *play* of a 5 needs no choice: where it may go does not depend
  on it;
- the question names no mode, so ``--hard`` is the ±2 rule of either (two-player hard
  difficulty, solo Hard Mode 2), and a refusal by it says so; grids that differ by 2 or
  more cards (the ``--after`` card counted) cannot be reached under it, and the question
  is refused (exit 2).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.errors import InputError
from referee.smitten import instructions
from referee.smitten.actions import Kind, move
from referee.smitten.dealing import SmittenMode
from referee.smitten.grid import BIT, COUNT, NEIGHBOURS, SIDE_INDEX, SIDE_NAMES, numbers
from referee.smitten.instructions import Choice
from referee.smitten.legality import Rule, choices_for, slots, violation
from referee.smitten.notation import Placement
from referee.smitten.state import UNSEEN, Hand, Pending, Setup, State
from referee.wording import counted, listed

#: ``--hard`` in a question that names no mode: the ±2 rule of either.
_EITHER_MODE = "hard difficulty, solo Hard Mode 2"


@dataclass(frozen=True)
class PlacementVerdict:
    """The answer: legal or not, and the reason naming the rule that decided it."""

    placement: Placement
    legal: bool
    reason: str
    rule: str

    def to_json(self) -> dict[str, object]:
        return {"legal": self.legal, "reason": self.reason, "placement": str(self.placement), "rule": self.rule}


def question_state(left: int, right: int, after: Placement | None, choice: Choice | None, hard: bool) -> State:
    """The state the check judges in: the grids, the pending card, unseen hands."""
    grids = [left, right]
    if after is not None:
        grids[SIDE_INDEX[after.side]] |= BIT[after.number]
    cards = COUNT[grids[0]] + COUNT[grids[1]]
    if cards >= 17:
        raise InputError(f"the grids already hold {counted(cards, 'card')}: the game is won, nothing is left to check")
    if hard and abs(COUNT[grids[0]] - COUNT[grids[1]]) >= 2:
        raise InputError(
            f"under the ±2 rule no game reaches these grids: the left holds {counted(COUNT[grids[0]], 'card')}, "
            f"the right {COUNT[grids[1]]}, and they never differ by 2 or more"
        )
    if choice is not None and (after is None or after.number != 5):
        raise InputError("--choose answers card 5: use it with --after 5L or --after 5R")
    pending = None
    if after is not None:
        if after.number == 5 and choice is None:
            raise InputError("card 5 was played: say what its player chose with --choose higher or --choose lower")
        pending = Pending(after.number, after.side, 0, choice)
    options = Setup(SmittenMode.SOLO, None, hard2=hard, physical=True)
    hands = (Hand((UNSEEN,) * 3), Hand((UNSEEN,) * 3))
    return State(setup=options, grids=(grids[0], grids[1]), hands=hands, deck=(UNSEEN,) * max(1, 11 - cards), pending=pending)


def check(placement: Placement, state: State) -> PlacementVerdict:
    """Judge ``placement`` by the partner who must follow (or by a player starting a turn)."""
    kind, actor = slots(state)[0]
    # Where a 5 may go does not depend on its choice: any allowed one will do.
    choice = choices_for(state, placement.number, placement.side)[0] if kind is Kind.PLAY else None
    checked = move(kind, actor, placement.number, placement.side, choice)
    found = violation(state, checked)
    if found is not None:
        from referee.smitten.explain import balance_reason, explain  # words only for a refusal

        if found.rule is Rule.BALANCE:
            message = balance_reason(state, placement.side, _EITHER_MODE)
        else:
            message = explain(state, checked, found).message
        return PlacementVerdict(placement, False, message, found.rule.value)
    return PlacementVerdict(placement, True, _why_legal(state, placement), "legal")


def _why_legal(state: State, placement: Placement) -> str:
    """The rules a legal placement meets, in words."""
    index = SIDE_INDEX[placement.side]
    grid = state.grids[index]
    where = SIDE_NAMES[placement.side]
    if grid:
        touching = [n for n in numbers(grid) if BIT[n] & NEIGHBOURS[placement.number]]
        reasons = [f"{where} has no {placement.number} yet and the cell touches {_and(touching)}"]
    else:
        reasons = [f"it is the first card of {where}"]
    pending = state.pending
    if isinstance(pending, Pending):
        reasons.append(
            f"it follows card {pending.card} in {SIDE_NAMES[pending.side]}: "
            f"{instructions.text(pending.card, pending.choice, pending.side)}"
        )
    if state.setup.balance:
        mine, other = COUNT[grid] + 1, COUNT[state.grids[1 - index]]
        reasons.append(f"the ±2 rule holds ({where} would hold {counted(mine, 'card')}, the other {other})")
    if state.cards_in_grids == 16:
        reasons.append("it is the 17th card: the grids are complete and the game is won")
    return "; ".join(reasons)


def _and(items: list[int]) -> str:
    return listed([str(item) for item in items])
