"""Whether a review says one thing: how often its chart swings by more than 50 points between consecutive
positions, and how often a key moment claims a cost larger than the drop its chart shows (``game/core/review.py``).

    python tools/review_consistency.py --game realm --players 3 --games 2 --seed 7 --seats 0

Each game is played by the rule bot on every seat (``rule_bot_game``, deals ``seed``, ``seed + 1``, ...) and
reviewed in this thread as the window reviews a finished game (the listed seats as the humans, the hint's bot
judging). Printed per game: positions, the chart's swings over 50 points (consecutive positions, any player),
key moments, those whose stated cost exceeds the fall of the mover's line on the chart across the move, and the
CPU seconds of the review. "swings over a round": the same between positions a round (players) apart.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import review as rv  # noqa: E402
from game.core.games import get_game  # noqa: E402
from game.core.session import rule_bot_game  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="realm")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--seats", type=int, nargs="*", default=[0])
    args = ap.parse_args()
    totals = dict.fromkeys(("positions", "swings", "swings over a round", "moments", "overclaimed"), 0)
    cpu_all = 0.0
    for g in range(args.games):
        record = rule_bot_game(args.game, args.players, args.seed + g)
        game = get_game(record.game)
        t0 = time.process_time()
        review = rv.analyse(record, rv.local_searcher(rv.review_agent(game)), reviewed=args.seats,
                            judge=rv.local_judge(rv.hint_agent(game, capped=False)))
        cpu = time.process_time() - t0
        cpu_all += cpu
        if hasattr(rv, "chart_lines"):
            lines = rv.chart_lines(review)
        else:  # the review before play-test t1 (a round's average, as shares)
            lines = rv.shares(rv.smoothed(review.chances, args.players, finished=True))
        swings = sum(1 for a, b in zip(lines, lines[1:], strict=False)
                     if any(abs(x - y) > 0.5 for x, y in zip(a, b, strict=True)))
        n = args.players
        round_swings = sum(1 for a, b in zip(lines, lines[n:], strict=False)
                           if any(abs(x - y) > 0.5 for x, y in zip(a, b, strict=True)))
        over = [m for m in review.moments
                if m.cost > lines[m.index][m.seat] - lines[m.index + 1][m.seat] + 1e-9]
        row = {"positions": len(lines), "swings": swings, "swings over a round": round_swings,
               "moments": len(review.moments), "overclaimed": len(over)}
        for k, v in row.items():
            totals[k] += v
        print(f"game {args.seed + g}: " + ", ".join(f"{k} {v}" for k, v in row.items()) + f", cpu {cpu:.1f} s",
              flush=True)
        for m in review.moments:
            print(f"   move {m.index + 1} seat {m.seat}: cost {m.cost:.2f}, chart {lines[m.index][m.seat]:.2f} -> "
                  f"{lines[m.index + 1][m.seat]:.2f}", flush=True)
    print("all: " + ", ".join(f"{k} {v}" for k, v in totals.items()) + f", cpu {cpu_all:.1f} s "
          f"({cpu_all / max(1, args.games):.1f} s a game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
