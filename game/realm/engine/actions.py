"""The stable JSON form of every action.

Internally an action is a tuple of small integers (fast to compare and hash);
its JSON form names cards, regions and pillars by their content ids:

=============  ==================================================================
type           fields
=============  ==================================================================
select         card (the card selected face down this round)
discard        card (2-player: the card put back in the box before the reveal)
place          region
move           from, to (deploying with an empty reserve); ``stop`` ends moving
steal          from (a seat: coins taken when the supply is empty)
warden         colour
advance        pillar (Guidance artifact after gaining wardens of several colours)
merc_discard   mercenary
tuck           pillar, side ("top" or "bottom")
dominion       choice ("none", "mercenary", "coin", "acolyte")
reward         card (the reckoning reward card)
claim          from (region), colour
bid            amount
row            row (0 = the top row of the reward card)
pay            acolytes, coins (bids paid with coins: 1+2+3...), influence {pillar: n},
               mercenaries [ids], discard_wardens {pillar: n}
monument       space, option (an option id or null)
lose_acolyte   region
lose_warden    colour
=============  ==================================================================
"""

from __future__ import annotations

from typing import Any

from .content import Content
from .errors import ActionFormatError

SIDES = ("top", "bottom")
DOMINION = ("none", "mercenary", "coin", "acolyte")


def to_json(content: Content, a: tuple) -> dict[str, Any]:
    """The JSON form of an internal action tuple."""
    c = content
    k = a[0]
    if k in ("select", "discard"):
        return {"type": k, "card": c.cards[a[1]].id}
    if k in ("place", "lose_acolyte"):
        return {"type": k, "region": c.region_ids[a[1]]}
    if k == "move":
        return {"type": k, "from": c.region_ids[a[1]], "to": c.region_ids[a[2]]}
    if k == "stop":
        return {"type": k}
    if k == "steal":
        return {"type": k, "from": a[1]}
    if k in ("warden", "lose_warden"):
        return {"type": k, "colour": c.pillar_ids[a[1]]}
    if k == "advance":
        return {"type": k, "pillar": c.pillar_ids[a[1]]}
    if k == "merc_discard":
        return {"type": k, "mercenary": c.mercenaries[a[1]].id}
    if k == "tuck":
        return {"type": k, "pillar": c.pillar_ids[a[1]], "side": SIDES[a[2]]}
    if k == "dominion":
        return {"type": k, "choice": DOMINION[a[1]]}
    if k == "reward":
        return {"type": k, "card": c.rewards[a[1]].id}
    if k == "claim":
        return {"type": k, "from": c.region_ids[a[1]], "colour": c.pillar_ids[a[2]]}
    if k == "bid":
        return {"type": k, "amount": a[1]}
    if k == "row":
        return {"type": k, "row": a[1]}
    if k == "pay":
        _, aco, cb, infl, mercs, disc = a
        return {
            "type": k,
            "acolytes": aco,
            "coins": cb,
            "influence": {c.pillar_ids[i]: v for i, v in enumerate(infl) if v},
            "mercenaries": [c.mercenaries[m].id for m in mercs],
            "discard_wardens": {c.pillar_ids[i]: v for i, v in enumerate(disc) if v},
        }
    if k == "monument":
        sp = c.spaces[a[1]]
        opt = sp.options[a[2]]["id"] if sp.options else None
        return {"type": k, "space": sp.id, "option": opt}
    raise ActionFormatError(f"unknown action {a!r}")


def from_json(content: Content, obj: Any) -> tuple:
    """Parse the JSON form of an action; raise ActionFormatError naming what is wrong."""
    c = content
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ActionFormatError(f"an action is an object with a 'type' (got {obj!r})")
    k = obj["type"]

    def field(name: str) -> Any:
        if name not in obj:
            raise ActionFormatError(f"{k} action: missing field {name!r}")
        return obj[name]

    def lookup(ids: tuple[str, ...], name: str, what: str) -> int:
        v = field(name)
        if v not in ids:
            raise ActionFormatError(f"{k} action: unknown {what} {v!r} in field {name!r}")
        return ids.index(v)

    def integer(name: str, lo: int = 0, hi: int = 99) -> int:
        v = field(name)
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise ActionFormatError(f"{k} action: {name!r} must be a whole number {lo}-{hi} (got {v!r})")
        return v

    card_ids = tuple(cd.id for cd in c.cards)
    if k in ("select", "discard"):
        return (k, lookup(card_ids, "card", "card"))
    if k in ("place", "lose_acolyte"):
        return (k, lookup(c.region_ids, "region", "region"))
    if k == "move":
        return (k, lookup(c.region_ids, "from", "region"), lookup(c.region_ids, "to", "region"))
    if k == "stop":
        return ("stop",)
    if k == "steal":
        return (k, integer("from", 0, 4))
    if k in ("warden", "lose_warden"):
        return (k, lookup(c.pillar_ids, "colour", "colour"))
    if k == "advance":
        return (k, lookup(c.pillar_ids, "pillar", "pillar"))
    if k == "merc_discard":
        return (k, lookup(tuple(m.id for m in c.mercenaries), "mercenary", "mercenary"))
    if k == "tuck":
        return (k, lookup(c.pillar_ids, "pillar", "pillar"), lookup(SIDES, "side", "side"))
    if k == "dominion":
        return (k, lookup(DOMINION, "choice", "choice"))
    if k == "reward":
        return (k, lookup(tuple(r.id for r in c.rewards), "card", "reward card"))
    if k == "claim":
        return (k, lookup(c.region_ids, "from", "region"), lookup(c.pillar_ids, "colour", "colour"))
    if k == "bid":
        return (k, integer("amount"))
    if k == "row":
        return (k, integer("row", 0, 4))
    if k == "pay":
        infl = [0] * 5
        disc = [0] * 5
        for name, target in (("influence", infl), ("discard_wardens", disc)):
            raw = obj.get(name, {})
            if not isinstance(raw, dict):
                raise ActionFormatError(f"pay action: {name!r} must map pillar ids to numbers")
            for pid, v in raw.items():
                if pid not in c.pillar_ids:
                    raise ActionFormatError(f"pay action: unknown pillar {pid!r} in {name!r}")
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise ActionFormatError(f"pay action: {name}.{pid} must be a whole number >= 0")
                target[c.pillar_ids.index(pid)] = v
        merc_ids = tuple(m.id for m in c.mercenaries)
        mercs = obj.get("mercenaries", [])
        if not isinstance(mercs, list) or any(m not in merc_ids for m in mercs):
            raise ActionFormatError(f"pay action: 'mercenaries' must list mercenary ids (got {mercs!r})")
        aco = integer("acolytes") if "acolytes" in obj else 0
        cb = integer("coins") if "coins" in obj else 0
        return ("pay", aco, cb, tuple(infl), tuple(sorted(merc_ids.index(m) for m in mercs)), tuple(disc))
    if k == "monument":
        space_ids = tuple(sp.id for sp in c.spaces)
        s = lookup(space_ids, "space", "monument space")
        sp = c.spaces[s]
        opt = obj.get("option")
        if sp.options:
            oids = tuple(o["id"] for o in sp.options)
            if opt not in oids:
                raise ActionFormatError(f"monument action: {sp.id} needs an option from {list(oids)} (got {opt!r})")
            return (k, s, oids.index(opt))
        if opt is not None:
            raise ActionFormatError(f"monument action: {sp.id} has no options (got {opt!r})")
        return (k, s, 0)
    raise ActionFormatError(f"unknown action type {k!r}")


def describe(content: Content, a: tuple) -> str:
    """A short human-readable description (for logs and the UI)."""
    c = content
    k = a[0]
    if k == "select":
        return f"selects {c.cards[a[1]].id}"
    if k == "place":
        return f"places an acolyte in {c.region_names[a[1]]}"
    if k == "move":
        return f"moves an acolyte from {c.region_names[a[1]]} to {c.region_names[a[2]]}"
    if k == "tuck":
        return f"tucks under {c.pillar_names[a[1]]} ({SIDES[a[2]]})"
    if k == "bid":
        return f"bids {a[1]}"
    if k == "row":
        return f"takes row {a[1] + 1}"
    if k == "monument":
        sp = c.spaces[a[1]]
        opt = f" ({sp.options[a[2]]['name']})" if sp.options else ""
        return f"builds a monument on {sp.name}{opt}"
    if k == "warden":
        return f"recruits a {c.pillar_names[a[1]]} warden"
    if k == "reward":
        return f"chooses reward card {c.rewards[a[1]].id}"
    if k == "claim":
        return f"moves a {c.pillar_names[a[2]]} claim token from {c.region_names[a[1]]}"
    return str(to_json(content, a))
