"""Rendering helpers shared by every command: JSON on stdout, rich for people.

rich is imported only when something is drawn for a person, never for ``--json``.
User text (names, words, seeds) always goes into ``Text`` objects, never into markup,
so a player called ``[red]Anna[/red]`` is shown as exactly those characters.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from referee.cards import Card


def emit_json(document: dict[str, Any]) -> None:
    """Print exactly one JSON object on stdout."""
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")


@cache
def console() -> Console:
    """The console for people: colour only on a terminal and when NO_COLOR is unset."""
    from rich.console import Console

    return Console(highlight=False, soft_wrap=True)


def card_text(card: Card) -> Text:
    """A card as people write it, ``10♠``, red for hearts and diamonds."""
    from rich.text import Text

    return Text(card.symbol, style="red" if card.suit.is_red else "")


def cards_text(cards: list[Card] | tuple[Card, ...], separator: str = " ") -> Text:
    from rich.text import Text

    return Text(separator).join(card_text(card) for card in cards)
