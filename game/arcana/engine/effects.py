"""The interpreter of the card effects: one handler per effect op of the content (``effects`` of a
power in ``assets/arcana/*.toml``; the vocabulary is ``content.EFFECT_OPS``).

``EFFECT_HANDLERS[op]`` is the handler ``_op_<op>(seat, card, power, effect, context)`` (called by
powers.py for each effect of a power in turn). An effect that
needs a choice asks for it (a decision) or pushes a task; the power's next effect is already on the
task stack below it (powers.py). ``ignore_life_loss`` acts only inside a defence (attacks.py).
"""

from __future__ import annotations

from typing import Any

from .constants import (
    D_DECK,
    D_ESS,
    D_RIVAL,
    D_TARGET,
    M_CONVERT,
    PILE_MONUMENTS,
    PILE_OWN,
    T_ATTACK,
    T_DISCARD_N,
    T_GAIN,
    T_VICTORY,
)
from .content import CALM, DEATH, EFFECT_OPS, ELAN, ESS_INDEX, LIFE, NON_GOLD, Power
from .payment import pay_options
from .records import EssenceChoice, PlaceSpec, PowerContext, RivalCount, TargetChoice, TargetPurpose


class EffectsMixin:
    __slots__ = ()

    def _op_gain(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        g = e["_gain"]
        dest = ci if e.get("to") == "self" else -1
        self._gain(p, g.fixed, dest)
        if g.any:
            self.tasks.append((T_GAIN, p, g.any, g.mask, dest))
        if g.one_of:
            self.tasks.append((T_GAIN, p, 1, sum(1 << x for x in g.one_of), dest))

    def _op_rivals_gain(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        for q in range(self.n):
            if q != p:
                self._gain(q, e["_gain"].fixed)

    def _op_life_loss(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        opts = e.get("rival_may_ignore_by") or []
        self._ev("attack", seat=p, card=self.c.cards[ci].id, amount=e["amount"])
        self.tasks.append((T_ATTACK, p, ci, e["amount"], opts[0] if opts else None, 1))

    def _op_ignore_life_loss(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        pass  # acts only inside a defence (attacks.py)

    def _op_straighten(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        comp = e["target"]["component"]
        cards = self.c.cards
        if comp == "this":
            self.turned[ci] = 0
            self._ev("straighten", seat=p, card=cards[ci].id)
            return
        targets = [x for x in self.play[p] if self.turned[x] and x != ci
                   and (comp != "creature_turned" or cards[x].creature)]
        if targets:
            self._ask(D_TARGET, p, TargetChoice(TargetPurpose("straighten", None), targets))

    def _op_draw_cards(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self._draw(p, e["count"])

    def _op_look_top_reorder(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        piles = tuple(w for w, ok in ((PILE_OWN, self.deck[p] or self.disc[p]), (PILE_MONUMENTS, self.mon_deck))
                      if ok)
        if len(piles) == 1:
            self._look(p, piles[0])
        elif piles:
            self._ask(D_DECK, p, piles)

    def _op_draw_then_discard(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self._draw(p, e.get("draw", 3))
        self.tasks.append((T_DISCARD_N, p, e.get("discard", 3)))

    def _op_place_artifact(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        red = e.get("cost_reduction")
        reduction = (red["amount"], "gold" in red.get("excludes", [])) if red else None
        spec = PlaceSpec(e["from"], reduction, "cost_override" in e, e.get("subtype") == "dragon")
        targets = self.place_targets(p, spec)
        if targets:
            self._ask(D_TARGET, p, TargetChoice(TargetPurpose("place", spec), targets))

    def _op_gain_cost_of_destroyed(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self._gain_cost_of(p, ctx.destroyed, e)

    def _op_gain_cost_of_discarded(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self._gain_cost_of(p, ctx.discarded, e)

    def _gain_cost_of(self, p: int, src: int, e: dict[str, Any]) -> None:
        """Gain the printed cost of card ``src`` (plus the effect's modifier), as Gold or essences."""
        if src < 0:
            return
        amount = self.c.cards[src].printed_cost + e.get("modifier", 0)
        if amount <= 0:
            return
        if e["_gold"]:
            self._gain(p, (0, 0, 0, 0, amount))
        else:
            self.tasks.append((T_GAIN, p, amount, NON_GOLD, -1))

    def _op_gain_equal_to_rival_pool(self, p: int, ci: int, pw: Power, e: dict[str, Any],
                                     ctx: PowerContext) -> None:
        wanted = RivalCount(ESS_INDEX[e["gain"]], ESS_INDEX[e["count"]])
        if self.n == 2:
            self._gain_rival_count(p, wanted, 1 - p)
        else:
            self._ask(D_RIVAL, p, wanted)

    def _gain_rival_count(self, p: int, wanted: RivalCount, rival: int) -> None:
        v = [0, 0, 0, 0, 0]
        v[wanted.gain] = self.ess[rival * 5 + wanted.count]
        self._gain(p, tuple(v))

    def _op_convert_paid_identical(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        if ctx.x <= 0:
            return
        if e["to"] == "gold":
            self._gain(p, (0, 0, 0, 0, ctx.x))
        else:
            opts = tuple(t for t in (ELAN, LIFE, CALM, DEATH) if t != ctx.x_essence)
            self._ask(D_ESS, p, EssenceChoice(M_CONVERT, 1, ctx.x, opts))

    def _op_put_paid_essence_on(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        if ctx.paid < 0:
            return
        v = [0, 0, 0, 0, 0]
        v[ctx.paid] = 1
        if e["target"]["component"] == "this":
            self._gain(p, tuple(v), ci)
        else:
            self._ask(D_TARGET, p, TargetChoice(TargetPurpose("put", ctx.paid), list(self.play[p])))

    def _op_check_victory_now(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self._ev("check_victory", seat=p, card=self.c.cards[ci].id)
        self.tasks.append((T_VICTORY, 0))

    def _op_temp_vp(self, p: int, ci: int, pw: Power, e: dict[str, Any], ctx: PowerContext) -> None:
        self.temp_vp[p] += e["amount"]

    # ------------------------------------------------------------ what "place an artifact" may place
    def place_targets(self, p: int, spec: PlaceSpec, among: list[int] | None = None) -> list[int]:
        """The cards a "place an artifact" effect may put into play (those seat ``p`` can pay for);
        ``among``: these cards instead of the source's (determinize asks it of cards it may deal into a
        hand)."""
        cards = self.c.cards
        if among is not None:
            pool = among
        elif spec.source == "hand":
            pool = self.hand[p]
        elif spec.source == "own_discard":
            pool = self.disc[p]
        else:
            pool = [x for q in range(self.n) for x in self.disc[q]]
        mine = self.ess[p * 5:p * 5 + 5]
        targets = []
        for x in pool:
            if spec.dragons_only and not cards[x].dragon:
                continue
            if pay_options(mine, *self.cost_for(p, x, spec.reduction, spec.override)):
                targets.append(x)
        return targets


EFFECT_HANDLERS = {op: getattr(EffectsMixin, "_op_" + op) for op in sorted(EFFECT_OPS)}
