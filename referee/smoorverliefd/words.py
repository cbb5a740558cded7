"""Smoorverliefd's words in the chosen language (:mod:`referee.i18n`): points, cards and
the variants' names, as every message of the game writes them."""

from __future__ import annotations

from referee.cards import Card, Suit, parse_suit
from referee.errors import InputError
from referee.i18n import _, dutch, ngettext
from referee.smoorverliefd.setup import Variant


def points(count: int) -> str:
    """``count`` points in words: "1 point", "12 points" (Dutch: "1 punt", "12 punten")."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def card_symbol(card: Card) -> str:
    """A card as people write it: ``K♥``; in Dutch ``H♥`` (heer)."""
    return card.dutch_symbol if dutch() else card.symbol


def card_name(card: Card) -> str:
    """A card in a message: as it is typed, ``KH``; in Dutch as a Dutch table writes it, ``H♥``."""
    return card.dutch_symbol if dutch() else str(card)


def variant_name(variant: Variant) -> str:
    """A variant as people read it: its option word in English, the rulebook's name in
    Dutch ("Smoorverliefd met Troef")."""
    names = {
        Variant.TROEF: _("troef"),
        Variant.BLINDE_LIEFDE: _("blinde-liefde"),
        Variant.PARTNERS: _("partners"),
        Variant.KLEINE_LIEFDE: _("kleine-liefde"),
        Variant.CUPIDO: _("cupido"),
    }
    return names[variant]


def suit_name(suit: Suit) -> str:
    """A suit in words: "hearts"; in Dutch "harten"."""
    names = {Suit.CLUBS: _("clubs"), Suit.DIAMONDS: _("diamonds"), Suit.HEARTS: _("hearts"), Suit.SPADES: _("spades")}
    return names[suit]


def rank_words(card: Card) -> str:
    """A card's rank in words: "queen", "10"; in Dutch "vrouw"."""
    names = {11: _("jack"), 12: _("queen"), 13: _("king"), 14: _("ace")}
    return names.get(card.rank, str(card.rank))


def card_words(card: Card) -> str:
    """A card as a screen reader says it, after its symbol: "Q♥ queen of hearts" (Dutch
    "V♥ harten vrouw"): the suit in words as well as by colour."""
    return f"{card_symbol(card)} " + _("{rank} of {suit}").format(rank=rank_words(card), suit=suit_name(card.suit))


def either(names: list[str]) -> str:
    """Names as a choice: "Anna, Bram or Cees" (Dutch "Anna, Bram of Cees")."""
    return _(" or ").join(filter(None, [", ".join(names[:-1]), *names[-1:]]))


def both(names: list[str]) -> str:
    """Names together: "Anna and Bram" (Dutch "Anna en Bram")."""
    return _(" and ").join(names)


def saved_card(text: object) -> str:
    """A card as a save file holds it (``"QH"``), written for the chosen language: as it
    is in English, ``V♥`` in Dutch; anything that is not a card is shown as it is."""
    if not dutch():
        return str(text)
    try:
        return Card.parse(str(text)).dutch_symbol
    except InputError:
        return str(text)


def saved_suit(text: object) -> str:
    """A suit as a save file holds it (``"S"``): as it is in English, ``♠`` in Dutch."""
    if not dutch():
        return str(text)
    try:
        return parse_suit(str(text)).symbol
    except InputError:
        return str(text)
