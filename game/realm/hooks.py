"""Realm of Reckoning's hooks into the generic bots package ``ai``.

Everything game-specific the bots need (how to start a game, the rule-based
agent, the cheap rollout policy, the faction labels for reports, the fallback
move) is registered here, so ``ai/`` stays free of this game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.registry import GameHooks, set_weights
from ai.registry import make_agent as _make_agent

from .bots import RuleAgent, RuleWeights, fast_policy
from .engine import State, new_game

HOOKS_PATH = "game.realm.hooks:HOOKS"


def _rule_factory(params: dict[str, Any]) -> RuleAgent:
    w = set_weights(RuleWeights(), params)
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
    preset_key="realm",  # its tables in config.toml's presets: [bots.presets.NAME.realm]
    new_game=lambda players, seed: new_game(players, seed=seed),
    agents={"rule": _rule_factory},
    rollout_policies={"fast": fast_policy},
    priors={"rule": lambda state, seat, legal, rng: RuleAgent().rank(state, seat, list(legal), rng)},
    seat_labels=_labels,
    fallback=fallback_move,
)


def make_agent(spec: str, cfg: Any = None) -> Any:
    """An agent for this game from a spec (``random``, ``rule``, ``easy``/``normal``/``hard``, ``mcts:...``)."""
    from game.core.session import presets_of

    return _make_agent(spec, presets_of(cfg), HOOKS)
