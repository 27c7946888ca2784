"""The stable JSON form and the plain-words description of every action.

Internally an action is a tuple of small ints whose first element is a kind (``K_*`` in constants.py);
its JSON form names cards and essences by their content ids. See docs/arcana-engine.md for the table.
"""

from __future__ import annotations

from typing import Any

from .constants import (
    ACTION_LEN,
    D_DEFEND,
    D_ESS,
    D_HAND,
    D_MAIN,
    D_ORDER,
    D_PAY,
    D_RIVAL,
    D_TAKE,
    D_TARGET,
    D_X,
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
    M_CONVERT,
    M_GAIN,
    M_LOSE,
    M_PAYONE,
    PERMS,
    T_STEP,
)
from .content import ESSENCES, Content
from .errors import ActionFormatError, IllegalAction, ReplayError
from .power_words import ess_list, power_words
from .records import Placing
from .state import new_game

TYPES = {K_DRAFT: "draft", K_MAGE: "mage", K_ITEM: "magic_item", K_ESS: "essence", K_TAKE: "take",
         K_FORGE: "forge", K_PLACE: "place", K_CLAIM: "claim", K_BLIND: "claim_blind", K_DISCARD: "discard",
         K_POWER: "power", K_PASS: "pass", K_PAY: "pay", K_TARGET: "target", K_RIVAL: "rival", K_DECK: "deck",
         K_ORDER: "order", K_HIT: "take_hit", K_IGNORE: "ignore", K_REACT: "react", K_X: "identical",
         K_HAND: "hand", K_STATUE: "statue", K_FIRST: "first_player", K_MPICK: "match_pick"}
KIND_OF = {v: k for k, v in TYPES.items()}
CARD_KINDS = (K_DRAFT, K_MAGE, K_ITEM, K_PLACE, K_CLAIM, K_TARGET, K_HAND, K_MPICK)
DECKS = ("own", "monuments")
FORGE = ("pay_death", "turn")
DISCARD = ("gold", "two_essences")
FIELDS: dict[int, tuple[str, ...]] = {  # the JSON fields of each kind besides its "type" (to_json writes all)
    **{k: ("card",) for k in CARD_KINDS}, K_ESS: ("essence",), K_TAKE: ("card", "take"), K_FORGE: ("choice",),
    K_DISCARD: ("card", "gain"), K_POWER: ("card", "power"), K_REACT: ("card", "power"), K_PAY: ("essences",),
    K_RIVAL: ("seat",), K_FIRST: ("seat",), K_DECK: ("deck",), K_ORDER: ("permutation",),
    K_X: ("essence", "count"), K_STATUE: ("use",),
}


def _eid(e: int) -> str:
    return ESSENCES[e]


def to_json(content: Content, a: tuple) -> dict[str, Any]:
    """The JSON form of an internal action tuple."""
    c = content
    if not isinstance(a, tuple) or not a or a[0] not in TYPES or len(a) != ACTION_LEN[a[0]]:
        raise ActionFormatError(f"unknown action {a!r}")
    k = a[0]
    t = TYPES[k]
    if k in CARD_KINDS:
        return {"type": t, "card": c.cards[a[1]].id}
    if k == K_ESS:
        return {"type": t, "essence": _eid(a[1])}
    if k == K_TAKE:
        return {"type": t, "card": c.cards[a[1]].id, "take": bool(a[2])}
    if k == K_FORGE:
        return {"type": t, "choice": FORGE[a[1]]}
    if k == K_DISCARD:
        return {"type": t, "card": c.cards[a[1]].id, "gain": DISCARD[a[2]]}
    if k in (K_POWER, K_REACT):
        return {"type": t, "card": c.cards[a[1]].id, "power": a[2]}
    if k == K_PAY:
        return {"type": t, "essences": {ESSENCES[e]: a[1 + e] for e in range(5) if a[1 + e]}}
    if k in (K_RIVAL, K_FIRST):
        return {"type": t, "seat": a[1]}
    if k == K_DECK:
        return {"type": t, "deck": DECKS[a[1]]}
    if k == K_ORDER:
        return {"type": t, "permutation": a[1]}
    if k == K_X:
        return {"type": t, "essence": _eid(a[1]), "count": a[2]}
    if k == K_STATUE:
        return {"type": t, "use": bool(a[1])}
    return {"type": t}


class _Fields:
    """Reads the fields of one action's JSON object, each checked; ActionFormatError names what is wrong."""

    def __init__(self, content: Content, kind_name: str, obj: dict[str, Any]) -> None:
        self.c = content
        self.kind_name = kind_name
        self.obj = obj

    def field(self, name: str) -> Any:
        if name not in self.obj:
            raise ActionFormatError(f"a {self.kind_name!r} action needs {name!r}")
        return self.obj[name]

    def card(self) -> int:
        cid = self.field("card")
        if not isinstance(cid, str) or cid not in self.c.by_id:
            raise ActionFormatError(f"unknown card {cid!r}")
        return self.c.by_id[cid]

    def ess(self, name: str = "essence") -> int:
        e = self.field(name)
        if e not in ESSENCES:
            raise ActionFormatError(f"unknown essence {e!r}")
        return ESSENCES.index(e)

    def whole(self, name: str) -> int:
        v = self.field(name)
        if type(v) is not int or v < 0:
            raise ActionFormatError(f"{name!r} must be a whole number >= 0 (got {v!r})")
        return v

    def flag(self, name: str) -> int:
        v = self.field(name)
        if type(v) is not bool:
            raise ActionFormatError(f"{name!r} must be true or false (got {v!r})")
        return int(v)

    def choice(self, name: str, options: tuple[str, ...]) -> int:
        v = self.field(name)
        if v not in options:
            raise ActionFormatError(f"{name!r} must be one of {', '.join(options)} (got {v!r})")
        return options.index(v)

    def payment(self) -> tuple[int, ...]:
        es = self.field("essences")
        if not isinstance(es, dict) or set(es) - set(ESSENCES):
            raise ActionFormatError(f"'essences' must map essence names to counts (got {es!r})")
        for v in es.values():
            if type(v) is not int or v < 0:
                raise ActionFormatError(f"essence counts must be whole numbers >= 0 (got {es!r})")
        return tuple(es.get(e, 0) for e in ESSENCES)


def from_json(content: Content, obj: Any) -> tuple:
    """Parse the JSON form of an action; raise ActionFormatError naming what is wrong."""
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ActionFormatError(f"an action is an object with a 'type' (got {obj!r})")
    t = obj["type"]
    if t not in KIND_OF:
        raise ActionFormatError(f"unknown action type {t!r}")
    k = KIND_OF[t]
    allowed = FIELDS.get(k, ())
    for name in obj:  # a stray key (a typo, a note) is refused, not ignored: a record replays what it says
        if name != "type" and name not in allowed:
            raise ActionFormatError(f"a {t!r} action has no field {repr(name)[:40]} "
                                    f"(its fields: {', '.join(allowed) or 'none'})")

    f = _Fields(content, t, obj)
    if k in CARD_KINDS:
        return (k, f.card())
    if k == K_ESS:
        return (k, f.ess())
    if k == K_TAKE:
        return (k, f.card(), f.flag("take"))
    if k == K_FORGE:
        return (k, f.choice("choice", FORGE))
    if k == K_DISCARD:
        return (k, f.card(), f.choice("gain", DISCARD))
    if k in (K_POWER, K_REACT):
        return (k, f.card(), f.whole("power"))
    if k == K_PAY:
        return (k, *f.payment())
    if k in (K_RIVAL, K_FIRST):
        return (k, f.whole("seat"))
    if k == K_DECK:
        return (k, f.choice("deck", DECKS))
    if k == K_ORDER:
        return (k, f.whole("permutation"))
    if k == K_X:
        return (k, f.ess(), f.whole("count"))
    if k == K_STATUE:
        return (k, f.flag("use"))
    return (k,)


def _ess_list(vec: tuple[int, ...] | list[int]) -> str:
    parts = [f"{v} {ESSENCES[e].capitalize()}" for e, v in enumerate(vec) if v]
    return ", ".join(parts) if parts else "nothing"


# the actions whose words only name their card (and, for some, what the card is: see ``describe``)
_CARD_WORDS = {K_DRAFT: "Keep {} from the draft", K_MAGE: "Play as the {}", K_ITEM: "Take the magic item {}",
               K_PLACE: "Put {} into play", K_CLAIM: "Claim {}", K_TARGET: "Choose {}", K_REACT: "React with {}",
               K_HAND: "Discard {}", K_MPICK: "Take {} from the match pool"}
_ESS_MODES = {M_GAIN: "Gain", M_LOSE: "Lose", M_PAYONE: "Pay", M_CONVERT: "Gain"}
MONUMENT_GOLD = 4  # a monument's price (the blind claim pays it too)


def describe(content: Content, a: tuple, names: list[str] | None = None, state: Any = None) -> str:
    """Plain player-facing words for an action (card names, never seat numbers), saying what it does: a power
    by its costs and effects ("Use Vault: tap, put 1 Gold on it"), a card put into play or claimed with its
    cost. ``state``: the position the action is taken in (before it); with it, a step inside a power or a
    collect says what it is for ("Gain 1 Elan", "Pay 2 Elan for Transmuter", "Untap Hawk"). A ``state`` at
    another decision than the action's (a live game moved on) is not read."""
    c = content
    if not isinstance(a, tuple) or not a or a[0] not in TYPES:
        raise IllegalAction(f"unknown action {a!r}")

    def nm(i: int) -> str:
        return c.cards[i].name

    ctx = _context(state, a)
    words = _in_context(c, a, ctx, names, nm) if ctx is not None else ""
    return words or _card_words(c, a, nm) or _other_words(a, names)


def _card_words(c: Content, a: tuple, nm: Any) -> str:
    """The words of an action that names a card, read without its position ("" for another action)."""
    k = a[0]
    if k == K_REACT:
        return f"React with {nm(a[1])}: {power_words(c.cards[a[1]], a[2])}"
    if k in (K_PLACE, K_CLAIM):
        cd = c.cards[a[1]]
        price = ess_list(cd.cost, cd.cost_any) if any(cd.cost) or cd.cost_any else "free"
        if k == K_PLACE:
            return f"Put {cd.name} into play (cost {price})"
        worth = f", {cd.vp} point{'s' if cd.vp != 1 else ''}" if cd.vp else ""
        return f"Claim {cd.name} (cost {price}{worth})"
    if k == K_ITEM and c.cards[a[1]].powers:
        return f"Take the magic item {nm(a[1])} ({power_words(c.cards[a[1]], 0)})"
    if k in _CARD_WORDS:
        return _CARD_WORDS[k].format(nm(a[1]))
    if k == K_TAKE:
        return f"Take the essences on {nm(a[1])}" if a[2] else f"Leave the essences on {nm(a[1])}"
    if k == K_DISCARD:
        return f"Discard {nm(a[1])} for " + ("1 Gold" if a[2] == 0 else "2 essences (not Gold)")
    if k == K_POWER:
        return f"Use {nm(a[1])}: {power_words(c.cards[a[1]], a[2])}"
    return ""


# the actions whose words are always the same
_FIXED_WORDS = {K_BLIND: f"Claim the top monument of the pile, unseen, for {MONUMENT_GOLD} Gold",
                K_PASS: "Pass: out of the round, swap your magic item, draw 1",
                K_HIT: "Take the hit: lose the Life", K_IGNORE: "Pay to ignore the attack"}


def _other_words(a: tuple, names: list[str] | None) -> str:
    """The words of an action that names no card, read without its position."""
    k = a[0]
    if k in _FIXED_WORDS:
        return _FIXED_WORDS[k]
    if k == K_ESS:
        return f"Choose {ESSENCES[a[1]].capitalize()}"
    if k == K_FORGE:
        return "Pay 1 Death for the Cursed Forge" if a[1] == 0 else "Tap the Cursed Forge instead of paying"
    if k == K_PAY:
        return f"Pay {_ess_list(a[1:])}"
    if k == K_RIVAL:
        who = names[a[1]] if names and a[1] < len(names) else "that opponent"
        return f"Count the essences of {who}"
    if k == K_DECK:
        return "Look at your own deck" if a[1] == 0 else "Look at the monument pile"
    if k == K_ORDER:
        return f"Put the cards back in order #{a[1] + 1}"
    if k == K_X:
        return f"Spend {a[2]} {ESSENCES[a[1]].capitalize()}" if a[2] else "Spend nothing extra"
    if k == K_STATUE:
        return "Pay 3 Gold: the Golden Statue's 3 points" if a[1] else "Keep the Golden Statue unused"
    if k == K_FIRST:
        who = names[a[1]] if names and a[1] < len(names) else f"Player {a[1] + 1}"
        return f"{who} takes the first-player token"
    return TYPES[k]


# the decision each kind of action answers (an action read in another decision's position has no context)
_DECISION_OF = {K_ESS: D_ESS, K_PAY: D_PAY, K_TARGET: D_TARGET, K_RIVAL: D_RIVAL, K_ORDER: D_ORDER,
                K_HIT: D_DEFEND, K_IGNORE: D_DEFEND, K_REACT: D_DEFEND, K_X: D_X, K_HAND: D_HAND, K_TAKE: D_TAKE,
                K_PASS: D_MAIN, K_PLACE: D_MAIN, K_CLAIM: D_MAIN, K_DISCARD: D_MAIN, K_POWER: D_MAIN}


def _context(state: Any, a: tuple) -> Any:
    """The state when it is at the decision ``a`` answers (a fresh position to read), else None."""
    want = _DECISION_OF.get(a[0])
    if state is None or want is None or getattr(state, "dec", None) != want:
        return None
    return state


def _step_card(then: Any) -> int:
    """The card of a power step (a ``(T_STEP, seat, card, power, stage, context)`` tuple), else -1."""
    return then[2] if isinstance(then, tuple) and len(then) == 6 and then[0] == T_STEP else -1


def _in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    """The words of ``a`` read with the position it is taken in ("" when the position adds nothing)."""
    words = _CONTEXT_WORDS.get(a[0])
    return words(c, a, st, names, nm) if words else ""


def _ess_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    dd = st.dd
    if dd is None:
        return ""
    verb = _ESS_MODES.get(dd.mode, "Choose")
    count = dd.then if dd.mode == M_CONVERT and isinstance(dd.then, int) else 1
    where = ""
    if dd.mode == M_GAIN and isinstance(dd.then, tuple) and len(dd.then) > 4 and dd.then[4] >= 0:
        where = f" on {nm(dd.then[4])}"
    elif dd.mode == M_PAYONE and _step_card(dd.then) >= 0:
        where = f" for {nm(_step_card(dd.then))}"
    return f"{verb} {count} {ESSENCES[a[1]].capitalize()}{where}"


def _pay_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    then = st.dd.then if st.dd is not None else None
    if isinstance(then, Placing):
        return f"Pay {_ess_list(a[1:])} to put {nm(then.card)} into play"
    if _step_card(then) >= 0:
        return f"Pay {_ess_list(a[1:])} for {nm(_step_card(then))}"
    return ""


def _target_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    if st.dd is None:
        return ""
    kind, data = st.dd.purpose.kind, st.dd.purpose.data
    step = f" for {nm(_step_card(data))}" if _step_card(data) >= 0 else ""
    if kind == "turn":
        return f"Tap {nm(a[1])}{step}"
    if kind == "destroy":
        return f"Destroy {nm(a[1])}{step}"
    if kind == "straighten":
        return f"Untap {nm(a[1])}"
    if kind == "place":
        fixed, any_n, g, ng = st.cost_for(st.actor, a[1], data.reduction, data.override)
        price = ess_list(fixed, any_n) if any(fixed) or any_n else "free"
        less = f", {g + ng} less" if g + ng else ""
        return f"Put {nm(a[1])} into play ({price}{less})"
    if kind == "put":
        return f"Put the 1 {ESSENCES[data].capitalize()} on {nm(a[1])}" if isinstance(data, int) and data >= 0 \
            else f"Put it on {nm(a[1])}"
    if kind == "sacrifice":
        return f"Destroy {nm(a[1])} to stop the attack"
    return ""


def _rival_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    if st.dd is None:
        return ""
    who = names[a[1]] if names and a[1] < len(names) else "that opponent"
    n = st.ess[a[1] * 5 + st.dd.count]
    counted, gained = ESSENCES[st.dd.count].capitalize(), ESSENCES[st.dd.gain].capitalize()
    return f"Count the {counted} of {who} ({n}): gain {n} {gained}"


def _order_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    if st.dd is None:
        return ""
    perm = PERMS[len(st.dd.top)][a[1]]
    pile = "your deck" if st.dd.pile == 0 else "the monument pile"
    return f"Put back on {pile}, top first: " + ", ".join(nm(st.dd.top[i]) for i in perm)


def _defence_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    """Taking, stopping or reacting to an attack."""
    dd = st.dd
    if dd is None:
        return ""
    att = f"the attack of {nm(dd.card)}"
    if a[0] == K_HIT:
        return f"Take {att}: lose {dd.amount} Life"
    if a[0] == K_REACT:
        return f"React with {nm(a[1])}: {power_words(c.cards[a[1]], a[2])}"
    o = dd.ignore_option or {}
    price = (f"pay {_pay_words(o['pay'])}" if "pay" in o else "discard a card" if "discard_from_hand" in o
             else "destroy an artifact" if o else "pay the price")
    return f"Stop {att}: {price}"


def _x_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    ci = _step_card(st.dd)
    if ci < 0:
        return ""
    what = ""
    for e in c.cards[ci].powers[st.dd[3]].effects:
        if e.get("op") == "convert_paid_identical":
            what = f": gain {a[2]} Gold" if e.get("to") == "gold" else f": gain {a[2]} of another type"
    spent = f"Spend {a[2]} {ESSENCES[a[1]].capitalize()}" if a[2] else "Spend nothing"
    return f"{spent} on {nm(ci)}{what}"


def _hand_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    dd = st.dd
    if dd is None:
        return ""
    why = {"divination": " (Divination)", "ignore": " to stop the attack"}.get(dd.purpose, "")
    if dd.purpose == "power" and _step_card(dd.data) >= 0:
        why = f" for {nm(_step_card(dd.data))}"
    return f"Discard {nm(a[1])}{why}"


def _take_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    on = st.on[a[1] * 5:a[1] * 5 + 5]
    return f"Take {_ess_list(on)} off {nm(a[1])}" if a[2] else f"Leave {_ess_list(on)} on {nm(a[1])}"


def _pass_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    verb = "keep" if st.token == st.actor else "take"  # (play-test t4: "take" said to the token's holder)
    first = "" if st.any_passed else f" (first: {verb} the first-player token)"
    return f"Pass{first}: swap your magic item, draw 1"


def _place_in_context(c: Content, a: tuple, st: Any, names: list[str] | None, nm: Any) -> str:
    fixed, any_n, g, ng = st.cost_for(st.actor, a[1])
    price = ess_list(fixed, any_n) if any(fixed) or any_n else "free"
    less = f", {g + ng} less with your discounts" if g + ng else ""
    return f"Put {nm(a[1])} into play (cost {price}{less})"


# the words of an action read in the position it is taken in, by kind of action
_CONTEXT_WORDS = {K_ESS: _ess_in_context, K_PAY: _pay_in_context, K_TARGET: _target_in_context,
                  K_RIVAL: _rival_in_context, K_ORDER: _order_in_context, K_HIT: _defence_in_context,
                  K_IGNORE: _defence_in_context, K_REACT: _defence_in_context, K_X: _x_in_context,
                  K_HAND: _hand_in_context, K_TAKE: _take_in_context, K_PASS: _pass_in_context,
                  K_PLACE: _place_in_context}


def _pay_words(spec: dict[str, Any]) -> str:
    return ess_list([int(spec.get(e, 0)) for e in ESSENCES])


def replay(players: int, seed: int, actions: list[Any], *, preset: str = "first_game", draft: bool = False,
           content: Content | None = None, match: dict[str, Any] | None = None) -> Any:
    """Replay a game from its setup and its JSON actions; ``ReplayError`` names the first bad step."""
    s = new_game(players, seed, preset=preset, draft=draft, content=content, match=match)
    for i, obj in enumerate(actions):
        try:
            s.apply(from_json(s.c, obj))
        except IllegalAction as exc:
            raise ReplayError(f"step {i}: {exc}") from None
    return s
