"""Fit Res Arcana's search evaluation (``EVAL`` in ``game/arcana/engine/value.py``) from self-play.

Run from the project root::

    python tools/fit_arcana_eval.py --games 400 --seed 20000 --every 7 --heldout-seed 5000 --heldout-games 150

It plays ``--games`` two-player games of the rule bot against itself (``rule:noise=1.5`` by default,
so the games vary; deals ``--seed`` onwards, the random preset as in tournaments), keeps every
``--every``-th decision's position, and fits a logistic regression of "seat 0 wins" on the
differences of the two seats' features (``value.FEATURES``, or the ``--features`` named), with no
intercept, by Newton's method. Games with a shared victory are left out. It then plays
``--heldout-games`` more games (deals ``--heldout-seed`` onwards), keeps the position at the start
of every round, and reports on them the share of positions whose eventual winner the evaluation
names and its log-loss, for the fit and for the evaluation the search uses now (``EVAL``).

It prints the weights per point (the ``points`` weight is 1) and the scale (the lead in points
that gives 73%, ``scale`` of ``value.EVAL``): what ``value.py`` holds. Everything is seeded: the same command
prints the same figures. Pure Python; the fit of 30,000 positions of 17 features takes a minute.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.arcana.bots import RuleAgent, RuleWeights  # noqa: E402
from game.arcana.engine import new_game  # noqa: E402
from game.arcana.engine.value import EVAL, FEATURES, eval_logit, seat_features  # noqa: E402

V1_FEATURES = ("points", "income", "essence", "gold", "stored", "artifact_cost", "hand_card", "straight", "progress")


@dataclass
class Positions:
    """Positions of finished games: per position the two seats' feature differences (seat 0 minus
    seat 1, in the order of ``value.FEATURES``), the current evaluation's logit for seat 0, and
    whether seat 0 won (1) or lost (0)."""

    x: list[list[float]] = field(default_factory=list)
    current: list[float] = field(default_factory=list)
    y: list[int] = field(default_factory=list)
    game: list[int] = field(default_factory=list)  # the deal each position comes from
    games: int = 0


def play_positions(games: int, seed: int, keep: Callable[[int, int, int], bool], noise: float = 1.5) -> Positions:
    """Play ``games`` rule-bot games (deals ``seed`` onwards) and keep the positions for which
    ``keep(decision index, round, round of the previous kept-or-not decision)`` is true."""
    out = Positions()
    for g in range(games):
        deal = seed + g
        state = new_game(2, deal, preset="random")
        agent = RuleAgent(RuleWeights(noise=noise))
        rng = random.Random(deal * 1_000_003)
        rows: list[tuple[list[float], float]] = []
        k = 0
        last_round = state.round
        while not state.is_terminal():
            if keep(k, state.round, last_round):
                a, b = seat_features(state, 0), seat_features(state, 1)
                rows.append(([u - v for u, v in zip(a, b)], eval_logit(state, 0)))
            last_round = state.round
            seat = state.to_move()
            state.apply(agent.decide(state, seat, state.legal_actions(), rng))
            k += 1
        if len(state.winners) != 1:
            continue
        out.games += 1
        won = 1 if state.winners[0] == 0 else 0
        for x, cur in rows:
            out.x.append(x)
            out.current.append(cur)
            out.y.append(won)
            out.game.append(deal)
    return out


def every_nth(n: int) -> Callable[[int, int, int], bool]:
    """Keep every ``n``-th decision (the first of each game included)."""
    return lambda k, rnd, last: k % n == 0


def round_starts(k: int, rnd: int, last: int) -> bool:
    """Keep the first decision of every round."""
    return rnd >= 1 and rnd != last


def columns(pos: Positions, names: Sequence[str]) -> list[list[float]]:
    """The feature differences of ``pos`` restricted to ``names``."""
    idx = [FEATURES.index(n) for n in names]
    return [[row[i] for i in idx] for row in pos.x]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small and regular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for j in range(c, n + 1):
                    m[r][j] -= f * m[c][j]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (m[r][n] - sum(m[r][j] * x[j] for j in range(r + 1, n))) / m[r][r]
    return x


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0


def fit_logistic(x: list[list[float]], y: list[int], ridge: float = 1e-3, steps: int = 25) -> list[float]:
    """The weights of a logistic regression of ``y`` on ``x`` without intercept, by Newton's method
    (a small ``ridge`` keeps the system regular when a feature is almost always 0)."""
    d = len(x[0])
    beta = [0.0] * d
    for _ in range(steps):
        grad = [-ridge * b for b in beta]
        hess = [[ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for row, t in zip(x, y):
            p = _sigmoid(sum(b * v for b, v in zip(beta, row)))
            w, r = p * (1.0 - p), t - p
            for i in range(d):
                if row[i]:
                    grad[i] += r * row[i]
                    wi = w * row[i]
                    hrow = hess[i]
                    for j in range(i + 1):
                        hrow[j] += wi * row[j]
        for i in range(d):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = _solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return beta


def scores(logits: Sequence[float], y: Sequence[int]) -> tuple[float, float]:
    """(share of positions whose winner the logit names, mean log-loss)."""
    right = 0.0
    loss = 0.0
    for z, t in zip(logits, y):
        right += 0.5 if z == 0 else float((z > 0) == (t == 1))
        p = min(1 - 1e-12, max(1e-12, _sigmoid(z)))
        loss -= math.log(p if t else 1.0 - p)
    return right / len(y), loss / len(y)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="self-play games to fit on")
    ap.add_argument("--seed", type=int, default=20000, help="the first deal of the fitting games")
    ap.add_argument("--every", type=int, default=7, help="keep every n-th decision of a fitting game")
    ap.add_argument("--heldout-seed", type=int, default=5000, help="the first deal of the held-out games")
    ap.add_argument("--heldout-games", type=int, default=150, help="held-out games (their round starts are scored)")
    ap.add_argument("--noise", type=float, default=1.5, help="the rule bots' noise in the games played")
    ap.add_argument("--features", default=",".join(EVAL.weights),
                    help=f"the features to fit, comma-separated, of {', '.join(FEATURES)} (default: those of "
                         f"the shipped EVAL; v1: {','.join(V1_FEATURES)})")
    a = ap.parse_args(argv)
    names = [n.strip() for n in a.features.split(",") if n.strip()]
    unknown = [n for n in names if n not in FEATURES]
    if unknown or "points" not in names:
        ap.error(f"--features must name points and only known features ({', '.join(FEATURES)})")
    t0 = time.perf_counter()
    train = play_positions(a.games, a.seed, every_nth(a.every), a.noise)
    held = play_positions(a.heldout_games, a.heldout_seed, round_starts, a.noise)
    print(f"positions: {len(train.y)} from {train.games} decided games (deals {a.seed}-{a.seed + a.games - 1}, "
          f"every {a.every}th decision); held out: {len(held.y)} round starts of {held.games} games "
          f"(deals {a.heldout_seed}-{a.heldout_seed + a.heldout_games - 1}); {time.perf_counter() - t0:.0f} s")
    beta = fit_logistic(columns(train, names), train.y)
    per_point = beta[names.index("points")]
    print(f"scale (the lead in points that gives 73%): {1.0 / per_point:.3f}")
    print("weights per point: {" + ", ".join(f'"{n}": {b / per_point:.4g}' for n, b in zip(names, beta)) + "}")
    fitted = [sum(b * v for b, v in zip(beta, row)) for row in columns(held, names)]
    for label, logits in (("fit", fitted), ("current EVAL", held.current)):
        acc, loss = scores(logits, held.y)
        print(f"held out, {label}: winner named {100 * acc:.1f}%, log-loss {loss:.4f}")
    acc, loss = scores([sum(b * v for b, v in zip(beta, row)) for row in columns(train, names)], train.y)
    print(f"fitting positions, fit: winner named {100 * acc:.1f}%, log-loss {loss:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
