"""The app: logical canvas and letterboxing, mapped mouse input, global keys, hooks, statistics."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.shell import testing  # noqa: E402
from game.shell.app import App, process_start_time  # noqa: E402
from game.shell.scene import Scene, WidgetScene  # noqa: E402
from game.shell.widgets import Button  # noqa: E402


class Clicks(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.downs: list[tuple[int, int]] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.downs.append(event.pos)
            return True
        return False


def test_the_canvas_is_letterboxed_into_a_wider_or_taller_window() -> None:
    app = testing.make_app(window_size=(800, 600))
    assert app.viewport == pygame.Rect(0, 75, 800, 450) and app.scale == 0.5
    app.resize((1920, 800))
    assert app.window.get_size() == (1920, 800)
    vp = app.viewport
    assert vp.h == 800 and vp.w == round(1600 * 800 / 900) and vp.centerx == 960


def test_mouse_positions_are_mapped_back_to_logical_coordinates_after_a_resize() -> None:
    app = testing.make_app(window_size=(800, 600))
    scene = app.push(Clicks())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(400, 300), button=1, touch=False))
    testing.step(app)
    assert scene.downs == [(800, 450)]  # window centre -> logical centre
    app.resize((1200, 400))  # pillarbox: scale 4/9, bars left and right
    assert app.viewport.x > 0 and app.viewport.h == 400
    for logical in [(0, 0), (1599, 899), (321, 654)]:
        testing.press(app, logical)  # a window pixel covers 2.25 logical ones here
        got = scene.downs[-1]
        assert abs(got[0] - logical[0]) <= 2 and abs(got[1] - logical[1]) <= 2
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 200), button=1, touch=False))
    testing.step(app)
    assert scene.downs[-1][0] < 0  # a click on the black bar lands outside the canvas
    app.resize((2400, 1600))  # letterbox and scaled up: every logical pixel has its own window pixels
    assert app.viewport.y > 0 and app.viewport.w == 2400
    for logical in [(0, 0), (1599, 899), (321, 654)]:
        testing.press(app, logical)
        assert scene.downs[-1] == logical


def test_a_button_is_clicked_through_the_window_mapping() -> None:
    app = testing.make_app(window_size=(1000, 1000))
    hits: list[int] = []
    scene = WidgetScene()
    button = scene.add(Button("Deal", (1400, 800, 160, 60), lambda: hits.append(1)))
    app.push(scene)
    testing.click_widget(app, button)
    assert hits == [1]
    testing.click(app, (1380, 790))  # just outside
    assert hits == [1]


def test_f12_saves_a_screenshot_and_f11_toggles_fullscreen(tmp_path: Path) -> None:
    app = testing.make_app(screenshot_dir=tmp_path / "shots")
    app.push(Clicks())
    testing.step(app)
    testing.key(app, pygame.K_F12)
    files = list((tmp_path / "shots").glob("*.png"))
    assert len(files) == 1 and pygame.image.load(str(files[0])).get_size() == (1600, 900)
    assert testing.was_drawn(app, "Screenshot saved")
    testing.key(app, pygame.K_F11)
    assert app.fullscreen
    testing.press(app, (100, 200))
    assert app.stack.top.downs[-1] == (100, 200)  # type: ignore[union-attr]
    testing.key(app, pygame.K_F11)
    assert not app.fullscreen and app.window.get_size() == (1600, 900)


def test_pollers_run_every_frame_and_can_be_removed() -> None:
    app = testing.make_app()
    app.push(Scene())
    calls: list[int] = []
    poll = app.add_poller(lambda: calls.append(app.frame))
    testing.step(app, 3)
    app.remove_poller(poll)
    testing.step(app, 2)
    assert calls == [0, 1, 2]


def test_run_stops_at_max_frames_and_when_the_stack_empties() -> None:
    app = testing.make_app(fps=240)

    class Quitter(Scene):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def update(self, dt: float) -> None:
            self.n += 1
            if self.n == 4:
                self.close()

    app.push(Scene())
    assert app.run(max_frames=3) == 3
    app.stack.clear()
    app.push(Quitter())
    assert app.run() == 4


def test_window_close_ends_the_loop_unless_refused() -> None:
    app = testing.make_app()
    app.push(Scene())
    app.on_quit = lambda: False
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    testing.step(app)
    assert app.running
    app.on_quit = None
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    testing.step(app)
    assert not app.running


def test_frame_statistics_and_first_frame_time() -> None:
    app = testing.make_app()
    assert app.first_frame_seconds is None and app.frame_stats()["frames"] == 0
    app.push(Scene())
    testing.step(app, 20)
    stats = app.frame_stats()
    assert stats["frames"] == 20
    assert 0 < stats["median_ms"] <= stats["p95_ms"] <= stats["max_ms"]
    assert app.first_frame_seconds is not None and app.first_frame_seconds > 0
    assert process_start_time() <= __import__("time").time()


def test_a_click_during_motion_skips_it_and_still_reaches_the_scene() -> None:
    """A confirm click made while something moves must not be lost: it ends the motion and counts."""
    app = testing.make_app(skip_on_input=True)
    scene = app.push(Clicks())
    arrived: list[str] = []
    app.motion.token(None, (0, 0)).to((500, 300), on_arrive=lambda: arrived.append("done"))
    testing.step(app, 2)
    assert app.motion.busy
    testing.press(app, (10, 10))
    assert arrived == ["done"] and not app.motion.busy and scene.downs == [(10, 10)]


def test_from_config_takes_the_ui_section() -> None:
    class Cfg:
        class ui:  # noqa: N801 - mimics cfg.ui
            width, height, fps, animation_speed, skip_animations, fullscreen = 1000, 700, 30, 2.0, True, False

    testing.make_app()
    app = App.from_config(Cfg(), screenshot_dir="shots")
    assert app.window.get_size() == (1000, 700) and app.fps == 30
    assert app.motion.speed == 2.0 and app.motion.instant
    assert app.logical_size == (1600, 900)
    full = App(fullscreen=True)
    assert full.fullscreen and full.window.get_size() == pygame.display.get_desktop_sizes()[0]
