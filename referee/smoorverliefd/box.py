"""Smoorverliefd as every feature sees it (:class:`referee.box.Box`): its rules, its
voice, and the hooks a season and a rematch read.

The rematch: "De beurt om te delen gaat elke ronde met de klok mee" — the deal passes on
clockwise, so the player left of the last round's dealer deals the next match's first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.fair.scheme import Fair
from referee.fair.rules import EntropyGiven, GiveEntropy
from referee.fair.voice import FairVoice
from referee.box import Box, MatchFacts
from referee.rematch import renewed
from referee.smoorverliefd.actions import Action, Effect
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES
from referee.smoorverliefd.setup import Setup
from referee.smoorverliefd.voice import VOICE

if TYPE_CHECKING:
    from referee.bots import Policy


def facts(match: Match) -> MatchFacts:
    """Totals per player, who led the first trick, and per player: rounds played, hearts
    captured, rounds with all 13 hearts, revokes proven against them."""
    setup = match.setup
    hearts = [0] * setup.count
    all_thirteen = [0] * setup.count
    revokes = [0] * setup.count
    for played in match.rounds:
        for seat, capture in enumerate(played.captures):
            hearts[seat] += capture.count
            all_thirteen[seat] += capture.count == 13
        for revoke in played.revokes:
            revokes[revoke.seat] += 1
    found: dict[str, object] = {
        "rounds": len(match.rounds),
        "hearts": hearts,
        "all_thirteen": all_thirteen,
        "revokes": revokes,
        "variants": sorted(variant.value for variant in setup.variants),
        "target": setup.target,
        "duos": None if setup.duos is None else [list(duo) for duo in setup.duos],
    }
    return MatchFacts(setup.players, tuple(match.totals), setup.left_of(setup.first_dealer), False, found)


def rematch(match: Match, seed: str | None, fair: Fair | None) -> Setup:
    """The same table; the player left of the last round's dealer deals first."""
    setup = match.setup
    last_dealer = match.rounds[-1].dealer if match.rounds else setup.first_dealer
    return replace(setup, first_dealer=setup.left_of(last_dealer), seed=renewed(setup.seed, seed), fair=renewed(setup.fair, fair))


def bots(level: str) -> Policy:
    """The bots' policies (:mod:`referee.bots.smoorverliefd`, imported when a bot first plays)."""
    from referee.bots.smoorverliefd import policy

    return policy(level)


def referee_deals(match: Match) -> bool:
    """Whether the referee deals the hands (a seed or a fair deal): a bot can play then."""
    return match.setup.seed is not None or match.setup.fair is not None


GAME: Box[Setup, Match, Action | GiveEntropy, Effect | EntropyGiven] = Box(RULES, FairVoice(VOICE, RULES), facts, rematch, bots=bots, referee_deals=referee_deals)
