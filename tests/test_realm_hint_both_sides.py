"""A move that changes what the built monuments score says it for both sides (play-test: the hint said "\u22122 VP for
you" and not what the rivals lost, so the player could not judge the move)."""

from __future__ import annotations

import random

from game.realm.engine.scoring import space_points
from game.realm.engine.state import new_game
from game.realm.ui.hint import hint_reason

KINDS = ("place", "move", "tuck", "warden", "advance", "lose_acolyte", "lose_warden", "pay")


def _who(q: int) -> str:
    return f"Seat {q}"


def _built(st, q: int) -> int:
    age = min(max(st.age, 1), 3)
    return sum(space_points(st, i, b[1], age)[q] for i, b in enumerate(st.built) if b is not None)


def _signed(n: int) -> str:
    return f"{n:+d}".replace("-", "\u2212") if n else "no change"


def test_a_change_in_the_built_monuments_names_every_seats_change() -> None:
    seen = 0
    for seed in range(30):
        st = new_game(3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal() and seen < 60:
            legal = st.legal_actions()
            p = st.to_move()
            for a in legal:
                if a[0] not in KINDS:
                    continue
                after = st.preview(a, check=False)
                d = [_built(after, q) - _built(st, q) for q in range(st.n)]
                if not any(d):
                    continue
                said = hint_reason(st, p, a, _who)
                seen += 1
                mine = f"{_signed(d[p])} VP for you" if d[p] else "no change for you"
                assert mine in said, said
                for q in range(st.n):
                    if q != p:
                        assert f"{_signed(d[q])} for Seat {q}" in said, said
            st.apply(rng.choice(legal))
    assert seen >= 20, seen
