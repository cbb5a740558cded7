"""Which cards a Spellcrafter word may use in a round: one definition, asked by
:meth:`referee.spellcrafter.game.Game.word` before a word is entered.

A card that the game's deck does not hold at all is a typo (``InputError``, exit 2);
cards that exist but cannot be in this word break the rules (``RuleError``, exit 1): a
Familiars card in a two-player game, a card used more often than the deck holds it, a
second Jumper in the round, and in a seeded game a card not dealt that round or used up
by the round's other words. Nothing here prints or reads files.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from referee.errors import RuleError
from referee.spellcrafter.cards import SpellCard, SpellSuit
from referee.spellcrafter.deck import check_values
from referee.spellcrafter.notation import Token, is_jumper, jumper_of
from referee.spellcrafter.rounds import Entry, Play

if TYPE_CHECKING:
    from referee.spellcrafter.game import Game


def check_cards(game: Game, tokens: Sequence[Token], round_number: int, seat: int | None = None) -> None:
    """The cards must be the game's. A card the deck does not hold at all, or without a
    deck file a value outside 1–10, is a typo (``InputError``, exit 2); breaking a rule
    is a ``RuleError`` (exit 1): a Familiars card with two players, a card used more
    often than the deck holds it, a second Jumper in the round
    (:func:`check_jumper_on_table`), and in a seeded game a card not dealt that round or
    already used up by the round's other words (``seat``'s word is left out of those:
    it is the one being checked)."""
    deck = game.setup.deck
    check_values(tokens, deck)
    if game.setup.two_player:
        for token in tokens:
            if token.suit is SpellSuit.FAMILIARS:
                raise RuleError(f"{token}: a two-player game is played without the Familiars (f), removed from the deck")
    if deck is not None:
        for card, count in Counter(token.card for token in tokens).items():
            if count > deck.count(card):
                raise RuleError(f"the word uses {card} {count} times, but the deck holds {deck.count(card)}")
    jumper = jumper_of(tokens)
    if jumper is not None:
        check_jumper_on_table(game, jumper, round_number, seat)
    check_dealt(game, tokens, round_number, seat)


def check_jumper_on_table(game: Game, card: SpellCard, round_number: int, seat: int | None = None) -> None:
    """One Jumper lies on the table each round: in a seeded game the one the referee
    turned up; with physical cards the first word of the round that uses it says which
    card it is (a word that fell too: the card was on the table). Another is a
    ``RuleError`` naming the Jumper in play. ``seat``'s own word is left out."""
    where = f"the Jumper on the table in round {round_number} is"
    turned_up = game.jumper(round_number)
    if turned_up is not None:
        if card != turned_up:
            raise RuleError(f"{where} {turned_up}, not {card}")
        return
    for other, entry in enumerate(_entries(game, round_number)):
        if other == seat or not isinstance(entry, Play):
            continue
        in_play = jumper_of(entry.score.tokens)
        if in_play is not None and in_play != card:
            raise RuleError(f"{where} {in_play} ({game.setup.players[other]}'s {entry.score.word} uses it), not {card}")


def _entries(game: Game, round_number: int) -> tuple[Entry | None, ...]:
    """The entries of a round so far (none for a round not begun)."""
    return game.rounds[round_number - 1].entries if round_number <= len(game.rounds) else ()


def check_dealt(game: Game, tokens: Sequence[Token], round_number: int, seat: int | None = None) -> None:
    """In a seeded game every card of a word but the Jumper was dealt into a hand that
    round, and the round's words together use no card more often than it was dealt
    (``RuleError``, exit 1). Nothing to check with physical cards."""
    dealt = game.deal(round_number)
    if dealt is None:
        return
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
            hint = f" (it is the Jumper: write it *{card})" if card == dealt.jumper else ""
            raise RuleError(f"{card} was not dealt in round {round_number}{hint}")
        users = before.get(card, Counter())
        if sum(users.values()) + count > pool[card]:
            raise RuleError(f"{card} was dealt {_times(pool[card])} in round {round_number} and " + _used_up(
                [game.setup.players[other] for other in sorted(users)], sum(users.values()), count))


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _used_up(users: Sequence[str], used: int, count: int) -> str:
    """Why a card is used up: who used it before this word, and how often this word does."""
    clauses = []
    if users:
        clauses.append(f"{' and '.join(users)} already used it" + (f" {_times(used)}" if used > len(users) else ""))
    if count > 1 or not users:
        clauses.append(f"this word uses it {_times(count)}")
    return ", and ".join(clauses)
