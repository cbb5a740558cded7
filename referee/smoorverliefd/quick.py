"""Quick entry (SPEC §6.2): one line per round, checked until every heart is accounted for.

A line gives each player's hearts (a count, or the heart cards), who took A♥, and with
3 or 5 players the dead cards (*dode stapel*). A player left out took no hearts. The
checks say what does not add up and by how much.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from referee.cards import Card, Suit
from referee.errors import InputError
from referee.i18n import _, ngettext
from referee.smoorverliefd.dealing import SMOORVERLIEFD_HANDS
from referee.smoorverliefd.scoring import ACE_OF_HEARTS, ALL_HEARTS, Capture
from referee.smoorverliefd.setup import Setup, Variant
from referee.smoorverliefd.words import card_name, either


def captures_from_entry(
    setup: Setup,
    known_dead: tuple[Card, ...] | None,
    hearts: Mapping[int, int | tuple[Card, ...]],
    ace: int | None,
    dead: Sequence[Card] | None,
) -> tuple[tuple[Capture, ...], int | None, tuple[Card, ...]]:
    """Check a quick entry and turn it into each player's capture.

    ``known_dead`` are the dead cards of a seeded deal (None with physical cards).
    Returns the captures in seating order, the seat that took A♥ (None if it was dead)
    and the dead cards that are known.
    """
    dead_cards = _dead_cards(setup, known_dead, dead)
    dead_hearts = [card for card in dead_cards if card.suit is Suit.HEARTS]
    names = setup.players

    listed: set[Card] = set()
    for seat, entry in hearts.items():
        if isinstance(entry, int):
            if not 0 <= entry <= ALL_HEARTS:
                raise InputError(_("{name}={entry}: a player captures 0 to 13 hearts").format(name=names[seat], entry=entry))
            if entry and setup.has(Variant.KLEINE_LIEFDE):
                message = _("kleine-liefde scores each heart's face value: list {name}'s hearts, e.g. {name}=AH,10H,3H")
                raise InputError(message.format(name=names[seat]))
            continue
        for card in entry:
            if card.suit is not Suit.HEARTS:
                raise InputError(_("{name}: {card} is not a heart; list only the hearts captured").format(name=names[seat], card=card_name(card)))
            if card in listed:
                raise InputError(_("{card} is listed twice; every heart is captured by one player").format(card=card_name(card)))
            if card in dead_hearts:
                raise InputError(_("{card} is in the dead pile, so nobody captured it").format(card=card_name(card)))
            listed.add(card)

    counts = [_count(hearts.get(seat, 0)) for seat in range(setup.count)]
    expected = ALL_HEARTS - len(dead_hearts)
    entered = sum(counts)
    if entered != expected:
        dead_note = _("{count} dead").format(count=len(dead_hearts)) if dead_hearts else _("none dead")
        gap = expected - entered
        amount = (_("{count} short") if gap > 0 else _("{count} too many")).format(count=abs(gap))
        hint = ""
        if gap > 0 and SMOORVERLIEFD_HANDS[setup.count][1] and not dead_hearts and known_dead is None:
            hint = _("; if hearts are in the dead pile, name them with --dead")
        message = _("the hearts add up to {entered}, but {expected} were captured (13 hearts, {dead}): {amount}{hint}")
        raise InputError(message.format(entered=entered, expected=expected, dead=dead_note, amount=amount, hint=hint))

    ace_seat = _ace_holder(setup, hearts, ace, ACE_OF_HEARTS in dead_hearts, counts)
    captures = tuple(
        Capture.of(entry) if isinstance(entry := hearts.get(seat, 0), tuple) else Capture(count=entry, ace=seat == ace_seat)
        for seat in range(setup.count)
    )
    return captures, ace_seat, dead_cards


def _count(entry: int | tuple[Card, ...]) -> int:
    return entry if isinstance(entry, int) else len(entry)


def _dead_cards(setup: Setup, known: tuple[Card, ...] | None, dead: Sequence[Card] | None) -> tuple[Card, ...]:
    """The dead pile (*dode stapel*): 1 card with 3 players, 2 with 5, none with 4.

    "Restkaarten … kunnen aan het einde worden omgedraaid": ``--dead`` names the dead
    cards the table turned over, any of them (one of the two with 5 players, or just
    the dead hearts), never more than the pile holds. With a seeded deal the referee
    knows them all, and what is named must be among them.
    """
    size = SMOORVERLIEFD_HANDS[setup.count][1]
    if dead is None:
        return known or ()
    if size == 0:
        raise InputError(_("with {count} players no card is dead; leave out --dead").format(count=setup.count))
    if len(set(dead)) != len(dead):
        raise InputError(_("a dead card is named twice"))
    if len(dead) > size:
        message = ngettext(
            "with {players} players the dead pile holds {size} card, but --dead names {named}; name only the dead cards the table turned over",
            "with {players} players the dead pile holds {size} cards, but --dead names {named}; name only the dead cards the table turned over",
            size,
        )
        raise InputError(message.format(players=setup.count, size=size, named=len(dead)))
    if known is not None and not set(dead) <= set(known):
        shown = " ".join(card_name(card) for card in known)
        raise InputError(_("the seeded deal's dead cards this round are {cards}; --dead says otherwise").format(cards=shown))
    return tuple(known) if known is not None else tuple(dead)


def _ace_holder(
    setup: Setup, hearts: Mapping[int, int | tuple[Card, ...]], ace: int | None, ace_dead: bool, counts: list[int]
) -> int | None:
    """Who took A♥: from the lists or from --ace; nobody if it was dead. Exactly one.

    Nobody is asked what the entry already says: when A♥ is not dead and not listed,
    it is among the hearts entered as counts, so a single such player took it.
    """
    names = setup.players
    listed = next((seat for seat, entry in hearts.items() if isinstance(entry, tuple) and ACE_OF_HEARTS in entry), None)
    if ace_dead:
        if ace is not None:
            raise InputError(_("A♥ is in the dead pile, so nobody took it; leave out --ace"))
        return None
    if listed is not None:
        if ace is not None and ace != listed:
            raise InputError(_("A♥ is listed with {listed}'s hearts but --ace says {ace}").format(listed=names[listed], ace=names[ace]))
        return listed
    counted_hearts = sorted(seat for seat, entry in hearts.items() if isinstance(entry, int) and entry > 0)
    if ace is None:
        if len(counted_hearts) == 1:
            return counted_hearts[0]
        choices = either([names[seat] for seat in counted_hearts])
        raise InputError(_("who took A♥ ({choices})? add --ace NAME (or list AH with that player's hearts)").format(choices=choices))
    if isinstance(hearts.get(ace), tuple):
        raise InputError(_("--ace says {name} took A♥, but {name}'s hearts are listed without AH").format(name=names[ace]))
    if counts[ace] == 0:
        raise InputError(_("--ace says {name} took A♥, but {name} is entered with no hearts").format(name=names[ace]))
    return ace
