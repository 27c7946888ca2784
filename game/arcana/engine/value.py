"""How good a position looks for one seat, in victory-point equivalents.

Shared by the rule bot (``game/arcana/bots.py``, with its own named weights) and by
:meth:`State.evaluate` (the search's cut-off evaluation, with :data:`EVAL`). Only the seat's own
pool, its components in play, the size of its hand and public cards are read, so the value of a
seat never depends on what that seat cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class ValueWeights:
    """The features of a seat's position (victory-point equivalents)."""

    points: float = 1.0
    token: float = 0.35  # the First Player token (its point only matters at the check)
    income: float = 0.45  # each essence a component collects every round
    essence: float = 0.22  # each non-Gold essence in the pool
    essence_cap: float = 8  # essences of one type beyond this are worth only ``essence_extra``...
    essence_extra: float = 0.05
    gold: float = 0.45  # each Gold in the pool
    stored: float = 0.08  # each essence stored on a component (collectable later)
    artifact: float = 1.0  # each artifact in play (its engine)
    artifact_cost: float = 0.12  # per essence of an in-play artifact's printed cost
    hand_card: float = 0.3  # each card in hand
    straight: float = 0.05  # each straightened component with an action power
    hand_vp: float = 0.0  # per victory point printed on a card in hand
    progress: float = 0.0  # x (points of the best target) x (share of its cost the pool covers)
    progress_pow: float = 2.0  # the share is raised to this power (saving up pays most near the end)


# The search's evaluation: a logistic regression of the winner on these features (differences between the
# two seats) over 30,000 positions of 400 two-player rule-bot games, per point; weights the fit made
# negative (the token while the round lasts, the artifact count beside its cost) are 0.
EVAL = ValueWeights(points=1.0, token=0.0, income=0.65, essence=0.076, essence_extra=0.0, gold=0.41, stored=0.074,
                    artifact=0.0, artifact_cost=0.10, hand_card=0.22, straight=0.19, progress=0.31)


def _cover(pool: list[int], cost: tuple[int, ...], any_n: int) -> float:
    """The share of ``cost`` (fixed part and ``any_n`` any essences) that ``pool`` covers."""
    total = sum(cost) + any_n
    if total <= 0:
        return 1.0
    have = 0
    spare = 0
    for e in range(5):
        k = pool[e]
        f = cost[e]
        if k >= f:
            have += f
            spare += k - f
        else:
            have += k
    have += spare if spare < any_n else any_n
    return have / total


def seat_value(s, p: int, w: ValueWeights) -> float:
    """The value of seat ``p``'s position in ``s`` (its points first)."""
    cards = s.c.cards
    b = p * 5
    pool = s.ess[b:b + 5]
    tok = s.token == p
    v = w.points * (s.points(p) - tok) + w.token * tok
    cap = w.essence_cap
    ess = w.essence
    for e in range(4):
        k = pool[e]
        v += ess * k if k <= cap else ess * cap + w.essence_extra * (k - cap)
    v += w.gold * pool[4]
    on = s.on
    turned = s.turned
    for x in s.play[p]:
        cd = cards[x]
        st = on[x * 5] + on[x * 5 + 1] + on[x * 5 + 2] + on[x * 5 + 3] + on[x * 5 + 4]
        if st:
            v += w.stored * st
        for g in cd.collect:
            v += w.income * (sum(g.fixed) + g.any + (1 if g.one_of else 0))
        if cd.kind == "artifact":
            v += w.artifact + w.artifact_cost * (cd.cost_total + cd.cost_any)
        if cd.actions and not turned[x]:
            v += w.straight
    hand = s.hand[p]
    v += w.hand_card * len(hand)
    if w.hand_vp:
        for h in hand:
            v += w.hand_vp * cards[h].vp
    if w.progress:
        best = 0.0
        pw = w.progress_pow
        if s.mon_up or s.mon_deck:
            best = max(cards[m].vp for m in s.mon_up) if s.mon_up else 1.0
            if pool[4] < 4:
                best *= (pool[4] / 4.0) ** pw
        for pl in s.places:
            cd = cards[pl]
            worth = cd.vp or 1.0
            if worth > best:
                x = worth * _cover(pool, cd.cost, 0) ** pw
                if x > best:
                    best = x
        for h in s.hand[p]:
            cd = cards[h]
            if cd.vp:
                x = cd.vp * _cover(pool, cd.cost, cd.cost_any) ** pw
                if x > best:
                    best = x
        v += w.progress * best
    return v
