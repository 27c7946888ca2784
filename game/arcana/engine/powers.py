"""Using a power: its cost stages one after another (turn it, turn another component, remove essences
from it, pay, pay X identical, destroy it, destroy another, discard from hand), then its effects (the
interpreter in effects.py), and the ``target`` decision's purposes.

A power in progress is a step task ``(T_STEP, seat, card, power, stage, context)`` (records.py): the
stage to resolve next and what the costs left for the effects (``PowerContext``). A stage that needs a
choice asks for it with the step, and the answer resumes the power at the next stage.
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
    S_DESTROY,
    S_DISCARD,
    S_EFFECTS,
    S_PAY,
    S_TURN_OTHER,
    S_X,
    T_STEP,
)
from .content import Power
from .effects import EFFECT_HANDLERS
from .essences import ONE_ESSENCE
from .payment import pay_options
from .records import (
    Cost,
    EssenceChoice,
    HandDiscard,
    PaymentDue,
    PowerContext,
    Step,
    TargetChoice,
    TargetPurpose,
    resume_after,
)


class PowersMixin:
    __slots__ = ()

    def _t_step(self, t: Step) -> None:
        """Resolve the cost stages that need no choice, up to the first that does or to the next effect."""
        _, p, ci, pi, stage, ctx = t
        pw = self.c.cards[ci].powers[pi]
        parts = pw.parts
        while stage < S_EFFECTS:
            if parts[stage]:
                ctx = COST_STAGES[stage](self, p, pw, ctx)
                if ctx is None:  # the stage asked the seat a question; its answer resumes the power
                    return
            stage += 1
        i = stage - S_EFFECTS
        if i < len(pw.effects):
            self.tasks.append((T_STEP, p, ci, pi, stage + 1, ctx))
            effect = pw.effects[i]
            EFFECT_HANDLERS[effect["op"]](self, p, ci, pw, effect, ctx)

    # ------------------------------------------------------------ cost stages: each returns the context for
    # the next stage, or None when it asked a decision (whose answer resumes the power after this stage)
    def _cost_turn(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        self.turned[pw.card] = 1
        if self.events is not None:
            self._ev("turn", seat=p, card=self.c.cards[pw.card].id)
        return ctx

    def _cost_turn_other(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        targets = self._turn_other_targets(p, pw)
        if len(targets) == 1:
            self.turned[targets[0]] = 1
        elif targets:
            self._ask(D_TARGET, p, TargetChoice(TargetPurpose("turn", _at(p, pw, S_TURN_OTHER, ctx)), targets))
            return None
        return ctx

    def _cost_remove(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        self._remove(p, pw.card, pw.remove_self)
        return ctx

    def _cost_pay(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        pool = self.ess[p * 5:p * 5 + 5]
        if pw.pay_one_of:
            opts = tuple(e for e in pw.pay_one_of if pool[e] > 0)
            if len(opts) == 1:
                self._pay(p, ONE_ESSENCE[opts[0]])
                return ctx._replace(paid=opts[0])
            if opts:
                self._ask(D_ESS, p, EssenceChoice(M_PAYONE, 1, _at(p, pw, S_PAY, ctx), opts))
                return None
        elif pw.pay_any:
            if pool.count(0) == 4 or sum(pool) - sum(pw.pay) == pw.pay_any:  # no choice: pay it now
                payment = pay_options(pool, pw.pay, pw.pay_any, 0, 0)[0]
                self._pay(p, payment)
                if sum(payment) == 1:
                    return ctx._replace(paid=payment.index(1))
            else:
                then = _at(p, pw, S_PAY + 1, ctx)
                self._ask(D_PAY, p, PaymentDue(Cost(pw.pay, pw.pay_any, 0, 0), then))
                return None
        else:
            self._pay(p, pw.pay)
        return ctx

    def _cost_x(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        self._ask(D_X, p, _at(p, pw, S_X, ctx))
        return None

    def _cost_destroy_self(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        self._destroy(p, pw.card)
        return ctx

    def _cost_destroy(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        targets = self._destroy_targets(p, pw)
        if len(targets) == 1:
            self._destroy(p, targets[0])
            return ctx._replace(destroyed=targets[0])
        if targets:
            self._ask(D_TARGET, p, TargetChoice(TargetPurpose("destroy", _at(p, pw, S_DESTROY, ctx)), targets))
            return None
        return ctx

    def _cost_discard(self, p: int, pw: Power, ctx: PowerContext) -> PowerContext | None:
        if self.hand[p]:
            self._ask(D_HAND, p, HandDiscard("power", _at(p, pw, S_DISCARD, ctx)))
            return None
        return ctx

    # ------------------------------------------------------------ the target decision
    def _target(self, p: int, choice: TargetChoice, x: int) -> None:
        """Seat ``p`` chose card ``x`` for ``choice``'s purpose."""
        kind, data = choice.purpose
        TARGET_PURPOSES[kind](self, p, data, x)

    def _target_turn(self, p: int, step: Step, x: int) -> None:
        self.turned[x] = 1
        self.tasks.append(resume_after(step))

    def _target_destroy(self, p: int, step: Step, x: int) -> None:
        self._destroy(p, x)
        self.tasks.append(resume_after(step, step[5]._replace(destroyed=x)))

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


def _at(p: int, pw: Power, stage: int, ctx: PowerContext) -> Step:
    """The power ``pw`` of seat ``p`` at ``stage``: the Step a decision resumes (after that stage)."""
    return (T_STEP, p, pw.card, pw.index, stage, ctx)


# the cost stages in the engine's order (S_TURN .. S_DISCARD)
COST_STAGES = (PowersMixin._cost_turn, PowersMixin._cost_turn_other, PowersMixin._cost_remove, PowersMixin._cost_pay,
               PowersMixin._cost_x, PowersMixin._cost_destroy_self, PowersMixin._cost_destroy,
               PowersMixin._cost_discard)
TARGET_PURPOSES = {name: getattr(PowersMixin, "_target_" + name)
                   for name in ("turn", "destroy", "straighten", "place", "put", "sacrifice")}
