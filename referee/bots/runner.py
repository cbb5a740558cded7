"""The referee playing its seats: every bot decision due, one recorded event at a time.

:func:`play_due` is what `referee bot FILE`, a one-shot command after its entry, table
mode after each entry and `referee serve` after each change call. A bot's decision is
taken from its seat's view and decisions only (:func:`decide`), sent through
:func:`referee.decisions.seat_entry` like a tapped one and recorded by
:func:`referee.savefile.record` marked as the bot's: an ordinary event that undo, redo,
history, verify and stats read like any other. It stops at the first decision that is
no bot's (a person's turn) or at the end of the game.

A game without a policy yet (its box's ``bots`` is None) plays
:func:`referee.bots.random_choice`: a random listed choice, so a form it cannot fill (a
Spellcrafter word) is passed when a pass is listed. A fair game's word of entropy is
never the policy's: a bot seat gives a fresh random word (:mod:`secrets`), recorded and
shown like anyone's, so the deal stays as fair as a person's word makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from referee.bots import random_choice
from referee.bots.seats import BotSeats, bot_seats
from referee.game import Decision, Step, decided

if TYPE_CHECKING:
    from referee.box import Box
    from referee.games import SomeSpec
    from referee.savefile import Recorded, Saved

#: At most this many bot events in one call: a policy that never reaches a person's turn
#: or the end (a bug) stops here rather than filling the disk.
LIMIT = 10_000
#: A decision refused because the file moved on meanwhile (a person's entry in `serve`)
#: is taken again from the new state at most this many times in a row.
RETRIES = 3


class Played(NamedTuple):
    """One bot decision recorded: the seat, its level, what recording it did, and the
    voice's line for it."""

    seat: int
    level: str
    recorded: Recorded[object, object, object]
    line: str


def due(box: Box[object, object, object, object], state: object, bots: BotSeats) -> tuple[int, tuple[Decision, ...]] | None:
    """The first bot seat (in seat order) with a decision now, and its decisions; None
    when the game is over or no bot has anything to decide."""
    rules = box.rules
    if rules.outcome(state) is not None:
        return None
    for seat in sorted(bots.levels):
        found = decided(rules.decisions(state, seat))
        if found:
            return seat, found
    return None


def decide(box: Box[object, object, object, object], state: object, seat: int, level: str, bots: BotSeats, events: int) -> Mapping[str, object]:
    """The event ``seat``'s bot sends now, from the seat's view and decisions and an rng
    seeded from the bot seed, the seat and the number of ``events`` (nothing else of the
    state reaches the policy)."""
    rules = box.rules
    decisions = decided(rules.decisions(state, seat))
    word = _entropy_word(decisions)
    if word is not None:
        return word
    policy = box.bots(level) if box.bots is not None else random_choice
    return policy(rules.view(state, seat), decisions, bots.rng(seat, events))


def _entropy_word(decisions: tuple[Decision, ...]) -> Mapping[str, object] | None:
    """A fair game's word of entropy, when that is the decision: a fresh random one."""
    from referee.fair.rules import KIND

    for decision in decisions:
        if decision.kind == KIND and decision.form is not None:
            from referee.seeds import fresh_seed

            return {**decision.form.event, decision.form.field: fresh_seed()}
    return None


def bots_of(box: Box[object, object, object, object], saved: Saved[object]) -> BotSeats | None:
    """The loaded file's bot seats, or None."""
    return bot_seats(saved.setup, box.rules.seats(saved.state))


def pending(path: Path, spec: SomeSpec | None = None) -> bool:
    """Whether a bot decision is due in the file at ``path`` now."""
    from referee import savefile
    from referee.savefile.which import game_of

    box = (spec or game_of(path)).load()
    saved = savefile.load(path, box.rules)
    bots = bots_of(box, saved)
    return bots is not None and due(box, saved.state, bots) is not None


def play_due(
    path: Path | str, spec: SomeSpec | None = None, on_played: Callable[[Played], None] | None = None, limit: int = LIMIT
) -> list[Played]:
    """Make every bot decision due in the save file at ``path`` (of the game ``spec``, or
    the one its format names), one recorded event at a time; ``on_played`` is told each
    as soon as it is recorded. Stops at the first decision no bot takes, or the end, or
    after ``limit`` decisions (`serve` makes one at a time).
    Errors are the save-file engine's (a file that cannot be read: ``SaveFileError``)."""
    from referee import savefile
    from referee.decisions import NotYourDecision, seat_entry
    from referee.savefile.which import game_of

    path = Path(path)
    box = (spec or game_of(path)).load()
    rules = box.rules
    played: list[Played] = []
    saved = savefile.load(path, rules)
    retries = 0
    while len(played) < min(limit, LIMIT):
        bots = bots_of(box, saved)
        found = None if bots is None else due(box, saved.state, bots)
        if bots is None or found is None:
            break
        seat, _decisions = found
        level = bots.levels[seat]
        event = decide(box, saved.state, seat, level, bots, len(saved.events))
        try:
            recorded = savefile.record(path, rules, seat_entry(rules, seat, event, box.complete), bot=level)
        except NotYourDecision:
            retries += 1
            if retries > RETRIES:
                raise
            saved = savefile.load(path, rules)  # a person's entry came first: look again
            continue
        retries = 0
        line = box.voice.effect(recorded.before, Step(recorded.state, recorded.effect))
        done = Played(seat, level, recorded, line)
        played.append(done)
        if on_played is not None:
            on_played(done)
        saved = recorded.saved
    return played
