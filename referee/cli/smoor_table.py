"""Smoorverliefd in table mode (its registry line's ``table``): completion and the
status line (:class:`referee.table.hooks.TableHooks`).

`trick`: the cards the next card of the trick may be, as the table may know them (every
card not played yet this round), in the language's letters (Dutch: ``VS`` for the queen
of spades); `play`: the player to act, then the same public cards; `round`, `bid`,
`edit`: ``NAME=`` for each player not entered yet; `--ace`, `--cursed`, `--dealer`: a
name. The status line is the lines the game's answers end with: who deals and leads,
trick k and its cards so far with who is to play, the hearts so far, the totals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.table.hooks import Hooks

if TYPE_CHECKING:
    from referee.cli.output import Line
    from referee.smoorverliefd.match import Match
    from referee.table.hooks import TableHooks

#: The commands whose entries name players (`round Anna=3 …`).
_NAME_ENTRIES = ("round", "bid", "edit")
#: The options whose value is a player.
_NAME_OPTIONS = ("--ace", "--cursed", "--dealer", "--player")


class SmoorTable(Hooks["Match"]):  # no clock
    def complete(self, state: Match, command: str, words: list[str]) -> list[str]:
        from referee.table.hooks import names, option_waiting

        players = state.setup.players
        if option_waiting(words) in _NAME_OPTIONS:
            return list(players)
        if command in _NAME_ENTRIES:
            return names(players, words, suffix="=")
        typed = [word for word in words if not word.startswith("-")]
        if command == "trick":
            return _playable(state, typed)
        if command == "play":
            return _play_words(state, typed)
        return []

    def status(self, state: Match) -> list[Line]:
        from referee.cli.smoor_lines import round_so_far, situation, totals_line

        so_far = round_so_far(state)
        return [situation(state), *([so_far] if so_far is not None else []), totals_line(state)]


def _play_words(match: Match, typed: list[str]) -> list[str]:
    """`play PLAYER CARD`: first the player to act (public: the status line names them),
    then the cards that card may be as the table knows them (:func:`_playable`: not the
    player's hand, which a shared screen must not show)."""
    if not typed:
        return [] if match.to_play is None else [match.setup.players[match.to_play]]
    if len(typed) == 1 and match.to_play is not None:
        return _playable(match, [])
    return []


def _playable(match: Match, words: list[str]) -> list[str]:
    """The cards the next card of the trick may be, as the table may know them: every
    card not played yet this round nor typed in the trick. Not the player's legal cards
    (:meth:`Match.playable`): on a shared screen those would show the hands of a seeded
    round (SPEC §6.6); the referee still refuses a card that is not held."""
    from referee.cards import french_deck, parse_cards
    from referee.errors import RefereeError
    from referee.i18n import dutch

    try:
        typed = parse_cards(" ".join(words)) if words else []
    except RefereeError:
        return []
    if match.outcome is not None or len(typed) >= match.setup.count:
        return []
    gone = match.current.played | set(typed)
    return [card.dutch_letters if dutch() else str(card) for card in french_deck() if card not in gone]


HOOKS: TableHooks[Match] = SmoorTable()
