"""A Spellcrafter game played in memory through the rules and saved as a file, for the
tests of `spell best` and `spell review` in drafted games (no CLI command of the draft
needed: the events are the rules' own)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from referee import savefile
from referee.spellcrafter.actions import Action, EnterPass, EnterWord, PickCard
from referee.spellcrafter.draft import Draft
from referee.spellcrafter.game import Game
from referee.spellcrafter.notation import parse_word
from referee.spellcrafter.ruleset import RULES, picks
from referee.spellcrafter.setup import Setup

AT = "2026-12-02T20:00:00Z"
Chooser = Callable[[Game, Draft, int], PickCard]


def first_card(game: Game, draft: Draft, seat: int) -> PickCard:
    """Keep the first card of the hand (with two players, discard the second)."""
    hand = draft.hands[seat]
    return PickCard(seat, hand[0], hand[1] if draft.must_discard(seat) else None, AT)


def random_card(rng: random.Random) -> Chooser:
    """Any legal pick, at random."""
    return lambda game, draft, seat: rng.choice([p for p in picks(game) if p.seat == seat])._replace(at=AT)


class Table:
    """A game and the events that made it."""

    def __init__(self, setup: Setup) -> None:
        self.game: Game = RULES.start(setup)
        self.events: list[dict[str, object]] = []

    @classmethod
    def seeded(cls, players: tuple[str, ...] = ("Anna", "Bram", "Cees"), seed: str = "kale", **options) -> Table:
        return cls(Setup.build(players, seed=seed, **options))

    def do(self, action: Action) -> Table:
        self.events.append(RULES.encode(self.game, action))
        self.game = RULES.apply(self.game, action).state
        return self

    def drafting(self, number: int | None = None) -> Draft:
        """A round's draft as it stands (default: the current round's)."""
        draft = self.game.draft_of(self.game.current_number if number is None else number)
        assert draft is not None
        return draft

    def pick(self, seat: int, choose: Chooser = first_card) -> Table:
        return self.do(choose(self.game, self.drafting(), seat))

    def draft(self, choose: Chooser = first_card) -> Table:
        """The current round's draft played out."""
        while not self.drafting().complete:
            for seat in self.drafting().waiting:
                self.pick(seat, choose)
        return self

    def word(self, player: str, line: str) -> Table:
        return self.do(EnterWord(self.game.setup.player(player), parse_word(line.split())))

    def pass_(self, player: str) -> Table:
        return self.do(EnterPass(self.game.setup.player(player)))

    def save(self, path: Path) -> Path:
        path.write_text(savefile.dumps(RULES, RULES.write_setup(self.game.setup), self.events), encoding="utf-8")
        assert savefile.load(path, RULES).state == self.game
        return path
