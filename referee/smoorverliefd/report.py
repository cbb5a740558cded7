"""A match as plain data: the JSON of `standings` and `export`, and the CSV rows.

SPEC §6.5 fixes the keys of `standings`: ``{"players": [{"name", "total"}, …],
"rounds": [...], "target", "winner"}``; everything else here is an extension.

One rule for both languages: JSON is for scripts, so its keys and values (names,
cards as saved, numbers, variant and suit codes) are the same in English and Dutch;
words for people are words only where a value is a sentence (``history --json``'s
``summary`` and ``section``, a refusal's ``error``) and those follow the chosen
language, as the CSV's header and its revokes column do (a spreadsheet is read by
people).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.game import JsonObject, JsonValue
from referee.i18n import _
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.scoring import side_names, side_totals
from referee.smoorverliefd.setup import Variant
from referee.smoorverliefd.tricks import Revoke, Trick
from referee.smoorverliefd.voice import revoke_text


def next_round(match: Match) -> JsonObject:
    """Whose deal and lead it is now: "Round 4 — Bram deals, Cees leads", and who is to
    play the next card (``to_play``; null before the bids or the cursed suit are in)."""
    current, names = match.current, match.setup.players
    to_play = match.to_play
    document: JsonObject = {
        "number": current.number,
        "dealer": names[current.dealer],
        "leader": names[current.leader],
        "tricks_played": len(current.tricks),
        "to_play": None if to_play is None else names[to_play],
    }
    if current.bids is not None:
        document["bids"] = _by_name(names, current.bids)
    if current.cursed_suit is not None:
        document["cursed_suit"] = current.cursed_suit.value
    return document


def current_round(match: Match) -> JsonObject:
    """The round in progress: its tricks so far, the hearts each player has taken in
    them, who leads the trick being played or the next (``leader``), and the cards of
    the trick being played card by card (``trick_so_far``, from the leader)."""
    names = match.setup.players
    hearts = match.hearts_so_far()
    return {
        **next_round(match),
        "hearts": {name: len(cards) for name, cards in zip(names, hearts)},
        "heart_cards": {name: [str(card) for card in cards] for name, cards in zip(names, hearts)},
        "tricks": [trick_json(match, trick) for trick in match.current.tricks],
        "trick_so_far": [str(card) for card in match.current.table],
        "revokes": [revoke_json(match, revoke, match.current.number) for revoke in match.current.revokes],
    }


def trick_json(match: Match, trick: Trick) -> JsonObject:
    names = match.setup.players
    return {
        "number": trick.number,
        "leader": names[trick.leader],
        "cards": [str(card) for card in trick.cards],
        "winner": names[trick.winner],
    }


def round_json(match: Match, played: PlayedRound, running: tuple[int, ...]) -> JsonObject:
    setup = match.setup
    names = setup.players
    score = played.score
    sides = side_names(setup)
    document: JsonObject = {
        "number": played.number,
        "dealer": names[played.dealer],
        "leader": names[played.leader],
        "entry": "tricks" if played.tricks else "quick",
        "hearts": _by_name(names, (capture.count for capture in played.captures)),
        "ace": None if played.ace is None else names[played.ace],
        "heart_points": _by_name(names, score.hearts),
        "points": _by_name(names, score.total),
        "totals": _by_name(names, running),
        "champions": [sides[side] for side in score.champions],
    }
    heart_cards: JsonObject = {
        names[seat]: [str(card) for card in capture.cards]
        for seat, capture in enumerate(played.captures)
        if capture.cards is not None
    }
    if heart_cards:
        document["heart_cards"] = heart_cards
    if played.dead:
        document["dead"] = [str(card) for card in played.dead]
    if played.bids is not None:
        document["bids"] = _by_name(names, played.bids)
        document["bid_points"] = _by_name(names, score.bids)
        if score.bids_met is not None:
            document["bids_met"] = _by_name(names, score.bids_met)
    if played.cursed_suit is not None:
        document["cursed_suit"] = played.cursed_suit.value
        document["cursed_most"] = [names[seat] for seat in played.cursed_most]
        document["curse_points"] = _by_name(names, score.curse)
    if played.tricks:
        document["tricks"] = [trick_json(match, trick) for trick in played.tricks]
    if played.revokes:
        document["revokes"] = [revoke_json(match, revoke, played.number) for revoke in played.revokes]
        document["revoke_points"] = _by_name(names, score.revokes)
    return document


def revoke_json(match: Match, revoke: Revoke, round_number: int) -> JsonObject:
    """One revoke, once: who, the trick they did not follow, the trick and card that prove it."""
    return {
        "player": match.setup.players[revoke.seat],
        "round": round_number,
        "suit": revoke.suit.value,
        "showed_out_in_trick": revoke.showed_out_in,
        "played_in_trick": revoke.played_in,
        "card": str(revoke.card),
        "points": -match.setup.revoke_penalty,
    }


def _by_name(names: Sequence[str], values: Iterable[JsonValue]) -> JsonObject:
    """A value per player, by the player's name."""
    return dict(zip(names, values))


def running_totals(match: Match) -> list[tuple[int, ...]]:
    """The cumulative player totals after each round."""
    totals = (0,) * match.setup.count
    history = []
    for played in match.rounds:
        totals = tuple(t + p for t, p in zip(totals, played.score.total))
        history.append(totals)
    return history


def standings_json(match: Match) -> JsonObject:
    setup = match.setup
    state = match.standing
    sides = side_names(setup)
    document: JsonObject = {
        "players": [{"name": name, "total": total} for name, total in zip(setup.players, match.totals)],
        "rounds": [round_json(match, p, t) for p, t in zip(match.rounds, running_totals(match))],
        "target": setup.target,
        "winner": None if state.winner is None else sides[state.winner],
        "variants": [v.value for v in Variant if v in setup.variants],
        "tied_at_target": state.tied_at_target,
        "next_round": None if match.outcome is not None else next_round(match),
        "current_round": None if match.outcome is not None else current_round(match),
        "revoke_penalty": setup.revoke_penalty,
    }
    if setup.duos is not None:
        document["duos"] = [
            {"name": sides[duo], "players": [setup.players[s] for s in setup.duos[duo]], "total": total}
            for duo, total in enumerate(side_totals(setup, match.totals))
        ]
    if setup.has(Variant.BLINDE_LIEFDE):
        document["bid_bonus"], document["bid_penalty"] = setup.bid_bonus, setup.bid_penalty
    if setup.seed is not None:
        document["seed"] = setup.seed
    return document


def csv_rows(match: Match) -> list[list[str | int]]:
    """One row per round: its points per player, then the running totals.

    The CSV is for people (a spreadsheet): its header is words, in the chosen language,
    like the revokes' column; the numbers and names are the same in every language."""
    names = match.setup.players
    header: list[str | int] = [
        _("round"), _("dealer"), *(_("{name} points").format(name=n) for n in names),
        *(_("{name} total").format(name=n) for n in names), _("champions"), _("revokes"),
    ]  # fmt: skip
    sides = side_names(match.setup)
    rows = [header]
    for played, totals in zip(match.rounds, running_totals(match)):
        champions = "; ".join(sides[side] for side in played.score.champions)
        revokes = "; ".join(revoke_text(match, revoke, played.number) for revoke in played.revokes)
        rows.append([played.number, names[played.dealer], *played.score.total, *totals, champions, revokes])
    return rows
