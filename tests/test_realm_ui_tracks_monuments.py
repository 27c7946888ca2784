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
    contrast,
    track_marker_spots,
    unheld_badge_colours,
)
from game.shell import testing

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
            assert r >= 3 and space_x < x - r and x + r < space_x + TRACK_CELL, (p, pl, x, r)
            # its own colour at its centre: no later marker drawn over it
            assert tuple(surf.get_at((x, y)))[:3] == L.FACTION_RGB[view["factions"][p]], (p, pl)
            for q in range(p + 1, 5):
                (qx, qy), qr = renderer.track_marks[(q, pl)]
                assert math.dist((x, y), (qx, qy)) >= r + qr + 2, (p, q, pl)  # rings touch at most


def test_control_the_old_offsets_of_five_pixels_put_markers_over_each_other() -> None:
    """The measure above can fail: the old layout (6 px discs 5 px apart) overlapped."""
    old = [((6 + (i % 3) * 5, 7 + (i // 3) * 11), 6) for i in range(5)]
    assert any(math.dist(a, b) < ra + rb + 2 for k, (a, ra) in enumerate(old) for b, rb in old[k + 1:])
    new = track_marker_spots(pygame.Rect(0, 0, TRACK_CELL - 2, 26), 5)
    assert not any(math.dist(a, b) < ra + rb + 2 for k, (a, ra) in enumerate(new) for b, rb in new[k + 1:])


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
