"""Load the game content (cards, factions, rewards, board, monuments) from TOML.

Everything the rulebook leaves to the printed components lives in
``assets/data/*.toml``. This module turns those files into compact, immutable
tables indexed by small integers, which the engine uses on its hot paths. A
malformed file raises :class:`ContentError` naming the file and the entry.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.core.paths import resource_path

from .errors import ContentError

GAIN_KEYS = ("vp", "coins", "wardens", "acolytes", "mercs")
LOSS_KEYS = ("lose_vp", "lose_coins", "lose_acolytes", "lose_mercs", "lose_wardens")
ACTION_KINDS = ("deploy", "coins", "mercs", "warden")
DECKS = ("base", "4+", "5")

CARD_ACTION = 0
CARD_RECKONING = 1
CARD_FINAL = 2


@dataclass(frozen=True)
class Half:
    influence: int
    icons: tuple[int, ...]  # icon indices; a wild icon is WILD (resolved to the pillar when tucked)


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    kind: int  # CARD_ACTION, CARD_RECKONING or CARD_FINAL
    deck: str  # "base", "4+", "5" for action cards; "1".."3" for reckonings; "final"
    action: int  # index into ACTION_KINDS, -1 for reckoning cards
    amount: int
    pillars: tuple[int, ...]
    region: int  # -1 for action cards
    halves: tuple[Half, Half]  # top, bottom


@dataclass(frozen=True)
class Mercenary:
    index: int
    id: str
    name: str
    colors: tuple[int, ...]
    mask: int


@dataclass(frozen=True)
class RewardRow:
    monument: bool
    gains: tuple[int, int, int, int, int]  # vp, coins, wardens, acolytes, mercs
    losses: tuple[int, int, int, int, int]  # vp, coins, acolytes, mercs, wardens
    is_penalty: bool


@dataclass(frozen=True)
class RewardCard:
    index: int
    id: str
    players: int
    rows: tuple[RewardRow, ...]


@dataclass(frozen=True)
class Faction:
    index: int
    id: str
    name: str
    pillar: int
    score: int
    coins: int
    wardens: tuple[int, ...]
    influence: tuple[int, int, int, int, int]
    acolytes: tuple[int, int, int, int, int]
    blurb: str


@dataclass(frozen=True)
class Space:
    index: int
    id: str
    name: str
    rule: str
    params: dict[str, Any]
    options: tuple[dict[str, Any], ...]
    text: str


@dataclass(frozen=True)
class Content:
    pillar_ids: tuple[str, ...]
    pillar_names: tuple[str, ...]
    pillar_rgb: tuple[tuple[int, int, int], ...]
    pillar_letters: tuple[str, ...]
    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    region_pillar: tuple[int, ...]
    region_zone: tuple[str, ...]
    icon_ids: tuple[str, ...]
    icon_names: tuple[str, ...]
    icon_pillar: tuple[int, ...]
    components: dict[str, Any]
    cards: tuple[Card, ...]
    mercenaries: tuple[Mercenary, ...]
    rewards: tuple[RewardCard, ...]
    factions: tuple[Faction, ...]
    spaces: tuple[Space, ...]

    # lookups by id --------------------------------------------------------
    def card_index(self, card_id: str) -> int:
        return self._index(self.cards, card_id, "card")

    def merc_index(self, merc_id: str) -> int:
        return self._index(self.mercenaries, merc_id, "mercenary")

    def reward_index(self, reward_id: str) -> int:
        return self._index(self.rewards, reward_id, "reward card")

    def faction_index(self, faction_id: str) -> int:
        return self._index(self.factions, faction_id, "faction")

    def space_index(self, space_id: str) -> int:
        return self._index(self.spaces, space_id, "monument space")

    @staticmethod
    def _index(items: tuple[Any, ...], ident: str, what: str) -> int:
        for item in items:
            if item.id == ident:
                return item.index
        raise KeyError(f"unknown {what} {ident!r}")


WILD = -1  # marker in Half.icons for a wild reckoning icon


def default_data_dir() -> Path:
    """The bundled ``assets/realm/data`` folder (source tree or frozen build), or ``$ROR_DATA_DIR``."""
    override = os.environ.get("ROR_DATA_DIR")
    if override:
        return Path(override)
    return resource_path("assets", "realm", "data")


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{path.name}: missing content file ({path})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{path.name}: not valid TOML: {exc}") from None


class _Ctx:
    """Helpers that raise ContentError naming the file and entry."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fail(self, where: str, msg: str) -> ContentError:
        return ContentError(f"{self.file}: {where}: {msg}")

    def get(self, entry: dict[str, Any], key: str, typ: type | tuple[type, ...], where: str) -> Any:
        if key not in entry:
            raise self.fail(where, f"missing key {key!r}")
        val = entry[key]
        if not isinstance(val, typ) or (typ is int and isinstance(val, bool)):
            raise self.fail(where, f"{key!r} has the wrong type ({type(val).__name__})")
        return val

    def lookup(self, ids: tuple[str, ...], value: Any, where: str, what: str) -> int:
        if value not in ids:
            raise self.fail(where, f"unknown {what} {value!r}")
        return ids.index(value)


def _half(ctx: _Ctx, raw: Any, where: str, icon_ids: tuple[str, ...]) -> Half:
    if not isinstance(raw, dict):
        raise ctx.fail(where, "a card half must be a table {influence, icons}")
    infl = ctx.get(raw, "influence", int, where)
    if not 0 <= infl <= 3:
        raise ctx.fail(where, f"influence {infl} out of range 0-3")
    icons_raw = ctx.get(raw, "icons", list, where)
    icons: list[int] = []
    for ic in icons_raw:
        if ic == "wild":
            icons.append(WILD)
        else:
            icons.append(ctx.lookup(icon_ids, ic, where, "icon"))
    return Half(infl, tuple(icons))


def load_content(data_dir: Path | None = None) -> Content:
    """Read and validate every content file; raise ContentError on bad data."""
    d = Path(data_dir) if data_dir else default_data_dir()
    board = _read(d / "board.toml")
    ctx = _Ctx("board.toml")
    pillars = board.get("pillars", [])
    regions = board.get("regions", [])
    icons = board.get("icons", [])
    if len(pillars) != 5 or len(regions) != 5:
        raise ctx.fail("pillars/regions", "there must be exactly 5 pillars and 5 regions")
    pillar_ids = tuple(ctx.get(p, "id", str, f"pillar {i}") for i, p in enumerate(pillars))
    region_ids = tuple(ctx.get(r, "id", str, f"region {i}") for i, r in enumerate(regions))
    icon_ids = tuple(ctx.get(c, "id", str, f"icon {i}") for i, c in enumerate(icons))
    region_pillar = tuple(ctx.lookup(pillar_ids, r.get("pillar"), f"region {r['id']}", "pillar") for r in regions)
    if sorted(region_pillar) != list(range(5)):
        raise ctx.fail("regions", "each pillar colour must belong to exactly one region")
    icon_pillar = tuple(ctx.lookup(pillar_ids, c.get("pillar"), f"icon {c['id']}", "pillar") for c in icons)
    components = ctx.get(board, "components", dict, "components")

    # cards ----------------------------------------------------------------
    raw = _read(d / "cards.toml")
    ctx = _Ctx("cards.toml")
    cards: list[Card] = []
    seen: set[str] = set()

    def _uid(cid: str, where: str) -> None:
        if cid in seen:
            raise ctx.fail(where, f"duplicate id {cid!r}")
        seen.add(cid)

    for i, e in enumerate(raw.get("actions", [])):
        where = f"actions[{i}]"
        cid = ctx.get(e, "id", str, where)
        where = f"action card {cid}"
        _uid(cid, where)
        deck = ctx.get(e, "deck", str, where)
        if deck not in DECKS:
            raise ctx.fail(where, f"deck must be one of {DECKS} (got {deck!r})")
        kind = ctx.get(e, "action", str, where)
        if kind not in ACTION_KINDS:
            raise ctx.fail(where, f"action must be one of {ACTION_KINDS} (got {kind!r})")
        amount = ctx.get(e, "amount", int, where)
        if not 1 <= amount <= 5:
            raise ctx.fail(where, f"amount {amount} out of range 1-5")
        pl = ctx.get(e, "pillars", list, where)
        pls = tuple(ctx.lookup(pillar_ids, p, where, "pillar") for p in pl)
        if len(pls) != 2 or pls[0] == pls[1]:
            raise ctx.fail(where, "an action card has exactly two different pillars")
        halves = (_half(ctx, e.get("top"), where + " top", icon_ids),
                  _half(ctx, e.get("bottom"), where + " bottom", icon_ids))
        if any(WILD in h.icons for h in halves):
            raise ctx.fail(where, "wild icons are only on reckoning cards")
        cards.append(Card(len(cards), cid, CARD_ACTION, deck, ACTION_KINDS.index(kind), amount, pls, -1, halves))
    for key, kind in (("reckonings", CARD_RECKONING), ("finals", CARD_FINAL)):
        for i, e in enumerate(raw.get(key, [])):
            where = f"{key}[{i}]"
            cid = ctx.get(e, "id", str, where)
            where = f"{key[:-1]} card {cid}"
            _uid(cid, where)
            region = ctx.lookup(region_ids, e.get("region"), where, "region")
            if kind == CARD_RECKONING:
                deck_no = ctx.get(e, "deck", int, where)
                if deck_no not in (1, 2, 3):
                    raise ctx.fail(where, f"deck must be 1, 2 or 3 (got {deck_no})")
                deck = str(deck_no)
            else:
                deck = "final"
            halves = (_half(ctx, e.get("top"), where + " top", icon_ids),
                      _half(ctx, e.get("bottom"), where + " bottom", icon_ids))
            cards.append(Card(len(cards), cid, kind, deck, -1, 0, (region_pillar[region],), region, halves))

    # mercenaries ------------------------------------------------------------
    raw = _read(d / "mercenaries.toml")
    ctx = _Ctx("mercenaries.toml")
    mercs: list[Mercenary] = []
    for i, e in enumerate(raw.get("mercenaries", [])):
        mid = ctx.get(e, "id", str, f"mercenaries[{i}]")
        where = f"mercenary {mid}"
        cols = tuple(ctx.lookup(pillar_ids, c, where, "colour") for c in ctx.get(e, "colors", list, where))
        if not 1 <= len(cols) <= 2 or len(set(cols)) != len(cols):
            raise ctx.fail(where, "a mercenary has one or two different colours")
        mask = 0
        for c in cols:
            mask |= 1 << c
        mercs.append(Mercenary(len(mercs), mid, str(e.get("name", mid)), cols, mask))

    # rewards ------------------------------------------------------------------
    raw = _read(d / "rewards.toml")
    ctx = _Ctx("rewards.toml")
    rewards: list[RewardCard] = []
    for i, e in enumerate(raw.get("rewards", [])):
        rid = ctx.get(e, "id", str, f"rewards[{i}]")
        where = f"reward card {rid}"
        players = ctx.get(e, "players", int, where)
        rows_raw = ctx.get(e, "rows", list, where)
        if len(rows_raw) != players or players not in (3, 4, 5):
            raise ctx.fail(where, f"a {players}-player card must have {players} rows (has {len(rows_raw)})")
        rows: list[RewardRow] = []
        for j, r in enumerate(rows_raw):
            rw = f"{where} row {j + 1}"
            if not isinstance(r, dict) or not r:
                raise ctx.fail(rw, "a row is a non-empty table")
            last = j == len(rows_raw) - 1
            allowed = set(LOSS_KEYS) if last else set(GAIN_KEYS) | {"monument"}
            for k, v in r.items():
                if k not in allowed:
                    raise ctx.fail(rw, f"key {k!r} not allowed here (allowed: {sorted(allowed)})")
                if k == "monument":
                    if not isinstance(v, bool):
                        raise ctx.fail(rw, "monument must be true or false")
                elif not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 12:
                    raise ctx.fail(rw, f"{k} must be an integer 0-12")
            gains = tuple(int(r.get(k, 0)) for k in GAIN_KEYS)
            losses = tuple(int(r.get(k, 0)) for k in LOSS_KEYS)
            rows.append(RewardRow(bool(r.get("monument", False)), gains, losses, last))  # type: ignore[arg-type]
        if sum(1 for r in rows if r.monument) != 1:
            raise ctx.fail(where, "exactly one row must carry the monument")
        rewards.append(RewardCard(len(rewards), rid, players, tuple(rows)))

    # factions -----------------------------------------------------------------
    raw = _read(d / "factions.toml")
    ctx = _Ctx("factions.toml")
    factions: list[Faction] = []
    for i, e in enumerate(raw.get("factions", [])):
        fid = ctx.get(e, "id", str, f"factions[{i}]")
        where = f"faction {fid}"
        infl = [0] * 5
        for k, v in ctx.get(e, "influence", dict, where).items():
            infl[ctx.lookup(pillar_ids, k, where, "pillar")] = int(v)
        aco = [0] * 5
        for k, v in ctx.get(e, "acolytes", dict, where).items():
            aco[ctx.lookup(region_ids, k, where, "region")] = int(v)
        wardens = tuple(ctx.lookup(pillar_ids, w, where, "warden colour") for w in ctx.get(e, "wardens", list, where))
        factions.append(Faction(
            len(factions), fid, ctx.get(e, "name", str, where),
            ctx.lookup(pillar_ids, e.get("pillar"), where, "pillar"),
            ctx.get(e, "score", int, where), ctx.get(e, "coins", int, where), wardens,
            tuple(infl), tuple(aco), str(e.get("blurb", "")),  # type: ignore[arg-type]
        ))
    if len(factions) != 5:
        raise ctx.fail("factions", f"there must be 5 factions (found {len(factions)})")

    # monument spaces ------------------------------------------------------------
    raw = _read(d / "monuments.toml")
    ctx = _Ctx("monuments.toml")
    spaces: list[Space] = []
    rules = {"ashes", "track", "regions", "most_coins", "mercenaries", "balanced", "warden_sets",
             "product", "neighbours", "per_icon", "collection", "most_least"}
    for i, e in enumerate(raw.get("spaces", [])):
        sid = ctx.get(e, "id", str, f"spaces[{i}]")
        where = f"space {sid}"
        rule = ctx.get(e, "rule", str, where)
        if rule not in rules:
            raise ctx.fail(where, f"unknown scoring rule {rule!r}")
        params = {k: v for k, v in e.items() if k not in ("id", "name", "rule", "options", "text")}
        spaces.append(Space(len(spaces), sid, ctx.get(e, "name", str, where), rule, params,
                            tuple(e.get("options", ())), str(e.get("text", ""))))

    return Content(
        pillar_ids=pillar_ids,
        pillar_names=tuple(str(p.get("name")) for p in pillars),
        pillar_rgb=tuple(tuple(p.get("rgb", (200, 200, 200))) for p in pillars),  # type: ignore[misc]
        pillar_letters=tuple(str(p.get("letter", p["id"][0].upper())) for p in pillars),
        region_ids=region_ids,
        region_names=tuple(str(r.get("name")) for r in regions),
        region_pillar=region_pillar,
        region_zone=tuple(str(r.get("zone")) for r in regions),
        icon_ids=icon_ids,
        icon_names=tuple(str(c.get("name")) for c in icons),
        icon_pillar=icon_pillar,
        components=components,
        cards=tuple(cards),
        mercenaries=tuple(mercs),
        rewards=tuple(rewards),
        factions=tuple(factions),
        spaces=tuple(spaces),
    )


@lru_cache(maxsize=4)
def default_content() -> Content:
    """The bundled content, loaded once per process."""
    return load_content()
