"""`referee smitten check` in words: why one placement is legal, or the rule that refuses it.

A presentation module: :func:`referee.smitten.check.check` decides (with the one
definition of legality), this words its :class:`~referee.smitten.check.PlacementVerdict`.
A legal placement loads only the small words (:mod:`referee.smitten.words`); a refused
one, the words of refusals (:mod:`referee.smitten.explain`).
"""

from __future__ import annotations

from referee.i18n import _
from referee.smitten.check import PlacementVerdict
from referee.smitten.grid import BIT, COUNT, NEIGHBOURS, SIDE_INDEX, numbers
from referee.smitten.legality import Rule
from referee.smitten.state import Pending
from referee.smitten.words import cards, grid_name, instruction
from referee.wording import and_listed


def verdict_reason(verdict: PlacementVerdict) -> str:
    """Why a placement checked is legal or not: the rule that refused it, or the rules it meets.

    The question names no mode, so a refusal by the ±2 rule names both modes it comes from."""
    state, placement = verdict.state, verdict.placement
    found = verdict.violation
    if found is not None:
        from referee.smitten.explain import balance_reason, words

        if found.rule is Rule.BALANCE:
            return balance_reason(state, placement.side, _("hard difficulty, solo Hard Mode 2"))
        return words(state, verdict.move, found.rule, found.fault)
    index = SIDE_INDEX[placement.side]
    grid = state.grids[index]
    where = grid_name(placement.side)
    if grid:
        touching = [str(n) for n in numbers(grid) if BIT[n] & NEIGHBOURS[placement.number]]
        reasons = [
            _("{grid} has no {number} yet and the cell touches {cards}").format(grid=where, number=placement.number, cards=and_listed(touching))
        ]
    else:
        reasons = [_("it is the first card of {grid}").format(grid=where)]
    pending = state.pending
    if isinstance(pending, Pending):
        reasons.append(
            _("it follows card {card} in {grid}: {instruction}").format(
                card=pending.card, grid=grid_name(pending.side), instruction=instruction(pending.card, pending.choice, pending.side)
            )
        )
    if state.setup.balance:
        mine, other = COUNT[grid] + 1, COUNT[state.grids[1 - index]]
        reasons.append(_("the ±2 rule holds ({grid} would hold {cards}, the other {other})").format(grid=where, cards=cards(mine), other=other))
    if state.cards_in_grids == 16:
        reasons.append(_("it is the 17th card: the grids are complete and the game is won"))
    return "; ".join(reasons)


def verdict_line(verdict: PlacementVerdict) -> str:
    """`3L is legal: …` / `3L is illegal: …`."""
    words = _("{placement} is legal: {reason}") if verdict.legal else _("{placement} is illegal: {reason}")
    return words.format(placement=verdict.placement, reason=verdict_reason(verdict))
