"""The move in preview reads whole (play-test s6 p3 item 7): "Preview: Use Dragon Egg: Destroy it, then put a
dragon from your hand into play for 4 less. (you lose" was cut after two lines. Over seeded decisions, the
longest previews each put in preview at 1280x720 and 1600x900: every word of the preview is drawn, at 13 px
or more, inside the decision panel and clear of Confirm and Cancel, and the texts pass the fit audit."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.arcana.ui import table as TB
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.table import TableBase

from .test_arcana_ui_fit import ICON_LETTERS, Audit

WINDOWS = [(1280, 720), (1600, 900)]


def _decisions(seeds: range) -> list[tuple[int, int]]:
    """(seed, actions played) of the human's decisions in seeded games against a rule bot."""
    out = []
    for seed in seeds:
        sess = GameSession(2, [Seat("human"), Seat("bot", "rule")], seed, {"preset": "random"}, presets=None,
                           game="arcana")
        rng = random.Random(seed)
        while not sess.is_over() and len(sess.actions) < 160:
            if sess.to_move() == 0 and sess.state.decision_name() == "action" and len(sess.actions) % 3 == 0:
                out.append((seed, len(sess.actions)))
            sess.submit(rng.choice(sess.state.legal_actions()))
    return out


def _table_at(cfg: Any, seed: int, count: int, window: tuple[int, int]) -> tuple[Any, Any]:
    sess = GameSession(2, [Seat("human"), Seat("bot", "rule")], seed, {"preset": "random"}, presets=None,
                       game="arcana")
    rng = random.Random(seed)
    while len(sess.actions) < count:
        sess.submit(rng.choice(sess.state.legal_actions()))
    app = testing.make_app(window_size=window, skip_animations=True)
    table = TB.TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    testing.move(app, (4, 896), frames=1)
    return app, table


@pytest.mark.parametrize("window", WINDOWS)
def test_the_longest_previews_read_whole(cfg, window) -> None:
    cfg.ui["bot_delay"] = 60.0
    audit = Audit()
    shown = 0
    for seed, count in _decisions(range(1, 7))[::4]:
        app, table = _table_at(cfg, seed, count, window)
        longest = sorted(table.s.state.legal_actions(), key=lambda a: -len(table.label(a)))[:2]
        for action in longest:
            text = "Preview: " + table.label(action)
            TableBase.choose(table, action, table.label(action))  # the shared flow: into preview
            testing.step(app, 2)
            foot = TB.PANEL.copy()
            foot.top = TB.PANEL.bottom - 200  # the preview's box at the panel's foot, however grown
            drawn = [d for d in app.last_frame_texts if foot.contains(d.rect) and d.text in text
                     and d.text not in ("Confirm", "Cancel") and d.text not in ICON_LETTERS]
            joined = " ".join(d.text for d in sorted(drawn, key=lambda d: d.rect.y))
            assert " ".join(text.split()) in joined, (window, seed, count, text, joined)
            buttons = [b.rect for b in table.buttons if b.text in ("Confirm", "Cancel")]
            for d in drawn:
                assert d.rect.h >= 13 and TB.PANEL.contains(d.rect), (d.text, d.rect)
                assert d.rect.collidelist(buttons) < 0, (d.text, d.rect, buttons)
            audit.check(app.last_frame_texts, table.card_boxes, f"{window} seed {seed} move {count}: ")
            table.cancel_pending()
            testing.step(app, 1)
            shown += len(text) > 100  # a preview longer than two lines used to hold
    assert shown >= 2  # the control: long previews were among those shown
    assert not audit.bad, audit.report()
