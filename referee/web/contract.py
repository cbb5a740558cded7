"""What a game gives the web pages: its registry line's ``web`` names a :class:`WebGame`.

The pages draw from JSON the server computes, per page, in that page's language:

``GET /api/table``   the public screen (a TV): :meth:`WebGame.table` of the state
``GET /api/seat``    one seat's phone (the seat's cookie): :meth:`WebGame.seat`
``POST /api/seat/KIND`` a seat's entry: the save-file event itself, one of the seat's
                     ``decisions`` (SPEC §6.7): a listed choice posted as it is listed
                     (``{"kind": "bid", "bids": {"Anna": 3}}``), or a form's event with
                     its field filled in (a word of entropy, a Spellcrafter word);
                     :func:`referee.decisions.seat_entry` checks it, the game's one
                     parser reads it, the save-file engine records it (atomic, locked,
                     ``.bak``) after the rules accepted it. No page parses a card, a
                     cell or a word itself
``POST /api/seat/preview`` what a seat's action would give, without recording anything
                     (a game whose adapter has :attr:`WebGame.preview`, e.g. a word's
                     score as it is built, fed by the form's ``cards``): the same guards
                     and seat as an entry

Privacy is by construction: :meth:`WebGame.table` reads the state only through
``rules.view(state, None)`` and :meth:`WebGame.seat` only through ``rules.view(state,
seat)`` (SPEC §6.6), so no answer can hold a card its page may not see. The tests check
it by non-interference: changing what a seat may not see (another hand, the deck) never
changes a byte of that seat's answers.

Words in an answer (what the game waits for, each decision's prompt and choices, a
word's breakdown, how the game ended) come from the game's voice and
:func:`referee.i18n._`, in the page's language (the server calls inside
:func:`referee.i18n.speaking`); the JavaScript draws cards from their tokens and shows
the words it is given, and holds no sentence of its own.

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
     "view": {…},                           # the game's: WebGame.table / WebGame.seat
     "situation": "Round 2 — Bram deals; …", # what the game waits for (the voice's): the
                                            # TV's headline, each phone's status line
     "decisions": [{"kind": "bid", "prompt": "Your bid: …", "together": true,
                    "choices": [{"kind": "bid", "bids": {"Bram": 0}}, …],
                    "labels": ["0", …]}, …],   # a seat's only (null on the table's):
                                            # what it may decide now, each choice an
                                            # event to POST as it is, or a "form":
                                            # {"event", "field", "constraints"}
     "final": null or {…}}                  # once the match is over: its final standings
                                            # and the season's line (referee/web/final.py)

The host's fields (:mod:`referee.web.host`) follow on every answer: ``announcement``
(``{"text", "version"}`` or null: the last undo or redo, made anywhere, worded in the
page's language, until the next entry), ``rematch`` (true once the match is over: any
joined seat may ``POST /api/rematch``), ``show_link`` (the table's only: ``{"seat",
"name", "qr", "text"}`` while the host shows a seat's new link on the TV, else null),
``take_back`` (a seat's only: ``POST /api/take-back`` may take back its own last entry
now) and ``host_labels`` (those buttons' words).

``fair`` (:func:`referee.fair.rules.public_of`) is the same on every page: the
commitment and its fingerprint, each seat's word of entropy (null until given), whose
word is due, whether the secret is revealed (then the secret and the reveal's code), and
``withdrawn``: every word an undo took back (``seat``, ``word``), which stays on the
record for the table to see. Never the secret before the reveal.

Cards are in the CLI's JSON notation: ``10S``, ``AH`` (French deck), Smitten's numbers
``1``–``9``, Spellcrafter's tokens (``K4m``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from referee.game import JsonObject, JsonValue

StateT = TypeVar("StateT", contravariant=True)


class WebGame(Protocol[StateT]):
    """A game's side of the pages (``referee/web/GAME.py``, an object named ``WEB``): how
    its view is drawn. What a seat may do is not here: it is the rules' ``decisions``,
    taken by :mod:`referee.decisions` for every game alike. The optional hooks
    (``names``, ``changes_at``, ``preview``) have their defaults in :class:`Pages`, which a game's
    adapter extends."""

    def table(self, state: StateT) -> JsonObject:
        """The table's screen: public only (built from ``rules.view(state, None)``).
        Words in the current language."""
        ...

    def seat(self, state: StateT, seat: int) -> JsonObject:
        """One seat's phone (built from ``rules.view(state, seat)`` and nothing else of
        the state's private cards): its hand and what the page draws beside its
        decisions."""
        ...

    def names(self, state: StateT) -> tuple[str, ...] | None:
        """The seats as people say them (``team Anna and Bram``), for the envelope's
        ``names``; None: by the players' names."""
        ...

    def changes_at(self, state: StateT) -> datetime | None:
        """The next moment the pages of ``state`` change by time alone (a clock running
        out shows what it hid), by the server's clock (:func:`referee.moments.exact_now`);
        None: only an entry changes them. The server gives every page a new version once
        that moment has passed."""
        ...

    @property
    def preview(self) -> Preview[StateT] | None:
        """What ``seat``'s request ``POST /api/seat/preview`` (JSON ``body``) would give,
        from what the seat may see; nothing is recorded. It raises
        :class:`~referee.errors.InputError` (HTTP 400) for a body it cannot read. None:
        the game's pages ask for no preview (HTTP 404)."""
        ...


#: A game's preview (:attr:`WebGame.preview`): ``(state, seat, body)`` to the answer.
Preview = Callable[[StateT, int, Mapping[str, object]], JsonObject]


class Pages(Generic[StateT]):
    """The defaults of a :class:`WebGame`'s optional hooks: the seats by the players'
    names, no change by time alone, no preview. A game's adapter extends it and overrides what it gives."""

    preview: Preview[StateT] | None = None

    def names(self, state: StateT) -> tuple[str, ...] | None:
        return None

    def changes_at(self, state: StateT) -> datetime | None:
        return None


def moved_on() -> str:
    """Why a request from a page drawn before the game moved on is refused (HTTP 409)."""
    from referee.i18n import _

    return _("the game has moved on since this page was drawn; look again and tap once more")


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
    view: Mapping[str, JsonValue] | None,
    error: str | None = None,
    fair: Mapping[str, JsonValue] | None = None,
    entries: int | None = None,
    now: str | None = None,
    names: tuple[str, ...] | None = None,
    situation: str | None = None,
    decisions: list[JsonObject] | None = None,
    bots: tuple[int, ...] = (),
    final: Mapping[str, JsonValue] | None = None,
) -> JsonObject:
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
        "decisions": None if decisions is None else list(decisions),
        "bots": list(bots),  # the seats the referee plays (issue 35): no link, no page
        "final": None if final is None else dict(final),
    }
