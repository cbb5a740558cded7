"""Work spread over processes (the Smitten hint and study): the same answer in the same
order however many processes, and in this process where none can be forked."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest

from referee.errors import InputError
from referee.processes import as_finished, cores, jobs_option, spread


def square_and_process(number: int) -> tuple[int, int]:
    return number * number, os.getpid()


def test_spread_gives_each_result_in_the_order_of_the_items_on_several_processes():
    found = spread(square_and_process, range(12), jobs=2)
    assert [square for square, _ in found] == [number * number for number in range(12)]
    assert os.getpid() not in {pid for _, pid in found}


def test_spread_on_one_process_works_here():
    found = spread(square_and_process, [3, 1, 2], jobs=1)
    assert found == [(9, os.getpid()), (1, os.getpid()), (4, os.getpid())]


def test_where_no_process_can_be_forked_spread_does_the_work_here(monkeypatch):
    def refuse(method: str) -> None:
        raise OSError(38, "Function not implemented")  # a sandbox without semaphores

    monkeypatch.setattr(multiprocessing, "get_context", refuse)
    assert spread(square_and_process, [4, 5], jobs=2) == [(16, os.getpid()), (25, os.getpid())]


def interrupt_handler(_: int) -> bool:
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_the_workers_leave_ctrl_c_to_the_parent_which_stops_them():
    assert spread(interrupt_handler, [0, 1], jobs=2) == [True, True]
    assert signal.getsignal(signal.SIGINT) is not signal.SIG_IGN  # this process still hears it


def test_every_core_means_the_cores_this_process_may_use():
    assert 1 <= cores() <= (os.cpu_count() or 1)
    if hasattr(os, "sched_getaffinity"):
        assert cores() == len(os.sched_getaffinity(0))
    assert jobs_option(0) == cores() and jobs_option(3) == 3


def test_a_negative_number_of_processes_is_refused():
    with pytest.raises(InputError, match="--jobs takes a number of processes, or 0 for every core; not -2"):
        jobs_option(-2)


def test_as_finished_gives_every_result_once_as_it_comes_on_several_processes():
    found = list(as_finished(square_and_process, range(12), jobs=2))
    assert sorted(square for square, _ in found) == [number * number for number in range(12)]
    assert os.getpid() not in {pid for _, pid in found}


def test_as_finished_on_one_process_or_none_to_be_had_works_here_in_order(monkeypatch):
    assert list(as_finished(square_and_process, [3, 1], jobs=1)) == [(9, os.getpid()), (1, os.getpid())]

    def refuse(method: str) -> None:
        raise OSError(38, "Function not implemented")

    monkeypatch.setattr(multiprocessing, "get_context", refuse)
    assert list(as_finished(square_and_process, [2], jobs=2)) == [(4, os.getpid())]


def test_stopping_as_finished_early_stops_its_workers():
    results = as_finished(square_and_process, range(40), jobs=2)
    next(results)
    results.close()  # as Ctrl-C does: the pool is terminated, nothing is left running
    assert not multiprocessing.active_children()
