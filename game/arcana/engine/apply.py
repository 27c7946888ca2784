"""Applying an action: ``apply`` checks it (legality.py) and carries it out, then the task loop runs
to the next decision (flow.py). ``DECIDE[decision]`` is the method that carries out the answer to
that decision (``_on_<decision name>(seat, decision data, action)``)."""

from __future__ import annotations

from typing import Any

from .constants import (
    D_NONE,
    DECISION_NAMES,
    K_BLIND,
    K_CLAIM,
    K_DISCARD,
    K_PASS,
    K_PLACE,
    K_POWER,
    M_CONVERT,
    M_GAIN,
    M_LOSE,
    M_PAYONE,
    S_TURN,
    T_DISCARD_N,
    T_GAIN,
    T_LOSE,
    T_NEXT,
    T_STEP,
)
from .content import NON_GOLD
from .essences import ONE_ESSENCE
from .records import (
    NO_CONTEXT,
    Attack,
    EssenceChoice,
    HandDiscard,
    PaymentDue,
    Peek,
    Placing,
    RivalCount,
    Step,
    TargetChoice,
    resume_after,
)


class ApplyMixin:
    __slots__ = ()

    def apply(self, a: Any) -> None:
        """Apply a legal action of the seat to move; an illegal one raises and changes nothing."""
        self.apply_unchecked(self._check(a))

    def apply_unchecked(self, a: tuple) -> None:
        """Apply an action taken from ``legal_actions()`` (search fast path): carry out the answer to the
        decision, then run the tasks to the next decision."""
        dd = self.dd
        handler = DECIDE[self.dec]
        self.dec = D_NONE
        self.dd = None
        handler(self, self.actor, dd, a)
        self._run()

    # ------------------------------------------------------------ the main action
    def _on_action(self, p: int, dd: None, a: tuple) -> None:
        self.acts[p] += 1
        self.tasks.append((T_NEXT,))
        k = a[0]
        if k == K_PLACE:
            self._start_place(p, a[1], "hand", None, False)
        elif k == K_CLAIM:
            self._claim(p, a[1])
        elif k == K_BLIND:
            self._claim(p, self.mon_deck[-1])
        elif k == K_DISCARD:
            self._discard_card(p, a[1])
            if a[2] == 0:
                self._gain(p, (0, 0, 0, 0, 1))
            else:
                self.tasks.append((T_GAIN, p, 2, NON_GOLD, -1))
        elif k == K_POWER:
            cards = self.c.cards
            self._fire(cards[a[1]].powers[a[2]])
            self._ev("power", seat=p, card=cards[a[1]].id, power=a[2])
            self.tasks.append((T_STEP, p, a[1], a[2], S_TURN, NO_CONTEXT))
        elif k == K_PASS:
            self._pass(p)

    # ------------------------------------------------------------ choices inside an action
    def _on_essence(self, p: int, choice: EssenceChoice, a: tuple) -> None:
        e = a[1]
        mode, count, then, _options = choice
        if mode == M_GAIN:
            _, _, n, mask, dest = then
            v = [0, 0, 0, 0, 0]
            v[e] = 1
            self._gain(p, tuple(v), dest)
            if n > 1:
                self.tasks.append((T_GAIN, p, n - 1, mask, dest))
        elif mode == M_LOSE:
            self._lose(p, e)
            if count > 1:
                self.tasks.append((T_LOSE, p, count - 1))
        elif mode == M_PAYONE:
            self._pay(p, ONE_ESSENCE[e])
            step = then
            self.tasks.append(resume_after(step, step[5]._replace(paid=e)))
        elif mode == M_CONVERT:
            v = [0, 0, 0, 0, 0]
            v[e] = then
            self._gain(p, tuple(v))

    def _on_pay(self, p: int, due: PaymentDue, a: tuple) -> None:
        payment = a[1:]
        self._pay(p, payment)
        then = due.then
        if type(then) is Placing:
            self._put_in_play(p, then.card, then.source)
        else:  # a power's next step
            if sum(payment) == 1:
                _, q, ci, pi, stage, ctx = then
                then = (T_STEP, q, ci, pi, stage, ctx._replace(paid=payment.index(1)))
            self.tasks.append(then)

    def _on_target(self, p: int, choice: TargetChoice, a: tuple) -> None:
        self._target(p, choice, a[1])

    def _on_take(self, p: int, card: int, a: tuple) -> None:
        if a[2]:
            self._take_stored(p, a[1])

    def _on_forge(self, p: int, card: int, a: tuple) -> None:
        self._forge_cost(p, card, a[1] == 0)

    def _on_defend(self, p: int, attack: Attack, a: tuple) -> None:
        self._defend(p, attack, a)

    def _on_hand(self, p: int, why: HandDiscard, a: tuple) -> None:
        self._discard_card(p, a[1])
        if why.purpose == "power":
            step = why.data
            self.tasks.append(resume_after(step, step[5]._replace(discarded=a[1])))
        elif why.purpose == "divination" and why.data > 1:
            self.tasks.append((T_DISCARD_N, p, why.data - 1))

    def _on_identical(self, p: int, step: Step, a: tuple) -> None:
        e, x = a[1], a[2]
        if x:
            v = [0, 0, 0, 0, 0]
            v[e] = x
            self._pay(p, v)
        self.tasks.append(resume_after(step, step[5]._replace(x=x, x_essence=e)))

    def _on_rival(self, p: int, wanted: RivalCount, a: tuple) -> None:
        self._gain_rival_count(p, wanted, a[1])

    def _on_deck(self, p: int, piles: tuple[int, ...], a: tuple) -> None:
        self._look(p, a[1])

    def _on_order(self, p: int, peek: Peek, a: tuple) -> None:
        self._reorder(p, peek, a[1])

    def _on_statue(self, p: int, card: int, a: tuple) -> None:
        if a[1]:
            self._use_statue(p, card)

    # ------------------------------------------------------------ setup decisions
    def _on_magic_item(self, p: int, dd: None, a: tuple) -> None:
        self._take_item(p, a[1])

    def _on_mage(self, p: int, dd: None, a: tuple) -> None:
        self.mage_pick[p] = a[1]
        self._ev("mage_chosen", seat=p)

    def _on_draft(self, p: int, dd: None, a: tuple) -> None:
        self._keep_draft_pick(p, a[1])

    def _on_first_player(self, p: int, dd: None, a: tuple) -> None:
        self._choose_first_player(p, a[1])

    def _on_match_pick(self, p: int, dd: None, a: tuple) -> None:
        self._match_pick(p, a[1])


DECIDE = [getattr(ApplyMixin, "_on_" + name, None) for name in DECISION_NAMES]
