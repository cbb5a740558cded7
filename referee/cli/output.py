"""Rendering helpers shared by every command: JSON on stdout, rich for people.

rich is imported only when something is drawn for a person, never for ``--json``.
User text (names, words, seeds) always goes into ``Text`` objects, never into markup,
so a player called ``[red]Anna[/red]`` is shown as exactly those characters.

Every character of text for people passes :func:`printable` on its way out: the rich
console (:func:`console` renders through it), :func:`say` and :class:`Line`, the error
line (``referee.cli.group.fail``), the few plain writes of the CLI and of table mode
(:func:`write_shown`). A control character that came from a seed, a name, a file name
or a file's contents is therefore shown, never obeyed: ESC is written ``\\x1b`` (so
``ESC[2J`` shows as ``\\x1b[2J`` instead of clearing the screen). JSON output needs none of this: ``json.dumps`` escapes
control characters itself.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.segment import Segment
    from rich.text import Text

    from referee.cards import Card


def emit_json(document: Mapping[str, object]) -> None:
    """Print exactly one JSON object on stdout."""
    # default=str: a date or time a person wrote into a save file by hand still prints.
    sys.stdout.write(json.dumps(document, ensure_ascii=False, default=str) + "\n")


@cache
def console() -> Console:
    """The console for people: colour only on a terminal and when NO_COLOR is unset."""
    return shown_console(highlight=False, soft_wrap=True)


def shown_console(**options: Any) -> Console:  # Any: rich's Console options, handed on as given
    """A rich ``Console(**options)`` that draws every piece of text through
    :func:`printable`, whatever renderable holds it; its own styles still colour."""
    from rich.console import Console
    from rich.segment import Segment

    class Shown(Console):
        def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
            for segment in super().render(renderable, options):
                # a control segment is rich's own cursor move; styles are added later
                if segment.control or segment.text.isprintable():
                    yield segment
                else:
                    yield Segment(printable(segment.text, newlines=True), segment.style, segment.control)

    return Shown(**options)


def card_text(card: Card) -> Text:
    """A card as people write it, ``10♠``, red for hearts and diamonds."""
    from rich.text import Text

    return Text(*card_segment(card))


def cards_text(cards: list[Card] | tuple[Card, ...], separator: str = " ") -> Text:
    from rich.text import Text

    return Text(separator).join(card_text(card) for card in cards)


# --- plain lines: quick entries answer without importing rich ---------------------------

_SGR = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36"}


class Line:
    """A line of styled text for the quick commands.

    Printing it needs no rich (importing rich costs more than the whole entry), yet the
    same line converts to a rich ``Text`` for the screens that draw tables. Styles are
    words from ``_SGR`` (``"bold green"``).
    """

    def __init__(self, *parts: str | tuple[str, str] | Line) -> None:
        self.segments: list[tuple[str, str]] = []
        for part in parts:
            if isinstance(part, Line):
                self.segments += part.segments
            elif isinstance(part, tuple):
                self.append(*part)
            else:
                self.append(part)

    def append(self, text: str, style: str = "") -> Line:
        self.segments.append((text, style))
        return self

    @property
    def plain(self) -> str:
        return "".join(printable(text) for text, _ in self.segments)

    def ansi(self) -> str:
        out = []
        for text, style in self.segments:
            codes = ";".join(_SGR[word] for word in style.split() if word in _SGR)
            out.append(f"\x1b[{codes}m{printable(text)}\x1b[0m" if codes else printable(text))
        return "".join(out)

    def to_rich(self) -> Text:
        from rich.text import Text

        return Text.assemble(*((printable(text), style) for text, style in self.segments))


def printable(text: str, newlines: bool = False) -> str:
    """Text as a terminal may be given it: every character it would obey rather than show
    is written as Python writes it in a string: the C0 controls (ESC as ``\\x1b``, a tab as
    ``\\t``), DEL, the C1 controls, bidi overrides and other invisible format characters
    (``\\u202e``), line separators; spaces of every width stay. With ``newlines`` a
    newline stays a line break (text of several lines); else it is shown as ``\\n`` (a
    name, a seed, one line).

    The one gate of the output layer: everything for people passes it (see the module).
    Idempotent: what it returns passes it unchanged."""
    if text.isprintable():
        return text
    if newlines and "\n" in text:
        return "\n".join(printable(line) for line in text.split("\n"))
    from unicodedata import category

    # a space of another width (no-break, thin) is shown as it is: a terminal obeys none
    return "".join(c if c.isprintable() or category(c) == "Zs" else repr(c)[1:-1] for c in text)


#: The longest run of characters without a space a message echoes whole (a file's path
#: fits); a longer one (a 4,400-digit number, a pasted page) is cut to :data:`ECHO_KEPT`.
ECHO_LIMIT = 200
ECHO_KEPT = 40


def capped(message: str) -> str:
    """A one-line message with each run of more than :data:`ECHO_LIMIT` characters without
    a space (what a person typed or pasted, echoed back) cut to its start, an ellipsis and
    how long it was: "invalid value for --target: '9999…' (4,402 characters)". The one
    place every failure's message passes (:func:`referee.cli.group.fail`)."""
    import re

    from referee.i18n import _, number

    def cut(found: re.Match[str]) -> str:
        run = found[0]
        return _("{start}… ({count} characters)").format(start=run[:ECHO_KEPT], count=number(len(run), grouped=True))

    return re.sub(rf"\S{{{ECHO_LIMIT + 1},}}", cut, message)


def write_shown(text: str, stream: TextIO | None = None) -> None:
    """Plain text for people (lines ending in newlines) on stdout or ``stream``, through
    :func:`printable`; for output that needs neither rich nor :class:`Line`."""
    (stream or sys.stdout).write(printable(text, newlines=True))


def color_enabled() -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
    import os

    return sys.stdout.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def say(*lines: Line) -> None:
    """Print lines for people, coloured on a terminal."""
    colour = color_enabled()
    sys.stdout.write("".join((line.ansi() if colour else line.plain) + "\n" for line in lines))


def rank_shown(card: Card) -> str:
    """A card's rank as the chosen language writes it: ``K``; in Dutch ``H`` (heer)."""
    from referee.i18n import dutch

    return card.dutch_rank_name if dutch() else card.rank_name


def card_segment(card: Card) -> tuple[str, str]:
    """A card as the chosen language writes it (``K♥``; Dutch ``H♥``), red for ♥ and ♦."""
    return (rank_shown(card) + card.suit.symbol, "red" if card.suit.is_red else "")


def voiced(sentence: str, styles: dict[str, str] | None = None) -> Line:
    """A sentence of a game's voice (its situation: :meth:`referee.game.Voice.situation`)
    as a :class:`Line`, in the voice's words and never other ones: its heading (what comes
    before the first " — ", "Round 4") in bold, the red suits' symbols (♥ ♦, and the
    card they end) in red, and each phrase of ``styles`` found in it in its style (the
    words of the voice's own parts, such as a note it adds).

    >>> [segment for segment in voiced("Round 4 — Bram deals; trick 2: 9♣ K♥ — Eva to play").segments if segment[1]]
    [('Round 4', 'bold'), ('K♥', 'red')]
    >>> voiced("Round 1 — a note", {"a note": "dim"}).segments[-1]
    ('a note', 'dim')
    """
    import re

    line = Line()
    head, dash, rest = sentence.partition(" — ")
    if dash:
        line.append(head, "bold").append(dash)
    else:
        rest = sentence
    marked = [re.escape(phrase) for phrase in sorted(styles or {}, key=len, reverse=True) if phrase]
    pattern = "|".join([*marked, r"[0-9A-Za-z]*[♥♦]"])
    position = 0
    for found in re.finditer(pattern, rest):
        line.append(rest[position : found.start()])
        line.append(found.group(), (styles or {}).get(found.group(), "red"))
        position = found.end()
    line.append(rest[position:])
    line.segments = [segment for segment in line.segments if segment[0]]
    return line


def cards_line(cards: list[Card] | tuple[Card, ...]) -> Line:
    line = Line()
    for index, card in enumerate(cards):
        if index:
            line.append(" ")
        line.append(*card_segment(card))
    return line
