"""Layered drawing: a frame in which only a bot's thinking bar grew redraws and presents just the
bar (``Scene.redraw_parts``), and what it shows is what a full draw would show."""

from __future__ import annotations

import os

import pygame
import pytest

from game.core.games import get_game
from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell.scene import Scene

PART = pygame.Rect(100, 100, 40, 10)


class Parts(Scene):
    """Animates by itself; ``parts`` decides whether a frame may redraw only its moving part."""

    def __init__(self, parts: bool = True) -> None:
        super().__init__()
        self.parts = parts
        self.draws = 0
        self.part_draws = 0
        self.colour = (200, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((10, 20, 30))
        surface.fill(self.colour, PART)

    def redraw_parts(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        if not self.parts:
            return None
        self.part_draws += 1
        surface.fill(self.colour, PART)
        return [PART]


def test_a_frame_that_only_animates_redraws_just_the_moving_parts() -> None:
    app = testing.make_app()
    scene = app.push(Parts())
    testing.step(app, 1)
    assert scene.draws == 1
    scene.colour = (0, 200, 0)
    testing.step(app, 3)
    assert scene.draws == 1 and scene.part_draws == 3 and app.frames_partial == 3
    assert app.canvas.get_at(PART.center)[:3] == (0, 200, 0)
    assert app.canvas.get_at((10, 10))[:3] == (10, 20, 30)  # the rest is the last full frame's
    testing.move(app, (300, 300))  # input: a full draw
    assert scene.draws == 2
    app.toast("hello")  # a toast over the scene: full draws while it shows
    testing.step(app, 2)
    assert scene.draws == 4


def test_a_scene_that_asks_for_it_gets_a_full_draw() -> None:
    """The control: ``redraw_parts`` returning None (the default) means a full draw every frame."""
    app = testing.make_app()
    scene = app.push(Parts(parts=False))
    testing.step(app, 4)
    assert scene.draws == 4 and app.frames_partial == 0


def test_two_visible_scenes_are_drawn_whole() -> None:
    app = testing.make_app()
    below = app.push(Parts())
    over = Parts()
    over.opaque = False
    app.push(over)
    testing.step(app, 3)
    assert below.draws == 3 and over.draws == 3 and app.frames_partial == 0




@pytest.mark.parametrize("key", ["realm", "arcana"])
def test_a_thinking_bar_redrawn_alone_shows_what_a_full_draw_shows(cfg, key: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(key)
    ui = game.ui()
    app = testing.make_app(skip_animations=True)
    sess = GameSession(3, [Seat("bot", "normal")] * 3, 5, dict(getattr(ui, "BENCH_SETUP", {})), game=key)
    table = app.push(ui.TableScene(cfg, sess))
    progress = [0.1]
    monkeypatch.setattr(sess, "tick", lambda: False)  # the bot to move thinks for ever
    monkeypatch.setattr(sess, "bot_progress", lambda: (progress[0], 100))
    full = [0]
    draw = table.draw

    def counted(surface: pygame.Surface) -> None:
        full[0] += 1
        draw(surface)

    monkeypatch.setattr(table, "draw", counted)
    testing.step(app, 4)
    assert full[0] >= 1
    testing.step(app, 4)
    before, drawn, partial = app.canvas.copy(), full[0], app.frames_partial
    assert app.frames_skipped >= 3  # still: nothing drawn
    progress[0] = 0.6
    testing.step(app, 4)
    assert full[0] == drawn and app.frames_partial > partial  # only the bar
    layered = app.canvas.copy()
    assert pygame.image.tobytes(layered, "RGB") != pygame.image.tobytes(before, "RGB")  # the bar did grow
    app.invalidate()
    testing.step(app, 1)
    assert full[0] == drawn + 1
    assert pygame.image.tobytes(app.canvas, "RGB") == pygame.image.tobytes(layered, "RGB")
    sess.close()


def test_x11_presents_through_the_native_framebuffer(monkeypatch: pytest.MonkeyPatch) -> None:
    """Software drawing gains nothing from SDL's OpenGL texture path on X11; other drivers and a
    value the user chose are left alone."""
    from game.shell import app as app_module

    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "x")  # so that teardown restores what was there
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION")
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "windows")
    assert not app_module.prefer_native_framebuffer()
    assert "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert app_module.prefer_native_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    assert not app_module.prefer_native_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


def test_a_paced_frame_goes_up_on_the_next_beat() -> None:
    """Paced by the clock, what a frame draws is presented right after the next wait, so pictures
    reach the screen at a steady rate however long each took to draw; driven from outside (tests),
    a frame presents what it drew at once."""
    app = testing.make_app()
    scene = app.push(Parts(parts=False))
    win = pygame.display.get_surface()
    win.fill((0, 0, 0))
    app.step()  # paced: drawn, not yet shown
    assert scene.draws == 1 and win.get_at(PART.center)[:3] == (0, 0, 0)
    beat = app.beat
    scene.colour = (0, 0, 200)
    app.step()  # the first picture goes up on this beat; the second is drawn
    assert app.beat > beat and win.get_at(PART.center)[:3] == (200, 0, 0)
    app.step()
    assert win.get_at(PART.center)[:3] == (0, 0, 200)
    scene.colour = (0, 200, 0)
    testing.step(app, 1)  # driven from outside: at once
    assert win.get_at(PART.center)[:3] == (0, 200, 0)
