"""Res Arcana bots: a rule-based agent with named weights, and a cheap rollout policy.

The rule agent looks one decision ahead: it determinizes the state from its own seat (so it never
sees what the seat cannot know), applies each legal action to a copy, finishes its own follow-up
choices greedily (essences, payment, target, the magic item taken when passing...) and scores the
result with :func:`position_value`: the seat's points and the worth of its essences (up to 8 of a
type), Gold, collect income, artifacts, hand and straight components (``engine/value.py``), minus
0.6 x the best rival's points, +-100 for a game won or lost (so it sees a victory check its move
triggers). Attacks, reactions and payments are scored the same way, on what they leave in the pools.
It passes when no other action gains more than ``pass_bar`` (passing earlier loses: docs/bench/arcana.md).
Measured: 91.5% against random over 200 two-player games.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from typing import Any

from .engine import State, determinize
from .engine.content import Card
from .engine.state import D_FIRST, D_MAIN, D_MPICK, K_BLIND, K_CLAIM, K_DISCARD, K_PASS, K_PLACE, K_POWER
from .engine.value import ValueWeights, seat_value


@dataclass
class RuleWeights(ValueWeights):
    """The named weights of the rule agent (in victory-point equivalents); the position features
    themselves are :class:`~game.arcana.engine.value.ValueWeights`."""

    rival_points: float = 0.6  # the best rival's points count against us
    rival_essence: float = 0.0  # each essence in the rivals' pools (on average) counts against us
    pass_bar: float = 0.0  # in the main action, pass unless another action gains more than this
    pass_real: float = 0.0  # 1: score passing by its own result (token, card, item) + pass_bar
    noise: float = 0.0  # random perturbation of the scores, in points (easier bots)


# The presets' noise is shared by both games and counts in Realm's points (scores near 100); Res Arcana is won at
# 10 points, so a preset's or a spec's noise is scaled by this before it blurs the rule bot's judgement: the shipped
# easy preset (noise 6) blurs by 0.75 point, which wins 77% against random and 27% against normal (noise 6 unscaled
# won 53% against random: docs/bench/arcana.md).
NOISE_SCALE = 0.125


def position_value(s: State, p: int, w: RuleWeights) -> float:
    """How good ``s`` looks for seat ``p`` (only ``p``'s own and public information is read)."""
    v = seat_value(s, p, w)
    if s.is_terminal():
        v += 100.0 if p in s.winners else -100.0 * (len(s.winners) > 0)
    n = s.n
    best = -1e9
    for q in range(n):
        if q != p:
            x = s.points(q) - (s.token == q)
            if x > best:
                best = x
    v -= w.rival_points * best
    if w.rival_essence:
        ess = s.ess
        v -= w.rival_essence * (sum(ess) - sum(ess[p * 5:p * 5 + 5])) / (n - 1)
    return v


def artifact_worth(cd: Card, w: RuleWeights) -> float:
    """A static worth of an artifact for the match's face-up pick: its points, income, action powers and
    printed cost (costly artifacts are the strong ones), as :func:`seat_value` counts it once in play."""
    v = w.points * cd.vp + w.artifact + w.artifact_cost * (cd.cost_total + cd.cost_any)
    for g in cd.collect:
        v += w.income * (sum(g.fixed) + g.any + (1 if g.one_of else 0))
    v += 0.3 * len(cd.actions) + 0.5 * bool(cd.vp_formula)
    return v


class RuleAgent:
    """A readable one-step-lookahead bot. ``decide`` never looks at what its seat cannot see."""

    name = "rule"

    def __init__(self, weights: RuleWeights | None = None) -> None:
        self.w = weights or RuleWeights()

    def _scores(self, state: State, seat: int, legal: list[tuple], rng: random.Random) -> list[tuple[float, tuple]]:
        w = self.w
        if state.dec == D_FIRST:  # take the token: the first player picks first and last, and starts
            return [(1.0 if a[1] == seat else 0.0, a) for a in legal]
        if state.dec == D_MPICK:  # public face-up pick: the most valuable artifact first
            cards = state.c.cards
            return [(artifact_worth(cards[a[1]], w) + (rng.gauss(0.0, w.noise) if w.noise else 0.0), a)
                    for a in legal]
        base = determinize(state, seat, rng)
        here = position_value(base, seat, w)
        out = []
        for a in legal:
            t = base.copy()
            try:
                t.apply(a)
            except Exception:  # noqa: BLE001 - an action legal only in the true state; should not happen
                out.append((-1e9, a))
                continue
            # finish our own follow-up choices (essences to gain, payment, target...) with the first option
            k = 0
            while k < 16 and not t.is_terminal() and t.to_move() == seat and t.decision_name() in _FOLLOW_UPS:
                t.apply_unchecked(_greedy(t, seat, w))
                k += 1
            v = position_value(t, seat, w) - here
            if a[0] == K_PASS:
                v = v * w.pass_real + w.pass_bar
            if w.noise:
                v += rng.gauss(0.0, w.noise)
            out.append((v, a))
        return out

    def rank(self, state: State, seat: int, legal: list[tuple], rng: random.Random) -> list[tuple]:
        scored = self._scores(state, seat, list(legal), rng)
        order = sorted(range(len(scored)), key=lambda i: (-scored[i][0], i))
        return [scored[i][1] for i in order]

    def decide(self, state: State, seat: int, legal: list[tuple], rng: random.Random, **_: Any) -> tuple:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        return self.rank(state, seat, legal, rng)[0]


def _greedy(t: State, seat: int, w: RuleWeights) -> tuple:
    legal = t.legal_actions()
    if len(legal) == 1:
        return legal[0]
    best, best_v = legal[0], -1e18
    for a in legal[:12]:
        u = t.copy()
        u.apply_unchecked(a)
        v = position_value(u, seat, w)
        if v > best_v:
            best, best_v = a, v
    return best


_FOLLOW_UPS = frozenset({"essence", "pay", "target", "identical", "hand", "deck", "order", "rival", "magic_item"})
_PREFER = {K_CLAIM: 6.0, K_BLIND: 3.0, K_PLACE: 4.0, K_POWER: 2.0, K_DISCARD: 0.5, K_PASS: 0.7}


def fast_policy(state: State, rng: random.Random) -> tuple:
    """A cheap playout policy: weighted random, favouring claims, placements and powers over discards.

    It reads only the legal actions (never hidden state). The draw is exactly ``rng.choices(legal,
    weights)[0]`` (one ``rng.random()``), written out because it runs in every rollout step."""
    legal = state.legal_actions()
    n = len(legal)
    if n == 1:
        return legal[0]
    if state.dec != D_MAIN:  # every weight is 1.0 outside the main action
        return legal[int(rng.random() * (n + 0.0))]
    cum = []
    c = 0.0
    get = _PREFER.get
    for a in legal:
        c = c + get(a[0], 1.0)
        cum.append(c)
    return legal[bisect_right(cum, rng.random() * (c + 0.0), 0, n - 1)]
