"""Rivals' cards in play use their area's width and height (play-test s6 p3 item 1): at seven to nine cards a
rival's area cut every card to its title and cost in two short rows while the right 40% of the area stayed
empty. Rivals' faces now go in rows across the whole area, each row as tall as its cards need, the rows
sharing what is short (``layout.rival_faces``), so fewer are cut.

Over seeded states (2 to 4 players, 6 to 12 cards in each rival's play, at 1280x720 and 1600x900) the rivals'
cards drawn cut (``TableScene.cut_faces``) or as tiles are counted, and against the old layout (two rows of
equal faces, ``layout.area_cards``, taken by switching the new one off): far fewer are cut, none where a
rival's cards fit whole in its area, and the texts still pass the fit audit (nothing cut, nothing under
13 px, no overlap) with no rival card leaving its area or overlapping another.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.arcana.ui import layout as LY

from .test_arcana_ui_fit import Audit, _action_phase_state, crowd
from .test_arcana_ui_play_room import _table

WINDOWS = [(1280, 720), (1600, 900)]


def _rival_state(players: int, rival_cards: int) -> Any:
    """Seat 0 to act with eight cards in play and two in hand; each rival with ``rival_cards`` in play."""
    st = next(s for s in (_action_phase_state(players, seed) for seed in range(7, 60)) if s.to_move() == 0)
    crowd(st, [8] + [rival_cards] * (players - 1), seed=players * 31 + rival_cards)
    for q in range(1, players):  # untapped and bare, as most are in play (the crowded test has the worst)
        for x in st.play[q]:
            st.turned[x] = False
            st.on[x * 5:x * 5 + 5] = [0] * 5
    st.box += st.hand[0][2:]
    st.hand[0] = st.hand[0][:2]
    assert [len(st.play[q]) for q in range(players)] == [8] + [rival_cards] * (players - 1)
    return st


def _rivals_cut(table: Any) -> tuple[int, int, list[str]]:
    """(rival cards cut or drawn as tiles, rival cards, what is wrong with where they went)."""
    cut = total = 0
    bad = []
    for q in range(1, table.s.players):
        area = table.anchors[("area", q)]
        rects = []
        for ci in table._play_order[q]:
            total += 1
            cut += ci in table.cut_faces or table.card_lines.get(ci, 0) != 0
            r = table.anchors[("card", ci)]
            if not area.contains(r):
                bad.append(f"{table.c.cards[ci].name} leaves the area of seat {q}")
            if r.collidelist(rects) >= 0:
                bad.append(f"{table.c.cards[ci].name} overlaps another card of seat {q}")
            rects.append(r)
    return cut, total, bad


def _cuts(cfg: Any, players: int, window: tuple[int, int], audit: Audit | None = None) -> list[tuple[int, int]]:
    """(rival cards cut, rival cards) in each seeded state, 6 to 12 cards in each rival's play."""
    out = []
    for n in range(6, 13):
        app, table = _table(cfg, _rival_state(players, n), players, window)
        cut, total, bad = _rivals_cut(table)
        assert not bad, (players, window, n, bad)
        if audit is not None:
            audit.check(app.last_frame_texts, table.card_boxes, f"{players}p {window} rivals {n}: ")
        out.append((cut, total))
    return out



@pytest.mark.parametrize("players", [2, 3, 4])
def test_rivals_cards_are_never_cut_more_than_by_the_old_two_rows(cfg, players, monkeypatch) -> None:
    audit = Audit()
    now = old = 0
    for window in WINDOWS:
        cuts = _cuts(cfg, players, window, audit)
        with monkeypatch.context() as m:  # the control: the old layout, on the same states
            m.setattr(LY, "rival_faces", lambda *args, **kw: None)
            old_cuts = _cuts(cfg, players, window)
        for n, ((cut, total), (old_cut, old_total)) in enumerate(zip(cuts, old_cuts), 6):
            assert total == old_total and cut <= old_cut, (players, window, n, cut, old_cut)
        now, old = now + sum(c for c, _t in cuts), old + sum(c for c, _t in old_cuts)
        print(f"{players}p {window}: rival cards cut {sum(c for c, _t in cuts)} of {sum(t for _c, t in cuts)}"
              f" (old layout {sum(c for c, _t in old_cuts)})")
    if players == 2:
        assert now == 0  # a 2-player rival's area (left of the signs' legend) holds them whole
    if players == 3:
        assert now < old  # the rows share the height: fewer cut where the old equal rows cut them
    assert not audit.bad, audit.report()


def test_rival_faces_whole_when_they_fit_and_rows_share_what_is_short() -> None:
    import pygame

    area = pygame.Rect(0, 0, 774, 220)
    whole = LY.rival_faces(lambda w: [140, 120, 100, 90, 70, 70, 60, 60], area)
    assert whole is not None and len(whole) == 8 and all(r.h >= need for r, need in
                                                         zip(whole, [140, 120, 100, 90, 70, 70, 60, 60]))
    assert max(r.right for r in whole) <= area.right and max(r.bottom for r in whole) <= area.bottom
    short = LY.rival_faces(lambda w: [190] * 12, area)  # nothing fits whole: equal rows, none under the least
    assert short is not None and min(r.h for r in short) >= LY.MIN_FACE_H
    assert LY.rival_faces(lambda w: [190] * 40, area) is None  # too many for faces: the caller's tiles
    five = LY.rival_faces(lambda w: [100, 100, 100, 100, 60], area)  # whole either way: in one row, not two
    assert five is not None and {r.y for r in five} == {area.y}
