"""Realm of Reckoning's hooks into the generic bots package ``ai``.

Everything game-specific the bots need (how to start a game, the rule-based
agent, the cheap rollout policy, the faction labels for reports, the fallback
move) is registered here, so ``ai/`` stays free of this game.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ai.registry import MCTS_KEYS, GameHooks
from ai.registry import make_agent as _make_agent

from .bots import RuleAgent, RuleWeights, fast_policy
from .engine import State, new_game

HOOKS_PATH = "game.realm.hooks:HOOKS"


def _rule_factory(params: dict[str, Any]) -> RuleAgent:
    w = RuleWeights()
    for k, v in params.items():
        if k in MCTS_KEYS:
            continue  # search settings of a preset; the rule bot does not search
        if not hasattr(w, k) or k == "extra":
            raise ValueError(f"unknown rule-bot parameter {k!r}")
        setattr(w, k, float(v))
    agent = RuleAgent(w)
    agent.name = "rule" + (f"(noise={w.noise:g})" if w.noise else "")
    return agent


def _labels(state: State) -> list[dict[str, str]]:
    return [{"faction": state.c.factions[f].id} for f in state.factions]


def fallback_move(state: State, seat: int, legal: Sequence[tuple]) -> tuple:
    """The rule-based move, used when a bot fails."""
    return RuleAgent().decide(state, seat, list(legal), random.Random(seat))


HOOKS = GameHooks(
    name="realm-of-reckoning",
    new_game=lambda players, seed: new_game(players, seed=seed),
    agents={"rule": _rule_factory},
    rollout_policies={"fast": fast_policy},
    priors={"rule": lambda state, seat, legal, rng: RuleAgent().rank(state, seat, list(legal), rng)},
    seat_labels=_labels,
    fallback=fallback_move,
)


def presets_of(cfg: Any) -> dict[str, dict[str, Any]]:
    if not cfg:
        from game.shell.config import defaults

        return defaults()["bots"]["presets"]
    if hasattr(cfg, "bots"):
        return {k: dict(v) for k, v in cfg.bots.presets.items()}
    return dict(cfg)


def make_agent(spec: str, cfg: Any = None) -> Any:
    """An agent from a spec (``random``, ``rule``, ``easy``/``normal``/``hard``, ``mcts:seconds=0.25``)."""
    return _make_agent(spec, presets_of(cfg), HOOKS)


# ------------------------------------------------------------------ commands
def run_tournament_cli(cfg: Any, players: int, specs: list[str], games: int, seed: int, jobs: int,
                       as_json: bool, results: str | None = None) -> int:
    from ai.tournament import run_tournament

    try:
        report = run_tournament(HOOKS_PATH, players, specs, games, seed, jobs, presets_of(cfg),
                                results_path=results)
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report.to_json() if as_json else report.to_text())
    return 0


def _mid_game(players: int, seed: int, steps: int = 60) -> State:
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply(rng.choice(s.legal_actions()))
    while s.is_terminal() is False and len(s.legal_actions()) < 2:
        s.apply(s.legal_actions()[0])
    return s


def bench_bots(cfg: Any, section: str, seed: int) -> None:
    from ai.bench import measure_frame_loop
    from ai.mcts import ISMCTSAgent

    if section in ("all", "mcts"):
        print("ISMCTS iterations per second (0.5 s searches from mid-game positions, median of 5)")
        for n in (2, 3, 4, 5):
            for cutoff in (0, 40):
                rates = []
                for k in range(5):
                    s = _mid_game(n, seed + k)
                    agent = ISMCTSAgent(seconds=0.5, cutoff=cutoff, rollout=fast_policy)
                    res = agent.search(s, s.to_move(), s.legal_actions(), random.Random(k))
                    rates.append(res.iterations / res.seconds)
                print(f"  {n} players, cutoff {cutoff:>2}: {statistics.median(rates):8.0f} iterations/s")
    if section in ("all", "frames"):
        s = _mid_game(4, seed)
        agent = make_agent("hard", cfg)
        stats = measure_frame_loop(agent, s, s.to_move(), s.legal_actions(), frames=120)
        print(f"Frame loop beside a thinking {agent.name} bot (16 ms frames, 4 players): median "
              f"{stats['median_ms']:.1f} ms, p95 {stats['p95_ms']:.1f} ms over {stats['frames']} frames, "
              f"{stats['iterations']} search iterations")
    _ = time
