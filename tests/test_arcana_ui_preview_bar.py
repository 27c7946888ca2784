"""Res Arcana's top bar holds still while a move is in preview (play-tester p2, finding 2).

The preview (with Confirm and Cancel) is in the decision panel, yet Hint, Undo and History left the top bar
while it was open, so the bar jumped. They now stay in their places, dimmed (their clicks wait for Confirm
or Cancel); Realm, whose preview is drawn over that part of the bar, still clears it.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from tests.test_arcana_ui_fit import SIZES, Audit

SHARED = ("Hint", "Undo", "History")
TOP_BAR = pygame.Rect(0, 0, 1600, 44)


def _table_at_a_decision(cfg, window: tuple[int, int]):
    """A solo Res Arcana game (a human against a rule bot) at the human's action, some moves played; in
    learning mode, so Undo has something to take back."""
    cfg.ui["learning_mode"] = True
    sess = GameSession(2, [Seat("human"), Seat("bot", "rule")], 11, {"preset": "random"}, presets=None,
                       game="arcana")
    rng = random.Random(11)
    while not (sess.state.decision_name() == "action" and sess.to_move() == 0 and len(sess.actions) > 2):
        sess.submit(rng.choice(sess.state.legal_actions()))
    app = testing.make_app(window_size=window, skip_animations=True)
    table = sess.adapter.ui().TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    testing.move(app, (4, 896), frames=2)  # the mouse off every button: no tooltip over the bar
    assert table.my_turn and table.hint_offered() and table.can_undo()
    return app, table


def _bar(app) -> dict[str, pygame.Rect]:
    """The words drawn in the top bar and where."""
    return {d.text: pygame.Rect(d.rect) for d in app.last_frame_texts if d.rect.colliderect(TOP_BAR)}


@pytest.mark.parametrize("window", SIZES)
def test_hint_undo_and_history_keep_their_places_dimmed_during_a_preview(cfg, window) -> None:
    app, table = _table_at_a_decision(cfg, window)
    before = _bar(app)
    assert all(name in before for name in SHARED)  # the control: shown without a preview
    assert table.undo_button.enabled and table.history_button.enabled and table.hint_button.enabled
    move = next(a for a in table.s.state.legal_actions() if table.s.describe(a))
    table.choose(move)
    testing.step(app, 2)
    assert table.pending is not None and testing.was_drawn(app, "Confirm")
    during = _bar(app)
    assert {name: during.get(name) for name in SHARED} == {name: before[name] for name in SHARED}
    assert during == before  # nothing in the bar moved
    assert not any(b.enabled for b in (table.hint_button, table.undo_button, table.history_button))
    audit = Audit()
    audit.check([d for d in app.last_frame_texts if d.rect.colliderect(TOP_BAR)], [], f"{window} preview: ")
    assert not audit.bad, audit.report()
    testing.click(app, table.undo_button.rect.center, frames=2)
    assert table.pending is not None and len(table.s.actions) > 2  # a dimmed Undo takes nothing back
    table.cancel_pending()
    testing.step(app, 2)
    assert table.undo_button.enabled and table.history_button.enabled and table.hint_button.enabled
    table.s.close()
