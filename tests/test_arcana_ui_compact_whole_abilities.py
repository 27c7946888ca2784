"""A rival's compact face never shows a power's effect without its cost, and is never empty (play-test t2
item 3: Fiery Whip read only "> gain its cost +2", its tap and "destroy 1 artifact" dropped; Nightingale, a
card of points alone, showed an empty body).

Over every card, compact faces 118 to 220 px wide and 40 to 200 px tall, tapped or not: whatever wording the
face takes, every power it shows carries its whole cost (the glyphs of ``power_cost_glyphs``), abilities that
do not fit go whole to "+N more"; a card without abilities says its type line. On the old code the wording
without costs (level 2) was taken and Nightingale's body was blank.
"""

from __future__ import annotations

import pygame

from game.arcana.ui import look as L
from game.shell import text as T


def _words(row: list[tuple]) -> list[str]:
    return [g[1] for g in row if g[0] == "txt"]


def test_a_shown_power_keeps_its_whole_cost() -> None:
    from game.arcana.engine import default_content

    bad = []
    for cd in default_content().cards:
        if not cd.powers:
            continue
        for w in range(118, 221, 17):
            for h in range(40, 201, 8):
                for tapped in (False, True):
                    level = L.compact_level(cd, w, h, None, tapped)
                    if level == L.VAGUE:
                        continue  # whole abilities and "+N more", or their kinds
                    rows = L.brief_rows(cd, level) if level not in (0, L.RUN_ON) else \
                        (L.ability_rows(cd) if level == 0 else L.brief_rows(cd, 1))
                    for pw in cd.powers:
                        cost = L.power_cost_glyphs(pw)
                        if cost and not any(row[:len(cost)] == cost or row[1:1 + len(cost)] == cost for row in rows):
                            bad.append(f"{cd.name} {w}x{h} tapped={tapped}: level {level} drops {_words(cost)}")
    assert not bad, bad[:5]


def test_a_card_without_abilities_says_its_type() -> None:
    from game.arcana.engine import default_content

    plain = [cd for cd in default_content().cards if not L.ability_rows(cd)]
    assert plain  # Nightingale and the like
    for cd in plain:
        for tapped in (False, True):
            w = 150
            h = L.compact_height(cd, w, None, tapped)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            before = len(T.registry.items)
            assert L.draw_compact(surf, surf.get_rect(), cd, None, tapped)
            texts = [d.text for d in T.registry.items[before:]
                     if d.text not in (cd.name, "tapped") and not d.text.isdigit()]
            del T.registry.items[before:]
            assert any(t.strip() for t in texts), (cd.name, tapped, texts)
