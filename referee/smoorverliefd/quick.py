"""Quick entry (SPEC §6.2): one line per round, checked until every heart is accounted for.

A line gives each player's hearts (a count, or the heart cards), who took A♥, and with
3 or 5 players the dead cards (*dode stapel*). A player left out took no hearts. The
checks say what does not add up and by how much, as a :class:`~referee.game.Refusal`
(:mod:`.refusals`) that the voice words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.cards import Card, Suit
from referee.game import Refusal, refuse
from referee.smoorverliefd.dealing import SMOORVERLIEFD_HANDS
from referee.smoorverliefd.refusals import Rule
from referee.smoorverliefd.scoring import ACE_OF_HEARTS, ALL_HEARTS, Capture
from referee.smoorverliefd.setup import Setup, Variant

Captured = tuple[tuple[Capture, ...], int | None, tuple[Card, ...]]


def captures_from_entry(
    setup: Setup,
    known_dead: tuple[Card, ...] | None,
    hearts: Mapping[int, int | tuple[Card, ...]],
    ace: int | None,
    dead: Sequence[Card] | None,
) -> Captured | Refusal:
    """Check a quick entry and turn it into each player's capture, or refuse it.

    ``known_dead`` are the dead cards of a seeded deal (None with physical cards).
    Returns the captures in seating order, the seat that took A♥ (None if it was dead)
    and the dead cards that are known. Every refusal of a quick entry is ``unusable``:
    the line cannot be scored as it is (exit 2).
    """
    dead_cards = _dead_cards(setup, known_dead, dead)
    if isinstance(dead_cards, Refusal):
        return dead_cards
    dead_hearts = [card for card in dead_cards if card.suit is Suit.HEARTS]

    listed: set[Card] = set()
    for seat, entry in hearts.items():
        if isinstance(entry, int):
            if not 0 <= entry <= ALL_HEARTS:
                return refuse(Rule.HEARTS_OUT_OF_RANGE, unusable=True, seat=seat, count=entry)
            if entry and setup.has(Variant.KLEINE_LIEFDE):
                return refuse(Rule.LIST_THE_HEARTS, unusable=True, seat=seat)
            continue
        for card in entry:
            if card.suit is not Suit.HEARTS:
                return refuse(Rule.NOT_A_HEART, unusable=True, seat=seat, card=card)
            if card in listed:
                return refuse(Rule.HEART_LISTED_TWICE, unusable=True, card=card)
            if card in dead_hearts:
                return refuse(Rule.HEART_IS_DEAD, unusable=True, card=card)
            listed.add(card)

    counts = [_count(hearts.get(seat, 0)) for seat in range(setup.count)]
    expected = ALL_HEARTS - len(dead_hearts)
    entered = sum(counts)
    if entered != expected:
        # the hint: with a dead pile and physical cards, dead hearts may be why some are missing
        hint = entered < expected and bool(SMOORVERLIEFD_HANDS[setup.count][1]) and not dead_hearts and known_dead is None
        return refuse(Rule.HEARTS_DO_NOT_ADD_UP, unusable=True, entered=entered, expected=expected, dead=len(dead_hearts), hint=hint)

    ace_seat = _ace_holder(hearts, ace, ACE_OF_HEARTS in dead_hearts, counts)
    if isinstance(ace_seat, Refusal):
        return ace_seat
    captures = tuple(
        Capture.of(entry) if isinstance(entry := hearts.get(seat, 0), tuple) else Capture(count=entry, ace=seat == ace_seat)
        for seat in range(setup.count)
    )
    return captures, ace_seat, dead_cards


def _count(entry: int | tuple[Card, ...]) -> int:
    return entry if isinstance(entry, int) else len(entry)


def _dead_cards(setup: Setup, known: tuple[Card, ...] | None, dead: Sequence[Card] | None) -> tuple[Card, ...] | Refusal:
    """The dead pile (*dode stapel*): 1 card with 3 players, 2 with 5, none with 4.

    "Restkaarten … kunnen aan het einde worden omgedraaid": the entry names the dead
    cards the table turned over, any of them (one of the two with 5 players, or just
    the dead hearts), never more than the pile holds. With a seeded deal the referee
    knows them all, and what is named must be among them.
    """
    size = SMOORVERLIEFD_HANDS[setup.count][1]
    if dead is None:
        return known or ()
    if size == 0:
        return refuse(Rule.NO_DEAD_PILE, unusable=True, players=setup.count)
    if len(set(dead)) != len(dead):
        return refuse(Rule.DEAD_CARD_TWICE, unusable=True)
    if len(dead) > size:
        return refuse(Rule.TOO_MANY_DEAD, unusable=True, players=setup.count, size=size, named=len(dead))
    if known is not None and not set(dead) <= set(known):
        return refuse(Rule.NOT_THE_DEAD_CARDS, unusable=True, cards=known)
    return tuple(known) if known is not None else tuple(dead)


def _ace_holder(
    hearts: Mapping[int, int | tuple[Card, ...]], ace: int | None, ace_dead: bool, counts: list[int]
) -> int | None | Refusal:
    """Who took A♥: from the lists or from the entry's ace; nobody if it was dead. Exactly one.

    Nobody is asked what the entry already says: when A♥ is not dead and not listed,
    it is among the hearts entered as counts, so a single such player took it.
    """
    listed = next((seat for seat, entry in hearts.items() if isinstance(entry, tuple) and ACE_OF_HEARTS in entry), None)
    if ace_dead:
        if ace is not None:
            return refuse(Rule.ACE_IS_DEAD, unusable=True)
        return None
    if listed is not None:
        if ace is not None and ace != listed:
            return refuse(Rule.ACE_LISTED_ELSEWHERE, unusable=True, listed=listed, ace=ace)
        return listed
    counted_hearts = tuple(sorted(seat for seat, entry in hearts.items() if isinstance(entry, int) and entry > 0))
    if ace is None:
        if len(counted_hearts) == 1:
            return counted_hearts[0]
        return refuse(Rule.WHO_TOOK_THE_ACE, unusable=True, seats=counted_hearts)
    if isinstance(hearts.get(ace), tuple):
        return refuse(Rule.ACE_NOT_LISTED, unusable=True, seat=ace)
    if counts[ace] == 0:
        return refuse(Rule.ACE_WITHOUT_HEARTS, unusable=True, seat=ace)
    return ace
