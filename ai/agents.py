"""The simplest agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .protocol import Action, GameState


class RandomAgent:
    """Uniformly random among the legal actions."""

    name = "random"

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random,
               **_: Any) -> Action:
        return legal[rng.randrange(len(legal))]
