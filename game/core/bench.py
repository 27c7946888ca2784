"""Benchmarks of any registered game: engine speed, search speed, the frame loop beside a thinking bot.

Times are CPU time of this process where the figure is the engine's or the search's own work,
so a shared machine's other load does not distort them. The window section belongs to the
shell (``game.shell.bench``), which opens the game's own table.
"""

from __future__ import annotations

import copy
import random
import statistics
import time
from typing import Any

from .games import GameAdapter


def random_games(game: GameAdapter, players: int, games: int, seed: int) -> tuple[float, float]:
    """Uniformly random playouts: (games per CPU-second, decisions per game)."""
    steps = 0
    t0 = time.process_time()
    for g in range(games):
        s = game.new_game(players, seed + g)
        rng = random.Random(seed + g)
        fast = getattr(s, "apply_unchecked", s.apply)
        while not s.is_terminal():
            acts = s.legal_actions()
            fast(acts[rng.randrange(len(acts))])
            steps += 1
    dt = max(1e-9, time.process_time() - t0)
    return games / dt, steps / games


def mid_game(game: GameAdapter, players: int, seed: int, steps: int = 60) -> Any:
    """A position some random moves into a game, with a real choice to make."""
    from ai.bench import mid_game as _mid_game

    return _mid_game(game.hooks, players, seed, steps)


def bench_engine(game: GameAdapter, games: int, seed: int) -> dict[str, float]:
    out: dict[str, float] = {}
    print(f"{game.title} engine: random playouts (one process; per second of this process's CPU time)")
    print(f"{'players':>8} {'games/s':>9} {'decisions/game':>15}")
    for n in range(game.min_players, game.max_players + 1):
        rates = [random_games(game, n, max(1, games // 3), seed + 1000 * k) for k in range(3)]
        med = statistics.median(r[0] for r in rates)
        out[f"games_per_s_{n}p"] = med
        print(f"{n:>8} {med:>9.1f} {statistics.median(r[1] for r in rates):>15.0f}")
    s = mid_game(game, game.max_players - 1 if game.max_players > 2 else 2, seed, steps=150)
    reps = 2000
    t0 = time.process_time()
    for _ in range(reps):
        s.copy()
    t_copy = (time.process_time() - t0) / reps
    reps_d = 100
    t0 = time.process_time()
    for _ in range(reps_d):
        copy.deepcopy(s)
    t_deep = (time.process_time() - t0) / reps_d
    out["copy_us"] = t_copy * 1e6
    out["deepcopy_us"] = t_deep * 1e6
    print(f"State.copy(): {t_copy * 1e6:.1f} us; copy.deepcopy: {t_deep * 1e6:.1f} us; "
          f"ratio {t_deep / max(t_copy, 1e-12):.0f}x")
    return out


def bench_search(game: GameAdapter, seed: int) -> dict[str, float]:
    """ISMCTS iterations per CPU-second of this process: fixed-iteration searches from mid-game
    positions, so neither the machine's other load nor a time budget changes the figure."""
    from ai.mcts import ISMCTSAgent

    print(f"{game.title}: ISMCTS iterations per CPU-second (fixed-iteration searches from mid-game positions, "
          f"median of 5)")
    rollout = game.hooks.default_rollout()
    out: dict[str, float] = {}
    for n in range(game.min_players, game.max_players + 1):
        for cutoff, iterations in ((0, 200), (40, 1000)):
            rates = []
            for k in range(5):
                s = mid_game(game, n, seed + k)
                agent = ISMCTSAgent(seconds=0, iterations=iterations, cutoff=cutoff, rollout=rollout)
                t0 = time.process_time()
                res = agent.search(s, s.to_move(), s.legal_actions(), random.Random(k))
                rates.append(res.iterations / max(1e-9, time.process_time() - t0))
            out[f"mcts_{n}p_cutoff{cutoff}"] = statistics.median(rates)
            print(f"  {n} players, cutoff {cutoff:>2}: {statistics.median(rates):8.0f} iterations/s")
    return out


def bench_processes(game: GameAdapter, seed: int) -> None:
    """Iterations per decision of hard and expert, the search in the worker's thread against its
    search processes, and the frame loop beside each (``ai.bench``)."""
    from ai.bench import main as ai_bench

    ai_bench(["--hooks", game.hooks_path, "--presets", "game.core.session:presets_of", "--seed", str(seed),
              "--players", str(min(4, game.max_players))])


def bench_frames(game: GameAdapter, cfg: Any, seed: int) -> None:
    from ai.bench import measure_frame_loop

    from .session import make_agent

    players = min(4, game.max_players)
    s = mid_game(game, players, seed)
    agent = make_agent(game, "hard", cfg)
    stats = measure_frame_loop(agent, s, s.to_move(), s.legal_actions(), frames=120)
    print(f"Frame loop beside a thinking {agent.name} bot (16 ms frames, {players} players): median "
          f"{stats['median_ms']:.1f} ms, p95 {stats['p95_ms']:.1f} ms over {stats['frames']} frames, "
          f"{stats['iterations']} search iterations")
