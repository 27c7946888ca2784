"""How often the review and the hint disagree at the same positions, and whether the review's key moments
contradict the hint, before and after the review asks the hint's bot (``game/core/review.py``).

    python tools/review_vs_hint.py --game arcana --players 2 --games 3 --seed 1 --seats 0
    python tools/review_vs_hint.py --game realm --players 4 --games 3 --seed 1 --seats 0

Each game is played by the rule bot (``normal``) on every seat, deals ``seed``, ``seed + 1``, ...; at each
position of the listed seats with more than one legal move, the review's search (``REVIEW_SPEC``, seeded as
``analyse`` seeds it) and the hint's bot (``hint_agent``, the expert preset without its time cap, asked of a
world dealt from the seat's view as the hint asks it, the same seed) are both asked. Printed per game and in
all:

- positions: decisions of the listed seats with a choice;
- best != hint: the review's best move is not the move the hint suggests;
- hint called a mistake: the review's search rates the hint's move at least ``MIN_COST`` below its best (had the
  player followed the hint, the old review would have charged that move as costly);
- hint again != hint: the hint asked again with another seed (its own noise; ``--twice`` only);
- old / new key moments (those seats reviewed, as ``analyse`` lists them without and with the judge): how many,
  how many name a move the hint suggested as the mistake (played == hint), how many name as better a move
  the hint would not have suggested (best != hint); and the judge's calls the new review made.

The bots' moves are the rule bot's, so a played move often is the hint's (the expert keeps the rule bot's first
choice unless its search shows a clearly better one).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.core import review as rv  # noqa: E402
from game.core.games import get_game  # noqa: E402
from game.core.records import Record  # noqa: E402
from game.core.session import rule_bot_game  # noqa: E402


def measure(record: Record, seats: list[int], twice: bool) -> dict[str, int]:
    game = get_game(record.game)
    search = rv.local_searcher(rv.review_agent(game))
    hint = rv.local_judge(rv.hint_agent(game, capped=False))
    values_at: dict[int, dict[Any, float]] = {}
    hint_at: dict[int, Any] = {}

    def searcher(state: Any, seat: int, legal: list[Any], seed: int) -> dict[Any, float]:
        if seed not in values_at:
            values_at[seed] = search(state, seat, legal, seed)
        return values_at[seed]

    def judge(state: Any, seat: int, legal: list[Any], seed: int) -> Any:
        out["judge calls"] += 1
        if seed not in hint_at:
            hint_at[seed] = hint(state, seat, legal, seed)
        return hint_at[seed]

    out = dict.fromkeys(("positions", "best != hint", "hint called a mistake", "hint again != hint",
                         "old moments", "old: played == hint", "old: best != hint",
                         "new moments", "new: played == hint", "new: best != hint", "judge calls"), 0)
    states = rv.positions(record, game)
    base = record.seed * 1_000_003
    for k, state in enumerate(states[:-1]):
        seat = state.to_move()
        legal = list(state.legal_actions())
        if seat not in seats or len(legal) < 2:
            continue
        values = searcher(state, seat, legal, base + k)
        if base + k not in hint_at:
            hint_at[base + k] = hint(state, seat, legal, base + k)
        hinted = hint_at[base + k]
        best = max(values, key=lambda a: values[a])
        out["positions"] += 1
        out["best != hint"] += best != hinted
        out["hint called a mistake"] += hinted in values and values[best] - values[hinted] >= rv.MIN_COST
        if twice:
            out["hint again != hint"] += hint(state, seat, legal, base + k + 500_000) != hinted
    old = rv.analyse(record, searcher, reviewed=seats)
    new = rv.analyse(record, searcher, reviewed=seats, judge=judge)
    for name, review in (("old", old), ("new", new)):
        for m in review.moments:
            state = states[m.index]
            hinted = hint_at.get(base + m.index)
            if hinted is None:  # a position the loop above did not ask (another seat's)
                hinted = hint_at[base + m.index] = hint(state, m.seat, list(state.legal_actions()), base + m.index)
            out[f"{name} moments"] += 1
            out[f"{name}: played == hint"] += m.played == rv.move_words(game, state, hinted)
            out[f"{name}: best != hint"] += m.best != rv.move_words(game, state, hinted)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("realm", "arcana"), default="arcana")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", default="0", help="comma-separated seats whose positions are measured")
    ap.add_argument("--twice", action="store_true", help="ask the hint a second time with another seed")
    args = ap.parse_args(argv)
    seats = [int(x) for x in args.seats.split(",")]
    total: dict[str, int] = {}
    for g in range(args.games):
        t0 = time.process_time()
        record = rule_bot_game(args.game, args.players, args.seed + g)
        out = measure(record, seats, args.twice)
        for key, v in out.items():
            total[key] = total.get(key, 0) + v
        print(f"deal {args.seed + g}: " + ", ".join(f"{k} {v}" for k, v in out.items())
              + f" ({time.process_time() - t0:.0f} s CPU)", flush=True)
    n = max(1, total["positions"])
    print(f"in all, {args.game} {args.players} players, {args.games} games, seats {args.seats}: "
          + ", ".join(f"{k} {v}" + (f" ({v / n:.0%})" if k in ("best != hint", "hint called a mistake",
                                                               "hint again != hint") else "")
                      for k, v in total.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
