"""Essence payments: what a cost with discounts requires, whether a payment is legal, a few good options.

A cost is a fixed vector ``F`` (Elan, Life, Calm, Death, Gold) plus ``A`` essences of any type
(Gold allowed). Discounts come as ``G`` (may remove any essence) and ``NG`` (may not remove Gold).
Discounts always remove as much as they can; they go to the "any" part first (that never hurts the
payer), and the player chooses which fixed essences the rest removes: a payment is legal when some
such choice makes it match (rules-decisions: "Discounts over mixed costs").

``PaymentMixin`` is the state's side: a seat's cost for an artifact (its discounts in play), and
placing an artifact, paid at once when the cost leaves no choice, else through a ``pay`` decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from .constants import D_PAY
from .records import Cost, PaymentDue, Placing, make

Vec = tuple[int, ...]


def plan(F: Sequence[int], A: int, G: int, NG: int) -> tuple[int, int, int, int]:
    """``(any left, G left, NG left, total to pay)`` after the discounts have eaten into "any"."""
    a = min(A, NG)
    NG -= a
    A -= a
    a = min(A, G)
    G -= a
    A -= a
    fn = F[0] + F[1] + F[2] + F[3]
    fg = F[4]
    r_ng = min(NG, fn)
    r_g = min(G, fn - r_ng + fg)
    return A, G, NG, fn + fg + A - r_ng - r_g


def pay_ok(pool: Sequence[int], F: Sequence[int], A: int, G: int, NG: int, P: Sequence[int]) -> bool:
    """True when the vector ``P`` is a legal, affordable payment of the cost."""
    A2, G2, NG2, total = plan(F, A, G, NG)
    if sum(P) != total:
        return False
    dg = 0
    dn = 0
    for e in range(5):
        if P[e] > pool[e]:
            return False
        d = F[e] - P[e]
        if d > 0:
            if e == 4:
                dg = d
            else:
                dn += d
    return dg <= G2 and dn <= NG2 + G2 - dg


def _needed(F: Sequence[int], g: int, ng: int, pool: Sequence[int]) -> list[int]:
    """The fixed cost after the discounts left over from "any" (``g`` general, ``ng`` non-Gold) have
    removed what the pool is shortest of."""
    need = list(F)
    while ng or g:
        best = -1
        key = None
        for e in range(5):
            if need[e] > 0 and (g or (e < 4 and ng)):
                k = (need[e] - pool[e], e == 4, need[e])
                if key is None or k > key:
                    best, key = e, k
        if best < 0:
            break
        need[best] -= 1
        if best < 4 and ng:
            ng -= 1
        else:
            g -= 1
    return need


def can_pay(pool: Sequence[int], F: Sequence[int], A: int, G: int, NG: int) -> bool:
    """Whether the cost is affordable: exactly ``bool(pay_options(...))``, without building the options."""
    A2, g, ng, _ = plan(F, A, G, NG)
    need = _needed(F, g, ng, pool) if (g or ng) else F
    spare = 0
    for e in range(5):
        d = pool[e] - need[e]
        if d < 0:
            return False
        spare += d
    return spare >= A2


def pay_options(pool: Sequence[int], F: Sequence[int], A: int, G: int, NG: int) -> list[Vec]:
    """At most two sensible legal payments (sparing Gold / spending Gold first); [] if unaffordable."""
    A2, g, ng, total = plan(F, A, G, NG)
    need = _needed(F, g, ng, pool)
    rest = [pool[e] - need[e] for e in range(5)]
    if min(rest) < 0 or sum(rest) < A2:
        return []
    out: list[Vec] = []
    for gold_first in (False, True):
        P = need[:]
        r = rest[:]
        for _ in range(A2):
            if gold_first and r[4]:
                e = 4
            else:
                e = max(range(4), key=lambda i: r[i])
                if r[e] == 0:
                    e = 4
            P[e] += 1
            r[e] -= 1
        t = tuple(P)
        if t not in out:
            out.append(t)
    return out


def rigid(F: Sequence[int], A: int, G: int, NG: int) -> bool:
    """True when a cost leaves no choice at all (one payment vector), so it can be paid automatically."""
    A2, g, ng, _ = plan(F, A, G, NG)
    if A2:
        return False
    if not (g or ng):
        return True
    kinds = sum(1 for e in range(5) if F[e] and (g or e < 4))
    return kinds <= 1


_FREE = Cost((0, 0, 0, 0, 0), 0, 0, 0)


class PaymentMixin:
    __slots__ = ()

    def cost_for(self, p: int, card: int, reduction: tuple[int, bool] | None = None,
                 override: bool = False) -> Cost:
        """``(fixed, any, general discount, non-Gold discount)`` for seat ``p`` placing artifact ``card``."""
        cd = self.c.cards[card]
        if override:
            return _FREE
        g = ng = 0
        cards = self.c.cards
        for x in self.play[p]:
            dsc = cards[x].discount
            if dsc is not None and (not dsc[2] or cd.dragon):
                if dsc[1]:
                    ng += dsc[0]
                else:
                    g += dsc[0]
        if reduction is not None:
            if reduction[1]:
                ng += reduction[0]
            else:
                g += reduction[0]
        return make(Cost, (cd.cost, cd.cost_any, g, ng))

    def _start_place(self, p: int, c: int, source: str, reduction: tuple[int, bool] | None, override: bool) -> None:
        """Seat ``p`` places card ``c`` from ``source`` ("hand" or "discard"): pays, or asks how to."""
        self.known[c] = (1 << self.n) - 1  # the card is shown as it is placed
        cost = self.cost_for(p, c, reduction, override)
        if rigid(*cost):
            opts = pay_options(self.ess[p * 5:p * 5 + 5], *cost)
            if opts:
                self._pay(p, opts[0])
                self._put_in_play(p, c, source)
            return
        self._ask(D_PAY, p, PaymentDue(cost, Placing(c, source)))
