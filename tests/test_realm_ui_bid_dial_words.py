"""Play-test g7: the bid panel's sentence on points and artifacts is about the bid on the dial. At a dial of 0 it
said "A bid of 1 keeps all your points and artifacts", of a bid nobody had chosen; now it says what paying the
dial's bid loses, and names another bid only as the first that loses or the most that does not."""

from __future__ import annotations

from game.realm.ui.payment import best_ways_lose, bid_payment_rankings, free_bids, no_points_limit
from game.shell import testing

from .realm_ui_helpers import realm_table_at
from .test_realm_playtest2 import _bid_with_equity_track

testing.use_dummy_drivers()


def _drawn_at(app, scene, value: int) -> str:
    scene.bid_value = value
    app.invalidate()
    testing.step(app, 2)
    return " ".join(testing.drawn_texts(app))


def test_the_sentence_follows_the_dial_at_0_1_and_high(cfg) -> None:
    st, p = _bid_with_equity_track()  # Equity 7 with the built Equity Track: a bid of 7 costs its points
    limit, most = no_points_limit(st, p), st.bid_limit(p)
    assert 1 < limit < most and free_bids(st, p) == 0
    app, scene = realm_table_at(cfg, st)
    zero = _drawn_at(app, scene, 0)
    assert f"A bid of 0 pays nothing; paying up to {limit} loses no points or artifacts, paying {limit + 1} " \
           "loses some." in zero
    assert "A bid of 1 keeps" not in zero and "Bids up to" not in zero
    one = _drawn_at(app, scene, 1)
    assert f"Paying 1 (or any bid up to {limit}) loses no points or artifacts; paying {limit + 1} would." in one
    at_limit = _drawn_at(app, scene, limit)
    assert f"Paying {limit} loses no points or artifacts; paying {limit + 1} would." in at_limit
    high = _drawn_at(app, scene, most)
    assert best_ways_lose(bid_payment_rankings(st, p, most))  # the high bid does lose: the panel says so
    assert f"To lose no points or artifacts, bid at most {limit}." in high
    assert "loses no points" not in high.replace("To lose no points", "")


def test_control_nothing_said_where_no_bid_loses(cfg) -> None:
    st, p = _bid_with_equity_track(equity=0, acolytes=5)
    app, scene = realm_table_at(cfg, st)
    for value in (0, 1, st.bid_limit(p)):
        assert "points or artifacts" not in _drawn_at(app, scene, value)
