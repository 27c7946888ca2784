"""Load and validate Res Arcana's content files (``assets/arcana/*.toml``).

Everything is compiled into small flat objects the engine reads quickly: essence
vectors are 5-tuples in the order Elan, Life, Calm, Death, Gold; each card has one
global index (artifacts first, then mages, magic items, monuments, places of power).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core.paths import resource_path

from .errors import ContentError

ESSENCES = ("elan", "life", "calm", "death", "gold")
ELAN, LIFE, CALM, DEATH, GOLD = range(5)
ESS_INDEX = {e: i for i, e in enumerate(ESSENCES)}
ALL_MASK = 0b11111
NON_GOLD = 0b01111

KINDS = ("artifact", "mage", "magic_item", "monument", "place_of_power")
FILES = {"artifact": "artifacts.toml", "mage": "mages.toml", "magic_item": "magic_items.toml",
         "monument": "monuments.toml", "place_of_power": "places.toml"}
EXPECTED = {"artifact": 40, "mage": 10, "magic_item": 8, "monument": 10, "place_of_power": 10}

EFFECT_OPS = frozenset({
    "gain", "rivals_gain", "life_loss", "ignore_life_loss", "straighten", "draw_cards", "look_top_reorder",
    "draw_then_discard", "place_artifact", "gain_cost_of_destroyed", "gain_cost_of_discarded",
    "gain_equal_to_rival_pool", "convert_paid_identical", "put_paid_essence_on", "check_victory_now", "temp_vp"})
COST_KEYS = frozenset({"turn_self", "pay", "pay_identical", "remove_from_self", "turn_other", "destroy_self",
                       "destroy", "discard_from_hand"})
ABILITY_KINDS = frozenset({"collect", "collect_conditional", "collect_cost", "placement_discount", "on_claim"})
TRIGGERS = frozenset({"life_loss", "dragon_power", "victory_check"})
# Cards whose behaviour needs code of its own beyond the op vocabulary (see docs/arcana-rules-decisions.md).
NAMED_HANDLERS = {"vault": "collect_vault", "windup_man": "collect_windup", "cursed_forge": "collect_forge"}


@dataclass(frozen=True)
class Gain:
    """Essences gained: a fixed vector, ``any`` essences from ``mask`` and/or one essence of ``one_of``."""

    fixed: tuple[int, ...]
    any: int = 0
    mask: int = NON_GOLD
    one_of: tuple[int, ...] = ()


@dataclass
class Power:
    card: int
    index: int
    id: str
    reaction: bool
    trigger: str | None
    turn: bool
    when_turned: bool
    pay: tuple[int, ...]
    pay_any: int
    pay_one_of: tuple[int, ...]
    identical: bool
    remove_self: tuple[int, ...]
    turn_other: str | None
    destroy_self: bool
    destroy: tuple[bool, tuple[str, ...]] | None  # (may be self, subtypes any of; () = any artifact)
    discard: int
    effects: list[dict[str, Any]]
    simple: bool = False  # only a fixed/any essence payment beyond turning: legality is a pool check
    pay_total: int = 0
    # which cost stages this power has, in the engine's order (turn, turn other, remove from self, pay,
    # pay X identical, destroy self, destroy, discard): the engine skips the others without a step
    parts: tuple[bool, ...] = ()


@dataclass
class Card:
    idx: int
    id: str
    name: str
    kind: str
    text: str
    cost: tuple[int, ...] = (0, 0, 0, 0, 0)
    cost_any: int = 0
    vp: int = 0
    dragon: bool = False
    creature: bool = False
    collect: list[Gain] = field(default_factory=list)
    conditional: str | None = None
    forge: bool = False
    discount: tuple[int, bool, bool] | None = None  # (amount, excludes gold, dragons only)
    on_claim: Gain | None = None
    powers: list[Power] = field(default_factory=list)
    actions: list[Power] = field(default_factory=list)  # the powers that are actions (not reactions)
    vp_formula: list[tuple[str, str, int]] = field(default_factory=list)  # (essence|subtype, key, pts)
    tile: int = 0
    side: str = ""
    other_side: str = ""
    first_game_side: bool = False
    preset: int = 0
    cost_total: int = 0  # sum(cost), kept for the engine's quick affordability checks

    @property
    def printed_cost(self) -> int:
        return sum(self.cost) + self.cost_any


@dataclass
class Content:
    cards: list[Card]
    by_id: dict[str, int]
    artifacts: list[int]
    mages: list[int]
    items: list[int]
    monuments: list[int]
    places: list[int]
    presets: dict[int, tuple[int, tuple[int, ...]]]  # player number -> (mage, hand)
    essence_names: tuple[str, ...]
    artifact_set: frozenset[int] = frozenset()  # the same indices as sets (determinize asks "is it one?")
    mage_set: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        self.artifact_set = frozenset(self.artifacts)
        self.mage_set = frozenset(self.mages)

    def card(self, cid: str) -> Card:
        return self.cards[self.by_id[cid]]


def _err(fname: str, entry: str, msg: str) -> ContentError:
    return ContentError(f"{fname}: {entry}: {msg}")


def _int(v: Any, fname: str, entry: str, what: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        raise _err(fname, entry, f"{what} must be a whole number >= 0 (got {v!r})")
    return v


def _vec(spec: Any, fname: str, entry: str, what: str, extra: tuple[str, ...] = ()) -> tuple[int, ...]:
    if not isinstance(spec, dict):
        raise _err(fname, entry, f"{what} must be a table (got {spec!r})")
    out = [0] * 5
    for k, v in spec.items():
        if k in extra:
            continue
        if k not in ESS_INDEX:
            raise _err(fname, entry, f"{what} has unknown essence {k!r}")
        out[ESS_INDEX[k]] = _int(v, fname, entry, f"{what}.{k}")
    return tuple(out)


def _mask(types: Any, fname: str, entry: str) -> int:
    if not isinstance(types, list):
        raise _err(fname, entry, f"essence list expected (got {types!r})")
    m = ALL_MASK
    for t in types:
        if t not in ESS_INDEX:
            raise _err(fname, entry, f"unknown essence {t!r}")
        m &= ~(1 << ESS_INDEX[t])
    return m


def _gain(spec: Any, fname: str, entry: str) -> Gain:
    fixed = _vec(spec, fname, entry, "gain", ("any", "any_excludes", "one_of"))
    one_of = tuple(ESS_INDEX[t] for t in spec.get("one_of", []) if t in ESS_INDEX)
    if len(one_of) != len(spec.get("one_of", [])):
        raise _err(fname, entry, "one_of names an unknown essence")
    return Gain(fixed, _int(spec.get("any", 0), fname, entry, "any"),
                _mask(spec.get("any_excludes", []), fname, entry), one_of)


def _power(raw: Any, card: int, i: int, cid: str, fname: str) -> Power:
    entry = f"{cid} power {i + 1}"
    if not isinstance(raw, dict):
        raise _err(fname, entry, "a power must be a table")
    kind = raw.get("kind")
    if kind not in ("action", "reaction"):
        raise _err(fname, entry, f"kind must be 'action' or 'reaction' (got {kind!r})")
    trig = raw.get("trigger")
    if kind == "reaction" and trig not in TRIGGERS:
        raise _err(fname, entry, f"a reaction needs a trigger in {sorted(TRIGGERS)} (got {trig!r})")
    cost = raw.get("cost", {})
    if not isinstance(cost, dict) or set(cost) - COST_KEYS:
        bad = sorted(set(cost) - COST_KEYS) if isinstance(cost, dict) else cost
        raise _err(fname, entry, f"unknown cost keys {bad}")
    pay = cost.get("pay", {})
    pay_vec = _vec(pay, fname, entry, "pay", ("any", "one_of"))
    one_of = tuple(ESS_INDEX[t] for t in pay.get("one_of", []))
    dest = cost.get("destroy")
    destroy = None
    if dest is not None:
        destroy = (bool(dest.get("may_be_self", False)), tuple(dest.get("subtypes_any", [])))
    effects = raw.get("effects", [])
    if not isinstance(effects, list) or not effects:
        raise _err(fname, entry, "effects must be a non-empty list")
    for e in effects:
        if not isinstance(e, dict) or e.get("op") not in EFFECT_OPS:
            raise _err(fname, entry, f"unknown effect op {e.get('op') if isinstance(e, dict) else e!r}")
        if e["op"] in ("gain", "rivals_gain"):
            e["_gain"] = _gain(e.get("essences", {}), fname, entry)
        if e["op"] in ("gain_cost_of_destroyed", "gain_cost_of_discarded"):
            e["_gold"] = bool(e.get("as", {}).get("gold"))
    return Power(card, i, f"{cid}.{i + 1}", kind == "reaction", trig, bool(cost.get("turn_self", False)),
                 bool(raw.get("usable_when_turned", False)), pay_vec, _int(pay.get("any", 0), fname, entry, "pay.any"),
                 one_of, "pay_identical" in cost,
                 _vec(cost.get("remove_from_self", {}), fname, entry, "remove_from_self"),
                 (cost.get("turn_other") or {}).get("subtype"), bool(cost.get("destroy_self", False)), destroy,
                 _int(cost.get("discard_from_hand", 0), fname, entry, "discard_from_hand"), effects)


def _abilities(c: Card, abilities: Any, fname: str) -> None:
    """A card's abilities: collect income, a conditional collect, Cursed Forge's cost, a placement
    discount, a monument's gain when claimed."""
    cid = c.id
    for a in abilities:
        k = a.get("kind") if isinstance(a, dict) else None
        if k not in ABILITY_KINDS:
            raise _err(fname, cid, f"unknown ability kind {k!r}")
        if k == "collect":
            c.collect.append(_gain(a.get("gain", {}), fname, cid))
        elif k == "collect_conditional":
            if a.get("rule") not in ("vault", "windup_man"):
                raise _err(fname, cid, f"unknown conditional collect rule {a.get('rule')!r}")
            c.conditional = a["rule"]
        elif k == "collect_cost":
            c.forge = True
        elif k == "placement_discount":
            c.discount = (_int(a.get("amount"), fname, cid, "amount"), "gold" in a.get("excludes", []),
                          (a.get("applies_to") or {}).get("subtype") == "dragon")
        elif k == "on_claim":
            effs = a.get("effects", [])
            if len(effs) != 1 or effs[0].get("op") != "gain":
                raise _err(fname, cid, "on_claim supports one gain effect")
            c.on_claim = _gain(effs[0].get("essences", {}), fname, cid)


def _vp_formula(c: Card, formulas: Any, fname: str) -> None:
    """Points per essence on the card, or per own dragon / creature in play."""
    cid = c.id
    for f in formulas:
        if "per_essence_on_this" in f and f["per_essence_on_this"] in ESS_INDEX:
            c.vp_formula.append(("essence", f["per_essence_on_this"], _int(f.get("points"), fname, cid, "points")))
        elif f.get("per_own_subtype_in_play") in ("dragon", "creature"):
            c.vp_formula.append(("subtype", f["per_own_subtype_in_play"], _int(f.get("points"), fname, cid, "points")))
        else:
            raise _err(fname, cid, f"unknown vp_formula {f!r}")


def _card(raw: Any, idx: int, kind: str, fname: str) -> Card:
    if not isinstance(raw, dict) or not isinstance(raw.get("id"), str) or not raw["id"]:
        raise _err(fname, f"entry {idx}", "every card needs a string id")
    cid = raw["id"]
    for key in ("name", "text"):
        if not isinstance(raw.get(key), str) or not raw[key]:
            raise _err(fname, cid, f"missing {key!r}")
    cost = raw.get("cost", {})
    if kind in ("mage", "magic_item"):
        cost = {}
    c = Card(idx, cid, raw["name"], kind, raw["text"], _vec(cost, fname, cid, "cost", ("any",)),
             _int(cost.get("any", 0), fname, cid, "cost.any"), _int(raw.get("vp", 0), fname, cid, "vp"))
    subs = raw.get("subtypes", [])
    if not isinstance(subs, list) or set(subs) - {"dragon", "creature"}:
        raise _err(fname, cid, f"subtypes must be a list of 'dragon'/'creature' (got {subs!r})")
    c.dragon, c.creature = "dragon" in subs, "creature" in subs
    _abilities(c, raw.get("abilities", []), fname)
    c.cost_total = sum(c.cost)
    powers = raw.get("powers", [])
    if not isinstance(powers, list):
        raise _err(fname, cid, "powers must be a list")
    c.powers = [_power(p, idx, i, cid, fname) for i, p in enumerate(powers)]
    c.actions = [p for p in c.powers if not p.reaction]
    for p in c.powers:
        p.pay_total = sum(p.pay)
        p.simple = not (any(p.remove_self) or p.pay_one_of or p.turn_other or p.destroy or p.discard)
        p.parts = (p.turn, bool(p.turn_other), any(p.remove_self), bool(p.pay_one_of or p.pay_any or any(p.pay)),
                   p.identical, p.destroy_self, p.destroy is not None, bool(p.discard))
    _vp_formula(c, raw.get("vp_formula", []), fname)
    if kind == "place_of_power":
        c.tile = _int(raw.get("tile"), fname, cid, "tile")
        c.side = str(raw.get("side", ""))
        c.other_side = str(raw.get("other_side", ""))
        c.first_game_side = bool(raw.get("first_game_side", False))
    c.preset = _int(raw.get("first_game_preset", 0), fname, cid, "first_game_preset")
    return c


def _read(base: Path, fname: str) -> dict[str, Any]:
    path = base / fname
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{fname}: file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{fname}: not valid TOML ({exc})") from None


def load_content(base: Path | None = None) -> Content:
    """Read and validate every content file; ``ContentError`` names the file and entry at fault."""
    base = base if base is not None else resource_path("assets", "arcana")
    cards: list[Card] = []
    groups: dict[str, list[int]] = {}
    for kind in KINDS:
        fname = FILES[kind]
        raw = _read(base, fname).get("card")
        if not isinstance(raw, list):
            raise ContentError(f"{fname}: no [[card]] entries")
        if len(raw) != EXPECTED[kind]:
            raise ContentError(f"{fname}: expected {EXPECTED[kind]} cards, found {len(raw)}")
        groups[kind] = []
        for r in raw:
            c = _card(r, len(cards), kind, fname)
            cards.append(c)
            groups[kind].append(c.idx)
    by_id: dict[str, int] = {}
    for c in cards:
        if c.id in by_id:
            raise ContentError(f"{FILES[c.kind]}: {c.id}: duplicate id")
        by_id[c.id] = c.idx
    for i in groups["place_of_power"]:
        c = cards[i]
        o = by_id.get(c.other_side)
        if o is None or cards[o].other_side != c.id or cards[o].tile != c.tile:
            raise ContentError(f"places.toml: {c.id}: other_side {c.other_side!r} is not its tile's other side")
    ess = _read(base, "essences.toml").get("essence", [])
    names = tuple(e.get("id") for e in ess)
    if names != ESSENCES:
        raise ContentError(f"essences.toml: expected the essences {ESSENCES} in that order (got {names})")
    presets: dict[int, tuple[int, tuple[int, ...]]] = {}
    for k, v in _read(base, "presets.toml").get("first_game", {}).items():
        try:
            mage = by_id[v["mage"]]
            hand = tuple(by_id[h] for h in v["hand"])
        except (KeyError, TypeError):
            raise ContentError(f"presets.toml: first_game.{k}: unknown mage or hand card") from None
        if cards[mage].kind != "mage" or len(hand) != 3 or any(cards[h].kind != "artifact" for h in hand):
            raise ContentError(f"presets.toml: first_game.{k}: needs a mage and 3 artifacts")
        presets[int(k)] = (mage, hand)
    if sorted(presets) != [1, 2, 3, 4]:
        raise ContentError("presets.toml: first_game needs presets 1-4")
    return Content(cards, by_id, groups["artifact"], groups["mage"], groups["magic_item"], groups["monument"],
                   groups["place_of_power"], presets, tuple(e.get("name", "") for e in ess))


@lru_cache(maxsize=1)
def default_content() -> Content:
    """The bundled content, loaded once."""
    return load_content()
