"""What a card's power does, in a few words built from its data (its cost and effects in assets/arcana/).

One short line per power, for every place a move is told (the engine's ``describe``, the log, the move feed,
the hint and the review): "tap, pay 2 of any, gain 3 of any but Gold", "tap, check for victory now". The words
are made from the power's fields, never from a card's printed text, so a new card's power is told as soon as
its data is. No pygame here.
"""

from __future__ import annotations

from typing import Any

from .content import ESSENCES, Card, Power

NAMES = tuple(e.capitalize() for e in ESSENCES)
SUBTYPE_WORDS = {"dragon": "dragon", "creature": "creature"}


def ess_list(vec: Any, any_n: int = 0, any_word: str = "of any") -> str:
    """Essences in words: "2 Elan, 1 Gold"; ``any_n`` essences of a choice: "2 of any"."""
    parts = [f"{v} {NAMES[e]}" for e, v in enumerate(vec) if v]
    if any_n:
        parts.append(f"{any_n} {any_word}")
    return ", ".join(parts) if parts else "nothing"


def _names(keys: Any) -> str:
    words = [k.capitalize() for k in keys]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _gain_spec(spec: dict[str, Any]) -> str:
    """A gain's essences ({"death": 2} or {"any": 3, "any_excludes": ["gold"]}) in words."""
    fixed = [int(spec.get(e, 0)) for e in ESSENCES]
    any_n = int(spec.get("any", 0))
    but = spec.get("any_excludes") or []
    any_word = "of any" + (" but " + _names(but) if but else "")
    return ess_list(fixed, any_n, any_word)


def cost_words(pw: Power) -> list[str]:
    """A power's costs, in the engine's order: "tap", "pay 1 Elan", "destroy it"..."""
    out: list[str] = []
    if pw.turn:
        out.append("tap")
    if pw.turn_other:
        out.append(f"tap a {SUBTYPE_WORDS.get(pw.turn_other, pw.turn_other)}")
    if any(pw.remove_self):
        out.append(f"take {ess_list(pw.remove_self)} off it")
    if any(pw.pay) or pw.pay_any:
        out.append("pay " + ess_list(pw.pay, pw.pay_any))
    if pw.pay_one_of:
        out.append("pay 1 " + _names(ESSENCES[e] for e in pw.pay_one_of))
    if pw.identical:
        out.append("pay X of one type")
    if pw.destroy_self:
        out.append("destroy it")
    if pw.destroy is not None:
        may_be_self, subtypes = pw.destroy
        if subtypes:
            out.append("destroy a " + " or ".join(SUBTYPE_WORDS.get(s, s) for s in subtypes))
        else:
            out.append("destroy an artifact" if may_be_self else "destroy another artifact")
    if pw.discard:
        out.append("discard a card" if pw.discard == 1 else f"discard {pw.discard} cards")
    return out


def _ignore_words(options: Any) -> str:
    for o in options or ():
        if "pay" in o:
            return f" (or pay {_gain_spec(o['pay'])})"
        if "discard_from_hand" in o:
            return " (or discard a card)"
        if "destroy_own_artifact" in o:
            return " (or destroy an artifact)"
    return ""


def effect_words(e: dict[str, Any]) -> str:
    """One effect in words."""
    op = e.get("op")
    if op == "gain":
        what = _gain_spec(e.get("essences", {}))
        return f"put {what} on it" if e.get("to") == "self" else f"gain {what}"
    if op == "rivals_gain":
        return f"rivals gain {_gain_spec(e.get('essences', {}))}"
    if op == "life_loss":
        return f"rivals lose {e.get('amount', 0)} Life" + _ignore_words(e.get("rival_may_ignore_by"))
    if op == "ignore_life_loss":
        return "ignore the attack"
    if op == "straighten":
        comp = (e.get("target") or {}).get("component")
        return {"this": "untap it", "creature_turned": "untap a creature"}.get(comp, "untap another card")
    if op == "draw_cards":
        return f"draw {e.get('count', 1)}"
    if op == "draw_then_discard":
        return f"draw {e.get('draw', 0)}, discard {e.get('discard', 0)}"
    if op == "look_top_reorder":
        return f"look at the top {e.get('count', 3)} of a pile, reorder"
    if op == "place_artifact":
        what = "a dragon" if e.get("subtype") == "dragon" else "an artifact"
        src = e.get("from", "")
        if src == "own_discard":
            what = "a discarded dragon" if e.get("subtype") == "dragon" else "a discarded artifact"
        where = {"hand": "from hand", "any_player_discard": "from any discard pile"}.get(src, "")
        red = e.get("cost_reduction") or {}
        price = (" free" if e.get("cost_override") == 0 else
                 f" for {red['amount']} less" + (" (not Gold)" if "gold" in (red.get("excludes") or []) else "")
                 if red.get("amount") else "")
        return f"play {what} {where}{price}".replace("  ", " ")
    if op in ("gain_cost_of_destroyed", "gain_cost_of_discarded"):
        whose = "its" if op == "gain_cost_of_destroyed" else "that card's"
        plus = f" +{e['modifier']}" if e.get("modifier") else ""
        kind = "in Gold" if e.get("_gold") or (e.get("as") or {}).get("gold") else "(not Gold)"
        return f"gain {whose} cost{plus} {kind}"
    if op == "convert_paid_identical":
        return "gain X Gold" if e.get("to") == "gold" else "gain X of another type (not Gold)"
    if op == "put_paid_essence_on":
        comp = (e.get("target") or {}).get("component")
        return "put it on this card" if comp == "this" else "put it on one of your cards"
    if op == "gain_equal_to_rival_pool":
        return f"gain 1 {str(e.get('gain', '')).capitalize()} per {str(e.get('count', '')).capitalize()} of a rival"
    if op == "check_victory_now":
        return "check for victory now"
    if op == "temp_vp":
        return f"+{e.get('amount', 0)} points at this check"
    return str(op).replace("_", " ")


def power_words(cd: Card, pi: int) -> str:
    """Power ``pi`` of card ``cd`` in a few words: its costs, then its effects ("tap, pay 1 Elan, gain 1 Gold")."""
    if not 0 <= pi < len(cd.powers):
        return "its ability"
    pw = cd.powers[pi]
    words = cost_words(pw) + [effect_words(e) for e in pw.effects]
    return ", ".join(w for w in words if w)
