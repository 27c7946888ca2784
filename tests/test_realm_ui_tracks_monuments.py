"""The influence tracks' markers, the warden badges and the monuments' points chips, as a player reads them
(play-test s5 items 11 and 13): each seat's marker whole where several share a space, letters readable on
their chips, each seat's points chip saying whose it is."""

from __future__ import annotations

import math

import pygame

from game.realm.engine import load_content, new_game
from game.realm.ui import look as L
from game.realm.ui.table import (
    TRACK_CELL,
    TRACKS_RECT,
    TableRenderer,
    UIHints,
    track_marker_spots,
    unheld_badge_colours,
)
from game.shell import testing
from game.shell.theme import contrast

testing.use_dummy_drivers()
pygame.font.init()

# seat -> its place on each of the five tracks: all five on 0 of the first, three and two sharing on the
# second, pairs on the third, the fourth spread, the fifth with one alone at the end
CROWDED = [[0, 2, 0, 1, 8], [0, 2, 0, 3, 0], [0, 2, 4, 5, 0], [0, 5, 4, 7, 0], [0, 5, 6, 8, 0]]


def _drawn(view: dict, hints: UIHints | None = None) -> tuple[TableRenderer, pygame.Surface, list]:
    renderer = TableRenderer(load_content())
    surf = pygame.Surface((1600, 900))
    spots = renderer.draw(surf, view, hints or UIHints())
    return renderer, surf, spots


def test_markers_sharing_a_track_space_each_show_whole_inside_it_and_apart() -> None:
    st = new_game(5, seed=4)
    view = st.view(0)
    view["tracks"] = CROWDED
    renderer, surf, _ = _drawn(view)
    first_x = TRACKS_RECT.x + 134  # the tracks' space 0
    for pl in range(5):
        for p in range(5):
            (x, y), r = renderer.track_marks[(p, pl)]
            space_x = first_x + CROWDED[p][pl] * TRACK_CELL
            # its centre on its space (a group may reach into an empty neighbour's nearer half: play-test gB)
            assert r >= 4 and space_x <= x < space_x + TRACK_CELL - 2, (p, pl, x, r)
            # its own colour at its centre: no later marker drawn over it
            assert tuple(surf.get_at((x, y)))[:3] == L.FACTION_RGB[view["factions"][p]], (p, pl)
            for q in range(p + 1, 5):
                (qx, qy), qr = renderer.track_marks[(q, pl)]
                assert math.dist((x, y), (qx, qy)) >= r + qr, (p, q, pl)  # discs touch at most (rings 2 px)


def test_control_the_old_offsets_of_five_pixels_put_markers_over_each_other() -> None:
    """The measure above can fail: the old layout (6 px discs 5 px apart) overlapped."""
    old = [((6 + (i % 3) * 5, 7 + (i // 3) * 11), 6) for i in range(5)]
    assert any(math.dist(a, b) < ra + rb + 2 for k, (a, ra) in enumerate(old) for b, rb in old[k + 1:])
    new = track_marker_spots(pygame.Rect(0, 0, TRACK_CELL - 2, 26), 5)
    assert not any(math.dist(a, b) < ra + rb for k, (a, ra) in enumerate(new) for b, rb in new[k + 1:])


def test_a_tracks_tooltip_says_where_each_seat_is() -> None:
    st = new_game(3, seed=4)
    view = st.view(0)
    view["tracks"] = [[0, 2, 0, 1, 8], [0, 2, 0, 3, 0], [0, 2, 4, 5, 0]]
    names = ["You", "The Archivists", "The Guilded"]
    _r, _s, spots = _drawn(view, UIHints(seat_names=names))
    tip = next(h.tip for h in spots if h.kind == "track" and h.value == 4)
    assert "Markers: You 8, The Archivists 0, The Guilded 0." in tip


def test_a_warden_badge_for_none_held_has_a_readable_letter_on_every_pillar_colour() -> None:
    content = load_content()
    for rgb in content.pillar_rgb:
        chip, letter = unheld_badge_colours(rgb)
        assert contrast(chip, letter) >= 4.5, rgb
        assert contrast(L.shade(rgb, 0.35), L.INK) < 2, rgb  # the control: the old dark letter on it could not be read
    st = new_game(5, seed=4)
    view = st.view(0)
    renderer, surf, _ = _drawn(view)
    for p in range(5):
        for col in range(5):
            held = view["wardens"][p][col]
            cx, cy = renderer.anchors[("warden", p, col)]
            colours = {tuple(surf.get_at((x, y)))[:3] for x in range(cx - 8, cx + 9) for y in range(cy - 8, cy + 9)}
            # the letter drawn in its light colour on a badge for none, and only there
            assert (unheld_badge_colours(content.pillar_rgb[col])[1] in colours) == (not held), (p, col)


def letters_meet(a: pygame.Rect, b: pygame.Rect) -> bool:
    """Whether two lines of text overlap by more than their leading: a line's 16 px box holds 3 px of it, so boxes
    14 px apart (a tile's lines, inside its frame since play-test g1) share 2 px, never a letter (the table's text
    check in test_realm_ui_fit allows the same)."""
    both = a.clip(b)
    return both.w > 2 and both.h > 2


def _tile_words(points: list[int], builder: int = 4) -> tuple[list, pygame.Rect, dict]:
    """The words drawn on the first monument tile (not a track's), built by seat ``builder`` at 5 players,
    scoring ``points`` now."""
    from game.realm.ui.table import SPACES_RECT
    from game.shell.text import registry

    st = new_game(5, seed=2)
    space = next(sp for sp in st.c.spaces if not sp.id.startswith("track_"))
    view = st.view(0)
    monuments = [None] * len(st.c.spaces)
    monuments[space.index] = {"owner": builder, "option": 0, "age": 2}
    view = dict(view, monuments=monuments)
    tile = pygame.Rect(SPACES_RECT.x, SPACES_RECT.y, (SPACES_RECT.w - 20) // 6, (SPACES_RECT.h - 4) // 2)
    registry.begin_frame()
    with L.box(tile):
        TableRenderer(st.c)._space_tile(pygame.Surface((1600, 900)), tile, space, view,
                                        UIHints(monument_points={space.index: points}))
    return list(registry.items), tile, view


def test_every_points_chip_says_whose_it_is_and_a_seat_at_0_gets_none() -> None:
    """Play-test s5 item 11: coloured circles without a mark, a grey "0" for a seat that scores nothing, two
    digits cramped. Each chip now says the seat's mark with its points, zeros are left out (the age's scoring
    table says "\u2013" for them), and every word is whole, inside the tile and over no other."""
    drawn, tile, view = _tile_words([-12, 16, 0, 0, 3])
    marks = [L.FACTION_LETTER[f] for f in view["factions"]]
    words = [d.text for d in drawn]
    assert f"{marks[1]} 16" in words  # most points first, as many as fit, the rest said
    assert f"{marks[4]} 3" in words or any(w.endswith((" more score", " others")) for w in words)
    assert all(w != "0" and not w.endswith(" 0") for w in words)
    assert f"{marks[0]} \u221212" in words or any(w in words for w in ("+1 other", "1 more scores"))  # or counted
    for k, d in enumerate(drawn):
        assert tile.contains(d.rect) and d.rect.h >= 16 and "\u2026" not in d.text, d
        assert not any(letters_meet(d.rect, e.rect) for e in drawn[k + 1:]), (d.text, [e.text for e in drawn])


def test_a_built_monument_nobody_scores_from_says_so_in_words_inside_its_tile() -> None:
    """A lone dash (the age table's mark for 0) told a new player nothing on a tile (play-test s9): the line says
    nobody scores, whole and inside the tile."""
    drawn, tile, _view = _tile_words([0, 0, 0, 0, 0])
    said = [d for d in drawn if d.text in ("nobody scores yet", "no scorer yet", "none yet", "none")]
    assert said and tile.contains(said[0].rect), [d.text for d in drawn]
    assert "\u2013" not in [d.text for d in drawn] and "0" not in [d.text for d in drawn]
    control, _tile, _view = _tile_words([0, 5, 0, 0, 0])  # the control: a seat that scores has its chip, no such words
    assert not any(d.text in ("nobody scores yet", "no scorer yet", "none yet", "none") for d in control)


def test_nobody_scores_picks_the_longest_words_that_fit() -> None:
    from game.realm.ui.table import SMALLEST, nobody_scores
    from game.shell.text import text_size

    assert nobody_scores(1000) == "nobody scores yet"
    for width in (40, 80, 120, 160):
        words = nobody_scores(width)
        assert text_size(words, SMALLEST)[0] <= width or words == "none"


def test_the_chips_words_read_on_every_seats_colour() -> None:
    from game.realm.ui.table import CHIP_INK

    for faction, rgb in L.FACTION_RGB.items():
        assert contrast(rgb, CHIP_INK) >= 4.5, faction
    # the control: the old chip at 0 (the seat's colour dimmed, dark ink) read worse than that
    assert min(contrast(L.shade(rgb, 0.55), L.INK) for rgb in L.FACTION_RGB.values()) < 4.5


def test_the_rest_of_the_chips_that_do_not_fit_is_said_in_words() -> None:
    from game.realm.ui.table import points_chip_plan

    marks = ["Wa", "Ar", "Gu", "Re", "Ve"]
    shown, rest = points_chip_plan(marks, [-2, -2, -2, 8, -2], 125)  # a track monument's narrow room
    assert [p for p, _w in shown] == [3] and rest in ("4 others \u22122", "rest \u22122")  # t1: never "+4"
    assert points_chip_plan(marks, [-2] * 5, 125) == ([], "all \u22122")
    shown, rest = points_chip_plan(marks, [3, 8, -2, 8, -2], 125)
    assert [p for p, _w in shown][:1] == [1] and rest in ("4 more score", "4 others score") or (
        not shown and rest.startswith("Ar 8") and "+" not in rest)
    wide, rest = points_chip_plan(marks, [3, 8, -2, 8, -2], 900)  # the control: room for all
    assert [p for p, _w in wide] == [1, 3, 0, 2, 4] and rest == ""
