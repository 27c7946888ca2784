"""The simplest agent."""

from __future__ import annotations

import random
import threading
from collections.abc import Sequence

from .protocol import Action, GameState, Progress


class RandomAgent:
    """Uniformly random among the legal actions (never looks at the state)."""

    name = "random"

    def __init__(self, name: str = "random") -> None:
        self.name = name

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> Action:
        if not legal:
            raise ValueError(f"{self.name}: no legal actions for seat {seat}")
        action = legal[rng.randrange(len(legal))]
        if progress is not None:
            progress(1.0, 0)
        return action
