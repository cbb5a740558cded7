"""A finished round's story and the table of every round, worded for the pages (the
TV and each phone, :mod:`referee.web.smoor`), in the chosen language.

The values are the rules' (:class:`~referee.smoorverliefd.rounds.PlayedRound` and its
:class:`~referee.smoorverliefd.scoring.RoundScore`): the hearts each player captured and
who took A♥, a bid made or missed (blinde liefde), the cursed suit and who paid for it
(Cupido), all 13 hearts, a revoke, the points of the round and the totals after it.
Nothing here scores: the words say what the score holds. The page draws the numbers and
shows these words as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.game import JsonObject, JsonValue
from referee.i18n import _
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.scoring import side_names
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.words import points, suit_name
from referee.wording import and_listed


def signed(value: int) -> str:
    """A change of points as a table writes it: ``+5``, ``−5`` (the minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def round_story(setup: Setup, played: PlayedRound, totals: Sequence[int]) -> JsonObject:
    """The story of ``played``: a row per player (the hearts and whether A♥ was among
    them, the round's points, the total after it, and a note for each thing beyond the
    hearts), then the table's lines
    (the cursed suit and who paid, all 13, who took the most hearts). ``totals`` are the
    players' totals after the round."""
    names, score = setup.players, played.score
    rows: list[JsonValue] = []
    for seat, name in enumerate(names):
        capture = played.captures[seat]
        notes: list[JsonValue] = []
        if capture.all_hearts:
            notes.append(_("all 13 hearts: doubled"))
        if played.bids is not None and score.bids_met is not None:
            bid = played.bids[seat]
            if score.bids_met[seat]:
                notes.append(_("bid {bid}: made, {points}").format(bid=bid, points=signed(score.bids[seat])))
            else:
                notes.append(_("bid {bid}, took {took}: missed, {points}").format(bid=bid, took=capture.count, points=signed(score.bids[seat])))
        if score.curse[seat]:
            assert played.cursed_suit is not None
            notes.append(_("most {suit}: {points}").format(suit=played.cursed_suit.symbol, points=signed(score.curse[seat])))
        if score.revokes[seat]:
            notes.append(_("revoke (verzaken): {points}").format(points=signed(score.revokes[seat])))
        rows.append({
            "seat": seat, "name": name, "hearts": capture.count, "ace": capture.ace, "heart_points": score.hearts[seat],
            "points": score.total[seat], "shown": signed(score.total[seat]), "total": totals[seat], "notes": notes,
        })  # fmt: skip
    lines: list[JsonValue] = []
    if played.cursed_suit is not None:
        suit = f"{played.cursed_suit.symbol} {suit_name(played.cursed_suit)}"
        if played.cursed_most:
            paid = and_listed([names[seat] for seat in played.cursed_most])
            lines.append(_("Cursed suit {suit}: {names} collected the most and paid {points}").format(suit=suit, names=paid, points=points(-score.curse[played.cursed_most[0]])))
        else:
            lines.append(_("Cursed suit {suit}: nobody collected a card of it").format(suit=suit))
    for seat, capture in enumerate(played.captures):
        if capture.all_hearts:
            lines.append(_("{name} took all 13 hearts: the round counts double").format(name=names[seat]))
    if played.ace is None and not any(capture.ace for capture in played.captures):
        lines.append(_("A♥ was in the dead pile"))
    sides = side_names(setup)
    if score.champions:
        lines.append(_("Most hearts: {names}").format(names=and_listed([sides[side] for side in score.champions])))
    else:
        lines.append(_("Nobody took a heart"))
    return {
        "number": played.number,
        "title": _("Round {number} is over").format(number=played.number),
        "rows": rows,
        "lines": lines,
        "labels": {"player": _("Player"), "hearts": _("Hearts"), "points": _("Round"), "total": _("Total")},
    }


def every_round(setup: Setup, played: Sequence[PlayedRound], totals: Sequence[int]) -> JsonObject:
    """The table of every round, as `referee smoor standings` prints it: a row per round
    (its number and each player's points), and the totals."""
    rows: list[JsonValue] = [{"number": done.number, "points": [*done.score.total]} for done in played]
    return {
        "title": _("Every round"),
        "players": [*setup.players],
        "rows": rows,
        "totals": [*totals],
        "labels": {"round": _("Round"), "total": _("Total"), "hidden": _("earlier rounds: see the chart")},
    }
