"""A Res Arcana tournament in which a seat's search may use the first fitted evaluation (v1).

Run from the project root, e.g.::

    nice -n 19 python tools/arcana_eval_pilot.py --games 40 --seed 9100 --results FILE.jsonl \\
        --bots "mcts:iterations=980,cutoff=12,prior=rule,keep_z=1,mcts_v1:iterations=980,cutoff=12,prior=rule,keep_z=1"

It is ``python main.py tournament --game arcana --players 2 --jobs 1`` with one more bot kind,
``mcts_v1``: the ``mcts`` search (the same parameters) whose cut-off evaluation is ``value.EVAL_V1``
while it decides, so two searches at the same budget that differ only in their evaluation meet in
one seat-rotated tournament. The evaluation is swapped around each of that bot's decisions, in this
process only: the kind is for this measurement, not a preset (games run one at a time, ``--jobs 1``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai.registry import MCTS_KEYS, GameHooks, build_mcts, register  # noqa: E402
from ai.tournament import run_tournament  # noqa: E402
from game.arcana.engine import value  # noqa: E402
from game.arcana.hooks import HOOKS_PATH  # noqa: E402
from game.core.session import presets_of  # noqa: E402


class WithEvaluation:
    """An agent whose decisions are made with ``value.EVAL`` set to ``evaluation`` (then restored)."""

    def __init__(self, agent: Any, evaluation: value.FittedEval) -> None:
        self.agent = agent
        self.evaluation = evaluation
        self.name = agent.name

    def decide(self, state: Any, seat: int, legal: Sequence[tuple], rng: random.Random, **kw: Any) -> tuple:
        saved = value.EVAL
        value.EVAL = self.evaluation
        try:
            return self.agent.decide(state, seat, legal, rng, **kw)
        finally:
            value.EVAL = saved


def _mcts_v1(params: dict[str, Any], hooks: GameHooks | None, spec: str) -> WithEvaluation:
    explicit = params.pop("_explicit", set())
    unknown = sorted(k for k in explicit if k not in MCTS_KEYS)
    if unknown:
        raise ValueError(f"bot {spec!r}: unknown mcts parameter {', '.join(unknown)}")
    return WithEvaluation(build_mcts(HOOKS_PATH, params, spec), value.EVAL_V1)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", required=True, help="two bot specs, comma-separated as in main.py tournament")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=9100)
    ap.add_argument("--results", help="JSON-lines file, one line per finished game; a rerun resumes from it")
    a = ap.parse_args(argv)
    register("mcts_v1", _mcts_v1)
    specs = _split_specs(a.bots)
    report = run_tournament(HOOKS_PATH, 2, specs, a.games, a.seed, 1, presets_of(None), results_path=a.results,
                            on_game=lambda done, total: print(f"game {done} of {total}", file=sys.stderr, flush=True))
    print(report.to_text())
    return 0


def _split_specs(text: str) -> list[str]:
    """Two specs from ``kind:k=v,...,kind:k=v``: a part without ``=`` begins the next spec."""
    specs: list[str] = []
    for part in text.split(","):
        if "=" in part and specs and ":" not in part:
            specs[-1] += "," + part
        else:
            specs.append(part)
    if len(specs) != 2:
        raise SystemExit(f"--bots: two specs expected, got {len(specs)}")
    return specs


if __name__ == "__main__":
    sys.exit(main())
