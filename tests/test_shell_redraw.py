"""A still screen is not drawn again: the app draws a frame only when its picture can change."""

from __future__ import annotations

import pygame

from game.shell import testing
from game.shell.scene import Scene


class Still(Scene):
    """A scene whose picture changes only when told to."""

    def __init__(self) -> None:
        super().__init__()
        self.draws = 0
        self.moving = False

    @property
    def animating(self) -> bool:
        return self.moving

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((10, 20, 30))


def test_a_still_scene_is_drawn_once_then_only_on_change() -> None:
    app = testing.make_app(window_size=(1280, 720))
    scene = app.push(Still())
    testing.step(app, 5)
    assert scene.draws == 1 and app.frames_skipped == 4  # drawn once, then nothing changed
    testing.move(app, (300, 300))  # input: drawn again
    assert scene.draws == 2
    testing.step(app, 3)
    assert scene.draws == 2
    app.toast("hello")  # a toast fades by itself
    testing.step(app, 2)
    assert scene.draws == 4
    app._toasts.clear()
    testing.step(app, 2)
    drawn = scene.draws
    scene.moving = True  # a scene that animates is drawn every frame
    testing.step(app, 3)
    assert scene.draws == drawn + 3
    scene.moving = False
    other = Still()
    app.push(other)  # a change of scenes
    testing.step(app, 1)
    assert other.draws == 1
    app.pop()
    testing.step(app, 1)
    assert scene.draws == drawn + 4
    app.invalidate()
    testing.step(app, 1)
    assert scene.draws == drawn + 5


def test_motion_is_drawn_until_it_ends() -> None:
    from game.shell.motion import Token

    app = testing.make_app()
    scene = app.push(Still())
    testing.step(app, 2)
    before = scene.draws
    app.motion.add(Token(pygame.Surface((10, 10)), (0, 0))).to((500, 500), remove=True)
    testing.step(app, 5)
    assert scene.draws == before + 5
    for _ in range(600):
        if not app.motion.busy:
            break
        testing.step(app, 1)
    testing.step(app, 3)
    settled = scene.draws
    testing.step(app, 3)
    assert scene.draws == settled  # still again


def test_a_still_menu_is_drawn_once_and_a_widget_that_moves_keeps_it_drawn() -> None:
    """A widget scene (title, setup, settings, dialogs) is still unless a widget animates by itself:
    a focused text field's caret, a progress stripe, a key's flash (and once more when it ends)."""
    from game.shell.scene import WidgetScene
    from game.shell.textinput import TextInput
    from game.shell.widgets import Button, ProgressBar

    app = testing.make_app()
    scene = app.push(WidgetScene())
    button = scene.add(Button("Go", (100, 100, 120, 40), lambda: None, shortcut=pygame.K_g))
    field = scene.add(TextInput((100, 200, 200, 40)))
    bar = scene.add(ProgressBar((100, 300, 200, 14), 0.5))
    testing.step(app, 4)
    skipped = app.frames_skipped
    testing.step(app, 3)
    assert app.frames_skipped == skipped + 3  # still
    testing.key(app, pygame.K_g)  # the key's flash: drawn until it is over, and once after
    testing.step(app, 30)
    assert not button.animating and skipped < app.frames_skipped < skipped + 30
    bar.value = None  # a moving stripe
    testing.step(app, 1)
    skipped = app.frames_skipped
    testing.step(app, 5)
    assert app.frames_skipped == skipped
    bar.value = 0.5  # set by code, not input: drawn once more
    skipped = app.frames_skipped
    testing.step(app, 3)
    assert app.frames_skipped == skipped + 2
    field.focus()  # a blinking caret
    skipped = app.frames_skipped
    testing.step(app, 5)
    assert app.frames_skipped == skipped
    field.blur()
    testing.step(app, 2)
    skipped = app.frames_skipped
    testing.step(app, 5)
    assert app.frames_skipped == skipped + 5
