"""Realm of Reckoning's icons, drawn as vector shapes (Unicode glyphs read poorly at card size).

Each of the 11 card icons, the influence arrow and the wild icon has its own silhouette, so they
read without colour: ``draw_icon(surface, name, centre, size, colour)``. Names are the content's
icon ids (``map``, ``key``, ``spirit``, ``open_eye``, ``closed_eye``, ``purse``, ``stone``,
``crown``, ``sword``, ``tower``, ``chalice``) plus ``influence`` and ``wild``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

OUTLINE = (20, 16, 12)
ICON_NAMES = ("map", "key", "spirit", "open_eye", "closed_eye", "purse", "stone", "crown", "sword", "tower",
              "chalice", "influence", "wild")

Point = tuple[float, float]
_Pen = Callable[[list[Point]], list[tuple[int, int]]]


def _poly(surf: pygame.Surface, pts: list[tuple[int, int]], fg: tuple, line: int) -> None:
    pygame.draw.polygon(surf, fg, pts)
    pygame.draw.polygon(surf, OUTLINE, pts, line)


def _line(surf: pygame.Surface, a: tuple[int, int], b: tuple[int, int], fg: tuple, w: int) -> None:
    pygame.draw.line(surf, OUTLINE, a, b, w + 2)
    pygame.draw.line(surf, fg, a, b, w)


def _circle(surf: pygame.Surface, c: tuple[int, int], r: float, fg: tuple, line: int) -> None:
    r = max(1, round(r))
    pygame.draw.circle(surf, OUTLINE, c, r + line)
    pygame.draw.circle(surf, fg, c, r)


def _arc_points(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, k: int = 10) -> list[Point]:
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / k), cy + ry * math.sin(a0 + (a1 - a0) * i / k))
            for i in range(k + 1)]


def draw_icon(surf: pygame.Surface, name: str, centre: tuple[int, int], size: int, fg: tuple) -> None:
    """Draw icon ``name`` in a ``size`` square centred on ``centre``."""
    h = size / 2
    cx, cy = centre
    line = 1

    def P(pts: list[Point]) -> list[tuple[int, int]]:  # unit square [-1, 1] to the screen
        return [(round(cx + x * h), round(cy + y * h)) for x, y in pts]

    def Q(x: float, y: float) -> tuple[int, int]:
        return (round(cx + x * h), round(cy + y * h))

    w = max(1, round(size / 8))
    if name == "map":  # a map folded in three: a zigzag of panels
        _poly(surf, P([(-0.95, -0.6), (-0.35, -0.85), (0.3, -0.6), (0.95, -0.85), (0.95, 0.6), (0.3, 0.85),
                       (-0.35, 0.6), (-0.95, 0.85)]), fg, line)
        pygame.draw.line(surf, OUTLINE, Q(-0.35, -0.85), Q(-0.35, 0.6), 1)
        pygame.draw.line(surf, OUTLINE, Q(0.3, -0.6), Q(0.3, 0.85), 1)
    elif name == "key":  # standing up: a ring on top, a shaft down and two teeth to its right (lying down, its
        # shaft and teeth read as the closed eye's lid and lashes at 14-18 px: play-test t1)
        _line(surf, Q(-0.1, -0.2), Q(-0.1, 0.95), fg, w)
        _line(surf, Q(-0.1, 0.85), Q(0.45, 0.85), fg, w)
        _line(surf, Q(-0.1, 0.5), Q(0.35, 0.5), fg, w)
        _circle(surf, Q(-0.1, -0.5), 0.45 * h, fg, line)
        pygame.draw.circle(surf, OUTLINE, Q(-0.1, -0.5), max(1, round(0.17 * h)))
    elif name == "spirit":  # a flame: a drop with a curling tip
        pts = _arc_points(0, 0.3, 0.6, 0.6, 0, math.pi)
        _poly(surf, P([*pts, (-0.5, -0.1), (-0.1, -0.95), (0.05, -0.35), (0.35, -0.7), (0.6, 0.1)]), fg, line)
    elif name == "open_eye":  # a wide almond, filled, with a big dark iris and a light glint: solid and round
        edge = [k / 6 - 1 for k in range(13)]  # x from -1 to 1: the lids meet at the corners
        _poly(surf, P([(x, -0.7 * (1 - x * x)) for x in edge] + [(-x, 0.7 * (1 - x * x)) for x in edge]), fg, line)
        pygame.draw.circle(surf, OUTLINE, Q(0, 0), max(3, round(0.46 * h)))
        pygame.draw.circle(surf, (250, 248, 240), Q(0.16, -0.16), max(1, round(0.13 * h)))
    elif name == "closed_eye":  # only lines, no fill: a lid curved down like a shut eye, lashes hanging from it
        pts = P(_arc_points(0, -0.45, 0.95, 0.75, 0.25, math.pi - 0.25))
        pygame.draw.lines(surf, OUTLINE, False, pts, w + 2)
        pygame.draw.lines(surf, fg, False, pts, w)
        for x in (-0.6, 0, 0.6):
            base_y = -0.45 + 0.75 * math.sqrt(max(0.0, 1 - (x / 0.95) ** 2))
            _line(surf, Q(x, base_y), Q(x * 1.25, base_y + 0.6), fg, max(1, w - 1))
    elif name == "purse":  # a round sack tied at the neck
        _circle(surf, Q(0, 0.3), 0.62 * h, fg, line)
        _poly(surf, P([(-0.25, -0.3), (0.25, -0.3), (0.5, -0.9), (-0.5, -0.9)]), fg, line)
        pygame.draw.line(surf, OUTLINE, Q(-0.35, -0.3), Q(0.35, -0.3), max(1, w))
    elif name == "stone":  # a rough rock with a facet
        _poly(surf, P([(-0.9, 0.55), (-0.7, -0.3), (-0.2, -0.75), (0.5, -0.6), (0.95, 0.0), (0.8, 0.6),
                       (0.1, 0.8)]), fg, line)
        pygame.draw.lines(surf, OUTLINE, False, P([(-0.7, -0.3), (-0.1, -0.05), (0.95, 0.0)]), 1)
        pygame.draw.line(surf, OUTLINE, Q(-0.1, -0.05), Q(0.1, 0.8), 1)
    elif name == "crown":  # three points on a band
        _poly(surf, P([(-0.9, 0.7), (-0.9, -0.55), (-0.45, 0.0), (0.0, -0.85), (0.45, 0.0), (0.9, -0.55),
                       (0.9, 0.7)]), fg, line)
        pygame.draw.line(surf, OUTLINE, Q(-0.9, 0.35), Q(0.9, 0.35), 1)
    elif name == "sword":  # a blade point up, a cross guard and a grip
        _poly(surf, P([(-0.14, 0.35), (-0.14, -0.7), (0.0, -0.98), (0.14, -0.7), (0.14, 0.35)]), fg, line)
        _line(surf, Q(-0.55, 0.4), Q(0.55, 0.4), fg, w)
        _line(surf, Q(0, 0.45), Q(0, 0.9), fg, w)
    elif name == "tower":  # a keep with battlements and a door
        _poly(surf, P([(-0.6, 0.95), (-0.6, -0.5), (-0.8, -0.5), (-0.8, -0.95), (-0.45, -0.95), (-0.45, -0.7),
                       (-0.15, -0.7), (-0.15, -0.95), (0.15, -0.95), (0.15, -0.7), (0.45, -0.7), (0.45, -0.95),
                       (0.8, -0.95), (0.8, -0.5), (0.6, -0.5), (0.6, 0.95)]), fg, line)
        pygame.draw.rect(surf, OUTLINE, pygame.Rect(Q(-0.2, 0.4), (max(2, round(0.4 * h)), max(2, round(0.55 * h)))))
    elif name == "chalice":  # a bowl on a stem and a foot
        bowl = _arc_points(0, -0.55, 0.8, 0.85, 0, math.pi)
        _poly(surf, P([(0.8, -0.55), *bowl[1:-1], (-0.8, -0.55)]), fg, line)
        _line(surf, Q(0, 0.3), Q(0, 0.75), fg, w)
        _poly(surf, P([(-0.55, 0.95), (-0.2, 0.7), (0.2, 0.7), (0.55, 0.95)]), fg, line)
    elif name == "influence":  # the influence arrow: a broad arrow pointing up
        _poly(surf, P([(0, -0.95), (0.85, 0.05), (0.35, 0.05), (0.35, 0.9), (-0.35, 0.9), (-0.35, 0.05),
                       (-0.85, 0.05)]), fg, line)
    elif name == "wild":  # an eight-pointed star: any one icon of the pillar
        pts = []
        for i in range(16):
            r = 0.98 if i % 2 == 0 else 0.4
            a = -math.pi / 2 + i * math.pi / 8
            pts.append((r * math.cos(a), r * math.sin(a)))
        _poly(surf, P(pts), fg, line)
    else:
        raise KeyError(f"no icon named {name!r}")


def icon_name(content: object, icon: int) -> str:
    """The drawing's name of a card icon index (-1 is the wild icon)."""
    return "wild" if icon == -1 else content.icon_ids[icon]  # type: ignore[attr-defined]

