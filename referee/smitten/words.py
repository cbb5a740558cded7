"""Smitten's small words, in the chosen language: who (player 1, hand A, a name), which
grid, which cell, a card with its article, a card's printed instruction, the setup.

Shared by the voice (:mod:`referee.smitten.voice`), the words of a refusal
(:mod:`referee.smitten.explain`) and of a placement checked (:mod:`referee.smitten.check_report`),
and the command line's screens. Kept apart from the voice so that `referee smitten
check` loads only these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.wording import and_listed
from referee.i18n import _, ngettext
from referee.smitten.notation import GridSide

if TYPE_CHECKING:
    from referee.smitten.instructions import Choice
    from referee.smitten.state import Setup


def name(setup: Setup, actor: int) -> str:
    """'hand A' / 'hand B' for the solo hands, the players' names, or 'player 1' / 'player 2'."""
    if setup.solo:
        return _("hand {hand}").format(hand="AB"[actor])
    if setup.players:
        return setup.players[actor]
    return _("player {number}").format(number=actor + 1)


def title(setup: Setup, actor: int) -> str:
    """The name at the start of a sentence: 'Hand A', 'Player 1', or a name as it was given."""
    found = name(setup, actor)
    return found if setup.players and not setup.solo else found[:1].upper() + found[1:]


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def grid_name(side: GridSide) -> str:
    """'the left grid' / 'the right grid'."""
    return _("the left grid") if side is GridSide.LEFT else _("the right grid")


def a(number: int) -> str:
    """'a 6', 'an 8': a card with the article that reads right before it."""
    return _("an {number}").format(number=number) if number == 8 else _("a {number}").format(number=number)


def choice_word(choice: Choice | None) -> str:
    """'higher', 'lower', or 'higher or lower' when not chosen yet."""
    if choice is None:
        return _("higher or lower")
    return _("higher") if choice.value == "higher" else _("lower")


def cell_name(number: int) -> str:
    """Where card ``number`` sits, in words: 'top left', 'centre', …"""
    return (
        _("top left"),
        _("top middle"),
        _("top right"),
        _("middle left"),
        _("centre"),
        _("middle right"),
        _("bottom left"),
        _("bottom middle"),
        _("bottom right"),
    )[number - 1]


def cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def difficulty_word(value: str) -> str:
    return {"easy": _("easy"), "medium": _("medium"), "hard": _("hard")}.get(value, value)


def mode_words(mode: str) -> str:
    """A mode as `referee stats` records it ("two medium", "solo", "solo easy+hard1"), in the
    words of :func:`label`: 'two players, medium', 'solo', 'solo (easy, hard 1)'."""
    kind, _space, level = mode.partition(" ")
    if kind == "two":
        return _("two players") + (f", {difficulty_word(level)}" if level else "")
    if kind == "solo":
        named = {"easy": _("easy"), "hard1": _("hard 1"), "hard2": _("hard 2")}
        modes = [named.get(flag, flag) for flag in level.split("+") if flag]
        return _("solo") + (f" ({', '.join(modes)})" if modes else "")
    return mode


def label(setup: Setup) -> str:
    """The setup in a few words: 'solo (easy, hard 1)', 'Anna and Bram, medium', '…, physical cards'."""
    if setup.solo:
        modes = [word for word, on in ((_("easy"), setup.easy), (_("hard 1"), setup.hard1), (_("hard 2"), setup.hard2)) if on]
        words = _("solo") + (f" ({', '.join(modes)})" if modes else "")
    else:
        players = and_listed(list(setup.players)) if setup.players else _("two players")
        words = f"{players}, {difficulty_word(setup.difficulty.value if setup.difficulty else 'medium')}"
    return words + (_(", physical cards") if setup.physical else "")


def instruction(card: int, choice: Choice | None = None, side: GridSide | None = None) -> str:
    """What card ``card`` asks, in words, with the choice and the grid filled in."""
    grid = ""
    if side is not None and card in (5, 7, 8):
        grid = " ({grid})".format(grid=grid_name(side.other if card in (5, 7) else side))
    texts = {
        1: _("reveal 1 card from hand, then place another card in either grid"),
        2: _("play a card in either grid (and trigger its instruction)"),
        3: _("reveal the top card of the deck, then place it in either grid"),
        4: _("place a card so that it completes a row and/or column"),
        5: _("place a card in the other grid{grid} that is {choice} than 5"),
        6: _("place a card whose number is in neither grid yet"),
        7: _("place a card in the other grid{grid}"),
        8: _("place a card in this grid{grid}"),
        9: _("place a card in either grid; nobody draws this turn"),
    }
    return texts[card].format(choice=choice_word(choice), grid=grid)
