"""The content data (assets/data/*.toml) against the rulebook's counts and the design rules.

The data checks read the TOML files directly with tomllib, so they do not depend on the engine;
each check is a plain function that raises AssertionError, and the mutation tests at the end break
a copy of the data to prove the checks can fail. The last tests run the engine's loader on the same
files and on broken copies (one clear line naming the file and the entry).
"""

from __future__ import annotations

import copy
import re
import shutil
import tomllib
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).resolve().parents[1] / "assets" / "realm" / "data"

# Fixed ids (project-wide; the rulebook's order of pillars).
PILLARS = ("guidance", "radiance", "understanding", "equity", "dominion")
REGION_PILLAR = {
    "fragmented_forest": "guidance", "stone_gardens": "equity", "shattered_ward": "dominion",
    "colossals_marsh": "understanding", "weeping_cliffs": "radiance",
}
PILLAR_REGION = {p: r for r, p in REGION_PILLAR.items()}
SOUTH = {"fragmented_forest", "stone_gardens", "shattered_ward"}
FACTION_PILLAR = {"watchers": "understanding", "remnants": "dominion", "archivists": "guidance",
                  "guilded": "equity", "veil_wardens": "radiance"}
ICON_PILLAR = {"map": "guidance", "key": "guidance", "spirit": "radiance", "open_eye": "understanding",
               "closed_eye": "understanding", "purse": "equity", "stone": "dominion", "crown": "dominion",
               "sword": "dominion", "tower": "dominion", "chalice": "dominion"}
DOMINION_ICONS = ("stone", "crown", "sword", "tower", "chalice")

# Rulebook, Core Mechanics: place 3 acolytes, gather 2 coins, draw 2 mercenaries, recruit 1 warden.
ACTION_AMOUNT = {"deploy": 3, "coins": 2, "mercs": 2, "warden": 1}
ACTION_RANGE = {"deploy": (2, 3), "coins": (2, 3), "mercs": (2, 3), "warden": (1, 1)}
# Rulebook, Action Deck Setup: sub-decks per player count and the stack size per player count.
DECKS_FOR = {2: ("base",), 3: ("base",), 4: ("base", "4+"), 5: ("base", "4+", "5")}
STACK = {2: 12, 3: 13, 4: 18, 5: 23}
DECK_SIZE = {"base": 42, "4+": 15, "5": 15}

GAIN_KEYS = {"vp", "coins", "wardens", "acolytes", "mercs"}
LOSS_KEYS = {"lose_vp", "lose_coins", "lose_acolytes", "lose_mercs", "lose_wardens"}
# The design's rough worth of one item in VP, used to check that the gain rows descend.
WORTH = {"vp": 1.0, "coins": 1.0, "wardens": 3.0, "acolytes": 1.5, "mercs": 1.5}

ACTION_KEYS = {"id", "deck", "action", "amount", "pillars", "top", "bottom"}
RECKONING_KEYS = {"id", "deck", "region", "top", "bottom"}
FINAL_KEYS = {"id", "region", "top", "bottom"}
HALF_KEYS = {"influence", "icons"}
FACTION_KEYS = {"id", "name", "pillar", "score", "coins", "wardens", "influence", "acolytes", "blurb"}

Data = dict[str, dict[str, Any]]


def load(directory: Path = DATA) -> Data:
    out = {}
    for name in ("cards", "factions", "mercenaries", "rewards", "board"):
        with (directory / f"{name}.toml").open("rb") as fh:
            out[name] = tomllib.load(fh)
    return out


@pytest.fixture(scope="module")
def data() -> Data:
    return load()


# ----------------------------------------------------------------------------- checks
def _half(half: Any, where: str, pillars: tuple[str, ...], allow_wild: bool, max_influence: int = 2) -> None:
    assert isinstance(half, dict) and set(half) == HALF_KEYS, f"{where}: a half is {{influence, icons}}"
    infl, icons = half["influence"], half["icons"]
    assert isinstance(infl, int) and not isinstance(infl, bool) and 0 <= infl <= max_influence, where
    assert isinstance(icons, list) and len(icons) <= 2, where
    for ic in icons:
        if ic == "wild":
            assert allow_wild, f"{where}: wild icons are only on reckoning cards"
        else:
            assert ic in ICON_PILLAR, f"{where}: unknown icon {ic!r}"
    named = {ICON_PILLAR[ic] for ic in icons if ic != "wild"}
    assert len(named) <= 1, f"{where}: a half shows icons of one pillar"
    assert named <= set(pillars), f"{where}: icons {icons} belong to none of the card's pillars {pillars}"
    assert infl > 0 or icons, f"{where}: an empty half"


def check_actions(d: Data) -> None:
    acts = d["cards"]["actions"]
    assert len(acts) == 72
    assert [a["id"] for a in acts] == [f"A{i:02d}" for i in range(1, 73)]
    by_deck = Counter(a["deck"] for a in acts)
    assert by_deck == DECK_SIZE
    for a in acts:
        w = a["id"]
        assert set(a) == ACTION_KEYS, f"{w}: keys {sorted(a)}"
        assert a["action"] in ACTION_AMOUNT, w
        lo, hi = ACTION_RANGE[a["action"]]
        assert lo <= a["amount"] <= hi, w
        pls = a["pillars"]
        assert len(pls) == 2 and pls[0] != pls[1] and set(pls) <= set(PILLARS), w
        _half(a["top"], w + " top", tuple(pls), allow_wild=False)
        _half(a["bottom"], w + " bottom", tuple(pls), allow_wild=False)
        # the top half leans to influence, the bottom half to icons
        assert a["top"]["influence"] >= a["bottom"]["influence"], w
        assert len(a["top"]["icons"]) <= len(a["bottom"]["icons"]), w
        # where both halves show icons, they show different pillars' icons
        top = {ICON_PILLAR[ic] for ic in a["top"]["icons"]}
        bottom = {ICON_PILLAR[ic] for ic in a["bottom"]["icons"]}
        assert not (top and top == bottom), f"{w}: both halves show {top} icons"
    # the averages stay at the rulebook's values
    for kind, amount in ACTION_AMOUNT.items():
        amounts = [a["amount"] for a in acts if a["action"] == kind]
        assert sum(amounts) == amount * len(amounts), kind
    # each sub-deck holds the four actions in near-equal numbers
    for deck in DECK_SIZE:
        kinds = Counter(a["action"] for a in acts if a["deck"] == deck)
        assert set(kinds) == set(ACTION_AMOUNT), deck
        assert max(kinds.values()) - min(kinds.values()) <= 1, (deck, kinds)
    # no two cards are the same card
    def sig(a: dict[str, Any]) -> tuple:
        return (a["action"], a["amount"], frozenset(a["pillars"]), a["top"]["influence"],
                tuple(sorted(a["top"]["icons"])), a["bottom"]["influence"], tuple(sorted(a["bottom"]["icons"])))
    dup = [k for k, n in Counter(sig(a) for a in acts).items() if n > 1]
    assert not dup, dup


def check_deck_sizes(d: Data) -> None:
    """Action Deck Setup: 3 stacks per game, each plus 2 reckoning cards deals every player 5 cards."""
    acts = d["cards"]["actions"]
    for players, decks in DECKS_FOR.items():
        pool = sum(1 for a in acts if a["deck"] in decks)
        assert 3 * STACK[players] <= pool, players
        table_hand = 4 if players == 2 else 0  # 2-player variant: a 4-card table hand
        assert STACK[players] + 2 == 5 * players + table_hand, players


def check_icon_spread(d: Data) -> None:
    acts = d["cards"]["actions"]
    for decks in (("base",), ("base", "4+", "5")):
        cs = [a for a in acts if a["deck"] in decks]
        n = len(cs)
        icons = Counter(ic for a in cs for h in ("top", "bottom") for ic in a[h]["icons"])
        on_cards = Counter(ic for a in cs for ic in {*a["top"]["icons"], *a["bottom"]["icons"]})
        # maps and keys both common (the Guidance monument multiplies them), and as common as each other
        assert min(icons["map"], icons["key"]) >= n // 5, (decks, icons)
        assert abs(icons["map"] - icons["key"]) <= 2, decks
        assert abs(icons["open_eye"] - icons["closed_eye"]) <= 2, decks
        assert min(icons["open_eye"], icons["closed_eye"]) >= n // 6, decks
        for ic in DOMINION_ICONS:  # every collection icon several times
            assert icons[ic] >= 4, (decks, ic)
        assert max(icons[i] for i in DOMINION_ICONS) - min(icons[i] for i in DOMINION_ICONS) <= 2, decks
        # spirits and purses spread over many cards
        assert on_cards["spirit"] >= n // 5 and on_cards["purse"] >= n // 5, decks
        pillars = Counter(p for a in cs for p in a["pillars"])
        assert set(pillars) == set(PILLARS) and max(pillars.values()) - min(pillars.values()) <= 2, decks
        pairs = {frozenset(a["pillars"]) for a in cs}
        assert pairs == {frozenset(q) for q in combinations(PILLARS, 2)}, decks


def check_a01(d: Data) -> None:
    """Rulebook, Tucking Cards: deploy 3, tucked under Guidance or Dominion; 2 arrows and a stone."""
    a = d["cards"]["actions"][0]
    assert a["id"] == "A01" and a["action"] == "deploy" and a["amount"] == 3
    assert set(a["pillars"]) == {"guidance", "dominion"}
    assert any(a[h] == {"influence": 2, "icons": ["stone"]} for h in ("top", "bottom"))


def check_reckonings(d: Data) -> None:
    rk = d["cards"]["reckonings"]
    assert len(rk) == 15
    for r in rk:
        assert set(r) == RECKONING_KEYS, r.get("id")
        assert r["deck"] in (1, 2, 3) and r["region"] in REGION_PILLAR, r["id"]
        assert r["id"] == f"R{r['deck']}_{r['region']}"
        pillar = (REGION_PILLAR[r["region"]],)
        for h in ("top", "bottom"):
            _half(r[h], f"{r['id']} {h}", pillar, allow_wild=True)
    decks = {n: {r["region"]: (r["top"], r["bottom"]) for r in rk if r["deck"] == n} for n in (1, 2, 3)}
    for n in (1, 2, 3):
        assert set(decks[n]) == set(REGION_PILLAR) and sum(r["deck"] == n for r in rk) == 5, n
    assert decks[1] == decks[2] == decks[3], "the three reckoning decks are identical"
    fin = d["cards"]["finals"]
    assert len(fin) == 5 and sorted(f["region"] for f in fin) == sorted(REGION_PILLAR)
    for f in fin:
        assert set(f) == FINAL_KEYS and f["id"] == f"F_{f['region']}", f.get("id")
        for h in ("top", "bottom"):
            _half(f[h], f"{f['id']} {h}", (REGION_PILLAR[f["region"]],), allow_wild=True, max_influence=3)


def check_mercenaries(d: Data) -> None:
    ms = d["mercenaries"]["mercenaries"]
    assert len(ms) == 40
    assert [m["id"] for m in ms] == [f"M{i:02d}" for i in range(1, 41)]
    for m in ms:
        assert set(m) == {"id", "name", "colors"}, m["id"]
        assert isinstance(m["name"], str) and m["name"].strip(), m["id"]
        cols = m["colors"]
        assert 1 <= len(cols) <= 2 and len(set(cols)) == len(cols) and set(cols) <= set(PILLARS), m["id"]
    assert len({m["name"] for m in ms}) == 40, "mercenary names are unique"
    kinds = Counter(frozenset(m["colors"]) for m in ms)
    # "2 discarded matching cards = 3 bids" needs single and double cards: 4 singles per colour,
    # every pair twice
    assert all(kinds[frozenset([p])] == 4 for p in PILLARS), kinds
    assert all(kinds[frozenset(q)] == 2 for q in combinations(PILLARS, 2)), kinds


def _worth(row: dict[str, Any]) -> float:
    return sum(WORTH[k] * v for k, v in row.items() if k in WORTH)


def check_rewards(d: Data) -> None:
    rs = d["rewards"]["rewards"]
    assert len(rs) == 36
    assert Counter(r["players"] for r in rs) == {3: 12, 4: 12, 5: 12}
    for r in rs:
        w = r["id"]
        assert set(r) == {"id", "players", "rows"}, w
        assert re.fullmatch(rf"W{r['players']}_\d\d", w), w
        rows = r["rows"]
        assert len(rows) == r["players"], w
        assert all(isinstance(row, dict) and row for row in rows), f"{w}: an empty row"
        mon = [j for j, row in enumerate(rows) if row.get("monument")]
        assert len(mon) == 1 and mon[0] in (0, 1), f"{w}: one monument row, first or second"
        for j, row in enumerate(rows[:-1]):
            assert set(row) <= GAIN_KEYS | {"monument"}, f"{w} row {j + 1}: {sorted(row)}"
            assert all(row[k] is True for k in row if k == "monument"), w
            assert all(isinstance(row[k], int) and not isinstance(row[k], bool) and row[k] > 0
                       for k in row if k != "monument"), f"{w} row {j + 1}"
        last = rows[-1]
        assert set(last) <= LOSS_KEYS, f"{w}: the last row is the last place penalty"
        assert all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in last.values()), w
        assert 1 <= sum(last.values()) <= 3, f"{w}: the penalty is 1-3 items"
        gains = [_worth(row) for row in rows[:-1] if not row.get("monument")]
        assert gains == sorted(gains, reverse=True), f"{w}: gain rows descend ({gains})"
    assert len({r["id"] for r in rs}) == 36


def check_factions(d: Data) -> None:
    fs = d["factions"]["factions"]
    assert len(fs) == 5 and {f["id"] for f in fs} == set(FACTION_PILLAR)
    seconds = []
    for f in fs:
        w = f["id"]
        assert set(f) == FACTION_KEYS, f"{w}: keys {sorted(f)}"
        assert f["pillar"] == FACTION_PILLAR[w], w
        assert isinstance(f["name"], str) and f["name"] and isinstance(f["blurb"], str) and f["blurb"], w
        assert isinstance(f["score"], int) and 0 <= f["score"] <= 5, w
        assert isinstance(f["coins"], int) and 0 <= f["coins"] <= 5, w
        assert f["wardens"] == [f["pillar"]], w
        infl = f["influence"]
        assert set(infl) <= set(PILLARS) and sorted(infl.values()) == [1, 2] and infl[f["pillar"]] == 2, w
        second = next(p for p, v in infl.items() if v == 1)
        seconds.append(second)
        assert f["acolytes"] == {PILLAR_REGION[f["pillar"]]: 2, PILLAR_REGION[second]: 1}, w
    assert len(set(seconds)) == 5, "every faction has a different secondary pillar"
    assert len({f["score"] for f in fs}) == 5, "starting score spaces are distinct"
    g = next(f for f in fs if f["id"] == "guilded")
    assert g["name"] == "The Guilded" and g["pillar"] == "equity"
    assert g["influence"] == {"equity": 2, "dominion": 1}
    assert g["wardens"] == ["equity"] and g["coins"] == 3
    assert g["acolytes"] == {"stone_gardens": 2, "shattered_ward": 1}


def check_board_ids(d: Data) -> None:
    b = d["board"]
    assert tuple(p["id"] for p in b["pillars"]) == PILLARS
    assert {r["id"]: r["pillar"] for r in b["regions"]} == REGION_PILLAR
    assert {r["id"] for r in b["regions"] if r["zone"] == "south"} == SOUTH
    assert {i["id"]: i["pillar"] for i in b["icons"]} == ICON_PILLAR


def check_unique_ids(d: Data) -> None:
    cards = [c["id"] for key in ("actions", "reckonings", "finals") for c in d["cards"][key]]
    assert len(cards) == 92 and len(set(cards)) == 92
    assert set(d["cards"]) == {"actions", "reckonings", "finals"}


CHECKS: list[Callable[[Data], None]] = [
    check_actions, check_deck_sizes, check_icon_spread, check_a01, check_reckonings, check_mercenaries,
    check_rewards, check_factions, check_board_ids, check_unique_ids,
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
def test_content(data: Data, check: Callable[[Data], None]) -> None:
    check(data)


# ------------------------------------------------------------ the checks catch broken data
def _set(path: str, value: Any) -> Callable[[Data], None]:
    def edit(d: Data) -> None:
        *keys, last = path.split(".")
        node: Any = d
        for k in keys:
            node = node[int(k)] if k.isdigit() else node[k]
        node[int(last) if last.isdigit() else last] = value
    return edit


def _drop(path: str) -> Callable[[Data], None]:
    def edit(d: Data) -> None:
        file, key, i = path.split(".")
        del d[file][key][int(i)]
    return edit


def _retag_icons(d: Data, old: str, new: str) -> None:
    for a in d["cards"]["actions"]:
        for h in ("top", "bottom"):
            a[h]["icons"] = [new if ic == old else ic for ic in a[h]["icons"]]


def _move_pair(d: Data, pair: set[str], deck: str) -> None:
    for a in d["cards"]["actions"]:
        if a["deck"] == "base" and set(a["pillars"]) == pair:
            a["deck"] = deck


MUTATIONS = [
    ("73rd card", check_actions, lambda d: d["cards"]["actions"].append(copy.deepcopy(d["cards"]["actions"][5]))),
    ("a base card moved to 5", check_actions, _set("cards.actions.3.deck", "5")),
    ("same pillar twice", check_actions, _set("cards.actions.4.pillars", ["equity", "equity"])),
    ("deploy 4", check_actions, _set("cards.actions.6.amount", 4)),
    ("influence 3 on an action card", check_actions, _set("cards.actions.6.top.influence", 3)),
    ("foreign icon", check_actions, _set("cards.actions.1.bottom.icons", ["spirit"])),
    ("wild on an action card", check_actions, _set("cards.actions.1.bottom.icons", ["wild"])),
    ("both halves one pillar", check_actions, _set("cards.actions.0.top.icons", ["map"])),
    ("unknown icon", check_actions, _set("cards.actions.1.bottom.icons", ["skull"])),
    ("invented key", check_actions, _set("cards.actions.2.cost", 1)),
    ("keys turned to maps", check_icon_spread, lambda d: _retag_icons(d, "key", "map")),
    ("a pillar pair missing from base", check_icon_spread, lambda d: _move_pair(d, {"radiance", "equity"}, "5")),
    ("A01 without the stone", check_a01, _set("cards.actions.0.top.icons", [])),
    ("14 reckonings", check_reckonings, _drop("cards.reckonings.14")),
    ("decks differ", check_reckonings, _set("cards.reckonings.5.top.influence", 2)),
    ("final for an unknown region", check_reckonings, _set("cards.finals.0.region", "the_void")),
    ("no double mercenaries", check_mercenaries, _set("mercenaries.mercenaries.30.colors", ["dominion"])),
    ("mercenary of two equal colours", check_mercenaries, _set("mercenaries.mercenaries.20.colors", ["guidance"] * 2)),
    ("unknown colour", check_mercenaries, _set("mercenaries.mercenaries.0.colors", ["purple"])),
    ("a row too few", check_rewards, lambda d: d["rewards"]["rewards"][13]["rows"].pop(1)),
    ("two monuments", check_rewards, _set("rewards.rewards.0.rows.1", {"monument": True})),
    ("no monument", check_rewards, _set("rewards.rewards.0.rows.0", {"vp": 9})),
    ("gain in the last row", check_rewards, _set("rewards.rewards.2.rows.2", {"vp": 1})),
    ("loss in a gain row", check_rewards, _set("rewards.rewards.2.rows.1", {"lose_vp": 1})),
    ("empty row", check_rewards, _set("rewards.rewards.2.rows.1", {})),
    ("rising rows", check_rewards, _set("rewards.rewards.12.rows.2", {"vp": 20})),
    ("harsh penalty", check_rewards, _set("rewards.rewards.2.rows.2", {"lose_coins": 4})),
    ("Guilded misprinted", check_factions, _set("factions.factions.0.coins", 4)),
    ("tied start", check_factions, _set("factions.factions.1.score", 0)),
    ("off-pattern acolytes", check_factions, _set("factions.factions.2.acolytes", {"stone_gardens": 3})),
    ("duplicate card id", check_unique_ids, _set("cards.reckonings.0.id", "A01")),
]


@pytest.mark.parametrize("name,check,edit", MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_checks_catch_broken_data(data: Data, name: str, check: Callable[[Data], None],
                                  edit: Callable[[Data], None]) -> None:
    check(data)  # the real data passes ...
    broken = copy.deepcopy(data)
    edit(broken)
    with pytest.raises(AssertionError):  # ... and the broken copy does not
        check(broken)


# ------------------------------------------------------------------- the engine's loader
def test_engine_loads_the_same_content() -> None:
    from game.realm.engine.content import CARD_ACTION, CARD_FINAL, CARD_RECKONING, load_content

    c = load_content(DATA)
    kinds = Counter(card.kind for card in c.cards)
    assert kinds == {CARD_ACTION: 72, CARD_RECKONING: 15, CARD_FINAL: 5}
    assert len(c.mercenaries) == 40 and len(c.rewards) == 36 and len(c.factions) == 5


def test_board_and_monument_spaces() -> None:
    from game.realm.engine.content import load_content

    c = load_content(DATA)
    assert len(c.region_ids) == 5 and sorted(c.region_pillar) == [0, 1, 2, 3, 4]
    south = [c.region_names[r] for r in range(5) if c.region_zone[r] == "south"]
    assert sorted(south) == ["Fragmented Forest", "Shattered Ward", "Stone Gardens"]
    rules = Counter(s.rule for s in c.spaces)
    assert len(c.spaces) == 17 and rules["track"] == 5 and rules["regions"] == 2
    assert {len(s.options) for s in c.spaces if s.id in ("wardens", "icons_understanding")} == {2}


@pytest.mark.parametrize("file,old,new,words", [
    ("cards.toml", 'id = "A02"', 'id = "A01"', "cards.toml: action card A01: duplicate id"),
    ("cards.toml", 'action = "coins"', 'action = "fly"', "action must be one of"),
    ("mercenaries.toml", 'colors = ["guidance"]', 'colors = ["purple"]',
     "mercenaries.toml: mercenary M01: unknown colour"),
    ("rewards.toml", "{ monument = true", "{ monument = false", "exactly one row must carry the monument"),
    ("factions.toml", 'pillar = "equity"', 'pillar = "gold"', "factions.toml: faction guilded: unknown pillar"),
    ("cards.toml", "[[actions]]", "[[actions]\n", "cards.toml: not valid TOML"),
])
def test_malformed_data_names_file_and_entry(tmp_path: Path, file: str, old: str, new: str, words: str) -> None:
    from game.realm.engine.content import ContentError, load_content

    d = tmp_path / "data"
    shutil.copytree(DATA, d)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError, match=re.escape(words)) as info:
        load_content(d)
    assert "\n" not in str(info.value)
