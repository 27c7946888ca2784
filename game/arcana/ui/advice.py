"""Advice the Res Arcana table gives from the public State API: which payment to suggest, what a card
costs after its owner's discounts, and how many points a move gives up. Nothing here decides for the
player; it only fills in defaults and words.
"""

from __future__ import annotations

from typing import Any

from ..engine.payment import pay_ok, plan
from ..engine.state import K_PAY, K_PLACE, K_POWER, K_REACT
from .look import ESS_NAMES, ess_words

GOLD = 4


def _needs(state: Any, p: int, skip: int = -1) -> list[int]:
    """Essences the seat's next moves call for: the costs of the cards in hand and of the powers of its
    untapped cards in play (``skip``: the card being paid for)."""
    need = [0] * 5
    cards = state.c.cards
    for x in state.hand[p]:
        if x != skip:
            for e, v in enumerate(cards[x].cost):
                need[e] += v
    for x in state.play[p]:
        if state.turned[x]:
            continue
        for pw in cards[x].powers:
            for e, v in enumerate(pw.pay):
                need[e] += v
    return need


def _gains(state: Any, action: tuple | None) -> tuple[list[int], int]:
    """The essences a power's effects gain: fixed counts by type, and the mask of an any-type gain."""
    fixed, mask = [0] * 5, 0
    if action and action[0] == K_POWER:
        for eff in state.c.cards[action[1]].powers[action[2]].effects:
            g = eff.get("_gain")
            if g is not None:
                fixed = [a + b for a, b in zip(fixed, g.fixed)]
                if g.any:
                    mask |= g.mask
    return fixed, mask


def _vectors(pool: list[int], total: int, e: int = 0) -> list[list[int]]:
    """Every way to take ``total`` essences from ``pool`` (types ``e`` on), as vectors over the five types."""
    if e == 4:
        return [[total]] if total <= pool[4] else []
    out = []
    for k in range(min(total, pool[e]) + 1):
        out.extend([k, *rest] for rest in _vectors(pool, total - k, e + 1))
    return out


def all_payments(state: Any, p: int) -> list[tuple]:
    """Every payment the pay decision now accepts (the engine lists two; it takes any that pays the cost
    exactly), as K_PAY moves; [] when the decision is not a payment."""
    cost = getattr(state.dd, "cost", None)
    if state.decision_name() != "pay" or cost is None:
        return []
    pool = list(state.ess[p * 5:p * 5 + 5])
    total = plan(*cost)[3]
    return [(K_PAY, *v) for v in _vectors(pool, total) if pay_ok(pool, *cost, v)]


def suggest_payment(state: Any, p: int, legal: list[tuple], paying_for: tuple | None = None) -> list[int]:
    """The payment the dialog offers first, the UI's own (the bots answer from the engine's list): the
    least Gold any legal payment spends (Gold is worth points: never Gold while another essence can pay),
    then of the other essences the ones that matter least: never the essence the action gains, then not
    what the hand and the powers in play need next."""
    pays = [a for a in legal if a and a[0] == K_PAY]
    pays += [a for a in all_payments(state, p) if a not in pays]
    if not pays:
        return [0] * 5
    skip = paying_for[1] if paying_for and paying_for[0] == K_PLACE else -1
    need = _needs(state, p, skip)
    fixed, mask = _gains(state, paying_for)
    pool = state.ess[p * 5:p * 5 + 5]
    weight = []
    for e in range(5):
        w = 1.0 + (1.5 if e == GOLD else 0.0)
        w += 10.0 if fixed[e] else (0.5 if mask >> e & 1 else 0.0)
        w += 0.6 * min(need[e], 8) + (1.0 if need[e] >= pool[e] else 0.0)  # wanted next, and short of it
        weight.append(w)

    def score(a: tuple) -> tuple[int, float, int]:
        return a[1 + GOLD], sum(v * weight[e] for e, v in enumerate(a[1:6])), pays.index(a)

    return list(min(pays, key=score)[1:6])


def gold_words(state: Any, p: int, vec: list[int]) -> str:
    """What the payment ``vec`` says of the Gold it spends beyond the Gold the cost itself asks for: that
    only Gold is left to pay with, or how much of it other essences could pay; "" when it spends none."""
    cost = getattr(state.dd, "cost", None)
    if cost is None or vec[GOLD] <= cost.fixed[GOLD]:
        return ""
    least = min((a[1 + GOLD] for a in all_payments(state, p)), default=vec[GOLD])
    if least >= vec[GOLD]:
        return f"Only Gold is left to pay with: this spends {vec[GOLD]} Gold."
    return f"This spends {vec[GOLD]} Gold: other essences could pay {vec[GOLD] - least} of it."


def gain_plan(state: Any, p: int, allowed: list[int], n: int) -> list[int]:
    """A default for gaining ``n`` essences of one's choice among ``allowed``: one at a time, each to the
    type the hand and the powers in play are shortest of (Gold when nothing is short)."""
    need = _needs(state, p)
    pool = state.ess[p * 5:p * 5 + 5]
    plan = [0] * 5
    for _ in range(n):
        e = max(allowed, key=lambda k: (need[k] - pool[k] - plan[k] + (0.5 if k == GOLD else 0.0), -k))
        plan[e] += 1
    return plan


def cost_words(state: Any, p: int, card: int) -> str:
    """A card's cost for seat ``p`` in words: the printed cost, and what its discounts take off."""
    cd = state.c.cards[card]
    printed = ess_words(cd.cost, cd.cost_any) if any(cd.cost) or cd.cost_any else "free"
    if cd.kind != "artifact":
        return printed
    fixed, any_n, g, ng = state.cost_for(p, card)
    if not (g or ng):
        return printed
    any_left, _, _, total = plan(fixed, any_n, g, ng)
    off = sum(fixed) + any_n - total
    if not off:
        return printed
    kinds = [e for e in range(5) if fixed[e]]
    if not any_left and len(kinds) == 1 and (g or kinds[0] != GOLD):  # one type: the exact cost
        e = kinds[0]
        return f"{total} {ESS_NAMES[e]} after your discount" if total else "free after your discount"
    return f"{printed}, {off} less with your discount: {total} to pay"


def points_lost(state: Any, p: int, action: tuple) -> int:
    """How many points seat ``p`` has fewer right after ``action`` (taking essences off a card that scores
    them, destroying a card worth points); 0 when the move costs none."""
    if not state.is_legal(action):
        return 0
    after = state.copy()
    after.apply(action)
    return max(0, state.points(p) - after.points(p))


def abilities_lost_to_a_tap(cd: Any) -> int:
    """How many of card ``cd``'s abilities a tapped card cannot use: its actions (but one for a tapped card)
    and its reactions that tap it."""
    return sum(1 for pw in cd.powers if (pw.turn if pw.reaction else not pw.when_turned))


def tapped_by(state: Any, p: int, action: tuple) -> list[int]:
    """The cards of seat ``p`` that ``action`` taps (untapped before it, tapped right after) whose abilities
    are then out of use this round: the Cursed Forge tapped instead of paid, a card chosen to tap for another
    one's power. A power's own card, tapped as its cost, is not counted (the power says so)."""
    if not state.is_legal(action):
        return []
    after = state.copy()
    after.apply(action)
    own = action[1] if action[0] in (K_POWER, K_REACT) else -1
    cards = state.c.cards
    return [ci for ci in state.play[p] if ci != own and not state.turned[ci] and after.turned[ci]
            and abilities_lost_to_a_tap(cards[ci])]


def tap_words(name: str, abilities: int) -> str:
    """What tapping card ``name`` costs its owner this round, said as a choice that taps it says it."""
    return (f"{name} is then tapped: its {'ability' if abilities == 1 else 'abilities'} cannot be used this "
            "round")

