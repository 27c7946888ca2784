"""Small statistics for reports and benchmarks."""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) when n == 0.

    ``wins`` may be fractional (shared wins count 1/k each)."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= n:
        raise ValueError(f"wilson: wins {wins} outside 0..{n}")
    p = wins / n
    zz = z * z
    d = 1 + zz / n
    centre = (p + zz / (2 * n)) / d
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + zz / (4 * n * n))) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile, ``q`` in [0, 1]; NaN for no values."""
    if not values:
        return float("nan")
    if not 0.0 <= q <= 1.0:
        raise ValueError(f"percentile: q must be in [0, 1] (got {q})")
    v = sorted(values)
    k = (len(v) - 1) * q
    lo = math.floor(k)
    hi = math.ceil(k)
    return v[lo] + (v[hi] - v[lo]) * (k - lo)
