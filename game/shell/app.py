"""The application: window, logical canvas, frame loop, global keys and frame statistics.

Everything is drawn to an off-screen *logical* surface of a fixed design size
(1600x900 by default) and scaled into the window keeping the aspect ratio, with
black bars where the shapes differ. Mouse events are mapped back to logical
coordinates before any scene sees them, so scenes and widgets never know the
window's real size. ``pygame.SCALED`` is not used: the window is resizable and
F11 toggles fullscreen.

``App.run()`` loops until the scene stack is empty or the window is closed;
``App.step()`` runs exactly one frame (events, pollers, update, draw, present),
which is how tests drive it. Both work under SDL's dummy video driver.

``python -m game.shell.app`` runs a small demo of the widgets and the motion.
"""

from __future__ import annotations

import contextlib
import math
import os
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from . import text as T
from . import theme as TH
from .motion import MotionWorld
from .scene import ModalScene, Scene, SceneStack
from .widgets import Curtain, Dialog, DialogButton, TooltipManager

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
_IMPORT_TIME = time.time()


def process_start_time() -> float:
    """When this process started (seconds since the epoch); the module's import time if unknown.

    From the process's age: ``/proc/uptime`` minus its start in ``/proc/self/stat`` (both since
    boot, to 10 ms), not ``btime``, which is rounded down to a whole second."""
    try:
        with open("/proc/self/stat", encoding="ascii") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
        start_ticks = int(fields[19])  # field 22 of the stat line, counted after the command name
        with open("/proc/uptime", encoding="ascii") as fh:
            uptime = float(fh.read().split()[0])
        return time.time() - (uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return _IMPORT_TIME


def prefer_native_framebuffer() -> bool:
    """On X11, present through the window's own framebuffer rather than an OpenGL texture.

    Everything here is drawn in software, so SDL's default on X11 (upload the whole window to a
    texture and render it every flip) only adds work; with a software OpenGL (a virtual machine,
    Xvfb, no GPU driver) a 1600x900 flip costs about 7 ms of CPU, against 0.3 ms through the
    framebuffer, and a ``display.update`` of a small rectangle costs as much as a whole flip.
    Windows already uses its native framebuffer, and macOS and Wayland have none in SDL 2, so
    only X11 is changed. A value the user set in ``SDL_FRAMEBUFFER_ACCELERATION`` is kept.
    Must run before the first ``set_mode``; returns whether it set the hint."""
    if "SDL_FRAMEBUFFER_ACCELERATION" in os.environ:
        return False
    try:
        driver = pygame.display.get_driver()
    except pygame.error:
        return False
    if driver != "x11":
        return False
    os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"  # SDL reads hints from the environment
    return True


WINDOW_ROOM = (0, 80)  # px of the desktop a window leaves free: a title bar and a taskbar, above or below


def desktop_size() -> tuple[int, int] | None:
    """The size of the (first) desktop, or None where there is none to measure (the dummy video driver)."""
    pygame.display.init()
    if pygame.display.get_driver() in ("dummy", "offscreen"):
        return None
    sizes = pygame.display.get_desktop_sizes()
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def fitting_window_size(sizes: list[tuple[int, int]] | tuple[tuple[int, int], ...], desktop: tuple[int, int],
                        room: tuple[int, int] = WINDOW_ROOM) -> tuple[int, int]:
    """The largest of ``sizes`` that fits ``desktop`` with ``room`` left free; where none does (a 1366x768
    laptop), the largest window of the first size's shape that does, so the title bar is never cut off."""
    free_w, free_h = desktop[0] - room[0], desktop[1] - room[1]
    fitting = [size for size in sizes if size[0] <= free_w and size[1] <= free_h]
    if fitting:
        return max(fitting, key=lambda size: size[0] * size[1])
    shape_w, shape_h = sizes[0]
    scale = min(free_w / shape_w, free_h / shape_h)
    return max(200, int(shape_w * scale)), max(150, int(shape_h * scale))


TOAST_WIDTH = 1100  # logical pixels: a longer toast wraps onto more lines

class App:
    """The window and the frame loop. ``App.from_config()`` builds one from the game's configuration."""

    def __init__(self, title: str = "", *, logical_size: tuple[int, int] = (1600, 900),
                 window_size: tuple[int, int] | None = None, fps: int = 60, fullscreen: bool = False,
                 animation_speed: float = 1.0, skip_animations: bool = False,
                 screenshot_dir: str | Path | None = None, skip_on_input: bool = True,
                 icon: str | Path | None = None) -> None:
        if not pygame.display.get_init():  # not pygame.init(): sound is opened by whoever wants it
            pygame.display.init()
        prefer_native_framebuffer()
        if not pygame.font.get_init():
            pygame.font.init()
        self.title = title
        self.logical_size = (int(logical_size[0]), int(logical_size[1]))
        self.fps = fps
        self.windowed_size = tuple(window_size or self.logical_size)
        self.fullscreen = False
        pygame.display.set_caption(title or "")
        if icon is not None:
            try:
                pygame.display.set_icon(pygame.image.load(str(icon)))
            except (pygame.error, OSError) as exc:  # the game still runs, with the platform's default icon
                print(f"warning: window icon {icon}: {exc}", file=sys.stderr)
        self.window = self._set_mode(self.windowed_size, fullscreen=False)
        self.canvas = pygame.Surface(self.logical_size).convert()
        self.clock = pygame.time.Clock()
        self.stack = SceneStack(self)
        self.motion = MotionWorld(animation_speed, instant=skip_animations)
        self.skip_on_input = skip_on_input
        self.tooltips = TooltipManager(screen=self.logical_size)
        self.screenshot_dir = Path(screenshot_dir) if screenshot_dir else Path.cwd() / "screenshots"
        self.running = True
        self.frame = 0
        self.time = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.frame_times: deque[float] = deque(maxlen=2000)  # work per frame
        self.frame_periods: deque[float] = deque(maxlen=2000)  # frame start to frame start (paced frames only)
        self.first_frame_seconds: float | None = None
        self.last_frame_texts: list[T.DrawnText] = []
        self.frames_skipped = 0  # frames in which nothing changed, so nothing was drawn
        self.frames_partial = 0  # frames in which only a scene's moving parts were redrawn and presented
        self._scaled: pygame.Surface | None = None  # the canvas scaled to the window, reused
        self._drawn_key: tuple | None = None
        self._pending: list[pygame.Rect] | bool | None = None  # drawn, not yet presented: True = all
        self.beat = 0.0  # perf_counter() when the last frame's picture went up (or would have)
        self.last_screenshot: Path | None = None
        self._pollers: list[Callable[[], Any]] = []
        self._layers: list[Any] = []  # above every scene: see add_layer
        self._toasts: list[list[Any]] = []  # [text, seconds left]
        self.on_quit: Callable[[], bool] | None = None  # return False to refuse closing
        self.home: Callable[[], Scene] | None = None  # the title screen, for go_home()
        self.sounds: Any = None  # a shell.sound.Sounds (from_config makes one); None: silent
        self._dest = pygame.Rect((0, 0), self.logical_size)
        self._update_dest()
        if fullscreen:
            self.toggle_fullscreen()

    @classmethod
    def from_config(cls, cfg: Any = None, title: str = "", **kw: Any) -> App:
        """An app sized and paced by ``cfg.ui`` (loaded with ``load_config()`` when not given)."""
        if cfg is None:
            from game.core.config import load_config

            cfg = load_config()
        ui = cfg.ui
        kw.setdefault("window_size", (ui.width, ui.height))
        kw.setdefault("fps", ui.fps)
        kw.setdefault("fullscreen", bool(getattr(ui, "fullscreen", False)))
        kw.setdefault("animation_speed", ui.animation_speed)
        kw.setdefault("skip_animations", ui.skip_animations)
        sounds = kw.pop("sounds", None)
        if "screenshot_dir" not in kw:
            try:
                from game.core.paths import user_data_dir

                kw["screenshot_dir"] = user_data_dir() / "screenshots"
            except ImportError:
                pass
        app = cls(title, **kw)
        if sounds is None:
            from .sound import Sounds

            sounds = Sounds.from_config(cfg)
            sounds.preload(background=True)
        app.sounds = sounds
        return app

    # ---- window ------------------------------------------------------------
    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        flags = pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE
        return pygame.display.set_mode(size, flags)

    def _update_dest(self) -> None:
        ww, wh = self.window.get_size()
        lw, lh = self.logical_size
        scale = min(ww / lw, wh / lh) if lw and lh else 1.0
        w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
        self._dest = pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    @property
    def scale(self) -> float:
        return self._dest.w / self.logical_size[0]

    @property
    def viewport(self) -> pygame.Rect:
        """Where the logical canvas lands in the window."""
        return pygame.Rect(self._dest)

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Window pixels to logical pixels (may fall outside the canvas on the black bars)."""
        d, (lw, lh) = self._dest, self.logical_size
        return (math.floor((pos[0] - d.x) * lw / d.w), math.floor((pos[1] - d.y) * lh / d.h))

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """Logical pixels to the window pixel at the centre of that logical pixel."""
        d, (lw, lh) = self._dest, self.logical_size
        return (math.floor(d.x + (pos[0] + 0.5) * d.w / lw), math.floor(d.y + (pos[1] + 0.5) * d.h / lh))

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (what the user does by dragging its edge)."""
        self.windowed_size = (max(200, int(size[0])), max(150, int(size[1])))
        if not self.fullscreen:
            self.window = self._set_mode(self.windowed_size, fullscreen=False)
        self._window_changed()

    def _window_changed(self) -> None:
        self.window = pygame.display.get_surface() or self.window
        self._update_dest()
        self.stack.on_resize(self.window.get_size())

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        if self.fullscreen:
            try:
                size = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                size = self.windowed_size
            self.window = self._set_mode(size, fullscreen=True)
        else:
            self.window = self._set_mode(self.windowed_size, fullscreen=False)
        self._window_changed()

    # ---- scenes and overlays ------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        return self.stack.push(scene)

    def pop(self) -> Scene | None:
        return self.stack.pop()

    def replace(self, scene: Scene) -> Scene:
        return self.stack.replace(scene)

    def go_home(self) -> None:
        """Close every scene and open the home scene (the title); quit when there is none."""
        self.stack.clear()
        if self.home is None:
            self.quit()
        else:
            self.stack.push(self.home())

    def dialog(self, title: str, message: str, buttons: list[DialogButton | tuple] | None = None,
               dismissable: bool = True) -> ModalScene:
        """Show a modal dialog; Escape closes it when ``dismissable``."""
        dlg = Dialog(title, message, buttons or [], screen=self.logical_size)
        return self._modal(dlg, dismissable)

    def show_error(self, message: str, title: str = "Something went wrong") -> ModalScene:
        """Show an error as a dialog (one clear line is best; it wraps if longer)."""
        return self._modal(Dialog.error(message, title=title, screen=self.logical_size), True)

    def curtain(self, title: str, message: str = "", button: str = "Continue",
                on_continue: Callable[[], Any] | None = None, **kw: Any) -> ModalScene:
        """Cover the whole screen (pass-and-play); nothing under it is drawn until the button is pressed."""
        cur = Curtain(title, message, button, on_continue, screen=self.logical_size, **kw)
        scene = ModalScene(cur, self.logical_size, dim=False, opaque=True, pauses_below=True)
        cur.on_close = scene.close
        self.stack.push(scene)
        return scene

    def _modal(self, content: Dialog, dismissable: bool) -> ModalScene:
        scene = ModalScene(content, self.logical_size)
        content.on_close = scene.close
        if dismissable:
            scene.on_escape = scene.close
        self.stack.push(scene)
        return scene

    def toast(self, text: str, seconds: float = 2.5, *, once: bool = False) -> None:
        """A short message at the bottom of the screen; ``once``: the same words shown already go first (a
        message repeated quickly, such as one per undo, shows once, fresh, not stacked)."""
        if once:
            self._toasts = [t for t in self._toasts if t[0] != text]
        self._toasts.append([text, seconds])

    def drop_toast(self, text: str) -> None:
        """The toast with these words put away (what it said is over)."""
        self._toasts = [t for t in self._toasts if t[0] != text]

    # ---- per-frame hooks ----------------------------------------------------
    def add_poller(self, fn: Callable[[], Any]) -> Callable[[], Any]:
        """Call ``fn()`` once every frame, before the scenes update (e.g. to drain a bot worker's queue)."""
        self._pollers.append(fn)
        return fn

    def remove_poller(self, fn: Callable[[], Any]) -> None:
        if fn in self._pollers:
            self._pollers.remove(fn)

    def add_layer(self, layer: Any) -> Any:
        """Put ``layer`` above every scene (a guide over a game's table): each event goes to its
        ``handle_event(event) -> bool`` before the scenes (True: used, the scenes never see it), it is
        ``update(dt)``-ed after them and ``draw(surface)``-n over them, under the toasts and the tooltip; where
        its ``covers(pos)`` is True no scene's tooltip shows; what its optional ``keep_clear()`` lists
        (rectangles: a guide's outlines and panel) no tooltip covers, and no scene's part redrawn alone."""
        self._layers.append(layer)
        self.invalidate()
        return layer

    def remove_layer(self, layer: Any) -> None:
        if layer in self._layers:
            self._layers.remove(layer)
            self.invalidate()

    # ---- events -------------------------------------------------------------
    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """The event with window positions turned into logical ones (mouse wheel gets the mouse's pos)."""
        if event.type in MOUSE_EVENTS:
            d = dict(event.dict)
            d["window_pos"] = d.get("pos", (0, 0))
            d["pos"] = self.to_logical(d["window_pos"])
            if "rel" in d:
                s = self.scale
                d["rel"] = (int(round(d["rel"][0] / s)), int(round(d["rel"][1] / s)))
            self.mouse = d["pos"]
            return pygame.event.Event(event.type, d)
        if event.type == pygame.MOUSEWHEEL:
            d = dict(event.dict)
            d["pos"] = self.mouse
            return pygame.event.Event(event.type, d)
        return event

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            if self.on_quit is None or self.on_quit() is not False:
                self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if not self.fullscreen and event.type == pygame.VIDEORESIZE:
                self.windowed_size = (event.w, event.h)
            self._window_changed()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F12:
                try:
                    path = self.screenshot()
                except (OSError, pygame.error) as exc:
                    self.toast(f"Screenshot not saved: {getattr(exc, 'strerror', None) or exc}")
                else:
                    self.toast(f"Screenshot saved: {path.name}")
                return
        aimed = None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.tooltips.notify_press()
            if self.skip_on_input and self.motion.busy:
                aimed = self.stack.top  # what the press was aimed at, whatever the finished motion brings up
                self.motion.skip_all()  # the click or key finishes the motion at once, and still counts
        if any(layer.handle_event(event) for layer in reversed(list(self._layers))):
            return
        self.stack.handle_event(event, aimed)  # a skipping press, and its release, go where it was aimed

    # ---- the frame ----------------------------------------------------------
    def step(self, dt: float | None = None) -> None:
        """Run one frame. ``dt`` (seconds) is measured with the clock when None; tests pass a fixed value.

        Paced by the clock, a frame first puts up the picture the frame before drew (on the beat:
        right after the wait), then handles input and draws the next one; so every picture reaches
        the screen one frame period after the last, however long it took to draw (within a frame),
        at the cost of one frame of latency. Driven from outside, a frame presents what it drew."""
        paced = dt is None
        if dt is None:
            dt = self.clock.tick(self.fps) / 1000.0  # waits to hold the frame rate
            if self.frame:
                self.frame_periods.append(dt)
        else:
            self.clock.tick()  # driven from outside (tests, benchmarks): never wait
        dt = min(max(dt, 0.0), 0.25)
        start = time.perf_counter()
        self.present_pending()
        self.beat = time.perf_counter()  # when this frame's screen went up
        events = pygame.event.get()
        for raw in events:
            self.handle_event(self.map_event(raw))
        for fn in list(self._pollers):
            fn()
        self.time += dt
        moving = self.motion.busy
        self.motion.update(dt)
        self.stack.update(dt)
        for layer in list(self._layers):
            layer.update(dt)
        inside = self._mouse_inside() and not any(layer.covers(self.mouse) for layer in self._layers)
        self.tooltips.update(dt, self.mouse, self.stack.tooltip_at(self.mouse) if inside else None,
                             self.stack.tooltip_owner_rect(self.mouse) if inside else None,
                             self._kept_clear())
        how = self._must_draw(bool(events) or moving)
        if how == "parts" and self._draw_parts():
            self.frames_partial += 1
        elif how is None:
            self.frames_skipped += 1
        else:
            self.draw(dt)
        if not paced:
            self.present_pending()
        self.frame += 1
        self.frame_times.append(time.perf_counter() - start)

    def _must_draw(self, changed: bool) -> str | None:
        """How this frame's picture can differ from the last one drawn: "full" after input, motion, a
        toast, a change of the tooltip or of the scenes; "parts" when only a scene animates by itself
        (its moving parts may be redrawn alone); None when nothing changed: a still screen is not
        drawn again."""
        tip = self.tooltips.visible_text
        key = (self.stack.version, tip, self.tooltips.pos if tip else None, self.window.get_size())
        if changed or self.frame == 0 or self._toasts or key != self._drawn_key or self.motion.busy:
            self._drawn_key = key
            return "full"
        if self.stack.animating:
            return "parts" if tip is None else "full"
        return None

    def _kept_clear(self) -> list[pygame.Rect]:
        """What the layers draw and keep in view (their optional ``keep_clear()``): no tooltip covers it,
        and no part of a scene is redrawn alone over it."""
        return [r for layer in self._layers for r in getattr(layer, "keep_clear", list)()]

    def _draw_parts(self) -> bool:
        """Redraw only the moving parts of the one visible scene (and present only them); False when
        it needs a full draw instead (a part under a layer: the layer is drawn again over it)."""
        rects = self.stack.redraw_parts(self.canvas)
        if rects is None:
            return False
        kept = self._kept_clear()
        if any(r.collidelist(kept) >= 0 for r in rects):
            return False
        if self._pending is None:
            self._pending = list(rects)
        elif self._pending is not True:
            self._pending.extend(rects)
        return True

    def present_pending(self) -> None:
        """Put up what was drawn and not shown yet: the whole canvas, or just the parts redrawn."""
        pending, self._pending = self._pending, None
        if pending is True:
            self.present()
        elif pending:
            self.present(pending)
        else:
            return
        if self.first_frame_seconds is None:  # the first picture on the screen
            self.first_frame_seconds = time.time() - process_start_time()

    def invalidate(self) -> None:
        """Draw the next frame even if nothing seems to have changed."""
        self._drawn_key = None

    def _mouse_inside(self) -> bool:
        return 0 <= self.mouse[0] < self.logical_size[0] and 0 <= self.mouse[1] < self.logical_size[1]

    def draw(self, dt: float = 0.0) -> None:
        T.registry.begin_frame()
        self.canvas.fill(TH.current().colours.background)
        self.stack.draw(self.canvas)
        for layer in self._layers:
            layer.draw(self.canvas)
        self._draw_toasts(dt)
        self.tooltips.draw(self.canvas)
        self.last_frame_texts = list(T.registry.items)
        self._pending = True  # presented on the next beat (at once when driven from outside)

    def _draw_toasts(self, dt: float) -> None:
        if not self._toasts:
            return
        # a scene may name where its toasts stand (``toast_midbottom``: over nothing read at that moment)
        x, y = (getattr(self.stack.top, "toast_midbottom", None)
                or (self.logical_size[0] // 2, self.logical_size[1] - 40))
        for toast in list(self._toasts):
            toast[1] -= dt
            if toast[1] <= 0:
                self._toasts.remove(toast)
                continue
            lines = T.wrap(toast[0], TOAST_WIDTH, "body")  # a long message in lines, never past the screen
            step = T.line_height("body")
            w = max(T.text_size(line, "body")[0] for line in lines)
            rect = pygame.Rect(0, 0, w + 40, step * len(lines) + 18)
            rect.midbottom = (x, y)
            rect.clamp_ip(pygame.Rect((0, 0), self.logical_size))
            from .widgets import draw_panel

            draw_panel(self.canvas, rect, "slate_light", "gold_dark", radius=min(rect.h // 2, 22))
            for k, line in enumerate(lines):
                T.draw_text(self.canvas, line, (rect.centerx, rect.y + 9 + k * step + step // 2), "body", "text",
                            anchor="center")
            y = rect.y - 8

    def present(self, rects: list[pygame.Rect] | None = None) -> None:
        """Scale the logical canvas into the window (letterboxed) and flip; with ``rects`` (logical),
        when the window is the canvas's size, copy and update just those."""
        win = pygame.display.get_surface()
        if win is None:
            return
        self.window = win
        if self.window.get_size() != (self._dest.x * 2 + self._dest.w, self._dest.y * 2 + self._dest.h):
            self._update_dest()
        if self._dest.size == self.logical_size and self._dest.topleft == (0, 0):
            if rects is not None:
                for r in rects:
                    win.blit(self.canvas, r, r)
                pygame.display.update(rects)
                return
            win.blit(self.canvas, (0, 0))
        else:
            win.fill(TH.current().colours.letterbox)
            if self._scaled is None or self._scaled.get_size() != self._dest.size:
                self._scaled = pygame.Surface(self._dest.size, 0, self.canvas)  # one surface per window size
            if self._dest.w < self.logical_size[0]:
                pygame.transform.smoothscale(self.canvas, self._dest.size, self._scaled)
            else:
                pygame.transform.scale(self.canvas, self._dest.size, self._scaled)
            win.blit(self._scaled, self._dest)
        pygame.display.flip()

    def run(self, max_frames: int | None = None) -> int:
        """Loop until closed, the stack is empty, or ``max_frames`` frames have run. Returns frames run."""
        n = 0
        while self.running and len(self.stack) and (max_frames is None or n < max_frames):
            self.step()
            n += 1
        self.present_pending()
        return n

    def quit(self) -> None:
        self.running = False

    def play_sound(self, name: str) -> None:
        """Play a named effect of ``self.sounds`` (nothing when there are none or sound is off)."""
        if self.sounds is not None:
            self.sounds.play(name)

    # ---- screenshots and statistics -------------------------------------------
    def screenshot(self, path: str | Path | None = None) -> Path:
        """Save the logical canvas as a PNG (into ``screenshot_dir`` when no path is given)."""
        if path is None:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = self.screenshot_dir / f"screenshot-{stamp}-{self.frame:06d}.png"
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.stem + ".tmp.png")
        try:
            pygame.image.save(self.canvas, str(tmp))
            if tmp.stat().st_size == 0:  # a full disk can leave an empty file and no error
                raise OSError(28, "the disk is full")
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                tmp.unlink()
            raise
        self.last_screenshot = path
        return path

    def frame_stats(self) -> dict[str, float]:
        """Work time per frame (excluding the wait for the next frame): count, median, p95 and max in ms;
        and, for paced frames, the period from one frame to the next (``period_median_ms``, ``period_p95_ms``)."""
        times = sorted(self.frame_times)
        if not times:
            return {"frames": 0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0,
                    "period_median_ms": 0.0, "period_p95_ms": 0.0}
        periods = sorted(self.frame_periods) or [0.0]
        return {"frames": len(times), "median_ms": statistics.median(times) * 1000, "p95_ms": p95(times) * 1000,
                "max_ms": times[-1] * 1000, "period_median_ms": statistics.median(periods) * 1000,
                "period_p95_ms": p95(periods) * 1000}


def p95(sorted_values: list[float]) -> float:
    """The 95th percentile (nearest rank) of values already sorted."""
    return sorted_values[min(len(sorted_values) - 1, int(round(0.95 * (len(sorted_values) - 1))))]
