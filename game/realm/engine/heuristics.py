"""A cheap evaluation of a non-final position, for search cut-offs.

Each seat's final score is projected as its score now, plus what the built
monuments would give it at every scoring still to come, plus a little for
resources that convert to points later; the projection becomes a win estimate
by a softmax over seats.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .constants import N_PILLARS
from .scoring import space_points

if TYPE_CHECKING:
    from .state import State

TEMPERATURE = 6.0
RESOURCE_VP = {"coin": 0.4, "merc": 0.6, "warden": 0.8, "acolyte": 0.3, "influence": 0.35, "artifact": 2.5}


def projected_scores(s: State) -> list[float]:
    n = s.n
    remaining = 3 - len(s.age_scores)
    proj = [float(x) for x in s.score]
    if remaining > 0:
        age = max(1, s.age)
        for i, b in enumerate(s.built):
            if b is None:
                continue
            pts = space_points(s, i, b[1], age)
            for p in range(n):
                proj[p] += pts[p] * remaining
        for p in range(n):
            proj[p] += (RESOURCE_VP["coin"] * s.coins[p] + RESOURCE_VP["merc"] * len(s.mercs[p])
                        + RESOURCE_VP["warden"] * sum(s.wardens[p * N_PILLARS:(p + 1) * N_PILLARS])
                        + RESOURCE_VP["acolyte"] * s.acolytes_on_board(p)
                        + RESOURCE_VP["influence"] * sum(s.tracks[p * N_PILLARS:(p + 1) * N_PILLARS])
                        + RESOURCE_VP["artifact"] * sum(1 for a in s.artifact if a == p))
    return proj


def evaluate(s: State) -> list[float]:
    proj = projected_scores(s)
    top = max(proj)
    ex = [math.exp((v - top) / TEMPERATURE) for v in proj]
    tot = sum(ex)
    return [e / tot for e in ex]
