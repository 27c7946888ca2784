"""Frame times of the real window during a 4-player game while a hard bot thinks.

``python main.py bench --section window`` opens the table (a real window when there is a
display, SDL's dummy driver otherwise), seats one hard bot and three normal bots, and runs
the frame loop at its normal pace (``Clock.tick(fps)``) with the bots in the worker thread.
It reports the frame period (start to start: what the player sees) and the work per frame,
over all frames and over the frames during which the hard bot was thinking.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.core.session import GameSession, Seat
from game.shell.app import App, p95
from game.shell.title import presets as _presets

from .table_scene import TableScene


def measure_window(cfg: Any, seconds: float = 30.0, seed: int = 1, bot: str = "hard") -> dict[str, Any]:
    """Run the table for ``seconds`` with ``bot`` in seat 1 and three normal bots (or, with ``bot`` =
    "human", a person who never moves: the still table); frame statistics in milliseconds."""
    app = App.from_config(cfg, title="Realm of Reckoning (bench)")
    first = Seat("human") if bot == "human" else Seat("bot", bot)
    seats = [first, Seat("bot", "normal"), Seat("bot", "normal"), Seat("bot", "normal")]
    sess = GameSession(4, seats, seed, presets=_presets(cfg), game="realm")
    app.push(TableScene(cfg, sess))
    periods: list[float] = []
    periods_thinking: list[float] = []
    work: list[float] = []
    work_thinking: list[float] = []
    t_end = time.perf_counter() + seconds
    last = None
    while time.perf_counter() < t_end and app.running and not sess.state.is_terminal():
        p = sess.to_move()
        if bot == "human":  # the still table: a person to move, nothing moving
            thinking = sess.seats[p].human and not app.motion.busy
        else:
            thinking = sess.job is not None and p == 0
        t0 = time.perf_counter()
        app.step()
        t1 = time.perf_counter()
        if last is not None:
            periods.append(t1 - last)
            if thinking:
                periods_thinking.append(t1 - last)
        last = t1
        w = app.frame_times[-1] if app.frame_times else t1 - t0
        work.append(w)
        if thinking:
            work_thinking.append(w)
    sess.close()
    ms = 1000.0

    def stats(xs: list[float]) -> dict[str, float]:
        return {"frames": len(xs), "median_ms": statistics.median(xs) * ms if xs else 0.0,
                "p95_ms": p95(sorted(xs)) * ms if xs else 0.0}

    return {"fps": app.fps, "all": stats(periods), "thinking": stats(periods_thinking),
            "work_all": stats(work), "work_thinking": stats(work_thinking), "skipped": app.frames_skipped}


def print_window_bench(cfg: Any, seconds: float = 30.0, seed: int = 1) -> None:
    """The real table three ways: a person to move and nothing moving, a hard bot thinking, an expert
    bot thinking (each beside three normal bots), for ``seconds`` each."""
    for bot, what in (("human", "a person to move, nothing moving"), ("hard", "the hard bot thinking"),
                      ("expert", "the expert bot thinking")):
        r = measure_window(cfg, seconds, seed, bot)
        print(f"Window frame loop, 4 players ({bot} + 3 normal), {seconds:g} s at {r['fps']} fps target; "
              f"{r['skipped']} frames not redrawn (nothing changed)")
        for key, label in (("all", "frame period, all frames"), ("thinking", f"frame period, {what}"),
                           ("work_all", "work per frame, all frames"), ("work_thinking", f"work per frame, {what}")):
            st = r[key]
            print(f"  {label:<50} {st['frames']:>6} frames  median {st['median_ms']:6.1f} ms  "
                  f"p95 {st['p95_ms']:6.1f} ms")
