"""Attacks (the ``life_loss`` effect): each rival still in the round, in turn order after the
attacker, defends: takes the hit (Life, then two other essences for each Life short), pays the
attacking card's ignore option, or uses a reaction power."""

from __future__ import annotations

from .constants import D_DEFEND, D_HAND, D_TARGET, K_HIT, K_IGNORE, T_ATTACK, T_LOSE
from .content import LIFE
from .legality import ignore_cost
from .records import Attack, HandDiscard, TargetChoice, TargetPurpose


class AttacksMixin:
    __slots__ = ()

    def _t_attack(self, t: tuple) -> None:
        _, src, ci, amount, opt, k = t
        if k >= self.n:
            return
        self.tasks.append((T_ATTACK, src, ci, amount, opt, k + 1))
        r = (src + k) % self.n
        if self.passed[r]:
            return
        self._ask(D_DEFEND, r, Attack(src, ci, amount, opt))

    def _defend(self, r: int, attack: Attack, a: tuple) -> None:
        """Seat ``r``'s answer ``a`` to ``attack``."""
        if a[0] == K_HIT:
            self._take_hit(r, attack.amount)
        elif a[0] == K_IGNORE:
            self._ignore_attack(r, attack)
        else:  # K_REACT
            self._react(r, a[1], a[2])

    def _take_hit(self, r: int, amount: int) -> None:
        b = r * 5
        lost = min(self.ess[b + LIFE], amount)
        self.ess[b + LIFE] -= lost
        sub = 2 * (amount - lost)
        self._ev("life_loss", seat=r, life=lost, substitute=sub)
        if sub:
            if sub >= sum(self.ess[b:b + 5]):
                for e in range(5):
                    self._lose(r, e, self.ess[b + e])
            else:
                self.tasks.append((T_LOSE, r, sub))

    def _ignore_attack(self, r: int, attack: Attack) -> None:
        cards = self.c.cards
        opt = attack.ignore_option
        self._ev("ignore", seat=r, card=cards[attack.card].id)
        if self.fired is not None:
            self.fired.add(cards[attack.card].id + ".ignore")
        if "pay" in opt:
            self._pay(r, ignore_cost(opt))
        elif "discard_from_hand" in opt:
            self._ask(D_HAND, r, HandDiscard("ignore", 0))
        else:
            arts = [x for x in self.play[r] if cards[x].kind == "artifact"]
            if len(arts) == 1:
                self._destroy(r, arts[0])
            else:
                self._ask(D_TARGET, r, TargetChoice(TargetPurpose("sacrifice", None), arts))

    def _react(self, r: int, ci: int, pi: int) -> None:
        """A reaction power: turn it if it says so, pay, and gain its fixed essences."""
        cards = self.c.cards
        pw = cards[ci].powers[pi]
        self._fire(pw)
        self._ev("react", seat=r, card=cards[ci].id, power=pi)
        if pw.turn:
            self.turned[ci] = 1
        self._pay(r, pw.pay)
        for e in pw.effects:
            if e["op"] == "gain":
                self._gain(r, e["_gain"].fixed, ci if e.get("to") == "self" else -1)
