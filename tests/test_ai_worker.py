"""The bot worker thread: results, progress, cancellation, stale results, errors; the frame-loop bench."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from ai.agents import RandomAgent
from ai.bench import measure_frame_loop
from ai.mcts import ISMCTSAgent
from ai.worker import BotWorker
from tests.ai_toys import Goofspiel, Tricks
from tests.worker_helpers import WAIT, wait_progress, wait_result


@pytest.fixture
def worker():
    w = BotWorker()
    yield w
    w.shutdown()


class Boom:
    name = "boom"

    def decide(self, state, seat, legal, rng, **_):
        raise RuntimeError("boom")


class Cheat:
    name = "cheat"

    def decide(self, state, seat, legal, rng, **_):
        return 999


class Vandal:
    """Mutates the state it is given, then answers."""

    name = "vandal"

    def decide(self, state, seat, legal, rng, **_):
        state.score[0] = 1000
        return legal[0]


def test_result_of_a_search(worker):
    s = Goofspiel(2, 6, seed=1)
    job = worker.submit(ISMCTSAgent(iterations=200), s, 0, s.legal_actions(), seed=3)
    res = wait_result(worker)
    assert res.job_id == job and res.error is None
    assert res.action in s.legal_actions()
    assert res.iterations == 200
    assert res.elapsed > 0
    assert worker.progress(job) == (1.0, 200)
    assert not worker.busy()
    # same seed, same decision
    worker.submit(ISMCTSAgent(iterations=200), s, 0, s.legal_actions(), seed=3)
    assert wait_result(worker).action == res.action


def test_progress_is_reported_while_thinking_and_cancel_is_prompt(worker):
    s = Goofspiel(2, 6, seed=1)
    job = worker.submit(ISMCTSAgent(iterations=10**9), s, 0, s.legal_actions(), seed=1)
    frac, its = wait_progress(worker, job)
    assert 0.0 <= frac < 1.0 and its > 0
    assert worker.busy()
    t0 = time.perf_counter()
    worker.cancel()
    # the next job can only run once the cancelled search has stopped
    nxt = worker.submit(RandomAgent(), s, 0, s.legal_actions(), seed=2)
    res = wait_result(worker)
    latency = time.perf_counter() - t0
    assert res.job_id == nxt
    assert latency < 1.0, f"cancelled search took {latency:.3f} s to stop"


def _wait_idle(w: BotWorker, timeout: float = WAIT) -> None:
    end = time.monotonic() + timeout
    while w.running():
        assert time.monotonic() < end, "the worker never went idle"
        time.sleep(0.002)


def test_a_job_cancelled_while_running_never_delivers(worker):
    s = Goofspiel(2, 6, seed=1)
    job = worker.submit(ISMCTSAgent(iterations=10**9), s, 0, s.legal_actions(), seed=1)
    wait_progress(worker, job)
    worker.cancel()
    assert not worker.busy()
    _wait_idle(worker)
    assert worker._results.empty()  # the thread did not even queue it
    assert worker.poll() is None


def test_a_finished_result_cancelled_before_poll_is_dropped(worker):
    s = Goofspiel(2, 6, seed=1)
    worker.submit(RandomAgent(), s, 0, s.legal_actions(), seed=1)
    _wait_idle(worker)
    assert not worker._results.empty()  # done and queued...
    worker.cancel()
    assert worker.poll() is None  # ...but never delivered


def test_a_superseded_jobs_result_is_dropped(worker):
    s = Goofspiel(2, 6, seed=1)
    old = worker.submit(ISMCTSAgent(iterations=10**9), s, 0, s.legal_actions(), seed=1)
    wait_progress(worker, old)
    new = worker.submit(ISMCTSAgent(iterations=50), s, 0, s.legal_actions(), seed=1)
    res = wait_result(worker)
    assert res.job_id == new
    assert worker.poll() is None


def test_an_exception_in_the_bot_becomes_the_fallback_move(worker):
    s = Tricks(2, 3, seed=1)
    legal = s.legal_actions()
    worker.submit(Boom(), s, s.to_move(), legal, seed=1, fallback=lambda st, seat, lg: min(lg))
    res = wait_result(worker)
    assert res.error == "RuntimeError: boom"
    assert res.action == min(legal)
    assert "Traceback" in res.detail


def test_a_failing_fallback_still_gives_a_legal_move(worker):
    s = Tricks(2, 3, seed=1)
    legal = s.legal_actions()

    def bad_fallback(st, seat, lg):
        raise KeyError("nope")

    worker.submit(Boom(), s, s.to_move(), legal, seed=1, fallback=bad_fallback)
    res = wait_result(worker)
    assert res.error == "RuntimeError: boom" and res.action in legal
    worker.submit(Boom(), s, s.to_move(), legal, seed=1)
    assert wait_result(worker).action in legal


def test_an_illegal_answer_is_an_error(worker):
    s = Tricks(2, 3, seed=1)
    worker.submit(Cheat(), s, s.to_move(), s.legal_actions(), seed=1, fallback=lambda st, seat, lg: lg[-1])
    res = wait_result(worker)
    assert "illegal action 999" in res.error
    assert res.action == s.legal_actions()[-1]


def test_the_worker_thinks_on_its_own_copy(worker):
    s = Goofspiel(2, 6, seed=1)
    worker.submit(Vandal(), s, 0, s.legal_actions(), seed=1)
    assert wait_result(worker).error is None
    assert s.score[0] == 0


def test_bad_submissions_and_shutdown():
    w = BotWorker()
    s = Goofspiel(2, 6, seed=1)
    with pytest.raises(ValueError, match="no legal actions"):
        w.submit(RandomAgent(), s, 0, [])
    w.submit(ISMCTSAgent(iterations=10**9), s, 0, s.legal_actions())
    w.shutdown()
    assert not w.alive()
    with pytest.raises(RuntimeError, match="after shutdown"):
        w.submit(RandomAgent(), s, 0, s.legal_actions())


def test_frame_loop_measurement():
    s = Goofspiel(2, 6, seed=1)
    before = sys.getswitchinterval()
    stats = measure_frame_loop(ISMCTSAgent(iterations=300), s, 0, s.legal_actions(), frames=12, frame_s=0.005,
                               switch_interval=0.001)
    assert sys.getswitchinterval() == before
    assert stats["frames"] == 12
    assert stats["median_ms"] <= stats["p95_ms"] <= stats["max_ms"]
    assert stats["switch_interval_ms"] == pytest.approx(1.0)
    assert stats["decisions"] >= 0 and stats["iterations"] == 300 * stats["decisions"]
    assert threading.active_count() >= 1


def test_switch_interval_is_set_while_the_worker_lives_and_restored():
    before = sys.getswitchinterval()
    w = BotWorker(switch_interval=0.001)
    try:
        assert sys.getswitchinterval() == pytest.approx(0.001)
    finally:
        w.shutdown()
    assert sys.getswitchinterval() == before
