"""Play-test s6 (p2) items 9, 10, 7, 13 and 18: Realm's table says built monuments, reckonings and small items
in words that read apart and whole."""

from __future__ import annotations

import pygame

from game.shell import testing

from .engine_helpers import play_until
from .test_realm_ui_tracks_monuments import letters_meet

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
        assert not any(letters_meet(d.rect, e.rect) for e in drawn[k + 1:]), d.text


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
        assert not any(letters_meet(d.rect, e.rect) for e in drawn[k + 1:]), d.text
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


def test_while_the_bids_are_made_the_reward_panel_says_who_chose_the_card_and_moved_which_claim() -> None:
    """Item 13: the bot reckoner's reward-card choice and its claim move had no visible message (the bid panel
    hides the feed). The reward panel's title line now says them as they happen."""
    from game.realm.ui.look import FACTION_LETTER
    from game.realm.ui.table import REWARDS_RECT, TableRenderer, UIHints
    from game.shell.text import registry

    def bidding(st) -> bool:
        rk = st.view(0)["reckoning"]
        return bool(rk and rk["reward"] and rk["player"] >= 0 and any(b is None for b in rk["bids"]))

    pygame.font.init()
    st = play_until(3, 1, bidding)
    view = st.view(0)
    reckoner = FACTION_LETTER[view["factions"][view["reckoning"]["player"]]]
    frm = next(r for r in range(5) if r != view["reckoning"]["region"])
    region = st.c.region_names[frm]
    for claims, expected in (([], [f"chosen by {reckoner}"]),  # the control: no claim moved, none told
                             ([(view["reckoning"]["player"], frm, 4)],
                              [f"chosen by {reckoner}; {reckoner} moved the Dominion claim from {region}",
                               f"chosen by {reckoner}; D claim from {region}"])):  # the shorter, where room is short
        registry.begin_frame()
        TableRenderer(st.c).draw(pygame.Surface((1600, 900)), view, UIHints(reckoning_claims=claims))
        in_panel = [d for d in registry.items if REWARDS_RECT.contains(d.rect)]
        assert any(d.text in expected for d in in_panel), [d.text for d in in_panel]
        for k, d in enumerate(in_panel):  # whole and over no other words
            assert not any(d.rect.colliderect(e.rect) for e in in_panel[k + 1:]), d.text


def test_a_random_faction_says_what_it_means_instead_of_a_question_mark_that_does_nothing(cfg) -> None:
    """Item 18: the "?" beside "Random faction" looked like help and did nothing."""
    from game.realm.ui.main import SetupScene
    from game.realm.ui.setup import RANDOM_FACTION_WORDS

    app = testing.make_app()
    scene = SetupScene(cfg)
    app.push(scene)
    for seat, faction in ((0, "random"), (1, "watchers")):  # the control: a chosen faction says what it starts with
        choice = scene.seat_choices[seat][1]
        choice.select(choice.options.index(faction))
    testing.step(app, 3)
    texts = [d.text for d in app.last_frame_texts]
    assert all(line in texts for line in RANDOM_FACTION_WORDS) and "?" not in texts
    assert any(t.startswith("influence ") for t in texts)


def test_last_rounds_card_chip_is_grey_for_a_reckoning_card_too(cfg) -> None:
    """Item 18: "last round: Fragmented Forest" stayed red after the round; a last round's chip is grey."""
    from game.realm.ui.table import LAST_ROUND_CHIP, TableRenderer, UIHints

    pygame.font.init()
    st = play_until(3, 2, lambda s: s.decision_name() == "select" and s.round > 1)
    view = st.view(0)
    reckoning_card = next(cd.id for cd in st.c.cards if cd.kind != 0)
    action_card = next(cd.id for cd in st.c.cards if cd.kind == 0)
    surface = pygame.Surface((1600, 900))
    renderer = TableRenderer(st.c)
    renderer.draw(surface, view, UIHints(last_revealed=[reckoning_card, action_card, None]))
    spot = next(h for h in renderer.draw(surface, view, UIHints(last_revealed=[reckoning_card, action_card, None]))
                if (h.kind, h.value) == ("revealed", 0))
    assert "last round" in spot.tip
    assert tuple(surface.get_at((spot.rect.x + 3, spot.rect.centery)))[:3] == LAST_ROUND_CHIP
    assert max(LAST_ROUND_CHIP) - min(LAST_ROUND_CHIP) < 12  # grey, not the old dimmed red (61, 26, 24)


def test_the_age_table_heads_its_names_column_in_words(cfg) -> None:
    """Item 18: "monument (option)" was unclear."""
    from game.realm.ui.overlays import AgeScoringScene

    from .test_realm_ui_readable import _overlay_frame

    def scene(r, s, view, hints):
        return AgeScoringScene(r, view, hints, 1, [[0, 2, 0, 0, 0]], [7, 3, 1, 8])

    texts = [d.text for d in _overlay_frame(cfg, (1280, 720), scene)]
    assert "monument (and the option built)" in texts and "monument (option)" not in texts


def test_age_2s_header_says_hands_pass_over_counter_clockwise_clear_of_the_preview_box(cfg) -> None:
    """Item 18: age 2 showed "counter-clockwise" alone, without "hands pass" (071)."""
    from game.realm.ui.table_scene import PREVIEW_RECT

    from .realm_ui_helpers import realm_table_at

    # (t1: with the neighbour named on the second line, age 2's first says "hands \u21ba counter-clockwise")
    for age, expected in ((2, ["hands \u21ba counter-clockwise"]), (1, ["hands pass \u21bb clockwise"])):
        st = play_until(3, 4, lambda s, age=age: s.age == age and s.decision_name() == "place")
        app, scene = realm_table_at(cfg, st)
        scene.choose(st.legal_actions()[0])  # a move in preview: its box stands in the header
        scene.rebuild()
        testing.step(app, 2)
        header = [d for d in app.last_frame_texts if d.rect.bottom <= 44 and ("hands pass" in d.text
                                                                              or "clockwise" in d.text)]
        assert [d.text for d in header] == expected  # age 1, the control: one line where it fits
        assert all(d.rect.h >= 16 and not d.rect.colliderect(PREVIEW_RECT) for d in header)


def test_the_hints_message_stands_at_the_foot_of_the_boards_not_over_the_supply_row(cfg) -> None:
    """Item 18: "Hints mark this game as assisted" covered the Supply row (025)."""
    from game.realm.ui.table import BOARDS_RECT, SUPPLY_RECT
    from game.shell.table import HINTS_MARK_ASSISTED

    from .realm_ui_helpers import realm_table_at

    st = play_until(3, 4, lambda s: s.decision_name() == "place")
    app, _scene = realm_table_at(cfg, st)
    app.toast(HINTS_MARK_ASSISTED, 5.0)
    testing.step(app, 2)
    message = next(d for d in app.last_frame_texts if d.text == HINTS_MARK_ASSISTED)
    assert not message.rect.colliderect(SUPPLY_RECT.inflate(0, 20))
    assert BOARDS_RECT.left <= message.rect.left and message.rect.right <= BOARDS_RECT.right
    assert message.rect.bottom <= 900
    app.stack.top.toast_midbottom = None  # the control: the shell's place, the middle of the foot, is the supply's
    testing.step(app, 2)
    message = next(d for d in app.last_frame_texts if d.text == HINTS_MARK_ASSISTED)
    assert message.rect.colliderect(SUPPLY_RECT.inflate(0, 20))
