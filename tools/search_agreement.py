"""How often bots choose the same move as a reference bot, over positions of seeded games.

    python tools/search_agreement.py --game arcana --positions 60 --seed 9000 \
        normal "hard:iterations=980" "expert:iterations=2500,cutoff=40,max_seconds=0" \
        "expert:iterations=20000,cutoff=40,max_seconds=0"

The positions come from two-player games of the rule bot (``normal``) against itself, deals ``seed``,
``seed + 1``, ...: each decision with more than one legal move is kept with chance ``--rate`` (drawn from
``Random(--sample-seed)``, which also drives the rule bots), until ``--positions`` are kept. Every listed
bot then decides each position (the same rng seed per position for all), and the last listed bot is the
reference. Printed: each bot's share of moves equal to the reference's
and its CPU seconds per decision (``time.process_time``, so a loaded machine changes the times little and
the choices not at all: iteration budgets are fixed).

What it tells: if a search agrees with a far longer search of the same kind on nearly every move, more
iterations will not make it play differently, and its limit is the evaluation or the moves it considers.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.registry import load_hooks  # noqa: E402
from game.core.session import make_agent  # noqa: E402


def sample_positions(game: str, count: int, seed: int, rate: float, sample_seed: int) -> list[Any]:
    """``count`` copies of positions of normal-against-normal games from deal ``seed`` on, each decision kept
    with chance ``rate``."""
    hooks = load_hooks(f"game.{game}.hooks:HOOKS")
    normal = make_agent(game, "normal")
    rng = random.Random(sample_seed)
    kept: list[Any] = []
    deal = seed
    while len(kept) < count:
        state = hooks.new_game(2, deal)
        deal += 1
        while not state.is_terminal() and len(kept) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < rate:
                kept.append(state.copy())
            state.apply(normal.decide(state, state.to_move(), legal, rng))
    return kept


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("realm", "arcana"), default="arcana")
    ap.add_argument("--positions", type=int, default=60)
    ap.add_argument("--seed", type=int, default=9000)
    ap.add_argument("--sample-seed", type=int, default=7, help="seed of the sampling and the rule bots' choices")
    ap.add_argument("--rate", type=float, default=0.08, help="chance a decision is kept (spreads the positions)")
    ap.add_argument("bots", nargs="+", help="bot specs; the last is the reference")
    args = ap.parse_args(argv)
    try:
        bots = [make_agent(args.game, spec) for spec in args.bots]
    except ValueError as exc:
        print(f"search_agreement: {exc}", file=sys.stderr)
        return 2
    positions = sample_positions(args.game, args.positions, args.seed, args.rate, args.sample_seed)
    choices: list[list[Any]] = [[] for _ in bots]
    cpu = [0.0] * len(bots)
    for i, state in enumerate(positions):
        seat, legal = state.to_move(), state.legal_actions()
        for j, bot in enumerate(bots):
            t0 = time.process_time()
            choices[j].append(bot.decide(state, seat, legal, random.Random(100 + i)))
            cpu[j] += time.process_time() - t0
        print(f"position {i}: " + " | ".join(str(c[-1]) for c in choices), flush=True)
    ref = choices[-1]
    for spec, mine, seconds in zip(args.bots, choices, cpu):
        same = sum(a == b for a, b in zip(mine, ref))
        print(f"{spec}: the reference's move in {same} of {len(ref)} ({same / len(ref):.0%}); "
              f"{seconds / len(ref):.2f} s CPU a decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
