"""A double-click never takes a move back (play-tester p2, s6 item 1).

Realm's "All 3 here" and Confirm sit in the top bar where the shell's Undo appears once the move is made:
the second click of a double-click landed on Undo and took the acolytes back. What this edition decides: a
click on Undo counts only once the button has stood clickable in its place for ``UNDO_SETTLE`` seconds (the
press and its release are both ignored before that); Ctrl+Z stays immediate. The shell does it, so both
games have it. A tip shows only for a button the mouse came to rest on, not one that appeared under it.
"""

from __future__ import annotations

import random

import pygame

from game.core.session import GameSession, Seat
from game.realm.bots import fast_policy
from game.realm.ui.main import TableScene
from game.shell import testing
from game.shell.hint import Hint
from game.shell.table import UNDO_SETTLE

SEED = 11


def _realm_deploying(cfg):
    """A solo Realm table (bots slow to answer) at the human's first placement of a deployment of 2+, a hinted
    placement in preview."""
    cfg.ui["bot_delay"] = 60.0
    sess = GameSession(3, [Seat("human"), Seat("bot", "random"), Seat("bot", "random")], seed=SEED)
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(SEED)
    while not (sess.state.decision_name() == "place" and sess.to_move() == 0 and sess.state.dec_n >= 2):
        scene.send(fast_policy(sess.state, rng))
    scene.rebuild()
    testing.step(app, 2)
    while app.stack.top is not scene:  # a reckoning's summary read and closed
        testing.key(app, pygame.K_RETURN, frames=3)
    # a region's click places at once now (play-test s7); a hinted placement still waits in preview, with All N
    # here and Confirm in the top bar where Undo comes once the move is made
    scene.show_hint(Hint(next(a for a in sess.state.legal_actions() if a[0] == "place"), None, 0, False), "Why.")
    testing.step(app, 1)
    assert scene.pending is not None and scene.my_turn
    return app, scene


def _double_click(app, pos) -> None:
    """Two clicks at ``pos`` one frame apart, as a quick double-click arrives."""
    testing.click(app, pos)
    testing.click(app, pos)


def test_realm_a_double_click_on_all_here_places_the_acolytes_and_never_undoes(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    before = len(scene.s.actions)
    all_here = next(b for b in scene.buttons if b.text.startswith("All "))
    assert all_here.rect.colliderect(scene.undo_button.rect)  # the play-test's trap: Undo comes in its place
    _double_click(app, all_here.rect.center)
    testing.step(app, 2)
    placed = len(scene.s.actions) - before
    assert placed >= 2 and scene.can_undo()  # the acolytes went in, and may still be taken back ...
    testing.click(app, scene.undo_button.rect.center)
    assert len(scene.s.actions) - before == placed  # ... but not by a click a moment after
    testing.step(app, int(UNDO_SETTLE * 60) + 2)  # control: Undo still, for a while: a click takes them back
    testing.click(app, scene.undo_button.rect.center)
    testing.step(app, 2)
    assert len(scene.s.actions) == before


def test_realm_a_double_click_on_confirm_makes_the_move_and_never_undoes(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    before = len(scene.s.actions)
    confirm = next(b for b in scene.buttons if b.text == "Confirm")
    assert confirm.rect.colliderect(scene.undo_button.rect)
    _double_click(app, confirm.rect.center)
    testing.step(app, 2)
    assert len(scene.s.actions) == before + 1 and scene.can_undo()


def test_a_press_held_from_too_soon_is_not_a_click_when_released_later(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    before = len(scene.s.actions)
    testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
    testing.press(app, scene.undo_button.rect.center)  # the second press of a double-click, held
    testing.step(app, int(UNDO_SETTLE * 60) + 2)
    testing.release(app, scene.undo_button.rect.center)
    assert len(scene.s.actions) == before + 1


def test_ctrl_z_right_after_a_move_still_takes_it_back(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    before = len(scene.s.actions)
    testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
    assert len(scene.s.actions) == before + 1
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 2)
    assert len(scene.s.actions) == before


def test_arcana_a_click_on_undo_just_after_a_move_waits_too(cfg) -> None:
    from tests.test_arcana_ui_preview_bar import _table_at_a_decision

    app, table = _table_at_a_decision(cfg, (1600, 900))
    table.choose(next(a for a in table.s.state.legal_actions() if table.s.describe(a)))
    testing.step(app, 1)
    testing.key(app, pygame.K_RETURN)  # confirmed
    made = len(table.s.actions)
    testing.click(app, table.undo_button.rect.center)
    assert len(table.s.actions) >= made and table.can_undo()  # nothing taken back (a bot may have answered)
    testing.step(app, int(UNDO_SETTLE * 60) + 2)  # control: the same click, Undo still a while
    made = len(table.s.actions)
    testing.click(app, table.undo_button.rect.center)
    testing.step(app, 2)
    assert len(table.s.actions) < made
    table.s.close()


def test_realm_undo_appearing_under_the_resting_mouse_opens_no_tip_until_it_moves(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    all_here = next(b for b in scene.buttons if b.text.startswith("All "))
    at = all_here.rect.center
    assert scene.undo_button.rect.collidepoint(at)
    testing.click(app, at)
    testing.step(app, 120)  # two seconds, the mouse still where it clicked: Undo came under it
    assert scene.can_undo() and app.tooltips.visible_text is None
    testing.move(app, (at[0] + 6, at[1]), frames=120)  # control: the mouse moved onto Undo and rests there
    assert app.tooltips.visible_text == scene.undo_button.tooltip


def test_realm_undo_appearing_after_enter_under_the_mouse_opens_no_tip_either(cfg) -> None:
    app, scene = _realm_deploying(cfg)
    confirm = next(b for b in scene.buttons if b.text == "Confirm")
    testing.move(app, confirm.rect.center, frames=2)  # resting on Confirm, which Enter presses
    testing.key(app, pygame.K_RETURN)
    testing.step(app, 120)
    assert scene.can_undo() and scene.undo_button.rect.collidepoint(app.mouse)
    assert app.tooltips.visible_text is None
    testing.move(app, (app.mouse[0] - 6, app.mouse[1]), frames=120)  # control
    assert app.tooltips.visible_text == scene.undo_button.tooltip

