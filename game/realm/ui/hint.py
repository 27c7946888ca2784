"""A hint: what the hard bot would play here, asked in a worker thread (a frame never waits).

The bot is given a world dealt from the asking seat's own information (``determinize``), so a
hint can never reveal what the seat may not know. The answer comes with one line of why: the
search's root value turned into words (Realm's returns are 1 for the winner and 0.25 less 0.01
per point behind the winner otherwise), or, when nothing was searched, that the bot's rules chose it.
"""

from __future__ import annotations

import random
from typing import Any

HINT_BOT = "hard"


def why_line(value: float | None, iterations: int, forced: bool) -> str:
    """One line of why, from the search's value of the move (None: not searched)."""
    if forced:
        return "The only legal move."
    if value is None or iterations <= 0:
        return "The hard bot's rules pick this move (it found no reason to search further)."
    if value >= 0.5:
        outlook = "it expects to win from here"
    elif value >= 0.25:
        outlook = "it sees a fair chance to win from here"
    else:
        gap = max(1, round((0.25 - value) / 0.01))
        outlook = f"it expects to finish about {gap} VP behind the winner"
    return f"The hard bot's pick after {iterations} playouts: {outlook}."


class HintAsker:
    """One hint at a time, in its own worker (never the session's: the bots' decisions go on there)."""

    def __init__(self, session: Any) -> None:
        self.s = session
        self.worker: Any = None
        self.agent: Any = None
        self.job: int | None = None
        self.key: Any = None  # the moment asked about: an answer for another moment is dropped

    @property
    def busy(self) -> bool:
        return self.job is not None

    def ask(self, seat: int, key: Any) -> bool:
        """Start asking for ``seat``'s move now; False when there is nothing to ask."""
        st = self.s.state
        legal = st.legal_actions()
        if not legal:
            return False
        if self.worker is None:
            from ai.worker import BotWorker
            from game.core.session import make_agent

            # in this process's worker thread (not the search processes): the agent keeps its last
            # search's values, which the line of why reads
            self.worker = BotWorker("hint-worker", processes=False)
            self.agent = make_agent(self.s.adapter, HINT_BOT, self.s.presets)
        seed = random.randrange(1 << 30)
        world = st.determinize(seat, random.Random(seed))
        self.job = self.worker.submit(self.agent, world, seat, legal, seed=seed,
                                      fallback=self.s.adapter.hooks.fallback)
        self.key = key
        return True

    def poll(self, key: Any) -> tuple[tuple, str] | None:
        """The answer (action, why) once it is ready and still about moment ``key``."""
        if self.job is None or self.worker is None:
            return None
        if key != self.key:
            self.cancel()
            return None
        res = self.worker.poll()
        if res is None or res.job_id != self.job:
            return None
        self.job = None
        legal = self.s.state.legal_actions()
        if res.action not in legal:
            return None
        last = getattr(self.agent, "last", None)
        values = getattr(last, "values", {}) or {}
        value = values.get(res.action)
        return res.action, why_line(value, res.iterations, len(legal) == 1)

    def cancel(self) -> None:
        if self.worker is not None and self.job is not None:
            self.worker.cancel()
        self.job = None

    def close(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker.shutdown()
            self.worker = None
        self.job = None
