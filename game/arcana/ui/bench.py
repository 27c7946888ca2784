"""Frame times of the Res Arcana table while bots play (the window's part of ``bench``)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.core.session import GameSession, Seat
from game.shell.app import App, p95
from game.shell.title import presets as _presets

from .table import TableScene


def measure_window(cfg: Any, seconds: float = 30.0, seed: int = 1) -> dict[str, Any]:
    """Run an all-bots 4-player table for ``seconds``; frame statistics in milliseconds."""
    app = App.from_config(cfg, title="Res Arcana (bench)")
    seats = [Seat("bot", "hard"), Seat("bot", "normal"), Seat("bot", "normal"), Seat("bot", "normal")]
    sess = GameSession(4, seats, seed, {"preset": "random"}, presets=_presets(cfg), game="arcana")
    app.push(TableScene(cfg, sess))
    periods: list[float] = []
    work: list[float] = []
    t_end = time.perf_counter() + seconds
    last = None
    while time.perf_counter() < t_end and app.running and not sess.is_over():
        app.step()
        t1 = time.perf_counter()
        if last is not None:
            periods.append(t1 - last)
        last = t1
        if app.frame_times:
            work.append(app.frame_times[-1])
    sess.close()

    def stats(xs: list[float]) -> dict[str, float]:
        return {"frames": len(xs), "median_ms": statistics.median(xs) * 1000 if xs else 0.0,
                "p95_ms": p95(sorted(xs)) * 1000 if xs else 0.0}

    return {"fps": app.fps, "all": stats(periods), "work": stats(work)}


def print_window_bench(cfg: Any, seconds: float = 30.0, seed: int = 1) -> None:
    r = measure_window(cfg, seconds, seed)
    print(f"Res Arcana window, 4 bots, {seconds:g} s at {r['fps']} fps target")
    for key, label in (("all", "frame period"), ("work", "work per frame")):
        s = r[key]
        print(f"  {label:<16} {s['frames']:>6} frames  median {s['median_ms']:6.1f} ms  p95 {s['p95_ms']:6.1f} ms")
