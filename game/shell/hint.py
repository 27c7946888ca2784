"""A hint, the same in every game: what a strong bot would play here, asked in a worker thread.

The bot is given a world dealt from the asking seat's own information (``determinize``), so a hint
can never reveal what the seat may not know. Its answer comes back with the search's value of the
move and the playouts behind it; the game's table turns those into one line of why in the game's
words (:meth:`game.shell.table.TableBase.hint_why`) and shows the move as a preview.

When a hint is offered is one rule for every game (:func:`hint_off_reason`): a solo game always;
pass and play only with the setting ``ui.hints_in_pass_and_play`` on.

No pygame here: the table draws and the worker thread thinks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.review import HINT_PRESET, hint_agent

# The strongest preset that answers within about two seconds: timed through this worker on a 2-core
# machine, a few moves into a game, "hard" answered in 0.25 s and "expert" in 1.0 s in both games (the
# search stops at its time budget); no stronger preset ships.
# HINT_PRESET (the expert bot) and the fallback for a user's config without it are game.core.review's
# (hint_agent), which asks the same bot to judge a review's key moments, so the review's better move is the hint's.

HINTS_OFF = ("Hints are off in pass and play: every player at the screen would see one "
             "(Settings: Hints in pass and play)")


def hint_off_reason(humans: int, allowed_in_pass_and_play: bool) -> str | None:
    """Why a hint is not offered now (one line), or None when it is: solo games always, pass and play
    only with the setting on."""
    if humans <= 1 or allowed_in_pass_and_play:
        return None
    return HINTS_OFF


def plain_why(value: float | None, iterations: int, forced: bool) -> str:
    """A line of why for a game that says nothing of its own: the search's value as a chance."""
    if forced:
        return "The only legal move."
    if value is None or iterations <= 0:
        return "The bot's rules pick this move."
    return f"The bot's pick after {iterations} playouts (it rates it {round(100 * value)}%)."


@dataclass(frozen=True)
class Hint:
    """A bot's answer: the move, the search's value of it (None: not searched), the playouts behind it,
    and whether it was the only legal move."""

    action: Any
    value: float | None
    iterations: int
    forced: bool


class HintAsker:
    """One hint at a time, in its own worker thread (never the session's: the bots' decisions go on
    there), asked of ``preset``, a preset's name or a bot spec (else :data:`game.core.review.HINT_FALLBACK`, when the
    config lacks it)."""

    def __init__(self, session: Any, preset: str = HINT_PRESET) -> None:
        self.s = session
        self.preset = preset
        self.worker: Any = None
        self.agent: Any = None
        self.job: int | None = None
        self.key: Any = None  # the moment asked about: an answer for another moment is dropped

    @property
    def busy(self) -> bool:
        return self.job is not None

    def _start(self) -> None:
        from ai.worker import BotWorker

        # in this process's worker thread (not the search processes): the agent keeps its last
        # search's values, which the line of why reads
        self.worker = BotWorker("hint-worker", processes=False)
        self.agent = hint_agent(self.s.adapter, self.s.presets, preset=self.preset)

    def ask(self, seat: int, key: Any) -> bool:
        """Start asking for ``seat``'s move now, from a world determinized for ``seat``; False when there
        is nothing to ask."""
        st = self.s.state
        legal = st.legal_actions()
        if not legal:
            return False
        if self.worker is None:
            self._start()
        seed = random.randrange(1 << 30)
        world = st.determinize(seat, random.Random(seed))
        self.job = self.worker.submit(self.agent, world, seat, legal, seed=seed,
                                      fallback=self.s.adapter.hooks.fallback)
        self.key = key
        return True

    def poll(self, key: Any) -> Hint | None:
        """The answer once it is ready and still about moment ``key`` (and still a legal move)."""
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
        return Hint(res.action, values.get(res.action), res.iterations, len(legal) == 1)

    def cancel(self) -> None:
        if self.worker is not None and self.job is not None:
            self.worker.cancel()
        self.job = None

    def close(self) -> None:
        from game.core.session import close_worker

        close_worker(self)
