"""Undo takes back a whole decision: Res Arcana's collect, made with one click as several engine actions, is
taken back by one Ctrl+Z; the fair rule still never crosses a point of no return inside a decision."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pygame
import pytest

from game.core.session import STEP_FINAL, GameSession, Seat
from game.shell import testing

from .test_undo import fingerprint


def _at_a_collect_of_several_steps() -> GameSession:
    """A solo game (seat 0 against the rule bot) played at random until seat 0 collects in several steps."""
    from game.arcana.ui.collect import collecting, plan_collect

    for seed in range(1, 200):
        sess = GameSession(2, [Seat("human"), Seat("bot", "rule")], seed, {"preset": "random"}, game="arcana")
        rng = random.Random(seed)
        while not sess.is_over() and len(sess.actions) < 400:
            if collecting(sess.state, 0) and len(plan_collect(sess.state, 0)) >= 3:
                return sess
            if sess.human_to_move():
                sess.submit(rng.choice(sess.state.legal_actions()))
            else:
                sess.tick()
    raise AssertionError("no collect of several steps")


def _table(cfg: Any, sess: GameSession) -> tuple[Any, Any]:
    from game.arcana.ui import TableScene

    cfg.ui["learning_mode"] = False
    cfg.ui["bot_delay"], cfg.ui["skip_animations"] = 60.0, False  # the bot waits: the collect can be taken back
    app = testing.make_app(skip_animations=True)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 2)
    return app, table


@pytest.mark.parametrize("grouped", [True, False])
def test_one_undo_takes_back_a_whole_collect_made_with_one_click(cfg, monkeypatch, grouped: bool) -> None:
    """With ``grouped`` False (the control) the session does not join the click's actions: one Ctrl+Z then
    takes back only the collect's last step."""
    if not grouped:
        monkeypatch.setattr(GameSession, "one_decision", lambda self: contextlib.nullcontext())
    sess = _at_a_collect_of_several_steps()
    app, table = _table(cfg, sess)
    before, count = fingerprint(sess), len(sess.actions)
    assert len(table.collect_steps) >= 3
    testing.click_widget(app, next(b for b in table.buttons if b.text == "Collect"), frames=2)
    made = len(sess.actions) - count
    assert made >= 3 and all(row["seat"] == 0 for row in sess.actions[count:]), sess.actions[count - 2:]
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 2)
    if not grouped:
        assert len(sess.actions) == count + made - 1 and fingerprint(sess) != before
        return
    assert fingerprint(sess) == before  # the position before the collect, in one press
    assert not sess.assisted and table.collect_steps  # the fair rule; the collect panel is back
    testing.click_widget(app, next(b for b in table.buttons if b.text == "Collect"), frames=2)
    assert len(sess.actions) == count + made  # the same collect again


def test_without_one_decision_the_same_actions_take_one_undo_each(cfg) -> None:
    """The control: the collect's actions submitted one by one (no one_decision) are as many decisions."""
    from game.arcana.ui.collect import plan_collect

    sess = _at_a_collect_of_several_steps()
    count = len(sess.actions)
    for step in plan_collect(sess.state, 0):
        for action in step.actions():
            sess.submit(action)
    assert len(sess.actions) - count >= 3
    assert sess.undo_target(0) == len(sess.actions) - 1
    sess.rewind(count)
    with sess.one_decision():
        for step in plan_collect(sess.state, 0):
            for action in step.actions():
                sess.submit(action)
    assert sess.undo_target(0) == count


def test_the_fair_rule_stops_inside_a_decision_after_a_point_of_no_return() -> None:
    """A decision whose first action is final: fair undo takes back only what came after it; learning mode
    the whole decision, and the game is marked assisted."""
    sess = _at_a_collect_of_several_steps()
    from game.arcana.ui.collect import plan_collect

    count = len(sess.actions)
    with sess.one_decision():
        for step in plan_collect(sess.state, 0):
            for action in step.actions():
                sess.submit(action)
    assert sess.undo_target(0) == count
    sess.steps[count] = STEP_FINAL  # as if the decision's first step had shown something new
    assert sess.undo_target(0) == count + 1
    assert sess.undo_target(0, learning=True) == count
    assert sess.undo(0, learning=True) and len(sess.actions) == count and sess.assisted
    assert sess.joined == set() or max(sess.joined) < count  # nothing of the undone decision stays joined
