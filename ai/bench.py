"""Benchmarks of the bots package (no game knowledge): the frame loop beside a thinking bot."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from .protocol import Action, GameState
from .stats import percentile
from .worker import BotWorker


def measure_frame_loop(agent: Any, state: GameState, seat: int, legal: Sequence[Action], frames: int = 120,
                       frame_s: float = 0.016) -> dict[str, Any]:
    """Simulate a window's 16 ms frame loop polling the worker while ``agent`` decides.

    Each frame polls the worker and then sleeps what is left of its 16 ms; the
    loop period is what a window would see. The agent is resubmitted whenever it
    finishes, so it thinks for the whole measurement.
    """
    worker = BotWorker()
    periods: list[float] = []
    iterations = 0
    try:
        job = worker.submit(agent, state.copy(), seat, legal, seed=1)
        last = time.perf_counter()
        for _ in range(frames):
            res = worker.poll()
            if res is not None:
                iterations += res.iterations
                job = worker.submit(agent, state.copy(), seat, legal, seed=res.job_id)
            _ = job
            busy_until = last + frame_s
            now = time.perf_counter()
            if busy_until > now:
                time.sleep(busy_until - now)
            now = time.perf_counter()
            periods.append(now - last)
            last = now
    finally:
        worker.shutdown()
    ms = [p * 1000 for p in periods]
    return {"frames": len(ms), "median_ms": percentile(ms, 0.5), "p95_ms": percentile(ms, 0.95),
            "iterations": iterations}
