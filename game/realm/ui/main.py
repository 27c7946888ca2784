"""The Realm of Reckoning window, as the adapter names it (``ui_module="game.realm.ui.main"``).

The scenes live in their own modules: ``setup`` (new game), ``table_scene`` (the table, with the
bid and pay panels of ``payment``), ``results``; the renderer in ``table``, the reckoning and age
overlays in ``overlays``, the icons in ``icons``, colours and glyphs in ``look``, the game's words
in ``words``. This module exports what the shell asks for and draws the title screen's cover.
"""

from __future__ import annotations

import pygame

from . import look as L
from .results import ResultsScene
from .setup import SetupScene
from .table_scene import TableScene, public_view

__all__ = ["ResultsScene", "SetupScene", "TableScene", "draw_cover", "public_view"]


def draw_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The title screen's cover: five pillars of tucked cards in the factions' colours."""
    pygame.draw.rect(surface, L.BG_PANEL_HI, rect, border_radius=10)
    cols = list(L.FACTION_RGB.values())
    w = rect.w // 7
    for i, rgb in enumerate(cols):
        x = rect.x + w // 2 + i * (w + w // 4)
        base = rect.bottom - 40
        for k in range(4 - abs(2 - i) + 1):
            card = pygame.Rect(x, base - 26 * k - 40, w, 34)
            pygame.draw.rect(surface, L.shade(rgb, 0.55 + 0.1 * k), card, border_radius=5)
            pygame.draw.rect(surface, L.PARCHMENT, card, 2, border_radius=5)
        pygame.draw.polygon(surface, L.GOLD, [(x + w // 2, rect.y + 24), (x + w // 2 - 10, rect.y + 44),
                                               (x + w // 2 + 10, rect.y + 44)])
