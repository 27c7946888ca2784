"""Seat-rotated tournaments, in parallel processes, with confidence intervals."""

from __future__ import annotations

import json
import multiprocessing as mp
import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from .registry import load_hooks, make_agent
from .stats import wilson


def entry_labels(specs: list[str]) -> list[str]:
    seen: dict[str, int] = defaultdict(int)
    out = []
    for s in specs:
        seen[s] += 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def play_game(hooks_path: str, players: int, specs: list[str], game_index: int, seed: int,
              presets: dict[str, Any]) -> dict[str, Any]:
    """One game; entry ``(k + game_index) % players`` plays seat ``k``."""
    hooks = load_hooks(hooks_path)
    order = [(k + game_index) % players for k in range(players)]  # entry index per seat
    agents = [make_agent(specs[e], presets, hooks) for e in order]
    game_seed = seed + game_index
    state = hooks.new_game(players, game_seed)
    rng = random.Random(game_seed * 1_000_003 + 17)
    while not state.is_terminal():
        seat = state.to_move()
        legal = state.legal_actions()
        action = agents[seat].decide(state, seat, legal, random.Random(rng.getrandbits(62)))
        state.apply(action)
    rets = state.returns()
    winner = max(range(players), key=lambda p: rets[p])
    labels = hooks.seat_labels(state) if hooks.seat_labels else [{} for _ in range(players)]
    return {"order": order, "scores": state.scores(), "winner": winner, "labels": labels, "seed": game_seed}


def _job(args: tuple) -> dict[str, Any]:
    return play_game(*args)


@dataclass
class Report:
    players: int
    specs: list[str]
    games: int
    rows: list[dict[str, Any]] = field(default_factory=list)
    groups: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"players": self.players, "bots": self.specs, "games": self.games,
                           "bots_results": self.rows, "labels": self.groups}, indent=2)

    def to_text(self) -> str:
        lines = [f"{self.games} games, {self.players} players, seats rotated",
                 f"{'bot':<28} {'games':>5} {'wins':>5} {'win rate':>9} {'95% CI':>15} {'score':>7} {'margin':>7}"]
        for r in self.rows:
            lines.append(f"{r['bot']:<28} {r['games']:>5} {r['wins']:>5} {r['win_rate']:>8.1%} "
                         f"[{r['ci'][0]:>5.1%}, {r['ci'][1]:>5.1%}] {r['mean_score']:>7.1f} {r['mean_margin']:>7.1f}")
        for key, vals in self.groups.items():
            lines.append(f"by {key}:")
            for v, d in sorted(vals.items()):
                lines.append(f"  {v:<24} {int(d['games']):>5} games  win rate {d['win_rate']:>6.1%} "
                             f"[{d['ci'][0]:.1%}, {d['ci'][1]:.1%}]")
        return "\n".join(lines)


def run_tournament(hooks_path: str, players: int, specs: list[str], games: int, seed: int, jobs: int = 1,
                   presets: dict[str, Any] | None = None) -> Report:
    if len(specs) != players:
        raise ValueError(f"{len(specs)} bots for {players} players")
    presets = {k: dict(v) for k, v in (presets or {}).items()}
    hooks = load_hooks(hooks_path)
    for s in set(specs):
        make_agent(s, presets, hooks)  # fail early, in this process, on a bad spec
    args = [(hooks_path, players, specs, g, seed, presets) for g in range(games)]
    if jobs > 1:
        ctx = mp.get_context("spawn")
        with ctx.Pool(jobs) as pool:
            results = list(pool.imap(_job, args, chunksize=1))
    else:
        results = [_job(a) for a in args]
    names = entry_labels(specs)
    acc = [{"games": 0, "wins": 0, "score": 0.0, "margin": 0.0} for _ in specs]
    groups: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for res in results:
        scores = res["scores"]
        for seat, e in enumerate(res["order"]):
            a = acc[e]
            a["games"] += 1
            a["wins"] += res["winner"] == seat
            a["score"] += scores[seat]
            a["margin"] += scores[seat] - max(s for q, s in enumerate(scores) if q != seat)
            for key, value in res["labels"][seat].items():
                g = groups[key][value]
                g[0] += 1
                g[1] += res["winner"] == seat
    rows = []
    for name, a in zip(names, acc):
        n = a["games"]
        rows.append({"bot": name, "games": n, "wins": a["wins"], "win_rate": a["wins"] / n if n else 0.0,
                     "ci": list(wilson(a["wins"], n)), "mean_score": a["score"] / n if n else 0.0,
                     "mean_margin": a["margin"] / n if n else 0.0})
    out_groups = {k: {v: {"games": g[0], "wins": g[1], "win_rate": g[1] / g[0], "ci": list(wilson(g[1], g[0]))}
                      for v, g in vals.items()} for k, vals in groups.items()}
    return Report(players, specs, games, rows, out_groups)
