"""Button: a label, an optional icon and shortcut key, an action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from .. import text as T
from .. import theme as TH
from ..theme import Icon
from .base import (
    RectLike,
    Widget,
    draw_shadow,
    event_pos,
    key_label,
)


class Button(Widget):
    """A push button: hover, pressed and disabled looks, an optional keyboard shortcut and icon.

    ``style`` is ``"primary"`` (gold), ``"secondary"`` (slate), ``"danger"`` or ``"ghost"``.
    The click fires on release inside the button after a press inside it, or on the shortcut key.
    """

    def __init__(self, text: str, rect: RectLike, on_click: Callable[[], Any] | None = None, *,
                 shortcut: int | None = None, style: str = "secondary", icon: Icon | None = None,
                 size: int | str = "body", show_hint: bool = True, key_words: str = "", **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.text = text
        self.on_click = on_click
        self.shortcut = shortcut
        self.key_words = key_words  # the badge's words for a key its owner handles ("Ctrl+Z"); else the shortcut's
        self.style = style
        self.icon = icon
        self.size = size
        self.show_hint = show_hint
        self.pressed = False
        self._flash = 0.0
        self._flash_drawn = False  # the last drawing showed the flash
        self.clicks = 0

    def click(self) -> bool:
        """Fire the button as if clicked (only if visible and enabled)."""
        if not self.interactive():
            return False
        self.clicks += 1
        if self.on_click is not None:
            self.on_click()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            self.pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.contains(event_pos(event) or (-1, -1)):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed:
                self.pressed = False
                if self.contains(event_pos(event) or (-1, -1)):
                    self.click()
                return True
        elif event.type == pygame.MOUSEMOTION and self.pressed:
            return True
        elif event.type == pygame.KEYDOWN and self.shortcut is not None and event.key == self.shortcut:
            self._flash = 0.12
            self.click()
            return True
        return False

    def update(self, dt: float) -> None:
        self._flash = max(0.0, self._flash - dt)

    @property
    def animating(self) -> bool:
        return self._flash > 0 or self._flash_drawn  # and once more when the flash is over

    def _colours(self) -> tuple[TH.Colour, TH.Colour, TH.Colour | None]:
        c = TH.current().colours
        down = (self.pressed and self.hovered) or self._flash > 0
        if not self.enabled:
            return c.slate_dark, c.text_disabled, c.slate
        if self.style == "primary":
            fill = c.gold_dark if down else (c.gold_light if self.hovered else c.gold)
            return fill, c.ink, TH.shade(c.gold_dark, 0.8)
        if self.style == "danger":
            fill = TH.shade(c.bad, 0.75) if down else (TH.shade(c.bad, 1.12) if self.hovered else c.bad)
            return fill, (252, 246, 236), TH.shade(c.bad, 0.5)
        if self.style == "ghost":
            fill = c.slate_dark if down else (c.slate if self.hovered else c.background)
            return fill, c.gold_light if self.hovered else c.text, c.border if self.hovered else None
        fill = c.slate_dark if down else (TH.shade(c.slate_light, 1.1) if self.hovered else c.slate_light)
        return fill, c.text, c.gold if self.hovered else c.border

    def draw(self, surface: pygame.Surface) -> None:
        th = TH.current()
        fill, ink, edge = self._colours()
        down = (self.pressed and self.hovered) or self._flash > 0
        self._flash_drawn = self._flash > 0
        r = self.rect.move(0, 2) if down else self.rect
        radius = min(th.radius, r.h // 2)
        if self.enabled and self.style != "ghost" and not down:
            draw_shadow(surface, r, radius, blur=4, offset=(0, 3), alpha=90)
        pygame.draw.rect(surface, fill, r, border_radius=radius)
        if self.enabled and not down and self.style != "ghost":
            pygame.draw.line(surface, TH.shade(fill, 1.25), (r.x + radius, r.y + 1), (r.right - radius, r.y + 1))
        if edge is not None:
            pygame.draw.rect(surface, edge, r, 1 if not self.hovered else 2, border_radius=radius)
        # contents: [icon] text   [hint]
        hint = (self.key_words or (key_label(self.shortcut) if self.shortcut is not None else "")) \
            if self.show_hint else ""
        icon_w = int(r.h * 0.5) + 8 if self.icon else 0
        hint_w = T.text_size(hint, "tiny", bold=True)[0] + 12 if hint else 0
        inner = r.inflate(-2 * th.padding, 0)
        room = inner.w - icon_w
        if T.text_size(self.text, self.size, bold=True)[0] <= r.w - 8 - icon_w:
            room = r.w - 8 - icon_w  # a short label ("+") may use the padding
        # never cut: a long label steps down to 13 px, then wraps (give the button the height for two lines)
        px, lines = T.whole_lines(self.text, room, self.size, bold=True)
        tw = max(T.text_size(line, px, bold=True)[0] for line in lines)
        if hint and tw + icon_w + hint_w + 8 <= inner.w:
            cap = pygame.Rect(0, 0, hint_w, T.line_height("tiny") + 4)
            cap.midright = (inner.right, r.centery)
            pygame.draw.rect(surface, TH.shade(fill, 0.82), cap, border_radius=4)
            pygame.draw.rect(surface, TH.shade(ink, 0.8) if self.enabled else th.colours.text_disabled, cap, 1,
                             border_radius=4)
            T.draw_text(surface, hint, cap.center, "tiny", ink, bold=True, anchor="center")
            inner.w -= hint_w + 6
        total = tw + icon_w
        x = inner.centerx - total // 2
        if self.icon:
            self.icon.draw(surface, (x + icon_w // 2 - 4, r.centery), r.h * 0.25)
            x += icon_w
        step = T.line_height(px, bold=True)
        y = r.centery - (step * (len(lines) - 1) + T.font(px, bold=True).get_height()) // 2
        for line in lines:
            T.draw_text(surface, line, (x + tw // 2, y), px, ink, bold=True, anchor="midtop")
            y += step


# ---------------------------------------------------------------------------- tooltips
