"""Benchmarks of the bots package (no game knowledge): the frame loop beside a thinking bot,
and search throughput in the worker's thread against its search processes.

``python -m ai.bench --hooks game.realm.hooks:HOOKS --presets game.core.session:presets_of`` runs both
on mid-game positions of the game the hooks name (see :func:`main`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pickle
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from .mcts import cores, default_workers
from .protocol import Action, GameState
from .registry import load_hooks, make_agent
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


# ------------------------------------------------------------------ search in processes
def mid_game(hooks: Any, players: int, seed: int, steps: int = 60) -> GameState:
    """A position ``steps`` random actions into a game, at a decision with a choice (a game that
    ended sooner is dealt again with another seed and half the steps)."""
    s = hooks.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    while not s.is_terminal() and len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    if s.is_terminal() and steps > 1:
        return mid_game(hooks, players, seed + 7919, steps // 2)
    return s


def _decide(w: BotWorker, agent: Any, s: GameState, seed: int) -> Any:
    w.submit(agent, s, s.to_move(), s.legal_actions(), seed=seed)
    while (res := w.poll()) is None:
        time.sleep(0.001)
    if res.error:
        raise RuntimeError(f"{agent.name}: {res.error}")
    return res


def bench_search(hooks_path: str, specs: Sequence[str], presets: dict[str, Any] | None = None, players: int = 4,
                 positions: int = 5, seed: int = 1, rounds: int = 2, steps: int = 60) -> list[dict[str, Any]]:
    """Iterations per decision of each spec, searched in the worker's thread (``thread``) and in its
    search processes (``process``), interleaved, on ``positions`` mid-game positions, ``rounds`` times.
    Also the IPC cost: the pickled state's size and the time to pickle it. One row per (spec, mode)."""
    hooks = load_hooks(hooks_path)
    states = [mid_game(hooks, players, seed + k, steps) for k in range(positions)]
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    thread = BotWorker(name="bench-thread", processes=False)
    proc = BotWorker(name="bench-process")
    try:
        agents = {spec: make_agent(spec, presets, hooks) for spec in specs}
        warm = []
        for agent in agents.values():  # every process started and warm (imports, agent built) before measuring
            t0 = time.perf_counter()
            _decide(proc, agent, states[0], 0)
            warm.append(time.perf_counter() - t0 - getattr(agent, "seconds", 0.0))
        stop = BotWorker(name="bench-stop")
        _decide(stop, agents[specs[-1]], states[0], 0)
        t1 = time.perf_counter()
        stop.shutdown()
        shutdown_s = time.perf_counter() - t1
        for r in range(rounds):
            for spec, agent in agents.items():
                for mode, w in (("thread", thread), ("process", proc)):
                    if mode == "thread" and (agent.workers or default_workers()) > 1:
                        continue  # the thread runs one search whatever the workers
                    row = rows.setdefault((spec, mode), {"spec": spec, "mode": mode, "iterations": [],
                                                         "elapsed": []})
                    for k, s in enumerate(states):
                        res = _decide(w, agent, s, seed=1000 * r + k)
                        row["iterations"].append(res.iterations)
                        row["elapsed"].append(res.elapsed)
        if proc.pool is not None:
            for row in rows.values():
                row["processes"] = len(proc.pool.pids())
    finally:
        thread.shutdown()
        proc.shutdown()
    sizes, times = [], []
    for s in states:
        for _ in range(20):
            t0 = time.perf_counter()
            data = pickle.dumps(s, pickle.HIGHEST_PROTOCOL)
            times.append(time.perf_counter() - t0)
        sizes.append(len(data))
    out = []
    for row in rows.values():
        row["median_iterations"] = statistics.median(row["iterations"])
        row["median_elapsed"] = statistics.median(row["elapsed"])
        row["pickle_bytes"] = statistics.median(sizes)
        row["pickle_us"] = statistics.median(times) * 1e6
        row["first_decision_overhead_s"] = warm[0]
        row["shutdown_s"] = shutdown_s
        out.append(row)
    return out


def bench_frames(hooks_path: str, spec: str, presets: dict[str, Any] | None = None, players: int = 4,
                 seed: int = 1, frames: int = 250, rounds: int = 2,
                 switch_interval: float = 0.001, steps: int = 60) -> list[dict[str, Any]]:
    """:func:`measure_frame_loop` beside ``spec`` searching in the worker's thread and in its search
    processes, alternating, ``rounds`` times (the window's 1 ms switch interval by default)."""
    hooks = load_hooks(hooks_path)
    s = mid_game(hooks, players, seed, steps)
    agent = make_agent(spec, presets, hooks)
    out = []
    for r in range(rounds):
        for mode in ("thread", "process"):
            w = BotWorker(name=f"bench-{mode}", processes=mode == "process")
            try:
                if mode == "process":
                    _decide(w, agent, s, 0)  # the pool is running before the first frame
                stats = measure_frame_loop(agent, s, s.to_move(), s.legal_actions(), frames=frames, worker=w,
                                           switch_interval=switch_interval)
            finally:
                w.shutdown()
            out.append({"mode": mode, "round": r, **stats})
    return out


def _load_presets(path: str | None) -> dict[str, Any] | None:
    if not path:
        return None
    mod, _, attr = path.partition(":")
    obj = getattr(importlib.import_module(mod), attr or "PRESETS")
    return obj(None) if callable(obj) else dict(obj)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ai.bench --hooks MODULE:ATTR [--presets MODULE:FUNC] [--section search|frames|all]``."""
    ap = argparse.ArgumentParser(prog="python -m ai.bench", description=main.__doc__)
    ap.add_argument("--hooks", required=True, help="the game's hooks, e.g. game.realm.hooks:HOOKS")
    ap.add_argument("--presets",
                    help="a dict or a function(None) returning the presets, e.g. game.core.session:presets_of")
    ap.add_argument("--section", choices=("search", "frames", "all"), default="all")
    ap.add_argument("--specs", default="hard;hard:workers=0;expert:workers=1;expert",
                    help="bot specs separated by ';'")
    ap.add_argument("--frames-spec", default="hard")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--positions", type=int, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--frames", type=int, default=250)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    presets = _load_presets(a.presets)
    specs = [x.strip() for x in a.specs.split(";") if x.strip()]
    print(f"{cores()} cores; workers=0 means {default_workers()} process(es) here; "
          f"load average {os.getloadavg()[0]:.1f}")
    if a.section in ("search", "all"):
        rows = bench_search(a.hooks, specs, presets, a.players, a.positions, a.seed, a.rounds)
        print(f"Iterations per decision, {a.players} players, {a.positions} mid-game positions x {a.rounds} "
              f"(median; elapsed = submit to result)")
        for row in rows:
            print(f"  {row['spec']:<22} {row['mode']:<8} {row['median_iterations']:>8.0f} iterations  "
                  f"{row['median_elapsed']:.3f} s")
        row = rows[0]
        print(f"  state pickled per decision: {row['pickle_bytes']:.0f} bytes, {row['pickle_us']:.0f} us; "
              f"the first decision's extra time (starting the processes): {row['first_decision_overhead_s']:.2f} s; "
              f"shutdown of a warm pool: {row['shutdown_s'] * 1000:.0f} ms")
    if a.section in ("frames", "all"):
        print(f"Frame loop beside a thinking {a.frames_spec} bot (16 ms frames, {a.frames} frames, "
              f"switch interval 1 ms):")
        for st in bench_frames(a.hooks, a.frames_spec, presets, a.players, a.seed, a.frames, a.rounds):
            print(f"  {st['mode']:<8} median {st['median_ms']:.1f} ms  p95 {st['p95_ms']:.1f} ms  "
                  f"max {st['max_ms']:.1f} ms  {st['iterations']} iterations in {st['decisions']} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
