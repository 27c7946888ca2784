"""Waiting on a bot worker in tests: a result or some progress, within a safety limit (never a timing
assertion: the limit is generous, since spawning search processes is slow on a loaded machine)."""

from __future__ import annotations

import time

from ai.worker import BotWorker

WAIT = 60.0


def wait_result(w: BotWorker, timeout: float = WAIT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        res = w.poll()
        if res is not None:
            return res
        time.sleep(0.002)
    raise AssertionError("no result from the worker")


def wait_progress(w: BotWorker, job: int, timeout: float = WAIT) -> tuple[float, int]:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        frac, its = w.progress(job)
        if its > 0:
            return frac, its
        time.sleep(0.002)
    raise AssertionError("no progress reported")
