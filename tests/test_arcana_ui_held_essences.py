"""The essences stored on a card in play take a row of their own with full-size icons, never the cost's
place (play-test t2 item 5: Dragon's Lair showed a small "2" where its cost was, Cursed Skull's mixed chip
pushed its cost out).

Over every card with a cost, a face 118 and 136 px wide as tall as it needs, holding gold alone or mixed
essences, tapped or not: every text of the bare face (the cost's numbers, the name, the abilities) is still
drawn, no two texts overlap, and the numbers are at least 13 px. On the old code the cost gave way.
"""

from __future__ import annotations

from collections import Counter

import pygame
import pytest

from game.arcana.ui import look as L
from game.shell import text as T


def _drawn(cd, w: int, on, dim: bool) -> list:
    h = L.face_height(cd, w, on, dim)
    before = len(T.registry.items)
    L.draw_card(pygame.Surface((w, h), pygame.SRCALPHA), pygame.Rect(0, 0, w, h), cd, on, dim)
    got = T.registry.items[before:]
    del T.registry.items[before:]
    return got


@pytest.mark.parametrize("on", [(0, 0, 0, 0, 4), (2, 1, 0, 3, 0), (3, 3, 3, 3, 3)])
def test_held_essences_keep_the_cost_and_overlap_nothing(on: tuple) -> None:
    from game.arcana.engine import default_content

    bad = []
    for cd in default_content().cards:
        if not (any(cd.cost) or cd.cost_any):
            continue
        for w in (118, 136):
            for dim in (False, True):
                bare = Counter(d.text for d in _drawn(cd, w, None, dim))
                held = _drawn(cd, w, list(on), dim)
                lost = bare - Counter(d.text for d in held)
                lost.pop("tapped", None)  # a short face may say it in the chip: still drawn
                if lost:
                    bad.append(f"{cd.name} {w} on={on} tapped={dim}: lost {dict(lost)}")
                rects = [d.rect for d in held]
                for i, a in enumerate(rects):
                    if any(a.colliderect(b) for b in rects[i + 1:]):
                        bad.append(f"{cd.name} {w} on={on}: {held[i].text!r} overlaps")
                        break
    assert not bad, bad[:6]


def test_the_held_row_is_taller_than_the_old_chip() -> None:
    """The chip's icons at the face's full radius (the old chip drew them a size smaller, in the cost row)."""
    _px, r, row_h = L.face_sizes(136)
    surf = pygame.Surface((136, 60), pygame.SRCALPHA)
    chip = L._essence_chip(surf, 30, 4, 132, [1, 2, 0, 0, 3], r, 13)
    assert chip is not None and chip.h >= 2 * r + 4 and L._held_h(r) >= chip.h + 2
