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
from referee.wording import counted

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
        label = labels.get(result.rest_key, f"{result.rest_key.capitalize()} cards")
        notes.append(Text.assemble(f"{label} ({len(result.rest)}): ", cards_text(result.rest)))
    return table, notes, _("{count} players").format(count=len(result.hands))


def smitten(result: SmittenDeal) -> tuple[Table, list[Text], str]:
    solo = result.difficulty is None
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Hand")
    table.add_column("Face up" if solo else "Cards")
    if solo:
        table.add_column("Face down")
    for number, hand in enumerate(result.hands):
        name = "AB"[number] if solo else f"Player {number + 1}"
        row = [name, " ".join(map(str, sorted(hand.face_up)))]
        if solo:
            row.append(" ".join(map(str, hand.face_down)))
        table.add_row(*row)
    notes = [
        Text(f"Set aside, face down: {result.set_aside}"),
        Text(f"Deck, top first ({len(result.deck)}): {' '.join(map(str, result.deck))}"),
    ]
    return table, notes, "solo" if result.difficulty is None else f"two players, {result.difficulty.value}"


def _spell_cell(cards: list[SpellCard]) -> str:
    return " ".join(card.special.code if card.special else f"{card.letters}{card.value}" for card in cards) or "—"


def spellcrafter(result: SpellDeal) -> tuple[Table, list[Text], str]:
    """Each hand by suit, letters in alphabetical order and special cards last."""
    suits = [suit for suit in SpellSuit if any(card.suit is suit for hand in result.hands for card in hand)]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Player")
    for suit in suits:
        table.add_column(Text(suit.label, style=suit.colour))
    for number, hand in enumerate(result.hands, start=1):
        ordered = sorted(hand, key=lambda card: (card.special is not None, card.letters, card.value, str(card)))
        table.add_row(f"Player {number}", *(_spell_cell([c for c in ordered if c.suit is suit]) for suit in suits))
    jumper = result.jumper
    notes = [Text.assemble("Jumper, face up in the middle: ", (str(jumper), f"bold {jumper.suit.colour}".strip()))]
    if len(result.hands) == 2:
        notes.append(Text("Two players: the Familiars are removed; 14 cards each, discard one with every pick."))
    reshuffled = f", the discards reshuffled {result.reshuffles}×" if result.reshuffles else ""
    notes.append(Text(f"{counted(len(result.stock), 'card')} left in the deck{reshuffled}. Deck: {result.deck}"))
    return table, notes, f"{len(result.hands)} players, round {result.round}"
