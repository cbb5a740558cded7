"""How a Smitten game ended and what following a card asks of the partner, in the
chosen language: shared by the voice (:mod:`referee.smitten.voice`) and the words of a
refusal (:mod:`referee.smitten.explain`), which each word with them (so neither imports
the other)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.i18n import _
from referee.smitten.words import a, name

if TYPE_CHECKING:
    from referee.game import Outcome
    from referee.smitten.state import State


def outcome_reason(state: State, outcome: Outcome) -> str:
    """How the game ended, without won or lost: 'player 2 could not follow card 4'."""
    from referee.smitten.state import Termination

    setup = state.setup
    termination = outcome.termination
    if termination is Termination.COMPLETED:
        return _("17 cards are in the grids")
    if termination is Termination.NO_PLAYABLE_CARD:
        if outcome.detail("after_swap"):
            return _("neither hand can play a card, even after the swap")
        return _("neither hand can play a card") if setup.solo else _("neither player can play a card")
    if termination is Termination.FACE_DOWN_UNPLAYABLE:
        return _("{who} flipped its face-down card, {card}, and could not play it").format(
            who=name(setup, outcome.detail("seat")), card=a(outcome.detail("card"))
        )
    if termination is Termination.COULD_NOT_FOLLOW:
        words = _("{who} could not follow card {card}").format(who=name(setup, outcome.detail("seat")), card=outcome.detail("card"))
        if outcome.detail("empty_deck"):
            words += _(" (the deck is empty)")
        elif outcome.detail("top") is not None:
            words += _(" (the top card of the deck, {card}, cannot be placed)").format(card=a(outcome.detail("top")))
        return words
    said = outcome.detail("reason")
    return str(said) if said else _("the table declared the game lost")


def result_word(outcome: Outcome) -> str:
    return _("won") if outcome.winners else _("lost")


def ending(state: State, outcome: Outcome) -> str:
    """The outcome as messages say it: 'lost: player 2 could not follow card 4'."""
    return _("{result}: {reason}").format(result=result_word(outcome), reason=outcome_reason(state, outcome))


def follow_hint(state: State, card: int) -> str:
    """What the partner must do now to follow ``card``, as a command: 'place a card' …"""
    from referee.smitten.instructions import Answer, answer
    from referee.smitten.legality import awaits_reveal
    from referee.smitten.state import Pending

    found = answer(card)
    if found is Answer.PLAY:
        return _("play a card")
    pending = state.pending
    if isinstance(pending, Pending) and awaits_reveal(state, pending):
        return _("reveal a card (reveal N), then place another")
    if found is Answer.PLACE_TOP_CARD:
        return _("place the top card of the deck")
    return _("place a card")
