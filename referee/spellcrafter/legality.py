"""Which cards a Spellcrafter word may use in a round: one definition,
:func:`card_refusal`, asked by :meth:`referee.spellcrafter.game.Game.refusal` before a
word is entered (and by `spell best` about a hand).

A card that the game's deck does not hold at all is a typo (an unusable refusal, exit 2);
cards that exist but cannot be in this word break the rules (exit 1): a Familiars card in
a two-player game, a card used more often than the deck holds it, a second Jumper in the
round, in a seeded game a card not dealt that round or used up by the round's other
words, and in a game drafted through the referee a card the seat did not select. Nothing here prints, reads files or words a refusal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.game import Refusal, refuse
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.deck import box_refusal
from referee.spellcrafter.notation import Token, is_jumper, jumper_of
from referee.spellcrafter.refusals import Rule
from referee.spellcrafter.rounds import Entry, Play

if TYPE_CHECKING:
    from referee.spellcrafter.game import Game


def card_refusal(game: Game, tokens: Sequence[Token], round_number: int, seat: int | None = None) -> Refusal | None:
    """The cards must be the game's (:func:`~referee.spellcrafter.deck.box_refusal`), or
    None. Then the rules: a Familiars card with two players, a card used more often than
    the deck holds it, a second Jumper in the round (:func:`jumper_refusal`), and in a
    seeded game a card not dealt that round or already used up by the round's other words
    (``seat``'s word is left out of those: it is the one being checked)."""
    deck = game.setup.deck
    unusable = box_refusal(tokens, deck)
    if unusable is not None:
        return unusable
    if game.setup.two_player:
        for token in tokens:
            if token.suit is SpellSuit.FAMILIARS:
                return refuse(Rule.NO_FAMILIARS, token=token)
    if deck is not None:
        for card, count in Counter(token.card for token in tokens).items():
            if count > deck.count(card):
                return refuse(Rule.MORE_THAN_DECK, card=card, count=count, held=deck.count(card))
    jumper = jumper_of(tokens)
    if jumper is not None:
        other = jumper_refusal(game, jumper, round_number, seat)
        if other is not None:
            return other
    if game.drafted:
        return None if seat is None else selected_refusal(game, tokens, round_number, seat)
    return dealt_refusal(game, tokens, round_number, seat)


def selected_refusal(game: Game, tokens: Sequence[Token], round_number: int, seat: int) -> Refusal | None:
    """In a game drafted through the referee, "players may look at their selected cards
    and have 2 minutes to craft one word": every card of ``seat``'s word but the Jumper
    is one of its 7 selected cards, each used at most as often as it was selected (the
    face-down last card only stands for the Jumper)."""
    draft = game.draft_of(round_number)
    selected = Counter(() if draft is None else draft.selected[seat])
    used = Counter(token.card for token in tokens if not is_jumper(token))
    for card, count in used.items():
        if count > selected[card]:
            return refuse(Rule.NOT_SELECTED, seat=seat, card=card, round=round_number, selected=selected[card],
                          last=draft is not None and card == draft.last[seat])  # fmt: skip
    return None


def jumper_refusal(game: Game, card: SpellCard, round_number: int, seat: int | None = None) -> Refusal | None:
    """One Jumper lies on the table each round: in a seeded game the one the referee
    turned up; with physical cards the first word of the round that uses it says which
    card it is (a word that fell too: the card was on the table). Another is refused,
    naming the Jumper in play. ``seat``'s own word is left out."""
    turned_up = game.jumper(round_number)
    if turned_up is not None:
        return None if card == turned_up else refuse(Rule.OTHER_JUMPER, card=card, jumper=turned_up, round=round_number)
    for other, entry in enumerate(_entries(game, round_number)):
        if other == seat or not isinstance(entry, Play):
            continue
        in_play = jumper_of(entry.score.tokens)
        if in_play is not None and in_play != card:
            return refuse(Rule.OTHER_JUMPER, card=card, jumper=in_play, round=round_number, seat=other, word=entry.score.word)
    return None


def _entries(game: Game, round_number: int) -> tuple[Entry | None, ...]:
    """The entries of a round so far (none for a round not begun)."""
    return game.rounds[round_number - 1].entries if round_number <= len(game.rounds) else ()


def dealt_refusal(game: Game, tokens: Sequence[Token], round_number: int, seat: int | None = None) -> Refusal | None:
    """In a seeded game every card of a word but the Jumper was dealt into a hand that
    round, and the round's words together use no card more often than it was dealt.
    Nothing to check with physical cards."""
    dealt = game.deal(round_number)
    if dealt is None:
        return None
    pool = Counter(card for hand in dealt.hands for card in hand)
    mine = Counter(token.card for token in tokens if not is_jumper(token))
    before: dict[SpellCard, Counter[int]] = {}
    for other, entry in enumerate(_entries(game, round_number)):
        if other != seat and isinstance(entry, Play):
            for token in entry.score.tokens:
                if not is_jumper(token):
                    before.setdefault(token.card, Counter())[other] += 1
    for card, count in mine.items():
        if pool[card] == 0:
            return refuse(Rule.NOT_DEALT, card=card, round=round_number, is_jumper=card == dealt.jumper)
        users = before.get(card, Counter())
        if sum(users.values()) + count > pool[card]:
            return refuse(Rule.USED_UP, card=card, dealt=pool[card], round=round_number, users=tuple(sorted(users)),
                          used=sum(users.values()), count=count)  # fmt: skip
    return None
