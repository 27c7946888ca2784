"""A click during an animation (issue 22, play-test: "a click during an animation is sometimes swallowed").

What this edition decides: a click while something moves finishes the motion at once and still counts.
On the player's turn it is taken as the move it was aimed at; a summary that the finished motion lets
come up (a reckoning, the end of an age) is not closed by the release of that same click, which the
summary never saw pressed: it stays until the player closes it.
"""

from __future__ import annotations

import pygame

from game.core.session import GameSession, Seat
from game.realm.ui.main import TableScene
from game.realm.ui.overlays import _Overlay
from game.shell import testing


def _table(cfg, players: int = 3, seed: int = 5):
    cfg.ui["skip_animations"] = False
    sess = GameSession(players, [Seat("human")] + [Seat("bot", "rule") for _ in range(players - 1)], seed=seed)
    app = testing.make_app(skip_on_input=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 2)
    return app, scene


def _moving(app) -> None:
    app.motion.token(None, (0, 0)).to((500, 300), duration=5.0)
    testing.step(app, 1)
    assert app.motion.busy


def test_a_click_on_a_card_while_something_moves_skips_the_motion_and_is_taken(cfg) -> None:
    app, scene = _table(cfg)
    assert scene.my_turn and scene.s.state.decision_name() == "select"
    card = next(h for h in scene.hotspots if h.kind == "card" and h.actions)
    _moving(app)
    testing.click(app, card.rect.center)
    assert not app.motion.busy
    assert scene.pending == card.actions[0]  # the card is chosen (in preview), not lost
    scene.s.close()


def test_the_release_of_a_click_that_let_a_summary_come_up_does_not_close_it(cfg) -> None:
    app, scene = _table(cfg)
    summary = _Overlay(pygame.Rect(500, 300, 600, 300), auto=None)
    scene.overlays.append(summary)  # waiting for the motion to end, as a reckoning's summary does
    _moving(app)
    outside = (200, 150)
    testing.press(app, outside)  # skips the motion: the summary comes up at the next frame
    testing.step(app, 1)
    assert app.stack.top is summary
    testing.release(app, outside)
    testing.step(app, 2)
    assert app.stack.top is summary  # still showing: its reader has not seen it yet
    testing.click(app, outside, frames=2)  # the control: a click made while it shows closes it
    assert app.stack.top is scene
    scene.s.close()
