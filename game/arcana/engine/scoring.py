"""Points and the victory check: a seat's points, the check (Golden Statues first, then the count),
the end of the game with its tiebreak, and the values the bots read (``returns``, ``evaluate``)."""

from __future__ import annotations

from . import value
from .constants import D_OVER, D_STATUE, MAX_ROUNDS, T_ROUND, T_SCORE, T_STATUE, VICTORY_POINTS
from .content import ESS_INDEX, GOLD


class ScoringMixin:
    __slots__ = ()

    def points(self, p: int) -> int:
        """Victory points of seat ``p`` right now (token and Golden Statue bonuses included)."""
        return self.temp_vp[p] + (1 if self.token == p else 0) + sum(self.card_points(p, ci) for ci in self.play[p])

    def card_points(self, p: int, ci: int) -> int:
        """The points card ``ci`` in seat ``p``'s play gives right now (its own, then per essence on it or per
        dragon or creature of ``p``'s in play)."""
        cards = self.c.cards
        cd = cards[ci]
        s = cd.vp
        for kind, key, pts in cd.vp_formula:
            if kind == "essence":
                s += self.on[ci * 5 + ESS_INDEX[key]] * pts
            else:
                dragon = key == "dragon"
                s += pts * sum(1 for x in self.play[p] if (cards[x].dragon if dragon else cards[x].creature))
        return s

    def scores(self) -> list[float]:
        return [float(self.points(p)) for p in range(self.n)]

    def tiebreak(self, p: int) -> int:
        """The tiebreak among the seats with the most points: essences left, Gold counting twice."""
        e = self.ess[p * 5:p * 5 + 5]
        return sum(e) + e[GOLD]

    def returns(self) -> list[float]:
        if self.dec != D_OVER:
            return self.evaluate()
        return [1.0 if p in self.winners else 0.4 * min(1.0, self.final[p] / VICTORY_POINTS) for p in range(self.n)]

    def evaluate(self) -> list[float]:
        """Per seat, in [0, 1]: a logistic of its position value (``value.EVAL``: points, essences,
        engine, progress, the race to 10 points) minus the best rival's, over the evaluation's scale."""
        ev = value.EVAL
        vals = [ev.value(self, p) for p in range(self.n)]
        out = []
        for p in range(self.n):
            best_other = max(v for q, v in enumerate(vals) if q != p)
            out.append(value.win_chance((vals[p] - best_other) / ev.scale))
        return out

    # ------------------------------------------------------------ the victory check (tasks)
    def _t_victory(self, t: tuple) -> None:
        self.tasks.append((T_SCORE, t[1]))
        gs = self.c.by_id.get("golden_statue")
        n = self.n
        for i in reversed(range(n)):
            q = (self.token + i) % n
            if gs is not None and gs in self.play[q]:
                self.tasks.append((T_STATUE, q, gs))

    def _t_statue(self, t: tuple) -> None:
        _, q, gs = t
        if not self.turned[gs] and self.ess[q * 5 + GOLD] >= 3:
            self._ask(D_STATUE, q, gs)

    def _use_statue(self, p: int, ci: int) -> None:
        """Golden Statue at the check: turn it and pay its Gold for points this check."""
        cards = self.c.cards
        pw = cards[ci].powers[0]
        self._fire(pw)
        self.turned[ci] = 1
        self._pay(p, pw.pay)
        self.temp_vp[p] += pw.effects[0].get("amount", 3)
        self._ev("react", seat=p, card=cards[ci].id, power=0)

    def _t_score(self, t: tuple) -> None:
        end = t[1]
        pts = [self.points(p) for p in range(self.n)]
        self._ev("victory_check", points=pts, end_of_round=bool(end))
        if max(pts) >= VICTORY_POINTS or (end and self.round >= MAX_ROUNDS):
            self._game_over(pts)
            return
        self.temp_vp = [0] * self.n
        if end:
            for i in range(len(self.turned)):
                self.turned[i] = 0
            self.tasks.append((T_ROUND,))

    def _game_over(self, pts: list[int]) -> None:
        best = max(pts)
        top = [p for p in range(self.n) if pts[p] == best]
        tb = max(self.tiebreak(p) for p in top)
        self.winners = [p for p in top if self.tiebreak(p) == tb]
        self.final = pts
        self.dec = D_OVER
        self.actor = -1
        self.tasks.clear()
        self._ev("game_over", winners=self.winners, points=pts, tiebreak=[self.tiebreak(p) for p in range(self.n)])
