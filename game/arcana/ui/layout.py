"""Where the cards of a Res Arcana play area go: whole faces in a row while they fit, else shorter faces
in two rows, else tiles (a name and a status line) in a grid, else one-line tiles; never one card over
another. The viewer's own cards in play go in rows as tall as their cards need to read whole, running on
beside the hand where it leaves room (``whole_faces``), else as tall as they all fit (``tallest_faces``).
A rival's go in rows across its area (``rival_faces``): whole faces, else compact faces (``COMPACT_W``).
Every layout keeps the cards in the order it is given (``grouped``): a card never changes place with another.

Pure geometry on rectangles: the table asks, draws, and records where each card went.
"""

from __future__ import annotations

from typing import Any

import pygame

from . import look as L

# at 3 and 4 players the rivals' row is this much taller, the centre, the player's area and the decision panel
# that much lower: two or three rivals share the row's width, and a rival's cards read only in short words in
# the old 286 px, while the player's area (its cards in play beside the hand) kept empty room above the hand
RIVAL_ROOM = {3: 40, 4: 56}


def decision_panel(players: int, rival_room: dict[int, int] = RIVAL_ROOM) -> pygame.Rect:
    """The decision panel at ``players``: right of the player's area, under the rivals' row and the centre (the
    table's ``PANEL``; the review's panel takes the same room, the adapter asks here)."""
    top = 454 + rival_room.get(players, 0)
    return pygame.Rect(1112, top, 480, 900 - top - 6)

KIND_ORDER = {"mage": 0, "magic_item": 1}  # who the mage is first; every other card in the order it came into play
FACE = (136, 190)  # a whole card face at 13 px text
TILE_W = 164  # the narrowest tile: every card name fits on its line at 13 px
GAP = 4
MIN_FACE_H = 84  # a face in two rows: its name, cost row, type line and an ability or two


def grouped(cards: list[Any], kind_of: Any) -> list[Any]:
    """The cards of a play area in the order they stay in: the mage, the magic item (a new one takes the place
    of the one given back), then the others in the order they came into play (``cards``'s order: the engine
    appends a card placed or claimed and removes one destroyed in place). So a new card goes at the end, and
    one that leaves leaves a gap the others close up without changing their order; never sorted by kind,
    which put a newly placed artifact in front of the places of power and monuments and moved them on."""
    return sorted(cards, key=lambda c: KIND_ORDER.get(kind_of(c), 2))


def face_row(n: int, area: pygame.Rect, group_starts: set[int] = frozenset()) -> list[pygame.Rect] | None:
    """``n`` faces side by side as tall as ``area`` (no wider than a table face, narrower down to 118 px to
    fit), a wider gap between groups; None when they do not fit."""
    if n == 0:
        return []
    h = min(area.h, FACE[1])
    gaps = 6 * (n - 1) + 10 * len([i for i in group_starts if 0 < i < n])
    w = min(h * FACE[0] // FACE[1], (area.w - gaps) // n)  # a little narrower rather than tiles
    if w < 118:
        return None
    out, x = [], area.x
    for i in range(n):
        if i and i in group_starts:
            x += 10
        out.append(pygame.Rect(x, area.y, w, h))
        x += w + 6
    return out


def face_grid(n: int, area: pygame.Rect) -> list[pygame.Rect] | None:
    """``n`` faces in two rows filling ``area`` (each at least 118 px wide and ``MIN_FACE_H`` tall: the name,
    the cost and the first abilities show, a chevron says there is more); None when they do not fit."""
    cols = (n + 1) // 2
    w = min(FACE[0], (area.w - 6 * (cols - 1)) // max(1, cols))
    h = min(FACE[1], (area.h - 6) // 2)
    if n < 2 or w < 118 or h < MIN_FACE_H:
        return None
    return [pygame.Rect(area.x + (i % cols) * (w + 6), area.y + (i // cols) * (h + 6), w, h) for i in range(n)]


def tile_grid(n: int, area: pygame.Rect, min_w: int = TILE_W) -> tuple[list[pygame.Rect], int] | None:
    """``n`` tiles in rows filling ``area``: two-line tiles while they fit, else one-line ones. Returns
    the rectangles and the tiles' line count; None when even one-line tiles do not fit."""
    cols = max(1, (area.w + GAP) // (min_w + GAP))
    tw = (area.w - GAP * (cols - 1)) // cols
    for lines in (2, 1):
        th = L.tile_height(lines)
        rows = max(1, (area.h + GAP) // (th + GAP))
        if n <= rows * cols:
            return [pygame.Rect(area.x + (i % cols) * (tw + GAP), area.y + (i // cols) * (th + GAP), tw, th)
                    for i in range(n)], lines
    return None


def area_cards(n: int, area: pygame.Rect, faces: bool, group_starts: set[int] = frozenset()
               ) -> tuple[list[pygame.Rect], int]:
    """The rectangles of ``n`` cards in ``area``: faces (lines 0) when asked and they fit, else tiles."""
    if faces:
        row = face_row(n, area, group_starts) or face_grid(n, area)
        if row is not None:
            return row, 0
    got = tile_grid(n, area)
    if got is not None:
        return got
    cols = max(1, (area.w + GAP) // (TILE_W + GAP))  # beyond any real game: tiles run on below the area
    tw, th = (area.w - GAP * (cols - 1)) // cols, L.tile_height(1)
    return [pygame.Rect(area.x + (i % cols) * (tw + GAP), area.y + (i // cols) * (th + GAP), tw, th)
            for i in range(n)], 1


# a row of cards over the hand ends this far above its label ("Your hand"): clear of it even with a card's
# glow (2 px) drawn round it (6 px let the glow all but touch the label)
HAND_CLEAR = 10
FACE_WIDTHS = (136, 130, 124, 118)  # the widths a face is tried at, widest first: a narrower face is taller


def packed_row(needs: list[int], area: pygame.Rect, y: int, w: int, hand: pygame.Rect | None
               ) -> tuple[int, int] | None:
    """The next row of faces ``w`` wide at ``y`` for cards needing ``needs`` px of height: (its left edge, how
    many it holds), across the whole area while the row stays above ``hand``, else right of the hand;
    None when not one face fits beside the hand."""
    for left in (area.x, hand.right + 8 if hand is not None else area.x):
        cols = (area.right - left + 6) // (w + 6)
        if cols < 1:
            return None
        if hand is None or left > area.x or y + max(needs[:cols]) <= hand.y - HAND_CLEAR:
            return left, cols
    return None


def packed_faces(needs: list[int], area: pygame.Rect, w: int, hand: pygame.Rect | None = None
                 ) -> list[pygame.Rect] | None:
    """Faces ``w`` wide in rows from the top of ``area``, each row as tall as its tallest card needs (so
    every card reads whole), rows that reach down beside ``hand`` (the hand's cards) starting right of it;
    None when the rows run past the foot of the area."""
    out: list[pygame.Rect] = []
    y, i = area.y, 0
    while i < len(needs):
        got = packed_row(needs[i:], area, y, w, hand)
        if got is None:
            return None
        left, cols = got
        h = max(needs[i:i + cols])
        if y + h > area.bottom:
            return None
        out += [pygame.Rect(left + k * (w + 6), y, w, h) for k in range(len(needs[i:i + cols]))]
        y, i = y + h + 6, i + cols
    return out


def whole_faces(needs_at: Any, area: pygame.Rect, hand: pygame.Rect | None = None) -> list[pygame.Rect] | None:
    """Every card as a whole face (``needs_at(w)``: each card's height for that at width ``w``) in rows in
    ``area`` beside ``hand``: of the widths that fit, the one whose rows end highest (fewer rows: eight
    faces 130 wide in one row rather than seven and one), the widest of those; None when none fits."""
    best: list[pygame.Rect] | None = None
    for w in FACE_WIDTHS:
        rects = packed_faces(needs_at(w), area, w, hand)
        if rects is not None and (best is None or _foot(rects, area) < _foot(best, area)):
            best = rects
    return best


def _foot(rects: list[pygame.Rect], area: pygame.Rect) -> int:
    return max((r.bottom for r in rects), default=area.y)


def tallest_faces(needs_at: Any, area: pygame.Rect, hand: pygame.Rect | None, least: int) -> list[pygame.Rect] | None:
    """Whole faces (``whole_faces``) when they fit; else faces in the same rows, each no taller than the
    tallest height (at least ``least``) at which they all fit, a chevron on those cut; None when not even
    ``least`` fits."""
    rects = whole_faces(needs_at, area, hand)
    if rects is not None:
        return rects
    best, lo, hi = None, least, FACE[1]
    while lo <= hi:  # the tallest cap that fits
        cap = (lo + hi) // 2
        got = whole_faces(lambda w, cap=cap: [min(n, cap) for n in needs_at(w)], area, hand)
        if got is not None:
            best, lo = got, cap + 1
        else:
            hi = cap - 1
    return best


def _row_heights(needs: list[int], room: int, least: int = MIN_FACE_H, floors: list[int] | None = None
                 ) -> list[int] | None:
    """Heights for rows whose cards need ``needs`` (each row's tallest) within ``room``: each its need while
    they all fit, else each no taller than the one cap at which they fit, a row kept at its floor (``floors``:
    the height its cards read in short at) above the cap while the floors fit; None when a row would be
    shorter than ``least``."""
    if sum(needs) <= room:
        return list(needs)
    if floors is not None:
        floors = [min(f, n) for f, n in zip(floors, needs)]
        if sum(max(f, least) for f in floors) > room:
            floors = None
    low = floors or [0] * len(needs)

    def total(cap: int) -> int:
        return sum(max(min(n, cap), f) for n, f in zip(needs, low))

    lo, hi = least, max(needs)
    if total(lo) > room:
        return None
    while lo < hi:  # the tallest cap at which the rows fit
        cap = (lo + hi + 1) // 2
        lo, hi = (cap, hi) if total(cap) <= room else (lo, cap - 1)
    return [max(min(n, lo), f) for n, f in zip(needs, low)]


COMPACT_W = (118, 220)  # the narrowest and widest compact face (``look.draw_compact``)
COMPACT_LEAST = 40  # a compact face no shorter than its name and one line


def rival_faces(needs_at: Any, area: pygame.Rect, least: int = MIN_FACE_H,
                widths: tuple[int, int] = (FACE_WIDTHS[-1], FACE[0]), short_at: Any = None, gap: int = 6,
                cols: tuple[int, int] | None = None) -> list[pygame.Rect] | None:
    """A rival's cards in play as faces in rows across the whole of ``area``, in their order (row by row, left
    to right: a card keeps its place among the others), ``needs_at(w)``: each card's height to read whole at
    width ``w``. Of every number a row holds (faces between ``widths``, as wide as that lets them), the layout
    with the fewest cards cut, then the fewest rows, then the widest faces. A row is as tall as its tallest
    card needs, the rows sharing what is short when they cannot all be whole, so a row of short cards (a mage,
    an item, monuments) leaves its room to the others. None when no layout keeps every face at least
    ``least`` tall (the caller's tiles). ``gap``: between faces and between rows. ``short_at(w)``: each
    card's least height in short (a compact face's ability in short); given, the fewest cards under that come
    first, and a row keeps the height its cards read in short at while the rows' floors fit. ``cols``: the
    least and most cards to a row (a rival's area keeps its columns: ``held_cols``)."""
    n = len(needs_at(widths[1]))
    if not n:
        return []
    best: tuple[tuple[int, ...], list[pygame.Rect]] | None = None
    lo, hi = cols if cols is not None else (1, n)
    for k in range(lo, max(hi, lo) + 1):  # ``k`` to a row (more than the cards: one row, room kept at its right)
        w = min(widths[1], (area.w + gap) // k - gap)  # the widest face with ``k`` to a row: the shortest
        if w < widths[0]:
            break
        needs = needs_at(w)
        shorts = short_at(w) if short_at is not None else None
        got = _rows_of(needs, [list(range(i, min(n, i + k))) for i in range(0, n, k)], area, w, least, shorts, gap)
        if got is not None and shorts is not None:
            got = ((cut_count(got[1], shorts),) + got[0], got[1])
        if got is not None and (best is None or got[0] < best[0]):
            best = got
    return None if best is None else best[1]


def cut_count(rects: list[pygame.Rect], needs: list[int]) -> int:
    """How many of the cards at ``rects`` are shorter than they need to read whole."""
    return sum(1 for r, need in zip(rects, needs) if r.h < need)


def _rows_of(needs: list[int], rows: list[list[int]], area: pygame.Rect, w: int, least: int = MIN_FACE_H,
             shorts: list[int] | None = None, gap: int = 6) -> tuple[tuple[int, int, int], list[pygame.Rect]] | None:
    """Cards (by index) in ``rows`` of faces ``w`` wide from the top of ``area``: ((cards cut, rows, -w), each
    card's rectangle by index), or None when a row would be under ``least``; ``shorts``: each card's height
    in short (a row kept at its tallest while they fit)."""
    floors = [max(shorts[k] for k in row) for row in rows] if shorts is not None else None
    heights = _row_heights([max(needs[k] for k in row) for row in rows], area.h - gap * (len(rows) - 1), least,
                           floors)
    if heights is None:
        return None
    rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0)] * len(needs)
    y = area.y
    for row, h in zip(rows, heights):
        for col, k in enumerate(row):
            rects[k] = pygame.Rect(area.x + col * (w + gap), y, w, h)
        y += h + gap
    return (sum(1 for k, r in enumerate(rects) if needs[k] > r.h), len(rows), -w), rects


HELD_LEAST_W = 108  # a compact face no narrower (every card's name whole, no word broken) in held columns


def row_cols(rects: list[pygame.Rect]) -> int:
    """How many cards the first row of ``rects`` holds (a rival's area's columns)."""
    return sum(1 for r in rects if r.y == rects[0].y) if rects else 0


def most_cols(narrowest: int, gap: int = 6) -> int:
    """The most columns a rival's area ``narrowest`` px wide holds, each at least ``HELD_LEAST_W``."""
    return max(1, (narrowest + gap) // (HELD_LEAST_W + gap))


def tallest_gap(spans: list[tuple[int, int]], top: int, bottom: int, margin: int) -> tuple[int, int]:
    """The tallest stretch between ``top`` and ``bottom`` that none of ``spans`` (each a (top, bottom)) is in,
    ``margin`` clear of them: (its top, its bottom); the first of the tallest, top first."""
    best, y = (top, top), top
    for a, b in sorted(spans) + [(bottom + margin, bottom + margin)]:
        if a - margin - y > best[1] - best[0]:
            best = (y, a - margin)
        y = max(y, b + margin)
    return best
