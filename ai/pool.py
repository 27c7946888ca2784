"""Root-parallel ISMCTS in a small pool of search processes (off the window's GIL).

:class:`SearchPool` starts its processes once (``spawn``, so it works the same in a
PyInstaller build, where ``multiprocessing.freeze_support()`` is called first) and
reuses them for every decision. A decision with ``workers = k`` sends each of the
first ``k`` processes the same root: the agent's *recipe* (hooks path and spec
parameters, or the pickled agent when it has no hooks), the pickled state, the
seat, the legal actions and the seed. Each process rebuilds the agent once
(cached), ranks the root with ``Random(seed)`` (so every process searches the same
candidates), and runs an independent search: process 0 continues that rng, exactly
as a single in-thread search would; process ``i > 0`` uses ``Random(seed * 1_000_003
+ 7919 * i)``. A time budget gives each the full ``seconds``; an iteration budget is
split (``iterations // k``, the first ``iterations % k`` one more), so results stay
reproducible for a seed and a ``k``. The root statistics (visits, reward sum and sum
of squares per action) are summed and the agent's own :meth:`ISMCTSAgent.choose`
picks the move, so ``keep_z`` and the prior work exactly as in one search.

Cancel: a shared integer holds the id of the job the processes may work on; the
parent sets it to 0 and each search sees that within one iteration (or 32 rollout
steps). Progress: each process sends ``("progress", job, index, fraction,
iterations)`` about every 20 ms. A process that dies (or a search that errs) raises
:class:`SearchError` in :meth:`SearchPool.search`; a dead process is replaced at the
next decision. A process whose parent is gone ends at its next pipe read or write.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import os
import pickle
import random
import signal
import threading
import time
import traceback
from collections.abc import Sequence
from multiprocessing.connection import wait
from typing import Any

from .mcts import ISMCTSAgent, SearchResult, Stat, default_workers
from .protocol import Action, GameState, Progress

_PICKLE = pickle.HIGHEST_PROTOCOL
SEARCH_NICENESS = 5  # search processes run a little below the window (Unix only)
GRACE_S = 30.0  # a time-budget search that has not answered this long after its budget counts as hung


class SearchError(RuntimeError):
    """A search process failed or died; the message is one line."""


def worker_seed(seed: int, index: int) -> int:
    """The search rng seed of process ``index`` (> 0) for a decision seeded ``seed``."""
    return (seed * 1_000_003 + 7919 * index) & ((1 << 62) - 1)


def split_iterations(iterations: int, k: int) -> list[int]:
    """``iterations`` split over ``k`` searches, deterministically (the first ones get the remainder)."""
    return [iterations // k + (1 if i < iterations % k else 0) for i in range(k)]


def recipe_of(agent: Any) -> bytes | None:
    """How a search process builds ``agent`` (pickled), or None when it cannot be sent."""
    if not isinstance(agent, ISMCTSAgent):
        return None
    if agent.recipe is not None and agent.recipe[0]:
        return pickle.dumps(("spec", agent.recipe[0], agent.recipe[1], agent.name), _PICKLE)
    try:
        return pickle.dumps(("agent", agent), _PICKLE)
    except Exception:  # noqa: BLE001 - a lambda or closure inside: search in the thread instead
        return None


def workers_of(agent: Any) -> int:
    n = int(getattr(agent, "workers", 0) or 0)
    return n if n > 0 else default_workers()


# ------------------------------------------------------------------------ the child
class _Flag:
    """``cancel`` for a search in a process: set once the shared job id is no longer ours."""

    __slots__ = ("shared", "job")

    def __init__(self, shared: Any, job: int) -> None:
        self.shared = shared
        self.job = job

    def is_set(self) -> bool:
        return self.shared.value != self.job


def _agent(cache: dict[bytes, ISMCTSAgent], recipe: bytes) -> ISMCTSAgent:
    agent = cache.get(recipe)
    if agent is None:
        how = pickle.loads(recipe)
        if how[0] == "spec":
            from .registry import build_mcts

            agent = build_mcts(how[1], how[2], how[3])
        else:
            agent = how[1]
        cache[recipe] = agent
    return agent


def _child_main(conn: Any, shared: Any, index: int) -> None:
    """A search process: answer ``("search", ...)`` messages until ``None`` or the pipe closes."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(SEARCH_NICENESS)  # the window's frames come first when the cores are all busy
    agents: dict[bytes, ISMCTSAgent] = {}
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        if msg[0] == "warm":
            with contextlib.suppress(Exception):  # a bad recipe fails again, and is reported, at the search
                _agent(agents, msg[1])
            continue
        _, job, recipe, state_bytes, seat, legal, seed, seconds, share = msg
        try:
            agent = _agent(agents, recipe)
            state: GameState = pickle.loads(state_bytes)
            cancel = _Flag(shared, job)
            if cancel.is_set():
                conn.send(("done", job, index, None))
                continue
            last = [0.0]

            def report(fraction: float, iterations: int, job: int = job, last: list[float] = last) -> None:
                now = time.perf_counter()
                if now - last[0] >= 0.02 or fraction >= 1.0:
                    last[0] = now
                    conn.send(("progress", job, index, fraction, iterations))

            agent.seconds, agent.iterations = seconds, share  # the parent agent's budget, this process's share
            prng = random.Random(seed)
            cands = agent.root_candidates(state, seat, legal, prng)
            rng = prng if index == 0 else random.Random(worker_seed(seed, index))
            res = agent.search(state, seat, legal, rng, progress=report, cancel=cancel, candidates=cands)
            conn.send(("done", job, index, (res.action, res.iterations, res.cancelled, res.stats, res.ranked)))
        except (BrokenPipeError, EOFError):
            return
        except Exception as exc:  # noqa: BLE001 - reported to the parent, the process lives on
            line = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
            try:
                conn.send(("error", job, index, line, traceback.format_exc()))
            except (BrokenPipeError, OSError):
                return


# ------------------------------------------------------------------------ the parent
class _Proc:
    __slots__ = ("proc", "conn")

    def __init__(self, proc: Any, conn: Any) -> None:
        self.proc = proc
        self.conn = conn


class SearchPool:
    """Search processes started once and reused; one decision at a time (from one thread)."""

    def __init__(self, name: str = "bot-search") -> None:
        self._ctx = mp.get_context("spawn")
        self._name = name
        self._shared = self._ctx.RawValue("q", 0)  # the job the processes may work on; 0 = none
        self._procs: list[_Proc | None] = []
        self._lock = threading.Lock()
        self._job = 0
        self._closed = False
        self.restarts = 0  # processes replaced after one died
        self.last_detail = ""  # traceback of the last error raised in a process

    # ------------------------------------------------------------- lifecycle
    def pids(self) -> list[int]:
        """The pids of the live processes, in pool order."""
        return [p.proc.pid for p in self._procs if p is not None and p.proc.is_alive()]

    def processes(self) -> list[Any]:
        return [p.proc for p in self._procs if p is not None]

    def size(self) -> int:
        return len(self._procs)

    def ensure(self, k: int) -> None:
        """At least ``k`` live processes (starting or replacing them as needed)."""
        with self._lock:
            if self._closed:
                raise SearchError("the search pool is shut down")
            while len(self._procs) < k:
                self._procs.append(None)
            for i in range(k):
                p = self._procs[i]
                if p is not None and p.proc.is_alive():
                    continue
                if p is not None:
                    self._reap(p)
                    self.restarts += 1
                self._procs[i] = self._start(i)

    def _start(self, i: int) -> _Proc:
        parent, child = self._ctx.Pipe(duplex=True)
        proc = self._ctx.Process(target=_child_main, args=(child, self._shared, i), name=f"{self._name}-{i}",
                                 daemon=True)
        proc.start()
        child.close()
        return _Proc(proc, parent)

    @staticmethod
    def _reap(p: _Proc, timeout: float = 0.5) -> None:
        proc = p.proc
        proc.join(timeout if proc.exitcode is None else 0)
        if proc.exitcode is None:
            proc.terminate()
            proc.join(timeout)
        if proc.exitcode is None:  # pragma: no cover - SIGTERM ignored
            proc.kill()
            proc.join(timeout)
        with contextlib.suppress(OSError):
            p.conn.close()

    def shutdown(self, timeout: float = 1.0) -> None:
        """Stop every process: ask politely, then terminate (and kill) what is left; reaps them all."""
        with self._lock:
            self._closed = True
            self._shared.value = 0
            procs = [p for p in self._procs if p is not None]
            self._procs = []
        for p in procs:
            with contextlib.suppress(OSError, ValueError):
                p.conn.send(None)
        end = time.monotonic() + timeout
        for p in procs:
            p.proc.join(max(0.0, end - time.monotonic()))
        for p in procs:
            self._reap(p, 0.5)

    def warm(self, recipe: bytes, k: int) -> None:
        """Start ``k`` processes and have each build the agent of ``recipe`` now (no answer is awaited)."""
        self.ensure(k)
        with self._lock:
            procs = [p for p in self._procs[:k] if p is not None]
        for p in procs:
            with contextlib.suppress(OSError, ValueError):
                p.conn.send(("warm", recipe))

    def __enter__(self) -> SearchPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.shutdown()

    # ------------------------------------------------------------- one decision
    def search(self, agent: ISMCTSAgent, state: GameState, seat: int, legal: Sequence[Action], seed: int, *,
               progress: Progress | None = None, cancel: threading.Event | None = None,
               workers: int | None = None, recipe: bytes | None = None) -> SearchResult:
        """Search ``agent``'s decision in ``workers`` processes (default: the agent's) and merge.

        Raises :class:`SearchError` when a process fails or dies (the caller plays its fallback)
        and ``ValueError`` when the agent cannot be sent to a process."""
        t0 = time.perf_counter()
        legal = list(legal)
        recipe = recipe if recipe is not None else recipe_of(agent)
        if recipe is None:
            raise ValueError(f"bot {agent.name!r} cannot be sent to a search process")
        k = workers if workers is not None else workers_of(agent)
        shares = split_iterations(agent.iterations, k) if agent.iterations > 0 else [0] * k
        if agent.iterations > 0:
            shares = [s for s in shares if s > 0] or [0]  # fewer iterations than processes
        k = len(shares)
        self.ensure(k)
        state_bytes = pickle.dumps(state, _PICKLE)
        with self._lock:
            self._job += 1
            job = self._job
            self._shared.value = job
            procs = [p for p in self._procs[:k] if p is not None]
        try:
            for i, p in enumerate(procs):
                p.conn.send(("search", job, recipe, state_bytes, seat, legal, seed, agent.seconds, shares[i]))
        except (OSError, ValueError) as exc:
            self._shared.value = 0
            raise SearchError(f"a search process is gone ({type(exc).__name__})") from None
        fracs = [0.0] * k
        iters = [0] * k
        done: dict[int, Any] = {}
        conns = {p.conn: i for i, p in enumerate(procs)}
        sentinels = {p.proc.sentinel: i for i, p in enumerate(procs)}
        hung_at = t0 + agent.seconds + GRACE_S if agent.iterations <= 0 else None
        try:
            while len(done) < k:
                if cancel is not None and cancel.is_set():
                    self._shared.value = 0  # the processes drop it; their late messages are ignored
                    return SearchResult(legal[0], sum(iters), time.perf_counter() - t0, {}, cancelled=True)
                if hung_at is not None and time.perf_counter() > hung_at:
                    for i, p in enumerate(procs):
                        if i not in done:
                            p.proc.kill()
                    raise SearchError(f"a search process did not answer within {agent.seconds + GRACE_S:g} s")
                ready = wait([c for c, i in conns.items() if i not in done]
                             + [x for x, i in sentinels.items() if i not in done], timeout=0.02)
                for obj in ready:
                    if obj in conns:
                        i = conns[obj]
                        try:
                            msg = obj.recv()
                        except (EOFError, OSError):
                            raise SearchError(self._death(procs[i], i)) from None
                        if msg[1] != job:
                            continue  # a late message of an earlier (cancelled) job
                        if msg[0] == "progress":
                            fracs[i], iters[i] = msg[3], msg[4]
                            if progress is not None:
                                progress(min(fracs), sum(iters))
                        elif msg[0] == "done":
                            done[i] = msg[3]
                        elif msg[0] == "error":
                            self.last_detail = msg[4]
                            raise SearchError(msg[3])
                    else:
                        i = sentinels[obj]
                        if i not in done:
                            # the process ended: read what it sent before, else it died mid-search
                            p = procs[i]
                            while i not in done and p.conn.poll():
                                try:
                                    msg = p.conn.recv()
                                except (EOFError, OSError):
                                    break
                                if msg[1] == job and msg[0] == "done":
                                    done[i] = msg[3]
                            if i not in done:
                                raise SearchError(self._death(p, i))
        except BaseException:
            self._shared.value = 0
            raise
        return self._merge(agent, done, legal, seed, t0, progress)

    def _death(self, p: _Proc, i: int) -> str:
        p.proc.join(0.5)
        code = p.proc.exitcode
        return f"search process {i} ended unexpectedly (exit code {code})"

    @staticmethod
    def _merge(agent: ISMCTSAgent, done: dict[int, Any], legal: list[Action], seed: int, t0: float,
               progress: Progress | None) -> SearchResult:
        if any(v is None for v in done.values()):
            return SearchResult(legal[0], 0, time.perf_counter() - t0, {}, cancelled=True)
        first = done[0]
        ranked: list[Action] = list(first[4]) or legal
        table: dict[Action, Stat] = {}
        total = 0
        cancelled = False
        for i in sorted(done):
            _action, its, was_cancelled, stats, _ranked = done[i]
            total += its
            cancelled = cancelled or was_cancelled
            for a, (n, w, w2) in stats.items():
                st = table.get(a)
                if st is None:
                    st = table[a] = Stat(-1)
                st.n += n
                st.w += w
                st.w2 += w2
        if table:
            action = agent.choose(ranked, table, random.Random(seed))
        else:
            action = first[0]  # no search was needed (one candidate) or none ran
        visits = {a: table[a].n for a in ranked if a in table}
        values = {a: table[a].mean() for a in ranked if a in table}
        stats = {a: (table[a].n, table[a].w, table[a].w2) for a in ranked if a in table}
        if progress is not None and not cancelled:
            progress(1.0, total)
        return SearchResult(action, total, time.perf_counter() - t0, visits, values, cancelled, None, stats, ranked)
