"""A click on a legal choice during an animation is never lost (play-test: "clicks during animations are dropped
silently"). The press finishes the motion at once; when that lets a scene come up over the table (a reckoning's
summary waits for the motion to end), the release still goes to the table the press was aimed at, so the choice
is taken, and the summary stays up to be read."""

from __future__ import annotations

import pygame

from game.realm.ui.overlays import _Overlay
from game.shell import testing
from game.shell.scene import Scene

from .test_realm_ui_clicks import _moving, _table


def test_a_choice_clicked_as_a_summary_comes_up_is_taken(cfg) -> None:
    app, scene = _table(cfg)
    assert scene.my_turn and scene.s.state.decision_name() == "select"
    card = next(h for h in scene.hotspots if h.kind == "card" and h.actions)
    summary = _Overlay(pygame.Rect(500, 100, 600, 200), auto=None)
    scene.overlays.append(summary)  # waiting for the motion to end, as a reckoning's summary does
    _moving(app)
    testing.press(app, card.rect.center)  # finishes the motion: the summary comes up at once
    testing.step(app, 2)
    assert app.stack.top is summary
    testing.release(app, card.rect.center)
    testing.step(app, 1)
    assert scene.pending == card.actions[0]  # the card is chosen (in preview), not lost
    assert app.stack.top is summary  # and the summary is still there to be read
    scene.s.close()


class _Clicks(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[int] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.got.append(event.type)
            return True
        return False


def test_the_shell_gives_a_skipping_press_its_release_in_every_game() -> None:
    app = testing.make_app(skip_on_input=True)
    below = _Clicks()
    app.push(below)
    came_up = _Clicks()
    app.motion.token(None, (0, 0)).to((500, 300), duration=5.0, on_arrive=lambda: app.push(came_up))
    testing.step(app, 1)
    testing.press(app, (800, 450))
    assert app.stack.top is came_up
    testing.release(app, (800, 450))
    assert below.got == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP] and came_up.got == []
    testing.click(app, (800, 450))  # a click made while it shows is its own
    assert came_up.got == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]
