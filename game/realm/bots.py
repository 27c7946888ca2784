"""Realm of Reckoning bots: the rule-based agent and a cheap rollout policy.

The rule agent plays to the monuments on the board: it judges most choices by
applying them to a determinized copy of the state (so it never sees what its
seat cannot know) and measuring :func:`advantage` -- its projected final score
minus the best rival's, plus named values for resources and artifacts. Bids
weigh what the best row is worth against what paying would cost.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .engine import State
from .engine.advice import rank_payments
from .engine.constants import (
    BOTTOM,
    D_BID,
    D_CLAIM,
    D_DISCARD,
    D_DOMINION,
    D_LOSE_ACOLYTE,
    D_LOSE_MERC,
    D_LOSE_WARDEN,
    D_MERC_DISCARD,
    D_MONUMENT,
    D_MOVE,
    D_PAY,
    D_PLACE,
    D_REWARD,
    D_ROW,
    D_SELECT,
    D_STEAL,
    D_TUCK,
    D_WARDEN,
    DOM_ACOLYTE,
    DOM_COIN,
    DOM_MERC,
    EQUITY,
    N_PILLARS,
    RADIANCE,
    TOP,
    UNDERSTANDING,
    coin_bids,
)
from .engine.content import CARD_RECKONING
from .engine.heuristics import projected_scores
from .engine.legality import _BIDS, _LEGAL, _PLACE_ACTIONS, _TUCKS
from .engine.scoring import space_points

_N_PLACE = len(_PLACE_ACTIONS)


@dataclass
class RuleWeights:
    """The named weights of the rule agent (VP-equivalents)."""

    coin: float = 0.45
    mercenary: float = 0.7
    warden: float = 1.0
    acolyte: float = 0.35
    influence: float = 0.45
    artifact: float = 3.0
    monument_row: float = 1.0  # multiplier on a monument's projected advantage
    reckoning_card: float = 3.0  # value of holding the initiative of a reckoning
    final_region_acolyte: float = 0.6  # acolyte in the region of the visible final reckoning
    bid_share: float = 0.45  # expected share of a rival's public bidding power they bid
    bid_greed: float = 0.85  # pay at most this share of the row's worth
    noise: float = 0.0  # random perturbation (easy bots)
    score_payment: float = 0.0  # 1: pay as the window suggests (engine/advice.py); 2: by advantage(); both
    # from every legal payment, not only the short list


PAY_CANDIDATES = 150  # the most legal payments the score_payment choice weighs


def _resources(s: State, p: int, w: RuleWeights) -> float:
    v = (w.coin * s.coins[p] + w.mercenary * len(s.mercs[p]) + w.warden * s.warden_total(p)
         + w.acolyte * s.acolytes_on_board(p) + w.influence * s.influence_total(p))
    v += w.artifact * len(s.artifacts_of(p))
    return v


def advantage(s: State, p: int, w: RuleWeights) -> float:
    """Projected final score of ``p`` minus the best rival's, plus resource value."""
    proj = projected_scores(s)
    best_other = max(proj[q] for q in range(s.n) if q != p)
    return proj[p] - best_other + _resources(s, p, w)


class RuleAgent:
    """A readable heuristic bot. ``decide`` never looks at what its seat cannot see."""

    name = "rule"

    def __init__(self, weights: RuleWeights | None = None) -> None:
        self.w = weights or RuleWeights()

    def rank(self, state: State, seat: int, legal: list[tuple], rng: random.Random) -> list[tuple]:
        """The legal actions, best first by this agent's judgement (a search prior)."""
        if len(legal) == 1:
            return list(legal)
        s = state.determinize(seat, rng)
        scored = self._score(s, seat, list(legal), s.dec, rng)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order]

    def decide(self, state: State, seat: int, legal: list[tuple], rng: random.Random, **_: Any) -> tuple:
        if self.w.score_payment and state.dec == D_PAY:  # any legal payment, not only the short list
            world = state.determinize(seat, rng)
            if self.w.score_payment >= 2:  # this bot's own judgement, over every legal payment
                base = advantage(world, seat, self.w)
                every = world.legal_payments(seat, limit=PAY_CANDIDATES)
                return max(every, key=lambda a: advantage(world.after_payment(seat, a), seat, self.w) - base)
            return rank_payments(world, seat, limit=PAY_CANDIDATES)[0].action
        if len(legal) == 1:
            return legal[0]
        s = state.determinize(seat, rng)
        d = s.dec
        w = self.w
        scored = self._score(s, seat, legal, d, rng)
        if w.noise:
            scored = [(v + rng.gauss(0, w.noise), a) for v, a in scored]
        best = max(v for v, _ in scored)
        choices = [a for v, a in scored if v >= best - 1e-9]
        return choices[0] if len(choices) == 1 else rng.choice(choices)

    # --------------------------------------------------------------------
    def _score(self, s: State, p: int, legal: list[tuple], d: int, rng: random.Random) -> list[tuple[float, tuple]]:
        w = self.w
        base = advantage(s, p, w)
        if d == D_SELECT:
            return [(self._card_value(s, p, a[1], base), a) for a in legal]
        if d == D_TUCK:
            out = []
            for a in legal:
                out.append((advantage(s.preview(a, check=False), p, w) - base, a))
            return out
        if d in (D_PLACE, D_MOVE):
            out = []
            final_region = s.c.cards[s.final_card].region if s.final_card >= 0 else -1
            held = {s.c.cards[c].region for c in s.hand(p) if s.c.cards[c].kind == CARD_RECKONING}
            region = s.reckoning_region()
            for a in legal:
                if a[0] == "stop":
                    out.append((0.0, a))
                    continue
                to = a[1] if a[0] == "place" else a[2]
                v = advantage(s.preview(a, check=False), p, w) - base
                if to == final_region:
                    v += w.final_region_acolyte
                if to in held:
                    v += w.final_region_acolyte
                if to == region:
                    v += 1.0
                if a[0] == "move" and (a[1] == final_region or a[1] in held):
                    v -= w.final_region_acolyte
                out.append((v, a))
            return out
        if d == D_STEAL:
            return [(float(s.score[a[1]]), a) for a in legal]
        if d in (D_WARDEN,):
            out = []
            final_region = s.c.cards[s.final_card].region if s.final_card >= 0 else -1
            for a in legal:
                v = advantage(s.preview(a, check=False), p, w) - base
                if final_region >= 0 and s.claims_in(final_region)[a[1]]:
                    v += 0.5
                out.append((v, a))
            return out
        if d in (D_MERC_DISCARD, D_LOSE_MERC):
            return [(-self._merc_value(s, a[1]), a) for a in legal]
        if d == D_DOMINION:
            vals = {0: 0.0, DOM_MERC: w.mercenary, DOM_COIN: w.coin, DOM_ACOLYTE: w.acolyte + 1.0}
            return [(vals[a[1]], a) for a in legal]
        if d == D_REWARD:
            return [(self._reward_value(s, p, a[1]), a) for a in legal]
        if d == D_CLAIM:
            return [(self._claim_value(s, p, a[1], a[2]), a) for a in legal]
        if d == D_BID:
            target = self._bid_target(s, p)
            return [(-abs(a[1] - target), a) for a in legal]
        if d == D_ROW:
            return [(self._row_value(s, p, a[1], pay=True), a) for a in legal]
        if d == D_PAY:
            out = []
            for a in legal:
                out.append((advantage(s.preview(a, check=False), p, w) - base, a))
            return out
        if d == D_MONUMENT:
            return [(self._monument_value(s, p, a[1], a[2]), a) for a in legal]
        if d == D_LOSE_ACOLYTE:
            out = []
            for a in legal:
                out.append((advantage(s.preview(a, check=False), p, w), a))
            return out
        if d == D_LOSE_WARDEN:
            out = []
            for a in legal:
                out.append((advantage(s.preview(a, check=False), p, w), a))
            return out
        if d == D_DISCARD:
            return [(-self._card_value(s, p, a[1], base), a) for a in legal]
        # advance and anything else: one-step lookahead
        out = []
        for a in legal:
            t = s.copy()
            t.apply_unchecked(a)
            out.append((advantage(t, p, w) - base if not t.is_terminal() else t.returns()[p] * 100, a))
        return out

    # ----------------------------------------------------------- pieces
    def _card_value(self, s: State, p: int, card: int, base: float) -> float:
        w = self.w
        cd = s.c.cards[card]
        best_tuck = -1e9
        for pl in cd.pillars:
            for side in (TOP, BOTTOM):
                best_tuck = max(best_tuck, advantage(s.after_tuck(p, card, pl, side), p, w) - base)
        if cd.kind == CARD_RECKONING:
            act = w.reckoning_card
        else:
            k = cd.action
            bonus = 2 if (k == 0 and s.artifact[RADIANCE] == p) or (k == 1 and s.artifact[EQUITY] == p) or \
                (k == 2 and s.artifact[UNDERSTANDING] == p) else 0
            amount = cd.amount + bonus
            act = amount * (w.acolyte + 0.3, w.coin, w.mercenary, w.warden)[k]
            if k == 2 and len(s.mercs[p]) + amount > 8:
                act -= (len(s.mercs[p]) + amount - 8) * w.mercenary
            if k == 0 and s.reserve[p] == 0:
                act *= 0.3
        return act + best_tuck

    def _merc_value(self, s: State, m: int) -> float:
        mask = s.c.mercenaries[m].mask
        v = bin(mask).count("1")
        if s.final_card >= 0:
            r = s.c.cards[s.final_card].region
            claims = s.claims_in(r)
            v += sum(1 for c in range(N_PILLARS) if mask >> c & 1 and claims[c])
        return float(v)

    def _row_worth(self, s: State, p: int, j: int, reward: int) -> float:
        w = self.w
        row = s.c.rewards[reward].rows[j]
        if row.is_penalty:
            lv, lc, la, lm, lw = row.losses
            return -(lv + lc * w.coin * 1.5 + la * (w.acolyte + 0.5) + lm * w.mercenary + lw * w.warden)
        vp, coins, wardens, acolytes, mercs = row.gains
        v = vp + coins * w.coin + wardens * w.warden + acolytes * (w.acolyte + 0.3) + mercs * w.mercenary
        if row.monument and s.monuments_left > 0:
            v += w.monument_row * max(0.0, self._best_monument(s, p))
        return v

    def _row_value(self, s: State, p: int, j: int, pay: bool) -> float:
        reward = s.reckoning_reward()
        v = self._row_worth(s, p, j, reward)
        row = s.c.rewards[reward].rows[j]
        if pay and not row.is_penalty:
            v -= self._pay_cost(s, p, s.bid_of(p))
        return v

    def _pay_cost(self, s: State, p: int, bid: int) -> float:
        if bid <= 0:
            return 0.0
        base = advantage(s, p, self.w)
        best = 1e9
        for a in s.payment_options(p, bid):
            best = min(best, base - advantage(s.after_payment(p, a), p, self.w))
        return best

    def _best_monument(self, s: State, p: int) -> float:
        best = -1e9
        for sp in s.c.spaces:
            if s.built[sp.index] is not None:
                continue
            for o in range(max(1, len(sp.options))):
                best = max(best, self._monument_value(s, p, sp.index, o))
        return best

    def _monument_value(self, s: State, p: int, space: int, option: int) -> float:
        remaining = 3 - len(s.age_scores)
        pts = space_points(s, space, option, max(1, s.age))
        others = max(pts[q] for q in range(s.n) if q != p)
        return (pts[p] - others) * remaining

    def _reward_value(self, s: State, p: int, reward: int) -> float:
        rows = s.c.rewards[reward].rows
        return max(self._row_worth(s, p, j, reward) for j in range(len(rows))) + \
            0.5 * self._row_worth(s, p, len(rows) - 1, reward)

    def _claim_value(self, s: State, p: int, frm: int, col: int) -> float:
        region = s.reckoning_region()
        already = s.claims_in(region)[col] > 0

        def power(q: int) -> float:
            return s.track(q, col) + 3 * s.wardens_of(q, col)

        mine = power(p) + sum(1 for m in s.mercs[p] if s.c.mercenaries[m].mask >> col & 1)
        rival = max(power(q) for q in range(s.n) if q != p)
        gain = 0.0 if already else mine - rival
        # taking a token away from a region weakens it for later reckonings
        return gain - 0.1 * frm

    def _bid_target(self, s: State, p: int) -> int:
        w = self.w
        region = s.reckoning_region()
        reward = s.reckoning_reward()
        rows = s.c.rewards[reward].rows
        worth = [self._row_worth(s, p, j, reward) for j in range(len(rows))]
        top = max(worth[:-1])
        bottom = worth[-1]
        n = s.n
        rivals = []
        for q in range(n):
            if q == p:
                continue
            public = s.acolytes_in(region, q) + sum(s.track(q, c) + 3 * s.wardens_of(q, c)
                                                    for c in s.matching_colours(region))
            k = coin_bids(s.coins[q])
            rivals.append((public + k + len(s.mercs[q]) * 0.5) * w.bid_share)
        if s.table_bid() >= 0 or n == 2:
            rivals.append(2.5 * s.age)
        target = int(max(rivals) + 1) if rivals else 1
        mx = s.bid_limit(p)
        target = min(target, mx)
        # free bidding power (kept wardens) costs nothing
        while target > 0 and self._pay_cost(s, p, target) > w.bid_greed * (top - bottom):
            target -= 1
        return target


def fast_policy(state: State, rng: random.Random) -> tuple:
    """A cheap rollout policy: random, except bids lean low and payments take the first option.

    It runs at every rollout step, so it reads the legal actions of the decision directly and
    writes out ``rng.randrange(k)`` (Python's ``_randbelow``: ``getrandbits`` of ``k``'s bit length
    until the draw is below ``k``); the draws, and so a seeded search, are exactly those of
    ``rng.randrange`` on the legal actions."""
    d = state.dec
    p = state.actor
    select = False
    if d == D_PLACE:  # every region, always (``_legal_place``)
        k = _N_PLACE
        acts = _PLACE_ACTIONS
    elif d == D_BID:
        mx = state.rk.maxbid[p]
        if not mx:
            return _BIDS[0]
        k = mx // 2 + 1  # = randint(0, mx // 2): a draw even when k == 1, as randrange(1) makes one
        acts = _BIDS
    elif d == D_PAY:  # the options worked out when the payment was asked for (``_legal_pay``)
        return state.dec_data[0]
    elif d == D_TUCK:  # the card's tuck actions, made once (``_legal_tuck``; no copy here)
        got = _TUCKS.get(state.dec_data)
        acts = got[1] if got is not None and got[0] is state.c else state._legal_tuck(p)
        k = len(acts)
        if k <= 1:
            return acts[0]
    elif d == D_SELECT:  # one action per card in hand (``_legal_select``): draw the card
        acts = state.hands[p]
        k = len(acts)
        if k <= 1:
            return ("select", acts[0])
        select = True
    else:
        f = _LEGAL.get(d)
        acts = f(state, p) if f is not None else []
        k = len(acts)
        if k <= 1:
            return acts[0]  # (none: an IndexError, as randrange(0) would raise)
    b = k.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(b)
    while r >= k:
        r = getrandbits(b)
    return ("select", acts[r]) if select else acts[r]
