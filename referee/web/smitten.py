"""Smitten's side of `referee serve` (:class:`referee.web.contract.WebGame`): :data:`WEB`.

The table's screen (``/api/table``, from ``rules.view(state, None)``) holds both grids,
the pending instruction and what the game waits for (the voice's words), the number of
cards in each hand and in the deck, the public cards (a card revealed for card 1, the
deck's top card turned up for card 3, the set-aside card once the solo Easy Mode swap
showed it; in solo both face-up hands, which lie face up on the table) and, once it is
over, the card that completes both grids.

A seat's phone (``/api/seat``, from ``rules.view(state, seat)`` only) holds the same and
its own hand. What the game waits for is the envelope's ``situation`` and what the seat
may do its ``decisions`` (the rules' legal moves by kind, each a ready event: the page
highlights the cells a tapped card may go to, from the choices, and posts the choice).
Two players: each phone sees its own hand only (and the partner's count, and a card the
partner revealed for card 1). Solo: one person plays both hands, so either seat's link
opens the same phone: both face-up hands (public, SPEC §6.6), the face-down cards as
backs, and the moves of both hands.

View (both pages; ``seat`` answers add ``you``)::

    {"mode": "two", "difficulty": "medium", "setup": "Anna and Bram, medium", "physical": false,
     "grids": {"L": [4, 5], "R": []},            # the numbers in each grid (card n: cell n)
     "hands": [{"seat": 0, "who": "Anna", "cards": 3, "count": "3 cards",
                "face_up": [7, 9, 4], "face_down": 0, "seen": true}, …],
     "deck": 11, "deck_words": "Deck: 11 cards", "top_card": null, "set_aside": null,
     "pending": {"card": 5, "grid": "L", "by": 0, "follower": 1, "choose": "higher",
                 "revealed": null}                # or {"flipped": 4, "by": 0} (solo), or null
     "in_grids": 2,
     "final": [4, "R"] or null,                  # a won game: the finishing touch
     "ending": "Won: 17 cards are in the grids. As the finishing touch, …" or null,
     "result": {"won": true, "title": "Won", "why": "17 cards are in the grids. As …"} or null,
     "words": {…},                               # the page's own words, translated; "cards":
                                                 # each card's accessible name ("7, place a
                                                 # card in the other grid"), "cells": each
                                                 # cell's ("top left")
     "you": 1}

Words come from the voice (:mod:`referee.smitten.voice`), which is given the state: the
tests prove by non-interference that they say nothing a page may not see.
"""

from __future__ import annotations


from referee.game import JsonObject
from referee.i18n import _
from referee.smitten.grid import COUNT, numbers
from referee.smitten.instructions import Choice
from referee.smitten.notation import GridSide
from referee.smitten.ruleset import RULES
from referee.smitten.state import Flipped, Pending, State
from referee.smitten.view import SeatView
from referee.smitten.voice import final_card, outcome_text, result_and_why
from referee.smitten.words import capital, cards, cell_name, choice_word, grid_name, instruction, title
from referee.web.contract import Pages, WebGame

def page_words() -> JsonObject:
    """The page's own words (headings, buttons, prompts; each card's and cell's name), in the current language."""
    return {
        "L": capital(grid_name(GridSide.LEFT)),
        "R": capital(grid_name(GridSide.RIGHT)),
        "top_card": _("Top card of the deck"),
        "set_aside": _("Set aside"),
        "face_down": _("face down"),
        "your_hand": _("Your hand"),
        "tap_card": _("Tap a card, then a highlighted cell."),
        "tap_cell": _("Now tap a highlighted cell."),
        "choose": _("Card 5: higher or lower?"),
        "higher": capital(choice_word(Choice.HIGHER)),
        "lower": capital(choice_word(Choice.LOWER)),
        "reveal": _("Reveal this card"),
        "flip": _("Play the face-down card"),
        "swap": _("Swap it with the set-aside card"),
        "cancel": _("Cancel"),
        "finishing": _("the finishing touch"),
        "cards": {**card_names()},
        "cells": {str(number): cell_name(number) for number in range(1, 10)},
    }


def card_names() -> dict[str, str]:
    """Each card's accessible name: its number and its instruction, as the voice says it
    ('7, place a card in the other grid'): a screen reader says what a card asks."""
    return {str(number): _("{number}, {instruction}").format(number=number, instruction=instruction(number)) for number in range(1, 10)}


def _pending(seen: SeatView) -> JsonObject | None:
    pending = seen.pending
    if isinstance(pending, Flipped):
        return {"flipped": pending.number, "by": pending.by}
    if isinstance(pending, Pending):
        return {
            "card": pending.card,
            "grid": pending.side.value,
            "by": pending.by,
            "follower": pending.follower,
            "choose": None if pending.choice is None else pending.choice.value,
            "revealed": pending.revealed,
        }
    return None


def _drawn(state: State, seen: SeatView, you: int | None = None) -> JsonObject:
    """What every page draws, from ``seen`` (a seat's view or the public one); the voice's
    sentences are worded from ``state``."""
    setup = seen.setup
    left, right = seen.grids
    final = final_card(state) if seen.outcome is not None and seen.outcome.winners else None
    return {
        "mode": setup.mode.value,
        "difficulty": None if setup.difficulty is None else setup.difficulty.value,
        "setup": _label(state),
        "physical": setup.physical,
        "grids": {"L": [*numbers(left)], "R": [*numbers(right)]},
        "hands": [
            {
                "seat": actor,
                "who": title(setup, actor),
                "cards": hand.cards,
                "count": cards(hand.cards),
                "face_up": list(hand.face_up),
                "face_down": hand.face_down,
                "seen": hand.seen,
            }
            for actor, hand in enumerate(seen.hands)
        ],
        "deck": seen.deck,
        "deck_words": _("Deck: {cards}").format(cards=cards(seen.deck)),
        "top_card": seen.top_card,
        "set_aside": seen.set_aside,
        "pending": _pending(seen),
        "in_grids": COUNT[left] + COUNT[right],
        "final": None if final is None else [final[0], final[1].value],
        "ending": outcome_text(state),
        "result": _result(state),
        "words": {**page_words()},
        **({} if you is None else {"you": you}),
    }


def _result(state: State) -> JsonObject | None:
    """Once the game is over, its result and why, as the voice says them."""
    said = result_and_why(state)
    if said is None:
        return None
    title, why = said
    return {"won": bool(state.outcome and state.outcome.winners), "title": title, "why": why}


def _label(state: State) -> str:
    from referee.smitten.words import label

    return capital(label(state.setup))


class SmittenWeb(Pages[State]):
    """Smitten's pages (:class:`referee.web.contract.WebGame`)."""

    def table(self, state: State) -> JsonObject:
        return _drawn(state, RULES.view(state, None))

    def seat(self, state: State, seat: int) -> JsonObject:
        return _drawn(state, RULES.view(state, seat), you=seat)


WEB: WebGame[State] = SmittenWeb()
