"""Why the hint's move, in facts of this position (play-test: "discard X for 1 Gold ... keeps you near the lead").

:func:`hint_reason` says what the hinted move does for the seat to move, from what can be computed from the
position and the move alone: the essences before and after, the points and the race to 10, what the cards in
hand and the monuments and places of power on offer cost and whether the seat can pay for them. It never
guesses at the search's reasons and never looks at what the seat cannot see (the deck, the rivals' hands, the
monument pile). :func:`victory_note` names a victory check the seat could win now when the hint suggests
another move. The hint's move itself is the bot's: nothing here chooses. No pygame here.
"""

from __future__ import annotations

from typing import Any

from ..engine.constants import (
    D_ESS,
    K_BLIND,
    K_CLAIM,
    K_DISCARD,
    K_ESS,
    K_FORGE,
    K_HIT,
    K_IGNORE,
    K_ITEM,
    K_MAGE,
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
    M_GAIN,
    VICTORY_POINTS,
)
from ..engine.payment import can_pay, plan
from ..engine.power_words import power_words
from .words import ESS_NAMES, ess_words

GOLD = 4


def gain_words(g: Any) -> str:
    """A card's income in words: "1 Elan, 2 of any type", "1 Death or Life"."""
    words = ess_words(g.fixed, g.any) if any(g.fixed) or g.any else ""
    if g.one_of:
        pick = " or ".join(ESS_NAMES[e] for e in g.one_of)
        words = f"{words}, 1 {pick}" if words else f"1 {pick}"
    return words or "nothing"


def discount_words(cd: Any) -> str:
    """A card's discount on artifacts in words ("your dragons cost 3 less"), "" for none."""
    if cd.discount is None:
        return ""
    amount, no_gold, dragons = cd.discount
    return f"your {'dragons' if dragons else 'artifacts'} cost {amount} less" + (" (not Gold)" if no_gold else "")


def _pool(state: Any, p: int) -> list[int]:
    return list(state.ess[p * 5:p * 5 + 5])


def count(n: int, noun: str, plural: str = "") -> str:
    """``n`` and the noun agreeing with it: "1 card", "3 cards" (play-test: "the 1 cards in your hand")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def free_gains(state: Any, p: int) -> tuple[list[int], int]:
    """What the seat's free actions at hand now would add to its pool, all of them used: the fixed essences and
    those of a choice. A free action costs nothing but a tap (Hand of Glory's "tap, gain 2 Death"): no
    essence, no card destroyed or discarded, and it is a legal move now."""
    fixed, any_n = [0] * 5, 0
    if state.decision_name() != "action":
        return fixed, any_n
    c = state.c
    for a in state.legal_actions():
        if a[0] != K_POWER:
            continue
        pw = c.cards[a[1]].powers[a[2]]
        if any(pw.pay) or pw.pay_any or pw.pay_one_of or pw.identical or pw.destroy is not None \
                or pw.destroy_self or pw.discard or any(pw.remove_self):
            continue
        gain, n, _on, _n_on = _gains_of(c.cards[a[1]], a[2])
        fixed = [f + g for f, g in zip(fixed, gain)]
        any_n += n
    return fixed, any_n


def _payable_with(state: Any, p: int, x: int, extra: list[int], any_n: int) -> bool:
    """Whether the pool and ``extra`` (and ``any_n`` essences of a choice) pay for card ``x``."""
    pool = [a + b for a, b in zip(_pool(state, p), extra)]
    return short_of(pool, _cost(state, p, x)) <= any_n


def _cost(state: Any, p: int, ci: int) -> tuple[tuple[int, ...], int, int, int]:
    """(fixed, any, discount, non-Gold discount) of card ``ci`` for seat ``p`` (an artifact's discounts)."""
    cd = state.c.cards[ci]
    if cd.kind == "artifact":
        return tuple(state.cost_for(p, ci))  # type: ignore[return-value]
    return tuple(cd.cost), cd.cost_any, 0, 0


def _price(state: Any, ci: int) -> str:
    cd = state.c.cards[ci]
    return ess_words(cd.cost, cd.cost_any) if any(cd.cost) or cd.cost_any else "free"


def short_of(pool: list[int], cost: tuple) -> int:
    """How many essences the pool lacks to pay ``cost`` (0: it can pay): the fixed ones it has too few of
    after the discounts, and the "any" ones beyond what is left over."""
    fixed, any_n, g, ng = cost
    if can_pay(pool, fixed, any_n, g, ng):
        return 0
    any_left, g, ng, _ = plan(fixed, any_n, g, ng)
    need = list(fixed)
    for e in sorted(range(5), key=lambda k: pool[k] - need[k]):  # discounts left take what is shortest
        while need[e] > pool[e] and (g or (e < GOLD and ng)):
            need[e] -= 1
            if e < GOLD and ng:
                ng -= 1
            else:
                g -= 1
    missing = sum(max(0, need[e] - pool[e]) for e in range(5))
    spare = sum(max(0, pool[e] - need[e]) for e in range(5))
    return missing + max(0, any_left - spare)


def _goals(state: Any, p: int, skip: int = -1) -> list[int]:
    """The cards the seat may pay for next: its hand (but ``skip``), the monuments on offer, the places of power."""
    return [x for x in list(state.hand[p]) + list(state.mon_up) + list(state.places) if x != skip]


def _best_step(state: Any, p: int, before: list[int], after: list[int], skip: int = -1) -> str:
    """What the essences ``after`` (rather than ``before``) bring nearer: a card the seat can then pay for,
    else the card it comes closest to; "" when none comes nearer."""
    best: tuple[int, int, int] | None = None  # (short after, -gained, card)
    for x in _goals(state, p, skip):
        cost = _cost(state, p, x)
        b, a = short_of(before, cost), short_of(after, cost)
        if a < b and (best is None or (a, a - b) < best[:2]):
            best = (a, a - b, x)
    if best is None:
        return ""
    a, _, x = best
    name = state.c.cards[x].name
    if a == 0:
        return f"you can then pay for {name} ({_price(state, x)})"
    return f"you are then {a} short of {name} ({_price(state, x)})"


def _race(state: Any, p: int, gained: int, at_least: bool = False) -> str:
    """The race to 10 after ``gained`` points: "you reach 7 of 10 points, the best rival has 5"."""
    mine = state.points(p) + gained
    rivals = [state.points(q) for q in range(state.n) if q != p]
    best = max(rivals) if rivals else 0
    lead = ("the most" if mine > best else "level with the best rival" if mine == best else
            f"the best rival has {best}")
    return f"you reach {'at least ' if at_least else ''}{mine} of {VICTORY_POINTS} points, {lead}"


def _gains_of(cd: Any, pi: int) -> tuple[list[int], int, list[int], int]:
    """A power's fixed gains to the pool and its essences of a choice there; the same put on the card itself."""
    pool, on_card, any_pool, any_card = [0] * 5, [0] * 5, 0, 0
    for eff in cd.powers[pi].effects:
        g = eff.get("_gain")
        if eff.get("op") == "gain" and g is not None:
            to_card = eff.get("to") == "self"
            target = on_card if to_card else pool
            for e in range(5):
                target[e] += g.fixed[e]
            if to_card:
                any_card += g.any
            else:
                any_pool += g.any
    return pool, any_pool, on_card, any_card


def _points_on(cd: Any, vec: list[int]) -> int:
    """Points that essences ``vec`` put on card ``cd`` are worth (a place of power scoring per essence)."""
    keys = ("elan", "life", "calm", "death", "gold")
    return sum(k * vec[keys.index(key)] for kind, key, k in cd.vp_formula if kind == "essence" and key in keys)


def _cost_events(pw: Any) -> dict[str, int]:
    """How many events of each kind power ``pw``'s cost makes at most (and a Dragon's attack announced, which
    alone reaches nobody): any other event, or more of these, is its effect."""
    return {"power": 1, "pay": 2, "remove": 1, "attack": 1, "turn": int(pw.turn) + int(pw.turn_other is not None),
            "destroy": int(pw.destroy_self) + int(pw.destroy is not None), "discard": pw.discard}


def _effect_seen(events: list[dict[str, Any]], allowed: dict[str, int]) -> bool:
    left = dict(allowed)
    for ev in events:
        left[ev["type"]] = left.get(ev["type"], 0) - 1
        if left[ev["type"]] < 0:
            return True
    return False


def effect_idle(state: Any, p: int, action: tuple, budget: int = 200) -> bool:
    """Whether power ``action`` of seat ``p`` would only spend its cost now (Dragon Teeth with no dragon in
    hand, a straighten with nothing tapped): applied on copies, with each answer of the seat's choices the
    move asks (payment, target, X) tried in turn, no event but the cost's comes before the next turn, and no
    rival is asked anything. False when it is not a legal power, or when trying every answer takes more than
    ``budget`` copies (nothing is claimed then)."""
    if action[0] != K_POWER or not state.is_legal(action):
        return False
    allowed = _cost_events(state.c.cards[action[1]].powers[action[2]])
    todo = [(state, action, [])]
    while todo:
        budget -= 1
        if budget < 0:
            return False
        before, move, seen = todo.pop()
        sim = before.copy()
        sim.events = []
        sim.apply(move)
        seen = seen + sim.events
        if _effect_seen(seen, allowed):
            return False
        if sim.is_terminal() or sim.decision_name() == "action":
            continue
        if sim.to_move() != p:  # a rival must answer: the effect reaches them
            return False
        todo.extend((sim, a, seen) for a in sim.legal_actions())
    return True


IDLE_WORDS = "its effect does nothing now; you only pay the cost"


def _victory_check_reason(state: Any, p: int) -> str:
    """A power that checks for victory now: whether the seat would win the check."""
    pts = [state.points(q) for q in range(state.n)]
    rival = max(pts[q] for q in range(state.n) if q != p)
    if pts[p] >= VICTORY_POINTS and pts[p] > rival:
        return f"the victory check comes now: you have {pts[p]} points, the most"
    if pts[p] >= VICTORY_POINTS and pts[p] == rival:
        return f"the victory check comes now: you are tied for the most at {pts[p]} points"
    return f"the points are counted now ({pts[p]} yours, {max(pts)} the most)"


def _onto_card_parts(state: Any, p: int, ci: int, pi: int) -> list[str]:
    """What the power puts on its own card: essences of a choice, and fixed ones (their points, or their
    worth at a collect)."""
    cd = state.c.cards[ci]
    pw = cd.powers[pi]
    _gain, _any_n, on_card, any_on = _gains_of(cd, pi)
    parts = []
    if any_on:
        held = sum(state.on[ci * 5:ci * 5 + 5])
        parts.append(f"{count(any_on, 'essence')} of your choice go onto {cd.name} (now {held} on it)")
    if any(on_card):
        pts = _points_on(cd, on_card)
        now = [a + b for a, b in zip(state.on[ci * 5:ci * 5 + 5], on_card)]
        cost = sum(pw.pay) + pw.pay_any
        later = f", {sum(on_card)} for the {cost} you pay" if cost else ""
        parts.append(f"{cd.name} then holds {ess_words(now)}" + (f": +{count(pts, 'point')}, {_race(state, p, pts)}"
                                                                  if pts else f" to take at a collect{later}"))
    return parts


def _gain_part(state: Any, p: int, ci: int, pi: int) -> str:
    """What the power gains into the pool, and the card that brings nearer (else what the pool then holds)."""
    pw = state.c.cards[ci].powers[pi]
    gain, any_n, _on_card, _any_on = _gains_of(state.c.cards[ci], pi)
    if not (any(gain) or any_n):
        return ""
    before, paid = _pool(state, p), list(pw.pay)
    after = [max(0, b - c + g) for b, c, g in zip(before, paid, gain)]
    step = _best_step(state, p, before, after) if any(gain) else ""
    held = ess_words([after[e] if gain[e] else 0 for e in range(5)])
    return f"you gain {ess_words(gain, any_n)}" + (f"; {step}" if step else f": you then hold {held}" if any(gain)
                                                   else f" ({sum(before) - sum(paid)} in your pool after paying)")


def _life_loss_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    amount = next(e.get("amount", 0) for e in pw.effects if e.get("op") == "life_loss")
    hit = [q for q in range(state.n) if q != p and not state.passed[q]]
    if not hit:
        return "no rival is still in the round to be hit"
    lives = ", ".join((f"{names[q]} {state.ess[q * 5 + 1]}" if names and q < len(names) else
                       f"{state.ess[q * 5 + 1]}") for q in hit)
    return f"{count(len(hit), 'rival')} still in the round must stop it or lose {amount} Life (Life held: {lives})"


def _draw_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    return f"one more card to choose from ({len(state.hand[p])} in hand now)"


def _straighten_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    tapped = [state.c.cards[x].name for x in state.play[p] if state.turned[x] and x != ci]
    return "it untaps a tapped card (" + ", ".join(tapped[:3]) + ") for another use this round" if tapped else ""


def _place_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    return "it puts a card into play cheaper than from your hand"


def _destroyed_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    """What destroying the seat's dearest artifact the power may destroy brings back."""
    eff = next(e for e in pw.effects if e.get("op") == "gain_cost_of_destroyed")
    mine = [x for x in state.play[p] if state.c.cards[x].kind == "artifact" and x != ci]
    if pw.destroy is not None and pw.destroy[1]:
        mine = [x for x in mine if any(getattr(state.c.cards[x], t, False) for t in pw.destroy[1])]
    if not mine:
        return ""
    top = max(mine, key=lambda x: state.c.cards[x].printed_cost)
    got = state.c.cards[top].printed_cost + int(eff.get("modifier", 0))
    kind = f"{got} Gold" if eff.get("_gold") else f"{count(got, 'essence')} (not Gold)"
    return f"your dearest to destroy is {state.c.cards[top].name}: {kind} back"


def _rival_pool_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    eff = next(e for e in pw.effects if e.get("op") == "gain_equal_to_rival_pool")
    key, gain = str(eff.get("count", "")), str(eff.get("gain", "")).capitalize()
    keys = ("elan", "life", "calm", "death", "gold")
    if key not in keys:
        return ""
    most = max((state.ess[q * 5 + keys.index(key)] for q in range(state.n) if q != p), default=0)
    return f"the most {key.capitalize()} a rival holds is {most}: you gain {most} {gain}"


def _look_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    return "you choose what you draw or which monument turns up next"


def _ignore_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    return f"you keep your {state.ess[p * 5 + 1]} Life"


def _temp_vp_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    return f"+3 points for this check: {_race(state, p, 3)}"


def _most_held_part(state: Any, p: int, ci: int, pw: Any, names: list[str] | None) -> str:
    before = _pool(state, p)
    most = max(range(5), key=lambda e: before[e])
    return f"your pool holds the most {ESS_NAMES[most]} ({before[most]})"


# the facts of a power's other effects, in the order they are told: (the ops that call for one, its words)
_EFFECT_PARTS = (
    (("life_loss",), _life_loss_part),
    (("draw_cards", "draw_then_discard"), _draw_part),
    (("straighten",), _straighten_part),
    (("place_artifact",), _place_part),
    (("gain_cost_of_destroyed",), _destroyed_part),
    (("gain_equal_to_rival_pool",), _rival_pool_part),
    (("look_top_reorder",), _look_part),
    (("ignore_life_loss",), _ignore_part),
    (("temp_vp",), _temp_vp_part),
    (("convert_paid_identical", "put_paid_essence_on"), _most_held_part),
)


def _left_words(state: Any, p: int, cd: Any, pw: Any) -> str:
    """A power with no other fact to tell: what is left in the pool (and its card tapped)."""
    left = sum(_pool(state, p)) - sum(pw.pay) - pw.pay_any
    return (f"{cd.name} is then tapped; {count(left, 'essence')} left in your pool" if pw.turn else
            f"{count(left, 'essence')} left in your pool")


def _power_reason(state: Any, p: int, ci: int, pi: int, names: list[str] | None = None) -> str:
    cd = state.c.cards[ci]
    pw = cd.powers[pi]
    ops = [e.get("op") for e in pw.effects]
    if effect_idle(state, p, (K_POWER, ci, pi)):  # the hint never suggests it without saying so
        left = sum(_pool(state, p)) - sum(pw.pay) - pw.pay_any
        return f"{IDLE_WORDS} ({count(left, 'essence')} left in your pool)"
    if "check_victory_now" in ops:
        return _victory_check_reason(state, p)
    parts = _onto_card_parts(state, p, ci, pi) + [_gain_part(state, p, ci, pi)]
    parts += [words(state, p, ci, pw, names) for called, words in _EFFECT_PARTS if any(op in ops for op in called)]
    parts = [part for part in parts if part]
    return "; ".join(parts) if parts else _left_words(state, p, cd, pw)


def _place_reason(state: Any, p: int, ci: int, from_hand: bool = True) -> str:
    cd = state.c.cards[ci]
    does = []
    if cd.vp:
        does.append(f"+{cd.vp} point{'s' if cd.vp != 1 else ''}: {_race(state, p, cd.vp)}")
    for gain in cd.collect:
        does.append(f"it gives {gain_words(gain)} each round")
        break
    if cd.discount is not None:
        does.append(discount_words(cd))
    if cd.actions:
        does.append(f"its action: {power_words(cd, cd.powers.index(cd.actions[0]))}")
    elif cd.powers:
        does.append(f"its reaction: {power_words(cd, 0)}")
    if from_hand and ci in state.hand[p]:
        after = len(state.hand[p]) - 1
        does.append(f"{after} card{'s' if after != 1 else ''} left in hand")
    return "; ".join(does[:3])


def _claim_reason(state: Any, p: int, ci: int) -> str:
    cd = state.c.cards[ci]
    out = [f"+{cd.vp} point{'s' if cd.vp != 1 else ''}: {_race(state, p, cd.vp)}"] if cd.vp else []
    for kind, key, k in cd.vp_formula:
        if kind == "essence":
            out.append(f"it scores {k} point{'s' if k != 1 else ''} per {key.capitalize()} put on it")
        else:
            have = sum(1 for x in state.play[p] if getattr(state.c.cards[x], key, False))
            out.append(f"it scores {k} point{'s' if k != 1 else ''} per {key} you have in play ({have} now)")
    for gain in cd.collect:
        out.append(f"it gives {gain_words(gain)} each round")
        break
    if cd.actions:
        out.append(f"its action: {power_words(cd, cd.powers.index(cd.actions[0]))}")
    return "; ".join(out[:2]) or f"{cd.name} is yours"


def _why_this_card(state: Any, p: int, ci: int) -> str:
    """Why ``ci`` is the card of the hand to let go, in a fact that argues for it (play-test: "you are 1 short
    of its cost" came as the reason to discard a card): its cost is far off (the furthest of the hand), or it
    is the cheapest to lose, or the cards kept; never a shortfall of one."""
    cd = state.c.cards[ci]
    before = _pool(state, p)
    short = short_of(before, _cost(state, p, ci))
    others = [x for x in state.hand[p] if x != ci]
    price = _price(state, ci)
    if short >= 2:
        if others and short >= max(short_of(before, _cost(state, p, x)) for x in others):
            return (f"of the {count(len(others) + 1, 'card')} in your hand {cd.name} is the furthest from your "
                    f"pool: {short} short of its cost ({price})")
        return f"{cd.name}'s cost ({price}) is far off: {short} short"
    if not others:
        return f"{cd.name} is the only card in your hand: there is no other to let go"
    if cd.printed_cost <= min(state.c.cards[x].printed_cost for x in others):
        return f"{cd.name} is the cheapest card in your hand to lose (it costs {price})"
    kept = [state.c.cards[x].name for x in others]
    more = f" and {count(len(kept) - 2, 'more card')}" if len(kept) > 2 else ""
    return f"you let {cd.name} go and keep " + " and ".join(kept[:2]) + more + " in hand"


def _discard_reason(state: Any, p: int, ci: int, gain: int) -> str:
    """What the discard brings first (the Gold or the two essences and the card they bring nearer), then why
    this card is the one to let go."""
    before = _pool(state, p)
    why = _why_this_card(state, p, ci)
    if gain == 0:
        after = before[:]
        after[GOLD] += 1
        step = _best_step(state, p, before, after, skip=ci)
        return f"1 Gold: {step or f'you then hold {after[GOLD]} Gold'}; {why}"
    # two essences of a choice but Gold: the card they bring nearest
    best: tuple[int, str] | None = None
    for x in _goals(state, p, ci):
        cost = _cost(state, p, x)
        b = short_of(before, cost)
        if b > 0:
            a = min(short_of([v + (e == i) + (e == j) for e, v in enumerate(before)], cost)
                    for i in range(GOLD) for j in range(i, GOLD))
            if a < b and (best is None or a < best[0]):
                best = (a, state.c.cards[x].name)
    got = "2 essences of your choice (not Gold)"
    if best is None:
        return f"{got} join your {sum(before)}; {why}"
    a, name = best
    return f"{got}: " + (f"they let you pay for {name}" if a == 0 else f"they bring you to {a} short of {name}") \
        + f"; {why}"


def _pass_reason(state: Any, p: int) -> str:
    """What passing does (the first-player token, the magic item swapped, a card drawn) and, only when true
    with every free action at hand counted, that no card in hand can be paid for (play-test: "you can pay for
    none of the 1 cards" with Hand of Glory's free 2 Death paying for Cursed Skull; "you keep your essences"
    with free gains at hand)."""
    first = not state.any_passed
    pts = state.points(p)
    verb = "keep" if state.token == p else "take"
    parts = [f"first to pass: you {verb} the first-player token (1 point) and start the next round" if first else
             "you are out of the round"]  # (the move's own words say the item swapped and the card drawn)
    hand = list(state.hand[p])
    extra, any_n = free_gains(state, p)
    if not hand:
        parts.append("your hand is empty")
    elif not any(_payable_with(state, p, x, extra, any_n) for x in hand):
        free = " even with your free actions" if any(extra) or any_n else ""
        parts.append(f"you cannot pay for {state.c.cards[hand[0]].name}, the one card in your hand{free}"
                     if len(hand) == 1 else f"you can pay for none of the {len(hand)} cards in your hand{free}")
    now = pts + (1 if first and state.token != p else 0)
    parts.append(f"you stand at {count(now, 'point')}")
    return "; ".join(parts)


def _essence_reason(state: Any, p: int, e: int) -> str:
    dd = state.dd
    before = _pool(state, p)
    if state.dec == D_ESS and dd is not None and dd.mode == M_GAIN:
        dest = dd.then[4] if isinstance(dd.then, tuple) and len(dd.then) > 4 else -1
        if dest >= 0:  # onto a card, not into the pool
            cd = state.c.cards[dest]
            on = list(state.on[dest * 5:dest * 5 + 5])
            on[e] += 1
            pts = _points_on(cd, [int(k == e) for k in range(5)])
            return f"{cd.name} then holds {ess_words(on)}" + (f", +{count(pts, 'point')}" if pts else "")
        after = before[:]
        after[e] += 1
        step = _best_step(state, p, before, after)
        return step or f"you then hold {after[e]} {ESS_NAMES[e]}"
    need = sum(state.c.cards[x].cost[e] for x in state.hand[p])
    return (f"your hand's cards ask for no {ESS_NAMES[e]}" if not need else
            f"you hold {before[e]} {ESS_NAMES[e]}; your hand asks for {need}")


def _pay_reason(state: Any, p: int, vec: tuple[int, ...]) -> str:
    before = _pool(state, p)
    after = [b - v for b, v in zip(before, vec)]
    then = getattr(state.dd, "then", None)
    paying_for = getattr(then, "card", -1)  # a card being put into play: not one to keep essences for
    kept = [state.c.cards[x].name for x in _goals(state, p, paying_for) if not short_of(after, _cost(state, p, x))]
    spared = [ESS_NAMES[e] for e in range(5) if before[e] and not vec[e]]
    out = f"you keep {ess_words(after)}"
    if kept:
        out += f": still enough for {kept[0]}"
    elif spared:
        out += f", none of your {spared[0]} spent"
    return out


def _blind_reason(state: Any, p: int) -> str:
    vps = sorted({cd.vp for cd in state.c.cards if cd.kind == "monument"})
    return f"every monument is worth points ({vps[0]} to {vps[-1]}): {_race(state, p, vps[0], at_least=True)}"


def _take_reason(state: Any, p: int, ci: int, take: int) -> str:
    """Taking the essences stored on card ``ci`` into the pool (the points given up, the card they bring
    nearer), or leaving them there (the points they are worth there, the income that asks for them)."""
    cd = state.c.cards[ci]
    on = list(state.on[ci * 5:ci * 5 + 5])
    pts = _points_on(cd, on)
    if take:
        before = _pool(state, p)
        step = _best_step(state, p, before, [a + b for a, b in zip(before, on)])
        return (f"{ess_words(on)} into your pool" + (f", giving up {pts} point{'s' if pts != 1 else ''}"
                                                     if pts else "") + (f"; {step}" if step else ""))
    verb = "stays" if sum(on) == 1 else "stay"
    if pts:
        return f"the {ess_words(on)} on {cd.name} {verb}, worth {pts} point{'s' if pts != 1 else ''}"
    extra = ": its income next round asks for it" if cd.conditional else ""
    return f"the {ess_words(on)} {verb} on {cd.name}{extra}"


def _target_reason(state: Any, p: int, x: int) -> str:
    """Card ``x`` chosen for the step's purpose: put into play, untapped, destroyed, or another."""
    dd = state.dd
    kind = dd.purpose.kind if dd is not None else ""
    name = state.c.cards[x].name
    if kind == "place":
        return _place_reason(state, p, x, from_hand=dd.purpose.data.source == "hand")
    if kind == "straighten":
        return f"{name} can be used again this round"
    if kind == "destroy":
        return f"{name} costs {_price(state, x)} to play: the most you get back"
    return f"{name} is the card this step asks for"


def _rival_reason(state: Any, p: int, q: int) -> str:
    """Rival ``q`` counted for a gain equal to an essence they hold (Hypnotic Basin)."""
    dd = state.dd
    if dd is None:
        return ""
    n = state.ess[q * 5 + dd.count]
    most = max(state.ess[r * 5 + dd.count] for r in range(state.n) if r != p)
    return (f"no rival has more {ESS_NAMES[dd.count]} than {n}: you gain {n} {ESS_NAMES[dd.gain]}"
            if n >= most else f"you gain {n} {ESS_NAMES[dd.gain]} ({n} {ESS_NAMES[dd.count]} counted)")


def _x_reason(state: Any, p: int, e: int, x: int) -> str:
    """Spending ``x`` of essence ``e`` for a power's X (and the Gold it turns into, for a conversion to Gold)."""
    spent = f"you spend {x} of your {state.ess[p * 5 + e]} {ESS_NAMES[e]}"
    dd = state.dd
    if isinstance(dd, tuple) and len(dd) == 6 and any(eff.get("op") == "convert_paid_identical" and
                                                      eff.get("to") == "gold"
                                                      for eff in state.c.cards[dd[2]].powers[dd[3]].effects):
        return f"{spent} for as much Gold: you then hold {state.ess[p * 5 + GOLD] + x} Gold"
    return spent


def _item_reason(state: Any, p: int, item: int) -> str:
    """Taking magic item ``item`` as the seat passes: the item it replaces, what the new one asks or gives."""
    c = state.c
    cd = c.cards[item]
    old = state.item_of[p] if p < len(state.item_of) else -1
    swap = f"it replaces {c.cards[old].name}" if old >= 0 else "you hold no magic item yet"
    if old >= 0 and c.cards[old].collect:
        swap += f", which gave {gain_words(c.cards[old].collect[0])} each round"
    pw = cd.powers[0] if cd.powers else None
    if pw is not None and (pw.pay_any or any(pw.pay)):
        return (f"{swap}; its action asks for {ess_words(pw.pay, pw.pay_any)}, and you hold "
                f"{count(sum(_pool(state, p)), 'essence')}")
    if cd.collect:
        return f"{swap}; it gives {gain_words(cd.collect[0])} each round"
    return swap


def _mage_reason(state: Any, mage: int) -> str:
    cd = state.c.cards[mage]
    out = [f"it gives {gain_words(cd.collect[0])} each round"] if cd.collect else []
    if cd.discount is not None:
        out.append(discount_words(cd))
    if cd.powers:
        kind = "reaction" if cd.powers[0].reaction else "action"
        out.append(f"its {kind}: {power_words(cd, 0)}")
    return "; ".join(out)


def _life(state: Any, p: int) -> int:
    return state.ess[p * 5 + 1]


# what each kind of move does, in words: (state, seat, action, the seats' names) -> the facts
_REASONS: dict[int, Any] = {
    K_DISCARD: lambda st, p, a, names: _discard_reason(st, p, a[1], a[2]),
    K_POWER: lambda st, p, a, names: _power_reason(st, p, a[1], a[2], names),
    K_REACT: lambda st, p, a, names: f"{st.c.cards[a[1]].name} takes the attack: you lose nothing "
                                     f"({_life(st, p)} Life kept)",
    K_PLACE: lambda st, p, a, names: _place_reason(st, p, a[1]),
    K_CLAIM: lambda st, p, a, names: _claim_reason(st, p, a[1]),
    K_BLIND: lambda st, p, a, names: _blind_reason(st, p),
    K_PASS: lambda st, p, a, names: _pass_reason(st, p),
    K_ESS: lambda st, p, a, names: _essence_reason(st, p, a[1]),
    K_PAY: lambda st, p, a, names: _pay_reason(st, p, a[1:6]),
    K_TAKE: lambda st, p, a, names: _take_reason(st, p, a[1], a[2]),
    K_TARGET: lambda st, p, a, names: _target_reason(st, p, a[1]),
    K_HIT: lambda st, p, a, names: f"you hold {_life(st, p)} Life and keep your other essences",
    K_IGNORE: lambda st, p, a, names: f"you keep your {_life(st, p)} Life",
    K_RIVAL: lambda st, p, a, names: _rival_reason(st, p, a[1]),
    K_X: lambda st, p, a, names: _x_reason(st, p, a[1], a[2]),
    K_STATUE: lambda st, p, a, names: (f"+3 points for this check: {_race(st, p, 3)}" if a[1] else
                                       f"you keep your {st.ess[p * 5 + GOLD]} Gold"),
    K_FORGE: lambda st, p, a, names: ("the Cursed Forge stays untapped for its action" if a[1] == 0 else
                                      f"you keep your {st.ess[p * 5 + 3]} Death"),
    K_ITEM: lambda st, p, a, names: _item_reason(st, p, a[1]),
    K_MAGE: lambda st, p, a, names: _mage_reason(st, a[1]),
}


def hint_reason(state: Any, p: int, action: tuple, names: list[str] | None = None) -> str:
    """What ``action`` does for seat ``p`` in ``state`` (the position it is taken in), in facts: "you are 2
    short of Vault's cost (...); with the Gold you can then pay for Obelisk (4 Gold)". ``names``: the seats."""
    why = _REASONS.get(action[0])
    return why(state, p, action, names) if why is not None else ""


def victory_note(state: Any, p: int, legal: list[tuple], hinted: tuple) -> str:
    """"You could check for victory now with Coral Castle: you have 10, the most." when seat ``p`` has 10 or
    more points and more than every rival could have at a check (a rival's Golden Statue counted), a legal move
    checks for victory now and the hint is another move; else ""."""
    c = state.c
    pts = [state.points(q) for q in range(state.n)]
    if pts[p] < VICTORY_POINTS:
        return ""
    statue = c.by_id.get("golden_statue")
    for q in range(state.n):
        if q != p:
            bonus = 3 if statue is not None and statue in state.play[q] and not state.turned[statue] \
                and state.ess[q * 5 + GOLD] >= 3 else 0
            if pts[q] + bonus >= pts[p]:
                return ""
    for a in legal:
        if a[0] == K_POWER and a != hinted and any(e.get("op") == "check_victory_now"
                                                  for e in c.cards[a[1]].powers[a[2]].effects):
            return (f"You could check for victory now with {c.cards[a[1]].name}: you have {pts[p]}, the most.")
    return ""
