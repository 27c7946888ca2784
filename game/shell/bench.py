"""Frame times of a game's real table while bots play: ``python main.py bench --section window``.

Any registered game with a window: its window module's ``TableScene`` is opened on a 4-player
session (``BENCH_SETUP`` of that module, if any, is the setup) with three normal bots beside
seat 0, which is one of: a person who never moves (the still table), the hard bot, the expert
bot. The frame loop runs at its normal pace (``Clock.tick(fps)``), with the bots in the worker.
Reported, over all frames and over the frames in which seat 0 was to move (a person waiting, or
the bot thinking): the frame period from one picture going up to the next (``App.beat``: what the
player sees), the period from the end of one frame's work to the next (what the player saw when a
frame was presented as soon as it was drawn; kept to compare with earlier figures) and the work per
frame; and how many frames were not drawn at all or drew only their moving parts.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game.core.games import GameAdapter
from game.core.session import GameSession, Seat

from .app import App, p95
from .title import presets as _presets

SEAT0 = (("human", "a person to move, nothing moving"), ("hard", "the hard bot thinking"),
         ("expert", "the expert bot thinking"))


def _stats(xs: list[float]) -> dict[str, float]:
    return {"frames": len(xs), "median_ms": statistics.median(xs) * 1000 if xs else 0.0,
            "p95_ms": p95(sorted(xs)) * 1000 if xs else 0.0}


def measure_window(cfg: Any, game: GameAdapter, seconds: float = 30.0, seed: int = 1,
                   bot: str = "hard") -> dict[str, Any]:
    """Run ``game``'s table for ``seconds`` with ``bot`` (a preset, or "human": a person who never
    moves) in seat 0 and three normal bots; frame statistics in milliseconds."""
    ui = game.ui()
    app = App.from_config(cfg, title=f"{game.title} (bench)")
    first = Seat("human") if bot == "human" else Seat("bot", bot)
    seats = [first, Seat("bot", "normal"), Seat("bot", "normal"), Seat("bot", "normal")]
    sess = GameSession(4, seats, seed, dict(getattr(ui, "BENCH_SETUP", {})), presets=_presets(cfg),
                       game=game.key)
    app.push(ui.TableScene(cfg, sess))
    periods: list[float] = []
    periods_seat0: list[float] = []
    ends: list[float] = []
    ends_seat0: list[float] = []
    work: list[float] = []
    work_seat0: list[float] = []
    t_end = time.perf_counter() + seconds
    last = last_end = None
    while time.perf_counter() < t_end and app.running and not sess.is_over():
        if bot == "human":  # the still table: a person to move, nothing moving
            seat0 = sess.human_to_move() and not app.motion.busy
        else:
            seat0 = sess.job is not None and sess.to_move() == 0
        app.step()
        t1 = time.perf_counter()
        if last is not None:
            periods.append(app.beat - last)
            ends.append(t1 - last_end)
            if seat0:
                periods_seat0.append(app.beat - last)
                ends_seat0.append(t1 - last_end)
        last, last_end = app.beat, t1
        work.append(app.frame_times[-1])
        if seat0:
            work_seat0.append(app.frame_times[-1])
    sess.close()
    return {"fps": app.fps, "all": _stats(periods), "seat0": _stats(periods_seat0), "ends_all": _stats(ends),
            "ends_seat0": _stats(ends_seat0), "work_all": _stats(work),
            "work_seat0": _stats(work_seat0), "skipped": app.frames_skipped, "partial": app.frames_partial,
            "frames": app.frame}


def print_window_bench(cfg: Any, game: GameAdapter, seconds: float = 30.0, seed: int = 1) -> None:
    """The table three ways (see the module's text), ``seconds`` each."""
    for bot, what in SEAT0:
        r = measure_window(cfg, game, seconds, seed, bot)
        print(f"{game.title} window, 4 players ({bot} + 3 normal), {seconds:g} s at {r['fps']} fps target: "
              f"{r['frames']} frames, {r['skipped']} not drawn (nothing changed), {r['partial']} drew only "
              "their moving parts")
        for key, label in (("all", "frame period, all frames"), ("seat0", f"frame period, {what}"),
                           ("ends_all", "end of work to end of work, all frames"),
                           ("ends_seat0", f"end of work to end of work, {what}"),
                           ("work_all", "work per frame, all frames"), ("work_seat0", f"work per frame, {what}")):
            st = r[key]
            print(f"  {label:<62} {st['frames']:>6} frames  median {st['median_ms']:6.1f} ms  "
                  f"p95 {st['p95_ms']:6.1f} ms")
