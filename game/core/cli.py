"""Command line: the window by default, and the headless commands.

Every command reports bad input in one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any


class UsageError(Exception):
    """Bad command-line input; the message is one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(f"{self.prog}: {message}")


def _positive(name: str, lo: int = 1, hi: int | None = None):
    def conv(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a whole number (got {text!r})") from None
        if v < lo or (hi is not None and v > hi):
            rng = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
            raise argparse.ArgumentTypeError(f"{name} must be {rng} (got {v})")
        return v
    return conv


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="main.py", description="Realm of Reckoning: the digital edition.")
    p.add_argument("--demo", action="store_true", help="open the window with an all-bots game to watch")
    p.add_argument("--config", type=Path, default=None, help="use this config.toml instead of the user's copy")
    p.add_argument("--frames", type=_positive("--frames"), default=None,
                   help="close the window after this many frames and print the launch and frame-time figures")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sim = sub.add_parser("simulate", help="play bots-only games headless and print the results")
    sim.add_argument("--players", type=_positive("--players", 2, 5), default=4)
    sim.add_argument("--games", type=_positive("--games"), default=1)
    sim.add_argument("--seed", type=_positive("--seed", 0), default=1)
    sim.add_argument("--bots", default=None, help="comma-separated bot specs, one per seat (default: rule)")
    sim.add_argument("--factions", default=None, help="comma-separated faction ids, one per seat")
    sim.add_argument("--log-dir", type=Path, default=None, help="write one JSON-lines log per game here")

    rep = sub.add_parser("replay", help="replay a game log and check it reaches the same result")
    rep.add_argument("file", type=Path)

    bench = sub.add_parser("bench", help="measure engine and bot speed")
    bench.add_argument("--games", type=_positive("--games"), default=None)
    bench.add_argument("--seconds", type=_positive("--seconds"), default=30,
                       help="how long the window section runs the table")
    bench.add_argument("--seed", type=_positive("--seed", 0), default=1)
    bench.add_argument("--section", choices=("all", "engine", "mcts", "frames", "window"), default="all")

    tour = sub.add_parser("tournament", help="seat-rotated bot tournament in parallel processes")
    tour.add_argument("--players", type=_positive("--players", 2, 5), default=4)
    tour.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat")
    tour.add_argument("--games", type=_positive("--games"), default=20)
    tour.add_argument("--seed", type=_positive("--seed", 0), default=1)
    tour.add_argument("--jobs", type=_positive("--jobs", 1, 64), default=1)
    tour.add_argument("--json", action="store_true", help="print the report as JSON")
    tour.add_argument("--results", type=Path, default=None,
                      help="JSON-lines file: one line per finished game; a rerun resumes from it")
    return p


def _load_config(path: Path | None) -> Any:
    from game.shell.config import ConfigError, load_config

    try:
        return load_config(path) if path else load_config()
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


def _split(text: str | None, players: int, what: str, default: str) -> list[str]:
    if text is None:
        return [default] * players
    items: list[str] = []
    for x in (x.strip() for x in text.split(",")):
        if not x:
            continue
        if "=" in x and ":" not in x and items:  # a parameter of the previous bot: mcts:seconds=1,cutoff=40
            items[-1] += "," + x
        else:
            items.append(x)
    if len(items) != players:
        raise UsageError(f"--{what} lists {len(items)} entries for {players} players")
    return items


def main(argv: list[str] | None = None) -> int:
    from game.realm.engine.errors import ContentError

    argv = sys.argv[1:] if argv is None else argv
    windowed = not argv or argv[0].startswith("-")  # no command: the window (until parsed)
    try:
        args = build_parser().parse_args(argv)
        windowed = args.command is None
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "bench":
            return cmd_bench(args)
        if args.command == "tournament":
            return cmd_tournament(args)
        return cmd_window(args)
    except UsageError as exc:
        return fatal(str(exc), windowed)
    except ContentError as exc:
        return fatal(f"the game's bundled data is damaged or missing: {exc}", windowed)


def fatal(message: str, windowed: bool = False) -> int:
    """Report a fatal error in one line on stderr and, for a game started without a terminal
    (a double-clicked build), in a dialog too. Returns the exit status, 2."""
    line = f"error: {message}"
    if sys.stderr is not None:  # None in a windowed Windows build
        print(line, file=sys.stderr)
    if windowed and _no_terminal():
        try:
            import pygame

            pygame.display.message_box("Realm of Reckoning", line, message_type="error")
        except Exception:  # noqa: BLE001 - no display or no dialog support: stderr has it already
            pass
    return 2


def _no_terminal() -> bool:
    from game.shell.paths import is_frozen

    stream = sys.stderr
    return is_frozen() and (stream is None or not getattr(stream, "isatty", lambda: False)())


# ---------------------------------------------------------------- simulate
def cmd_simulate(args: argparse.Namespace) -> int:
    from game.realm.engine import new_game
    from game.realm.hooks import make_agent

    from .gamelog import GameLog

    cfg = _load_config(args.config) if hasattr(args, "config") else None
    specs = _split(args.bots, args.players, "bots", "rule")
    factions = _split(args.factions, args.players, "factions", "random") if args.factions else None
    try:
        agents = [make_agent(spec, cfg) for spec in specs]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for g in range(args.games):
        seed = args.seed + g
        try:
            state = new_game(args.players, seed=seed, factions=factions)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        log = GameLog(state, seed, specs)
        rng = random.Random(seed * 7919 + 1)
        while not state.is_terminal():
            seat = state.to_move()
            legal = state.legal_actions()
            action = agents[seat].decide(state, seat, legal, random.Random(rng.getrandbits(62)))
            log.record(seat, action)
            state.apply(action)
        names = [state.c.factions[f].id for f in state.factions]
        print(f"game {g + 1} seed {seed}: scores " + ", ".join(f"{nm} {sc}" for nm, sc in zip(names, state.score))
              + f"; winner seat {state.winner} ({names[state.winner]}, {specs[state.winner]})")
        if args.log_dir:
            path = Path(args.log_dir) / f"game_{seed:06d}.jsonl"
            try:
                log.write(path, state)
            except OSError as exc:
                raise UsageError(f"{path}: cannot write the log ({exc.strerror})") from None
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from game.realm.engine import ReplayError

    from .gamelog import replay

    try:
        state = replay(args.file)
    except ReplayError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    names = [state.c.factions[f].id for f in state.factions]
    status = "reaches the recorded result" if state.is_terminal() else "is a game in progress (no result line)"
    print(f"{args.file}: replayed, {status}: scores "
          + ", ".join(f"{nm} {sc}" for nm, sc in zip(names, state.score))
          + (f"; winner seat {state.winner}" if state.is_terminal() else ""))
    return 0


# -------------------------------------------------------------------- bench
def _random_games(players: int, games: int, seed: int) -> tuple[float, float]:
    from game.realm.engine import new_game

    steps = 0
    t0 = time.process_time()  # CPU time of this process: a shared machine's other load does not count
    for g in range(games):
        s = new_game(players, seed=seed + g)
        rng = random.Random(seed + g)
        while not s.is_terminal():
            acts = s.legal_actions()
            s.apply_unchecked(acts[rng.randrange(len(acts))])
            steps += 1
    dt = time.process_time() - t0
    return games / dt, steps / games


def cmd_bench(args: argparse.Namespace) -> int:
    cfg = _load_config(args.config)
    games = args.games or cfg.bench.games
    out: dict[str, Any] = {}
    if args.section in ("all", "engine"):
        print("Engine: random playouts (one process; per second of this process's CPU time)")
        print(f"{'players':>8} {'games/s':>9} {'decisions/game':>15}")
        for n in (2, 3, 4, 5):
            rates = [_random_games(n, max(1, games // 3), args.seed + 1000 * k) for k in range(3)]
            med = statistics.median(r[0] for r in rates)
            out[f"games_per_s_{n}p"] = med
            print(f"{n:>8} {med:>9.1f} {statistics.median(r[1] for r in rates):>15.0f}")
        from game.realm.engine import new_game

        s = new_game(4, seed=args.seed)
        rng = random.Random(3)
        for _ in range(150):  # a mid-game state with tucked cards and a busy board
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
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
              f"ratio {t_deep / t_copy:.0f}x")
    if args.section in ("all", "mcts", "frames"):
        from game.realm.hooks import bench_bots

        bench_bots(cfg, args.section, args.seed)
    if args.section == "window":  # opens a window: only when asked for
        from game.realm.ui.bench import print_window_bench

        print_window_bench(cfg, seconds=float(args.seconds), seed=args.seed)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from game.realm.hooks import run_tournament_cli

    cfg = _load_config(args.config)
    specs = _split(args.bots, args.players, "bots", "rule")
    return run_tournament_cli(cfg, args.players, specs, args.games, args.seed, args.jobs, args.json,
                              args.results)


def cmd_window(args: argparse.Namespace) -> int:
    from game.realm.engine.content import default_content
    from game.realm.ui.main import run_window

    cfg = _load_config(args.config)
    default_content()  # damaged game data: a clear message now, not a crash mid-game
    return run_window(cfg, demo=args.demo, max_frames=args.frames, report=args.frames is not None)
