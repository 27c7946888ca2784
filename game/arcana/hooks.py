"""Res Arcana's hooks into the generic bots package ``ai`` (tournaments, ISMCTS, the worker)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ai.registry import GameHooks, set_weights

from .bots import NOISE_SCALE, RuleAgent, RuleWeights, fast_policy
from .engine import State, new_game

HOOKS_PATH = "game.arcana.hooks:HOOKS"


def _rule_factory(params: dict[str, Any]) -> RuleAgent:
    w = set_weights(RuleWeights(), params)
    agent = RuleAgent(w)
    agent.name = "rule" + (f"(noise={w.noise:g})" if w.noise else "")
    w.noise *= NOISE_SCALE  # the presets' noise is in Realm's points (bots.NOISE_SCALE)
    return agent


def _labels(state: State) -> list[dict[str, str]]:
    cards = state.c.cards
    out = []
    for p in range(state.n):
        mage = next((cards[x].id for x in state.play[p] if cards[x].kind == "mage"), "?")
        out.append({"mage": mage})
    return out


def fallback_move(state: State, seat: int, legal: Sequence[tuple]) -> tuple:
    """The rule-based move, used when a bot fails."""
    return RuleAgent().decide(state, seat, list(legal), random.Random(seat))


def _new_game(players: int, seed: int) -> State:
    """Tournament games use the random preset (random sides, dealt hands, mage choice)."""
    return new_game(players, seed, preset="random")


HOOKS = GameHooks(
    name="res-arcana",
    preset_key="arcana",  # its tables in config.toml's presets: [bots.presets.NAME.arcana]
    new_game=_new_game,
    agents={"rule": _rule_factory},
    rollout_policies={"fast": fast_policy},
    priors={"rule": lambda state, seat, legal, rng: RuleAgent().rank(state, seat, list(legal), rng)},
    seat_labels=_labels,
    fallback=fallback_move,
)
