"""Every payment with a choice is asked with the payment panel; a payment with exactly one way is made at once but
named as such in the log and the feed (play-test: "one payment was taken with no pay panel shown": choosing a reward
row paid the bid at once, the only way to pay it, and nothing said so)."""

from __future__ import annotations

import random

from game.core.session import GameSession, Seat
from game.realm.engine.state import new_game
from game.realm.ui.main import TableScene
from game.realm.ui.words import event_text, only_payment, preview_title
from game.shell import testing


def _who(q: int) -> str:
    return "You" if q == 0 else f"Seat {q}"


def test_a_payment_not_asked_for_was_the_only_way_and_is_named_so() -> None:
    auto = asked = 0
    for seed in range(40):
        st = new_game(2 + seed % 4, seed=seed)
        st.events = []
        rng = random.Random(seed)
        while not st.is_terminal():
            a = rng.choice(st.legal_actions())
            pre = st.copy()
            mark = len(st.events)
            st.apply(a)
            for e in st.events[mark:]:
                if e["type"] != "pay":
                    continue
                q = e["seat"]
                if a[0] == "pay" and pre.to_move() == q:  # asked: the pay decision, which the window shows as the panel
                    asked += 1
                    assert not e.get("auto")
                    continue
                auto += 1  # made at once: it must have been the only legal way, and the log says so
                assert e.get("auto") and len(pre.legal_payments(q, limit=5)) == 1, e
                assert "(the only way to pay it)" in event_text(st.c, e, _who)
    assert auto >= 20 and asked >= 100, (auto, asked)


def test_choosing_a_row_that_pays_at_once_says_how() -> None:
    for seed in range(60):
        st = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            for a in legal:
                if a[0] == "row" and only_payment(st, a):
                    title = preview_title(st.c, st, a, _who)
                    assert title.endswith("and pay your bid at once, the only way it can be paid?"), title
                    after = st.copy()
                    after.events = []
                    after.apply(a)
                    pay = next(e for e in after.events if e["type"] == "pay" and e["seat"] == st.to_move())
                    assert pay.get("auto")
                    return
            st.apply(rng.choice(legal))
    raise AssertionError("no row that pays at once")


def test_the_window_shows_the_panel_for_every_payment_asked(cfg) -> None:
    cfg.ui["reveal_hold"] = 0.0
    sess = GameSession(3, [Seat("human"), Seat("bot", "rule"), Seat("bot", "rule")], seed=11)
    app = testing.make_app()
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 2)
    rng, panels = random.Random(2), 0
    for _ in range(40000):
        if sess.is_over() or panels >= 3:
            break
        if app.stack.top is not scene:
            app.stack.top.close()
        elif scene.my_turn:
            st = sess.state
            if st.decision_name() == "pay":
                assert scene.pay_rows and any(b.text == "Pay" for b in scene.buttons)  # the panel is up
                panels += 1
                testing.click_widget(app, next(b for b in scene.buttons if b.text == "Pay"))
                continue
            scene.send(rng.choice(st.legal_actions()))
        testing.step(app, 1)
    assert panels >= 1
    sess.close()
