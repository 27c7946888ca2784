"""Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).

Each iteration deals a determinization of the hidden state from the searching
seat's own view, descends the one tree choosing among the actions legal in that
determinization (UCB1 with availability counts: a child's ``avail`` grows each
time it could have been chosen), expands one action, plays out with a rollout
policy up to ``cutoff`` decisions (0 = to the end), scores the result with
``returns()`` (terminal) or ``evaluate()`` (cut off) and backs up each seat's
reward into the statistics of the moves that seat made.

Simultaneous secret blocks (consecutive decisions with ``state.is_secret()``:
card selection, sealed bids) are searched as *decoupled* nodes: at the node
where a block starts, each committing seat picks from its own statistics,
keyed by the seat and that seat's own earlier commitments in the block, never
by another seat's secret. After the block the tree continues in one child
keyed by the searching seat's own commitments only. So no seat in the tree
sees another seat's secret, and the searcher never branches on what it could
not have seen. See docs/ai.md.
"""

from __future__ import annotations

import math
import os
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .protocol import Action, GameState, Prior, Progress, RolloutPolicy

_PROGRESS_EVERY = 0.02  # seconds between progress callbacks
_INF = float("inf")
MAX_WORKERS = 64


class _BlockKey:
    """Marks the tree edge that follows a secret block (never equal to a game action)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<block>"


BLOCK = _BlockKey()


class Stat:
    """Statistics of one move: visits, reward sum (and of squares), availability."""

    __slots__ = ("n", "w", "w2", "avail", "seat")

    def __init__(self, seat: int) -> None:
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0
        self.avail = 1
        self.seat = seat  # the seat that made the move; its reward is what ``w`` sums

    def mean(self) -> float:
        return self.w / self.n if self.n else 0.0


class Node(Stat):
    """A tree node: the statistics of the move into it, its children by action, and
    (when a secret block starts here) the decoupled tables ``blocks[(seat, own
    earlier commitments)][action]``."""

    __slots__ = ("children", "blocks")

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.children: dict[Any, Node] = {}
        self.blocks: dict[tuple[int, tuple], dict[Action, Stat]] | None = None


@dataclass
class SearchResult:
    action: Action
    iterations: int
    seconds: float
    visits: dict[Action, int]  # root visits of the searching seat's actions
    values: dict[Action, float] = field(default_factory=dict)  # their mean reward for that seat
    cancelled: bool = False
    root: Node | None = field(default=None, repr=False)
    # per searched root action: (visits, reward sum, sum of squared rewards), for merging searches
    stats: dict[Action, tuple[int, float, float]] = field(default_factory=dict, repr=False)
    ranked: list[Action] = field(default_factory=list, repr=False)  # the root actions, the prior's best first


def check_workers(value: Any) -> int:
    """``workers`` as an int (0 = all cores but one); ``ValueError`` (one line) otherwise."""
    if isinstance(value, bool) or not isinstance(value, int | float) or float(value) != int(value) \
            or not 0 <= int(value) <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 0 to {MAX_WORKERS}, 0 = all cores but one "
                         f"(got {value!r})")
    return int(value)


def cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def default_workers() -> int:
    """All cores but one (the window's), at least 1: what ``workers = 0`` means."""
    return max(1, cores() - 1)


def _clearly_better(a: Stat, b: Stat, z: float) -> bool:
    """Whether ``a``'s mean reward beats ``b``'s by more than ``z`` standard errors (Welch)."""
    if a.n < 2 or b.n < 2:
        return False
    ma, mb = a.w / a.n, b.w / b.n
    va = max(0.0, a.w2 / a.n - ma * ma) / (a.n - 1)
    vb = max(0.0, b.w2 / b.n - mb * mb) / (b.n - 1)
    se = math.sqrt(va + vb)
    return ma - mb > z * se if se > 0 else ma > mb


class ISMCTSAgent:
    """Information-set MCTS with a budget of ``iterations`` (wins when > 0) or ``seconds``.

    ``ucb`` is ``"ucb1"`` (the default) or ``"tuned"`` (UCB1-Tuned); on the toy games
    neither played measurably better (docs/ai.md). ``prior``/``root_k``: a game's ranking
    of the root actions; only the best ``root_k`` are searched. ``keep_z`` (with a prior):
    the most visited action replaces the prior's first choice only when its mean reward is
    higher by more than ``keep_z`` standard errors; 0 (the default) always takes the most visited.
    ``workers``: how many processes a :class:`ai.worker.BotWorker` runs this search in (root
    parallel, see ``ai/pool.py``); 0 (the default) = all cores but one. ``decide``/``search``
    called directly always search in the calling thread.
    """

    def __init__(self, seconds: float = 0.5, iterations: int = 0, exploration: float = 0.7,
                 cutoff: int = 0, rollout: RolloutPolicy | None = None, max_rollout_depth: int = 2000,
                 name: str = "mcts", prior: Prior | None = None, root_k: int = 0, ucb: str = "ucb1",
                 keep_z: float = 0.0, workers: int = 0) -> None:
        if ucb not in ("ucb1", "tuned"):
            raise ValueError(f"ucb must be 'ucb1' or 'tuned' (got {ucb!r})")
        if seconds <= 0 and iterations <= 0:
            raise ValueError("an mcts bot needs seconds > 0 or iterations > 0")
        self.seconds = float(seconds)
        self.iterations = int(iterations)
        self.c = float(exploration)
        self.cutoff = int(cutoff)
        self.rollout = rollout
        self.max_depth = max(1, int(max_rollout_depth))
        self.name = name
        self.prior = prior
        self.root_k = int(root_k)
        self.ucb = ucb
        self.keep_z = float(keep_z)
        self.workers = check_workers(workers)
        self.recipe: tuple[str, dict[str, Any]] | None = None  # (hooks path, spec parameters), set by the registry
        self.last: SearchResult | None = None

    def __getstate__(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["last"] = None  # never ship a search tree to another process
        return d

    def __repr__(self) -> str:
        budget = f"iterations={self.iterations}" if self.iterations > 0 else f"seconds={self.seconds:g}"
        return f"ISMCTSAgent({self.name!r}, {budget}, exploration={self.c:g}, cutoff={self.cutoff}, ucb={self.ucb})"

    def decide(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None) -> Action:
        if len(legal) == 1:
            self.last = SearchResult(legal[0], 0, 0.0, {})
            if progress is not None:
                progress(1.0, 0)
            return legal[0]
        res = self.search(state, seat, legal, rng, progress=progress, cancel=cancel)
        self.last = res
        return res.action

    # ------------------------------------------------------------------ search
    def search(self, state: GameState, seat: int, legal: Sequence[Action], rng: random.Random, *,
               progress: Progress | None = None, cancel: threading.Event | None = None,
               candidates: tuple[list[Action], set[Action]] | None = None) -> SearchResult:
        """Search from ``seat``'s information set; ``state`` is read only through ``determinize``.

        ``candidates``: the ``(ranked, allowed)`` of :meth:`root_candidates`, if already known
        (root-parallel searches rank once with the decision's seed and search with another rng)."""
        if not legal:
            raise ValueError(f"{self.name}: no legal actions for seat {seat}")
        t0 = time.perf_counter()
        ranked, allowed = candidates if candidates is not None else self.root_candidates(state, seat, legal, rng)
        if self.prior is not None and self.root_k > 0 and len(allowed) == 1:
            if progress is not None:
                progress(1.0, 0)
            return SearchResult(ranked[0], 0, time.perf_counter() - t0, {}, ranked=ranked)
        root = Node(-1)
        secret_root = state.is_secret()
        has_block_id = callable(getattr(state, "secret_block", None))
        limit = self.iterations if self.iterations > 0 else 0
        deadline = t0 + self.seconds
        next_report = t0 + _PROGRESS_EVERY
        it = 0
        cancelled = False
        while True:
            if cancel is not None and cancel.is_set():
                cancelled = True
                break
            if not self._iterate(root, state.determinize(seat, rng), seat, rng, allowed, has_block_id, cancel):
                cancelled = True
                break
            it += 1
            now = time.perf_counter()
            if limit:
                if it >= limit:
                    break
            elif now >= deadline:
                break
            if progress is not None and now >= next_report:
                next_report = now + _PROGRESS_EVERY
                progress(min(1.0, it / limit if limit else (now - t0) / self.seconds), it)
        if progress is not None and not cancelled:
            progress(1.0, it)
        if secret_root:
            table: dict[Action, Any] = (root.blocks or {}).get((seat, ()), {})
        else:
            table = root.children
        visits = {a: table[a].n for a in ranked if a in table}
        values = {a: table[a].mean() for a in ranked if a in table}
        stats = {a: (table[a].n, table[a].w, table[a].w2) for a in ranked if a in table}
        action = self.choose(ranked, table, rng)
        return SearchResult(action, it, time.perf_counter() - t0, visits, values, cancelled, root, stats, ranked)

    def root_candidates(self, state: GameState, seat: int, legal: Sequence[Action],
                        rng: random.Random) -> tuple[list[Action], set[Action]]:
        """``(ranked, allowed)``: the root actions (the prior's ranking first, when there is one)
        and those the search considers (the prior's best ``root_k``, else all)."""
        ranked: list[Action] = list(legal)
        allowed: set[Action] = set(legal)
        if self.prior is not None and self.root_k > 0:
            ranked = [a for a in self.prior(state, seat, legal, rng) if a in allowed]
            seen = set(ranked)
            ranked += [a for a in legal if a not in seen]
            allowed = set(ranked[:self.root_k])
        return ranked, allowed

    def choose(self, ranked: Sequence[Action], table: dict[Action, Any], rng: random.Random) -> Action:
        """The answer from root statistics ``table`` (action -> :class:`Stat`): the most visited
        (ties: higher mean, then ``ranked`` order), subject to ``keep_z`` with a prior."""
        visits = {a: table[a].n for a in ranked if a in table}
        if not visits:
            if self.prior is not None and self.root_k > 0:
                return ranked[0]
            return ranked[rng.randrange(len(ranked))]
        values = {a: table[a].mean() for a in visits}
        order = {a: i for i, a in enumerate(ranked)}
        action = max(visits, key=lambda a: (visits[a], values[a], -order[a]))
        if self.keep_z > 0 and self.prior is not None and self.root_k > 0 and action != ranked[0] \
                and ranked[0] in table and not _clearly_better(table[action], table[ranked[0]], self.keep_z):
            action = ranked[0]  # the search found no clear reason to overrule the prior's first choice
        return action

    # --------------------------------------------------------------- internals
    def _select(self, table: dict, legal: Sequence[Action], rng: random.Random,
                make: type[Stat], seat: int) -> tuple[Action, Stat, bool]:
        """UCB over the actions legal now; an untried one first. Bumps availability."""
        untried: list[Action] | None = None
        best = -_INF
        choice: Action = None
        tuned = self.ucb == "tuned"
        c = self.c
        log = math.log
        sqrt = math.sqrt
        for x in legal:
            st = table.get(x)
            if st is None:
                if untried is None:
                    untried = [x]
                else:
                    untried.append(x)
                continue
            st.avail += 1
            if untried is not None:
                continue
            n = st.n
            if n == 0:
                v = _INF
            else:
                mean = st.w / n
                la = log(st.avail)
                if tuned:
                    var = st.w2 / n - mean * mean + sqrt(2.0 * la / n)
                    v = mean + c * sqrt(la / n * (var if var < 0.25 else 0.25))
                else:
                    v = mean + c * sqrt(la / n)
            if v > best:
                best = v
                choice = x
        if untried is not None:
            x = untried[int(rng.random() * len(untried))] if len(untried) > 1 else untried[0]
            st = make(seat)
            table[x] = st
            return x, st, True
        return choice, table[choice], False

    def _iterate(self, root: Node, d: GameState, seat: int, rng: random.Random, allowed: set[Action] | None,
                 has_block_id: bool, cancel: threading.Event | None) -> bool:
        """One iteration on determinization ``d``; False when cancelled mid-way."""
        apply = getattr(d, "apply_unchecked", None) or d.apply
        node = root
        path: list[Stat] = []
        at_root = True
        while not d.is_terminal():
            if d.is_secret():
                # a decoupled block: each seat picks from its own table, blind to the others' secrets
                blocks = node.blocks
                if blocks is None:
                    blocks = node.blocks = {}
                committed: dict[int, tuple] = {}
                own: tuple = ()
                fresh = False
                bid = d.secret_block() if has_block_id else None  # type: ignore[attr-defined]
                while True:
                    q = d.to_move()
                    prev = committed.get(q)
                    if prev is None:
                        prev = ()
                    elif not has_block_id:
                        break  # q moves again: a new block begins here
                    legal = d.legal_actions()
                    if at_root:
                        at_root = False
                        if allowed is not None and q == seat:
                            legal = [x for x in legal if x in allowed] or legal
                    if len(legal) == 1:
                        a = legal[0]
                    else:
                        key = (q, prev)
                        table = blocks.get(key)
                        if table is None:
                            table = blocks[key] = {}
                        a, st, new = self._select(table, legal, rng, Stat, q)
                        fresh = fresh or new
                        path.append(st)
                    committed[q] = prev + (a,)
                    if q == seat:
                        own += (a,)
                    apply(a)
                    if d.is_terminal() or not d.is_secret():
                        break
                    if has_block_id and d.secret_block() != bid:  # type: ignore[attr-defined]
                        break
                key2 = (BLOCK, own)
                child = node.children.get(key2)
                if child is None:
                    child = node.children[key2] = Node(-1)
                    fresh = True
                node = child
                if fresh:
                    break
                continue
            legal = d.legal_actions()
            if len(legal) == 1:
                at_root = False
                apply(legal[0])
                continue
            p = d.to_move()
            if at_root:
                at_root = False
                if allowed is not None:
                    legal = [x for x in legal if x in allowed] or legal
            a, ch, new = self._select(node.children, legal, rng, Node, p)
            path.append(ch)
            apply(a)
            if new:
                break
            node = ch  # type: ignore[assignment]
        # playout
        limit = self.cutoff if self.cutoff > 0 else self.max_depth
        policy = self.rollout
        is_terminal = d.is_terminal
        depth = 0
        if policy is None:
            rand = rng.random
            legal_actions = d.legal_actions
            while depth < limit and not is_terminal():
                legal = legal_actions()
                apply(legal[int(rand() * len(legal))])
                depth += 1
                if cancel is not None and not depth & 31 and cancel.is_set():
                    return False
        elif cancel is None:
            while depth < limit and not is_terminal():
                apply(policy(d, rng))
                depth += 1
        else:
            while depth < limit and not is_terminal():
                apply(policy(d, rng))
                depth += 1
                if not depth & 31 and cancel.is_set():
                    return False
        r = d.returns() if is_terminal() else d.evaluate()
        for st in path:
            st.n += 1
            x = r[st.seat]
            st.w += x
            st.w2 += x * x
        return True
