"""The Realm table at a glance: tucked cards as stacks, icons as drawings (headless)."""

from __future__ import annotations

import itertools

import pygame

from game.realm.engine import new_game
from game.realm.ui import look as L
from game.realm.ui.icons import ICON_NAMES, draw_icon
from game.realm.ui.table import TableRenderer, UIHints
from game.realm.ui.words import card_name
from game.shell import testing
from game.shell.text import registry as text_registry

from .engine_helpers import play_until

testing.use_dummy_drivers()


def _tucked_state():
    """A 3-player game in which some seat has two or more cards tucked at the same side of a pillar."""
    def pred(s) -> bool:
        return any(len([1 for c, pl2, sd2 in s.tucked[p] if (pl2, sd2) == (pl, sd)]) >= 2
                   for p in range(s.n) for _c, pl, sd in s.tucked[p])
    return play_until(3, 11, pred)


def _draw(view) -> tuple[TableRenderer, list, list[str]]:
    pygame.font.init()
    r = TableRenderer(new_game(3, seed=1).c)
    surf = pygame.Surface((1600, 900))
    start = len(text_registry.items)
    hs = r.draw(surf, view, UIHints())
    return r, hs, [t.text for t in text_registry.items[start:]]


def test_every_tucked_card_shows_its_visible_half_on_its_pillars_stack_in_order() -> None:
    s = _tucked_state()
    view = s.view(0)
    r, hs, _texts = _draw(view)
    strips = {h.value: h for h in hs if h.kind == "tucked"}
    bands = {h.value: h.rect for h in hs if h.kind == "pillar"}
    for p in range(s.n):
        for pl in range(5):
            for side in (0, 1):
                stack = s.pillar_stack(p, pl)
                mine = [card for card, sd in stack if sd == side]
                got = [strips[(p, pl, side, k)] for k in range(len(mine))]
                assert (p, pl, side, len(mine)) not in strips
                band = bands[(p, pl)]
                for k, (h, card) in enumerate(zip(got, mine)):
                    if side == 0:  # above the pillar's band, each newer one further out
                        assert h.rect.bottom <= band.top
                        if k:
                            assert h.rect.y < got[k - 1].rect.y
                    else:
                        assert h.rect.top >= band.bottom
                        if k:
                            assert h.rect.y > got[k - 1].rect.y
                    assert ("top", "bottom")[side] in h.tip and card_name(s.c, card) in h.tip
                # the tuck animation lands where the next card of this stack goes
                ax, ay = r.anchors[("stack", p, pl, side)]
                assert band.x <= ax <= band.right
                assert (ay < band.top) if side == 0 else (ay > band.bottom)


def test_the_icons_are_drawn_shapes_each_its_own_silhouette() -> None:
    masks = {}
    for name in ICON_NAMES:
        surf = pygame.Surface((24, 24), pygame.SRCALPHA)
        draw_icon(surf, name, (12, 12), 20, (255, 255, 255))
        m = pygame.mask.from_surface(surf)
        assert m.count() > 40, name
        masks[name] = m
    for a, b in itertools.combinations(ICON_NAMES, 2):
        overlap = masks[a].overlap_area(masks[b], (0, 0))
        union = masks[a].count() + masks[b].count() - overlap
        assert overlap / union < 0.8, (a, b)  # no two read alike, colour aside


def test_no_icon_or_influence_arrow_is_drawn_as_a_glyph() -> None:
    s = _tucked_state()
    _r, _hs, texts = _draw(s.view(0))
    glyphs = set(L.ICON_GLYPH.values()) | {L.ARROW}
    assert not [t for t in texts if glyphs & set(t)]


def _chips_say(words: list[str], pts: list[int], view: dict) -> bool:
    """Whether a built space's words are its points chips ("Ar 15", each seat that scores by its mark, most
    points first), then the rest in words ("2 more score", "2 others \u22122", "all \u22122"), or "\u2013" for
    nobody."""
    from game.realm.ui.look import FACTION_LETTER

    scoring = [p for p in sorted(range(len(pts)), key=lambda p: (-pts[p], p)) if pts[p]]
    if not scoring:
        return words == ["\u2013"]
    if len(set(pts)) == 1 and len(pts) > 1:
        return words == [f"all {pts[0]}".replace("-", "\u2212")]
    chips = [f"{FACTION_LETTER[view['factions'][p]]} {pts[p]}".replace("-", "\u2212") for p in scoring]

    def says_rest(rest: str, left: int) -> bool:  # the rest said as seats that score, with what where alike (t1)
        them = chips[len(chips) - left:]
        alike = {pts[p] for p in scoring[len(scoring) - left:]}
        v = f"{next(iter(alike))}".replace("-", "\u2212") if len(alike) == 1 else None
        return rest in (", ".join(them), f"{left} more score", f"{left} more scores", f"{left} others score",
                        f"{left} other scores", f"{left} others", f"{left} other", f"{left} more") or (
            v is not None and rest in (f"{left} others {v} each", f"{left} others {v}",
                                       *([f"rest {v}"] if all(pts) else [])))

    if len(words) == 1 and ", " in words[0] or len(words) == 1 and "; " in words[0]:  # plain words (s8, t1)
        head, _sep, rest = words[0].partition("; ")
        named = head.split(", ")
        left = len(scoring) - len(named)
        return named == chips[:len(named)] and (says_rest(rest, left) if left else not rest)
    shown = [w for w in words if w in chips]
    rest = words[len(shown):]
    left = len(scoring) - len(shown)
    return shown == chips[:len(shown)] and bool(shown) and (
        rest == [] if not left else len(rest) == 1 and says_rest(rest[0], left))


def test_each_monument_space_shows_its_rule_and_once_built_what_each_player_scores_now() -> None:
    """A free space's tile says its rule, a built one its builder's name for it and each seat's points
    now (a chip of the seat's colour with its mark and the number, play-test s5 item 11); a track's space
    ends its track, under the zones' scores (issue 22: all of it at 13 px or more), and once built shows each
    seat's points too (play-test: only the icon monuments did), its tip naming the builder."""
    from game.realm.engine.scoring import space_points
    from game.realm.ui.table import SPACES_RECT, TRACKS_RECT
    from game.realm.ui.table_scene import monument_points
    from game.realm.ui.words import built_rule, built_title, space_rule

    s = play_until(3, 5, lambda st: sum(b is not None for b in st.built if b) >= 2
                   and any(st.built[sp.index] is not None for sp in st.c.spaces if not sp.id.startswith("track_"))
                   and any(st.built[sp.index] is not None for sp in st.c.spaces if sp.id.startswith("track_")))
    view = s.view(0)
    pygame.font.init()
    r = TableRenderer(s.c)
    hints = UIHints(monument_points=monument_points(s, view["monuments"]))
    start = len(text_registry.items)
    hs = r.draw(pygame.Surface((1600, 900)), view, hints)
    drawn = text_registry.items[start:]
    assert min(t.rect.h for t in drawn if t.text.strip()) >= 16  # 13 px type: 16 px lines
    checked_built = checked_tracks = 0
    for i, sp in enumerate(s.c.spaces):
        spot = next(h for h in hs if (h.kind, h.value) == ("space", i))
        on_tile = [t.text for t in drawn if spot.rect.contains(t.rect)]
        built = view["monuments"][i]
        if sp.id.startswith("track_"):
            assert TRACKS_RECT.contains(spot.rect)
            if built is None:
                assert on_tile == ["free"]
                continue
            pts = space_points(s, i, built["option"], s.age)
            owner_mark = r.faction_letter(view, built["owner"])
            assert on_tile[0] == owner_mark and _chips_say(on_tile[1:], pts, view), (on_tile, pts)
            assert f"Built by {r.seat_name(view, hints, built['owner'])} in age {built['age']}" in spot.tip
            checked_tracks += 1
            continue
        assert SPACES_RECT.contains(spot.rect)
        if built is None:
            assert space_rule(sp) in " ".join(on_tile) and "would score" not in spot.tip, sp.id
            continue
        pts = space_points(s, i, built["option"], s.age)
        assert "Now it would score: " + ", ".join(
            f"{r.seat_name(view, hints, p)} {pts[p]}" for p in range(s.n)) in spot.tip
        # play-test s6 item 9: the name, the rule still there, who built it, then apart from it who scores
        by = f"by {r.faction_letter(view, built['owner'])}"
        assert on_tile[:3] == [built_title(sp, built["option"]), built_rule(sp, built["option"]), by], on_tile
        assert _chips_say(on_tile[3:], pts, view), (on_tile, pts)
        checked_built += 1
    assert checked_built and checked_tracks  # the control: a built tile and a built track space were read
    track_spaces = [h.rect for h in hs if h.kind == "space" and TRACKS_RECT.contains(h.rect)]
    in_tracks = [t.text for t in drawn if TRACKS_RECT.contains(t.rect)
                 and not any(sp.contains(t.rect) for sp in track_spaces)]
    assert [t for t in in_tracks if t in ("\u22122", "+3", "+8")] == ["\u22122", "+3", "+8"]


def test_the_table_has_a_legend_naming_every_icon_beside_its_drawing() -> None:
    from game.realm.ui.table import LEGEND_RECT

    s = _tucked_state()
    _r, hs, _texts = _draw(s.view(0))
    start = len(text_registry.items)
    _draw(s.view(0))
    legend = [t.text for t in text_registry.items[start:] if LEGEND_RECT.contains(t.rect)]
    for name in s.c.icon_names:
        assert name in legend
    assert "Influence" in legend and any(t.startswith("Wild") for t in legend)
    assert any(h.kind == "legend" and "pillar" in h.tip for h in hs)


def test_each_board_shows_its_icon_totals_and_a_tight_stack_its_icons_in_all() -> None:
    """Beside each board a row of the icons the monuments count, with how many; at 5 players a
    stack too tight for each card's icons shows what its cards show in all (issue 22)."""
    def tight(s) -> bool:
        return s.age == 3 and any(len([1 for _c, pl2, sd2 in s.tucked[p] if (pl2, sd2) == (pl, sd)]) >= 3
                                  for p in range(s.n) for _c, pl, sd in s.tucked[p])
    s = play_until(5, 21, tight)
    view = s.view(0)
    pygame.font.init()
    r = TableRenderer(s.c)
    surf = pygame.Surface((1600, 900))
    start = len(text_registry.items)
    hs = r.draw(surf, view, UIHints())
    totals = {h.value: h for h in hs if h.kind == "icons"}
    for p in range(s.n):
        icons = view["icons"][p]
        if any(icons):
            held = [i for i in range(11) if icons[i]]
            assert all(f"{s.c.icon_names[i]} {icons[i]}" in totals[p].tip for i in held)
        else:
            assert p not in totals  # the control: nothing held, no row
    # a stack of three or more at one side: the count of one of its icon kinds is drawn on its label, beside it
    p, pl, side = next((p, pl, sd) for p in range(s.n) for _c, pl, sd in s.tucked[p]
                       if len([1 for _c2, pl2, sd2 in s.tucked[p] if (pl2, sd2) == (pl, sd)]) >= 3)
    names = [nm for c, pl2, sd in s.tucked[p] if (pl2, sd) == (pl, side)
             for nm in r.half_icons(s.c.cards[c].halves[sd])]
    strips = [h.rect for h in hs if h.kind == "tucked" and h.value[:3] == (p, pl, side)]
    stack = strips[0].unionall(strips[1:])
    label = next(h.rect for h in hs if (h.kind, h.value) == ("stack_icons", (p, pl, side)))
    on_label = [t.text for t in text_registry.items[start:] if label.collidepoint(t.rect.center)]
    assert on_label, "a tight stack shows its totals"
    assert set(on_label) <= {str(names.count(nm)) for nm in names}, (on_label, names)
    assert not label.colliderect(stack)  # beside the stack, not over its cards' edges (play-test)


def test_every_monument_tile_free_or_built_with_any_option_fits_at_13_px() -> None:
    """Each of the twelve tiles, free and built with each of its options (five seats' points shown), keeps
    every word whole, at 13 px or more and inside the tile (the seeded games build only some of them)."""
    from game.realm.ui.table import SPACES_RECT

    s = new_game(5, seed=2)
    pygame.font.init()
    r = TableRenderer(s.c)
    surf = pygame.Surface((1600, 900))
    tile = pygame.Rect(SPACES_RECT.x, SPACES_RECT.y, (SPACES_RECT.w - 20) // 6, (SPACES_RECT.h - 4) // 2)
    view = s.view(0)
    checked = 0
    for sp in s.c.spaces:
        if sp.id.startswith("track_"):
            continue
        for option in [None, *range(max(1, len(sp.options)))]:
            monuments = [None] * len(s.c.spaces)
            if option is not None:
                monuments[sp.index] = {"owner": 4, "option": option, "age": 2}
            hints = UIHints(monument_points={sp.index: [-6, 16, 10, 0, -2]} if option is not None else {})
            start = len(text_registry.items)
            with L.box(tile):
                r._space_tile(surf, tile, sp, dict(view, monuments=monuments), hints)
            drawn = text_registry.items[start:]
            assert drawn and all(t.rect.h >= 16 and not t.overflows(pygame.Rect(0, 0, 1600, 900))
                                 and not t.text.endswith("\u2026") for t in drawn), (sp.id, option, drawn)
            checked += 1
    assert checked >= 24
