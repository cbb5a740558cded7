"""`referee verify`: check a fair game (:mod:`referee.fair`) from its save file alone.

Nothing is written. The file's structure is read as for any load (damage: exit 2); then

1. the revealed secret must match the commitment;
2. the events are replayed with the deals re-derived from the secret and the words of
   entropy, so every card recorded is checked against the hand it was played from by
   the game's own rules (a card not in that hand is a finding, naming the event);
3. the deals the reveal wrote (number and seed) must be numbered 0, 1, 2, … without a
   gap, each the one the secret and the words given before the reveal give; and when
   the file holds the events the reveal was made after (``revealed_after``), they must
   be exactly the deals those events made;
4. the reveal's code, when the reveal wrote one, must be the one its place in the match
   (``revealed_after``), its deals and its words give (:func:`referee.fair.scheme.reveal_code`),
   and the words of the events up to the reveal must be the words it recorded: a reveal
   moved by hand is a finding. (A reveal moved with its code rewritten too is caught by
   the table, comparing the code `verify` prints with the one noted at the reveal.)

An undo after the reveal takes events back, not the reveal: the deals it wrote stay the
deals dealt before it (their seeds depend on the secret, the words and their number
only), so a file with fewer events than ``revealed_after`` is judged on the deals its
events reach, and a deal numbered at or past the reveal's count is shown as foreseeable.

The first finding, if any, is the answer (:class:`Verification`); the voice words it.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, TypeVar

from referee.errors import InputError, RefereeError, Refused
from referee.game import Rules
from referee.i18n import _


class Finding(enum.Enum):
    """What `verify` found wrong (exit 1)."""

    COMMITMENT = "the secret does not match the commitment"
    REFUSED = "an event breaks the rules with the re-derived deals"  # event, kind, reason
    DEAL_MISSING = "a deal number is missing"  # number
    DEAL_OUT_OF_ORDER = "a deal number is out of its place"  # number, expected
    DEAL_CHANGED = "a deal's seed is not the re-derived one"  # number
    DEAL_NEVER_DEALT = "a deal was recorded that the game never dealt"  # number
    REVEAL_MOVED = "the reveal's record does not fit its place in the match"  # after: revealed_after


class FairDeal(NamedTuple):
    number: int
    seed: str
    event: int  # the event (1-based) that dealt it; 0: dealt at the start
    after_reveal: bool  # dealt after the secret was revealed: anyone could foresee it


class Verification(NamedTuple):
    """What `verify` found: ``finding`` None when everything checks out."""

    finding: Finding | None
    params: tuple[tuple[str, object], ...]
    commitment: str
    secret: str
    seats: tuple[str, ...]
    words: tuple[str, ...]
    deals: tuple[FairDeal, ...]
    events: int
    revealed_after: int | None
    words_before_reveal: bool  # every word was given before the reveal
    withdrawn: tuple[tuple[str, str], ...] = ()  # (player, word) of every word an undo took back
    reveal_code: str | None = None  # the reveal's code, as its record gives it (None: an older reveal wrote none)

    @property
    def ok(self) -> bool:
        return self.finding is None

    def get(self, name: str) -> object:
        return dict(self.params).get(name)


Found = tuple[Finding, dict[str, object]]

SetupT = TypeVar("SetupT")
StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
EffectT = TypeVar("EffectT")


def verify_fair(path: Path | str, rules: Rules[SetupT, StateT, ActionT, EffectT]) -> Verification:
    """Check the fair game in ``path`` (see the module docstring). ``InputError`` (exit 2)
    for a file that cannot be checked: damaged, not fair, not revealed yet."""
    from referee.fair import scheme as fair
    from referee.fair.rules import FairRules
    from referee.savefile import _read, start, step
    from referee.savefile.document import Damage, kind_of, read_document

    path = Path(path)
    document = read_document(path, _read(path, rules), rules)
    table = document.setup.get("fair")
    if not isinstance(table, dict) or not isinstance(rules, FairRules):
        raise InputError(_("{path} is not a fair game: only a game started with `new … --fair` can be verified").format(path=path))
    if "secret" not in table:
        raise InputError(_("{path}: the secret is not revealed yet; `referee reveal {path}` reveals it (and ends the fairness of what follows)").format(path=path))
    damaged = Damage(path)
    try:
        state = start(rules, document.setup)
    except RefereeError as error:
        raise damaged(document.lines.header("setup"), _("has a bad [setup]: {error}").format(error=error)) from None
    record = rules.fair_record(state)
    assert record is not None  # the setup has a fair table
    after = record.revealed_after
    finding: Found | None = None
    if not fair.check_commitment(record.secret, record.commitment):
        finding = (Finding.COMMITMENT, {})
    dealt: list[int] = [0] * len(rules.deal_seeds(state))  # the event that dealt each deal
    words_at_reveal: tuple[str, ...] | None = () if after == 0 else None
    at_reveal = len(dealt) if after == 0 else None  # how many deals the events had made at the reveal
    for index, event in enumerate(document.events):
        try:
            if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
                raise InputError("an event needs a `kind`")
            state = step(rules, state, event).state
        except Refused as refused:
            finding = finding or (Finding.REFUSED, {"event": index + 1, "kind": kind_of(event), "reason": refused.worded(in_file=True)})
            break
        except RefereeError as error:
            problem = _("cannot be replayed: event {number} ({kind}): {error}")
            raise damaged(document.lines.event(index), problem.format(number=index + 1, kind=kind_of(event), error=error)) from None
        dealt += [index + 1] * (len(rules.deal_seeds(state)) - len(dealt))
        if after == index + 1:
            at_reveal = len(dealt)
            reached = rules.fair_record(state)
            words_at_reveal = None if reached is None else reached.words
    final = rules.fair_record(state)
    assert final is not None
    seeds = rules.deal_seeds(state)
    revealed = len(record.deals)
    deals = tuple(FairDeal(number, seed, dealt[number], number >= revealed) for number, seed in enumerate(seeds))
    if at_reveal is not None and record.revealed_words is None and rules.outcome(state) is not None and after == len(document.events):
        # A file revealed at its end by the first version of the reveal, which counted the
        # round after the last among the deals made (its seed as the secret gives it).
        at_reveal = min(len(record.deals), at_reveal + 1)
    finding = finding or _deals_finding(record.deals, lambda number: rules.seed_at_reveal(state, number), at_reveal)
    moved = record.code is not None and record.code != record.expected_code
    if moved or (words_at_reveal is not None and record.revealed_words is not None and words_at_reveal != record.revealed_words):
        finding = finding or (Finding.REVEAL_MOVED, {"after": after})
    kind, params = finding if finding is not None else (None, {})
    return Verification(kind, tuple(params.items()), record.commitment, record.secret.hex(), rules.seats(state), final.words, deals,
                        len(document.events), after, len(final.words if record.revealed_words is None else record.revealed_words) >= record.seats,
                        record.withdrawn, record.code)  # fmt: skip


def _deals_finding(recorded: tuple[tuple[int, str], ...], derive: Callable[[int], str | None], at_reveal: int | None) -> Found | None:
    """The first fault of the deals the reveal wrote: a number out of its place, a seed
    that is not the one the secret and the words before the reveal give (``derive``), a
    deal the events up to the reveal made but did not record (or the reverse). With
    ``at_reveal`` None (the file holds fewer events than the reveal was made after: an
    undo since) only the deals themselves are judged."""
    numbers = {number for number, _seed in recorded}
    for expected, (number, seed) in enumerate(recorded):
        if number != expected:
            if number > expected and expected not in numbers:  # a gap
                return Finding.DEAL_MISSING, {"number": expected}
            return Finding.DEAL_OUT_OF_ORDER, {"number": number, "expected": expected}
        derived = derive(number)
        if derived is None:  # not every word was in before the reveal: nothing was dealt
            return Finding.DEAL_NEVER_DEALT, {"number": number}
        if seed != derived:
            return Finding.DEAL_CHANGED, {"number": number}
    if at_reveal is not None and len(recorded) < at_reveal:
        return Finding.DEAL_MISSING, {"number": len(recorded)}
    if at_reveal is not None and len(recorded) > at_reveal:
        return Finding.DEAL_NEVER_DEALT, {"number": at_reveal}
    return None
