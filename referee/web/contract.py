"""What a game gives the web pages: its registry line's ``web`` names a :class:`WebGame`.

The pages draw from JSON the server computes, per page, in that page's language:

``GET /api/table``   the public screen (a TV): :meth:`WebGame.table` of the state
``GET /api/seat``    one seat's phone (the seat's cookie): :meth:`WebGame.seat`
``POST /api/seat/KIND`` a seat's action (``{"card": "9C"}``, …): :meth:`WebGame.action`
                     turns it into the game's action; the save-file engine records it
                     (atomic, locked, ``.bak``) after the rules accepted it
``POST /api/seat/preview`` what a seat's action would give, without recording anything
                     (a game whose adapter has :meth:`WebGame.preview`, e.g. a word's
                     score as it is built): the same guards and seat as an action
``POST /api/seat/entropy`` a fair game's word of entropy for the seat's own player
                     (``{"word": "kiwi"}``), the same for every game, recorded as
                     `referee entropy FILE PLAYER WORD` records it

Privacy is by construction: :meth:`WebGame.table` reads the state only through
``rules.view(state, None)`` and :meth:`WebGame.seat` only through ``rules.view(state,
seat)`` (SPEC §6.6), so no answer can hold a card its page may not see. The tests check
it by non-interference: changing what a seat may not see (another hand, the deck) never
changes a byte of that seat's answers.

Words in an answer (who is to play, a word's breakdown, how the game ended) come from
the game's voice and :func:`referee.i18n._`, in the page's language (the server calls
inside :func:`referee.i18n.speaking`); the JavaScript draws cards from their tokens and
shows the words it is given, and holds no sentence of its own.

Every answer is an :func:`envelope`:

.. code-block:: text

    {"game": "smoorverliefd", "title": "Smoorverliefd", "file": "night.toml",
     "lang": "en", "version": 7,            # changes seen by the server; pages keep the newest
     "entries": 42,                         # entries in the file: a page's request names the
                                            # count it was drawn from (header X-Referee-Seen)
     "players": ["Anna", "Bram", …],        # seats, in seating order
     "seat": 1, "name": "Bram",             # null on the table's screen; "name" as people
                                            # say the seat ("team Anna and Bram")
     "now": "2026-12-02T20:15:03.250Z",     # the server's clock when the answer was made:
                                            # a page counting down corrects its own clock
     "outcome": "Bram wins with 103 points" or null,
     "labels": {…},                         # the pages' own words, translated
     "error": null or "the file cannot be read: …",
     "fair": null or {…},                   # a fair game's public part (below)
     "view": {…}}                           # the game's: WebGame.table / WebGame.seat

``fair`` (:func:`referee.fair.rules.public_of`) is the same on every page: the
commitment and its fingerprint, each seat's word of entropy (null until given), whose
word is due, whether the secret is revealed (then the secret and the reveal's code), and
``withdrawn``: every word an undo took back (``seat``, ``word``), which stays on the
record for the table to see. Never the secret before the reveal.

Cards are in the CLI's JSON notation: ``10S``, ``AH`` (French deck), Smitten's numbers
``1``–``9``, Spellcrafter's tokens (``K4m``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from referee.errors import RuleError

StateT = TypeVar("StateT", contravariant=True)
ActionT = TypeVar("ActionT", covariant=True)


class WebGame(Protocol[StateT, ActionT]):
    """A game's side of the pages (``referee/web/GAME.py``, an object named ``WEB``)."""

    #: the kinds of ``POST /api/seat/KIND`` this game takes ("play", "place", …)
    kinds: tuple[str, ...]

    def table(self, state: StateT) -> dict[str, Any]:
        """The table's screen: public only (built from ``rules.view(state, None)``).
        Words in the current language."""
        ...

    def seat(self, state: StateT, seat: int) -> dict[str, Any]:
        """One seat's phone (built from ``rules.view(state, seat)`` and nothing else of
        the state's private cards): its hand, whose turn it is, and what this seat may do
        now, as the requests it may send (e.g. ``"actions": {"play": ["9C", "KC"]}``)."""
        ...

    def action(self, state: StateT, seat: int, kind: str, body: Mapping[str, Any]) -> ActionT:
        """The game's action for ``seat``'s request ``POST /api/seat/KIND`` with the JSON
        ``body``. Raises :class:`~referee.errors.InputError` (HTTP 400) for a kind or a
        body it cannot read; whether the action may happen is the rules' (a
        :class:`~referee.errors.Refused`, HTTP 409, worded by the voice)."""
        ...


class Simultaneous(Protocol):
    """A game whose seats act at the same time (Spellcrafter's picks; optional): for the
    kinds it names, a request is not refused because another seat acted since the page
    was drawn (the ``X-Referee-Seen`` check); :meth:`WebGame.action` checks instead that
    what the page showed still holds for the seat (its pick number, raising
    :class:`MovedOn`), and the rules check the rest."""

    #: the kinds of ``POST /api/seat/KIND`` checked by the game itself ("pick")
    simultaneous: tuple[str, ...]


def moved_on() -> str:
    """Why a request from a page drawn before the game moved on is refused (HTTP 409)."""
    from referee.i18n import _

    return _("the game has moved on since this page was drawn; look again and tap once more")


class MovedOn(RuleError):
    """A seat's request answers a page the game has left (HTTP 409): :func:`moved_on`."""

    def __init__(self) -> None:
        super().__init__(moved_on())


class Previewing(Protocol[StateT]):
    """A game whose pages ask what an action would give before it is sent (optional)."""

    def preview(self, state: StateT, seat: int, body: Mapping[str, Any]) -> dict[str, Any]:
        """What ``seat``'s request ``POST /api/seat/preview`` (JSON ``body``) would give,
        from what the seat may see; nothing is recorded. Raises
        :class:`~referee.errors.InputError` (HTTP 400) for a body it cannot read."""
        ...


def envelope(
    *,
    game: str,
    title: str,
    file: str,
    lang: str,
    version: int,
    players: tuple[str, ...],
    seat: int | None,
    outcome: str | None,
    labels: Mapping[str, str],
    view: Mapping[str, Any] | None,
    error: str | None = None,
    fair: Mapping[str, Any] | None = None,
    entries: int | None = None,
    now: str | None = None,
    names: tuple[str, ...] | None = None,
    situation: str | None = None,
    decisions: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The JSON every answer of the API shares (see the module's docstring)."""
    return {
        "game": game,
        "title": title,
        "file": file,
        "lang": lang,
        "version": version,
        "entries": entries,
        "players": list(players),
        "seat": seat,
        "name": None if seat is None else (names or players)[seat],
        "now": now,
        "outcome": outcome,
        "labels": dict(labels),
        "error": error,
        "fair": None if fair is None else dict(fair),
        "view": None if view is None else dict(view),
        "situation": situation,
        "decisions": decisions,
    }
