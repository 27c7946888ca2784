"""The bid panel tells the truth about what a bid costs (play-test s6 p2 items 2 and 4): its "no points" limit and
its example of a payment come from the pay screen's own ranking, so every bid up to the limit is paid, on the pay
screen's best way, without losing points or an artifact, whichever row the bid wins."""

from __future__ import annotations

import random

from game.realm.engine.advice import rank_payments
from game.realm.engine.state import new_game
from game.realm.ui.payment import free_bids, may_build, no_points_limit, points_lost, short_consequence
from game.realm.ui.words import payment


def _bid_states(games: int = 6, per_game: int = 3) -> list:
    """Bid decisions from random 4-player games (seeded), a few per game, in every age."""
    out = []
    for seed in range(games):
        s, rng, taken = new_game(4, seed=100 + seed), random.Random(seed), 0
        while not s.is_terminal() and taken < per_game:
            if s.decision_name() == "bid" and s.bid_limit(s.to_move()) >= 4 and rng.random() < 0.5:
                out.append(s.copy())
                taken += 1
            s.apply(rng.choice(s.legal_actions()))
    return out


def _said_limit(st, p: int) -> int:
    """The largest bid the panel says loses no points (``dial_points_words`` states it, whatever the dial)."""
    return no_points_limit(st, p)


def _pay_screen_best(st, p: int, bid: int, monument_row: bool):
    """What the pay screen stars for ``p`` after a bid of ``bid`` wins the monument row or another one: the
    pay screen's own call (``rank_payments(state, seat)``) on the state as it will be asked to pay."""
    t = st.copy()
    t.rk.bids[p] = bid
    if monument_row:
        t.tasks.append(("rk_monument", p))
    return rank_payments(t, p)[0]


def _rows(st) -> tuple[bool, ...]:
    return (True, False) if may_build(st) else (False,)


def test_every_bid_up_to_the_no_points_limit_is_paid_without_points_on_the_pay_screen() -> None:
    states = _bid_states()
    assert len(states) >= 12
    lowered = 0
    for st in states:
        p = st.to_move()
        limit = _said_limit(st, p)
        for bid in range(free_bids(st, p) + 1, limit + 1):
            for monument_row in _rows(st):
                best = _pay_screen_best(st, p, bid, monument_row)
                assert not points_lost(best), (bid, limit, monument_row, best.consequences)
        if limit < st.bid_limit(p):  # control: the bid above the limit does lose on the pay screen, for some row
            lowered += 1
            over = [points_lost(_pay_screen_best(st, p, limit + 1, row)) for row in _rows(st)]
            assert any(over), (limit, st.bid_limit(p))
    assert lowered >= 3  # the limit is not always the most: the claim is tested where it bites


def test_the_panels_example_is_the_pay_screens_best_way_if_the_bid_wins_the_monument_row() -> None:
    from game.realm.ui.payment import bid_cost_words

    for st in _bid_states(games=3, per_game=2):
        p = st.to_move()
        for bid in range(free_bids(st, p) + 1, st.bid_limit(p) + 1):
            best = _pay_screen_best(st, p, bid, may_build(st))
            words = bid_cost_words(st.c, st, p, bid)
            assert payment(st.c, best.action, counted=True) in words, (bid, words)
            for lost in points_lost(best):
                assert short_consequence(lost) in words


def test_ranking_for_both_rows_at_once_is_ranking_each_row_alone() -> None:
    from game.realm.engine.advice import rank_payments_for_rows

    for st in _bid_states(games=2, per_game=2):
        p = st.to_move()
        bid = st.bid_limit(p)
        both = rank_payments_for_rows(st, p, (True, False), bid=bid)
        assert both == [rank_payments(st, p, bid=bid, builds=True), rank_payments(st, p, bid=bid, builds=False)]
