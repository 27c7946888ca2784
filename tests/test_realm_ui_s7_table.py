"""Play-test s7 (six things a play-tester tripped on at Realm's table): the prompt for too many mercenaries
says the limit, a tooltip states the rule for this game's player count only, a built monument tile never
says "N more" with nothing shown and its title has its margin, a click on a region places an acolyte every
time, and the mercenaries in hand are named."""

from __future__ import annotations

import random
import re

import pygame

from game.realm.bots import fast_policy
from game.realm.engine import new_game
from game.realm.engine.constants import HAND_LIMIT
from game.realm.engine.kinds import prompt
from tests.realm_ui_helpers import realm_table_at

from .test_realm_ui_tracks_monuments import letters_meet


def _state_at(players: int, seed: int, stop) -> object | None:
    """A seeded game played by the fast policy until ``stop(state)`` holds (None: it never did)."""
    st = new_game(players, seed=seed)
    rng = random.Random(seed)
    while not st.is_terminal():
        if stop(st):
            return st
        st.apply(fast_policy(st, rng))
    return None


# ------------------------------------------------------------ item 6: the mercenary limit in the prompt
def test_too_many_mercenaries_says_how_many_you_may_keep(cfg) -> None:
    assert f"you may keep {HAND_LIMIT}" in prompt("merc_discard")
    st = next(s for seed in range(1, 40)
              if (s := _state_at(5, seed, lambda x: x.decision_name() == "merc_discard")) is not None)
    app, scene = realm_table_at(cfg, st)
    assert f"you may keep {HAND_LIMIT}" in scene._hints().prompt


# ------------------------------------------------------------ item 5: tips for this game's player count
def _count_words(tip: str) -> set[int]:
    """The player counts a tip names ("2 players", "3-player")."""
    return {int(k) for k in re.findall(r"\b(\d)(?: players?\b|-player\b)", tip)}


def test_no_tooltip_names_another_player_count(cfg) -> None:
    for players in (2, 3, 4, 5):
        app, scene = realm_table_at(cfg, new_game(players, seed=players))
        tips = [h.tip for h in scene.hotspots if h.tip]
        spirits = next(t for t in tips if t.startswith("Spirits"))
        assert ("both neighbours" in spirits) == (players == 2), spirits  # the 2-player note, at 2 only
        wrong = [t for t in tips if _count_words(t) - {players}]
        assert not wrong, (players, wrong)


def test_control_the_count_check_sees_a_count_in_a_tip() -> None:
    assert _count_words("more (2 players: the opponent is both neighbours).") == {2}
    assert _count_words("2-player game: the table hand") == {2}
    assert _count_words("Spirits: +6 per neighbour") == set()




# ------------------------------------------------------------ items 1 and 2: a built monument tile
_POINTS = re.compile(r"^(Wa|Re|Ar|Gu|Ve) \u2212?\d+")  # a seat's mark and its points, as a chip or in words


def _built_states() -> list:
    """Seeded five-player games late in the third age, each with many monuments built (not the tracks')."""
    def many(st) -> bool:
        built = [sp for sp in st.c.spaces if not sp.id.startswith("track_") and st.built[sp.index] is not None]
        return st.age == 3 and len(built) >= 7

    return [s for seed in (3, 4, 5) if (s := _state_at(5, seed, many)) is not None]


def _tile_faults(words: list[str], pts: list[int]) -> list[str]:
    """What is wrong with a built tile's words after its rule ("by Wa", then who scores): "N more" with no
    seat's points shown, or a seat that scores left unsaid with nothing saying so."""
    scores = [w for w in words[1:] if _POINTS.match(w)]
    faults = []
    if any(re.fullmatch(r"\d+ more", w) for w in words) and not scores:
        faults.append(f"'more' with no points shown: {words}")
    if any(pts) and len(set(pts)) > 1 and not scores:
        faults.append(f"nobody's points shown: {words}")
    return faults


def test_a_built_tile_always_shows_points_even_on_a_narrow_tile(cfg) -> None:
    """Item 1: "by Wa | 2 more" and no chip. Over seeded states with many builders, on the table's tiles and on
    narrower ones, every built tile shows at least the top scorer's points (chips, or plain words where no chip
    fits beside the rest), every word of that line whole, inside the tile, over no other."""
    from game.realm.ui import look as L
    from game.realm.ui.table import SPACES_RECT, TableRenderer, UIHints
    from game.realm.ui.table_scene import monument_points
    from game.shell.text import registry

    pygame.font.init()
    states = _built_states()
    assert len(states) >= 2
    checked = 0
    for st in states:
        view = st.view(0)
        points = monument_points(st, view["monuments"])
        r = TableRenderer(st.c)
        for sp in st.c.spaces:
            if sp.id.startswith("track_") or sp.index not in points:
                continue
            for width in (160, 140, 120):  # the table's tile, then narrower ones
                tile = pygame.Rect(SPACES_RECT.x, SPACES_RECT.y, width, 51)
                registry.begin_frame()
                with L.box(tile):
                    r._space_tile(pygame.Surface((1600, 900)), tile, sp, view, UIHints(monument_points=points))
                drawn = list(registry.items)
                words = [d.text for d in drawn][2:]  # after the name and the rule
                assert not _tile_faults(words, points[sp.index]), (sp.id, width, points[sp.index], words)
                for k, d in enumerate(drawn[2:], start=2):  # the line of who built it and who scores
                    assert tile.contains(d.rect) and "\u2026" not in d.text, (d.text, width)
                    assert not any(letters_meet(d.rect, e.rect) for e in drawn[k + 1:]), (d.text, width)
                checked += 1
    assert checked >= 20


def test_control_the_tile_check_sees_more_with_nothing_shown() -> None:
    assert _tile_faults(["by Wa", "2 more"], [3, -2, 0])  # what the old plan drew
    assert _tile_faults(["by Wa"], [3, -2, 0])
    assert not _tile_faults(["by Wa", "Gu 16, 4 more"], [16, 3, 2, -2, 1])
    assert not _tile_faults(["by Wa", "Gu 16", "4 more"], [16, 3, 2, -2, 1])


def test_a_monument_tiles_first_line_keeps_a_margin_from_its_top_edge(cfg) -> None:
    """Item 2: a built tile's name sat on the tile's top edge. Every tile's words (built or free) start at least
    3 px below it and end inside it."""
    from game.realm.ui.table import SPACES_RECT, TableRenderer, UIHints
    from game.realm.ui.table_scene import monument_points
    from game.shell.text import registry

    pygame.font.init()
    st = _built_states()[0]
    view = st.view(0)
    registry.begin_frame()
    hs = TableRenderer(st.c).draw(pygame.Surface((1600, 900)), view,
                                  UIHints(monument_points=monument_points(st, view["monuments"])))
    tiles = [h.rect for h in hs if h.kind == "space" and SPACES_RECT.contains(h.rect)]
    built = 0
    for tile in tiles:
        drawn = [d for d in registry.items if tile.contains(d.rect)]
        assert drawn and min(d.rect.top for d in drawn) >= tile.top + 3, [(d.text, d.rect, tile) for d in drawn]
        built += len(drawn) > 2 and drawn[2].text.startswith("by ")
    assert built >= 5


# ------------------------------------------------------------ item 4: the mercenaries in hand, named
def _hand_mercs_drawn(st, mercs: list[int]) -> tuple[list, list, object]:
    """The table drawn for the seat to move holding ``mercs``: (its merc hotspots, every drawn text, renderer)."""
    from game.realm.ui.table import TableRenderer, UIHints
    from game.shell.text import registry

    pygame.font.init()
    st.mercs[st.to_move()] = list(mercs)
    r = TableRenderer(st.c)
    registry.begin_frame()
    hs = r.draw(pygame.Surface((1600, 900)), st.view(st.to_move()), UIHints())
    return [h for h in hs if h.kind == "merc"], list(registry.items), r


def test_each_mercenary_in_hand_shows_its_name_and_colours_whole() -> None:
    """Item 4: the mercenaries in hand showed their colours' badges only. Each now shows its name beside them,
    whole, inside its card, over no other words, clear of the supply, the icon legend and the move feed's
    corner; from one card to a hand over the limit (HAND_LIMIT + 3) of the longest names. (A hand further over
    it names the first and shows the last by their colours, their tips naming them.)"""
    from game.realm.ui.table import HAND_RECT, LEGEND_RECT, SUPPLY_RECT
    from game.realm.ui.table_scene import TableScene

    st = new_game(4, seed=5)
    by_length = sorted(range(len(st.c.mercenaries)), key=lambda m: -len(st.c.mercenaries[m].name))
    for count in (1, 4, HAND_LIMIT, HAND_LIMIT + 3):
        spots, drawn, r = _hand_mercs_drawn(st, by_length[:count])
        assert len(spots) == count
        for h in spots:
            m = r.merc_by_id[h.value]
            name = next((d for d in drawn if d.text == m.name and h.rect.contains(d.rect)), None)
            assert name is not None, (count, m.name)
            assert name.rect.h >= 16 and HAND_RECT.contains(h.rect)
            for other in (SUPPLY_RECT, LEGEND_RECT, TableScene.feed_rect):
                assert not h.rect.colliderect(other), (m.name, h.rect, other)
            assert not [s.value for s in spots if s is not h and s.rect.colliderect(h.rect)], m.name
        in_hand = [d for d in drawn if d.rect.y >= 800 and HAND_RECT.contains(d.rect)]
        for k, d in enumerate(in_hand):
            assert not [e.text for e in in_hand[k + 1:] if d.rect.clip(e.rect).w > 0 and d.rect.clip(e.rect).h > 0], d
