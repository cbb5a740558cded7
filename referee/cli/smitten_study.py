"""`smitten study` at the edge: playing a shard's blocks on processes or a Dask cluster,
keeping each finished block in the shard file, the progress bar, Ctrl-C, and the words
of the study's and the shards' refusals."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Generator, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from referee.errors import InputError, Interrupted
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from referee.game import Refusal
    from referee.smitten.shards import Shard
    from referee.smitten.study import Block, Plan, Row, Tally


def show(rows: list[Row], planned: Plan, shard: Shard | None, as_json: bool) -> None:
    """The table (a shard's: of its blocks only), or with ``--json`` its counts and settings."""
    if as_json:
        from referee.cli.output import emit_json
        from referee.smitten.shards import settings_json
        from referee.smitten.solve_report import study_json

        extra = {"settings": settings_json(planned), "shard": None if shard is None else [shard.index, shard.count]}
        emit_json(study_json(rows, planned.hint_samples, planned.prefix, extra))
        return
    from referee.cli.output import write_shown
    from referee.smitten.solve_report import study_lines

    write_shown("".join(line + "\n" for line in study_lines(rows, planned.hint_samples)))


def parse_shard(text: str) -> tuple[int, int]:
    """``--shard I/K``: shard I of K, from 1."""
    index, slash, count = text.partition("/")
    if slash and index.strip().isdigit() and count.strip().isdigit() and 1 <= int(index) <= int(count):
        return int(index), int(count)
    raise InputError(_("--shard takes I/K, shard I of K counted from 1 (e.g. 3/10), not {text}").format(text=repr(text)))


def read_shard_file(path: Path, number: int = 0) -> Shard:
    """A shard file, read (exit 2 with the reason when it cannot be)."""
    from referee.smitten.shards import ShardError, read_shard

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(_("cannot read {path}: {reason}").format(path=path, reason=getattr(error, "strerror", None) or error)) from None
    try:
        return read_shard(text, number)
    except ShardError as error:
        raise InputError(shard_words(error.refusal, [path])) from None


def write_shard_file(path: Path, shard: Shard) -> None:
    """Replace the shard file at once (a temporary file renamed over it): stopped at any
    moment, it holds the blocks it held or one more."""
    from referee.savefile.storage import write_temporary
    from referee.smitten.shards import shard_text

    try:
        temporary = write_temporary(path, shard_text(shard).encode("utf-8"))
        try:
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    except OSError as error:
        raise InputError(_("cannot write {path}: {reason}").format(path=path, reason=error.strerror or error)) from None


def starting_shard(plan: Plan, index: int, count: int, out: Path | None, resume: bool, force: bool = False) -> Shard:
    """The shard to play: a new one, or (``--resume``) the one in ``out`` when it exists,
    which must be this very shard of this very study. An ``out`` that exists is played
    again from the start only with ``force``, and never when it is a save file or what
    referee keeps beside one (:func:`referee.outputs.output_file`)."""
    from referee.outputs import output_file
    from referee.smitten.shards import Shard, ShardError, same_study

    fresh = Shard(plan, index, count)
    if out is None:
        if resume or force:
            raise InputError(_("{option} is about the shard file: give it with --out FILE").format(option="--resume" if resume else "--force"))
        return fresh
    if resume and force:
        raise InputError(_("choose --resume (go on from {path}) or --force (start it again), not both").format(path=out))
    if not out.parent.is_dir():
        raise InputError(_("cannot write {path}: {reason}").format(path=out, reason=_("there is no folder {folder}").format(folder=out.parent)))
    output_file(out, force=True)  # a save file, a folder… never, whatever the options
    if not out.exists():
        return fresh
    if force:
        return fresh
    if not resume:
        raise InputError(_("{path} exists: add --resume to go on from it, --force to start it again, or give another --out").format(path=out))
    kept = read_shard_file(out)
    try:
        same_study(kept, fresh)
    except ShardError as error:
        raise InputError(shard_words(error.refusal, [out, Path(_("this command"))])) from None
    if kept.index != index:
        raise InputError(_("{path} holds shard {kept} of {count}, not {index}").format(path=out, kept=kept.index, count=count, index=index))
    return kept


def play_shard(shard: Shard, out: Path | None, jobs: int, scheduler: str | None, progress: bool) -> Shard:
    """Play the blocks the shard has left, keeping each in ``out`` as soon as it is
    finished. Ctrl-C stops at once; the file keeps every finished block (exit 130, the code of an
    interrupted command, saying so)."""
    from referee.smitten.study import play_block

    left = shard.left()
    tallies = list(shard.tallies)
    work = partial(play_block, shard.plan)
    finished: Generator[Tally, None, None]
    if scheduler is None:
        from referee.processes import as_finished

        finished = as_finished(work, left, jobs)
    else:
        from referee.cluster import as_finished_on

        finished = as_finished_on(scheduler, work, left, jobs)
    deals = sum(block.stop - block.first for block in shard.blocks())
    with bar(progress, deals, deals - sum(block.stop - block.first for block in left)) as advance:
        try:
            for tally in finished:
                tallies.append(tally)
                shard = replace(shard, tallies=tuple(tallies))
                if out is not None:
                    write_shard_file(out, shard)
                advance(tally.block)
        except KeyboardInterrupt:
            finished.close()  # the workers stop, or the cluster's work left is cancelled
            kept = _("{path} keeps them; --resume goes on").format(path=out) if out is not None else _("give --out FILE to keep them")
            raise Interrupted(
                _("interrupted (Ctrl-C, exit 130): {done} of {blocks} blocks finished ({kept})").format(
                    done=len(tallies), blocks=len(shard.blocks()), kept=kept)  # fmt: skip
            ) from None
    return shard


@contextlib.contextmanager
def bar(shown: bool, deals: int, done: int) -> Iterator[Callable[[Block], None]]:
    """A progress bar on stderr (deals done, deals a second, time left) when ``shown``;
    otherwise nothing."""
    if not shown:
        yield lambda block: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.speed
            return Text(_("{rate} deals/s").format(rate=f"{speed:,.0f}") if speed else "", style="progress.data.speed")

    columns: list[ProgressColumn] = [TextColumn(_("deals")), BarColumn(), MofNCompleteColumn(), Rate(), TimeRemainingColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("", total=deals, completed=done)
        yield lambda block: progress.advance(task, block.stop - block.first)


def progress_wanted(as_json: bool) -> bool:
    """The bar is for a person watching: a terminal on stderr, and no `--json`."""
    return not as_json and sys.stderr.isatty()


def shard_words(refusal: Refusal, files: list[Path]) -> str:
    """Why shards cannot be merged or a shard file read (:class:`~referee.smitten.shards.ShardFault`),
    naming the files."""
    from referee.smitten.shards import ShardFault

    fault, params = refusal.rule, dict(refusal.params)

    def file(key: str = "file") -> str:
        number = int(params[key])
        return str(files[number]) if number < len(files) else str(number)

    if fault is ShardFault.UNREADABLE:
        return _("{path} is not a study shard file ({detail})").format(path=file(), detail=params["detail"])
    if fault is ShardFault.NOT_ITS_BLOCK:
        return _("{path} holds deals {first}–{stop} of {mode} twice or that are not its shard's").format(
            path=file(), first=params["first"], stop=params["stop"] - 1, mode=params["mode"])  # fmt: skip
    if fault is ShardFault.IMPOSSIBLE:
        where = {"path": file(), "first": params["first"], "stop": params["stop"] - 1, "mode": params["mode"], "column": params["column"]}
        value = int(params["value"])
        if value < 0:
            return _("{path} cannot be a study shard: deals {first}–{stop} of {mode} count {column} below 0").format(**where)
        shown = str(value) if value < 10**12 else _("a {digits}-digit number").format(digits=len(str(value)))
        return _("{path} cannot be a study shard: deals {first}–{stop} of {mode} count {column} {value}, and can count {limit} at most").format(
            **where, value=shown, limit=params["limit"])  # fmt: skip
    if fault is ShardFault.VERSION:
        return _("{path} and {other} were made by different versions of referee ({ours} and {theirs}): their counts may differ").format(
            path=file(), other=file("other"), ours=params["ours"], theirs=params["theirs"])  # fmt: skip
    if fault is ShardFault.SETTINGS:
        return _("{path} and {other} are shards of different studies: their {setting} differ").format(
            path=file(), other=file("other"), setting=setting_words(params["setting"]))  # fmt: skip
    if fault is ShardFault.OVERLAP:
        return _("deals {first}–{stop} of {mode} are in both {path} and {other}").format(
            first=params["first"], stop=params["stop"] - 1, mode=params["mode"], path=file(), other=file("other"))  # fmt: skip
    missing = ngettext("{count} block missing in all", "{count} blocks missing in all", params["blocks"]).format(count=params["blocks"])
    return _("deals {first}–{stop} of {mode} are in no file (shard {shard} of {shards}; {missing})").format(
        first=params["first"], stop=params["stop"] - 1, mode=params["mode"], shard=params["shard"],
        shards=params["shards"], missing=missing)  # fmt: skip


def setting_words(setting: str) -> str:
    """A setting of a study's :class:`~referee.smitten.study.Plan` (or its number of shards), as
    "their … differ" names it."""
    return {
        "modes": _("modes"),
        "deals": _("deals per mode"),
        "hint_deals": _("hint policy's deals per mode"),
        "hint_samples": _("samples a decision"),
        "prefix": _("seeds"),
        "deal_budget": _("deal budgets"),
        "block": _("block sizes"),
        "hint_block": _("block sizes"),
        "shards": _("numbers of shards"),
    }.get(setting, setting)
