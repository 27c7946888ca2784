"""Run independent jobs (whole games) in spawned processes, results in submission order.

Tournaments and the ladder use this instead of ``multiprocessing.Pool``. Pool's
``terminate()``, which its ``with`` block calls when a job raises, can deadlock: a
worker waiting for its next task holds the task queue's read lock, which terminate
waits for. A stress run of the tournament test with a bot that raises (100 runs of
two games in two processes) hung within a minute on CPython 3.11, as CI did.
``concurrent.futures`` cancels the jobs not started and waits only for the running ones.
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import TypeVar

A = TypeVar("A")
R = TypeVar("R")


def results_in_order(job: Callable[[A], R], jobs_args: Sequence[A], processes: int) -> Iterator[R]:
    """Yield ``job(a)`` for each ``a`` of ``jobs_args`` in order, computed in up to ``processes`` processes.

    ``job`` must be a module-level function (it is pickled by name). The first job that
    raises ends the iteration with its exception; jobs not yet started are cancelled.
    """
    executor = ProcessPoolExecutor(max_workers=max(1, min(processes, len(jobs_args))),
                                   mp_context=mp.get_context("spawn"))
    futures: list[Future[R]] = []
    try:
        futures = [executor.submit(job, a) for a in jobs_args]
        for future in futures:
            yield future.result()
    finally:
        for future in futures:
            future.cancel()
        executor.shutdown(wait=True, cancel_futures=True)
