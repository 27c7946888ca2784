"""The large view of one card: its face at full size beside its whole text in words, over a dimmed table.

Opened by a right-click on any card (or V while the mouse rests on one): in play, in a hand, in the
centre, a discard pile, a draft pack or a match's pool. Any click or key closes it.
"""

from __future__ import annotations

import re
from typing import Any

import pygame

from game.shell import text as T
from game.shell.widgets import draw_panel

from . import look as L

FACE = (300, 420)
FOOT = "Any click or key closes this view."


def view_box(canvas: tuple[int, int]) -> pygame.Rect:
    box = pygame.Rect(0, 0, 1000, FACE[1] + 96)
    box.center = (canvas[0] // 2, canvas[1] // 2)
    return box


def draw_card_view(surface: pygame.Surface, cd: Any, words: str) -> pygame.Rect:
    """The card ``cd`` large, and ``words`` (its whole text, what is on it, whether it is tapped) beside it."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((10, 8, 14, 190))
    surface.blit(shade, (0, 0))
    box = view_box(surface.get_size())
    draw_panel(surface, box, fill=(50, 44, 62), border="gold", radius=14)
    face = pygame.Rect(box.x + 24, box.y + 24, *FACE)
    with T.registry.within(face):
        for px in (26, 23, 20, 18, 16):  # the largest text at which every ability shows
            img = pygame.Surface(face.size, pygame.SRCALPHA)
            before = len(T.registry.items)
            if L.draw_card(img, img.get_rect(), cd, px=px) or px == 16:
                break
            del T.registry.items[before:]
        for k in range(before, len(T.registry.items)):  # the face's texts where the face is
            d = T.registry.items[k]
            T.registry.items[k] = T.DrawnText(d.text, d.rect.move(face.topleft), face, None)
        surface.blit(img, face)
    text = pygame.Rect(face.right + 28, box.y + 28, box.right - face.right - 52, box.h - 80)
    words = re.sub(r"\. (?=(?:Action|Reaction)\b)", ".\n", words)  # a power to a line
    T.draw_wrapped(surface, words, text, "body", "text", spacing=4)
    T.draw_text(surface, FOOT, (box.right - 24, box.bottom - 14), "small", "text_dim", anchor="bottomright")
    return box
