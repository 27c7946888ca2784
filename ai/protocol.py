"""The small game protocol every bot speaks, and the agent interface.

A game implements :class:`GameState` on its own state class; nothing in ``ai/``
imports a game. Optional extras a state may add (the search uses them when
present, and works without them):

- ``apply_unchecked(action)``: ``apply`` without the legality check, for actions
  taken from ``legal_actions()`` (the search's fast path).
- ``secret_block() -> Hashable``: an id shared by every decision of one
  simultaneous block and different for the next block (e.g. ``(round, "bid")``).
  Without it, a block is a run of consecutive secret decisions that ends when a
  seat that already committed in it is to move again.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, runtime_checkable

Action = Hashable
Progress = Callable[[float, int], None]  # (fraction of the budget done, iterations so far)


@runtime_checkable
class GameState(Protocol):
    """A mutable game state. Actions are hashable values (tuples, ints)."""

    def num_players(self) -> int: ...

    def to_move(self) -> int:
        """The seat to act; -1 when terminal."""
        ...

    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> list[Action]:
        """The actions of the seat to move; non-empty unless terminal."""
        ...

    def apply(self, action: Action) -> None:
        """Apply in place; raise (and change nothing) on an illegal action."""
        ...

    def copy(self) -> GameState: ...

    def determinize(self, observer: int, rng: random.Random) -> GameState:
        """A NEW state where everything ``observer`` cannot know is dealt afresh,
        consistent with what it knows. The result depends only on the observer's
        information and ``rng``: that is what makes bots honest."""
        ...

    def is_secret(self) -> bool:
        """True while the seat to move commits a secret choice of a simultaneous
        block: the other seats will not see it until the block is revealed."""
        ...

    def returns(self) -> list[float]:
        """Terminal payoff per seat in [0, 1] (the winner 1.0, the others lower)."""
        ...

    def evaluate(self) -> list[float]:
        """Heuristic estimate per seat in [0, 1] of a non-terminal state."""
        ...

    def scores(self) -> list[float]:
        """Raw scores (for reports)."""
        ...


# A game's cheap move chooser for playouts; the default is uniform over legal_actions().
RolloutPolicy = Callable[[GameState, random.Random], Action]

# A game's ranking of the legal actions, best first (used to focus the root of a
# search); like an agent, it may look at the state only through the seat's information.
Prior = Callable[[GameState, int, Sequence[Action], random.Random], list[Action]]


class Agent(Protocol):
    """Chooses one of ``legal`` for ``seat``.

    ``state`` is the true state, but an agent treats it as an information set: it
    may look at it only through ``state.determinize(seat, rng)`` or through the
    game's own per-seat view. The no-peeking tests check exactly that.
    ``progress(fraction, iterations)`` is called now and then; ``cancel`` is
    checked at least every ~10 ms of work. A given ``rng`` seed reproduces the
    decision (for iteration budgets; time budgets naturally vary).
    """

    name: str

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> Action: ...
