"""Agents by spec string, and the hooks a game registers.

Specs: ``random``; a preset name from the config (``easy``, ``normal``, ``hard``);
``mcts:hard``; ``mcts:seconds=0.25,cutoff=40``; a game's own kinds (``rule``),
optionally with parameters (``rule:noise=4``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .agents import RandomAgent
from .mcts import ISMCTSAgent
from .protocol import Action, GameState, Prior, RolloutPolicy

MCTS_KEYS = {"seconds": float, "iterations": int, "exploration": float, "cutoff": int, "rollout": str,
             "prior": str, "root_k": int}


@dataclass
class GameHooks:
    """What a game gives the bots package: nothing game-specific lives in ``ai/``."""

    name: str
    new_game: Callable[[int, int], GameState]  # (players, seed) -> state
    agents: dict[str, Callable[[dict[str, Any]], Any]] = field(default_factory=dict)
    rollout_policies: dict[str, RolloutPolicy] = field(default_factory=dict)
    priors: dict[str, Prior] = field(default_factory=dict)
    seat_labels: Callable[[GameState], list[dict[str, str]]] | None = None
    fallback: Callable[[GameState, int, Sequence[Action]], Action] | None = None


def load_hooks(path: str) -> GameHooks:
    """Import ``"module:attribute"``."""
    mod, _, attr = path.partition(":")
    obj = getattr(importlib.import_module(mod), attr or "HOOKS")
    return obj() if callable(obj) and not isinstance(obj, GameHooks) else obj


def _parse_params(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq:
            raise ValueError(f"bot parameter {part!r} must look like key=value")
        value = value.strip()
        try:
            out[key.strip()] = int(value)
        except ValueError:
            try:
                out[key.strip()] = float(value)
            except ValueError:
                out[key.strip()] = value
    return out


def make_agent(spec: str, presets: dict[str, dict[str, Any]] | None, hooks: GameHooks) -> Any:
    """Build an agent from a spec string; ValueError (one line) for an unknown spec."""
    presets = presets or {}
    spec = spec.strip()
    kind, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    if kind in presets and not rest:
        params = dict(presets[kind])
        kind = params.pop("kind")
    elif rest and rest in presets and "=" not in rest:
        params = dict(presets[rest])
        if params.get("kind") != kind:
            raise ValueError(f"bot {spec!r}: preset {rest!r} is a {params.get('kind')} bot, not {kind}")
        params.pop("kind")
    elif rest:
        params = _parse_params(rest)
    params.pop("label", None)
    if kind == "random":
        return RandomAgent()
    if kind == "mcts":
        args = {}
        for k, v in params.items():
            if k == "noise":
                continue
            if k not in MCTS_KEYS:
                raise ValueError(f"bot {spec!r}: unknown mcts parameter {k!r} (known: {', '.join(MCTS_KEYS)})")
            args[k] = v
        rollout_name = args.pop("rollout", "fast")
        if rollout_name == "random":
            rollout = None
        elif rollout_name in hooks.rollout_policies:
            rollout = hooks.rollout_policies[rollout_name]
        else:
            raise ValueError(f"bot {spec!r}: unknown rollout {rollout_name!r}")
        prior_name = args.pop("prior", "none")
        if prior_name != "none" and prior_name not in hooks.priors:
            raise ValueError(f"bot {spec!r}: unknown prior {prior_name!r}")
        prior = hooks.priors.get(prior_name)
        return ISMCTSAgent(seconds=float(args.get("seconds", 0.5)), iterations=int(args.get("iterations", 0)),
                           exploration=float(args.get("exploration", 0.7)), cutoff=int(args.get("cutoff", 0)),
                           rollout=rollout, name=spec, prior=prior,
                           root_k=int(args.get("root_k", 3 if prior else 0)))
    if kind in hooks.agents:
        return hooks.agents[kind](params)
    known = ["random", "mcts", *hooks.agents, *presets]
    raise ValueError(f"unknown bot {spec!r} (known: {', '.join(known)})")
