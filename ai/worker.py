"""Run a bot's decision off the caller's thread; results come back through a queue.

The window polls :meth:`BotWorker.poll` every frame. ``cancel()`` stops the
current job within one search iteration (well under 100 ms); a cancelled
job's result is never delivered. An exception inside a bot never reaches the
caller: the result carries the error text and the ``fallback`` move.
"""

from __future__ import annotations

import queue
import random
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Action, GameState

Fallback = Callable[[GameState, int, Sequence[Action]], Action]


@dataclass
class WorkerResult:
    job_id: int
    action: Action
    error: str | None
    elapsed: float
    iterations: int


@dataclass
class _Job:
    job_id: int
    agent: Any
    state: GameState
    seat: int
    legal: list[Action]
    seed: int
    fallback: Fallback | None


class BotWorker:
    """One daemon thread running one decision at a time."""

    def __init__(self) -> None:
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._results: queue.Queue[WorkerResult] = queue.Queue()
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._current = 0
        self._next_id = 0
        self._progress: dict[int, tuple[float, int]] = {}
        self._thread = threading.Thread(target=self._loop, name="bot-worker", daemon=True)
        self._thread.start()

    def submit(self, agent: Any, state: GameState, seat: int, legal: Sequence[Action], seed: int = 0,
               fallback: Fallback | None = None) -> int:
        with self._lock:
            self._next_id += 1
            job_id = self._next_id
            self._current = job_id
            self._cancel = threading.Event()
            self._progress[job_id] = (0.0, 0)
        self._jobs.put(_Job(job_id, agent, state, seat, list(legal), seed, fallback))
        return job_id

    def poll(self) -> WorkerResult | None:
        """The finished result of the current job, if any (stale results are dropped)."""
        while True:
            try:
                res = self._results.get_nowait()
            except queue.Empty:
                return None
            if res.job_id == self._current:
                return res

    def progress(self, job_id: int) -> tuple[float, int]:
        return self._progress.get(job_id, (0.0, 0))

    def cancel(self) -> None:
        """Stop the current job; its result will never be delivered."""
        with self._lock:
            self._cancel.set()
            self._current = -1

    def busy(self) -> bool:
        return self._current > 0 and self._current in self._progress

    def shutdown(self, timeout: float = 1.0) -> None:
        self.cancel()
        self._jobs.put(None)
        self._thread.join(timeout)

    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                if job.job_id != self._current:
                    continue
                cancel = self._cancel
            t0 = time.perf_counter()
            rng = random.Random(job.seed)
            err = None
            iterations = 0

            def report(frac: float, its: int, jid: int = job.job_id) -> None:
                self._progress[jid] = (frac, its)

            try:
                action = job.agent.decide(job.state, job.seat, job.legal, rng, progress=report, cancel=cancel)
                last = getattr(job.agent, "last", None)
                iterations = getattr(last, "iterations", 0) or 0
                if action not in job.legal:
                    raise ValueError(f"bot {getattr(job.agent, 'name', '?')} chose an illegal action {action!r}")
            except Exception as exc:  # noqa: BLE001 - a bot must never take the window down
                err = f"{exc.__class__.__name__}: {exc}"
                traceback.print_exc()
                try:
                    action = job.fallback(job.state, job.seat, job.legal) if job.fallback else None
                except Exception:  # noqa: BLE001
                    action = None
                if action not in job.legal:
                    action = job.legal[rng.randrange(len(job.legal))]
            self._progress.pop(job.job_id, None)
            if cancel.is_set():
                continue
            self._results.put(WorkerResult(job.job_id, action, err, time.perf_counter() - t0, iterations))
