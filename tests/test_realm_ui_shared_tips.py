"""The tips of the shell's Hint, Undo and History on Realm's table (play-test p1, item 15): beside their
button, over no board's name (Undo's tip covered "You")."""

from __future__ import annotations

import pytest

from game.core.session import GameSession, Seat
from game.realm.engine import new_game
from game.realm.ui.main import TableScene
from game.shell import testing

testing.use_dummy_drivers()


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_undo_and_historys_tips_cover_no_boards_name(cfg, window) -> None:
    st = new_game(3, seed=4)
    sess = GameSession(3, [Seat("human", name="You")] + [Seat("bot") for _ in range(2)], seed=4)
    sess.state = st
    app = testing.make_app(window_size=window, skip_animations=True)
    app.tooltips.delay = 0.0
    scene = TableScene(cfg, sess)
    app.push(scene)
    scene.viewer = scene.revealed_for = 0
    scene.rebuild()
    testing.step(app, 2)
    buttons = [b for b in scene.shared_shown if b.text in ("Undo", "History")]
    assert len(buttons) == 2
    names = list(scene.r.name_rects.values())
    assert names and testing.was_drawn(app, "You")
    for button in buttons:
        for at in (button.rect.center, (button.rect.x + 3, button.rect.centery)):
            testing.move(app, at, frames=3)
            assert app.tooltips.visible_text == button.tooltip
            tip, _lines = app.tooltips.rect_for(button.tooltip)
            assert not any(tip.colliderect(name) for name in names), (button.text, tuple(tip))
            assert not tip.colliderect(button.rect)
    # control: where the mouse put the tip (no owner), Undo's left end put it over the viewer's name
    undo = buttons[0]
    app.tooltips.update(0.0, (undo.rect.x + 3, undo.rect.centery), undo.tooltip, None)
    free, _ = app.tooltips.rect_for(undo.tooltip)
    assert free.colliderect(scene.r.name_rects[0]), tuple(free)
