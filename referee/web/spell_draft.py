"""Spellcrafter's draft, crafting clock, word building and challenges on the pages of
`referee serve` (issue 24): the parts of :mod:`referee.web.spell` for a game drafted
through the referee.

Everything a seat is sent comes from its seat view (:class:`~referee.spellcrafter.view.
SeatView`, its :class:`~referee.spellcrafter.view.DraftView`): the hand it picks from
and how many cards it has kept, face down until the draft is complete, then its selected
cards and face-down last card; never another seat's (under the Friendly Rules every
seat's selected cards lie face up, and the view says so). The table's screen gets
the public view: who has picked this turn, never what.

A word is built on the phone by tapping the cards in order; the phone asks the server
what the word so far scores (``POST /api/seat/preview``, :func:`preview`): the scoring
module's score and breakdown, worded by the game's voice, or the rule the word breaks
(``RULES.refusal``, the one the real entry is judged by). Nothing is scored in
the page. The page builds the word's tokens from the templates it is sent
(:func:`craft_card`: the notation's own spelling of each token).
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from referee.errors import InputError, Refused
from referee.game import JsonObject, JsonValue
from referee.i18n import _, ngettext
from referee.spellcrafter.actions import EnterWord
from referee.spellcrafter.cards import QU, Special, SpellCard, SpellSuit
from referee.spellcrafter.draft import PICKS
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import DoubleToken, LetterToken, ToilToken, TroubleToken, parse_word
from referee.spellcrafter.refusals import FORMAT
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.scoring import Score, ScoredLetter, score_word
from referee.spellcrafter.view import DraftView, SeatView
from referee.spellcrafter.voice import direction, draft_waiting, in_points, letter_note, suit_name, word_detail

_SUITS = list(SpellSuit)

#: Where a token's template takes the letter or the position the player chooses.
BLANK = "#"


# --- cards and words as a page draws them ----------------------------------------------------


def page_card(card: SpellCard) -> JsonObject:
    """A card as a page draws it: its token, letters and value, suit, and the special
    card it is (``double-double``, ``toil``, ``trouble``) with the rulebook's name."""
    return {
        "card": str(card),
        "letters": card.letters,
        "value": card.value,
        "suit": card.suit.label,
        "special": None if card.special is None else card.special.value,
        "name": None if card.special is None else card.special.title,
        "label": card_name(card),
    }


def card_name(card: SpellCard) -> str:
    """A card's accessible name, as a screen reader says it: "B, 3 points, moons", "Toil,
    moons" (its suit by name, never by colour alone)."""
    suit = suit_name(card.suit)
    if card.special is not None:
        return _("{card}, {suit}").format(card=card.special.title, suit=suit)
    letters = "Qu" if card.letters == QU else card.letters
    return ngettext("{letters}, {value} point, {suit}", "{letters}, {value} points, {suit}", card.value).format(
        letters=letters, value=card.value, suit=suit)  # fmt: skip


def hand_order(card: SpellCard) -> tuple[int, str, int, int]:
    """A hand sorted for spelling: letter cards alphabetically (then suit and value), the
    special cards after them."""
    special = -1 if card.special is None else list(type(card.special)).index(card.special)
    return (special, card.letters, _SUITS.index(card.suit), card.value)


def page_letter(letter: ScoredLetter) -> JsonObject:
    """One letter of a word as it scored (the scoring module's), with the voice's note."""
    return {**letter.to_json(), "note": letter_note(letter)}


def page_word(score: Score) -> JsonObject:
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


def pick_heading(pick: int) -> str:
    return _("Pick {pick} of {picks}").format(pick=pick, picks=PICKS)


# --- the table's screen -----------------------------------------------------------------------


def table_draft(view: SeatView) -> JsonObject | None:
    """The draft on the TV while it goes on: the pick being made, the passing direction,
    and per seat whether it has picked this turn (never what) or is done."""
    draft = view.draft
    if draft is None or draft.complete:
        return None
    return {
        "pick": draft.turn,
        "heading": pick_heading(draft.turn),
        "seats": [draft_seat(view, draft, seat) for seat in range(len(view.players))],
        "waiting": draft_waiting(view.players, draft.waiting),
    }


def draft_seat(view: SeatView, draft: DraftView, seat: int) -> JsonObject:
    """One seat in the draft, as everyone may see it."""
    state = "done" if draft.done[seat] else "picked" if draft.picked[seat] else "picking"
    text = {"done": _("draft done"), "picked": _("has picked"), "picking": _("picking…")}[state]
    shown = draft.selected[seat]
    return {
        "seat": seat,
        "name": view.players[seat],
        "state": state,
        "text": text,
        "count": draft.counts[seat],
        "count_text": _("{count} of {picks} selected").format(count=draft.counts[seat], picks=PICKS),
        "selected": None if shown is None else [page_card(card) for card in shown],  # face up: Friendly Rules
    }


def clock(view: SeatView) -> JsonObject | None:
    """The crafting clock while the round's words are written: when it started, how
    long it runs (:func:`referee.spellcrafter.clock.running`) and ``deadline``, the
    moment it runs out on the server's clock (the same in every answer, whenever it is
    asked: a tap never restarts it); every page counts down to it, correcting its own
    clock by the envelope's ``now``."""
    from referee.spellcrafter.clock import running

    shown = running(view)
    if shown is None:
        return None
    start, seconds = shown
    return {"start": start, "seconds": seconds, "deadline": view.deadline, "title": _("Time to craft"), "time_up": _("time is up")}


# --- a seat's phone ----------------------------------------------------------------------------


def seat_draft(view: SeatView, seat: int) -> JsonObject | None:
    """A seat's own draft while it goes on: the hand it picks from, how many cards it has
    kept (face down until the draft is over: "select one card to keep by placing it in a
    pile face down"; under the Friendly Rules face up, so listed), and what it may do
    now. Its discards and last card lie face down too; once the draft is over, the
    cards it spells with are :func:`seat_craft`'s."""
    draft = view.draft
    if draft is None or draft.complete:
        return None
    may_pick = seat in draft.waiting
    if draft.done[seat]:
        status = _("Your draft is done; {waiting}.").format(waiting=draft_waiting(view.players, draft.still_drafting))
    elif draft.picked[seat]:
        status = _("You have picked; {waiting}.").format(waiting=draft_waiting(view.players, draft.waiting))
    elif draft.must_discard:
        status = _("Tap the card to keep, then the card to discard, and confirm.")
    else:
        status = _("Tap the card to keep and confirm; the rest of your hand is passed {direction}.").format(direction=direction(draft.direction))
    own = draft.selected[seat]
    count = draft.counts[seat]
    return {
        "round": draft.round,
        "pick": draft.pick,
        "heading": pick_heading(draft.pick),
        "may_pick": may_pick,
        "must_discard": draft.must_discard and may_pick,
        "status": status,
        "hand": [page_card(card) for card in sorted(draft.hand, key=hand_order)],
        "hand_title": _("Your hand") if may_pick else _("Your hand, passed on when everyone has picked"),
        "selected": None if own is None else [page_card(card) for card in own],  # None: face down
        "kept": count,
        "kept_text": ngettext("{count} card kept, face down", "{count} cards kept, face down", count).format(count=count),
        "selected_title": _("Your selected cards ({count} of {picks})").format(count=count, picks=PICKS),
        "discarded": [page_card(card) for card in draft.discarded],
        "discarded_title": _("Your discards"),
        "last": None if draft.last is None else page_card(draft.last),
        "last_title": _("Your face-down last card: it stands for the Jumper"),
        "labels": {"keep": _("keep"), "discard": _("discard"), "confirm": _("Keep and discard"), "keep_one": _("Keep this card"),
                   "cancel": _("Choose again")},  # fmt: skip
    }


def craft_card(card: SpellCard) -> JsonObject:
    """A card to spell with: how the page writes its token (``token`` for a letter card,
    ``template`` with :data:`BLANK` for the letter or position a special card needs, and
    the Qu card's ``short`` form without its U), and what it asks when tapped."""
    described = page_card(card)
    if card.special is Special.DOUBLE_DOUBLE:
        return {**described, "template": str(DoubleToken(card.suit, BLANK)), "asks": "copies"}
    if card.special is Special.TROUBLE:
        return {**described, "template": str(TroubleToken(card.suit, BLANK)), "asks": "letter"}
    if card.special is Special.TOIL:
        return {**described, "template": str(ToilToken(card.suit, 0)).replace("0", BLANK), "asks": "toil"}
    token = LetterToken(card.letters, card.value, card.suit)
    answer = {**described, "token": str(token), "asks": None, "shows": card.letters}
    if card.letters == QU:
        answer |= {"short": str(LetterToken("Q", card.value, card.suit)), "asks": "qu"}
    return answer


def seat_craft(view: SeatView, seat: int, to_play: bool) -> JsonObject | None:
    """The cards a seat spells its word with once the draft is over: its 7 selected cards
    and the Jumper (its face-down last card stands for it), with the questions the
    special cards ask and the words of the word builder."""
    draft = view.draft
    if draft is None or not draft.complete or not to_play:
        return None
    cards: list[JsonValue] = [craft_card(card) for card in sorted(draft.selected[seat] or (), key=hand_order)]
    jumper = None
    if view.jumper is not None:
        written = LetterToken(view.jumper.letters, view.jumper.value, view.jumper.suit, jumper=True)
        jumper = {**page_card(view.jumper), "token": str(written), "asks": None, "shows": view.jumper.letters, "jumper": True}
        if view.jumper.letters == QU:
            jumper |= {"short": str(LetterToken("Q", view.jumper.value, view.jumper.suit, jumper=True)), "asks": "qu"}
    last = draft.last
    return {
        "round": draft.round,
        "cards": cards,
        "jumper": jumper,
        "stand_in": None if last is None else _("Jumper: your face-down {card} stands for it").format(card=last),
        "alphabet": string.ascii_uppercase,
        "labels": {
            "title": _("Spell your word"),
            "hint": _("Tap your cards in order; tap a letter of the word to take it and the cards after it back."),
            "empty": _("No card yet."),
            "clear": _("Start again"),
            "enter": _("Enter the word"),
            "cancel": _("Cancel"),
            "asks_letter": _("Trouble stands for which letter?"),
            "asks_copies": _("Double, Double copies which letter of your word?"),
            "asks_toil": _("Toil changes which letter of your word (+1, and its suit)?"),
            "asks_qu": _("The Qu card: with its U or without?"),
            "no_letter": _("First put a letter card or the Jumper in the word."),
        },
    }


def challenges(view: SeatView, seat: int) -> JsonObject | None:
    """The words of the latest round the seat may challenge: every other seat's word not
    challenged yet (public: the words are on the table)."""
    latest = view.rounds[-1]
    targets: list[JsonValue] = []
    for other in latest.unchallenged:
        entry = latest.entries[other]
        if other != seat and isinstance(entry, Play):
            word = entry.score.word
            targets.append({
                "seat": other,
                "word": word,
                "text": _("Challenge {player}'s {word}").format(player=view.players[other], word=word),
                "confirm": _("Tap again to challenge {word}: the dictionary judges").format(word=word),
            })  # fmt: skip
    if not targets:
        return None
    return {"round": latest.number, "title": _("Challenge a word of round {round}").format(round=latest.number), "targets": targets}


# --- a word as it is built ----------------------------------------------------------------------


def word_tokens(body: Mapping[str, object]) -> list[str]:
    cards = body.get("cards")
    if not isinstance(cards, list) or not all(isinstance(card, str) for card in cards):
        raise InputError(_("a word is sent as its cards, a list of tokens: {example}").format(example='{"round": 1, "cards": ["K6m", "I1m", "T1m"]}'))
    return cards


def preview(state: Game, seat: int, body: Mapping[str, object]) -> JsonObject:
    """What the cards ``{"cards": [...]}`` would score as ``seat``'s word now: the scoring
    module's breakdown (``score``), or the rule the word would break, worded
    (``refusal``). Nothing is recorded.

    Only in a game drafted through the referee: there a word is judged against the
    seat's own selected cards and the public Jumper and deck, so the answer holds nothing
    of another seat's cards. In a game drafted with real cards a word is judged against
    the round's dealt pool, which would tell a seat who was dealt what: the preview is
    refused there, in words that name no card (an :class:`InputError`, HTTP 400). The
    word is judged as the real entry is, by the full rules (``RULES.refusal``: a fair
    game's missing entropy first), and those refuse every word until the round's draft
    is complete (the seat's cards lie face down until then)."""
    cards = word_tokens(body)
    if not state.drafted:
        raise InputError(_("a word is scored as it is built only in a game drafted through the referee"))
    if not cards:
        return {"score": None, "refusal": None}
    tokens = tuple(parse_word(cards))
    refusal = RULES.refusal(state, EnterWord(seat=seat, tokens=tokens))
    if refusal is not None:  # worded as the entry's (a fair game's refusal by the fair voice)
        return {"score": None, "refusal": str(Refused(refusal, FORMAT, state))}
    return {"score": page_word(score_word(tokens, state.setup.variants)), "refusal": None}

