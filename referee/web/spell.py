"""Spellcrafter's side of `referee serve` (:class:`referee.web.contract.WebGame`).

The table's screen (a TV): the round of four, the passing direction, the Jumper turned up,
in a game drafted through the referee the draft (the pick being made, who has picked this
turn, never what) and then the crafting clock, who is still to play, the words of the
round with their breakdowns once played (the scoring module's, worded by the game's
voice), challenges and what they did, and the standings with every round's points. Built
from the public view only (``seat_view(state, None, now)``: the rules' view by the
server's clock, so a word is shown once every word is in or time is up). A team is named by its members (``team Anna and
Bram``) on every screen.

A seat's phone, built from the seat's view only (``seat_view(state, seat, now)``):

- in a game drafted through the referee (:mod:`referee.web.spell_draft`): the hand it
  picks from (tap a card to keep it; two players also choose the card to discard and
  confirm), its selected cards; once the draft is over its 7 selected cards and the
  Jumper, tapped in order to spell its word, the score and its breakdown shown as the
  word grows (``POST /api/seat/preview``), the word entered or a pass; then the words of
  the round it may challenge;
- in a seeded game drafted with real cards, the hand dealt to that seat for the round
  (the referee does not see that draft, so the dealt hand is all a phone can show) and a
  pass; with physical cards, nothing but the round and a pass.

What the round waits for is the envelope's ``situation``, and what the seat may do now
its ``decisions`` (the rules'): the card to keep (each pick a ready event naming the
round and the pick the page showed, so a tap on a page that missed the round's end or
the seat's own pick is refused), a word (a form: the word builder fills its ``cards``),
a pass for the round it shows, a challenge of another seat's word (judged by the game's
dictionary and house rules when it is recorded).

Cards are the CLI's tokens (``K4m``, ``QU10s``, ``DDm``); each comes with what a page
draws it from: letters, value, suit and, for a special card, its kind and the rulebook's
name (the same in both languages, as the voice keeps them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from referee.game import JsonObject, JsonValue
from referee.i18n import _
from referee.spellcrafter.game import Game, passing
from referee.spellcrafter.rounds import Entry, Pass, Play, Round
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.scoring import INSTANT_WIN, SELECTED_CARDS
from referee.spellcrafter.setup import ROUNDS
from referee.spellcrafter.view import SeatView, seat_view, shown_at
from referee.spellcrafter.voice import challenge_outcome, direction, in_points, no_hand, round_notes
from referee.web.spell_draft import challenges, clock, hand_order, page_card, page_word, preview, seat_craft, seat_draft, table_draft
from referee.web.contract import Pages

__all__ = ["WEB", "hand_order", "page_card", "page_word"]


def page_entry(names: Sequence[str], played: Round, seat: int, sealed: Sequence[int] = ()) -> JsonObject:
    """What ``seat`` entered in a round: nothing yet (``waiting``), something face down
    (``entered``: a word or a pass not shown yet, the seat among ``sealed``), a ``pass``
    or a ``word`` with its breakdown and its challenge; ``points`` is what the round
    gives the seat (a fallen word 0, a lost challenge taken off)."""
    entry: Entry | None = played.entries[seat]
    penalty = played.penalty(seat)
    word: JsonObject | None = None
    challenge: JsonObject | None = None
    fallen = False
    if entry is None and seat in sealed:
        text = _("entered: shown when every word is in")
    elif entry is None:
        text = _("still to play")
    elif isinstance(entry, Pass):
        text = _("passes")
    else:
        text, word, fallen = entry.score.word, page_word(entry.score), entry.fallen
        if entry.challenge is not None:
            challenge = {
                "challenger": entry.challenge.challenger,
                "valid": entry.challenge.valid,
                "text": challenge_outcome(names, seat, entry),
            }
    return {
        "seat": seat,
        "name": names[seat],
        "status": ("entered" if seat in sealed else "waiting") if entry is None else "pass" if isinstance(entry, Pass) else "word",
        "points": played.points(seat),
        "penalty": _("−{points} challenge").format(points=penalty) if penalty else None,
        "word": word,
        "challenge": challenge,
        "fallen": fallen,
        "text": text,
    }


def page_round(view: SeatView, played: Round) -> JsonObject:
    return {
        "number": played.number,
        "title": _("Words of round {number}").format(number=played.number),
        "passing": passing(played.number),
        "entries": [page_entry(view.players, played, seat, view.sealed if played is view.rounds[-1] else ()) for seat in range(len(view.players))],
    }


def page_standings(view: SeatView) -> list[JsonValue]:
    """The players by total, highest first (seating order among equals), each with every
    round's points."""
    best = max(view.totals)
    ranked = sorted(range(len(view.players)), key=lambda seat: (-view.totals[seat], seat))
    return [
        {
            "seat": seat,
            "name": view.players[seat],
            "total": view.totals[seat],
            "leader": view.totals[seat] == best and best > 0,
            "rounds": [played.points(seat) for played in view.rounds],
        }
        for seat in ranked
    ]


def page_public(view: SeatView, over: bool, without_waiting: bool = False, labels: JsonObject | None = None) -> JsonObject:
    """What every screen shows, from a seat view (the public's or a seat's: the same);
    a seat's phone leaves out the note of whom the round waits for (``without_waiting``:
    the situation says it) and adds its own words (``labels``)."""
    number = view.round
    notes = round_notes(view, over)
    drafting = table_draft(view) if not over else None
    waiting = None if drafting is None else drafting["waiting"]
    if isinstance(waiting, str):  # the round waits for picks, not yet for words
        notes = [(kind, waiting if kind == "waiting" else text) for kind, text in notes]
    if without_waiting:
        notes = [(kind, text) for kind, text in notes if kind != "waiting"]
    return {
        "round": number,
        "rounds": ROUNDS,
        "heading": _("Round {number}").format(number=number),
        "of_rounds": _("of {rounds}").format(rounds=ROUNDS),
        "passing": passing(number),
        "pass_text": _("pass {direction}").format(direction=direction(passing(number))),
        "jumper": None if view.jumper is None else page_card(view.jumper),
        "waiting": list(view.waiting),
        "notes": [{"kind": kind, "text": text} for kind, text in notes],
        "latest": page_round(view, view.rounds[-1]),
        "story": round_story(view, over),
        "standings": page_standings(view),
        "columns": [_("R{number}").format(number=played.number) for played in view.rounds],
        "instant_win": INSTANT_WIN,
        "draft": drafting,
        "clock": None if over else clock(view),
        "labels": {
            "jumper": "Jumper",
            "standings": _("Standings"),
            "total": _("Total"),
            "fallen": _("fallen: 0 points"),
            "instant": _("instant win: {points} or more!").format(points=INSTANT_WIN),
            **(labels or {}),
        },
    }


def round_story(view: SeatView, over: bool) -> bool:
    """Whether the screens tell the story of the latest round (its words with their
    breakdowns, its challenges and their verdicts): from the moment its last word is in
    until the next round's first entry (a pick, a word or a pass), and once the game is
    over."""
    latest = view.rounds[-1]
    if over:
        return True
    if not latest.complete or latest.number == view.round:
        return False
    return view.draft is None or not any(view.draft.picked) and not any(view.draft.counts)


def draft_note(view: SeatView) -> str:
    """How the draft goes with the hand just dealt (two players also discard a card)."""
    way = direction(passing(view.round))
    if len(view.players) == 2:
        return _("Keep one card, discard one and pass the rest {direction}, until you have {count} selected cards.").format(
            direction=way, count=SELECTED_CARDS)  # fmt: skip
    return _("Keep one card and pass the rest {direction}, until you have {count} selected cards.").format(
        direction=way, count=SELECTED_CARDS)  # fmt: skip


def with_team_names(view: SeatView) -> SeatView:
    """The view with its seats named as people say them: a team by its members."""
    from referee.spellcrafter.voice import seat_names

    return replace(view, players=seat_names(view)) if view.teams else view


def server_time() -> datetime:
    """The server's clock, which says when the crafting clock has run out (the words are
    then shown); a test sets it."""
    from referee.moments import exact_now

    return exact_now()


def view_of(state: Game, seat: int | None) -> SeatView:
    """``seat``'s view now (None: the public's), by the server's clock: the rules' view
    (:func:`~referee.spellcrafter.view.seat_view`) with the words shown once time is up,
    a team named by its members."""
    return with_team_names(seat_view(state, seat, server_time()))


class SpellcrafterWeb(Pages[Game]):
    """The pages of a Spellcrafter table (:class:`referee.web.contract.WebGame`)."""

    def names(self, state: Game) -> tuple[str, ...]:
        """The seats as people say them (``team Anna and Bram``), for the envelope."""
        return view_of(state, None).players

    def table(self, state: Game) -> JsonObject:
        """The table's screen, from the public view only."""
        view = view_of(state, None)
        return page_public(view, RULES.outcome(state) is not None)

    def seat(self, state: Game, seat: int) -> JsonObject:
        """One seat's phone, from that seat's view only: in a drafted game its hand,
        selected cards and what it may pick, then the cards it spells its word with;
        otherwise its hand as dealt; what the round waits for, its own word, and what it
        may do now (pick, enter a word, pass, challenge)."""
        view = view_of(state, seat)
        over = RULES.outcome(state) is not None
        name = view.players[seat]
        latest = view.rounds[-1]
        own = None
        if latest.entries[seat] is not None:
            own = {**page_entry(view.players, latest, seat), "title": _("Your word in round {round}").format(round=latest.number)}
        to_play = seat in view.waiting
        drafted = view.draft is not None
        drafting = None if over else seat_draft(view, seat)
        crafting = None if over else seat_craft(view, seat, to_play)
        labels: JsonObject = {"pass": _("Pass this round"), "pass_confirm": _("Tap again to pass (no word, 0 points)")}
        # without the note of whom the round waits for: the situation says it
        answer = page_public(view, over, without_waiting=not to_play or drafting is not None, labels=labels)
        return {
            **answer,
            "hand": [page_card(card) for card in sorted(view.hand, key=hand_order)],
            "hand_title": _("Your hand as dealt for round {round}").format(round=view.round) if view.hand else None,
            "hand_note": draft_note(view) if view.hand else None if over else no_hand(view, name),
            "own": own,
            "draft_seat": drafting,
            "craft": crafting,
            "challenges": challenges(view, seat),
            "total": view.totals[seat],
            "total_text": _("Your total: {points}").format(points=in_points(view.totals[seat])),
        }

    def changes_at(self, state: Game) -> datetime | None:
        """When the crafting clock runs out while a word lies face down: then every page
        shows the round's words (:func:`~referee.spellcrafter.view.shown_at`), though no
        one has tapped."""
        return shown_at(state)

    def preview(self, state: Game, seat: int, body: Mapping[str, object]) -> JsonObject:
        """What the cards ``{"cards": [...]}`` would score as the seat's word now
        (:func:`referee.web.spell_draft.preview`); nothing is recorded."""
        return preview(state, seat, body)


WEB = SpellcrafterWeb()
