"""A cheap evaluation of a non-final position, for search cut-offs.

Each seat's final score is projected as its score now, plus what the built
monuments would give it at every scoring still to come, plus a little for
resources that convert to points later; the projection becomes a win estimate
by a softmax over seats.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .constants import AGES, N_PILLARS
from .scoring import _prepared

if TYPE_CHECKING:
    from .state import State

TEMPERATURE = 6.0
RESOURCE_VP = {"coin": 0.4, "merc": 0.6, "warden": 0.8, "acolyte": 0.3, "influence": 0.35, "artifact": 2.5}


_COIN, _MERC, _WARDEN, _ACOLYTE, _INFLUENCE, _ARTIFACT = (RESOURCE_VP[k] for k in (
    "coin", "merc", "warden", "acolyte", "influence", "artifact"))


def projected_scores(s: State) -> list[float]:
    n = s.n
    remaining = AGES - len(s.age_scores)
    proj = [float(x) for x in s.score]
    if remaining > 0:
        age = max(1, s.age)
        prep = _prepared(s.c)
        for i, b in enumerate(s.built):
            if b is None:
                continue
            _, prm, f = prep[i]
            pts = f(s, prm, b[1], age)  # = space_points(s, i, b[1], age)
            for p in range(n):
                proj[p] += pts[p] * remaining
        coins, mercs, wardens, tracks, board, artifact = s.coins, s.mercs, s.wardens, s.tracks, s.board, s.artifact
        for p in range(n):
            b = p * N_PILLARS
            proj[p] += (_COIN * coins[p] + _MERC * len(mercs[p])
                        + _WARDEN * sum(wardens[b:b + N_PILLARS])
                        + _ACOLYTE * sum(board[p::n])  # the seat's acolytes in every region
                        + _INFLUENCE * sum(tracks[b:b + N_PILLARS])
                        + _ARTIFACT * artifact.count(p))
    return proj


def evaluate(s: State) -> list[float]:
    proj = projected_scores(s)
    top = max(proj)
    ex = [math.exp((v - top) / TEMPERATURE) for v in proj]
    tot = sum(ex)
    return [e / tot for e in ex]
