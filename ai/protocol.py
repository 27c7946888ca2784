"""The small game protocol every bot speaks, and the agent interface."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, runtime_checkable

Action = Hashable
Progress = Callable[[float, int], None]


@runtime_checkable
class GameState(Protocol):
    """A mutable game state. Actions are hashable values (tuples)."""

    def num_players(self) -> int: ...
    def to_move(self) -> int: ...  # the seat to act, -1 when terminal
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[Action]: ...
    def apply(self, action: Action) -> None: ...  # checks legality; raises on an illegal action
    def copy(self) -> GameState: ...
    def determinize(self, observer: int, rng: random.Random) -> GameState: ...
    def is_secret(self) -> bool: ...  # the seat to move commits a choice the others cannot see yet
    def returns(self) -> list[float]: ...  # terminal payoff per seat in [0, 1]
    def evaluate(self) -> list[float]: ...  # heuristic estimate per seat in [0, 1]
    def scores(self) -> list[float]: ...


RolloutPolicy = Callable[[GameState, random.Random], Action]
# a game's ranking of the legal actions, best first (used to focus the root of a search);
# like an agent, it may look at the state only through the seat's information
Prior = Callable[[GameState, int, Sequence[Action], random.Random], list[Action]]


class Agent(Protocol):
    """Chooses one of ``legal`` for ``seat``.

    ``state`` is the true state, but an agent treats it as an information set: it
    may look at it only through ``state.determinize(seat, rng)`` or through the
    game's own per-seat view. That is what the no-peeking tests check.
    """

    name: str

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> Action: ...
