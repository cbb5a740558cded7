"""The one-line answers of Smoorverliefd's quick commands, printed without rich."""

from __future__ import annotations

from referee.cards import Suit
from referee.cli.output import Line, card_segment, cards_line, voiced
from referee.i18n import _, ngettext
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.rounds import PlayedRound
from referee.smoorverliefd.scoring import side_names
from referee.smoorverliefd.setup import Variant
from referee.smoorverliefd.tricks import Revoke, Trick
from referee.smoorverliefd.voice import VOICE, revoke_text
from referee.smoorverliefd.words import points, variant_name

LEADER = "bold green"


def situation(match: Match) -> Line:
    """The line on every screen: the situation as the game's voice says it ("Round 4 —
    Bram deals; Cees leads", "… waiting for the bids of Anna and Cees", "… trick 2: 9♣ K♣ —
    Eva to play"), coloured; once the match is over, its result."""
    outcome = match.outcome
    if outcome is not None:
        return Line(_("Match over — "), (VOICE.outcome(match, outcome), LEADER))
    return voiced(VOICE.situation(match), {_("tied on top at the target: one more round"): "yellow"})


def settings(match: Match) -> Line:
    setup = match.setup
    parts = [_("target {target}").format(target=setup.target)]
    for variant in Variant:
        if variant in setup.variants:
            detail = ""
            if variant is Variant.BLINDE_LIEFDE:
                detail = _(" (exact bid +{bonus}, miss −{penalty})").format(bonus=setup.bid_bonus, penalty=setup.bid_penalty)
            if variant is Variant.PARTNERS:
                detail = f" ({_(' vs ').join(side_names(setup))})"
            parts.append(variant_name(variant) + detail)
    if setup.revoke_penalty:
        parts.append(_("a revoke costs {points}").format(points=points(setup.revoke_penalty)))
    if setup.seed is not None:
        parts.append(_("seeded deals ({seed})").format(seed=setup.seed))
    return Line((" · ".join(parts), "dim"))


def round_line(match: Match, played: PlayedRound) -> Line:
    """The echo of a finished round: each player's points and how they came about."""
    setup, names, score = match.setup, match.setup.players, played.score
    line = Line((_("Round {number}").format(number=played.number), "bold"), ": ")
    for seat, name in enumerate(names):
        if seat:
            line.append(" · ")
        line.append(name).append(f" {score.total[seat]:+d}" if score.adjusted(seat) else f" {score.total[seat]}")
        details = []
        capture = played.captures[seat]
        if capture.count:
            details.append(f"{capture.count}♥" + (_(" incl. A♥") if capture.ace else ""))
        if capture.all_hearts:
            details.append(_("all hearts ×2"))
        if played.bids is not None and score.bids_met is not None:
            details.append(_("bid {bid} {mark}").format(bid=played.bids[seat], mark="✓" if score.bids_met[seat] else "✗"))
        if score.curse[seat] and played.cursed_suit is not None:
            details.append(_("most {suit} −{points}").format(suit=played.cursed_suit.symbol, points=-score.curse[seat]))
        if score.revokes[seat]:
            details.append(_("revoke −{points}").format(points=-score.revokes[seat]))
        if details:
            line.append(f" ({', '.join(details)})", "dim")
        if setup.duos is None and seat in score.champions:
            line.append(" ★", "yellow")
    if setup.duos is not None and score.champions:
        line.append("  ★ " + " & ".join(side_names(setup)[side] for side in score.champions), "yellow")
    return line


def totals_line(match: Match) -> Line:
    setup, state = match.setup, match.standing
    sides = side_names(setup)
    ranked = sorted(range(len(state.totals)), key=lambda side: -state.totals[side])
    best = state.totals[ranked[0]]
    line = Line(_("Totals: "))
    for index, side in enumerate(ranked):
        if index:
            line.append(" · ")
        line.append(f"{sides[side]} {state.totals[side]}", LEADER if state.totals[side] == best else "")
    if best < setup.target:
        left = setup.target - best
        line.append(ngettext("  ({left} to go to {target})", "  ({left} to go to {target})", left).format(left=left, target=setup.target), "dim")
    return line


def trick_line(match: Match, trick: Trick) -> Line:
    names = match.setup.players
    hearts = [card for card in trick.cards if card.suit is Suit.HEARTS]
    line = Line(_("Trick {number}: ").format(number=trick.number), cards_line(trick.cards), " — ", (names[trick.winner], "bold"))
    line.append(_(" wins with ")).append(*card_segment(trick.card_of(trick.winner)))
    if hearts:
        line = Line(line, _(", takes "), cards_line(hearts))
    return line


def revoke_line(match: Match, revoke: Revoke, round_number: int) -> Line:
    """A revoke, named once: who, the trick they did not follow, the card that proves it."""
    return Line((_("Revoke (verzaken): "), "bold red"), revoke_text(match, revoke, round_number))


def round_so_far(match: Match) -> Line | None:
    """The round in progress, trick by trick: the hearts each player has taken so far."""
    current, names = match.current, match.setup.players
    if not current.tricks or match.outcome is not None:
        return None
    tricks = ngettext("{count} trick", "{count} tricks", len(current.tricks)).format(count=len(current.tricks))
    line = Line((_("Round {number} so far").format(number=current.number), "bold"), f" ({tricks}): ")
    for seat, hearts in enumerate(match.hearts_so_far()):
        if seat:
            line.append(" · ")
        line.append(names[seat]).append(f" {len(hearts)}♥")
        if hearts:
            line = Line(line, (" (", "dim"), cards_line(hearts), (")", "dim"))
    return line


def correction_line(match: Match, was: PlayedRound, now: PlayedRound) -> Line:
    """What an edit changed in a round: each player's points, old → new."""
    names = match.setup.players
    changes = [
        f"{names[seat]} {old} → {new}"
        for seat, (old, new) in enumerate(zip(was.score.total, now.score.total))
        if old != new
    ]
    line = Line((_("Round {number} corrected").format(number=now.number), "bold"), ": ")
    line.append(" · ".join(changes) if changes else _("the points stay the same"))
    return line.append(_("; later rounds recomputed."))
