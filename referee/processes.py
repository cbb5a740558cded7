"""Work spread over processes: the searches are pure Python, so a second core needs a
second process."""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, TypeVar

from referee.errors import InputError

if TYPE_CHECKING:
    import multiprocessing.pool

Item = TypeVar("Item")
Result = TypeVar("Result")


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it,
    which ``taskset`` and container limits narrow), at least 1."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def jobs_option(jobs: int) -> int:
    """``--jobs``: a number of processes, or 0 for one on every core."""
    if jobs < 0:
        raise InputError(f"--jobs takes a number of processes, or 0 for every core; not {jobs}")
    return jobs or cores()


def spread(function: Callable[[Item], Result], items: Sequence[Item], jobs: int, chunksize: int = 1) -> list[Result]:
    """``function`` of each item, in order, on up to ``jobs`` forked processes (one: in
    this process). Where processes cannot be forked (a system without ``fork``, a sandbox
    without semaphores), all in this process: slower, the same answer. The workers leave
    Ctrl-C to this process, which stops them (one message, no trace from each worker)."""
    jobs = min(jobs, len(items))
    if jobs > 1:
        import multiprocessing

        try:
            pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_leave_interrupts)
        except (OSError, ValueError):
            pool = None
        if pool is not None:
            with pool:
                return pool.map(function, items, chunksize)
    return [function(item) for item in items]


def as_finished(function: Callable[[Item], Result], items: Sequence[Item], jobs: int) -> Generator[Result, None, None]:
    """``function`` of each item, each result as soon as it is ready (in any order), on up
    to ``jobs`` forked processes (one, or none to be had: in this process, in order).
    The processes are forked at once, before the caller starts any thread (a progress
    bar's), since a thread's locks are copied locked into a forked child. Ctrl-C, or the
    caller stopping early, stops the workers at once; the results already yielded are
    the caller's to keep."""
    jobs = min(jobs, len(items))
    pool = None
    if jobs > 1:
        import multiprocessing

        try:
            pool = multiprocessing.get_context("fork").Pool(jobs, initializer=_leave_interrupts)
        except (OSError, ValueError):
            pool = None
    return _results(pool, function, items)


def _results(pool: multiprocessing.pool.Pool | None, function: Callable[[Item], Result], items: Sequence[Item]) -> Generator[Result, None, None]:
    if pool is None:
        yield from map(function, items)
        return
    with pool:  # leaving it terminates the workers
        yield from pool.imap_unordered(function, items)


def _leave_interrupts() -> None:
    """In a worker: Ctrl-C, which the terminal sends to every process of the command,
    is for the parent to handle."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
