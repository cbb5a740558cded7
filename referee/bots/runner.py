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

from referee.bots import WAIT, random_choice
from referee.bots.seats import BotSeats, bot_seats
from referee.game import Decision, Step, decided

if TYPE_CHECKING:
    from referee.box import Box
    from referee.games import SomeSpec
    from referee.savefile import Held, Recorded, Saved

#: At most this many bot events in one call: a policy that never reaches a person's turn
#: or the end (a bug) stops here rather than filling the disk.
LIMIT = 10_000
#: A decision refused because the file moved on meanwhile (a person's entry in `serve`)
#: is taken again from the new state at most this many times in a row.
RETRIES = 3


class BotMove(NamedTuple):
    """One bot decision recorded: the seat, its level, what recording it did, and the
    voice's line for it."""

    seat: int
    level: str
    recorded: Recorded[object, object, object]
    line: str


def due(box: Box[object, object, object, object], state: object, bots: BotSeats) -> tuple[int, tuple[Decision, ...]] | None:
    """The first bot seat (in seat order) with a decision now, and its decisions; None
    when the game is over or no bot has anything to decide."""
    return next(iter(all_due(box, state, bots)), None)


def all_due(box: Box[object, object, object, object], state: object, bots: BotSeats) -> list[tuple[int, tuple[Decision, ...]]]:
    """Every bot seat with a decision now (in seat order), with its decisions; none when
    the game is over."""
    rules = box.rules
    if rules.outcome(state) is not None:
        return []
    return [(seat, found) for seat in sorted(bots.levels) if (found := decided(rules.decisions(state, seat)))]


def people_to_act(box: Box[object, object, object, object], state: object, bots: BotSeats) -> bool:
    """Whether a seat no bot plays has a decision now."""
    rules = box.rules
    return any(rules.decisions(state, seat) for seat in range(len(rules.seats(state))) if seat not in bots.levels)


def next_move(box: Box[object, object, object, object], state: object, bots: BotSeats, events: int) -> tuple[int, Mapping[str, object]] | None:
    """The bot seat that acts now and its event: the first in seat order whose policy
    does not :data:`~referee.bots.WAIT`. When every one waits and no person has a
    decision either, a decision several seats take at once (``together``: a draft's pick)
    is asked again alone: it cannot be put off for people who are not there. None: no
    bot acts now."""
    due_now = all_due(box, state, bots)
    for seat, decisions in due_now:
        event = bot_event(box, state, seat, bots.levels[seat], bots, events, decisions)
        if event != WAIT:
            return seat, event
    if people_to_act(box, state, bots):
        return None
    for seat, decisions in due_now:
        together = tuple(decision for decision in decisions if decision.together)
        if together:
            event = bot_event(box, state, seat, bots.levels[seat], bots, events, together)
            if event != WAIT:
                return seat, event
    return None


def bot_event(
    box: Box[object, object, object, object], state: object, seat: int, level: str, bots: BotSeats, events: int,
    decisions: tuple[Decision, ...] | None = None,
) -> Mapping[str, object]:
    """The event ``seat``'s bot sends now (or :data:`~referee.bots.WAIT`), from the seat's
    view and ``decisions`` (default: all of the seat's now) and an rng seeded from the
    bot seed, the seat and the number of ``events`` (nothing else of the state reaches the
    policy)."""
    rules = box.rules
    if decisions is None:
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


def play_due(
    path: Path | str, spec: SomeSpec | None = None, on_played: Callable[[BotMove], None] | None = None, limit: int = LIMIT,
    held: Held[object] | None = None,
) -> list[BotMove]:
    """Make every bot decision due in the save file at ``path`` (of the game ``spec``, or
    the one its format names), one recorded event at a time; ``on_played`` is told each
    as soon as it is recorded. Stops at the first decision no bot takes, or the end, or
    after ``limit`` decisions (`serve` makes one at a time). ``held``: what the caller
    holds of the file between calls (:mod:`referee.savefile.held`: `serve`'s bot thread),
    so that a call steps only what changed since its last.
    Errors are the save-file engine's (a file that cannot be read: ``SaveFileError``)."""
    from referee import savefile
    from referee.decisions import NotYourDecision, seat_entry
    from referee.savefile.which import game_of

    path = Path(path)
    box = (spec or game_of(path)).load()
    rules = box.rules
    played: list[BotMove] = []
    if held is None:
        held = savefile.Held()  # each entry steps only itself: a whole match stays linear
    saved = savefile.load_held(path, rules, held)
    retries = 0
    while len(played) < min(limit, LIMIT):
        bots = bots_of(box, saved)
        found = None if bots is None else next_move(box, saved.state, bots, len(saved.events))
        if bots is None or found is None:
            break
        seat, event = found
        level = bots.levels[seat]
        try:
            recorded = savefile.record(path, rules, seat_entry(rules, seat, event, box.complete), bot=level, held=held)
        except NotYourDecision:
            retries += 1
            if retries > RETRIES:
                raise
            saved = savefile.load_held(path, rules, held)  # a person's entry came first: look again
            continue
        retries = 0
        line = box.voice.effect(recorded.before, Step(recorded.state, recorded.effect))
        done = BotMove(seat, level, recorded, line)
        played.append(done)
        if on_played is not None:
            on_played(done)
        saved = recorded.saved
    return played
