"""Realm's table on a given state, for the window's tests: every seat human, animations skipped, the
seat to move looking (the pass-and-play curtain already lifted)."""

from __future__ import annotations

import random
from typing import Any

from game.core.session import GameSession, Seat
from game.realm.adapter import ADAPTER
from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.ui.main import TableScene
from game.shell import testing


def realm_table_at(cfg: Any, st: Any) -> tuple[Any, TableScene]:
    """An app with Realm's table on ``st``, drawn twice; (app, table scene)."""
    sess = GameSession(st.n, [Seat("human") for _ in range(st.n)], seed=1)
    sess.state = st
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    scene.viewer = scene.revealed_for = st.to_move()
    scene.rebuild()
    testing.step(app, 2)
    return app, scene


def narrated_lines(players: int, seed: int) -> list[str]:
    """Every line the log tells of a seeded all-bot game (the fast policy), in order."""
    st = new_game(players, seed=seed)
    st.events = []
    rng = random.Random(seed)
    lines: list[str] = []
    while not st.is_terminal():
        st.apply(fast_policy(st, rng))
        names = ADAPTER.seat_names(st)
        lines += [line for ev in st.events if (line := ADAPTER.narrate(st, ev, names))]
        st.events = []
    return lines
