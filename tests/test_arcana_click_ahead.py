"""A click on the person's own card while the bots' moves still play out is never lost (play-test: clicks on
Dragon Egg and Elemental Spring during the bots' animations did nothing, and one on Athanor opened the card in
full instead of its move). The click finishes the motion, the bots' remaining moves play at once, and at the
person's decision the card's move is in preview (or its choices are up), as a click there then does."""

from __future__ import annotations

import random
import time
from typing import Any

from game.arcana.engine.state import K_PASS
from game.arcana.ui import TableScene
from game.arcana.ui.table import CARD_KINDS
from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.title import presets


def _table(cfg: Any, seed: int) -> tuple[Any, Any]:
    cfg.ui["skip_animations"] = False
    cfg.ui["bot_delay"] = 0.6
    sess = GameSession(4, [Seat("human")] + [Seat("bot", "rule") for _ in range(3)], seed,
                       {"preset": "random"}, presets=presets(cfg), game=get_game("arcana"))
    app = testing.make_app(window_size=(1280, 720), skip_on_input=True)
    table = app.push(TableScene(cfg, sess))
    testing.step(app, 2)
    return app, table


def _until(app: Any, cond: Any, most: float = 60.0) -> bool:
    end = time.monotonic() + most
    while time.monotonic() < end:
        if cond():
            return True
        testing.step(app, 1)
        time.sleep(0.001)
    return False


def _card_acts(table: Any, ci: int) -> list[tuple]:
    return [a for a in table.legal() if len(a) > 1 and a[0] in CARD_KINDS and a[1] == ci]


def test_a_click_on_my_card_during_the_bots_moves_is_taken_at_my_decision(cfg) -> None:
    app, table = _table(cfg, 11)
    rng, taken = random.Random(11), 0
    while taken < 2 and not table.s.is_over():
        assert _until(app, lambda: table.my_turn or table.s.is_over())
        if table.s.is_over():
            break
        _until(app, lambda: not app.motion.busy, 5.0)
        testing.step(app, 1)
        st = table.s.state
        own = [sp.card for sp in table.spots if sp.card >= 0 and sp.actions and st.decision_name() == "action"]
        pas = [a for a in table.legal() if a[0] == K_PASS]
        if not own or not pas or len(own) < 2:
            table.submit(rng.choice(table.legal()))
            continue
        target = own[0]
        others = [a for a in table.legal() if a[0] != K_PASS and not (len(a) > 1 and a[1] == target)]
        if not others:
            table.submit(rng.choice(table.legal()))
            continue
        table.submit(rng.choice(others))  # a move that does not use the target card
        if not _until(app, lambda: not table.my_turn and app.motion.busy, 10.0):
            continue  # (the person moves again at once: no bot moves to click through)
        rect = table.tips[("card", target)][0]
        testing.click(app, rect.center)
        assert _until(app, lambda: table.my_turn or table.s.is_over(), 30.0)
        if table.s.is_over():
            break
        testing.step(app, 2)
        acts = _card_acts(table, target)
        if not acts:
            continue  # (the card has nothing to do at this decision: a toast says so)
        assert table.pending in acts or table.selected == target, (
            f"the click on {table.cname(target)} made during the bots' moves was lost")
        assert table.viewing is None  # not the card in full
        assert not any("as your turn comes" in t[0] for t in app._toasts)  # the waiting toast is put away
        taken += 1
        table.cancel_pending()
        table.selected = -1
        table.rebuild()
    assert taken, "no click was made on a card during the bots' moves"
    table.s.close()
