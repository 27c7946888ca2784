"""Event presentations (reckoning summary, end-of-age scoring), move previews and resource motion."""

from __future__ import annotations

import random
import time

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.realm.engine import new_game
from game.realm.ui.main import TableScene
from game.realm.ui.overlays import AgeScoringScene, ReckoningCollector, ReckoningScene
from game.realm.ui.table import TableRenderer, UIHints
from game.realm.ui.words import card_name
from game.shell import testing


@pytest.fixture()
def cfg(cfg):
    """The shared configuration with animations on: these tests watch them."""
    cfg.ui["skip_animations"] = False
    cfg.ui["reveal_hold"] = 0.0  # a card selection previewed and confirmed, not held face down (test_undo_ui.py)
    return cfg


def _random_game_events(players: int, seed: int) -> tuple:
    s = new_game(players, seed=seed)
    s.events = []
    rng = random.Random(seed)
    reports = []
    col = ReckoningCollector(s.c)
    while not s.is_terminal():
        before = len(s.events)
        rk = s.rk
        s.apply(rng.choice(s.legal_actions()))
        for ev in s.events[before:]:
            d = ev.data if hasattr(ev, "data") else ev
            r = col.feed(d)
            if r is not None:
                reports.append((r, rk))
    return s, reports


@pytest.mark.parametrize("players", [2, 3, 5])
def test_reckoning_reports_match_the_engine(players: int) -> None:
    s, reports = _random_game_events(players, 40 + players)
    assert len(reports) >= 6  # several reckonings an age, and each final one
    for rep, _ in reports:
        seats = [p for p in rep.order if p >= 0]
        assert sorted(seats) == list(range(players))  # everyone bid, in one order
        assert (-2 in rep.order) == (players == 2)  # the 2-player table bids too
        bids = [rep.table_bid if p == -2 else rep.bids[p] for p in rep.order]
        assert bids == sorted(bids, reverse=True)  # revealed highest first
        assert set(rep.rows) == set(rep.order)  # everyone took a row
        assert len(set(rep.rows.values())) == len(rep.rows)
        for p, paid in rep.paid.items():
            assert rep.bids[p] > 0 and paid
        assert rep.reward


def test_age_scoring_counts_every_monument_onto_the_track(cfg) -> None:
    app = testing.make_app()
    s = new_game(3, seed=9)
    r = TableRenderer(s.c)
    view = s.view(0)
    gains = [[0, 3, -2, 0], [5, 0, 4, 8]]
    before = [10, 0, 7]
    scene = AgeScoringScene(r, view, UIHints(), 1, gains, before)
    app.push(scene)
    testing.step(app, 2)
    assert testing.was_drawn(app, "End of age 1: the monuments score")
    assert scene.marker_score == before and not scene.done
    testing.step(app, 240)  # 4 s: every monument counted and every token arrived
    assert scene.done
    assert scene.marker_score == [13, 2, 15]
    xs = [m.pos[0] for m in scene.markers]
    assert xs[1] < xs[0] < xs[2]  # the markers stand in score order on the track
    assert testing.was_drawn(app, "15 VP (+8)") and testing.was_drawn(app, "Continue")
    testing.key(app, pygame.K_RETURN)
    testing.step(app, 1)
    assert app.stack.top is not scene
    assert not [t for t in app.motion.tokens if t in scene.markers]


def test_a_key_skips_the_counting_to_the_end(cfg) -> None:
    app = testing.make_app()
    s = new_game(2, seed=3)
    scene = AgeScoringScene(TableRenderer(s.c), s.view(0), UIHints(), 2, [[3, 4, 1], [8, 0, 6]], [20, 25])
    app.push(scene)
    testing.step(app, 1)
    testing.key(app, pygame.K_SPACE)
    assert scene.done and scene.marker_score == [24, 32]
    assert app.stack.top is scene  # the first key only skips; Continue closes


def test_human_game_shows_reckonings_and_waits(cfg) -> None:
    """A reckoning in a game with a human waits for Continue and pauses the table below it."""
    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "normal"), Seat("bot", "normal")], seed=21)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(1)
    t0 = time.time()
    while time.time() - t0 < 120:  # the bots think in the worker thread, in real time
        testing.step(app, 1)
        time.sleep(0.001)
        top = app.stack.top
        if isinstance(top, ReckoningScene):
            n_actions = len(sess.actions)
            testing.step(app, 30)
            assert app.stack.top is top and len(sess.actions) == n_actions  # nothing moves meanwhile
            assert testing.was_drawn(app, "Reckoning in ") and testing.was_drawn(app, "row taken")
            testing.click(app, top.button.rect.center)
            testing.step(app, 1)
            assert app.stack.top is scene
            return
        if top is scene and sess.human_to_move():
            legal = sess.state.legal_actions()
            scene.submit(legal[rng.randrange(len(legal))])
    raise AssertionError("no reckoning came")


def test_a_move_is_previewed_then_confirmed_or_cancelled(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("human"), Seat("bot", "normal"), Seat("bot", "normal")], seed=4)
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 3)
    assert sess.state.decision_name() == "select" and sess.to_move() == 0
    c = sess.content
    a = sess.state.legal_actions()[0]
    card = c.cards[a[1]].id
    spot = next(h for h in scene.hotspots if (h.kind, h.value) == ("card", card))
    testing.click(app, spot.rect.center)
    testing.step(app, 1)
    assert scene.pending == a and not sess.actions  # previewed, not played
    assert testing.was_drawn(app, f"Play {card_name(c, a[1])}?") and testing.was_drawn(app, "Confirm")
    testing.key(app, pygame.K_ESCAPE)  # cancels the preview (not the leave-game dialog)
    assert scene.pending is None and app.stack.top is scene
    testing.click(app, spot.rect.center)
    testing.key(app, pygame.K_RETURN)
    assert sess.actions and sess.actions[0]["seat"] == 0


def test_resources_fly_between_supply_boards_and_regions(cfg) -> None:
    app = testing.make_app()
    sess = GameSession(4, [Seat("bot", "normal")] * 4, seed=8)
    scene = TableScene(cfg, sess)
    app.push(scene)
    seen: set[str] = set()
    t0 = time.time()
    while time.time() - t0 < 120:
        before = len(app.motion.tokens)
        testing.step(app, 1)
        time.sleep(0.001)
        if isinstance(app.stack.top, (ReckoningScene, AgeScoringScene)):
            app.stack.top.close()
        if len(app.motion.tokens) > before:
            kinds = {ev.data["type"] for ev in sess.events[-8:]}
            seen |= kinds & {"coins", "place", "warden", "mercs", "pay"}
        if {"coins", "place", "warden"} <= seen:
            break
    assert {"coins", "place", "warden"} <= seen
    assert testing.was_drawn(app, "Supply")


def test_window_bench_runs(cfg) -> None:
    from game.core.games import get_game
    from game.shell.bench import measure_window

    testing.use_dummy_drivers()
    r = measure_window(cfg, get_game("realm"), seconds=1.5, seed=2)
    assert r["all"]["frames"] > 10 and r["all"]["median_ms"] > 0
