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

``from_json`` refuses a key an action's type does not have (a stray note, a misspelt field).
"""

from __future__ import annotations

from typing import Any

from .constants import DOMINION_CHOICES, N_PILLARS, SIDES
from .content import Content
from .errors import ActionFormatError
from .kinds import FIELD_RANGES, KINDS, describe_action

DOMINION = DOMINION_CHOICES


def _ids(c: Content, ftype: str) -> tuple:
    if ftype == "card":
        return tuple(cd.id for cd in c.cards)
    if ftype == "region":
        return c.region_ids
    if ftype == "pillar":
        return c.pillar_ids
    if ftype == "mercenary":
        return tuple(m.id for m in c.mercenaries)
    if ftype == "side":
        return SIDES
    if ftype == "dominion":
        return DOMINION_CHOICES
    if ftype == "reward":
        return tuple(r.id for r in c.rewards)
    raise KeyError(ftype)  # pragma: no cover - the kinds table uses the types above


_WHAT = {"reward": "reward card", "dominion": "choice", "pillar": None}
PAY_FIELDS = ("acolytes", "coins", "influence", "mercenaries", "discard_wardens")


def _json_fields(kind: str) -> tuple[str, ...]:
    """The JSON fields an action of ``kind`` may carry besides its ``type``."""
    return PAY_FIELDS if kind == "pay" else tuple(name for name, _ in KINDS[kind].fields)


def _refuse_unknown_fields(kind: str, obj: dict) -> None:
    """A stray key (a typo, a note) is refused, not ignored: a record replays exactly what it says."""
    allowed = _json_fields(kind)
    for name in obj:
        if name != "type" and name not in allowed:
            raise ActionFormatError(f"{kind} action: unknown field {repr(name)[:40]} "
                                    f"(its fields: {', '.join(allowed) or 'none'})")


def to_json(content: Content, a: tuple) -> dict[str, Any]:
    """The JSON form of an internal action tuple."""
    c = content
    spec = KINDS.get(a[0]) if a else None
    if spec is None:
        raise ActionFormatError(f"unknown action {a!r}")
    k = str(spec.kind)
    out: dict[str, Any] = {"type": k}
    if k == "pay":
        _, aco, cb, infl, mercs, disc = a
        out.update({
            "acolytes": aco,
            "coins": cb,
            "influence": {c.pillar_ids[i]: v for i, v in enumerate(infl) if v},
            "mercenaries": [c.mercenaries[m].id for m in mercs],
            "discard_wardens": {c.pillar_ids[i]: v for i, v in enumerate(disc) if v},
        })
        return out
    if k == "monument":
        sp = c.spaces[a[1]]
        out["space"] = sp.id
        out["option"] = sp.options[a[2]]["id"] if sp.options else None
        return out
    for (name, ftype), v in zip(spec.fields, a[1:], strict=True):
        out[name] = v if ftype in FIELD_RANGES else _ids(c, ftype)[v]
    return out


def from_json(content: Content, obj: Any) -> tuple:
    """Parse the JSON form of an action; raise ActionFormatError naming what is wrong."""
    c = content
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ActionFormatError(f"an action is an object with a 'type' (got {obj!r})")
    k = obj["type"]
    spec = KINDS.get(k)
    if spec is None:
        raise ActionFormatError(f"unknown action type {k!r}")
    k = str(spec.kind)
    _refuse_unknown_fields(k, obj)

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
        if type(v) is not int or not lo <= v <= hi:
            raise ActionFormatError(f"{k} action: {name!r} must be a whole number {lo}-{hi} (got {v!r})")
        return v

    if k == "pay":
        return _pay_from_json(c, obj, integer)
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
    out: list[Any] = [k]
    for name, ftype in spec.fields:
        if ftype in FIELD_RANGES:
            out.append(integer(name, *FIELD_RANGES[ftype]))
        else:
            out.append(lookup(_ids(c, ftype), name, _WHAT.get(ftype, ftype) or name))
    return tuple(out)


def _pay_from_json(c: Content, obj: dict, integer: Any) -> tuple:
    infl = [0] * N_PILLARS
    disc = [0] * N_PILLARS
    for name, target in (("influence", infl), ("discard_wardens", disc)):
        raw = obj.get(name, {})
        if not isinstance(raw, dict):
            raise ActionFormatError(f"pay action: {name!r} must map pillar ids to numbers")
        for pid, v in raw.items():
            if pid not in c.pillar_ids:
                raise ActionFormatError(f"pay action: unknown pillar {pid!r} in {name!r}")
            if type(v) is not int or v < 0:
                raise ActionFormatError(f"pay action: {name}.{pid} must be a whole number >= 0")
            target[c.pillar_ids.index(pid)] = v
    merc_ids = tuple(m.id for m in c.mercenaries)
    mercs = obj.get("mercenaries", [])
    if not isinstance(mercs, list) or any(m not in merc_ids for m in mercs):
        raise ActionFormatError(f"pay action: 'mercenaries' must list mercenary ids (got {mercs!r})")
    aco = integer("acolytes") if "acolytes" in obj else 0
    cb = integer("coins") if "coins" in obj else 0
    return ("pay", aco, cb, tuple(infl), tuple(sorted(merc_ids.index(m) for m in mercs)), tuple(disc))


def describe(content: Content, a: tuple) -> str:
    """A short human-readable description (for logs and the UI)."""
    if not a or a[0] not in KINDS:
        return repr(a)
    return describe_action(content, a)
