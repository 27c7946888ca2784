"""TooltipManager: the app-level tooltip that follows the mouse."""

from __future__ import annotations

import math

import pygame

from .. import text as T
from .. import theme as TH
from .base import (
    draw_panel,
)


class TooltipManager:
    """Shows a tooltip after the mouse rests on something for ``delay`` seconds.

    The app calls :meth:`update` every frame with the mouse position and the
    tooltip text under it (from the scene stack) and :meth:`draw` last. The tip
    follows the mouse, wraps to ``max_width``, honours ``\\n`` and stays on screen.
    A mouse press hides it until the mouse moves to something else.
    """

    def __init__(self, delay: float | None = None, max_width: int | None = None,
                 screen: tuple[int, int] = (1600, 900)) -> None:
        th = TH.current()
        self.delay = th.tooltip_delay if delay is None else delay
        self.max_width = th.tooltip_width if max_width is None else max_width
        self.screen = screen
        self.candidate: str | None = None
        self.timer = 0.0
        self.pos = (0, 0)
        self.suppressed = False
        self.owner: pygame.Rect | None = None  # the widget the tip belongs to: the tip goes beside it
        self.avoid: list[pygame.Rect] = []  # the other controls on screen: the tip never covers them
        self.keep_clear: list[pygame.Rect] = []  # what a layer keeps in view (a guide's outlines and panel)

    @property
    def visible_text(self) -> str | None:
        if self.candidate and not self.suppressed and self.timer >= self.delay:
            return self.candidate
        return None

    def notify_press(self) -> None:
        self.suppressed = True

    def update(self, dt: float, pos: tuple[int, int], text: str | None,
               owner: tuple[pygame.Rect, list[pygame.Rect]] | None = None,
               keep_clear: list[pygame.Rect] | None = None) -> None:
        self.pos = pos
        self.keep_clear = list(keep_clear or [])
        self.owner, self.avoid = owner if owner is not None else (None, [])
        if text != self.candidate:
            self.candidate = text
            self.timer = 0.0
            self.suppressed = False
        elif text:
            self.timer += dt

    def rect_for(self, text: str) -> tuple[pygame.Rect, list[str]]:
        pad = 10
        lines = T.wrap(text, self.max_width - 2 * pad, "small")
        lh = T.line_height("small")
        w = max(T.text_size(line, "small")[0] for line in lines) + 2 * pad
        h = lh * len(lines) + 2 * pad - 2
        rect = pygame.Rect(self.pos[0] + 16, self.pos[1] + 22, w, h)
        sw, sh = self.screen
        if self.owner is not None:  # beside the widget, where it covers no other control
            o = self.owner
            screen = pygame.Rect(4, 4, sw - 8, sh - 8)
            places = [pygame.Rect(o.right + 10, o.y, w, h), pygame.Rect(o.x - 10 - w, o.y, w, h),
                      pygame.Rect(self.pos[0] - w // 2, o.bottom + 6, w, h),
                      pygame.Rect(self.pos[0] - w // 2, o.y - 6 - h, w, h)]
            fits = [p.clamp(screen) for p in places]
            free = [p for p in fits if not p.colliderect(o) and p.collidelist(self.avoid) < 0]
            rect = free[0] if free else next((p for p in fits if not p.colliderect(o)), fits[0])
        else:
            if rect.right > sw - 4:
                rect.right = self.pos[0] - 8
            if rect.bottom > sh - 4:
                rect.bottom = self.pos[1] - 8
        rect.clamp_ip(pygame.Rect(4, 4, sw - 8, sh - 8))
        if rect.collidelist(self.keep_clear) >= 0:
            rect = self._clear_of_the_layer(rect)
        return rect, lines

    def _clear_of_the_layer(self, rect: pygame.Rect) -> pygame.Rect:
        """The tip moved off what a layer keeps in view (:attr:`keep_clear`): of the places beside the mouse,
        its widget and the kept rectangles (left or right of each, above or below each), the one nearest the
        mouse that covers none of them, nor the mouse, the widget or the other controls; ``rect`` itself (which
        :meth:`draw` leaves out) when there is none."""
        w, h = rect.size
        x, y = self.pos
        near = ([self.owner] if self.owner is not None else []) + self.keep_clear
        xs = [x + 16, x - 16 - w] + [v for r in near for v in (r.right + 10, r.x - 10 - w)]
        ys = [y + 22, y - 8 - h] + [v for r in near for v in (r.y - 6 - h, r.bottom + 6)]
        screen = pygame.Rect(4, 4, self.screen[0] - 8, self.screen[1] - 8)
        blocked = near + self.avoid + [pygame.Rect(x - 2, y - 2, 4, 4)]
        places = {tuple(pygame.Rect(px, py, w, h).clamp(screen)) for px in xs for py in ys}
        free = [pygame.Rect(p) for p in places if pygame.Rect(p).collidelist(blocked) < 0]
        return min(free, key=lambda p: (math.dist(p.center, self.pos), p.x, p.y), default=rect)

    def draw(self, surface: pygame.Surface) -> None:
        text = self.visible_text
        if not text:
            return
        rect, lines = self.rect_for(text)
        if rect.collidelist(self.keep_clear) >= 0:
            return  # no place clear of what the layer keeps in view: no tip
        c = TH.current().colours
        draw_panel(surface, rect, "parchment", "gold_dark", radius=6)
        lh = T.line_height("small")
        with T.registry.within(rect):
            for i, line in enumerate(lines):
                T.draw_text(surface, line, (rect.x + 10, rect.y + 9 + i * lh), "small", c.ink)


# ---------------------------------------------------------------------------- scroll list
