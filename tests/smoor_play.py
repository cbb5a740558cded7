"""Playing seeded Smoorverliefd rounds with random legal cards, for the tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from referee.cards import Card
from referee.errors import RefereeError
from referee.fair.rules import EntropyGiven
from referee.game import Step
from referee.smoorverliefd.actions import Action, Effect, PlayCard, PlayTrick, TrickTaken
from referee.smoorverliefd.match import Match
from referee.smoorverliefd.ruleset import RULES


def legal_trick(match: Match, rng: random.Random) -> list[Card]:
    """A trick of random cards that follow suit, from the current leader's seat on."""
    current = match.current
    assert current.hands is not None
    count = match.setup.count
    cards: list[Card] = []
    for position in range(count):
        hand = sorted(current.hands[(current.leader + position) % count], key=lambda c: c.sort_key)
        led = cards[0].suit if cards else None
        following = [card for card in hand if card.suit is led]
        cards.append(rng.choice(following or hand))
    return cards


def legal_plays(match: Match) -> list[PlayCard]:
    """The rules' legal actions, each checked to be one card played (``PlayCard``)."""
    plays = []
    for action in RULES.legal_actions(match):
        assert isinstance(action, PlayCard), action
        plays.append(action)
    return plays


def play_round(match: Match, rng: random.Random) -> Match:
    number = match.current.number
    while match.current.number == number and match.outcome is None:
        match = play(match, PlayTrick(tuple(legal_trick(match, rng))))
    return match


def step(match: Match, entry: Action | Mapping[str, Any]) -> Step[Match, Effect]:
    """Apply one entry, an action or a save file's event, as the save-file engine does
    (a game entry: a fair match's word of entropy is not one)."""
    done = RULES.apply(match, RULES.decode(match, entry) if isinstance(entry, Mapping) else entry)
    assert not isinstance(done.effect, EntropyGiven)
    return Step(done.state, done.effect)


def play(match: Match, entry: Action | Mapping[str, Any]) -> Match:
    return step(match, entry).state


def taken(done: Step[Match, Effect]) -> TrickTaken:
    """The effect of a step the test expects to be a trick taken (failing if it is not)."""
    assert isinstance(done.effect, TrickTaken), done.effect
    return done.effect


@contextmanager
def unusable(match: str | None = None) -> Iterator[pytest.ExceptionInfo[RefereeError]]:
    """Input that cannot be used (exit 2): refused when the entry is read, or by the
    rules as an unusable refusal, with a message that says ``match``."""
    with pytest.raises(RefereeError, match=match) as error:
        yield error
    assert error.value.exit_code == 2, str(error.value)
