"""Spellcrafter as every feature sees it (:class:`referee.box.Box`): its rules, its
voice, what the referee adds to a seat's entry, and the hooks a season and a rematch read.

The rematch: the rulebook draws a dealer at random and no seat begins, so the seats stay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.fair.scheme import Fair
from referee.fair.rules import EntropyGiven, GiveEntropy
from referee.fair.voice import FairVoice
from referee.box import Box, MatchFacts
from referee.rematch import renewed
from referee.spellcrafter.actions import Action, Effect
from referee.spellcrafter.entry import completed
from referee.spellcrafter.game import Game
from referee.spellcrafter.rounds import Play
from referee.spellcrafter.ruleset import RULES
from referee.spellcrafter.setup import Setup
from referee.spellcrafter.voice import VOICE

if TYPE_CHECKING:
    from referee.bots import Policy


def facts(game: Game) -> MatchFacts:
    """Totals per player, and every word played (what it scored, its breakdown, whether
    it fell to a challenge) and every challenge (who challenged whom, who was right).

    A word's ``score`` is what it scored, as the totals count it: 0 for a word that fell
    to a challenge (its breakdown keeps what it would have been worth)."""
    words: list[dict[str, object]] = []
    challenges: list[dict[str, object]] = []
    for played in game.rounds:
        for seat, entry in enumerate(played.entries):
            if not isinstance(entry, Play):
                continue
            words.append({"seat": seat, "round": played.number, "word": entry.score.word, "score": entry.points,
                          "fallen": entry.fallen, "breakdown": entry.score.to_json()})  # fmt: skip
            if entry.challenge is not None:
                challenge = entry.challenge
                challenges.append({"challenger": challenge.challenger, "seat": seat, "valid": challenge.valid, "word": entry.score.word})
    found: dict[str, object] = {"rounds": len(game.rounds), "words": words, "challenges": challenges, "variants": game.setup.variants.names()}
    return MatchFacts(game.setup.players, tuple(game.totals), 0, False, found)


def rematch(game: Game, seed: str | None, fair: Fair | None) -> Setup:
    """The same seats."""
    setup = game.setup
    return replace(setup, seed=renewed(setup.seed, seed), fair=renewed(setup.fair, fair))


def bots(level: str) -> Policy:
    """The bot of ``level``: a drafter, the exact best word of its cards and a challenger
    (:mod:`referee.bots.spellcrafter`, imported when a bot plays)."""
    from referee.bots.spellcrafter import policy

    return policy(level)


def referee_deals(game: Game) -> bool:
    """Whether the referee deals the cards and the draft goes through it, pick by pick
    (a bot cannot draft real cards laid out on the table): a bot can play then."""
    return game.drafted


GAME: Box[Setup, Game, Action | GiveEntropy, Effect | EntropyGiven] = Box(RULES, FairVoice(VOICE, RULES), facts, rematch, completed, bots, referee_deals)
