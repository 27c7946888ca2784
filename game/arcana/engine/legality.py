"""Legal actions: the list for each decision (``LEGAL``), the main action's list (kept fast: it is
the search's hot path), which powers can be used now, and the strict check of an action.

``LEGAL[decision]`` is the method listing that decision's actions (``_legal_<decision name>``);
the main action (``action``) is tested first in ``legal_actions``.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    ACTION_CAP,
    ACTION_LEN,
    D_MAIN,
    D_OVER,
    D_PAY,
    DECISION_NAMES,
    K_BLIND,
    K_CLAIM,
    K_DECK,
    K_DISCARD,
    K_DRAFT,
    K_ESS,
    K_FIRST,
    K_FORGE,
    K_HAND,
    K_HIT,
    K_IGNORE,
    K_ITEM,
    K_MAGE,
    K_MPICK,
    K_ORDER,
    K_PASS,
    K_PAY,
    K_PLACE,
    K_POWER,
    K_REACT,
    K_RIVAL,
    K_STATUE,
    K_TAKE,
    K_TARGET,
    K_X,
    MAX_CARDS,
    MAX_POWERS,
    PERMS,
)
from .content import ESSENCES, Power
from .errors import IllegalAction
from .payment import can_pay, pay_ok, pay_options

# the main action's tuples, made once
_PASS = (K_PASS,)
_BLIND = (K_BLIND,)
_PLACE = [(K_PLACE, i) for i in range(MAX_CARDS)]
_CLAIM = [(K_CLAIM, i) for i in range(MAX_CARDS)]
_DISCARDS = [((K_DISCARD, i, 0), (K_DISCARD, i, 1)) for i in range(MAX_CARDS)]
_POWERS = [[(K_POWER, i, j) for j in range(MAX_POWERS)] for i in range(MAX_CARDS)]


class LegalityMixin:
    __slots__ = ()

    def legal_actions(self) -> list[tuple]:
        d = self.dec
        if d == D_MAIN:
            return self._main_actions(self.actor)
        if d == D_OVER:
            return []
        return LEGAL[d](self, self.actor)

    # ------------------------------------------------------------ the main action
    def _main_actions(self, p: int) -> list[tuple]:
        """The main action's choices: place, claim, discard, use a power, pass (one function: the hot path)."""
        if self.acts[p] >= ACTION_CAP:
            return [_PASS]
        out: list[tuple] = []
        pool = self.ess[p * 5:p * 5 + 5]
        e0, e1, e2, e3, e4 = pool
        total = e0 + e1 + e2 + e3 + e4
        cards = self.c.cards
        play = self.play[p]
        hand = self.hand[p]
        g_drag = ng = 0  # discounts in play: dragons only (any essence), non-Gold
        for x in play:
            dsc = cards[x].discount
            if dsc is not None:
                if dsc[2]:
                    g_drag += dsc[0]
                else:
                    ng += dsc[0]
        for c in hand:  # place an artifact
            cd = cards[c]
            cost = cd.cost
            g = g_drag if cd.dragon else 0
            if g or ng:
                if can_pay(pool, cost, cd.cost_any, g, ng):
                    out.append(_PLACE[c])
            elif (e0 >= cost[0] and e1 >= cost[1] and e2 >= cost[2] and e3 >= cost[3] and e4 >= cost[4]
                  and total - cd.cost_total >= cd.cost_any):
                out.append(_PLACE[c])
        if e4 >= 4:  # claim a monument
            out.extend([_CLAIM[m] for m in self.mon_up])
            if self.mon_deck:
                out.append(_BLIND)
        for pl in self.places:  # claim a Place of Power
            cost = cards[pl].cost
            if e0 >= cost[0] and e1 >= cost[1] and e2 >= cost[2] and e3 >= cost[3] and e4 >= cost[4]:
                out.append(_CLAIM[pl])
        for c in hand:
            out.extend(_DISCARDS[c])
        turned = self.turned
        for ci in play:  # use an action power
            acts = cards[ci].actions
            if not acts:
                continue
            is_turned = bool(turned[ci])
            for pw in acts:
                if pw.when_turned != is_turned:
                    continue
                if pw.simple:
                    cost = pw.pay
                    if (e0 >= cost[0] and e1 >= cost[1] and e2 >= cost[2] and e3 >= cost[3] and e4 >= cost[4]
                            and total - pw.pay_total >= pw.pay_any):
                        out.append(_POWERS[ci][pw.index])
                elif self._can_use(p, pw):
                    out.append(_POWERS[ci][pw.index])
        out.append(_PASS)
        return out

    def _can_use(self, p: int, pw: Power) -> bool:
        ci = pw.card
        if pw.when_turned:
            if not self.turned[ci]:
                return False
        elif self.turned[ci]:
            return False
        if any(pw.remove_self):
            o = self.on
            if any(o[ci * 5 + e] < pw.remove_self[e] for e in range(5)):
                return False
        if not self._affords(p, pw.pay, pw.pay_any):
            return False
        if pw.pay_one_of and not any(self.ess[p * 5 + e] for e in pw.pay_one_of):
            return False
        if pw.turn_other and not self._turn_other_targets(p, pw):
            return False
        if pw.destroy is not None and not self._destroy_targets(p, pw):
            return False
        return not (pw.discard and len(self.hand[p]) < pw.discard)

    def _turn_other_targets(self, p: int, pw: Power) -> list[int]:
        cards = self.c.cards
        dragon = pw.turn_other == "dragon"
        return [x for x in self.play[p] if x != pw.card and not self.turned[x]
                and (cards[x].dragon if dragon else cards[x].creature)]

    def _destroy_targets(self, p: int, pw: Power) -> list[int]:
        may_self, subs = pw.destroy
        cards = self.c.cards
        out = []
        for x in self.play[p]:
            cd = cards[x]
            if cd.kind != "artifact" or (x == pw.card and not may_self):
                continue
            if subs and not ((cd.dragon and "dragon" in subs) or (cd.creature and "creature" in subs)):
                continue
            out.append(x)
        return out

    # ------------------------------------------------------------ defending against an attack
    def _reactions(self, p: int, dragon_source: bool) -> list[Power]:
        out = []
        cards = self.c.cards
        for ci in self.play[p]:
            for pw in cards[ci].powers:
                if not pw.reaction or pw.trigger == "victory_check":
                    continue
                if pw.trigger == "dragon_power" and not dragon_source:
                    continue
                if pw.turn and self.turned[ci]:
                    continue
                if self._affords(p, pw.pay):
                    out.append(pw)
        return out

    def _ignore_payable(self, p: int, opt: dict[str, Any] | None) -> bool:
        if opt is None:
            return False
        if "pay" in opt:
            return self._affords(p, ignore_cost(opt))
        if "discard_from_hand" in opt:
            return len(self.hand[p]) >= 1
        if "destroy_own_artifact" in opt:
            return any(self.c.cards[x].kind == "artifact" for x in self.play[p])
        return False

    def _legal_defend(self, p: int) -> list[tuple]:
        attack = self.dd
        out: list[tuple] = [(K_HIT,)]
        if self._ignore_payable(p, attack.ignore_option):
            out.append((K_IGNORE,))
        for pw in self._reactions(p, self.c.cards[attack.card].dragon):
            out.append((K_REACT, pw.card, pw.index))
        return out

    # ------------------------------------------------------------ the other decisions
    def _legal_essence(self, p: int) -> list[tuple]:
        return [(K_ESS, e) for e in self.dd.options]

    def _legal_pay(self, p: int) -> list[tuple]:
        return [(K_PAY, *P) for P in pay_options(self.ess[p * 5:p * 5 + 5], *self.dd.cost)]

    def _legal_target(self, p: int) -> list[tuple]:
        return [(K_TARGET, x) for x in self.dd.targets]

    def _legal_take(self, p: int) -> list[tuple]:
        return [(K_TAKE, self.dd, 1), (K_TAKE, self.dd, 0)]

    def _legal_hand(self, p: int) -> list[tuple]:
        return [(K_HAND, x) for x in self.hand[p]]

    def _legal_identical(self, p: int) -> list[tuple]:
        out = [(K_X, 0, 0)]
        b = p * 5
        for e in range(5):
            out.extend((K_X, e, x) for x in range(1, self.ess[b + e] + 1))
        return out

    def _legal_magic_item(self, p: int) -> list[tuple]:
        return [(K_ITEM, x) for x in self._free_items() if x != self.item_of[p]]

    def _legal_mage(self, p: int) -> list[tuple]:
        return [(K_MAGE, m) for m in self.mage_opts[p]]

    def _legal_draft(self, p: int) -> list[tuple]:
        return [(K_DRAFT, x) for x in self.packs[p]]

    def _legal_forge(self, p: int) -> list[tuple]:
        return [(K_FORGE, 0), (K_FORGE, 1)]

    def _legal_rival(self, p: int) -> list[tuple]:
        return [(K_RIVAL, q) for q in range(self.n) if q != p]

    def _legal_deck(self, p: int) -> list[tuple]:
        return [(K_DECK, w) for w in self.dd]

    def _legal_order(self, p: int) -> list[tuple]:
        return [(K_ORDER, i) for i in range(len(PERMS[len(self.dd.top)]))]

    def _legal_statue(self, p: int) -> list[tuple]:
        return [(K_STATUE, 1), (K_STATUE, 0)]

    def _legal_first_player(self, p: int) -> list[tuple]:
        return [(K_FIRST, 0), (K_FIRST, 1)]

    def _legal_match_pick(self, p: int) -> list[tuple]:
        return [(K_MPICK, x) for x in self.mpool]

    def _legal_none(self, p: int) -> list[tuple]:
        return []

    # ------------------------------------------------------------ the check
    def _check(self, a: Any) -> tuple:
        if self.dec == D_OVER:
            raise IllegalAction("the game is over")
        if not isinstance(a, tuple) or not a:
            raise IllegalAction(f"an action is a non-empty tuple (got {a!r})")
        for x in a:
            if type(x) is not int:
                raise IllegalAction(f"action parts must be whole numbers (got {a!r})")
        k = a[0]
        if not 0 <= k < len(ACTION_LEN) or len(a) != ACTION_LEN[k]:
            raise IllegalAction(f"malformed action {a!r}")
        if self.dec == D_PAY and k == K_PAY:  # any legal payment, not only the ones offered
            pool = self.ess[self.actor * 5:self.actor * 5 + 5]
            if not pay_ok(pool, *self.dd.cost, a[1:]) or min(a[1:]) < 0:
                raise IllegalAction(f"{a!r} is not a legal payment of this cost")
            return a
        if a not in self.legal_actions():
            raise IllegalAction(f"{a!r} is not legal now ({self.decision_name()} decision of seat {self.actor})")
        return a

    def is_legal(self, a: Any) -> bool:
        try:
            self._check(a)
        except IllegalAction:
            return False
        return True


def ignore_cost(option: dict[str, Any]) -> tuple[int, ...]:
    """The essences an attack's ``pay`` ignore option costs, as a vector."""
    return tuple(option["pay"].get(k, 0) for k in ESSENCES)


LEGAL = [getattr(LegalityMixin, "_legal_" + name, LegalityMixin._legal_none) for name in DECISION_NAMES]
