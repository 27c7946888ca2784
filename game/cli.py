"""Command line: the window by default, and the headless commands, for every registered game.

``--game KEY`` (default: the first registered game) chooses the game for each command. Every
command reports bad input in one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.games import GameAdapter


class UsageError(Exception):
    """Bad command-line input; the message is one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2
        raise UsageError(f"{self.prog}: {message}")


def _positive(name: str, lo: int = 1, hi: int | None = None):
    rng = f"{lo} to {hi}" if hi is not None else f"at least {lo}"

    def conv(text: str) -> int:
        digits = text.strip().lstrip("+-").replace("_", "")
        if digits.isdecimal() and len(digits) > 30:  # beyond every range here (and maybe beyond what int() reads)
            raise argparse.ArgumentTypeError(f"{name} must be {rng} (got a number of {len(digits)} digits)")
        try:
            v = int(text)
        except ValueError:
            shown = repr(text) if len(text) <= 40 else repr(text[:30]) + f"... ({len(text)} characters)"
            raise argparse.ArgumentTypeError(f"{name} must be a whole number (got {shown})") from None
        if v < lo or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError(f"{name} must be {rng} (got {v})")
        return v
    return conv


def _game_choice(text: str) -> str:
    from game.core.games import game_keys

    if text not in game_keys():
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (games: {', '.join(game_keys())})")
    return text


def _add_game(p: argparse.ArgumentParser) -> None:
    from game.core.games import game_keys

    p.add_argument("--game", type=_game_choice, default=None,
                   help=f"which game ({', '.join(game_keys())}; default {game_keys()[0]})")


def build_parser() -> argparse.ArgumentParser:
    from game.core.config import MAX_CHOSEN_SEED
    from game.core.games import games

    p = _Parser(prog="main.py", description="The digital editions: " + ", ".join(g.title for g in games()) + ".")
    _add_game(p)
    p.add_argument("--demo", action="store_true", help="open the window with an all-bots game to watch")
    p.add_argument("--config", type=Path, default=None, help="use this config.toml instead of the user's copy")
    p.add_argument("--frames", type=_positive("--frames"), default=None,
                   help="close the window after this many frames and print the launch and frame-time figures")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    sim = sub.add_parser("simulate", help="play bots-only games headless and print the results")
    _add_game(sim)
    sim.add_argument("--players", type=_positive("--players", 1, 99), default=None)
    sim.add_argument("--games", type=_positive("--games"), default=1)
    sim.add_argument("--seed", type=_positive("--seed", 0, MAX_CHOSEN_SEED), default=1)
    sim.add_argument("--bots", default=None, help="comma-separated bot specs, one per seat (default: rule)")
    flags: dict[str, str] = {}
    for g in games():
        for name, text in g.setup_flags.items():
            flags.setdefault(name, f"{g.title}: {text}")
    for name, text in flags.items():
        sim.add_argument(f"--{name}", default=None, help=text)
    sim.add_argument("--log-dir", type=Path, default=None, help="write one JSON-lines record per game here")
    sim.add_argument("--no-history", action="store_true",
                     help="leave these games out of your game history (they are recorded by default)")

    rep = sub.add_parser("replay", help="replay a record (a game log or a save) and check its result")
    rep.add_argument("file", type=Path)

    bench = sub.add_parser("bench", help="measure engine and bot speed")
    _add_game(bench)
    bench.add_argument("--games", type=_positive("--games"), default=None)
    bench.add_argument("--seconds", type=_positive("--seconds"), default=30,
                       help="how long the window section runs the table")
    bench.add_argument("--seed", type=_positive("--seed", 0, MAX_CHOSEN_SEED), default=1)
    bench.add_argument("--section", choices=("all", "engine", "mcts", "frames", "search", "window"), default="all",
                       help="search: hard and expert in the worker thread against the search processes")

    tour = sub.add_parser("tournament", help="seat-rotated bot tournament in parallel processes")
    _add_game(tour)
    tour.add_argument("--players", type=_positive("--players", 1, 99), default=None)
    tour.add_argument("--bots", required=True, help="comma-separated bot specs, one per seat")
    tour.add_argument("--games", type=_positive("--games"), default=20)
    tour.add_argument("--seed", type=_positive("--seed", 0, MAX_CHOSEN_SEED), default=1)
    tour.add_argument("--jobs", type=_positive("--jobs", 1, 64), default=1)
    tour.add_argument("--json", action="store_true", help="print the report as JSON")
    tour.add_argument("--results", type=Path, default=None,
                      help="JSON-lines file: one line per finished game; a rerun resumes from it")

    _add_ladder(sub)

    stats = sub.add_parser("stats", help="your game history: games, wins against each bot level, scores")
    _add_game(stats)
    stats.add_argument("--json", action="store_true", help="print the statistics as JSON")

    rev = sub.add_parser("review", help="open a record (a game log or a save) in the review: win chances, key moments")
    rev.add_argument("file", type=Path)
    rev.add_argument("--text", action="store_true",
                     help="no window: compute the review (or read its cache), print it and the time it took")
    rev.add_argument("--workers", type=_positive("--workers", 1, 64), default=2,
                     help="search processes for the review (default 2)")
    return p


def _game(args: argparse.Namespace) -> GameAdapter:
    from game.core.games import game_keys, get_game

    return get_game(getattr(args, "game", None) or game_keys()[0])


def _players(args: argparse.Namespace, game: GameAdapter) -> int:
    n = args.players if args.players is not None else game.default_players
    if not game.min_players <= n <= game.max_players:
        raise UsageError(f"--players must be {game.min_players} to {game.max_players} for {game.title} (got {n})")
    return n


def _load_config(path: Path | None) -> Any:
    from game.core.config import ConfigError, load_config

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
    from game.core.errors import ContentError

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
        if args.command == "ladder":
            return cmd_ladder(args)
        if args.command == "stats":
            return cmd_stats(args)
        if args.command == "review":
            return cmd_review(args)
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

            pygame.display.message_box(_app_title(), line, message_type="error")
        except Exception:  # noqa: BLE001 - no display or no dialog support: stderr has it already
            pass
    return 2


def _app_title() -> str:
    from game.core.paths import app_identity

    return app_identity().title


def _no_terminal() -> bool:
    from game.core.paths import is_frozen

    stream = sys.stderr
    return is_frozen() and (stream is None or not getattr(stream, "isatty", lambda: False)())


# ---------------------------------------------------------------- simulate
def cmd_simulate(args: argparse.Namespace) -> int:
    from game.core.records import Record, seats_from_specs
    from game.core.session import make_agent

    game = _game(args)
    cfg = _load_config(args.config) if hasattr(args, "config") else None
    players = _players(args, game)
    specs = _split(args.bots, players, "bots", "rule")
    setup: dict[str, Any] = {}
    for name in _setup_flag_names():
        text = getattr(args, name, None)
        if text is None:
            continue
        if name not in game.setup_flags or game.parse_setup is None:
            raise UsageError(f"--{name} is not an option of {game.title}")
        try:
            setup.update(game.parse_setup(name, text, players))
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    try:
        agents = [make_agent(game, spec, cfg) for spec in specs]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for g in range(args.games):
        seed = args.seed + g
        try:
            state = game.new_game(players, seed, **setup)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        rec = Record(game.key, players, seed, game.setup_of(state), seats_from_specs(specs))
        rng = random.Random(seed * 7919 + 1)
        started = time.perf_counter()
        while not state.is_terminal():
            seat = state.to_move()
            legal = state.legal_actions()
            action = agents[seat].decide(state, seat, legal, random.Random(rng.getrandbits(62)))
            rec.add(seat, game.to_json(state, action))
            state.apply(action)
        rec.result = game.result(state)
        names = game.seat_names(state)
        scores = state.scores()
        winner = rec.result.get("winner", -1)
        print(f"game {g + 1} seed {seed}: scores " + ", ".join(f"{nm} {sc:g}" for nm, sc in zip(names, scores))
              + (f"; winner seat {winner} ({names[winner]}, {specs[winner]})" if winner is not None and winner >= 0
                 else "; no winner"))
        if args.log_dir:
            path = Path(args.log_dir) / f"{game.key}_{seed:06d}.jsonl"
            try:
                rec.write(path)
            except OSError as exc:
                raise UsageError(f"{path}: cannot write the log ({exc.strerror})") from None
        if not getattr(args, "no_history", False):
            _add_to_history(rec, state, game, time.perf_counter() - started)
    return 0


def _add_to_history(rec: Any, state: Any, game: GameAdapter, seconds: float) -> None:
    """A simulated game in the history; a history that cannot be written is a warning, not an error."""
    from game.core.history import record_finished

    problem = record_finished(rec, state, game, source="simulate", seconds=round(seconds, 3))
    if problem:
        print(problem, file=sys.stderr)


def _setup_flag_names() -> list[str]:
    from game.core.games import games

    return list(dict.fromkeys(name for g in games() for name in g.setup_flags))


def cmd_replay(args: argparse.Namespace) -> int:
    from game.core.errors import ReplayError
    from game.core.games import get_game
    from game.core.records import read_record, replay

    try:
        rec = read_record(args.file)
        state = replay(rec, str(args.file))
    except ReplayError as exc:
        raise UsageError(str(exc)) from None
    game = get_game(rec.game)
    names = game.seat_names(state)
    status = "reaches the recorded result" if rec.result is not None else (
        "is a finished game (no result line)" if state.is_terminal() else "is a game in progress (no result line)")
    winner = game.result(state).get("winner") if state.is_terminal() else None
    print(f"{args.file}: {game.title}, replayed, {status}: scores "
          + ", ".join(f"{nm} {sc:g}" for nm, sc in zip(names, state.scores()))
          + (f"; winner seat {winner}" if winner is not None and winner >= 0 else ""))
    return 0


# -------------------------------------------------------------------- bench
def cmd_bench(args: argparse.Namespace) -> int:
    from game.core import bench

    game = _game(args)
    cfg = _load_config(args.config)
    games = args.games or cfg.bench.games
    if args.section in ("all", "engine"):
        bench.bench_engine(game, games, args.seed)
    if args.section in ("all", "mcts"):
        bench.bench_search(game, args.seed)
    if args.section in ("all", "frames"):
        bench.bench_frames(game, cfg, args.seed)
    if args.section == "search":  # minutes of searching: only when asked for
        bench.bench_processes(game, args.seed)
    if args.section == "window":  # opens a window: only when asked for
        if not game.has_window():
            raise UsageError(f"{game.title} has no window to bench")
        from game.shell.bench import print_window_bench

        print_window_bench(cfg, game, seconds=float(args.seconds), seed=args.seed)
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from ai.tournament import run_tournament
    from game.core.session import presets_of

    game = _game(args)
    cfg = _load_config(args.config)
    players = _players(args, game)
    specs = _split(args.bots, players, "bots", "rule")
    try:
        report = run_tournament(game.hooks_path, players, specs, args.games, args.seed, args.jobs, presets_of(cfg),
                                results_path=args.results)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    print(report.to_json() if args.json else report.to_text())
    return 0


def _add_ladder(sub: Any) -> None:
    from game.core.config import MAX_CHOSEN_SEED

    lad = sub.add_parser("ladder", help="two-player round robin of the bot levels at fixed budgets, and their ratings")
    _add_game(lad)
    lad.add_argument("--levels", default=None,
                     help="the levels, weakest first: names of the default ladder (random, easy, normal, hard, "
                          "expert) or NAME=SPEC")
    lad.add_argument("--games", type=_positive("--games", 2), default=200,
                     help="games between neighbouring levels (half that two apart, a fifth further apart)")
    lad.add_argument("--seed", type=_positive("--seed", 0, MAX_CHOSEN_SEED), default=1)
    lad.add_argument("--jobs", type=_positive("--jobs", 1, 64), default=1)
    lad.add_argument("--results", type=Path, required=True,
                     help="JSON-lines file: one line per finished game; a rerun resumes from it")
    lad.add_argument("--import", dest="imports", type=Path, action="append", default=[],
                     help="a two-player tournament results file whose bots are two levels: its games count for "
                          "that pair, which the ladder then does not play (may be given more than once)")
    lad.add_argument("--anchor", default=None, help="the level rated 0 (default normal, else the first level)")
    lad.add_argument("--resamples", type=_positive("--resamples", 10, 100_000), default=1000,
                     help="bootstrap resamples for the 95%% intervals")
    lad.add_argument("--report", action="store_true", help="play nothing: rate the games recorded so far")
    lad.add_argument("--json", action="store_true", help="print the ratings as JSON")
    lad.add_argument("--write-levels", action="store_true",
                     help="write the setup screen's level notes (assets/GAME/levels.json) from the ratings")


def _ladder_levels(text: str | None) -> dict[str, str]:
    from ai.ladder import DEFAULT_LEVELS

    if text is None:
        return dict(DEFAULT_LEVELS)
    levels: dict[str, str] = {}
    for item in (x.strip() for x in text.split(";" if "=" in text else ",")):
        name, eq, spec = item.partition("=")
        name = name.strip()
        if not name:
            continue
        if not eq and name not in DEFAULT_LEVELS:
            raise UsageError(f"--levels: {name!r} is not a default level ({', '.join(DEFAULT_LEVELS)}); "
                             f"write NAME=SPEC, separated by ';'")
        levels[name] = spec.strip() if eq else DEFAULT_LEVELS[name]
    if len(levels) < 2:
        raise UsageError("--levels must name at least two levels")
    return levels


def cmd_ladder(args: argparse.Namespace) -> int:
    import json

    from ai import ladder as L
    from game.core.session import presets_of

    game = _game(args)
    if game.min_players > L.PLAYERS:
        raise UsageError(f"{game.title} is not played by two")
    specs = _ladder_levels(args.levels)
    levels = list(specs)
    args.anchor = args.anchor or ("normal" if "normal" in specs else levels[0])
    if args.anchor not in specs:
        raise UsageError(f"--anchor {args.anchor!r} is not a level ({', '.join(levels)})")
    try:
        imports = [L.read_tournament(path) for path in args.imports]
        pairs = L.collect(levels, [], imports, specs)  # checks that each import is two levels
        if not args.report:
            def tick(done: int, total: int) -> None:
                print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

            L.play_ladder(game.hooks_path, specs, args.games, args.seed, args.results,
                          presets_of(_load_config(args.config)), args.jobs,
                          [(p.low, p.high) for p in pairs], on_game=tick)
            print(file=sys.stderr)
        recorded = L.read_ladder(args.results, args.seed, specs) if args.results.exists() else {}
        pairs = L.collect(levels, recorded.values(), imports, specs)
        ladder = L.rate(levels, pairs, args.anchor, args.resamples, seed=args.seed)
    except (ValueError, OSError) as exc:
        raise UsageError(str(exc)) from None
    print(json.dumps(ladder.to_dict(), indent=1) if args.json else ladder.to_text())
    if args.write_levels:
        from game.core.levels import write_levels

        try:
            path = write_levels(game.key, L.level_notes(ladder))
        except OSError as exc:
            raise UsageError(f"cannot write the level notes ({exc.strerror})") from None
        print(f"wrote {path}")
    return 0


# -------------------------------------------------------------------- stats
def cmd_stats(args: argparse.Namespace) -> int:
    import json

    from game.core.games import game_keys, get_game
    from game.core.history import HistoryError, empty_summary, read_games, summarize

    try:
        entries = read_games(args.game)
    except (HistoryError, OSError) as exc:
        raise UsageError(str(exc)) from None
    summary = summarize(entries)
    keys = [args.game] if args.game else game_keys()
    if args.json:
        print(json.dumps({k: summary.get(k) or empty_summary() for k in keys}, indent=1))
        return 0
    for k in keys:
        print("\n".join(stats_lines(get_game(k).title, summary.get(k) or empty_summary())))
    return 0


def _rate(t: dict[str, Any]) -> str:
    if not t["played"]:
        return "no games"
    text = f"{t['won']} of {t['played']} won ({100 * t['win_rate']:.0f}%"
    if t["interval"]:
        text += f", 95% interval {100 * t['interval'][0]:.0f}-{100 * t['interval'][1]:.0f}%"
    text += ")"
    if t["average_score"] is not None:
        text += f"; score average {t['average_score']:.1f}, best {t['best_score']:g}"
    return text


def stats_lines(title: str, s: dict[str, Any]) -> list[str]:
    """One game's statistics as lines of text."""
    n = s["recorded"]
    out = [f"{title}: {n} game{'' if n == 1 else 's'} recorded; yours: {_rate(s)}"]
    out += [f"  against {level} bot: {_rate(t)}" for level, t in s["against"].items()]
    out += [f"  as {side}: {_rate(t)}" for side, t in s["sides"].items()]
    for g in s["games"]:
        score = f", your score {g['score']:g}" if g["score"] is not None else ""
        out.append(f"  {g['played_at']}  {g['result']}{score}: " + ", ".join(
            f"{who} {sc:g}" for who, sc in zip(g["seats"], g["scores"])) + f"  [{g['record']}]")
    return out


def cmd_review(args: argparse.Namespace) -> int:
    from game.core.errors import ReplayError
    from game.core.records import read_record, replay

    try:
        rec = read_record(args.file)
        replay(rec, str(args.file))
    except ReplayError as exc:
        raise UsageError(str(exc)) from None
    if not args.text:
        from game.core.games import games
        from game.shell.review import run_review_window
        from game.shell.title import TitleScene

        cfg = _load_config(args.config)
        return run_review_window(cfg, args.file, rec, lambda: TitleScene(cfg, games()), workers=args.workers)
    return _print_review(args.file, rec, args.workers)


def _children_cpu() -> float:
    """CPU seconds of the ended child processes (0 where the system does not say: Windows)."""
    try:
        import resource
    except ImportError:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _print_review(path: Path, rec: Any, workers: int) -> int:
    from ai.pool import SearchError
    from game.core.review import chart_lines, moment_cost_words, review_record

    wall, cpu = time.perf_counter(), time.process_time() + _children_cpu()
    try:
        review = review_record(path, rec, workers=workers)
    except SearchError as exc:
        raise UsageError(f"{path}: the review's search failed: {exc}") from None
    wall = time.perf_counter() - wall
    cpu = time.process_time() + _children_cpu() - cpu
    print(f"{path}: {len(rec.actions)} moves reviewed in {wall:.1f} s wall, {cpu:.1f} s CPU ({workers} workers)")
    print("win chance at the end: " + ", ".join(f"seat {p} {c:.0%}" for p, c in enumerate(review.chances[-1])))
    lines = chart_lines(review)
    for m in review.moments:  # "->": an arrow any console prints
        print(_moment_line(m, moment_cost_words(lines, m, "->")))
    return 0


def _moment_line(m: Any, cost: str) -> str:
    """One key moment in words: the move, what the hint would have played (or that it agreed), whose chance fell."""
    if m.whose >= 0 and m.whose != m.seat:  # a rival's move that cost a reviewed seat
        return (f"  move {m.index + 1} (seat {m.seat}, a rival's): played {m.played}; "
                f"seat {m.whose}'s win chance {cost}")
    judged = f"the hint: {m.best}" if m.best else "the hint would have played it too"
    return f"  move {m.index + 1} (seat {m.seat}): played {m.played}; {judged}; win chance {cost}"


def cmd_window(args: argparse.Namespace) -> int:
    from game.core import paths
    from game.core.config import ConfigError, ensure_user_config
    from game.core.games import games
    from game.shell.launch import run_window

    cfg = _load_config(args.config)
    try:  # an unwritable user folder: one line now, not a traceback later
        ensure_user_config()
        paths.remove_stale_temp_files(paths.saves_dir())
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"{paths.user_data_dir()}: cannot create your saves folder ({exc.strerror}); "
                         f"set {paths.app_identity().env_var} to a folder you can write") from None
    for g in games():  # damaged game data: a clear message now, not a crash mid-game
        g.new_game(g.min_players, 1)
    return run_window(cfg, games(), game=getattr(args, "game", None), demo=args.demo, max_frames=args.frames,
                      report=args.frames is not None)
