"""Opening the window: the title screen (or an all-bots demo game) for the registered games."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Sequence
from typing import Any

from game.core import paths
from game.core.games import GameAdapter
from game.core.session import GameSession, Seat

from .app import App, desktop_size, fitting_window_size
from .settings import WINDOW_SIZES
from .title import TitleScene, presets


def run_window(cfg: Any, games: Sequence[GameAdapter], game: str | None = None, demo: bool = False,
               max_frames: int | None = None, report: bool = False) -> int:
    """Open the window: the title screen, or with ``demo`` an all-bots game of ``game`` (default: the
    first game) to watch. ``report``: print the launch-to-first-frame time and the frame statistics
    when the window closes."""
    from game.core.config import ensure_user_config

    ensure_user_config()
    fit_first_window(cfg)
    app = App.from_config(cfg, title=paths.app_identity().title, icon=paths.resource_path("assets", "icon.png"))
    app.home = lambda: TitleScene(cfg, games)
    sess: GameSession | None = None
    if demo:
        g = next((x for x in games if x.key == game), games[0])
        if not g.has_window():
            raise SystemExit(f"error: {g.title} has no window yet")
        seats = [Seat("bot", b) for b in g.demo_seats[: g.max_players]]
        while len(seats) < g.min_players:
            seats.append(Seat("bot", "normal"))
        sess = GameSession(len(seats), seats, random.randrange(1, 10**6), presets=presets(cfg), game=g)
        app.push(g.ui().TableScene(cfg, sess))
    else:
        app.go_home()
    frames = app.run(max_frames)
    if report:
        st = app.frame_stats()
        print(f"first frame {app.first_frame_seconds or 0:.2f} s after launch; {frames} frames: "
              f"work median {st['median_ms']:.1f} ms, p95 {st['p95_ms']:.1f} ms; "
              f"frame period median {st['period_median_ms']:.1f} ms, p95 {st['period_p95_ms']:.1f} ms")
        worker = sess.worker if sess is not None else None
        if worker is not None:
            pool = worker.pool
            print(f"bots: {worker.searched_in_processes} decisions searched in "
                  f"{_processes(pool)}, {worker.fell_back} fell back")
    return 0


def fit_first_window(cfg: Any) -> None:
    """A start with no window size of the user's (the first): the largest offered size that fits the desktop,
    kept in the user's settings, so the window never opens larger than the screen. A size the user set (in
    Settings, their config.toml or ``--config``) is left as it is."""
    from game.core.config import ConfigError, save_user_settings

    if {"ui.width", "ui.height"} & cfg.user_set:
        return
    desktop = desktop_size()
    if desktop is None:
        return
    width, height = fitting_window_size(WINDOW_SIZES, desktop)
    cfg.ui["width"], cfg.ui["height"] = width, height
    with contextlib.suppress(ConfigError):  # not kept (an unwritable folder): chosen again next time
        save_user_settings({"ui": {"width": width, "height": height}})


def _processes(pool: Any) -> str:
    n = len(pool.pids()) if pool is not None else 0
    return f"{n} search process" + ("" if n == 1 else "es")
