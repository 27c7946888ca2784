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


def test_the_largest_offered_window_size_that_fits_the_desktop() -> None:
    from game.shell.app import fitting_window_size
    from game.shell.settings import WINDOW_SIZES

    assert fitting_window_size(WINDOW_SIZES, (1920, 1080)) == (1600, 900)  # room left for a title bar
    assert fitting_window_size(WINDOW_SIZES, (2560, 1440)) == (1920, 1080)
    assert fitting_window_size(WINDOW_SIZES, (1600, 1200)) == (1600, 900)
    assert fitting_window_size(WINDOW_SIZES, (1366, 768)) == (1223, 688)  # none fits: the same shape, smaller
    assert fitting_window_size(WINDOW_SIZES, (1280, 720)) == (1137, 640)


def _open_window_on(desktop: tuple[int, int], monkeypatch) -> tuple[tuple[int, int], object]:
    """Start the window as ``main.py`` does with a desktop of ``desktop`` (faked): the window's size, the config."""
    from game.cli import _load_config
    from game.core.config import ensure_user_config
    from game.core.games import games
    from game.shell import launch

    opened: list[tuple[int, int]] = []
    monkeypatch.setattr(launch, "desktop_size", lambda: desktop)
    monkeypatch.setattr(launch.App, "run", lambda self, max_frames=None: opened.append(self.window.get_size()) or 0)
    cfg = _load_config(None)
    ensure_user_config()
    launch.run_window(cfg, games(), max_frames=1)
    return opened[0], cfg


def test_a_first_start_opens_a_window_that_fits_the_desktop_and_keeps_it(monkeypatch) -> None:
    """The play-tester's first start opened 1600x900 on a 1280x720 screen, its title bar cut off."""
    from game.core.config import load_config

    assert not load_config().user_set  # a first start: the user has set nothing
    assert _open_window_on((1920, 1080), monkeypatch)[0] == (1600, 900)
    assert _open_window_on((2560, 1440), monkeypatch)[0] == (1600, 900)  # the size chosen at first is kept
    assert (load_config().ui.width, load_config().ui.height) == (1600, 900)


def test_a_first_start_on_a_small_screen_and_a_users_own_size(monkeypatch) -> None:
    from game.core.config import load_config, save_user_settings

    assert _open_window_on((1280, 720), monkeypatch)[0] == (1137, 640)  # smaller than the screen, title bar in view
    save_user_settings({"ui": {"width": 1920, "height": 1080}})  # the user's explicit choice, in Settings
    assert _open_window_on((1280, 720), monkeypatch)[0] == (1920, 1080)  # kept, even larger than the screen
    assert load_config().user_set >= {"ui.width", "ui.height"}
