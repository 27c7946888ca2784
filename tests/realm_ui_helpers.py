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


def realm_table_at(cfg: Any, st: Any, window_size: tuple[int, int] | None = None) -> tuple[Any, TableScene]:
    """An app with Realm's table on ``st`` (in a window of ``window_size``, default the logical size), drawn
    twice; (app, table scene)."""
    sess = GameSession(st.n, [Seat("human") for _ in range(st.n)], seed=1)
    sess.state = st
    app = testing.make_app(window_size=window_size, skip_animations=True)
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


def late_state(players: int, seed: int, steps: int) -> Any:
    """A seeded game ``steps`` moves on, played by the fast rollout policy (or its end, if sooner)."""
    st = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply(fast_policy(st, rng))
    return st
