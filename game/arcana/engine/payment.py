"""Essence payments: what a cost with discounts requires, whether a payment is legal, a few good options.

A cost is a ``fixed`` vector (Elan, Life, Calm, Death, Gold) plus ``any_n`` essences of any type
(Gold allowed). Discounts come as ``discount`` (may remove any essence) and ``discount_ng`` (may not
remove Gold). Discounts always remove as much as they can; they go to the "any" part first (that never
hurts the payer), and the player chooses which fixed essences the rest removes: a payment is legal when
some such choice makes it match (rules-decisions: "Discounts over mixed costs").

``PaymentMixin`` is the state's side: a seat's cost for an artifact (its discounts in play), and
placing an artifact, paid at once when the cost leaves no choice, else through a ``pay`` decision.
"""

from __future__ import annotations

from collections.abc import Sequence

from .constants import D_PAY
from .records import Cost, PaymentDue, Placing, make

Vec = tuple[int, ...]


def plan(fixed: Sequence[int], any_n: int, discount: int, discount_ng: int) -> tuple[int, int, int, int]:
    """``(any left, discount left, non-Gold discount left, total to pay)`` after the discounts have eaten
    into "any"."""
    used = min(any_n, discount_ng)
    discount_ng -= used
    any_n -= used
    used = min(any_n, discount)
    discount -= used
    any_n -= used
    fixed_non_gold = fixed[0] + fixed[1] + fixed[2] + fixed[3]
    fixed_gold = fixed[4]
    removed_ng = min(discount_ng, fixed_non_gold)
    removed = min(discount, fixed_non_gold - removed_ng + fixed_gold)
    return any_n, discount, discount_ng, fixed_non_gold + fixed_gold + any_n - removed_ng - removed


def pay_ok(pool: Sequence[int], fixed: Sequence[int], any_n: int, discount: int, discount_ng: int,
           payment: Sequence[int]) -> bool:
    """True when ``payment`` (a vector) is a legal, affordable payment of the cost."""
    _, discount_left, discount_ng_left, total = plan(fixed, any_n, discount, discount_ng)
    if sum(payment) != total:
        return False
    gold_short = 0  # fixed Gold not paid (only the general discount may remove it)
    non_gold_short = 0
    for e in range(5):
        if payment[e] > pool[e]:
            return False
        short = fixed[e] - payment[e]
        if short > 0:
            if e == 4:
                gold_short = short
            else:
                non_gold_short += short
    return gold_short <= discount_left and non_gold_short <= discount_ng_left + discount_left - gold_short


def _needed(fixed: Sequence[int], discount: int, discount_ng: int, pool: Sequence[int]) -> list[int]:
    """The fixed cost after the discounts left over from "any" have removed what the pool is shortest of."""
    need = list(fixed)
    while discount_ng or discount:
        best = -1
        best_key = None
        for e in range(5):
            if need[e] > 0 and (discount or (e < 4 and discount_ng)):
                key = (need[e] - pool[e], e == 4, need[e])
                if best_key is None or key > best_key:
                    best, best_key = e, key
        if best < 0:
            break
        need[best] -= 1
        if best < 4 and discount_ng:
            discount_ng -= 1
        else:
            discount -= 1
    return need


def can_pay(pool: Sequence[int], fixed: Sequence[int], any_n: int, discount: int, discount_ng: int) -> bool:
    """Whether the cost is affordable: exactly ``bool(pay_options(...))``, without building the options."""
    any_left, discount, discount_ng, _ = plan(fixed, any_n, discount, discount_ng)
    need = _needed(fixed, discount, discount_ng, pool) if (discount or discount_ng) else fixed
    spare = 0
    for e in range(5):
        left = pool[e] - need[e]
        if left < 0:
            return False
        spare += left
    return spare >= any_left


def pay_options(pool: Sequence[int], fixed: Sequence[int], any_n: int, discount: int,
                discount_ng: int) -> list[Vec]:
    """At most two sensible legal payments (sparing Gold / spending Gold first); [] if unaffordable."""
    any_left, discount, discount_ng, _ = plan(fixed, any_n, discount, discount_ng)
    need = _needed(fixed, discount, discount_ng, pool)
    rest = [pool[e] - need[e] for e in range(5)]
    if min(rest) < 0 or sum(rest) < any_left:
        return []
    out: list[Vec] = []
    for gold_first in (False, True):
        payment = need[:]
        left = rest[:]
        for _ in range(any_left):
            if gold_first and left[4]:
                e = 4
            else:  # the non-Gold essence the pool has most of, Gold when none is left
                e = max(range(4), key=lambda i: left[i])
                if left[e] == 0:
                    e = 4
            payment[e] += 1
            left[e] -= 1
        option = tuple(payment)
        if option not in out:
            out.append(option)
    return out


def rigid(fixed: Sequence[int], any_n: int, discount: int, discount_ng: int) -> bool:
    """True when a cost leaves no choice at all (one payment vector), so it can be paid automatically."""
    any_left, discount, discount_ng, _ = plan(fixed, any_n, discount, discount_ng)
    if any_left:
        return False
    if not (discount or discount_ng):
        return True
    kinds = sum(1 for e in range(5) if fixed[e] and (discount or e < 4))
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
