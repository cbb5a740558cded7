"""Work spread over a Dask cluster: the optional extra ``referee[cluster]`` (Dask
distributed), for a study too big for one machine.

``scheduler`` is a Dask scheduler's address (``tcp://HOST:8786``: start one with
``dask scheduler`` and workers with ``dask worker tcp://HOST:8786``, each with this very
version of referee installed), or ``local`` for a cluster of local worker processes
started here. Every worker is asked its version of referee before any work is sent, and
each piece of work carries the client's version too (a worker joining later is checked
by the work itself). Dask's default transport is plain, unauthenticated TCP: anyone who
can reach the scheduler can run code on the workers, so use it on a trusted network only.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

from referee.errors import InputError
from referee.i18n import _

Item = TypeVar("Item")
Result = TypeVar("Result")

#: How long to wait for a scheduler to answer, and for its first worker.
CONNECT_SECONDS = 20


def referee_version() -> str:
    """On a worker: the version of referee it runs."""
    import referee

    return referee.__version__


def as_finished_on(scheduler: str, function: Callable[[Item], Result], items: Sequence[Item], jobs: int) -> Generator[Result, None, None]:
    """``function`` of each item on the Dask cluster at ``scheduler`` (or ``local``: one
    started here with ``jobs`` single-threaded worker processes), each result as soon as
    it is ready. Stopping early (Ctrl-C) cancels the work left and closes the connection."""
    try:
        import distributed  # deferred: distributed costs start-up
    except ImportError:
        raise InputError(_("--scheduler needs Dask distributed, the optional extra: pip install 'referee[cluster]'")) from None
    dask: Any = distributed  # (its functions are not annotated)
    cluster: Any = None
    try:
        if scheduler == "local":
            cluster = local_cluster(dask, jobs)
        client: Any = dask.Client(cluster if cluster is not None else scheduler, timeout=CONNECT_SECONDS)
    except (OSError, ValueError, TypeError) as error:  # unreachable (TimeoutError is an OSError), or not an address
        if cluster is not None:
            cluster.close()
        raise InputError(_("cannot reach the Dask scheduler {address}: {error}").format(address=scheduler, error=error)) from None
    futures: list[Any] = []
    try:
        check_versions(client, scheduler)
        futures = client.map(function, items, pure=False)
        for future in dask.as_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()
        if cluster is not None:
            cluster.close()


def local_cluster(dask: Any, jobs: int) -> Any:
    """A cluster of ``jobs`` single-threaded worker processes on this machine (listening
    on loopback only). Its processes ignore Ctrl-C, which the terminal sends to all of
    them: this process stops the work and closes the cluster, without a trace from each."""
    import logging
    import signal

    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the processes started now
    try:
        return dask.LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)
    finally:
        signal.signal(signal.SIGINT, previous)


def check_versions(client: Any, scheduler: str) -> None:
    """Refuse workers that run another version of referee (or none): their counts could differ."""
    ours = referee_version()
    try:
        client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        theirs = client.run(referee_version)
    except Exception as error:  # a worker without referee cannot even be asked
        raise InputError(_("the Dask workers of {address} cannot run referee {version}: {error}").format(address=scheduler, version=ours, error=error)) from None
    others = sorted(f"{worker} ({version})" for worker, version in theirs.items() if version != ours)
    if others:
        raise InputError(
            _("these Dask workers run another version of referee than {version}: {workers}; install the same on every worker").format(
                version=ours, workers=", ".join(others)
            )
        )
