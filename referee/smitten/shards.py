"""The winnability study in shards: files of block tallies, merged exactly.

`smitten study --shard I/K --out FILE` plays shard I of K of a study's blocks
(:func:`referee.smitten.study.shard_blocks`: the same blocks, of the same seeds, that
the whole study would play) and keeps them in FILE with the study's :class:`Plan`. A
shard is a :class:`Shard` value here, written as JSON text (:func:`shard_text`) and read
back (:func:`read_shard`) without touching a file: the command reads and writes.

:func:`merge` adds the shards' tallies up, and refuses (a :class:`ShardError`) shards of
different plans or versions of referee, a block in two shards (or a shard twice), and
a block in none (a shard missing, or stopped before its end): the merged table is then
exactly the one a single run would print. A shard file is refused when its counts cannot
be (:func:`impossible`): a block's counts are never negative, and never more than its
deals, so no edited or damaged file can narrow an interval or break the table.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any

from referee.errors import InputError
from referee.game import Refusal, refuse
from referee.smitten.study import MODES, Block, Plan, Row, Tally, rows, shard_blocks

#: What a shard file holds, and the version of its layout.
KIND = "smitten winnability study shard"
FORMAT = 1
COLUMNS = ["mode", "first", "stop", "hinted", "winnable", "timed_out", "random_won", "hint_won", "nodes"]


class ShardFault(enum.Enum):
    """Why shards cannot be merged (or a shard file read), as a value; the command words it."""

    UNREADABLE = "unreadable"  # file (its position in the list), detail: not a shard file of this layout
    SETTINGS = "settings"  # file, other (positions), setting: the first setting that differs
    VERSION = "version"  # file, other, ours, theirs: made by different versions of referee
    OVERLAP = "overlap"  # file, other, mode, first, stop: a block in both
    MISSING = "missing"  # mode, first, stop, shard, shards, blocks (how many are missing in all)
    NOT_ITS_BLOCK = "not-its-block"  # file, mode, first, stop: a block that is not the shard's
    IMPOSSIBLE = "impossible"  # file, mode, first, stop, column, value, limit: a count no block's deals can give


class ShardError(InputError):
    """Shards that cannot be merged, or a shard file that cannot be read (exit 2): the
    :class:`ShardFault` and its parameters, no words (`smitten study merge` words them)."""

    def __init__(self, fault: ShardFault, **params: object) -> None:
        super().__init__(fault.value)
        self.refusal: Refusal = refuse(fault, unusable=True, **params)


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (from 1) of a study: its plan and the tallies of the
    blocks it has played so far."""

    plan: Plan
    index: int
    count: int
    tallies: tuple[Tally, ...] = ()

    def blocks(self) -> list[Block]:
        """Every block of this shard, played or not."""
        return shard_blocks(self.plan, self.index, self.count)

    def left(self) -> list[Block]:
        """The blocks of this shard not played yet, in order."""
        done = {tally.block for tally in self.tallies}
        return [block for block in self.blocks() if block not in done]

    def rows(self) -> list[Row]:
        return rows(self.plan, self.tallies)


def settings_json(plan: Plan) -> dict[str, object]:
    """A plan as the shard file writes it: the version first, the modes by name."""
    return {
        "referee": plan.version,
        "seed": plan.prefix,
        "hint_samples": plan.hint_samples,
        "deal_budget": plan.deal_budget,
        "block": plan.block,
        "hint_block": plan.hint_block,
        "modes": {mode: {"deals": deals, "hint_deals": hinted} for mode, deals, hinted in zip(plan.modes, plan.deals, plan.hint_deals)},
    }


def plan_from_json(settings: dict[str, Any]) -> Plan:
    modes = settings["modes"]
    plan = Plan(
        modes=tuple(modes),
        deals=tuple(int(modes[mode]["deals"]) for mode in modes),
        hint_deals=tuple(int(modes[mode]["hint_deals"]) for mode in modes),
        hint_samples=int(settings["hint_samples"]),
        prefix=str(settings["seed"]),
        deal_budget=None if settings["deal_budget"] is None else int(settings["deal_budget"]),
        version=str(settings["referee"]),
        block=int(settings["block"]),
        hint_block=int(settings["hint_block"]),
    )
    if any(mode not in MODES for mode in plan.modes) or min(plan.block, plan.hint_block, plan.hint_samples) < 1:
        raise ValueError("not a study's settings")
    if any(deals < 1 or not 0 <= hinted <= deals for deals, hinted in zip(plan.deals, plan.hint_deals)):
        raise ValueError("not a study's numbers of deals")
    if plan.deal_budget is not None and plan.deal_budget < 1:
        raise ValueError("not a deal budget")
    return plan


def impossible(tally: Tally) -> tuple[str, int, int] | None:
    """The first count of a block's tally that its deals cannot give, as (column, value,
    the most it can be); None when every count can be. Each deal is winnable or not, or its
    verdict timed out; a deal won (by random play or the hint policy, which plays only the
    hinted blocks) is a deal that can be won, or one whose verdict timed out."""
    deals = tally.block.stop - tally.block.first
    counts = {"winnable": tally.winnable, "timed_out": tally.timed_out, "random_won": tally.random_won, "hint_won": tally.hint_won, "nodes": tally.nodes}
    for column, value in counts.items():
        if value < 0:
            return column, value, 0
    winnable = tally.winnable + tally.timed_out
    limits = {
        "winnable": deals - tally.timed_out,
        "timed_out": deals - tally.winnable,
        "random_won": winnable,
        "hint_won": winnable if tally.block.hinted else 0,
    }
    for column, limit in limits.items():
        if counts[column] > limit:
            return column, counts[column], max(limit, 0)
    return None


def shard_text(shard: Shard) -> str:
    """The shard file: its settings, which shard it is, and one line a block (in the
    order of the shard's blocks, so that the same shard is the same text)."""
    order = {block: number for number, block in enumerate(shard.blocks())}
    lines = [
        json.dumps([*tally.block, tally.winnable, tally.timed_out, tally.random_won, tally.hint_won, tally.nodes])
        for tally in sorted(shard.tallies, key=lambda tally: order.get(tally.block, -1))
    ]
    head = {"kind": KIND, "format": FORMAT, "settings": settings_json(shard.plan), "shard": [shard.index, shard.count], "columns": COLUMNS}
    fields = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in head.items()]
    body = "".join(f"\n  {line}," for line in lines).rstrip(",")
    return "{\n" + ",\n".join(fields) + ',\n "blocks": [' + body + ("\n ]" if lines else "]") + "\n}\n"


def read_shard(text: str, file: int = 0) -> Shard:
    """A shard file's :class:`Shard`; a :class:`ShardError` (UNREADABLE, naming ``file``,
    its position among the files given) when the text is not one, or (NOT_ITS_BLOCK)
    when it holds a block that is not its shard's."""
    try:
        document = json.loads(text)
        if document.get("kind") != KIND or document.get("format") != FORMAT or document.get("columns") != COLUMNS:
            raise ValueError("not a shard file of this layout")
        plan = plan_from_json(document["settings"])
        index, count = (int(number) for number in document["shard"])
        if not 1 <= index <= count:
            raise ValueError("not a shard number")
        tallies = []
        for row in document["blocks"]:
            mode, first, stop, hinted, *counts = row
            if not isinstance(hinted, bool) or len(counts) != 5:
                raise ValueError("not a block")
            tallies.append(Tally(Block(str(mode), int(first), int(stop), hinted), *(int(number) for number in counts)))
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError) as error:
        raise ShardError(ShardFault.UNREADABLE, file=file, detail=str(error)) from None
    shard = Shard(plan, index, count, tuple(tallies))
    own = set(shard.blocks())
    seen: set[Block] = set()
    for tally in shard.tallies:
        if tally.block not in own or tally.block in seen:
            raise ShardError(ShardFault.NOT_ITS_BLOCK, file=file, mode=tally.block.mode, first=tally.block.first, stop=tally.block.stop)
        seen.add(tally.block)
        wrong = impossible(tally)
        if wrong is not None:
            column, value, limit = wrong
            block = tally.block
            raise ShardError(ShardFault.IMPOSSIBLE, file=file, mode=block.mode, first=block.first, stop=block.stop, column=column, value=value, limit=limit)
    return shard


def same_study(shard: Shard, other: Shard, file: int = 0, other_file: int = 1) -> None:
    """Refuse (a :class:`ShardError`) two shards of different studies: another version of
    referee, another setting (the first that differs is named), or another number of shards."""
    if shard.plan.version != other.plan.version:
        raise ShardError(ShardFault.VERSION, file=file, other=other_file, ours=shard.plan.version, theirs=other.plan.version)
    for field in fields(Plan):
        if getattr(shard.plan, field.name) != getattr(other.plan, field.name):
            raise ShardError(ShardFault.SETTINGS, file=file, other=other_file, setting=field.name)
    if shard.count != other.count:
        raise ShardError(ShardFault.SETTINGS, file=file, other=other_file, setting="shards")


def merge(shards: Sequence[Shard]) -> tuple[Plan, list[Row]]:
    """The whole study's plan and table from its shards, refused (a :class:`ShardError`)
    unless they are shards of one study that together hold each of its blocks once."""
    first = shards[0]
    owner: dict[Block, int] = {}
    for number, shard in enumerate(shards):
        same_study(first, shard, 0, number)
        for tally in shard.tallies:
            if tally.block in owner:
                block = tally.block
                raise ShardError(ShardFault.OVERLAP, file=owner[block], other=number, mode=block.mode, first=block.first, stop=block.stop)
            owner[tally.block] = number
    for index in range(1, first.count + 1):
        left = [block for block in shard_blocks(first.plan, index, first.count) if block not in owner]
        if left:
            missing = sum(block not in owner for shard in range(1, first.count + 1) for block in shard_blocks(first.plan, shard, first.count))
            block = left[0]
            raise ShardError(
                ShardFault.MISSING, mode=block.mode, first=block.first, stop=block.stop, shard=index, shards=first.count, blocks=missing
            )
    return first.plan, rows(first.plan, [tally for shard in shards for tally in shard.tallies])

