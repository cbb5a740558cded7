"""Work spread over processes: the searches are pure Python, so a second core needs a
second process."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


def spread(function: Callable[[Item], Result], items: Sequence[Item], jobs: int, chunksize: int = 1) -> list[Result]:
    """``function`` of each item, in order, on up to ``jobs`` forked processes (one: in
    this process). Where processes cannot be forked (a system without ``fork``, a sandbox
    without semaphores), all in this process: slower, the same answer."""
    jobs = min(jobs, len(items))
    if jobs > 1:
        import multiprocessing

        try:
            pool = multiprocessing.get_context("fork").Pool(jobs)
        except (OSError, ValueError):
            pool = None
        if pool is not None:
            with pool:
                return pool.map(function, items, chunksize)
    return [function(item) for item in items]
