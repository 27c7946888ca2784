"""Seeded positions of each Realm decision, for the hint's tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from game.realm.engine.state import new_game


def position(decision: str, players: int = 3, pick: Callable[[Any, tuple], bool] | None = None,
             seeds: range = range(40)) -> tuple[Any, tuple]:
    """The first position of ``decision`` in a seeded game of random legal moves (one with a legal move ``pick``
    likes, where given), and that move (else the middle legal move)."""
    for seed in seeds:
        st = new_game(players, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.decision_name() == decision:
                chosen = [a for a in legal if pick(st, a)] if pick else legal
                if chosen:
                    return st, chosen[len(chosen) // 2]
            st.apply(rng.choice(legal))
    raise LookupError(decision)
