"""Realm of Reckoning's hooks into the generic bots package (temporary minimal version)."""

from __future__ import annotations

import random
from typing import Any

from .bots import RuleAgent


class _Random:
    name = "random"

    def decide(self, state: Any, seat: int, legal: list, rng: random.Random, **_: Any) -> Any:
        return rng.choice(legal)


def make_agent(spec: str, cfg: Any = None) -> Any:
    if spec == "random":
        return _Random()
    if spec == "rule":
        return RuleAgent()
    raise ValueError(f"unknown bot {spec!r}")
