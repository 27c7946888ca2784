"""Play-test gB item 2: influence markers sharing a track space (three at 0 on Radiance, Understanding and
Equity) shrank to tiny dots on each other. Over seeded positions with 2 to 5 markers on one space, every
marker keeps a readable size, no two markers' rects overlap by more than 2 px, each centre stays on its own
space and no group reaches a neighbouring space's marker or the pillar names left of the track."""

from __future__ import annotations

import random

import pygame
import pytest

from game.realm.engine import load_content, new_game
from game.realm.ui.table import TRACK_CELL, TRACKS_RECT, TableRenderer, UIHints
from game.shell import testing

testing.use_dummy_drivers()
pygame.font.init()


def _least(count: int, room: bool) -> int:
    """The smallest radius (logical px) markers sharing a space may have: 8 alone, 5 for up to four, 4 for five
    (the space is 24 px wide and 26 high; the old layout gave five 3 px dots), 6 for up to four where a
    neighbouring space holds no marker (``room``; the old layout gave three 5 px dots there)."""
    return 8 if count == 1 else (6 if room else 5) if count <= 4 else 4


def _tracks(players: int, rng: random.Random) -> list[list[int]]:
    """Seeded places: on each track one space (0 on the first) holding 2 to ``players`` markers, the rest
    anywhere."""
    tracks = [[rng.randrange(9) for _ in range(5)] for _ in range(players)]
    for pl in range(5):
        share = 0 if pl == 0 else rng.randrange(9)
        for p in rng.sample(range(players), rng.randint(2, players)):
            tracks[p][pl] = share
    return tracks


def _rect(mark: tuple[tuple[int, int], int]) -> pygame.Rect:
    (x, y), r = mark
    return pygame.Rect(x - r - 1, y - r - 1, 2 * r + 2, 2 * r + 2)  # the disc and its ring


@pytest.mark.parametrize("players,seed", [(p, s) for p in (2, 3, 4, 5) for s in range(6)])
def test_markers_sharing_a_space_stay_large_and_apart(players: int, seed: int) -> None:
    rng = random.Random(seed * 10 + players)
    view = new_game(players, seed=seed).view(0)
    view["tracks"] = _tracks(players, rng)
    renderer = TableRenderer(load_content())
    renderer.draw(pygame.Surface((1600, 900)), view, UIHints())
    first_x = TRACKS_RECT.x + 134 + 1  # the tracks' space 0
    for pl in range(5):
        places = [view["tracks"][p][pl] for p in range(players)]
        for p in range(players):
            mark = renderer.track_marks[(p, pl)]
            (x, _y), r = mark
            v = places[p]
            room = any(0 <= w <= 8 and w not in places for w in (v - 1, v + 1))
            assert r >= _least(places.count(v), room), (pl, p, places, r)
            space_x = first_x + places[p] * TRACK_CELL
            assert space_x <= x < space_x + TRACK_CELL - 2, (pl, p, x)
            assert _rect(mark).left >= first_x - 1  # the pillar's name stays clear
            for q in range(players):
                if q == p:
                    continue
                other = _rect(renderer.track_marks[(q, pl)])
                cut = _rect(mark).clip(other)
                if places[q] == places[p]:
                    assert min(cut.w, cut.h) <= 2, (pl, p, q, cut)
                else:  # another space's marker: not touched at all
                    assert cut.w == 0 or cut.h == 0, (pl, p, q, places)
