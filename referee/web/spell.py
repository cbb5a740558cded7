"""Spellcrafter's side of `referee serve` (:class:`referee.web.contract.WebGame`).

The table's screen (a TV): the round of four, the passing direction, the Jumper turned up,
who is still to play, the words of the round with their breakdowns once played (the
scoring module's, worded by the game's voice), challenges and what they did, and the
standings with every round's points. Built from ``rules.view(state, None)`` only.

A seat's phone: in a game the referee deals (a seed), the hand dealt to that seat for the
round, as cards (letter, value, suit); what the round waits for; the seat's own word and
its score once entered. Built from ``rules.view(state, seat)`` only. The referee does not
see the draft (who holds which card once hands are passed), so the dealt hand is all a
phone can show; under the Friendly Rules too (selected cards lie face up on the table,
but the referee does not know them).

Actions: ``POST /api/seat/pass`` with ``{"round": N}``, the round the phone was showing:
the seat plays no word this round. The round is recorded with the pass (as ``--round N``
on the command line), so a tap on a page that missed the round's end is refused, not
entered into the next round. Building a word on the phone is for later (issue 24); a
word is entered at the table (``referee spell word``) or in table mode.

Cards are the CLI's tokens (``K4m``, ``QU10s``, ``DDm``); each comes with what a page
draws it from: letters, value, suit and, for a special card, its kind and the rulebook's
name (the same in both languages, as the voice keeps them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.errors import InputError
from referee.i18n import _
from referee.spellcrafter.actions import Action, EnterPass
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.game import Game, passing
from referee.spellcrafter.rounds import Entry, Pass, Play, Round
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.scoring import INSTANT_WIN, SELECTED_CARDS, Score, ScoredLetter
from referee.spellcrafter.setup import ROUNDS
from referee.spellcrafter.view import SeatView
from referee.spellcrafter.voice import challenge_outcome, direction, in_points, letter_note, round_notes, word_detail

_SUITS = list(SpellSuit)


def page_card(card: SpellCard) -> dict[str, Any]:
    """A card as a page draws it: its token, letters and value, suit, and the special
    card it is (``double-double``, ``toil``, ``trouble``) with the rulebook's name."""
    return {
        "card": str(card),
        "letters": card.letters,
        "value": card.value,
        "suit": card.suit.label,
        "special": None if card.special is None else card.special.value,
        "name": None if card.special is None else card.special.title,
    }


def hand_order(card: SpellCard) -> tuple[int, str, int, int]:
    """A hand sorted for spelling: letter cards alphabetically (then suit and value), the
    special cards after them."""
    special = -1 if card.special is None else list(type(card.special)).index(card.special)
    return (special, card.letters, _SUITS.index(card.suit), card.value)


def page_letter(letter: ScoredLetter) -> dict[str, Any]:
    """One letter of a word as it scored (the scoring module's), with the voice's note."""
    return {**letter.to_json(), "note": letter_note(letter)}


def page_word(score: Score) -> dict[str, Any]:
    """A word's breakdown: its letters as they scored and how the score was made."""
    return {
        "word": score.word,
        "tokens": [str(token) for token in score.tokens],
        "letters": [page_letter(letter) for letter in score.letters],
        "score": score.score,
        "points": in_points(score.score),
        "detail": word_detail(score),
        "instant_win": score.instant_win,
    }


def page_entry(names: Sequence[str], played: Round, seat: int) -> dict[str, Any]:
    """What ``seat`` entered in a round: nothing yet (``waiting``), a ``pass`` or a
    ``word`` with its breakdown and its challenge; ``points`` is what the round gives the
    seat (a fallen word 0, a lost challenge taken off)."""
    entry: Entry | None = played.entries[seat]
    penalty = played.penalty(seat)
    answer: dict[str, Any] = {
        "seat": seat,
        "name": names[seat],
        "status": "waiting" if entry is None else "pass" if isinstance(entry, Pass) else "word",
        "points": played.points(seat),
        "penalty": _("−{points} challenge").format(points=penalty) if penalty else None,
        "word": None,
        "challenge": None,
        "fallen": False,
    }
    if entry is None:
        answer["text"] = _("still to play")
    elif isinstance(entry, Pass):
        answer["text"] = _("passes")
    elif isinstance(entry, Play):
        answer["text"] = entry.score.word
        answer["word"] = page_word(entry.score)
        answer["fallen"] = entry.fallen
        if entry.challenge is not None:
            answer["challenge"] = {
                "challenger": entry.challenge.challenger,
                "valid": entry.challenge.valid,
                "text": challenge_outcome(names, seat, entry),
            }
    return answer


def page_round(view: SeatView, played: Round) -> dict[str, Any]:
    return {
        "number": played.number,
        "title": _("Words of round {number}").format(number=played.number),
        "passing": passing(played.number),
        "entries": [page_entry(view.players, played, seat) for seat in range(len(view.players))],
    }


def page_standings(view: SeatView) -> list[dict[str, Any]]:
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


def page_public(view: SeatView, over: bool) -> dict[str, Any]:
    """What every screen shows, from a seat view (the public's or a seat's: the same)."""
    number = view.round
    notes = round_notes(view, over)
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
        "standings": page_standings(view),
        "columns": [_("R{number}").format(number=played.number) for played in view.rounds],
        "instant_win": INSTANT_WIN,
        "labels": {
            "jumper": "Jumper",
            "standings": _("Standings"),
            "total": _("Total"),
            "fallen": _("fallen: 0 points"),
            "instant": _("instant win: {points} or more!").format(points=INSTANT_WIN),
        },
    }


def draft_note(view: SeatView) -> str:
    """How the draft goes with the hand just dealt (two players also discard a card)."""
    way = direction(passing(view.round))
    if len(view.players) == 2:
        return _("Keep one card, discard one and pass the rest {direction}, until you have {count} selected cards.").format(
            direction=way, count=SELECTED_CARDS)  # fmt: skip
    return _("Keep one card and pass the rest {direction}, until you have {count} selected cards.").format(
        direction=way, count=SELECTED_CARDS)  # fmt: skip


class SpellcrafterWeb:
    """The pages of a Spellcrafter table (:class:`referee.web.contract.WebGame`)."""

    kinds: tuple[str, ...] = ("pass",)

    def table(self, state: Game) -> dict[str, Any]:
        """The table's screen, from the public view only."""
        view = RULES.view(state, None)
        return page_public(view, RULES.outcome(state) is not None)

    def seat(self, state: Game, seat: int) -> dict[str, Any]:
        """One seat's phone, from that seat's view only: its hand as dealt, what the round
        waits for, its own word, and whether it may pass now."""
        view = RULES.view(state, seat)
        over = RULES.outcome(state) is not None
        answer = page_public(view, over)
        name = view.players[seat]
        latest = view.rounds[-1]
        own = None
        if latest.entries[seat] is not None:
            own = {**page_entry(view.players, latest, seat), "title": _("Your word in round {round}").format(round=latest.number)}
        to_play = seat in view.waiting
        answer["hand"] = [page_card(card) for card in sorted(view.hand, key=hand_order)]
        answer["hand_title"] = _("Your hand as dealt for round {round}").format(round=view.round) if view.hand else None
        if view.hand:
            answer["hand_note"] = draft_note(view)
        elif not over and view.hand_size == 0:
            answer["hand_note"] = _("{player}: the table plays with its own cards; the referee knows no hand.").format(player=name)
        else:
            answer["hand_note"] = None
        answer["own"] = own
        answer["total"] = view.totals[seat]
        answer["total_text"] = _("Your total: {points}").format(points=in_points(view.totals[seat]))
        if over:
            answer["turn"] = None
        elif to_play:
            answer["turn"] = _("Round {round}: draft, then spell your word and enter it at the table.").format(round=view.round)
        else:
            others = [view.players[other] for other in view.waiting]
            answer["turn"] = _("Your entry is in; waiting for {players}.").format(players=", ".join(others))
        if not to_play:  # the turn says whom the round waits for
            answer["notes"] = [note for note in answer["notes"] if note["kind"] != "waiting"]
        answer["actions"] = {"pass": {"round": view.round}} if to_play else {}
        answer["labels"].update({
            "pass": _("Pass this round"),
            "pass_confirm": _("Tap again to pass (no word, 0 points)"),
        })  # fmt: skip
        return answer

    def action(self, state: Game, seat: int, kind: str, body: Mapping[str, Any]) -> Action:
        """``pass`` with ``{"round": N}``: the seat plays no word in round N (the round its
        page showed, checked by the rules against the current one)."""
        if kind != "pass":
            raise InputError(_("unknown action {kind}").format(kind=kind))
        number = body.get("round")
        if isinstance(number, bool) or not isinstance(number, int):
            raise InputError(_("a pass needs the round it is for, as a number: {example}").format(example='{"round": 1}'))
        return EnterPass(seat=seat, round=number)


WEB = SpellcrafterWeb()
