"""The search processes behind the worker: reuse, progress, cancel, shutdown, crashes, merging, ``workers``.

No timing assertions: every wait has a generous limit that only stops a hung test.
"""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from ai.agents import RandomAgent
from ai.mcts import ISMCTSAgent, Stat, cores, default_workers
from ai.pool import SearchPool, recipe_of, split_iterations
from ai.registry import hooks_path, load_hooks, make_agent
from ai.worker import BotWorker
from tests.ai_toys import (
    GOOFSPIEL_HOOKS,
    BrokenTricks,
    Goofspiel,
    Lottery,
    Tricks,
    rank_descending,
    tricks_fallback,
)
from tests.worker_helpers import WAIT, wait_progress, wait_result

FOREVER = 10**9  # an iteration budget that never runs out


@pytest.fixture
def worker():
    w = BotWorker(name="test-worker")
    yield w
    w.shutdown()


def _gone(pid: int) -> bool:
    """True when ``pid`` no longer exists (ended and reaped: no zombie left)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _decide(w: BotWorker, agent, state, seed: int = 1, **kw):
    w.submit(agent, state, state.to_move(), state.legal_actions(), seed=seed, **kw)
    return wait_result(w)


def test_the_pool_is_started_once_and_reused(worker):
    s = Goofspiel(2, 6, seed=1)
    assert worker.pool is None  # nothing is spawned before a search needs it
    res = _decide(worker, ISMCTSAgent(iterations=60, workers=2), s)
    assert res.error is None and res.iterations == 60
    pids = worker.pool.pids()
    assert len(pids) == 2 and os.getpid() not in pids
    for seed in range(2, 5):
        res = _decide(worker, ISMCTSAgent(iterations=60, workers=2), s, seed=seed)
        assert res.error is None
    assert worker.pool.pids() == pids
    _decide(worker, ISMCTSAgent(iterations=60, workers=1), s)  # fewer workers: the first process only
    assert worker.pool.pids() == pids and worker.pool.restarts == 0


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="Unix niceness")
def test_search_processes_run_below_the_window(worker):
    """The window's process keeps its priority; the search processes yield to it when cores are busy."""
    from ai.pool import SEARCH_NICENESS

    res = _decide(worker, ISMCTSAgent(iterations=30, workers=1), Goofspiel(2, 6, seed=1))
    assert res.error is None
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    for pid in worker.pool.pids():
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(19, mine + SEARCH_NICENESS)


def test_one_worker_in_a_process_decides_as_the_thread_does(worker):
    s = Tricks(3, 3, seed=4)
    seat, legal = s.to_move(), s.legal_actions()
    here = ISMCTSAgent(iterations=150)
    expected = here.decide(s, seat, legal, random.Random(9))
    there = ISMCTSAgent(iterations=150, workers=1)
    res = _decide(worker, there, s, seed=9)
    assert res.action == expected
    assert there.last.visits == here.last.visits


def test_split_iterations_are_reproducible_for_a_seed(worker):
    assert split_iterations(10, 3) == [4, 3, 3] and sum(split_iterations(1001, 7)) == 1001
    s = Goofspiel(3, 6, seed=2)
    runs = []
    for _ in range(2):
        agent = ISMCTSAgent(iterations=301, workers=3)
        res = _decide(worker, agent, s, seed=11)
        assert res.iterations == 301 and sum(agent.last.visits.values()) == 301
        runs.append((res.action, agent.last.visits))
    assert runs[0] == runs[1]


def test_merged_root_statistics_pick_the_clearly_best_move(worker):
    agent = ISMCTSAgent(iterations=900, workers=3, exploration=0.5)
    res = _decide(worker, agent, Lottery(seed=1), seed=3)
    assert res.error is None and res.action == 2
    assert sum(agent.last.visits.values()) == 900
    assert max(agent.last.visits, key=agent.last.visits.get) == 2


def _done(stats, ranked):
    return (ranked[0], sum(n for n, _, _ in stats.values()), False, stats, ranked)


def test_merging_sums_the_searches_and_respects_keep_z():
    ranked = [3, 2, 1]
    # two searches: action 2 is the most visited overall, but hardly better than the prior's first (3)
    a = {3: (40, 20.0, 20.0), 2: (50, 26.0, 26.0), 1: (10, 3.0, 3.0)}
    b = {3: (45, 23.0, 23.0), 2: (48, 25.0, 25.0), 1: (7, 2.0, 2.0)}
    done = {0: _done(a, ranked), 1: _done(b, ranked)}
    plain = ISMCTSAgent(iterations=200, prior=rank_descending, root_k=3)
    res = SearchPool._merge(plain, done, ranked, 1, time.perf_counter(), None)
    assert res.visits == {3: 85, 2: 98, 1: 17} and res.iterations == 200
    assert res.action == 2  # keep_z = 0: the most visited
    keep = ISMCTSAgent(iterations=200, prior=rank_descending, root_k=3, keep_z=1.0)
    assert SearchPool._merge(keep, done, ranked, 1, time.perf_counter(), None).action == 3
    # the same choice a single search makes from the summed table
    table = {}
    for x, (n, w, w2) in {3: (85, 43.0, 43.0), 2: (98, 51.0, 51.0), 1: (17, 5.0, 5.0)}.items():
        st = table[x] = Stat(0)
        st.n, st.w, st.w2 = n, w, w2
    assert keep.choose(ranked, table, random.Random(1)) == 3 and plain.choose(ranked, table, random.Random(1)) == 2


def test_progress_crosses_the_process_boundary_and_cancel_stops_the_search(worker):
    s = Goofspiel(2, 6, seed=1)
    job = worker.submit(ISMCTSAgent(iterations=FOREVER, workers=2), s, 0, s.legal_actions(), seed=1)
    frac, its = wait_progress(worker, job)
    assert 0.0 <= frac < 1.0 and its > 0
    pids = worker.pool.pids()
    worker.cancel()
    assert not worker.busy() and worker.poll() is None
    # the processes take the next job only once the cancelled search has stopped
    nxt = worker.submit(ISMCTSAgent(iterations=40, workers=2), s, 0, s.legal_actions(), seed=2)
    res = wait_result(worker)
    assert res.job_id == nxt and res.error is None and res.iterations == 40
    assert worker.pool.pids() == pids


def test_a_superseded_search_never_delivers(worker):
    s = Goofspiel(2, 6, seed=1)
    old = worker.submit(ISMCTSAgent(iterations=FOREVER, workers=2), s, 0, s.legal_actions(), seed=1)
    wait_progress(worker, old)
    new = worker.submit(ISMCTSAgent(iterations=30, workers=2), s, 0, s.legal_actions(), seed=1)
    res = wait_result(worker)
    assert res.job_id == new and res.iterations == 30
    assert worker.poll() is None


def test_shutdown_ends_the_processes_even_mid_search():
    w = BotWorker(name="test-shutdown")
    s = Goofspiel(2, 6, seed=1)
    job = w.submit(ISMCTSAgent(iterations=FOREVER, workers=2), s, 0, s.legal_actions(), seed=1)
    wait_progress(w, job)
    procs = w.pool.processes()
    pids = [p.pid for p in procs]
    assert len(pids) == 2
    w.shutdown()
    assert not w.alive()
    assert all(p.exitcode is not None for p in procs)
    assert all(_gone(pid) for pid in pids)  # joined, so no zombies either
    with pytest.raises(RuntimeError):
        w.submit(ISMCTSAgent(iterations=10), s, 0, s.legal_actions())


def test_a_killed_search_process_falls_back_and_the_pool_recovers(worker):
    s = Tricks(2, 3, seed=1)
    legal = s.legal_actions()
    job = worker.submit(ISMCTSAgent(iterations=FOREVER, workers=2), s, s.to_move(), legal, seed=1,
                        fallback=tricks_fallback)
    wait_progress(worker, job)
    victim = worker.pool.pids()[1]
    os.kill(victim, signal.SIGKILL)
    res = wait_result(worker)
    assert res.job_id == job
    assert res.error is not None and "ended unexpectedly" in res.error and "\n" not in res.error
    assert res.action == tricks_fallback(s, s.to_move(), legal)
    # the next decision replaces the dead process and searches normally
    res = _decide(worker, ISMCTSAgent(iterations=50, workers=2), s, seed=2, fallback=tricks_fallback)
    assert res.error is None and res.iterations == 50
    pids = worker.pool.pids()
    assert len(pids) == 2 and victim not in pids and worker.pool.restarts == 1
    assert _gone(victim)


def test_an_error_inside_the_search_falls_back_and_the_process_lives_on(worker):
    s = BrokenTricks(2, 3, seed=1)
    legal = s.legal_actions()
    res = _decide(worker, ISMCTSAgent(iterations=50, workers=1), s, fallback=tricks_fallback)
    assert res.error == "SearchError: RuntimeError: broken determinize"
    assert "broken determinize" in res.detail and "in the search process" in res.detail
    assert res.action == tricks_fallback(s, s.to_move(), legal)
    pids = worker.pool.pids()
    res = _decide(worker, ISMCTSAgent(iterations=50, workers=1), Tricks(2, 3, seed=1))
    assert res.error is None and worker.pool.pids() == pids


def test_agents_that_cannot_travel_think_in_the_thread(worker):
    s = Goofspiel(2, 6, seed=1)
    closure = ISMCTSAgent(iterations=30, rollout=lambda st, rng: st.legal_actions()[0])
    assert recipe_of(closure) is None
    res = _decide(worker, closure, s)
    assert res.error is None and res.iterations == 30 and worker.pool is None
    off = BotWorker(name="test-thread-only", processes=False)
    try:
        res = _decide(off, ISMCTSAgent(iterations=30), s)
        assert res.error is None and off.pool is None
    finally:
        off.shutdown()


def test_a_registry_agent_is_rebuilt_from_its_hooks_path(worker):
    assert hooks_path(GOOFSPIEL_HOOKS) == "tests.ai_toys:GOOFSPIEL_HOOKS"
    assert load_hooks("tests.ai_toys:TRICKS_HOOKS").path == "tests.ai_toys:TRICKS_HOOKS"
    assert hooks_path(None) == ""
    agent = make_agent("mcts:iterations=80,rollout=greedy,workers=2", None, GOOFSPIEL_HOOKS)
    assert agent.recipe == ("tests.ai_toys:GOOFSPIEL_HOOKS", {"iterations": 80, "rollout": "greedy", "workers": 2})
    res = _decide(worker, agent, Goofspiel(2, 6, seed=3))
    assert res.error is None and res.iterations == 80


@pytest.mark.parametrize("spec, message", [
    ("mcts:workers=-1", "bot 'mcts:workers=-1': workers must be a whole number from 0 to 64"),
    ("mcts:workers=1.5", "bot 'mcts:workers=1.5': workers must be a whole number (got 1.5)"),
    ("mcts:workers=many", "bot 'mcts:workers=many': workers must be a whole number (got 'many')"),
    ("mcts:workers=65", "bot 'mcts:workers=65': workers must be a whole number from 0 to 64"),
    ("fast", "bot 'fast': workers must be a whole number from 0 to 64, 0 = all cores but one (got -2)"),
])
def test_bad_workers_are_one_line_errors(spec, message):
    presets = {"fast": {"kind": "mcts", "seconds": 0.1, "workers": -2}}
    with pytest.raises(ValueError) as info:
        make_agent(spec, presets)
    text = str(info.value)
    assert text.startswith(message) and "\n" not in text


def test_workers_default_to_all_cores_but_one():
    assert 1 <= cores() <= (os.cpu_count() or 1) and default_workers() == max(1, cores() - 1)
    assert make_agent("mcts:seconds=0.1").workers == 0  # 0 = the default, resolved per machine
    assert make_agent("mcts:seconds=0.1,workers=3").workers == 3
    with pytest.raises(ValueError, match="workers"):
        ISMCTSAgent(workers=True)


def test_a_realm_state_travels_without_its_content_tables(worker):
    """The one game-specific check here: Realm's State pickles small and the hard bot searches in a process."""
    import pickle

    from ai.bench import mid_game
    from game.realm.hooks import HOOKS, fallback_move
    from game.realm.hooks import make_agent as realm_agent

    s = mid_game(HOOKS, 4, 1)
    data = pickle.dumps(s, pickle.HIGHEST_PROTOCOL)
    assert len(data) < 8000  # the content tables alone pickle to ~28 kB
    back = pickle.loads(data)
    assert back.c is s.c and back.legal_actions() == s.legal_actions() and back.view(0) == s.view(0)
    agent = realm_agent("hard:iterations=40,workers=2")
    res = _decide(worker, agent, s, seed=5, fallback=fallback_move)
    assert res.error is None and res.iterations == 40 and res.action in s.legal_actions()


_ORPHAN = """
import sys, time
from ai.mcts import ISMCTSAgent
from ai.worker import BotWorker
from tests.ai_toys import Goofspiel
w = BotWorker()
s = Goofspiel(2, 6, seed=1)
job = w.submit(ISMCTSAgent(iterations=10**9, workers=2), s, 0, s.legal_actions(), seed=1)
end = time.time() + 60
while w.progress(job)[1] == 0 and time.time() < end:
    time.sleep(0.01)
print(*w.pool.pids(), flush=True)
time.sleep(600)
"""


def _ended(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] == "Z"  # a zombie has ended (its reaper is init)
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
def test_search_processes_end_when_the_window_is_killed():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-c", _ORPHAN], cwd=root, env=env, stdout=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()  # once the search runs (the script gives up after 60 s)
        pids = [int(x) for x in line.split()]
        assert len(pids) == 2
    finally:
        proc.kill()
        proc.wait(WAIT)
    end = time.monotonic() + WAIT
    while not all(_ended(pid) for pid in pids):
        assert time.monotonic() < end, "search processes outlived their window"
        time.sleep(0.02)


def test_prepare_starts_the_processes_before_the_first_decision(worker):
    agent = ISMCTSAgent(iterations=40, workers=2)
    worker.prepare(agent)
    worker.prepare(RandomAgent())  # nothing to prepare
    end = time.monotonic() + WAIT
    while worker.pool is None or len(worker.pool.pids()) < 2:
        assert time.monotonic() < end, "prepare started no processes"
        time.sleep(0.01)
    pids = worker.pool.pids()
    res = _decide(worker, agent, Goofspiel(2, 6, seed=1))
    assert res.error is None and worker.pool.pids() == pids


def test_the_search_bench_runs_on_a_toy():
    """Structure only (``python -m ai.bench`` is for measuring, never asserted)."""
    from ai.bench import bench_frames, bench_search

    specs = ["mcts:iterations=30,workers=1", "mcts:iterations=30,workers=2"]
    rows = bench_search("tests.ai_toys:GOOFSPIEL_HOOKS", specs, players=2, positions=2, rounds=1, steps=2)
    assert [(r["spec"], r["mode"]) for r in rows] == [("mcts:iterations=30,workers=1", "thread"),
                                                      ("mcts:iterations=30,workers=1", "process"),
                                                      ("mcts:iterations=30,workers=2", "process")]
    assert all(r["median_iterations"] == 30 and r["pickle_bytes"] > 0 for r in rows)
    frames = bench_frames("tests.ai_toys:GOOFSPIEL_HOOKS", "mcts:iterations=30,workers=1", players=2, frames=5,
                          rounds=1, steps=2)
    assert [f["mode"] for f in frames] == ["thread", "process"] and all(f["frames"] == 5 for f in frames)
