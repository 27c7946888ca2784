"""The round and its phases: the task loop, a new round, the collect phase (income, essences stored
on components, Vault / Windup Man, Cursed Forge), turns in order, passing (draw a card, swap the magic
item, the First Player token) and the victory check at the end of the round (scoring.py).

The game is a stack of tasks (``State.tasks``; their fields are listed in constants.py): ``_run``
pops them until one asks a seat for a decision. ``HANDLERS[kind]`` is the method that carries out a
task of that kind; state.py fills it from ``TASK_NAMES`` (``_t_<name>``).
"""

from __future__ import annotations

from typing import Any

from .constants import (
    D_FORGE,
    D_HAND,
    D_ITEM,
    D_MAIN,
    D_NONE,
    D_TAKE,
    T_COLLECT,
    T_COND,
    T_DRAW,
    T_FORGE,
    T_GAIN,
    T_NEXT,
    T_PASS_ITEM,
    T_TAKE,
    T_TURN,
    T_VICTORY,
)
from .content import DEATH, GOLD, NON_GOLD
from .essences import ONE_ESSENCE
from .records import HandDiscard

HANDLERS: list[Any] = []  # task kind -> its handler (an unbound State method); filled in by state.py


class FlowMixin:
    __slots__ = ()

    def _run(self) -> None:
        """Carry out tasks until a seat must decide (or the game is over)."""
        tasks = self.tasks
        handlers = HANDLERS
        while self.dec == D_NONE:
            t = tasks.pop()
            handlers[t[0]](self, t)

    def _t_setup_done(self, t: tuple) -> None:
        pass

    # ------------------------------------------------------------ a new round, the collect phase
    def _t_round(self, t: tuple) -> None:
        self.round += 1
        n = self.n
        self.fp = self.token
        self.cur = self.fp
        self.passed = [False] * n
        self.any_passed = False
        self.acts = [0] * n
        self._ev("round", round=self.round, first=self.fp)
        self.tasks.append((T_TURN,))
        for i in reversed(range(n)):
            self.tasks.append((T_COLLECT, (self.fp + i) % n))

    def _t_collect(self, t: tuple) -> None:
        """One seat's collect phase: fixed income now; then, in order, its income choices, essences on
        components to take, conditional collects and Cursed Forge."""
        p = t[1]
        cards = self.c.cards
        later: list[tuple] = []
        for ci in self.play[p]:
            for g in cards[ci].collect:
                self._gain(p, g.fixed)
                if g.any:
                    later.append((T_GAIN, p, g.any, g.mask, -1))
                if g.one_of:
                    later.append((T_GAIN, p, 1, sum(1 << x for x in g.one_of), -1))
        on = self.on
        for ci in self.play[p]:
            if any(on[ci * 5:ci * 5 + 5]):
                later.append((T_TAKE, p, ci))
        for ci in self.play[p]:
            if cards[ci].conditional:
                later.append((T_COND, p, ci))
        for ci in self.play[p]:
            if cards[ci].forge:
                later.append((T_FORGE, p, ci))
        self.tasks.extend(reversed(later))

    def _t_take(self, t: tuple) -> None:
        if any(self.on[t[2] * 5:t[2] * 5 + 5]):
            self._ask(D_TAKE, t[1], t[2])

    def _take_stored(self, p: int, ci: int) -> None:
        """Seat ``p`` takes all the essences on component ``ci`` into its pool."""
        vec = tuple(self.on[ci * 5:ci * 5 + 5])
        for e in range(5):
            self.on[ci * 5 + e] = 0
        self._gain(p, vec)
        self._ev("take", seat=p, card=self.c.cards[ci].id, essences=list(vec))

    def _t_cond(self, t: tuple) -> None:
        _, p, ci = t
        cd = self.c.cards[ci]
        b = ci * 5
        if cd.conditional == "vault":
            if self.on[b + GOLD] > 0:
                if self.fired is not None:
                    self.fired.add("vault.collect")
                self.tasks.append((T_GAIN, p, 2, NON_GOLD, -1))
        elif cd.conditional == "windup_man":
            if any(self.on[b:b + 5]):
                if self.fired is not None:
                    self.fired.add("windup_man.collect")
                self._gain(p, tuple(2 if self.on[b + e] else 0 for e in range(5)), ci)

    def _t_forge(self, t: tuple) -> None:
        _, p, ci = t
        if self.fired is not None:
            self.fired.add("cursed_forge.collect")
        if self.ess[p * 5 + DEATH] > 0:
            self._ask(D_FORGE, p, ci)
        else:
            self.turned[ci] = 1

    def _forge_cost(self, p: int, ci: int, pay_death: bool) -> None:
        """Cursed Forge: pay a Death, or turn the Forge."""
        if pay_death and self.ess[p * 5 + DEATH] > 0:
            self._pay(p, ONE_ESSENCE[DEATH])
        else:
            self.turned[ci] = 1
            self._ev("turn", seat=p, card=self.c.cards[ci].id)

    # ------------------------------------------------------------ turns and passing
    def _t_turn(self, t: tuple) -> None:
        p = self.cur
        if self.passed[p]:
            self.tasks.append((T_NEXT,))
            return
        self._ask(D_MAIN, p)

    def _t_next(self, t: tuple) -> None:
        n = self.n
        for i in range(1, n + 1):
            q = (self.cur + i) % n
            if not self.passed[q]:
                self.cur = q
                self._ask(D_MAIN, q)  # what a (T_TURN,) task would do at once for a seat still in the round
                return
        self.tasks.append((T_VICTORY, 1))

    def _pass(self, p: int) -> None:
        self.passed[p] = True
        if not self.any_passed:
            self.any_passed = True
            self.token = p
        self._ev("pass", seat=p, first=self.token == p)
        self.tasks.append((T_DRAW, p, 1))
        self.tasks.append((T_PASS_ITEM, p))

    def _t_draw(self, t: tuple) -> None:
        self._draw(t[1], t[2])

    def _t_pass_item(self, t: tuple) -> None:
        self._ask(D_ITEM, t[1])

    def _take_item(self, p: int, item: int) -> None:
        """Seat ``p`` takes magic item ``item``, returning the one it held."""
        cards = self.c.cards
        old = self.item_of[p]
        if old >= 0:  # the returned item's essences go back to the supply with it
            self._remove(p, old, self.on[old * 5:old * 5 + 5])
            self.turned[old] = 0
            self.play[p].remove(old)
        self.item_of[p] = item
        self.play[p].append(item)
        self.turned[item] = 0
        self._ev("item", seat=p, card=cards[item].id, returned=cards[old].id if old >= 0 else None)

    def _t_discard_n(self, t: tuple) -> None:
        _, p, k = t
        if self.hand[p] and k > 0:
            self._ask(D_HAND, p, HandDiscard("divination", k))
