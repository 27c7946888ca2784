"""Realm of Reckoning's bots: legal play, no peeking, the worker, tournaments and sessions."""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path

import pytest

from ai.mcts import ISMCTSAgent
from ai.tournament import run_tournament
from ai.worker import BotWorker
from game.core.session import GameSession, SaveError, Seat
from game.realm.bots import RuleAgent, fast_policy
from game.realm.engine.state import D_BID, D_SELECT
from game.realm.hooks import HOOKS_PATH, make_agent

from .engine_helpers import play_until


def _mcts(iterations: int = 40) -> ISMCTSAgent:
    return make_agent(f"mcts:iterations={iterations},cutoff=12,prior=rule")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_agents_return_only_legal_actions(players: int) -> None:
    agents = [RuleAgent(), make_agent("easy"), _mcts(8), make_agent("random"), RuleAgent()][:players]
    for g in range(2):
        from game.realm.engine import new_game

        s = new_game(players, seed=500 + g + players)
        rng = random.Random(g)
        while not s.is_terminal():
            seat = s.to_move()
            legal = s.legal_actions()
            a = agents[(seat + g) % players].decide(s, seat, legal, random.Random(rng.getrandbits(32)))
            assert a in legal
            s.apply(a)


@pytest.mark.parametrize("decision", [D_SELECT, D_BID])
def test_no_peeking_same_view_same_choice(decision: int) -> None:
    """Two states that give a seat the same view make its bot choose the same action with the same seed."""
    for k in range(4):
        s = play_until(3 + k % 2, 700 + 13 * k, lambda st, d=decision: st.dec == d and len(st.pending) < st.n)
        seat = s.to_move()
        other = s.determinize(seat, random.Random(99 + k))  # another world this seat cannot tell apart
        assert other.view(seat) == s.view(seat)
        legal = s.legal_actions()
        assert other.legal_actions() == legal
        for agent in (RuleAgent(), _mcts(60)):
            a = agent.decide(s, seat, legal, random.Random(5))
            b = agent.decide(other, seat, legal, random.Random(5))
            assert a == b, (agent.name, s.decision_name())


def test_one_legal_action_costs_no_search() -> None:
    s = play_until(3, 40, lambda st: len(st.legal_actions()) == 1 and not st.is_terminal())
    agent = make_agent("mcts:seconds=5")
    t0 = time.perf_counter()
    agent.decide(s, s.to_move(), s.legal_actions(), random.Random(1))
    assert agent.last.iterations == 0
    assert time.perf_counter() - t0 < 5  # no search happened (the budget was 5 s)


def test_worker_cancel_and_stale_results() -> None:
    s = play_until(4, 41, lambda st: st.dec == D_SELECT and st.round == 2)
    w = BotWorker()
    try:
        job = w.submit(make_agent("mcts:seconds=20,cutoff=12"), s.copy(), s.to_move(), s.legal_actions(), seed=1)
        deadline = time.time() + 60  # a safety limit only: the first search starts the search process
        while w.progress(job)[1] == 0 and time.time() < deadline:
            time.sleep(0.01)
        assert w.progress(job)[1] > 0  # progress is reported
        t0 = time.perf_counter()
        w.cancel()
        while w.busy() and time.perf_counter() - t0 < 30:  # a safety limit: the 20 s search must not run out
            time.sleep(0.005)
        assert not w.busy()  # cancelled long before its 20 s budget
        time.sleep(0.05)
        assert w.poll() is None  # the cancelled job's result never arrives
        job2 = w.submit(RuleAgent(), s.copy(), s.to_move(), s.legal_actions(), seed=2)
        res = None
        deadline = time.time() + 10
        while res is None and time.time() < deadline:
            res = w.poll()
            time.sleep(0.005)
        assert res is not None and res.job_id == job2 and res.action in s.legal_actions()
    finally:
        w.shutdown()


class _Broken:
    name = "broken"

    def decide(self, *a: object, **k: object) -> object:
        raise RuntimeError("boom")


def test_worker_survives_a_failing_bot_with_the_rule_move(capsys: pytest.CaptureFixture[str]) -> None:
    from game.realm.hooks import fallback_move

    s = play_until(3, 42, lambda st: st.dec == D_SELECT)
    w = BotWorker()
    try:
        w.submit(_Broken(), s.copy(), s.to_move(), s.legal_actions(), seed=3, fallback=fallback_move)
        res = None
        deadline = time.time() + 10
        while res is None and time.time() < deadline:
            res = w.poll()
            time.sleep(0.005)
        assert res is not None and "boom" in res.error
        assert res.action == fallback_move(s, s.to_move(), s.legal_actions())
        assert threading.main_thread().is_alive()
    finally:
        w.shutdown()


def test_short_tournament_end_to_end() -> None:
    rep = run_tournament(HOOKS_PATH, 2, ["rule", "random"], games=4, seed=9, jobs=1)
    assert [r["games"] for r in rep.rows] == [4, 4]
    assert sum(r["wins"] for r in rep.rows) == 4
    assert "faction" in rep.groups and sum(int(v["games"]) for v in rep.groups["faction"].values()) == 8
    data = json.loads(rep.to_json())
    assert data["bots"] == ["rule", "random"]
    rep2 = run_tournament(HOOKS_PATH, 2, ["rule", "random"], games=4, seed=9, jobs=2)
    assert rep2.rows == rep.rows  # the same games in parallel processes


def test_fast_policy_is_legal() -> None:
    from game.realm.engine import new_game

    s = new_game(4, seed=3)
    rng = random.Random(0)
    while not s.is_terminal():
        a = fast_policy(s, rng)
        assert s.is_legal(a)
        s.apply(a)


def _reference_fast_policy(state, rng: random.Random) -> tuple:
    """The fast policy as first written, with ``randrange`` over ``legal_actions()``."""
    from game.realm.engine.state import D_PAY

    if state.dec == D_BID:
        mx = state.bid_limit(state.actor)
        return ("bid", rng.randrange(mx // 2 + 1) if mx else 0)
    acts = state.legal_actions()
    if state.dec == D_PAY or len(acts) == 1:
        return acts[0]
    return acts[rng.randrange(len(acts))]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_policy_draws_as_randrange_over_the_legal_actions(players: int) -> None:
    # it reads the decision's actions directly and writes randrange out: the same action and the
    # same random numbers used as the plain version at every step of seeded games
    from game.realm.engine import new_game

    for seed in range(4):
        s = new_game(players, seed=seed)
        a_rng, b_rng = random.Random(seed), random.Random(seed)
        while not s.is_terminal():
            a = fast_policy(s, a_rng)
            assert a == _reference_fast_policy(s, b_rng) and a_rng.getstate() == b_rng.getstate()
            s.apply(a)


# ----------------------------------------------------------------- sessions
def test_session_plays_bots_only_and_saves(tmp_path: Path) -> None:
    sess = GameSession(3, [Seat("bot", "normal"), Seat("bot", "easy"), Seat("bot", "random")], seed=21)
    half = 0
    while not sess.state.is_terminal():
        sess.tick()
        half += 1
        if half == 120:
            sess.save(tmp_path / "mid.json")
    assert sess.events and any(e.data["type"] == "game_over" for e in sess.events)
    loaded = GameSession.load(tmp_path / "mid.json")
    assert len(loaded.actions) == 120  # every recorded action replays
    while not loaded.state.is_terminal():
        loaded.tick()
    assert loaded.state.score == sess.state.score  # same seeds, same bots, same game


def test_bad_saves_give_one_line(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text("{broken")
    with pytest.raises(SaveError, match="not valid JSON"):
        GameSession.load(p)
    p.write_text(json.dumps({"format": "something-else"}))
    with pytest.raises(SaveError, match="not a game record"):
        GameSession.load(p)
    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], seed=4)
    sess.record.add(sess.to_move(), {"type": "select", "card": "NOPE"})
    sess.save(p)
    with pytest.raises(SaveError, match=r"x\.json:2"):
        GameSession.load(p)
    with pytest.raises(SaveError, match="cannot read"):
        GameSession.load(tmp_path / "missing.json")
