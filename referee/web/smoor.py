"""Smoorverliefd's pages for `referee serve` (:class:`referee.web.contract.WebGame`).

The table's screen (a TV) shows what the whole table may see, from the public view
``RULES.view(state, None)``: the standings with each side's distance to the target, the
chart of running totals (as numbers: the page draws it), the trick on the table and the
last trick, whose turn it is, the round and its dealer, the cursed suit, the bids and how
many cards each player holds; from a round's last trick until the next round's first
entry the story of that round (``last_round``: hearts, bids, the curse, the points), and
the table of every round (``rounds``). A seat's phone adds its own hand, from its own view
``RULES.view(state, seat)`` and nothing else, and while blinde liefde's bids come in its
own bid (``own_bid``). What the match waits for is the envelope's ``situation`` and what
the seat may do now its ``decisions`` (the game's voice and rules): this module words
neither.

Besides the view, only the public setup is read: the target and the duos (never the
seed: it would deal every hand). Cards are in the JSON notation (``10S``, ``AH``), and
``names`` says each card shown in words, its accessible name ("Q♥ queen of hearts"); words
are in the page's language (:func:`referee.i18n._`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.cards import Card, Suit
from referee.game import JsonObject, JsonValue
from referee.i18n import _, ngettext
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.scoring import side_names, side_totals, standing
from referee.smoorverliefd.story import every_round, round_story
from referee.smoorverliefd.tricks import Trick
from referee.smoorverliefd.view import SeatView
from referee.smoorverliefd.words import card_symbol, card_words, points, suit_name
from referee.web.contract import Pages

#: A phone shows its hand in suits of alternating colours, each from 2 up to the ace.
HAND_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


class SmoorverliefdWeb(Pages[Match]):
    """The table's screen and a seat's phone of a Smoorverliefd match."""

    def table(self, state: Match) -> JsonObject:
        return _public(state, RULES.view(state, None))

    def seat(self, state: Match, seat: int) -> JsonObject:
        view = RULES.view(state, seat)
        hand = None if view.hand is None else sorted(view.hand, key=_in_hand)
        # Once the match is over no hand is left to know: the words of physical cards only while it goes on.
        physical: JsonObject = {} if view.over else {"physical": _("This match is played with physical cards: the referee does not know your hand.")}
        public = _public(state, view, hand_names=_card_names(hand or ()), labels=physical)
        return {
            **public,
            "hand": None if hand is None else [str(card) for card in hand],
            "your_turn": view.to_play == seat,
            "own_bid": view.own_bid,
        }


WEB = SmoorverliefdWeb()


def _in_hand(card: Card) -> tuple[int, int]:
    return HAND_ORDER.index(card.suit), card.rank


def _public(state: Match, view: SeatView, hand_names: JsonObject | None = None, labels: JsonObject | None = None) -> JsonObject:
    """What every screen shows: from ``view`` and the public setup (target, duos); a
    seat's phone adds the names of its hand's cards (``hand_names``) and its own words
    (``labels``)."""
    names = view.players
    on_table, to_play = view.trick_so_far, view.to_play
    trick_number = len(view.tricks) + 1
    return {
        "round": view.round,
        "dealer": view.dealer,
        "turn": to_play,
        "trick": _trick_json(view.leader, on_table, trick_number, len(names)) if not view.over else None,
        "last_trick": None if view.last_trick is None else _last_trick_json(view.last_trick, names),
        "cursed_suit": None if view.cursed_suit is None else view.cursed_suit.value,
        "cursed_text": None if view.cursed_suit is None else _("cursed suit: {suit}").format(suit=f"{view.cursed_suit.symbol} {suit_name(view.cursed_suit)}"),
        "bids": None if view.bids is None else list(view.bids),
        "bidding": list(view.bidding) or None,  # blinde liefde, while bids come in: who has bid (never the bid)
        "cards_in_hand": None if view.cards_in_hand is None else list(view.cards_in_hand),
        "hearts": [*_hearts_this_round(view)],
        "standings": _standings(state, view),
        "chart": _chart(state, view),
        "last_round": None if view.story is None else round_story(state.setup, view.story, view.totals),
        "rounds": every_round(state.setup, view.rounds_played, view.totals),
        "over": view.over,
        "labels": {**_labels(), **(labels or {})},
        "names": {**_card_names([*on_table, *(() if view.last_trick is None else view.last_trick.cards)]), **(hand_names or {})},
    }  # fmt: skip


def _card_names(cards: Iterable[Card]) -> JsonObject:
    """What a screen reader says of each card shown ("Q♥ queen of hearts"), by its token."""
    return {str(card): card_words(card) for card in cards}


def _labels() -> JsonObject:
    """The words the Smoorverliefd pages show beside the numbers."""
    return {
        "standings": _("Standings"),
        "total": _("Total"),
        "to_go": _("To go"),
        "hearts": _("♥ this round"),
        "cards": _("Cards"),
        "bid": _("Bid"),
        "chart": _("Totals after each round"),
        "trick": _("Trick on the table"),
        "last_trick": _("Last trick"),
        "round": _("Round"),
        "bid_given": _("has bid"),
        "bid_to_come": _("still to bid"),
        "your_bid": _("Your bid"),
    }


def _trick_json(leader: int, cards: Sequence[Card], number: int, count: int) -> JsonObject:
    """A trick being played: each seat from the leader, with its card once played."""
    plays: list[JsonValue] = [{"seat": (leader + position) % count, "card": str(cards[position]) if position < len(cards) else None} for position in range(count)]
    return {"number": number, "title": _("Trick {number}").format(number=number), "leader": leader, "plays": plays}


def _last_trick_json(trick: Trick, names: Sequence[str]) -> JsonObject:
    plays: list[JsonValue] = [{"seat": trick.seat_of(position), "card": str(card)} for position, card in enumerate(trick.cards)]
    won = _("{name} wins the trick with {card}").format(name=names[trick.winner], card=card_symbol(trick.card_of(trick.winner)))
    return {"number": trick.number, "leader": trick.leader, "plays": plays, "winner": trick.winner, "text": won}


def _hearts_this_round(view: SeatView) -> list[int]:
    """The hearts each player has taken in the round's tricks so far (public: tricks are)."""
    taken = [0] * len(view.players)
    for trick in view.tricks:
        taken[trick.winner] += sum(card.suit is Suit.HEARTS for card in trick.cards)
    return taken




def _standings(state: Match, view: SeatView) -> JsonObject:
    """Each side's total, whether it is ahead, and how far it is from the target."""
    setup = state.setup
    now = standing(setup, view.totals)
    best = max(now.totals)
    sides: list[JsonValue] = [
        {"name": name, "total": total, "to_go": max(setup.target - total, 0), "ahead": total == best and best > 0}
        for name, total in zip(side_names(setup), now.totals)
    ]
    return {"target": setup.target, "sides": sides, "text": _standings_text(setup.target, side_names(setup), now.totals)}


def _standings_text(target: int, names: Sequence[str], totals: Sequence[int]) -> str:
    best = max(totals)
    if best == 0:
        return _("Target {points}").format(points=points(target))
    ahead = [name for name, total in zip(names, totals) if total == best]
    left = max(target - best, 0)
    message = ngettext("{names} ahead with {points}; {left} to go", "{names} ahead with {points}; {left} to go", len(ahead))
    return message.format(names=" & ".join(ahead), points=points(best), left=left)


def _chart(state: Match, view: SeatView) -> JsonObject:
    """The running totals after each round, per side, starting at 0 (the page draws them)."""
    setup = state.setup
    running = [0] * len(side_names(setup))
    series = [[0] for _side in running]
    for scores in view.scores:
        for side, gained in enumerate(side_totals(setup, scores)):
            running[side] += gained
            series[side].append(running[side])
    return {"target": setup.target, "names": [*side_names(setup)], "totals": [[*totals] for totals in series]}
