"""Smitten's side of `referee serve` (:class:`referee.web.contract.WebGame`): :data:`WEB`.

The table's screen (``/api/table``, from ``rules.view(state, None)``) holds both grids,
the pending instruction and what the game waits for (the voice's words), the number of
cards in each hand and in the deck, the public cards (a card revealed for card 1, the
deck's top card turned up for card 3, the set-aside card once the solo Easy Mode swap
showed it; in solo both face-up hands, which lie face up on the table) and, once it is
over, the card that completes both grids.

A seat's phone (``/api/seat``, from ``rules.view(state, seat)`` only) holds the same and
its own hand, whose move it is, and what it may do now: ``actions``, the exact request
bodies this seat may send, by kind, from the rules' ``legal_actions`` (the one definition
of legality: the page highlights the cells a tapped card may go to, and nothing else).
Two players: each phone sees its own hand only (and the partner's count, and a card the
partner revealed for card 1). Solo: one person plays both hands, so either seat's link
opens the same phone: both face-up hands (public, SPEC §6.6), the face-down cards as
backs, and the moves of both hands; each request says which hand moves.

View (both pages; ``seat`` answers add ``you``, ``turn`` and ``actions``)::

    {"mode": "two", "difficulty": "medium", "setup": "Anna and Bram, medium", "physical": false,
     "grids": {"L": [4, 5], "R": []},            # the numbers in each grid (card n: cell n)
     "hands": [{"seat": 0, "who": "Anna", "cards": 3, "count": "3 cards",
                "face_up": [7, 9, 4], "face_down": 0, "seen": true}, …],
     "deck": 11, "deck_words": "Deck: 11 cards", "top_card": null, "set_aside": null,
     "pending": {"card": 5, "grid": "L", "by": 0, "follower": 1, "choose": "higher",
                 "revealed": null}                # or {"flipped": 4, "by": 0} (solo), or null
     "in_grids": 2, "waiting": "card 5 in the left grid: Bram must …" or null,
     "final": [4, "R"] or null,                  # a won game: the finishing touch
     "ending": "Won: 17 cards are in the grids. As the finishing touch, …" or null,
     "words": {…},                               # the page's own words, translated
     "you": 1, "turn": "Your move" or "Waiting for Anna" or null,
     "actions": {"place": [{"card": 7, "cell": "7R"}, …]}}

Actions: ``POST /api/seat/KIND`` with a JSON object; ``card`` is a number 1 to 9, ``cell``
the card's cell as the CLI writes a placement (the number and the grid: ``5L``), ``hand``
(solo only, required there) ``"A"`` or ``"B"``; nothing else is read, and any other key is
refused (HTTP 400)::

    play    {"card": 5, "cell": "5L", "choose": "higher"}   # choose: a played 5 only
    place   {"card": 7, "cell": "7R"}                         # card 3: the deck's top card
    reveal  {"card": 4}                                       # card 1, two players
    flip    {"hand": "A"}                                     # solo: play the face-down card
    swap    {"card": 7, "hand": "B"}                          # solo Easy Mode

A two-player seat moves as itself. Whether the move may be made is the rules' alone: a
refused one is answered with the voice's reason (HTTP 409) and changes nothing.

Words come from the voice (:mod:`referee.smitten.voice`), which is given the state: the
tests prove by non-interference that they say nothing a page may not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.errors import InputError
from referee.i18n import _
from referee.smitten.actions import Kind, Move
from referee.smitten.entry import resolve
from referee.smitten.grid import COUNT, numbers
from referee.smitten.instructions import Choice
from referee.smitten.notation import GridSide, Placement
from referee.smitten.ruleset import RULES
from referee.smitten.state import Flipped, Pending, State
from referee.smitten.view import SeatView
from referee.smitten.voice import final_card, outcome_text, requirement, seat_turn
from referee.smitten.words import capital, cards, choice_word, grid_name, title
from referee.web.contract import WebGame

#: What each kind of request may hold (solo requests add ``hand``).
FIELDS: dict[Kind, tuple[str, ...]] = {
    Kind.PLAY: ("card", "cell", "choose"),
    Kind.PLACE: ("card", "cell"),
    Kind.REVEAL: ("card",),
    Kind.FLIP: (),
    Kind.SWAP: ("card",),
}


def page_words() -> dict[str, str]:
    """The page's own words (headings, buttons, prompts), in the current language."""
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
    }


def _pending(seen: SeatView) -> dict[str, Any] | None:
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


def _drawn(state: State, seen: SeatView) -> dict[str, Any]:
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
        "grids": {"L": numbers(left), "R": numbers(right)},
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
        "waiting": None if seen.outcome is not None else capital(requirement(state)),
        "final": None if final is None else [final[0], final[1].value],
        "ending": outcome_text(state),
        "words": page_words(),
    }


def _label(state: State) -> str:
    from referee.smitten.words import label

    return capital(label(state.setup))


def request(move: Move, solo: bool) -> dict[str, Any]:
    """The body of ``POST /api/seat/KIND`` that asks for ``move`` (:meth:`SmittenWeb.action`'s inverse)."""
    body: dict[str, Any] = {}
    if move.kind in (Kind.PLAY, Kind.PLACE, Kind.REVEAL, Kind.SWAP):
        body["card"] = move.number
    if move.kind in (Kind.PLAY, Kind.PLACE):
        body["cell"] = move.placement
    if move.choice is not None:
        body["choose"] = move.choice.value
    if solo:
        body["hand"] = "AB"[move.actor]
    return body


def requests(state: State, seat: int) -> dict[str, list[dict[str, Any]]]:
    """What ``seat`` may do now, as the requests it may send, by kind: the rules' legal
    actions that are this seat's (solo: both hands')."""
    solo = state.setup.solo
    found: dict[str, list[dict[str, Any]]] = {}
    for move in RULES.legal_actions(state):
        if isinstance(move, Move) and (solo or move.actor == seat):
            found.setdefault(move.kind.value, []).append(request(move, solo))
    return found


def _number(body: Mapping[str, Any]) -> int:
    card = body.get("card")
    if not isinstance(card, int) or isinstance(card, bool) or not 1 <= card <= 9:
        raise InputError(_("`card` must be a Smitten card, a number 1 to 9, not {card}").format(card=_shown(card)))
    return card


def _shown(value: object) -> str:
    """A value of a request, as a message shows it (short: a body is the client's)."""
    import json

    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _side(body: Mapping[str, Any], number: int) -> GridSide:
    cell = body.get("cell")
    if not isinstance(cell, str):
        raise InputError(_("`cell` must say where the card goes, as in {example}").format(example=f"{number}L"))
    placement = Placement.parse(cell)
    if placement.number != number:
        raise InputError(_("card {card} goes in its own cell ({example}), not in {cell}").format(card=number, example=f"{number}L", cell=placement))
    return placement.side


def _choice(body: Mapping[str, Any]) -> Choice | None:
    chosen = body.get("choose")
    if chosen is None:
        return None
    if chosen not in ("higher", "lower"):
        raise InputError(_("`choose` must be higher or lower, not {value}").format(value=_shown(chosen)))
    return Choice(chosen)


def _actor(state: State, seat: int, body: Mapping[str, Any]) -> int:
    """Who moves: a two-player seat moves as itself; a solo request names its hand."""
    if not state.setup.solo:
        return seat
    hand = body.get("hand")
    if hand not in ("A", "B"):
        raise InputError(_("`hand` must be A or B, not {value}").format(value=_shown(hand)))
    return "AB".index(hand)


class SmittenWeb:
    """Smitten's pages (:class:`referee.web.contract.WebGame`)."""

    kinds = tuple(kind.value for kind in FIELDS)

    def table(self, state: State) -> dict[str, Any]:
        return _drawn(state, RULES.view(state, None))

    def seat(self, state: State, seat: int) -> dict[str, Any]:
        answer = _drawn(state, RULES.view(state, seat))
        answer.update(you=seat, turn=seat_turn(state, seat), actions=requests(state, seat))
        return answer

    def action(self, state: State, seat: int, kind: str, body: Mapping[str, Any]) -> Move:
        """The move ``seat`` asks for; the rules judge it (``savefile.record`` applies it)."""
        try:
            what = Kind(kind)
        except ValueError:
            raise InputError(_("unknown action {kind}").format(kind=_shown(kind))) from None
        allowed = FIELDS[what] + (("hand",) if state.setup.solo else ())
        extra = sorted(str(key) for key in body if key not in allowed)
        if extra:
            raise InputError(
                _("{kind} takes {fields}, not {extra}").format(
                    kind=what.value, fields=", ".join(allowed) or "{}", extra=", ".join(map(_shown, extra))
                )
            )
        actor = _actor(state, seat, body)
        number, side, choice = 0, None, None
        if what is not Kind.FLIP:
            number = _number(body)
        if what in (Kind.PLAY, Kind.PLACE):
            side = _side(body, number)
        if what is Kind.PLAY:
            choice = _choice(body)
            if choice is not None and number != 5:
                placed = f"{number}{side.value if side else ''}"
                raise InputError(_("`choose` is for a played 5 only, not for {kind} {card}").format(kind=what.value, card=placed))
        return resolve(state, what, number, side, actor, choice)


WEB: WebGame[State, Move] = SmittenWeb()
