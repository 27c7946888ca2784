"""Seat-rotated tournaments, in parallel processes, with confidence intervals.

Game ``g`` deals deal ``g // players`` (seed ``seed + g // players``) and seats
the listed bots rotated by ``g``: entry ``e`` plays seat ``(e + g) % players``.
A preset's time cap (``max_seconds``) is left out (:func:`fixed_budget`).
So each deal is played once from every rotation and each bot plays every seat
equally often (exactly, when ``games`` is a multiple of ``players``). With
iteration budgets a tournament is fully deterministic for its seed, whatever
``jobs`` is; time budgets vary with the machine.

Wins: the seats with the highest ``returns()`` share the win (1/k each).
"""

from __future__ import annotations

import json
import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .parallel import results_in_order
from .registry import load_hooks, make_agent
from .stats import wilson


class TournamentError(ValueError):
    """A game of the tournament failed (one line: which game, seat, bot and why)."""


def fixed_budget(presets: dict[str, Any] | None) -> dict[str, dict[str, Any]]:
    """The presets without their time caps (``max_seconds``): a tournament measures the budget a
    preset states, the same on every machine; the cap only bounds a player's wait. A cap written in
    a spec string still applies."""
    return {k: {key: v for key, v in dict(p).items() if key != "max_seconds"} for k, p in (presets or {}).items()}


def entry_labels(specs: list[str]) -> list[str]:
    """Each listed spec, with duplicates numbered: ``rule``, ``rule#2``."""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for s in specs:
        seen[s] += 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def seating(players: int, game_index: int) -> list[int]:
    """Entry index per seat in game ``game_index``."""
    return [(k - game_index) % players for k in range(players)]


def play_game(hooks_path: str, players: int, specs: list[str], game_index: int, seed: int,
              presets: dict[str, Any]) -> dict[str, Any]:
    """Play one game of the tournament; a plain dict (it crosses process boundaries)."""
    hooks = load_hooks(hooks_path)
    order = seating(players, game_index)
    names = entry_labels(specs)
    agents = [make_agent(specs[e], presets, hooks) for e in order]
    deal = seed + game_index // players
    state = hooks.new_game(players, deal)
    rng = random.Random(deal * 1_000_003 + game_index % players)
    think = [0.0] * players
    moves = [0] * players
    while not state.is_terminal():
        seat = state.to_move()
        legal = state.legal_actions()
        t0 = time.perf_counter()
        try:
            action = agents[seat].decide(state, seat, legal, random.Random(rng.getrandbits(62)))
            think[seat] += time.perf_counter() - t0
            moves[seat] += 1
            state.apply(action)
        except Exception as exc:  # noqa: BLE001 - reported as one line naming the game and bot
            raise TournamentError(f"game {game_index} (deal seed {deal}): bot {names[order[seat]]!r} at seat "
                                  f"{seat}: {type(exc).__name__}: {exc}".splitlines()[0]) from None
    rets = state.returns()
    best = max(rets)
    top = [p for p in range(players) if rets[p] >= best - 1e-12]
    labels = hooks.seat_labels(state) if hooks.seat_labels else [{} for _ in range(players)]
    return {"game": game_index, "deal": deal, "order": order, "scores": list(state.scores()),
            "wins": [1.0 / len(top) if p in top else 0.0 for p in range(players)],
            "labels": [dict(x) for x in labels], "think": think, "moves": moves}


def _job(args: tuple) -> dict[str, Any]:
    return play_game(*args)


@dataclass
class Report:
    players: int
    specs: list[str]
    games: int
    seed: int
    rows: list[dict[str, Any]] = field(default_factory=list)  # one per listed bot
    groups: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)  # label -> value -> stats
    timing: dict[str, float] = field(default_factory=dict)  # bot -> mean seconds per decision (not deterministic)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "bots": self.specs, "games": self.games, "seed": self.seed,
                "results": self.rows, "labels": self.groups, "seconds_per_decision": self.timing}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2)

    def to_text(self) -> str:
        w = max([len("bot"), *(len(r["bot"]) for r in self.rows)])
        lines = [f"{self.games} games, {self.players} players, seats rotated, seed {self.seed}",
                 f"{'bot':<{w}}  {'games':>5}  {'wins':>6}  {'win rate':>8}  {'95% CI':>17}  "
                 f"{'score':>7}  {'margin':>7}  {'s/move':>7}"]
        for r in self.rows:
            lo, hi = r["ci"]
            lines.append(f"{r['bot']:<{w}}  {r['games']:>5}  {r['wins']:>6.1f}  {r['win_rate']:>8.1%}  "
                         f"[{lo:>6.1%}, {hi:>6.1%}]  {r['mean_score']:>7.2f}  {r['mean_margin']:>+7.2f}  "
                         f"{self.timing.get(r['bot'], 0.0):>7.3f}")
        for key, vals in self.groups.items():
            lines.append(f"win rate by {key}:")
            vw = max(len(v) for v in vals)
            for v, d in vals.items():
                lo, hi = d["ci"]
                lines.append(f"  {v:<{vw}}  {d['games']:>5} games  {d['win_rate']:>6.1%}  [{lo:.1%}, {hi:.1%}]")
        return "\n".join(lines)


def run_tournament(hooks_path: str, players: int, bot_specs: list[str], games: int, seed: int, jobs: int = 1,
                   presets: dict[str, Any] | None = None,
                   on_game: Callable[[int, int], None] | None = None,
                   results_path: str | Path | None = None) -> Report:
    """Play ``games`` seat-rotated games of the game whose hooks ``hooks_path`` names.

    ``jobs > 1`` plays them in that many spawned processes. ``on_game(done, games)``
    is called after each game. ``results_path``: a JSON-lines file that gets one line
    per finished game as it finishes; games already in it (for the same players, bots
    and seed) are not played again, so a long run that is stopped can be resumed.
    Bad input raises ``ValueError`` with one line.
    """
    specs = [s.strip() for s in bot_specs]
    if len(specs) != players:
        raise ValueError(f"{len(specs)} bots listed for {players} players")
    if games < 1:
        raise ValueError(f"games must be at least 1 (got {games})")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1 (got {jobs})")
    presets = fixed_budget(presets)
    hooks = load_hooks(hooks_path)
    for s in dict.fromkeys(specs):
        make_agent(s, presets, hooks)  # fail early, in this process, on a bad spec
    header = {"players": players, "bots": specs, "seed": seed}
    done: dict[int, dict[str, Any]] = {}
    out = None
    if results_path is not None:
        path = Path(results_path)
        done = _read_results(path, header) if path.exists() else {}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            out = open(path, "a", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise ValueError(f"{path}: cannot write the results ({exc.strerror})") from None
        if out.tell() == 0:
            out.write(json.dumps({"header": header}) + "\n")
            out.flush()
    done = {g: r for g, r in done.items() if g < games}
    args = [(hooks_path, players, specs, g, seed, presets) for g in range(games) if g not in done]
    results: list[dict[str, Any]] = list(done.values())

    def finished(res: dict[str, Any]) -> None:
        results.append(res)
        if out is not None:
            out.write(json.dumps(res) + "\n")
            out.flush()
        if on_game:
            on_game(len(results), games)

    try:
        if jobs > 1 and len(args) > 1:
            for res in results_in_order(_job, args, jobs):
                finished(res)
        else:
            for a in args:
                finished(_job(a))
    finally:
        if out is not None:
            out.close()
    results.sort(key=lambda r: r["game"])
    return summarize(players, specs, seed, results)


def _check_record(rec: dict[str, Any], players: int) -> None:
    """Raise ``ValueError`` unless ``rec`` is one game's result for ``players`` seats."""
    game = rec.get("game")
    if type(game) is not int or game < 0:
        raise ValueError("game must be a whole number")
    order = rec.get("order")
    if not isinstance(order, list) or sorted(order) != list(range(players)) \
            or any(type(x) is not int for x in order):
        raise ValueError(f"order must list the seats 0 to {players - 1}")
    for key in ("scores", "wins", "think", "moves"):
        vals = rec.get(key)
        if not isinstance(vals, list) or len(vals) != players or \
                any(isinstance(v, bool) or not isinstance(v, (int, float)) for v in vals):
            raise ValueError(f"{key} must list {players} numbers")
    labels = rec.get("labels")
    if not isinstance(labels, list) or len(labels) != players or not all(isinstance(x, dict) for x in labels):
        raise ValueError(f"labels must list {players} objects")


def json_line(path: Path, n: int, line: str) -> dict[str, Any]:
    """Line ``n`` of the results file ``path`` as a JSON object; anything else is a one-line ``ValueError``."""
    try:
        rec = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from None
    except RecursionError:
        raise ValueError(f"{path}:{n}: JSON nested too deeply") from None
    if not isinstance(rec, dict):
        raise ValueError(f"{path}:{n}: expected a JSON object")
    return rec


def _read_results(path: Path, header: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The games already recorded in ``path``; a file recorded for another tournament, a damaged
    line, or a file that is no results file at all, is a one-line ``ValueError``."""
    done: dict[int, dict[str, Any]] = {}
    if path.is_dir():
        raise ValueError(f"{path}: is a folder, not a results file")
    try:
        with open(path, encoding="utf-8") as fh:
            lines = fh.read().splitlines()
    except UnicodeDecodeError:
        raise ValueError(f"{path}: not a results file (not text)") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read ({exc.strerror})") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        rec = json_line(path, n, line)
        if "header" in rec:
            if rec["header"] != header:
                raise ValueError(f"{path}:{n}: recorded for another tournament ({rec['header']}), "
                                 f"not {header}")
            continue
        if n == 1:
            raise ValueError(f"{path}:1: no tournament header")
        try:
            _check_record(rec, header["players"])
        except ValueError as exc:
            raise ValueError(f"{path}:{n}: not a game result ({exc})") from None
        done[rec["game"]] = rec
    return done


def summarize(players: int, specs: list[str], seed: int, results: list[dict[str, Any]]) -> Report:
    """Aggregate the per-game dicts of :func:`play_game` into a :class:`Report`."""
    names = entry_labels(specs)
    acc = [{"games": 0, "wins": 0.0, "score": 0.0, "margin": 0.0, "think": 0.0, "moves": 0} for _ in specs]
    groups: dict[str, dict[str, list[float]]] = defaultdict(dict)
    for res in results:
        scores = res["scores"]
        for seat, e in enumerate(res["order"]):
            a = acc[e]
            a["games"] += 1
            a["wins"] += res["wins"][seat]
            a["score"] += scores[seat]
            a["margin"] += scores[seat] - max(s for q, s in enumerate(scores) if q != seat)
            a["think"] += res["think"][seat]
            a["moves"] += res["moves"][seat]
            labels = {"seat": str(seat), **res["labels"][seat]}
            for key, value in labels.items():
                g = groups[key].setdefault(str(value), [0, 0.0])
                g[0] += 1
                g[1] += res["wins"][seat]
    rows = []
    timing = {}
    for name, a in zip(names, acc):
        n = a["games"]
        rows.append({"bot": name, "games": n, "wins": round(a["wins"], 6),
                     "win_rate": a["wins"] / n if n else 0.0, "ci": list(wilson(min(a["wins"], n), n)),
                     "mean_score": a["score"] / n if n else 0.0, "mean_margin": a["margin"] / n if n else 0.0})
        timing[name] = a["think"] / a["moves"] if a["moves"] else 0.0
    out_groups = {k: {v: {"games": g[0], "wins": round(g[1], 6), "win_rate": g[1] / g[0],
                          "ci": list(wilson(min(g[1], g[0]), g[0]))}
                      for v, g in sorted(vals.items())} for k, vals in groups.items()}
    return Report(players, specs, len(results), seed, rows, out_groups, timing)
