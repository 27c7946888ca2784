"""Helpers shared by the engine tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.realm.engine import State, new_game
from game.realm.engine.state import _SLOTS


def play_until(players: int, seed: int, pred: Callable[[State], bool], max_games: int = 200) -> State:
    """Play random games from ``seed`` on until a state satisfies ``pred``."""
    for g in range(max_games):
        s = new_game(players, seed=seed + g)
        rng = random.Random(seed + g)
        while not s.is_terminal():
            if pred(s):
                return s
            acts = s.legal_actions()
            s.apply(rng.choice(acts))
        if pred(s):
            return s
    raise AssertionError("no state found satisfying the predicate")


def play_out(s: State, rng: random.Random) -> State:
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()))
    return s


def snapshot(s: State) -> tuple:
    """Everything in a state, for 'unchanged' checks."""
    out = []
    for name in _SLOTS:
        if name in ("c", "events"):
            continue
        v = getattr(s, name)
        if name == "rk" and v is not None:
            v = tuple(repr(getattr(v, k)) for k in v.__slots__)
        out.append(repr(v))
    return tuple(out)


def card_id(s: State, ident: str) -> int:
    return s.c.card_index(ident)
