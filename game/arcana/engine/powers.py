"""Using a power: its cost stages one after another (turn it, turn another component, remove essences
from it, pay, pay X identical, destroy it, destroy another, discard from hand), then its effects (the
interpreter in effects.py), and the ``target`` decision's purposes.

A power in progress is a ``Step`` task (records.py): the stage to resolve next and what the costs
left for the effects (``PowerContext``). A stage that needs a choice asks for it with the Step, and
the answer resumes the power at the next stage.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    D_ESS,
    D_HAND,
    D_PAY,
    D_TARGET,
    D_X,
    M_PAYONE,
    S_EFFECTS,
    T_STEP,
)
from .content import Power
from .payment import pay_options
from .records import Cost, EssenceChoice, HandDiscard, PaymentDue, PowerContext, Step, TargetChoice


class PowersMixin:
    __slots__ = ()

    def _t_step(self, t: Step) -> None:
        """Resolve the cost stages that need no choice, up to the first that does or to the next effect."""
        _, p, ci, pi, stage, ctx = t
        pw = self.c.cards[ci].powers[pi]
        parts = pw.parts
        while stage < S_EFFECTS:
            if parts[stage]:
                ctx = COST_STAGES[stage](self, pw, Step(T_STEP, p, ci, pi, stage, ctx))
                if ctx is None:  # the stage asked the seat a question; its answer resumes the power
                    return
            stage += 1
        i = stage - S_EFFECTS
        if i < len(pw.effects):
            self.tasks.append(Step(T_STEP, p, ci, pi, stage + 1, ctx))
            self._effect(p, ci, pw, pw.effects[i], ctx)

    # ------------------------------------------------------------ cost stages (each: the context, or None
    # when it asked a decision)
    def _cost_turn(self, pw: Power, t: Step) -> PowerContext | None:
        self.turned[t.card] = 1
        if self.events is not None:
            self._ev("turn", seat=t.seat, card=self.c.cards[t.card].id)
        return t.ctx

    def _cost_turn_other(self, pw: Power, t: Step) -> PowerContext | None:
        targets = self._turn_other_targets(t.seat, pw)
        if len(targets) == 1:
            self.turned[targets[0]] = 1
        elif targets:
            self._ask(D_TARGET, t.seat, TargetChoice("turn", t, targets))
            return None
        return t.ctx

    def _cost_remove(self, pw: Power, t: Step) -> PowerContext | None:
        for e in range(5):
            self.on[t.card * 5 + e] -= pw.remove_self[e]
        return t.ctx

    def _cost_pay(self, pw: Power, t: Step) -> PowerContext | None:
        p = t.seat
        pool = self.ess[p * 5:p * 5 + 5]
        if pw.pay_one_of:
            opts = tuple(e for e in pw.pay_one_of if pool[e] > 0)
            if len(opts) == 1:
                self.ess[p * 5 + opts[0]] -= 1
                return t.ctx._replace(paid=opts[0])
            if opts:
                self._ask(D_ESS, p, EssenceChoice(M_PAYONE, 1, t, opts))
                return None
        elif pw.pay_any:
            if pool.count(0) == 4 or sum(pool) - sum(pw.pay) == pw.pay_any:  # no choice: pay it now
                payment = pay_options(pool, pw.pay, pw.pay_any, 0, 0)[0]
                self._pay(p, payment)
                if sum(payment) == 1:
                    return t.ctx._replace(paid=payment.index(1))
            else:
                self._ask(D_PAY, p, PaymentDue(Cost(pw.pay, pw.pay_any, 0, 0), t.next_stage()))
                return None
        else:
            self._pay(p, pw.pay)
        return t.ctx

    def _cost_x(self, pw: Power, t: Step) -> PowerContext | None:
        self._ask(D_X, t.seat, t)
        return None

    def _cost_destroy_self(self, pw: Power, t: Step) -> PowerContext | None:
        self._destroy(t.seat, t.card)
        return t.ctx

    def _cost_destroy(self, pw: Power, t: Step) -> PowerContext | None:
        targets = self._destroy_targets(t.seat, pw)
        if len(targets) == 1:
            self._destroy(t.seat, targets[0])
            return t.ctx._replace(destroyed=targets[0])
        if targets:
            self._ask(D_TARGET, t.seat, TargetChoice("destroy", t, targets))
            return None
        return t.ctx

    def _cost_discard(self, pw: Power, t: Step) -> PowerContext | None:
        if self.hand[t.seat]:
            self._ask(D_HAND, t.seat, HandDiscard("power", t))
            return None
        return t.ctx

    # ------------------------------------------------------------ the target decision
    def _target(self, p: int, choice: TargetChoice, x: int) -> None:
        """Seat ``p`` chose card ``x`` for ``choice``'s purpose."""
        TARGET_PURPOSES[choice.purpose](self, p, choice.data, x)

    def _target_turn(self, p: int, step: Step, x: int) -> None:
        self.turned[x] = 1
        self.tasks.append(step.next_stage())

    def _target_destroy(self, p: int, step: Step, x: int) -> None:
        self._destroy(p, x)
        self.tasks.append(step.next_stage(step.ctx._replace(destroyed=x)))

    def _target_straighten(self, p: int, data: Any, x: int) -> None:
        self.turned[x] = 0
        self._ev("straighten", seat=p, card=self.c.cards[x].id)

    def _target_place(self, p: int, spec: Any, x: int) -> None:
        source = "hand" if spec.source == "hand" else "discard"
        self._start_place(p, x, source, spec.reduction, spec.override)

    def _target_put(self, p: int, essence: int, x: int) -> None:
        v = [0, 0, 0, 0, 0]
        v[essence] = 1
        self._gain(p, tuple(v), x)

    def _target_sacrifice(self, p: int, data: Any, x: int) -> None:  # Sea Serpent's ignore option
        self._destroy(p, x)


# the cost stages in the engine's order (S_TURN .. S_DISCARD)
COST_STAGES = (PowersMixin._cost_turn, PowersMixin._cost_turn_other, PowersMixin._cost_remove, PowersMixin._cost_pay,
               PowersMixin._cost_x, PowersMixin._cost_destroy_self, PowersMixin._cost_destroy,
               PowersMixin._cost_discard)
TARGET_PURPOSES = {name: getattr(PowersMixin, "_target_" + name)
                   for name in ("turn", "destroy", "straighten", "place", "put", "sacrifice")}
