"""The widget base: Widget, Container, Panel, Label, and the drawing and layout helpers."""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

import pygame

from .. import text as T
from .. import theme as TH

RectLike = pygame.Rect | tuple[int, int, int, int]
MOUSE_BUTTONS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

_KEY_NAMES = {"return": "Enter", "escape": "Esc", "space": "Space", "backspace": "Bksp", "tab": "Tab",
              "left": "\u2190", "right": "\u2192", "up": "\u2191", "down": "\u2193"}


def key_label(key: int) -> str:
    """A short human name for a pygame key code ("Enter", "Space", "A")."""
    name = pygame.key.name(key)
    return _KEY_NAMES.get(name, name.upper() if len(name) == 1 else name.title())


def event_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    pos = getattr(event, "pos", None)
    return (int(pos[0]), int(pos[1])) if pos is not None else None


# ---------------------------------------------------------------------------- drawing helpers

@lru_cache(maxsize=128)
def _shadow(w: int, h: int, radius: int, blur: int, alpha: int) -> pygame.Surface:
    pad = blur * 2
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, alpha), (pad, pad, w, h), border_radius=radius)
    if blur > 0:
        # blur a quarter-size copy (fast even for full-screen panels), then scale it back up
        k = 4 if min(w, h) >= 32 else 1
        small = pygame.transform.smoothscale(surf, (max(1, surf.get_width() // k), max(1, surf.get_height() // k)))
        gauss = getattr(pygame.transform, "gaussian_blur", None)
        if gauss is not None:
            with contextlib.suppress(ValueError, pygame.error):
                small = gauss(small, max(1, blur // k))
        surf = pygame.transform.smoothscale(small, surf.get_size())
    return surf


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int | None = None, blur: int | None = None,
                offset: tuple[int, int] | None = None, alpha: int | None = None) -> None:
    """A soft drop shadow under ``rect``."""
    th = TH.current()
    radius = th.radius if radius is None else radius
    blur = th.shadow_blur if blur is None else blur
    ox, oy = th.shadow_offset if offset is None else offset
    a = th.colours.shadow[3] if alpha is None else alpha
    img = _shadow(rect.w, rect.h, radius, blur, a)
    surface.blit(img, (rect.x - blur * 2 + ox, rect.y - blur * 2 + oy))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fill: TH.Colour | str = "slate",
               border: TH.Colour | str | None = "border", radius: int | None = None, shadow: bool = True,
               border_width: int = 1, highlight: bool = True) -> None:
    """A rounded panel with a soft shadow, a thin border and a faint top highlight."""
    th = TH.current()
    radius = th.radius if radius is None else radius
    if shadow:
        draw_shadow(surface, rect, radius)
    rgb = th.colour(fill)
    pygame.draw.rect(surface, rgb, rect, border_radius=radius)
    if highlight and rect.h > 2 * radius:
        hi = pygame.Rect(rect.x + radius // 2, rect.y + 1, rect.w - radius, 1)
        pygame.draw.rect(surface, TH.shade(rgb, 1.18), hi)
    if border is not None:
        pygame.draw.rect(surface, th.colour(border), rect, border_width, border_radius=radius)


# ---------------------------------------------------------------------------- base classes

class Widget:
    text: str = ""

    def __init__(self, rect: RectLike = (0, 0, 0, 0), *, tooltip: str | None = None, visible: bool = True,
                 enabled: bool = True, name: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip
        self.visible = visible
        self.enabled = enabled
        self.name = name
        self.parent: Container | None = None
        self.hovered = False

    def __repr__(self) -> str:
        label = self.text or self.name
        return f"<{type(self).__name__} {label!r} {tuple(self.rect)}>"

    @property
    def children(self) -> list[Widget]:
        return []

    @property
    def animating(self) -> bool:
        """True while this widget's picture changes by itself (a blinking caret, a moving stripe, a
        key's flash), so its scene must be drawn again; input redraws anyway. False here."""
        return False

    def walk(self) -> Iterator[Widget]:
        """This widget and every descendant, parents first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def interactive(self) -> bool:
        return self.visible and self.enabled

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            pos = event_pos(event)
            self.hovered = pos is not None and self.visible and self.contains(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.visible and self.tooltip and self.contains(pos):
            return self.tooltip
        return None

    def center_in(self, area: pygame.Rect) -> Widget:
        self.move_to(area.centerx - self.rect.w // 2, area.centery - self.rect.h // 2)
        return self

    def move_to(self, x: int, y: int) -> None:
        self.rect.topleft = (x, y)


class Container(Widget):
    """Holds child widgets; draws them in order, offers events topmost first."""

    def __init__(self, rect: RectLike = (0, 0, 0, 0), children: Sequence[Widget] = (), **kw: Any) -> None:
        super().__init__(rect, **kw)
        self._children: list[Widget] = []
        for c in children:
            self.add(c)

    @property
    def children(self) -> list[Widget]:
        return self._children

    def add(self, widget: Widget) -> Widget:
        widget.parent = self
        self._children.append(widget)
        return widget

    def remove(self, widget: Widget) -> None:
        if widget in self._children:
            self._children.remove(widget)
            widget.parent = None

    def clear(self) -> None:
        for w in self._children:
            w.parent = None
        self._children = []

    def move_to(self, x: int, y: int) -> None:
        dx, dy = x - self.rect.x, y - self.rect.y
        super().move_to(x, y)
        for c in self._children:
            c.move_to(c.rect.x + dx, c.rect.y + dy)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.visible:
            return False
        kids = list(reversed(self._children))
        if event.type == pygame.MOUSEMOTION:
            used = False
            for c in kids:
                used = c.handle_event(event) or used
            return used
        if not self.enabled:
            return False
        return any(c.handle_event(event) for c in kids if c.visible)

    def update(self, dt: float) -> None:
        for c in list(self._children):
            c.update(dt)

    @property
    def animating(self) -> bool:
        return any(c.visible and c.animating for c in self._children)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        with T.registry.within(self.rect):
            self.draw_self(surface)
        for c in self._children:
            if c.visible:
                with T.registry.within(c.rect):  # a child's words belong inside the child
                    c.draw(surface)

    def draw_self(self, surface: pygame.Surface) -> None:
        pass

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if not self.visible:
            return None
        for c in reversed(self._children):
            tip = c.tooltip_at(pos)
            if tip:
                return tip
        return super().tooltip_at(pos)


class Panel(Container):
    """A rounded panel with a soft shadow and an optional title."""

    def __init__(self, rect: RectLike, children: Sequence[Widget] = (), *, fill: TH.Colour | str = "slate",
                 border: TH.Colour | str | None = "border", title: str = "", shadow: bool = True,
                 radius: int | None = None, **kw: Any) -> None:
        super().__init__(rect, children, **kw)
        self.fill, self.border, self.title, self.shadow, self.radius = fill, border, title, shadow, radius
        self.text = title

    def content_rect(self) -> pygame.Rect:
        """The inside of the panel, below the title."""
        pad = TH.current().padding
        top = pad + (T.line_height("large", display=True) + 6 if self.title else 0)
        return pygame.Rect(self.rect.x + pad, self.rect.y + top, self.rect.w - 2 * pad, self.rect.h - top - pad)

    def draw_self(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, self.fill, self.border, self.radius, self.shadow)
        if self.title:
            th = TH.current()
            on = th.colour(self.fill)
            colour = th.colours.ink if sum(on[:3]) > 400 else th.colours.gold_light
            r = T.draw_text(surface, self.title, (self.rect.x + th.padding, self.rect.y + th.padding - 2), "large",
                            colour, display=True)
            pygame.draw.line(surface, TH.shade(th.colour(self.border or "border"), 1.0),
                             (self.rect.x + th.padding, r.bottom + 3), (self.rect.right - th.padding, r.bottom + 3))


# ---------------------------------------------------------------------------- text

class Label(Widget):
    """Text, one line or wrapped to the rect's width. A zero-size rect grows to fit one line."""

    def __init__(self, text: str, pos_or_rect: tuple[int, int] | RectLike = (0, 0), *, size: int | str = "body",
                 colour: TH.Colour | str = "text", bold: bool = False, display: bool = False, align: str = "left",
                 wrap: bool = False, valign: str = "top", **kw: Any) -> None:
        rect = pygame.Rect(pos_or_rect if len(pos_or_rect) == 4 else (*pos_or_rect, 0, 0))
        super().__init__(rect, **kw)
        self.size, self.colour, self.bold, self.display = size, colour, bold, display
        self.align, self.wrap, self.valign = align, wrap, valign
        self._auto = rect.w == 0 and rect.h == 0
        self.set_text(text)

    def set_text(self, text: str) -> None:
        self.text = text
        if self._auto:
            w, h = T.text_size(text, self.size, self.bold, self.display)
            self.rect.size = (w, h)
        elif self.wrap and self.rect.h == 0:
            self.rect.h = T.wrapped_height(text, self.rect.w, self.size, self.bold)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.text:
            return
        if self.wrap:
            T.draw_wrapped(surface, self.text, self.rect, self.size, self.colour, self.bold, self.display,
                           self.align, self.valign)
            return
        anchor = {"left": "midleft", "center": "center", "right": "midright"}[self.align]
        pos = {"left": self.rect.midleft, "center": self.rect.center, "right": self.rect.midright}[self.align]
        T.draw_text(surface, self.text, pos, self.size, self.colour, self.bold, self.display, anchor)


# ---------------------------------------------------------------------------- buttons

def row(widgets: Sequence[Widget], x: int, y: int, gap: int = 12) -> int:
    """Place widgets left to right from (x, y); returns the x after the last one."""
    for w in widgets:
        w.move_to(x, y)
        x += w.rect.w + gap
    return x - gap


def column(widgets: Sequence[Widget], x: int, y: int, gap: int = 12) -> int:
    """Place widgets top to bottom from (x, y); returns the y after the last one."""
    for w in widgets:
        w.move_to(x, y)
        y += w.rect.h + gap
    return y - gap


def pulse(t: float, period: float = 1.6) -> float:
    """0..1..0 over ``period`` seconds: for a gently glowing highlight."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (t % period) / period)
