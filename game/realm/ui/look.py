"""Realm of Reckoning's look: colours, glyphs and fonts (one place for each)."""

from __future__ import annotations

import pygame

from game.shell.text import draw_text, draw_whole, draw_wrapped, fit, line_height, registry, text_size, wrap  # noqa: F401

BG = (24, 26, 33)
BG_PANEL = (38, 41, 52)
BG_PANEL_HI = (52, 56, 70)
PARCHMENT = (236, 224, 196)
PARCHMENT_DARK = (208, 192, 158)
INK = (40, 32, 24)
TEXT = (232, 228, 216)
TEXT_DIM = (160, 158, 150)
GOLD = (222, 182, 84)
GOOD = (120, 200, 120)
BAD = (226, 96, 88)
HILITE = (255, 236, 150)

# faction colours and letters (players are drawn as discs with a letter)
# colours no pillar uses (pillars: teal, pink, blue, yellow, red), and two letters, so a player's
# disc never reads as a pillar's badge (the Guilded are "Gu", Guidance is "G")
FACTION_RGB = {
    "watchers": (168, 132, 236),  # lavender
    "remnants": (176, 124, 84),  # bronze
    "archivists": (226, 226, 218),  # bone white
    "guilded": (244, 146, 44),  # orange
    "veil_wardens": (150, 206, 72),  # lime
}
FACTION_LETTER = {"watchers": "Wa", "remnants": "Re", "archivists": "Ar", "guilded": "Gu", "veil_wardens": "Ve"}

# the icons as text characters: the window draws them as shapes (icons.py), these are only a
# plain-text fallback; kept distinct from the resource glyphs below
ICON_GLYPH = {
    "map": "\u25a6", "key": "\u26b7", "spirit": "\u2727", "open_eye": "\u25c9", "closed_eye": "\u2296",
    "purse": "\u26c1", "stone": "\u2b22", "crown": "\u265b", "sword": "\u2694", "tower": "\u265c",
    "chalice": "\u26b1", "wild": "\u2726",
}
# resources, never the glyph of a card icon (the Coin Purse is \u26c1, the Sword \u2694)
COIN = "\u00a4"
MERC = "\u265e"
ACTION_WORD = ("Deploy", "Gather", "Hire", "Recruit")
ACTION_NOUN = ("acolytes", "coins", "mercenaries", "warden")
ARROW = "\u25b2"


def text(surface: pygame.Surface, s: str, pos: tuple[int, int], size: int = 16, colour: tuple = TEXT,
         bold: bool = False, serif: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """One line of text, through the shell's cached renderer (and its drawn-text registry)."""
    return draw_text(surface, s, pos, size=size, colour=colour, bold=bold, display=serif, anchor=anchor)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple = BG_PANEL, radius: int = 10,
          border: tuple | None = None, shadow: bool = True) -> None:
    if shadow:
        sh = pygame.Surface((rect.w + 8, rect.h + 8), pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 70), sh.get_rect(), border_radius=radius + 4)
        surface.blit(sh, (rect.x - 2, rect.y + 2))
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, 2, border_radius=radius)


def shade(rgb: tuple, k: float) -> tuple[int, int, int]:
    if k >= 1:
        return tuple(min(255, int(c + (255 - c) * (k - 1))) for c in rgb)  # type: ignore[return-value]
    return tuple(int(c * k) for c in rgb)  # type: ignore[return-value]


def disc(surface: pygame.Surface, centre: tuple[int, int], r: int, rgb: tuple, letter: str = "",
         outline: tuple = (20, 20, 20)) -> None:
    pygame.draw.circle(surface, outline, centre, r + 2)
    pygame.draw.circle(surface, rgb, centre, r)
    if letter:
        size = max(13, int(r * 1.1)) if len(letter) == 1 else max(13, int(r * 0.85))  # never under 13 px
        text(surface, letter, centre, size, INK, bold=True, anchor="center")


def badge(surface: pygame.Surface, rect: pygame.Rect, rgb: tuple, letter: str) -> None:
    """A pillar badge: a rounded square with the pillar's letter (never colour alone)."""
    pygame.draw.rect(surface, (20, 20, 20), rect.inflate(3, 3), border_radius=5)
    pygame.draw.rect(surface, rgb, rect, border_radius=4)
    text(surface, letter, rect.center, max(13, int(rect.h * 0.7)), INK, bold=True, anchor="center")


def box(rect: pygame.Rect | tuple):
    """``with box(rect):`` the texts drawn inside belong in ``rect`` (checked by the layout tests)."""
    return registry.within(rect)


def whole(surface: pygame.Surface, s: str, rect: pygame.Rect, size: int = 16, colour: tuple = TEXT,
          bold: bool = False, least: int = 13) -> pygame.Rect:
    """``s`` whole in ``rect``, never cut: on one line at ``size`` or smaller (down to ``least``), else wrapped
    at ``least`` over as many lines as it takes (the rect's height should hold two); centred on the rect's
    height, from its left."""
    return draw_whole(surface, s, rect, size, colour, bold=bold, least=least, align="left")  # the shell's, now
