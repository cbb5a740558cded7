"""How a deal looks to people: hands as sorted rows, one column per suit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich import box
from rich.table import Table
from rich.text import Text

from referee.cards import Card, Suit
from referee.cli.output import cards_text, console, printable, rank_shown
from referee.dealing import FrenchDeal
from referee.i18n import _
from referee.shuffle import VERSION
from referee.spellcrafter.cards import SpellCard, SpellSuit

if TYPE_CHECKING:
    from referee.dealing import Deal
    from referee.games import DealSpec
    from referee.smitten.dealing import SmittenDeal
    from referee.spellcrafter.dealing import SpellDeal

# Alternating colours read best when a hand is fanned out.
_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def show(result: Deal, spec: DealSpec, fresh_seed: bool, replay_command: str) -> None:
    """The deal as the registry's view for it shows it (:attr:`DealSpec.view`: one of
    the functions below, which give the table, the notes and the setting)."""
    out = console()
    table, notes, setting = spec.load_view()(result)
    from referee import i18n

    heading = i18n._(spec.title)  # the registry's title: a game's name, or "French deck" (cli.po)
    title = Text.assemble((heading, "bold"), f" — {setting} — ", _("seed "), (printable(result.seed), "bold cyan"))
    out.print(title)
    out.print(table)
    for note in notes:
        out.print(note)
    if fresh_seed:
        again = _(" (shuffle {version}); this deals it again:").format(version=VERSION)
        out.print(Text.assemble(_("New seed "), (printable(result.seed), "bold cyan"), again))
    else:
        out.print(Text(_("Shuffle {version}; this deals it again:").format(version=VERSION)))
    out.print(Text("  " + printable(replay_command)))


def _by_suit(hand: tuple[Card, ...], suit: Suit) -> Text:
    ranks = sorted((card for card in hand if card.suit is suit), key=lambda card: -card.rank)
    return Text(" ".join(rank_shown(card) for card in ranks) or "—", style="red" if suit.is_red else "")


def french(result: FrenchDeal) -> tuple[Table, list[Text], str]:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Player"))
    for suit in _DISPLAY_SUITS:
        table.add_column(Text(suit.symbol, style="red" if suit.is_red else ""))
    table.add_column(_("Cards"), justify="right")
    for number, hand in enumerate(result.hands, start=1):
        table.add_row(_("Player {number}").format(number=number), *(_by_suit(hand, suit) for suit in _DISPLAY_SUITS), str(len(hand)))
    notes = []
    if result.rest:
        labels = {"stock": _("Stock, top first"), "dead": _("Dead cards")}
        label = labels.get(result.rest_key, result.rest_key.capitalize())
        notes.append(Text.assemble(f"{label} ({len(result.rest)}): ", cards_text(result.rest)))
    return table, notes, _("{count} players").format(count=len(result.hands))


def smitten(result: SmittenDeal) -> tuple[Table, list[Text], str]:
    solo = result.difficulty is None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Hand"))
    table.add_column(_("Face up") if solo else _("Cards"))
    if solo:
        table.add_column(_("Face down"))
    for number, hand in enumerate(result.hands):
        name = "AB"[number] if solo else _("Player {number}").format(number=number + 1)
        row = [name, " ".join(map(str, sorted(hand.face_up)))]
        if solo:
            row.append(" ".join(map(str, hand.face_down)))
        table.add_row(*row)
    notes = [
        Text(_("Set aside, face down: {card}").format(card=result.set_aside)),
        Text(_("Deck, top first ({count}): {cards}").format(count=len(result.deck), cards=" ".join(map(str, result.deck)))),
    ]
    if result.difficulty is None:
        return table, notes, _("solo")
    difficulty = {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}.get(result.difficulty.value, result.difficulty.value)
    return table, notes, _("two players, {difficulty}").format(difficulty=difficulty)


def _spell_cell(cards: list[SpellCard]) -> str:
    return " ".join(card.special.code if card.special else f"{card.letters}{card.value}" for card in cards) or "—"


def spellcrafter(result: SpellDeal) -> tuple[Table, list[Text], str]:
    """Each hand by suit, letters in alphabetical order and special cards last."""
    from referee.i18n import ngettext

    from referee.spellcrafter.voice import suit_name

    suits = [suit for suit in SpellSuit if any(card.suit is suit for hand in result.hands for card in hand)]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(_("Player"))
    for suit in suits:
        table.add_column(Text(suit_name(suit), style=suit.colour))
    for number, hand in enumerate(result.hands, start=1):
        ordered = sorted(hand, key=lambda card: (card.special is not None, card.letters, card.value, str(card)))
        seat = _("Team {number}") if result.teams else _("Player {number}")
        table.add_row(seat.format(number=number), *(_spell_cell([c for c in ordered if c.suit is suit]) for suit in suits))
    jumper = result.jumper
    notes = [Text.assemble(_("Jumper, face up in the middle: "), (str(jumper), f"bold {jumper.suit.colour}".strip()))]
    if result.teams:
        notes.append(Text(_("Two teams: the standard rules, Familiars kept; 8 cards each.")))
    elif len(result.hands) == 2:
        notes.append(Text(_("Two players: the Familiars are removed; 14 cards each, discard one with every pick.")))
    left = ngettext("{count} card left in the deck", "{count} cards left in the deck", len(result.stock)).format(count=len(result.stock))
    if result.reshuffles:
        left += _(", the discards reshuffled {times}×").format(times=result.reshuffles)
    from referee.spellcrafter.voice import deck_name

    notes.append(Text(_("{left}. Deck: {deck}").format(left=left, deck=printable(deck_name(result.deck)))))
    setting = (_("{count} teams, round {round}") if result.teams else _("{count} players, round {round}")).format(count=len(result.hands), round=result.round)
    return table, notes, setting
