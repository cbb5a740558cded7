"""`referee verify`: check a fair game (:mod:`referee.fair`) from its save file alone.

Nothing is written. The file's structure is read as for any load (damage: exit 2); then

1. the revealed secret must match the commitment;
2. the events are replayed with the deals re-derived from the secret and the words of
   entropy, so every card recorded is checked against the hand it was played from by
   the game's own rules (a card not in that hand is a finding, naming the event);
3. the deals the reveal wrote (number and seed) must be the re-derived ones, numbered
   0, 1, 2, … without a gap.

The first finding, if any, is the answer (:class:`Verification`); the voice words it.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, NamedTuple

from referee.errors import InputError, RefereeError, Refused
from referee.game import Rules
from referee.i18n import _


class Finding(enum.Enum):
    """What `verify` found wrong (exit 1)."""

    COMMITMENT = "the secret does not match the commitment"
    REFUSED = "an event breaks the rules with the re-derived deals"  # event, kind, reason
    DEAL_MISSING = "a deal number is missing"  # number
    DEAL_CHANGED = "a deal's seed is not the re-derived one"  # number
    DEAL_NEVER_DEALT = "a deal was recorded that the game never dealt"  # number


class FairDeal(NamedTuple):
    number: int
    seed: str
    event: int  # the event (1-based) that dealt it; 0: dealt at the start
    after_reveal: bool  # dealt after the secret was revealed: anyone could foresee it


class Verification(NamedTuple):
    """What `verify` found: ``finding`` None when everything checks out."""

    finding: Finding | None
    params: tuple[tuple[str, Any], ...]
    commitment: str
    secret: str
    seats: tuple[str, ...]
    words: tuple[str, ...]
    deals: tuple[FairDeal, ...]
    events: int
    revealed_after: int | None
    words_before_reveal: bool  # every word was given before the reveal

    @property
    def ok(self) -> bool:
        return self.finding is None

    def get(self, name: str) -> Any:
        return dict(self.params).get(name)


def verify_fair(path: Path | str, rules: Rules[Any, Any, Any, Any]) -> Verification:
    """Check the fair game in ``path`` (see the module docstring). ``InputError`` (exit 2)
    for a file that cannot be checked: damaged, not fair, not revealed yet."""
    from referee import fair
    from referee.fair_rules import WithEntropy, fair_of
    from referee.savefile import _read, start, step
    from referee.savefile.document import Damage, kind_of, read_document

    path = Path(path)
    document = read_document(path, _read(path, rules), rules)
    table = document.setup.get("fair")
    if not isinstance(table, dict):
        raise InputError(_("{path} is not a fair game: only a game started with `new … --fair` can be verified").format(path=path))
    if "secret" not in table:
        raise InputError(_("{path}: the secret is not revealed yet; `referee reveal {path}` reveals it (and ends the fairness of what follows)").format(path=path))
    assert isinstance(rules, WithEntropy), rules
    damaged = Damage(path)
    try:
        state = start(rules, document.setup)
    except RefereeError as error:
        raise damaged(document.lines.header("setup"), _("has a bad [setup]: {error}").format(error=error)) from None
    record = fair_of(state)
    assert record is not None
    seats = rules.seats(state)
    after = record.revealed_after
    finding: tuple[Finding, dict[str, Any]] | None = None
    if not fair.check_commitment(record.secret, record.commitment):
        finding = (Finding.COMMITMENT, {})
    dealt: list[int] = [0] * rules.deals(state)  # the event that dealt each deal
    at_reveal = len(dealt) if after == 0 else None
    words_at_reveal = len(record.words) if after == 0 else None
    for index, event in enumerate(document.events):
        try:
            if not isinstance(event, dict) or not isinstance(event.get("kind"), str):
                raise InputError("an event needs a `kind`")
            state = step(rules, state, event).state
        except Refused as refused:
            found = (Finding.REFUSED, {"event": index + 1, "kind": kind_of(event), "reason": refused.worded(in_file=True)})
            finding = finding or found
            break
        except RefereeError as error:
            problem = _("cannot be replayed: event {number} ({kind}): {error}")
            raise damaged(document.lines.event(index), problem.format(number=index + 1, kind=kind_of(event), error=error)) from None
        dealt += [index + 1] * (rules.deals(state) - len(dealt))
        if after == index + 1:
            at_reveal = len(dealt)
            words_at_reveal = len(fair_of(state).words)  # type: ignore[union-attr]
    final = fair_of(state)
    assert final is not None
    seeds = rules.deal_seeds(state)
    if at_reveal is None:  # revealed after more events than the file holds now (an undo since)
        at_reveal, words_at_reveal = len(dealt), len(final.words)
    deals = tuple(FairDeal(number, seed, dealt[number], number >= at_reveal) for number, seed in enumerate(seeds))
    finding = finding or _deals_finding(record.deals, [deal.seed for deal in deals[:at_reveal]])
    kind, params = finding if finding is not None else (None, {})
    return Verification(kind, tuple(params.items()), record.commitment, record.secret.hex(), seats, final.words, deals,
                   len(document.events), after, words_at_reveal is not None and words_at_reveal >= record.seats)  # fmt: skip


def _deals_finding(recorded: tuple[tuple[int, str], ...], derived: list[str]) -> tuple[Finding, dict[str, Any]] | None:
    """The first difference between the deals the reveal wrote and the re-derived ones."""
    numbers = [number for number, _seed in recorded]
    for expected, (number, seed) in enumerate(recorded):
        if number != expected:
            missing = expected if expected not in numbers else number
            return Finding.DEAL_MISSING, {"number": missing}
        if expected >= len(derived):
            return Finding.DEAL_NEVER_DEALT, {"number": number}
        if seed != derived[expected]:
            return Finding.DEAL_CHANGED, {"number": number}
    if len(recorded) < len(derived):
        return Finding.DEAL_MISSING, {"number": len(recorded)}
    return None
