"""Helpers for headless tests of anything built on the shell.

    from game.shell import testing
    app = testing.make_app()              # SDL dummy drivers, 1600x900 logical
    app.push(MyScene())
    testing.click(app, (800, 450))        # logical coordinates, through the real event queue
    testing.step(app, 30)                 # 30 frames of 1/60 s each
    assert testing.was_drawn(app, "Your turn")
    assert not testing.was_drawn(app, "secret card name")

Input is posted as real pygame events at the *window* position of the given
logical point, so the app's coordinate mapping is exercised as well. Frames
run with a fixed ``dt`` (never wall-clock time), so tests are deterministic.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DT = 1 / 60


def use_dummy_drivers() -> None:
    """Make SDL run without a screen or a sound card (call before pygame opens a window)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


use_dummy_drivers()

import pygame  # noqa: E402

from .app import App  # noqa: E402
from .scene import WidgetScene  # noqa: E402
from .widgets import Widget  # noqa: E402


def make_app(window_size: tuple[int, int] | None = None, logical_size: tuple[int, int] = (1600, 900),
             **kw: Any) -> App:
    """A fresh app on the dummy video driver. Animation skipping on input is off unless asked for."""
    use_dummy_drivers()
    pygame.display.quit()  # a clean window and event queue for every test
    pygame.display.init()
    kw.setdefault("skip_on_input", False)
    app = App("test", logical_size=logical_size, window_size=window_size, **kw)
    pygame.event.clear()
    return app


def step(app: App, frames: int = 1, dt: float = DT) -> None:
    """Run ``frames`` frames of ``dt`` simulated seconds each."""
    for _ in range(frames):
        app.step(dt)


def _post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, attrs))


def move(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    """Move the mouse to logical ``pos``."""
    wpos = app.to_window(pos)
    old = app.to_window(app.mouse) if app.mouse != (-1, -1) else wpos
    _post(pygame.MOUSEMOTION, pos=wpos, rel=(wpos[0] - old[0], wpos[1] - old[1]), buttons=(0, 0, 0), touch=False)
    step(app, frames)


def press(app: App, pos: tuple[int, int], button: int = 1) -> None:
    wpos = app.to_window(pos)
    _post(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    _post(pygame.MOUSEBUTTONDOWN, pos=wpos, button=button, touch=False)
    step(app)


def release(app: App, pos: tuple[int, int], button: int = 1) -> None:
    wpos = app.to_window(pos)
    _post(pygame.MOUSEBUTTONUP, pos=wpos, button=button, touch=False)
    step(app)


def click(app: App, pos: tuple[int, int], button: int = 1, frames: int = 1) -> None:
    """Move to logical ``pos``, press and release there, then run ``frames`` frames."""
    wpos = app.to_window(pos)
    _post(pygame.MOUSEMOTION, pos=wpos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
    _post(pygame.MOUSEBUTTONDOWN, pos=wpos, button=button, touch=False)
    _post(pygame.MOUSEBUTTONUP, pos=wpos, button=button, touch=False)
    step(app, frames)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """Press at ``start``, move in ``steps`` moves to ``end``, release there."""
    press(app, start)
    last = app.to_window(start)
    for i in range(1, steps + 1):
        p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        w = app.to_window(p)
        _post(pygame.MOUSEMOTION, pos=w, rel=(w[0] - last[0], w[1] - last[1]), buttons=(1, 0, 0), touch=False)
        last = w
        step(app)
    release(app, end)


def wheel(app: App, pos: tuple[int, int], dy: int = -1) -> None:
    """Turn the mouse wheel over logical ``pos`` (negative ``dy`` scrolls down/towards the user)."""
    move(app, pos, frames=0)
    _post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy), touch=False)
    step(app)


def key(app: App, key_code: int, mod: int = 0, unicode: str = "", frames: int = 1) -> None:
    """Press and release a key."""
    _post(pygame.KEYDOWN, key=key_code, mod=mod, unicode=unicode, scancode=0)
    _post(pygame.KEYUP, key=key_code, mod=mod, unicode=unicode, scancode=0)
    step(app, frames)


def widgets(app: App) -> Iterator[Widget]:
    """Every widget of every widget scene on the stack, top scene first."""
    for scene in reversed(app.stack.scenes):
        if isinstance(scene, WidgetScene):
            yield from scene.root.walk()


def find_widget(app: App, text: str, kind: type | None = None, exact: bool = True) -> Widget:
    """The first widget (top scene first) whose ``text`` is ``text`` (or contains it, ``exact=False``)."""
    for w in widgets(app):
        if kind is not None and not isinstance(w, kind):
            continue
        if (w.text == text) if exact else (text in (w.text or "")):
            return w
    names = sorted({w.text for w in widgets(app) if w.text})
    raise LookupError(f"no widget with text {text!r} (widgets: {', '.join(names) or 'none'})")


def click_widget(app: App, widget: Widget, frames: int = 1) -> None:
    click(app, widget.rect.center, frames=frames)


def drawn_texts(app: App) -> list[str]:
    """Every string drawn in the last finished frame."""
    return [d.text for d in app.last_frame_texts]


def was_drawn(app: App, needle: str) -> bool:
    """True if ``needle`` was part of any string drawn in the last frame."""
    return any(needle in d.text for d in app.last_frame_texts)


def save_screenshot(app: App, path: str | Path) -> Path:
    """Save the logical canvas of the last frame as a PNG."""
    return app.screenshot(path)
