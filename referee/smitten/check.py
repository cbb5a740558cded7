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

from dataclasses import dataclass, replace

from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.smitten.actions import Kind, Move, move
from referee.smitten.dealing import SmittenMode
from referee.smitten.grid import BIT, COUNT, SIDE_INDEX
from referee.smitten.instructions import Choice
from referee.smitten.legality import Violation, choice_violation, choices_for, slots, violation
from referee.smitten.notation import Placement
from referee.smitten.state import UNSEEN, Hand, Pending, Setup, State


@dataclass(frozen=True)
class PlacementVerdict:
    """The answer, as values: legal or not, the violation when not (the rule that decided
    it, as legality found it: the same values a game's refusal carries), the move judged
    and the situation. :func:`referee.smitten.explain.verdict_reason` words it."""

    placement: Placement
    legal: bool
    violation: Violation | None
    move: Move
    state: State

    @property
    def rule(self) -> str:
        """The rule that decided, as JSON names it: "legal", or the rule broken."""
        return "legal" if self.violation is None else self.violation.rule.value


def question_state(left: int, right: int, after: Placement | None, choice: Choice | None, hard: bool) -> State:
    """The state the check judges in: the grids, the pending card, unseen hands."""
    grids = [left, right]
    if after is not None:
        grids[SIDE_INDEX[after.side]] |= BIT[after.number]
    cards = COUNT[grids[0]] + COUNT[grids[1]]
    if cards >= 17:
        raise InputError(
            ngettext(
                "the grids already hold {count} card: the game is won, nothing is left to check",
                "the grids already hold {count} cards: the game is won, nothing is left to check",
                cards,
            ).format(count=cards)
        )
    if hard and abs(COUNT[grids[0]] - COUNT[grids[1]]) >= 2:
        raise InputError(
            ngettext(
                "under the ±2 rule no game reaches these grids: the left holds {count} card, the right {other}, "
                "and they never differ by 2 or more",
                "under the ±2 rule no game reaches these grids: the left holds {count} cards, the right {other}, "
                "and they never differ by 2 or more",
                COUNT[grids[0]],
            ).format(count=COUNT[grids[0]], other=COUNT[grids[1]])
        )
    options = Setup(SmittenMode.SOLO, None, hard2=hard, physical=True)
    hands = (Hand((UNSEEN,) * 3), Hand((UNSEEN,) * 3))
    state = State(setup=options, grids=(grids[0], grids[1]), hands=hands, deck=(UNSEEN,) * max(1, 11 - cards))
    if after is None:
        if choice is not None:
            raise InputError(_("a choice (higher or lower) answers card 5 only: the card just played must be 5L or 5R"))
        return state
    before = list(grids)  # as the card just played found them
    before[SIDE_INDEX[after.side]] &= ~BIT[after.number]
    earlier = replace(state, grids=(before[0], before[1]))
    wrong = choice_violation(earlier, Kind.PLAY, after.number, after.side, choice)  # the rules' one check of card 5's choice
    if wrong is not None:
        from referee.smitten.explain import words

        raise InputError(words(earlier, move(Kind.PLAY, 0, after.number, after.side, choice), wrong.rule, wrong.fault))
    return replace(state, pending=Pending(after.number, after.side, 0, choice))


def check(placement: Placement, state: State) -> PlacementVerdict:
    """Judge ``placement`` by the partner who must follow (or by a player starting a turn)."""
    kind, actor = slots(state)[0]
    # Where a 5 may go does not depend on its choice: any allowed one will do.
    choice = choices_for(state, placement.number, placement.side)[0] if kind is Kind.PLAY else None
    judged = move(kind, actor, placement.number, placement.side, choice)
    found = violation(state, judged)
    return PlacementVerdict(placement, found is None, found, judged, state)
