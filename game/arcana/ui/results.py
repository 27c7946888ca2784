"""Res Arcana's results: the shell's table of points by source, and under it (its lower half stood empty, a
play-tester's finding) each player's cards in play as the game ended, the cards that scored first with their
points, then the rest: what won the game and what the others built.

Each player has a column (in the ranking's order); a card is a chip in its kind's colour with its name (on two
lines where one is too narrow, never cut) and the points it gave at the right. :func:`columns` lays them out;
the scene draws them under its buttons.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.session import GameSession
from game.shell import text as T
from game.shell.table import ResultsScene as SharedResults
from game.shell.widgets import draw_panel

from . import look as L

SIZE = 14  # the chips' names ...
LEAST = 13  # ... else this, the least a player must read
GAP = 6
CHIP_MIN_W = 176  # a chip no narrower: its name at 13 px on two lines and its points
HEAD = "Cards in play at the end"


def card_points(state: Any, p: int, ci: int) -> int:
    """The points card ``ci`` in seat ``p``'s play gave at the end (as ``adapter.points_by_source`` counts)."""
    return state.card_points(p, ci)


@dataclass(frozen=True)
class Chip:
    """One card of a player's column: its name's lines, its points, its kind's colour, where it goes."""

    lines: tuple[str, ...]
    points: int
    rgb: tuple[int, int, int]
    rect: pygame.Rect


def _points_w(px: int) -> int:
    return T.text_size("+88", px, bold=True)[0] + 10


def _chips(state: Any, p: int, x: int, y: int, w: int, px: int, least_w: int) -> list[Chip]:
    """Seat ``p``'s cards in play as chips (each at least ``least_w`` wide) in rows across ``w`` from (``x``,
    ``y``): those that scored first (most points first), then the rest in the order they came into play."""
    play = list(state.play[p])
    order = sorted(play, key=lambda ci: (-card_points(state, p, ci), play.index(ci)))
    per = max(1, (w + GAP) // (least_w + GAP))
    cw = (w - GAP * (per - 1)) // per
    lh = T.line_height(px)
    out: list[Chip] = []
    for row in range(0, len(order), per):
        made = []
        for k, ci in enumerate(order[row:row + per]):
            cd = state.c.cards[ci]
            lines = tuple(T.wrap(cd.name, cw - 16 - _points_w(px), px))
            made.append((ci, cd, lines, x + k * (cw + GAP)))
        h = lh * max(len(m[2]) for m in made) + 8
        out += [Chip(lines, card_points(state, p, ci), L.KIND_RGB.get(cd.kind, (120, 120, 120)),
                     pygame.Rect(cx, y, cw, h)) for ci, cd, lines, cx in made]
        y += h + GAP
    return out


def heading(text: str, width: int) -> tuple[str | int, list[str]]:
    """A column's heading (the player and their points): its size and lines, at the body size when it fits on
    a line ``width`` wide, else smaller, wrapped."""
    if T.text_size(text, "body", bold=True)[0] <= width:
        return "body", [text]
    return "small", T.wrap(text, width, "small", bold=True)


def columns(state: Any, order: list[int], heads: list[str], area: pygame.Rect
            ) -> tuple[int, list[tuple[int, pygame.Rect, list[Chip]]]]:
    """Each seat's column in ``area`` (in ``order``, under its heading of ``heads``): (the chips' text size,
    [(seat, column, chips)]), the first of the sizes and chip widths tried (16 px where the room allows, else
    14, else 13; chips narrower, more to a row) at which every column's chips end inside ``area`` (the last
    tried beyond that)."""
    n = max(1, len(order))
    cw = (area.w - 24 * (n - 1)) // n
    top = area.y + max(T.line_height(size, bold=True) * len(lines) for size, lines in
                       (heading(h, cw) for h in heads)) + 6
    for px, least_w in ((16, 220), (SIZE, CHIP_MIN_W), (SIZE, 150), (LEAST, 150), (LEAST, 128)):
        cols = [(p, pygame.Rect(area.x + k * (cw + 24), area.y, cw, area.h),
                 _chips(state, p, area.x + k * (cw + 24), top, cw, px, least_w)) for k, p in enumerate(order)]
        if all(not chips or chips[-1].rect.bottom <= area.bottom for _, _, chips in cols):
            break
    return px, cols


class ResultsScene(SharedResults):
    """The shared results, and under the buttons each player's cards in play with the points they gave."""

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__(cfg, session)
        st = session.state
        result = session.adapter.result(st)
        winners = result.get("winners") or []
        scores = st.scores()
        self.order = sorted(range(session.players), key=lambda p: (p not in winners, -scores[p]))
        below = max(w.rect.bottom for w in self.root.children)
        self.cards_box = pygame.Rect(40, below + 20, 1520, 900 - 16 - (below + 20))
        inner = self.cards_box.inflate(-32, -24)
        head = T.line_height("small") + 6
        pts = [st.points(p) for p in range(session.players)]
        self.heads = {p: f"{self.who[p]}: {pts[p]} point{'s' if pts[p] != 1 else ''}" for p in self.order}
        self.px, self.cols = columns(st, self.order, [self.heads[p] for p in self.order],
                                     pygame.Rect(inner.x, inner.y + head, inner.w, inner.h - head))

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, self.cards_box, fill="slate")
        inner = self.cards_box.inflate(-32, -24)
        T.draw_text(surface, HEAD, inner.topleft, "small", "text_dim")
        for p, col, chips in self.cols:
            size, lines = heading(self.heads[p], col.w)
            for k, line in enumerate(lines):
                T.draw_text(surface, line, (col.x, col.y + k * T.line_height(size, bold=True)), size, "text",
                            bold=True)
            for chip in chips:
                _draw_chip(surface, chip, self.px)


def _draw_chip(surface: pygame.Surface, chip: Chip, px: int) -> None:
    pygame.draw.rect(surface, chip.rgb, chip.rect, border_radius=6)
    lh = T.line_height(px)
    y = chip.rect.centery - lh * len(chip.lines) // 2
    for line in chip.lines:
        T.draw_text(surface, line, (chip.rect.x + 8, y), px, (252, 248, 236))
        y += lh
    if chip.points:  # in a dark pill: it reads on every kind's colour
        pill = pygame.Rect(0, 0, _points_w(px) - 2, min(chip.rect.h - 4, T.line_height(px) + 2))
        pill.midright = (chip.rect.right - 3, chip.rect.centery)
        pygame.draw.rect(surface, (52, 44, 36), pill, border_radius=5)
        T.draw_text(surface, f"{chip.points:+d}", pill.center, px, (252, 224, 140), bold=True, anchor="center")
