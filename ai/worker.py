"""Run a bot's decision off the caller's thread; results come back through a queue.

The window polls :meth:`BotWorker.poll` every frame. One job runs at a time;
submitting a new job supersedes (cancels) the one before. ``cancel()`` sets the
running agent's cancel event (an MCTS agent stops within one iteration or 32
rollout steps); a cancelled or superseded job's result is never delivered.
An exception inside a bot never reaches the caller: the result carries the
error text and the move of ``fallback(state, seat, legal)`` (the game's rule
move) or else a random legal action.

An ISMCTS agent's search runs in the worker's :class:`ai.pool.SearchPool` of
processes (started at the first such decision, reused, ended by :meth:`shutdown`),
``agent.workers`` of them side by side, so the search neither shares the window's
GIL nor leaves cores idle; this thread only forwards progress and cancel and
merges the answers. A search process that dies costs that decision (the fallback
move is played) and is replaced at the next one. Other agents (and an ISMCTS agent
that cannot be sent to a process, or ``BotWorker(processes=False)``) think in this
thread, as before.
"""

from __future__ import annotations

import contextlib
import queue
import random
import sys
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .pool import SearchPool, recipe_of, workers_of
from .protocol import Action, GameState

Fallback = Callable[[GameState, int, Sequence[Action]], Action]


@dataclass
class WorkerResult:
    job_id: int
    action: Action
    error: str | None  # one line, e.g. "ZeroDivisionError: division by zero"; None when the bot succeeded
    elapsed: float  # seconds the decision took
    iterations: int  # search iterations reported by the agent (0 for agents that do not search)
    detail: str = ""  # the full traceback of an error, for logs


@dataclass
class _Job:
    job_id: int
    agent: Any
    state: GameState  # the agent's own copy
    spare: GameState | None  # an untouched copy for the fallback
    seat: int
    legal: list[Action]
    seed: int
    fallback: Fallback | None
    cancel: threading.Event


class BotWorker:
    """One daemon thread running one decision at a time."""

    def __init__(self, name: str = "bot-worker", switch_interval: float | None = None,
                 processes: bool = True) -> None:
        """``switch_interval``: if given, ``sys.setswitchinterval`` while this worker lives (restored
        by :meth:`shutdown`). A thinking bot holds the GIL for up to the interval (CPython default
        5 ms) before a woken frame loop gets it; 0.001 keeps a 16 ms frame within ~1 ms (docs/ai.md).
        ``processes``: search ISMCTS decisions in the process pool (else in this thread)."""
        self._old_switch: float | None = None
        if switch_interval is not None:
            self._old_switch = sys.getswitchinterval()
            sys.setswitchinterval(switch_interval)
        self._jobs: queue.Queue[_Job | tuple | None] = queue.Queue()
        self._results: queue.Queue[WorkerResult] = queue.Queue()
        self._lock = threading.Lock()
        self._current = 0  # the job whose result poll() may deliver; 0 = none
        self._cancel: threading.Event | None = None
        self._next_id = 0
        self._progress: dict[int, tuple[float, int]] = {}
        self._closed = False
        self._pending = 0  # jobs submitted and not yet finished or skipped by the thread
        self._use_pool = processes
        self._pool: SearchPool | None = None
        self._pool_name = name + "-search"
        self.searched_in_processes = 0  # decisions the search processes answered
        self.fell_back = 0  # decisions that failed and played the fallback move
        self._thread = threading.Thread(target=self._loop, name=name, daemon=True)
        self._thread.start()

    # ---------------------------------------------------------------- caller side
    def submit(self, agent: Any, state: GameState, seat: int, legal: Sequence[Action], seed: int = 0,
               fallback: Fallback | None = None) -> int:
        """Start a decision on a copy of ``state``; returns its job id. Supersedes the current job."""
        if self._closed:
            raise RuntimeError("BotWorker: submit after shutdown")
        legal = list(legal)
        if not legal:
            raise ValueError(f"BotWorker: no legal actions for seat {seat}")
        mine = state.copy()
        spare = state.copy()
        event = threading.Event()
        with self._lock:
            if self._cancel is not None:
                self._cancel.set()
            self._next_id += 1
            job_id = self._next_id
            self._progress = {job_id: (0.0, 0)}
            self._current = job_id
            self._cancel = event
            self._pending += 1
        self._jobs.put(_Job(job_id, agent, mine, spare, seat, legal, seed, fallback, event))
        return job_id

    def prepare(self, agent: Any) -> None:
        """Start the search processes ``agent`` will use and build it there, in the background, so that
        its first decision does not pay for that (a window may call this when a game with it starts)."""
        if self._closed or not self._use_pool:
            return
        recipe = recipe_of(agent)
        if recipe is not None:
            self._jobs.put(("prepare", recipe, workers_of(agent)))

    def poll(self) -> WorkerResult | None:
        """The result of the current job once it is done, else None (stale results are dropped)."""
        while True:
            try:
                res = self._results.get_nowait()
            except queue.Empty:
                return None
            with self._lock:
                if res.job_id == self._current:
                    self._current = 0
                    self._cancel = None
                    return res

    def progress(self, job_id: int) -> tuple[float, int]:
        """``(fraction of the budget done, iterations)`` of a job; (0, 0) for an unknown one."""
        return self._progress.get(job_id, (0.0, 0))

    def busy(self) -> bool:
        """True while a submitted job's result has not been polled (and it was not cancelled)."""
        return self._current != 0

    def cancel(self) -> None:
        """Stop the current job; its result will never be delivered."""
        with self._lock:
            if self._cancel is not None:
                self._cancel.set()
            self._cancel = None
            self._current = 0

    def shutdown(self, timeout: float = 2.0) -> None:
        """Cancel, stop the thread and wait for it (up to ``timeout`` seconds)."""
        self.cancel()
        if not self._closed:
            self._closed = True
            self._jobs.put(None)
        self._thread.join(timeout)
        with self._lock:
            pool = self._pool
        if pool is not None:
            pool.shutdown()
        if self._old_switch is not None:
            sys.setswitchinterval(self._old_switch)
            self._old_switch = None

    @property
    def pool(self) -> SearchPool | None:
        """The search processes (None until the first decision that uses them)."""
        return self._pool

    def alive(self) -> bool:
        return self._thread.is_alive()

    def running(self) -> bool:
        """True while the thread is inside a job, even a cancelled one that is still stopping."""
        return self._pending > 0

    def __enter__(self) -> BotWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    # ---------------------------------------------------------------- worker side
    def _loop(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            if isinstance(job, tuple):  # ("prepare", recipe, workers)
                with contextlib.suppress(Exception):  # a failure shows at the decision itself
                    pool = self._get_pool()
                    if pool is not None:
                        pool.warm(job[1], job[2])
                continue
            if not job.cancel.is_set():  # else superseded or cancelled before it started
                try:
                    res = self._run(job)
                except BaseException as exc:  # noqa: BLE001 - the thread must survive anything
                    res = WorkerResult(job.job_id, job.legal[0], f"{type(exc).__name__}: {exc}", 0.0, 0)
                if not job.cancel.is_set():
                    self._results.put(res)
            with self._lock:
                self._pending -= 1

    def _run(self, job: _Job) -> WorkerResult:
        t0 = time.perf_counter()
        rng = random.Random(job.seed)
        progress = self._progress
        jid = job.job_id
        seen = [0]

        def report(fraction: float, iterations: int) -> None:
            seen[0] = iterations
            if self._current == jid:
                progress[jid] = (fraction, iterations)

        err: str | None = None
        detail = ""
        try:
            recipe = recipe_of(job.agent) if self._use_pool and len(job.legal) > 1 else None
            if recipe is not None:
                pool = self._get_pool()
                if pool is None:
                    raise RuntimeError("BotWorker: shut down")
                pool.last_detail = ""
                res = pool.search(job.agent, job.state, job.seat, job.legal, job.seed, progress=report,
                                  cancel=job.cancel, recipe=recipe)
                job.agent.last = res
                action = res.action
                if action in job.legal:
                    self.searched_in_processes += 1
            else:
                action = job.agent.decide(job.state, job.seat, job.legal, rng, progress=report, cancel=job.cancel)
            if action not in job.legal:
                raise ValueError(f"bot {getattr(job.agent, 'name', '?')} chose an illegal action {action!r}")
        except Exception as exc:  # noqa: BLE001 - a bot must never take the window down
            err = f"{type(exc).__name__}: {exc}".splitlines()[0]
            detail = traceback.format_exc()
            if self._pool is not None and self._pool.last_detail:
                detail += "\nin the search process:\n" + self._pool.last_detail
            action = self._fallback(job, rng)
            self.fell_back += 1
        last = getattr(job.agent, "last", None)
        iterations = max(seen[0], int(getattr(last, "iterations", 0) or 0)) if err is None else seen[0]
        return WorkerResult(jid, action, err, time.perf_counter() - t0, iterations, detail)

    def _get_pool(self) -> SearchPool | None:
        with self._lock:
            if self._closed:
                return None
            if self._pool is None:
                self._pool = SearchPool(self._pool_name)
            return self._pool

    @staticmethod
    def _fallback(job: _Job, rng: random.Random) -> Action:
        if job.fallback is not None and job.spare is not None:
            try:
                a = job.fallback(job.spare, job.seat, list(job.legal))
                if a in job.legal:
                    return a
            except Exception:  # noqa: BLE001
                pass
        return job.legal[rng.randrange(len(job.legal))]
