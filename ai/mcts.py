"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

Each iteration deals a determinization of the hidden state from the searching
seat's own view, descends the one tree with UCB1 over the actions legal in
that determinization (availability counts: a child's ``avail`` grows each time
it could have been chosen), expands one action, plays out with a rollout
policy up to ``cutoff`` decisions, and backs up the result of each seat.

Simultaneous secret choices (``state.is_secret()``: card selection, sealed
bids) are searched as hidden sequential commitments. The node where such a
block starts is *decoupled*: every seat committing in the block chooses from
its own statistics at that node, independent of what the others committed, and
the child after the block is keyed only by the searching seat's own choices.
So no seat's choice in the tree ever depends on another seat's secret, and the
searching seat never branches on what it could not have seen.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .protocol import Action, GameState, Prior, Progress, RolloutPolicy


class Node:
    __slots__ = ("children", "visits", "reward", "avail", "player", "stats")

    def __init__(self, player: int) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.player = player
        self.stats: dict[int, dict[Action, list]] | None = None  # decoupled block statistics


@dataclass
class SearchResult:
    action: Action
    iterations: int
    seconds: float
    visits: dict[Action, int]


class ISMCTSAgent:
    """Information-set MCTS with a budget in seconds or iterations."""

    def __init__(self, seconds: float = 0.5, iterations: int = 0, exploration: float = 0.7,
                 cutoff: int = 0, rollout: RolloutPolicy | None = None, max_rollout_depth: int = 2000,
                 name: str = "mcts", prior: Prior | None = None, root_k: int = 0) -> None:
        self.seconds = seconds
        self.iterations = iterations
        self.c = exploration
        self.cutoff = cutoff
        self.rollout = rollout
        self.max_depth = max_rollout_depth
        self.name = name
        self.prior = prior
        self.root_k = root_k
        self.last: SearchResult | None = None

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> Action:
        if len(legal) == 1:
            self.last = SearchResult(legal[0], 0, 0.0, {})
            return legal[0]
        res = self.search(state, seat, legal, rng, progress=progress, cancel=cancel)
        self.last = res
        return res.action

    # ------------------------------------------------------------------
    def search(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> SearchResult:
        root = Node(-1)
        secret_root = state.is_secret()
        ranked: list[Action] = list(legal)
        if self.prior is not None and self.root_k > 0:
            ranked = list(self.prior(state, seat, legal, rng))
            cands = ranked[:self.root_k]
            if len(cands) == 1:
                return SearchResult(cands[0], 0, 0.0, {})
            self._root_cands: set[Action] | None = set(cands)
        else:
            self._root_cands = None
        t0 = time.perf_counter()
        limit_iters = self.iterations if self.iterations > 0 else None
        deadline = t0 + self.seconds
        it = 0
        while True:
            if limit_iters is not None:
                if it >= limit_iters:
                    break
            elif time.perf_counter() >= deadline:
                break
            if cancel is not None and cancel.is_set():
                break
            self._iterate(root, state.determinize(seat, rng), seat, rng)
            it += 1
            if progress is not None and it % 16 == 0:
                frac = it / limit_iters if limit_iters else (time.perf_counter() - t0) / self.seconds
                progress(min(1.0, frac), it)
        legal_set = set(legal)
        if secret_root:
            table = (root.stats or {}).get(seat, {})
            visits = {a: e[0] for a, e in table.items() if a in legal_set}
        else:
            visits = {a: ch.visits for a, ch in root.children.items() if a in legal_set}
        if visits:
            best = max(visits.values())
            action = next(a for a in ranked if visits.get(a, -1) == best)
        else:
            action = legal[rng.randrange(len(legal))]
        return SearchResult(action, it, time.perf_counter() - t0, visits)

    def _ucb(self, visits: int, reward: float, avail: int) -> float:
        return reward / visits + self.c * math.sqrt(math.log(avail) / visits)

    def _iterate(self, root: Node, d: GameState, seat: int, rng: random.Random) -> None:
        node = root
        path: list[Node] = [root]
        entries: list[tuple[list, int]] = []
        expanded = False
        cands = self._root_cands
        while not d.is_terminal() and not expanded:
            if d.is_secret():
                block = node
                if block.stats is None:
                    block.stats = {}
                own: list[Action] = []
                while not d.is_terminal() and d.is_secret():
                    q = d.to_move()
                    legal = d.legal_actions()
                    if cands is not None and q == seat:
                        legal = [x for x in legal if x in cands] or legal
                        cands = None
                    table = block.stats.setdefault(q, {})
                    a = None
                    if len(legal) > 1:
                        untried = []
                        best = -1.0
                        for x in legal:
                            e = table.get(x)
                            if e is None:
                                untried.append(x)
                            else:
                                e[2] += 1
                                if not untried:
                                    v = self._ucb(e[0], e[1], e[2])
                                    if v > best:
                                        best, a = v, x
                        if untried and not expanded:
                            a = untried[rng.randrange(len(untried))]
                            table[a] = [0, 0.0, 1]
                            expanded = True
                        elif untried:
                            a = untried[rng.randrange(len(untried))]
                            table[a] = [0, 0.0, 1]
                    else:
                        a = legal[0]
                        table.setdefault(a, [0, 0.0, 1])
                    entries.append((table[a], q))
                    if q == seat:
                        own.append(a)
                    _apply(d, a)
                key = ("block", tuple(own))
                child = node.children.get(key)
                if child is None:
                    child = Node(-1)
                    node.children[key] = child
                node = child
                continue
            legal = d.legal_actions()
            if len(legal) == 1:
                _apply(d, legal[0])
                continue
            p = d.to_move()
            if cands is not None and p == seat:
                legal = [x for x in legal if x in cands] or legal
                cands = None
            children = node.children
            untried = []
            best = -1.0
            choice = None
            for x in legal:
                ch = children.get(x)
                if ch is None:
                    untried.append(x)
                else:
                    ch.avail += 1
                    if not untried:
                        v = self._ucb(ch.visits, ch.reward, ch.avail) if ch.visits else 1e9
                        if v > best:
                            best, choice = v, x
            if untried:
                a = untried[rng.randrange(len(untried))]
                ch = Node(p)
                children[a] = ch
                expanded = True
            else:
                a = choice
                ch = children[a]
            path.append(ch)
            node = ch
            _apply(d, a)
        # rollout
        depth = 0
        limit = self.cutoff if self.cutoff > 0 else self.max_depth
        policy = self.rollout
        while not d.is_terminal() and depth < limit:
            if policy is not None:
                a = policy(d, rng)
            else:
                legal = d.legal_actions()
                a = legal[rng.randrange(len(legal))]
            _apply(d, a)
            depth += 1
        rewards = d.returns() if d.is_terminal() else d.evaluate()
        for n in path:
            n.visits += 1
            if n.player >= 0:
                n.reward += rewards[n.player]
        for e, q in entries:
            e[0] += 1
            e[1] += rewards[q]


def _apply(d: GameState, a: Action) -> None:
    fast = getattr(d, "apply_unchecked", None)
    if fast is not None:
        fast(a)
    else:
        d.apply(a)
