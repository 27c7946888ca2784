"""The content data against the rulebook's counts and shapes, and clear errors for bad data."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.engine.content import CARD_ACTION, CARD_FINAL, CARD_RECKONING, ContentError, default_data_dir, load_content

C = load_content()


def test_action_deck_counts() -> None:
    actions = [c for c in C.cards if c.kind == CARD_ACTION]
    assert len(actions) == 72
    by_deck = Counter(c.deck for c in actions)
    assert by_deck == {"base": 42, "4+": 15, "5": 15}
    # the stacks each player count needs (3 x 12/13/18/23) fit its sub-decks
    for players, stack, decks in ((2, 12, {"base"}), (3, 13, {"base"}), (4, 18, {"base", "4+"}),
                                  (5, 23, {"base", "4+", "5"})):
        assert sum(by_deck[d] for d in decks) >= 3 * stack, players
    for deck in ("base", "4+", "5"):
        kinds = Counter(c.action for c in actions if c.deck == deck)
        assert len(kinds) == 4 and max(kinds.values()) - min(kinds.values()) <= 1, deck


def test_action_cards_shapes() -> None:
    icons = Counter()
    pillars = Counter()
    for c in C.cards:
        if c.kind != CARD_ACTION:
            continue
        assert len(c.pillars) == 2 and c.pillars[0] != c.pillars[1]
        assert {"deploy": 3, "coins": 2, "mercs": 2, "warden": 1}[("deploy", "coins", "mercs", "warden")[c.action]] \
            == c.amount
        for h in c.halves:
            assert 0 <= h.influence <= 2 and len(h.icons) <= 2 and -1 not in h.icons
            icons.update(h.icons)
        pillars.update(c.pillars)
    # every icon kind is there to collect, every pillar roughly equally often
    assert all(icons[i] >= 5 for i in range(11))
    assert max(pillars.values()) - min(pillars.values()) <= 3
    opens, closeds = icons[C.icon_ids.index("open_eye")], icons[C.icon_ids.index("closed_eye")]
    assert abs(opens - closeds) <= 2


def test_rulebook_tuck_example_card() -> None:
    a01 = C.cards[C.card_index("A01")]
    assert a01.action == 0 and a01.amount == 3
    assert {C.pillar_ids[p] for p in a01.pillars} == {"guidance", "dominion"}
    assert any(h.influence == 2 and [C.icon_ids[i] for i in h.icons] == ["stone"] for h in a01.halves)


def test_reckoning_and_final_cards() -> None:
    reck = [c for c in C.cards if c.kind == CARD_RECKONING]
    assert len(reck) == 15
    decks = {d: sorted(c.region for c in reck if c.deck == d) for d in ("1", "2", "3")}
    assert all(v == list(range(5)) for v in decks.values())
    halves = {d: sorted((c.region, c.halves) for c in reck if c.deck == d) for d in decks}
    assert halves["1"] == halves["2"] == halves["3"]  # three identical decks
    finals = [c for c in C.cards if c.kind == CARD_FINAL]
    assert sorted(c.region for c in finals) == list(range(5))
    for c in reck + finals:
        assert c.pillars == (C.region_pillar[c.region],)


def test_mercenaries() -> None:
    assert len(C.mercenaries) == 40
    sizes = Counter(len(m.colors) for m in C.mercenaries)
    assert sizes[1] >= 1 and sizes[2] >= 1 and set(sizes) <= {1, 2}
    per_colour = Counter(col for m in C.mercenaries for col in m.colors)
    assert max(per_colour.values()) - min(per_colour.values()) <= 2


def test_reward_cards() -> None:
    assert len(C.rewards) == 36
    assert Counter(r.players for r in C.rewards) == {3: 12, 4: 12, 5: 12}
    for r in C.rewards:
        assert len(r.rows) == r.players
        assert sum(row.monument for row in r.rows) == 1 and not r.rows[-1].monument
        assert r.rows[-1].is_penalty and sum(r.rows[-1].losses) >= 1 and not any(r.rows[-1].gains)
        for row in r.rows[:-1]:
            assert not any(row.losses) and (row.monument or any(row.gains))


def test_factions_and_the_printed_guilded_board() -> None:
    assert [f.id for f in C.factions] and len(C.factions) == 5
    assert {f.id for f in C.factions} == {"watchers", "remnants", "archivists", "guilded", "veil_wardens"}
    assert len({f.score for f in C.factions}) == 5
    g = C.factions[C.faction_index("guilded")]
    assert g.influence == (0, 0, 0, 2, 1) and g.coins == 3 and g.wardens == (C.pillar_ids.index("equity"),)
    assert g.acolytes[C.region_ids.index("stone_gardens")] == 2
    assert g.acolytes[C.region_ids.index("shattered_ward")] == 1 and sum(g.acolytes) == 3
    assert len({f.pillar for f in C.factions}) == 5


def test_board_and_monument_spaces() -> None:
    assert len(C.region_ids) == 5 and sorted(C.region_pillar) == [0, 1, 2, 3, 4]
    south = [C.region_names[r] for r in range(5) if C.region_zone[r] == "south"]
    assert sorted(south) == ["Fragmented Forest", "Shattered Ward", "Stone Gardens"]
    rules = Counter(s.rule for s in C.spaces)
    assert len(C.spaces) == 17 and rules["track"] == 5 and rules["regions"] == 2
    assert {len(s.options) for s in C.spaces if s.id in ("wardens", "icons_understanding")} == {2}


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
    d = tmp_path / "data"
    shutil.copytree(default_data_dir(), d)
    text = (d / file).read_text()
    assert old in text
    (d / file).write_text(text.replace(old, new, 1))
    with pytest.raises(ContentError, match=words.replace("[", r"\[").replace("(", r"\(")):
        load_content(d)
