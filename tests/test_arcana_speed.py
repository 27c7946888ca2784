"""The engine's speed paths give exactly what the plain ones give."""

from __future__ import annotations

import random

from game.arcana.engine import new_game
from game.arcana.engine.payment import can_pay, pay_options


def test_can_pay_is_whether_there_is_a_payment() -> None:
    r = random.Random(1)
    for _ in range(20000):
        pool = [r.randrange(6) for _ in range(5)]
        cost = [r.randrange(4) if r.random() < 0.5 else 0 for _ in range(5)]
        any_n, g, ng = r.randrange(4), r.randrange(4), r.randrange(4)
        assert can_pay(pool, cost, any_n, g, ng) == bool(pay_options(pool, cost, any_n, g, ng))


def test_powers_list_their_cost_stages() -> None:
    s = new_game(2, 1)
    for cd in s.c.cards:
        for pw in cd.powers:
            assert len(pw.parts) == 8
            assert pw.parts[0] == pw.turn and pw.parts[5] == pw.destroy_self


def test_apply_and_apply_unchecked_play_the_same_game() -> None:
    for g in range(6):
        a, b = new_game(2 + g % 3, g, preset="random"), new_game(2 + g % 3, g, preset="random")
        a.events, b.events = [], []
        r = random.Random(g)
        while not a.is_terminal():
            legal = a.legal_actions()
            assert b.legal_actions() == legal
            x = legal[r.randrange(len(legal))]
            a.apply(x)
            b.apply_unchecked(x)
        assert a.events == b.events and a.winners == b.winners
