"""Play-test s6 (p2) items 9, 10, 7, 13 and 18: Realm's table says built monuments, reckonings and small items
in words that read apart and whole."""

from __future__ import annotations

import pygame

from game.shell import testing

testing.use_dummy_drivers()


def _built_tile_words(space_id: str, option: int, points: list[int]) -> tuple[list, pygame.Rect]:
    """The words drawn on one built monument tile (its builder seat 1), and the tile."""
    from game.realm.engine import new_game
    from game.realm.ui.table import SPACES_RECT, TableRenderer, UIHints
    from game.shell.text import registry

    pygame.font.init()
    st = new_game(len(points), seed=2)
    view = st.view(0)
    sp = next(sp for sp in st.c.spaces if sp.id == space_id)
    view["monuments"][sp.index] = {"owner": 1, "option": option, "age": 1}
    registry.begin_frame()
    spots = TableRenderer(st.c).draw(pygame.Surface((1600, 900)), view,
                                     UIHints(monument_points={sp.index: points}))
    tile = next(h.rect for h in spots if (h.kind, h.value) == ("space", sp.index))
    assert SPACES_RECT.contains(tile)
    return [d for d in registry.items if tile.contains(d.rect)], tile


def test_a_built_warden_hall_keeps_its_name_and_rule_and_says_who_built_it_apart_from_who_scores() -> None:
    """Item 9: the built tile read "Wardens R+G" (the summaries "Warden Hall (Radiance + Guidance)"), its rule
    gone, and "Re | Gu 8" as if the Remnants got Gu's 8."""
    from game.realm.ui.look import FACTION_LETTER

    drawn, tile = _built_tile_words("wardens", 0, [8, 0, 5])
    words = [d.text for d in drawn]
    assert words[:2] == ["Warden Hall", "R+G pairs: 5 each"]
    assert not any("Wardens" in w for w in words)
    from game.realm.engine import new_game

    factions = new_game(3, seed=2).view(0)["factions"]
    assert words[2] == f"by {FACTION_LETTER[factions[1]]}"
    assert words[3] == f"{FACTION_LETTER[factions[0]]} 8"  # the first seat's chip, after the builder's words
    for k, d in enumerate(drawn):  # whole, 13 px, inside the tile and over no other
        assert d.rect.h >= 16 and "\u2026" not in d.text and tile.contains(d.rect), d
        assert not any(d.rect.colliderect(e.rect) for e in drawn[k + 1:]), d.text


def test_the_age_table_and_the_tip_name_a_built_warden_hall_as_the_tile_does() -> None:
    from game.realm.engine import new_game
    from game.realm.ui.words import built_rule, built_title

    sp = next(sp for sp in new_game(3, seed=2).c.spaces if sp.id == "wardens")
    assert built_title(sp, 0) == built_title(sp, 1) == "Warden Hall" == sp.name
    assert built_rule(sp, 1) == "U+E+D sets: 8 each"


def _free_tile_words(space_id: str) -> tuple[list, pygame.Rect]:
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints
    from game.shell.text import registry

    pygame.font.init()
    st = new_game(3, seed=2)
    sp = next(sp for sp in st.c.spaces if sp.id == space_id)
    registry.begin_frame()
    spots = TableRenderer(st.c).draw(pygame.Surface((1600, 900)), st.view(0), UIHints())
    tile = next(h.rect for h in spots if (h.kind, h.value) == ("space", sp.index))
    return [d for d in registry.items if tile.contains(d.rect)], tile


def test_the_coin_purses_tile_says_it_counts_purse_icons_not_coins() -> None:
    """Item 10: "most +10, fewest -5" under "Coin Purses" read as coins ("Wa 10" while the Watchers had 2)."""
    drawn, tile = _free_tile_words("icons_equity")
    words = " ".join(d.text for d in drawn)
    assert words.startswith("Coin Purses ") and "purse icons" in words and "+10" in words and "\u22125" in words
    for k, d in enumerate(drawn):
        assert d.rect.h >= 16 and "\u2026" not in d.text and tile.contains(d.rect), d
        assert not any(d.rect.colliderect(e.rect) for e in drawn[k + 1:]), d.text
    built, _tile = _built_tile_words("icons_equity", 0, [10, -5, 0])
    assert "purse icons" in built[1].text  # built: the rule in its one line still names the icons
    control, _tile = _free_tile_words("coins")  # the control: a rule that fits keeps one line under its name
    assert [d.text for d in control] == ["Coin Hoard", "most coins: 12"]


def _reckoning_of(events: list[dict]) -> object:
    from game.realm.engine import new_game
    from game.realm.ui.overlays import ReckoningCollector

    collector = ReckoningCollector(new_game(3, seed=2).c)
    report = None
    for event in events:
        report = collector.feed(event) or report
    return report


def test_a_reckoning_summary_names_the_artifact_behind_extra_coins_mercenaries_and_acolytes() -> None:
    """Item 7: "+2 coins" became "+4 coins" (the Equity artifact never named), "+3 acolytes" "+7"."""
    from game.realm.engine.constants import EQUITY, RADIANCE, UNDERSTANDING

    held = [{"type": "artifact", "pillar": pl, "seat": 1, "previous": -1} for pl in (EQUITY, RADIANCE, UNDERSTANDING)]
    gains = [{"type": "reckoning", "region": 0, "final": False, "seat": 0},
             {"type": "coins", "seat": 1, "amount": 4}, {"type": "mercs", "seat": 1, "amount": 3},
             {"type": "coins", "seat": 2, "amount": 2}]
    places = [{"type": "place", "seat": 1, "region": 0}] * 3 + [{"type": "place", "seat": 2, "region": 0}]
    report = _reckoning_of(held + gains + places + [{"type": "reckoning_end"}])
    assert report.effects[1][:2] == ["+4 coins (2 + 2 from the Equity artifact)",
                                     "+3 mercenaries (1 + 2 from the Understanding artifact)"]
    assert report.radiance == {1: 2}
    assert report.effects[2] == ["+2 coins", "+1 acolyte in Fragmented Forest"]  # the control: no artifact, no note
    control = _reckoning_of(gains + [{"type": "reckoning_end"}])  # the control: nobody holds them
    assert control.effects[1] == ["+4 coins", "+3 mercenaries"]


def test_the_summary_row_and_the_boards_artifact_tip_say_what_the_artifact_did() -> None:
    from game.realm.engine import new_game
    from game.realm.engine.constants import EQUITY, RADIANCE
    from game.realm.ui.overlays import ReckoningReport, ReckoningScene
    from game.realm.ui.table import TableRenderer, UIHints
    from game.realm.ui.words import artifacts_tip

    st = new_game(3, seed=2)
    report = ReckoningReport(0, False, 0, effects={1: ["+3 acolytes in Stone Gardens"]}, radiance={1: 2})
    scene = ReckoningScene(TableRenderer(st.c), st.view(0), UIHints(), report)
    assert scene.detail(1).endswith("2 of these acolytes from the Radiance artifact")
    assert artifacts_tip(st.c, [EQUITY]).startswith("Its holder gains 2 more coins from every single source")
    assert "deploys 2 more acolytes" in artifacts_tip(st.c, [RADIANCE])
