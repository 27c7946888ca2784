"""Benchmarks of the bots package (no game knowledge): the frame loop beside a thinking bot."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from typing import Any

from .protocol import Action, GameState
from .stats import percentile
from .worker import BotWorker


def measure_frame_loop(agent: Any, state: GameState, seat: int, legal: Sequence[Action], frames: int = 120,
                       frame_s: float = 0.016, *, work_s: float = 0.0, worker: BotWorker | None = None,
                       switch_interval: float | None = None) -> dict[str, Any]:
    """Simulate a window's frame loop polling the worker while ``agent`` decides.

    Each frame does ``work_s`` of busy work (standing in for drawing), polls the
    worker and sleeps what is left of its ``frame_s``; the loop period is what a
    window would see. The agent is resubmitted whenever it finishes, so it thinks
    for the whole measurement. ``switch_interval`` temporarily replaces
    ``sys.setswitchinterval`` (how long a busy thread may hold the GIL while
    another one waits; CPython's default is 5 ms). Returns milliseconds:
    ``median_ms``, ``p95_ms``, ``max_ms``, plus ``frames``, ``decisions`` and ``iterations``.
    """
    own = worker is None
    w = worker or BotWorker(name="bench-worker")
    old_switch = sys.getswitchinterval()
    if switch_interval is not None:
        sys.setswitchinterval(switch_interval)
    periods: list[float] = []
    iterations = 0
    decisions = 0
    try:
        w.submit(agent, state, seat, legal, seed=1)
        last = time.perf_counter()
        for _ in range(frames):
            start = time.perf_counter()
            while time.perf_counter() - start < work_s:
                pass
            res = w.poll()
            if res is not None:
                decisions += 1
                iterations += res.iterations
                w.submit(agent, state, seat, legal, seed=res.job_id + 1)
            now = time.perf_counter()
            wait = last + frame_s - now
            if wait > 0:
                time.sleep(wait)
            now = time.perf_counter()
            periods.append(now - last)
            last = now
        w.cancel()
    finally:
        sys.setswitchinterval(old_switch)
        if own:
            w.shutdown()
    ms = [p * 1000.0 for p in periods]
    return {"frames": len(ms), "median_ms": percentile(ms, 0.5), "p95_ms": percentile(ms, 0.95),
            "max_ms": max(ms) if ms else float("nan"), "decisions": decisions, "iterations": iterations,
            "switch_interval_ms": (switch_interval if switch_interval is not None else old_switch) * 1000.0}
