"""A small widget set for a board-game UI.

Widgets live in logical coordinates (the app maps the mouse for them). Each
has a ``rect``, ``visible``/``enabled`` flags, an optional ``tooltip`` and a
``text`` (what a test searches for). A :class:`Container` dispatches events to
its children, topmost first: mouse motion goes to every child (so hover states
stay right), everything else stops at the first child that uses it.

Widgets: :class:`Label`, :class:`Button`, :class:`Panel`, :class:`ScrollList`,
:class:`Slider`, :class:`Stepper`, :class:`Toggle`, :class:`Choice`,
:class:`ProgressBar`, :class:`Dialog`, :class:`Curtain`; plus the app-level
:class:`TooltipManager`. Colour never carries meaning alone: buttons, toggles
and choices accept an :class:`~game.shell.theme.Icon` (shape + letter).
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from . import text as T
from . import theme as TH
from .theme import Icon

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

class Button(Widget):
    """A push button: hover, pressed and disabled looks, an optional keyboard shortcut and icon.

    ``style`` is ``"primary"`` (gold), ``"secondary"`` (slate), ``"danger"`` or ``"ghost"``.
    The click fires on release inside the button after a press inside it, or on the shortcut key.
    """

    def __init__(self, text: str, rect: RectLike, on_click: Callable[[], Any] | None = None, *,
                 shortcut: int | None = None, style: str = "secondary", icon: Icon | None = None,
                 size: int | str = "body", show_hint: bool = True, **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.text = text
        self.on_click = on_click
        self.shortcut = shortcut
        self.style = style
        self.icon = icon
        self.size = size
        self.show_hint = show_hint
        self.pressed = False
        self._flash = 0.0
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

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        tip = super().tooltip_at(pos)
        if tip is None and self.visible and self.contains(pos):  # a label cut to fit shows whole on hover
            inner = self.rect.w - 8 - (int(self.rect.h * 0.5) + 8 if self.icon else 0)
            if T.text_size(self.text, self.size, bold=True)[0] > inner:
                return self.text
        return tip

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
        hint = key_label(self.shortcut) if (self.shortcut is not None and self.show_hint) else ""
        icon_w = int(r.h * 0.5) + 8 if self.icon else 0
        hint_w = T.text_size(hint, "tiny", bold=True)[0] + 12 if hint else 0
        inner = r.inflate(-2 * th.padding, 0)
        room = inner.w - icon_w
        if T.text_size(self.text, self.size, bold=True)[0] <= r.w - 8 - icon_w:
            room = r.w - 8 - icon_w  # a short label ("+") may use the padding
        label = T.fit(self.text, room, self.size, bold=True)  # never wider than the button
        tw, th_ = T.text_size(label, self.size, bold=True)
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
        T.draw_text(surface, label, (x, r.centery), self.size, ink, bold=True, anchor="midleft")


# ---------------------------------------------------------------------------- tooltips

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

    @property
    def visible_text(self) -> str | None:
        if self.candidate and not self.suppressed and self.timer >= self.delay:
            return self.candidate
        return None

    def notify_press(self) -> None:
        self.suppressed = True

    def update(self, dt: float, pos: tuple[int, int], text: str | None,
               owner: tuple[pygame.Rect, list[pygame.Rect]] | None = None) -> None:
        self.pos = pos
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
        return rect, lines

    def draw(self, surface: pygame.Surface) -> None:
        text = self.visible_text
        if not text:
            return
        rect, lines = self.rect_for(text)
        c = TH.current().colours
        draw_panel(surface, rect, "parchment", "gold_dark", radius=6)
        lh = T.line_height("small")
        with T.registry.within(rect):
            for i, line in enumerate(lines):
                T.draw_text(surface, line, (rect.x + 10, rect.y + 9 + i * lh), "small", c.ink)


# ---------------------------------------------------------------------------- scroll list

@dataclass
class _Entry:
    text: str
    colour: TH.Colour | str | None
    icon: Icon | None
    lines: list[str] | None = None
    height: int = 0


class ScrollList(Widget):
    """A scrolling list of wrapped text entries (a game log): mouse wheel, drag, scrollbar.

    ``follow`` keeps the view at the newest entry while the user has not scrolled away.
    """

    def __init__(self, rect: RectLike, items: Sequence[str] = (), *, size: int | str = "small",
                 max_items: int = 1000, follow: bool = True, title: str = "", **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.size = size
        self.max_items = max_items
        self.follow = follow
        self.title = title
        self.text = title
        self.entries: list[_Entry] = []
        self.scroll = 0.0
        self._drag: str | None = None  # "content" or "thumb"
        self._drag_y = 0
        self._drag_scroll = 0.0
        self.pad = 10
        self.bar_w = 8
        self.gap = 4
        for it in items:
            self.append(it)

    # ---- content ---------------------------------------------------------
    @property
    def items(self) -> list[str]:
        return [e.text for e in self.entries]

    def view_rect(self) -> pygame.Rect:
        top = self.pad + (T.line_height("body", bold=True) + 6 if self.title else 0)
        return pygame.Rect(self.rect.x + self.pad, self.rect.y + top,
                           self.rect.w - 2 * self.pad - self.bar_w - 4, self.rect.h - top - self.pad)

    def _measure(self, e: _Entry) -> None:
        indent = 22 if e.icon else 0
        e.lines = T.wrap(e.text, max(10, self.view_rect().w - indent), self.size)
        e.height = T.line_height(self.size) * len(e.lines) + self.gap

    def append(self, text: str, colour: TH.Colour | str | None = None, icon: Icon | None = None) -> None:
        at_end = self.at_end()
        e = _Entry(text, colour, icon)
        self._measure(e)
        self.entries.append(e)
        if len(self.entries) > self.max_items:
            drop = self.entries.pop(0)
            self.scroll = max(0.0, self.scroll - drop.height)
        if self.follow and at_end:
            self.scroll_to_end()

    def extend(self, texts: Sequence[str]) -> None:
        for t in texts:
            self.append(t)

    def clear(self) -> None:
        self.entries = []
        self.scroll = 0.0

    def content_height(self) -> int:
        return sum(e.height for e in self.entries)

    def max_scroll(self) -> float:
        return float(max(0, self.content_height() - self.view_rect().h))

    def at_end(self) -> bool:
        return self.scroll >= self.max_scroll() - 1

    def scroll_to_end(self) -> None:
        self.scroll = self.max_scroll()

    def scroll_by(self, dy: float) -> None:
        self.scroll = min(max(0.0, self.scroll + dy), self.max_scroll())

    def _thumb(self) -> pygame.Rect | None:
        view = self.view_rect()
        total = self.content_height()
        if total <= view.h:
            return None
        track = pygame.Rect(view.right + 4, view.y, self.bar_w, view.h)
        h = max(24, int(track.h * view.h / total))
        y = track.y + int((track.h - h) * (self.scroll / self.max_scroll()))
        return pygame.Rect(track.x, y, self.bar_w, h)

    # ---- events ----------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            return False
        pos = event_pos(event)
        if event.type == pygame.MOUSEWHEEL:
            if pos is not None and self.contains(pos):
                self.scroll_by(-event.y * T.line_height(self.size) * 3)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos and self.contains(pos):
            thumb = self._thumb()
            if thumb is not None and thumb.inflate(8, 0).collidepoint(pos):
                self._drag = "thumb"
            elif thumb is not None and pos[0] >= thumb.x - 4:  # click on the track: page
                self.scroll_by(self.view_rect().h * (1 if pos[1] > thumb.centery else -1))
                return True
            else:
                self._drag = "content"
            self._drag_y, self._drag_scroll = pos[1], self.scroll
            return True
        if event.type == pygame.MOUSEMOTION and self._drag and pos:
            dy = pos[1] - self._drag_y
            if self._drag == "content":
                target = self._drag_scroll - dy
            else:
                thumb = self._thumb()
                span = self.view_rect().h - (thumb.h if thumb else 0)
                target = self._drag_scroll + (dy * self.max_scroll() / span if span > 0 else 0)
            self.scroll = min(max(0.0, target), self.max_scroll())
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    # ---- drawing ---------------------------------------------------------
    def visible_entries(self) -> list[tuple[_Entry, int]]:
        """(entry, y) for every entry at least partly in view."""
        view = self.view_rect()
        out = []
        y = view.y - int(self.scroll)
        for e in self.entries:
            if y + e.height >= view.y and y <= view.bottom:
                out.append((e, y))
            y += e.height
            if y > view.bottom:
                break
        return out

    def draw(self, surface: pygame.Surface) -> None:
        th = TH.current()
        draw_panel(surface, self.rect, "slate_dark", "border", shadow=False)
        if self.title:
            T.draw_text(surface, self.title, (self.rect.x + self.pad, self.rect.y + self.pad - 2), "body",
                        th.colours.gold_light, bold=True)
        view = self.view_rect()
        old_clip = surface.get_clip()
        surface.set_clip(view.clip(old_clip) if old_clip else view)
        lh = T.line_height(self.size)
        for e, y in self.visible_entries():
            x = view.x
            if e.icon:
                e.icon.draw(surface, (x + 8, y + lh // 2), 8)
                x += 22
            colour = e.colour or "text"
            for i, line in enumerate(e.lines or []):
                ly = y + i * lh
                if ly + lh >= view.y and ly <= view.bottom:
                    T.draw_text(surface, line, (x, ly), self.size, colour)
        surface.set_clip(old_clip)
        thumb = self._thumb()
        if thumb is not None:
            track = pygame.Rect(thumb.x, view.y, self.bar_w, view.h)
            pygame.draw.rect(surface, th.colours.slate, track, border_radius=4)
            pygame.draw.rect(surface, th.colours.gold if self._drag == "thumb" else th.colours.border, thumb,
                             border_radius=4)


# ---------------------------------------------------------------------------- numbers

class _Numeric(Widget):
    def __init__(self, rect: RectLike, value: float, lo: float, hi: float, step: float,
                 on_change: Callable[[float], Any] | None, fmt: str, **kw: Any) -> None:
        if lo > hi:
            raise ValueError(f"{type(self).__name__}: minimum {lo} is above maximum {hi}")
        super().__init__(rect, **kw)
        self.lo, self.hi, self.step = lo, hi, step
        self.on_change = on_change
        self.fmt = fmt
        self.value = self.clamp(value)

    def clamp(self, v: float) -> float:
        v = min(max(v, self.lo), self.hi)
        if self.step:
            v = self.lo + round((v - self.lo) / self.step) * self.step
            v = min(max(v, self.lo), self.hi)
        if isinstance(self.step, int) and isinstance(self.lo, int):
            v = int(round(v))
        return v

    def set_range(self, lo: float, hi: float) -> None:
        """Change the limits (e.g. a bid's maximum is the coins a player has); the value is clamped."""
        if lo > hi:
            raise ValueError(f"{type(self).__name__}: minimum {lo} is above maximum {hi}")
        self.lo, self.hi = lo, hi
        self.set_value(self.value)

    def set_value(self, v: float, notify: bool = True) -> float:
        new = self.clamp(v)
        changed = new != self.value
        self.value = new
        if changed and notify and self.on_change is not None:
            self.on_change(new)
        return new

    @property
    def value_text(self) -> str:
        return self.fmt.format(self.value)

    def _keys(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.hovered:
            if event.key in (pygame.K_LEFT, pygame.K_DOWN, pygame.K_MINUS, pygame.K_KP_MINUS):
                self.set_value(self.value - self.step)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_UP, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.set_value(self.value + self.step)
                return True
        if event.type == pygame.MOUSEWHEEL:
            pos = event_pos(event)
            if pos is not None and self.contains(pos):
                self.set_value(self.value + self.step * (1 if event.y > 0 else -1))
                return True
        return False


class Slider(_Numeric):
    """A horizontal slider with a value readout; drag, click the track, mouse wheel or arrow keys."""

    def __init__(self, rect: RectLike, value: float = 0, lo: float = 0, hi: float = 10, step: float = 1, *,
                 on_change: Callable[[float], Any] | None = None, fmt: str = "{}", label: str = "",
                 **kw: Any) -> None:
        super().__init__(rect, value, lo, hi, step, on_change, fmt, **kw)
        self.label = label
        self.text = label
        self.dragging = False

    def track_rect(self) -> pygame.Rect:
        readout = 56
        top = self.rect.y + (T.line_height("small") + 2 if self.label else 0)
        h = self.rect.bottom - top
        return pygame.Rect(self.rect.x + 12, top + h // 2 - 3, self.rect.w - 24 - readout, 6)

    def _value_at(self, x: int) -> float:
        tr = self.track_rect()
        t = (x - tr.x) / tr.w if tr.w else 0
        return self.lo + min(max(t, 0.0), 1.0) * (self.hi - self.lo)

    def knob_pos(self) -> tuple[int, int]:
        tr = self.track_rect()
        t = (self.value - self.lo) / (self.hi - self.lo) if self.hi > self.lo else 0
        return (int(tr.x + t * tr.w), tr.centery)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            self.dragging = False
            return False
        pos = event_pos(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos and self.contains(pos):
            self.dragging = True
            self.set_value(self._value_at(pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging and pos:
            self.set_value(self._value_at(pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return self._keys(event)

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        if self.label:
            T.draw_text(surface, self.label, (self.rect.x, self.rect.y), "small", c.text_dim)
        tr = self.track_rect()
        pygame.draw.rect(surface, c.slate_dark, tr.inflate(2, 2), border_radius=4)
        kx, ky = self.knob_pos()
        filled = pygame.Rect(tr.x, tr.y, kx - tr.x, tr.h)
        pygame.draw.rect(surface, c.gold_dark if self.enabled else c.slate, filled, border_radius=3)
        rad = 11 if (self.hovered or self.dragging) else 10
        knob = c.gold_light if self.dragging else (c.gold if self.enabled else c.text_disabled)
        pygame.draw.circle(surface, (0, 0, 0), (kx, ky + 2), rad)
        pygame.draw.circle(surface, knob, (kx, ky), rad)
        pygame.draw.circle(surface, TH.shade(knob, 0.55), (kx, ky), rad, 2)
        T.draw_text(surface, self.value_text, (self.rect.right - 4, tr.centery), "large",
                    c.gold_light if self.enabled else c.text_disabled, bold=True, anchor="midright")


class Stepper(_Numeric):
    """A numeric dial: [-] value [+] between limits (a sealed bid). Wheel and arrow keys step too."""

    def __init__(self, rect: RectLike, value: float = 0, lo: float = 0, hi: float = 10, step: float = 1, *,
                 on_change: Callable[[float], Any] | None = None, fmt: str = "{}", label: str = "",
                 **kw: Any) -> None:
        super().__init__(rect, value, lo, hi, step, on_change, fmt, **kw)
        self.label = label
        self.text = label
        self._held: str | None = None

    def buttons(self) -> tuple[pygame.Rect, pygame.Rect]:
        s = self.rect.h
        return (pygame.Rect(self.rect.x, self.rect.y, s, s), pygame.Rect(self.rect.right - s, self.rect.y, s, s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            self._held = None
            return False
        pos = event_pos(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos and self.contains(pos):
            minus, plus = self.buttons()
            if minus.collidepoint(pos):
                self._held = "-"
                self.set_value(self.value - self.step)
            elif plus.collidepoint(pos):
                self._held = "+"
                self.set_value(self.value + self.step)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._held:
            self._held = None
            return True
        return self._keys(event)

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        if self.label:
            T.draw_text(surface, self.label, (self.rect.centerx, self.rect.y - 4), "small", c.text_dim,
                        anchor="midbottom")
        draw_panel(surface, self.rect, "slate_dark", "border", radius=self.rect.h // 2, shadow=False)
        minus, plus = self.buttons()
        for r, sign, can in ((minus, "\u2212", self.value > self.lo), (plus, "+", self.value < self.hi)):
            on = can and self.enabled
            fill = c.gold_dark if self._held == ("-" if sign != "+" else "+") else (c.gold if on else c.slate)
            pygame.draw.circle(surface, fill, r.center, r.h // 2 - 3)
            T.draw_text(surface, sign, r.center, "title", c.ink if on else c.text_disabled, bold=True,
                        anchor="center")
        T.draw_text(surface, self.value_text, self.rect.center, "title",
                    c.gold_light if self.enabled else c.text_disabled, bold=True, anchor="center")


# ---------------------------------------------------------------------------- choices

class Toggle(Widget):
    """An on/off switch with a label; says On/Off in words, not only in colour."""

    def __init__(self, label: str, rect: RectLike, value: bool = False, *,
                 on_change: Callable[[bool], Any] | None = None, **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.text = label
        self.value = value
        self.on_change = on_change

    def set_value(self, value: bool) -> None:
        if value != self.value:
            self.value = value
            if self.on_change is not None:
                self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            return False
        pos = event_pos(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos and self.contains(pos):
            self.set_value(not self.value)
            return True
        if event.type == pygame.KEYDOWN and self.hovered and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.set_value(not self.value)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        sw = pygame.Rect(0, 0, 64, 30)
        sw.midright = self.rect.midright
        T.draw_text(surface, self.text, self.rect.midleft, "body", c.text if self.enabled else c.text_disabled,
                    anchor="midleft")
        fill = c.gold if self.value else c.slate_dark
        pygame.draw.rect(surface, fill, sw, border_radius=15)
        pygame.draw.rect(surface, c.gold_light if self.hovered else c.border, sw, 2 if self.hovered else 1,
                         border_radius=15)
        knob_x = sw.right - 15 if self.value else sw.x + 15
        pygame.draw.circle(surface, c.parchment, (knob_x, sw.centery), 11)
        word = "On" if self.value else "Off"
        word_x = sw.x + 20 if self.value else sw.right - 20
        T.draw_text(surface, word, (word_x, sw.centery), "tiny", c.ink if self.value else c.text_dim, bold=True,
                    anchor="center")


class Choice(Widget):
    """An option cycler: ‹ label › — click the left half for the previous option, the right for the next."""

    def __init__(self, rect: RectLike, options: Sequence[Any], index: int = 0, *, label: str = "",
                 on_change: Callable[[Any], Any] | None = None, labels: Sequence[str] | None = None,
                 icons: Sequence[Icon | None] | None = None, **kw: Any) -> None:
        if not options:
            raise ValueError("Choice: needs at least one option")
        super().__init__(rect, **kw)
        self.options = list(options)
        self.labels = list(labels) if labels is not None else [str(o) for o in self.options]
        self.icons = list(icons) if icons is not None else [None] * len(self.options)
        self.index = index % len(self.options)
        self.label = label
        self.on_change = on_change

    @property
    def text(self) -> str:  # type: ignore[override]
        return self.labels[self.index]

    @property
    def value(self) -> Any:
        return self.options[self.index]

    def select(self, index: int) -> None:
        index %= len(self.options)
        if index != self.index:
            self.index = index
            if self.on_change is not None:
                self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if not self.interactive():
            return False
        pos = event_pos(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos and self.contains(pos):
            self.select(self.index + (1 if pos[0] >= self.rect.centerx else -1))
            return True
        if event.type == pygame.MOUSEWHEEL and pos and self.contains(pos):
            self.select(self.index + (1 if event.y < 0 else -1))
            return True
        if event.type == pygame.KEYDOWN and self.hovered and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select(self.index + (1 if event.key == pygame.K_RIGHT else -1))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        if self.label:  # the caption sits just above the control
            lh = T.line_height("small")
            with T.registry.within((self.rect.x, self.rect.y - 4 - lh, self.rect.w, lh + 4)):
                T.draw_text(surface, self.label, (self.rect.x + 4, self.rect.y - 4), "small", c.text_dim,
                            anchor="bottomleft")
        draw_panel(surface, self.rect, "slate_light" if self.hovered else "slate", "gold" if self.hovered else "border",
                   radius=min(10, self.rect.h // 2), shadow=False)
        arrow = c.gold_light if self.enabled else c.text_disabled
        T.draw_text(surface, "\u2039", (self.rect.x + 16, self.rect.centery - 2), "title", arrow, anchor="center")
        T.draw_text(surface, "\u203a", (self.rect.right - 16, self.rect.centery - 2), "title", arrow, anchor="center")
        icon = self.icons[self.index]
        tw = T.text_size(self.text, "body", bold=True)[0]
        x = self.rect.centerx - (tw + (26 if icon else 0)) // 2
        if icon:
            icon.draw(surface, (x + 9, self.rect.centery), 9)
            x += 26
        T.draw_text(surface, self.text, (x, self.rect.centery), "body", c.text if self.enabled else c.text_disabled,
                    bold=True, anchor="midleft")


# ---------------------------------------------------------------------------- progress

class ProgressBar(Widget):
    """A progress bar (``value`` 0..1), or a moving stripe when ``value`` is None (a bot is thinking)."""

    def __init__(self, rect: RectLike, value: float | None = None, *, label: str = "", **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.value = value
        self.text = label
        self.phase = 0.0

    def update(self, dt: float) -> None:
        self.phase = (self.phase + dt * 0.8) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        c = TH.current().colours
        r = self.rect
        radius = r.h // 2
        pygame.draw.rect(surface, c.slate_dark, r, border_radius=radius)
        old = surface.get_clip()
        inner = r.inflate(-4, -4)
        surface.set_clip(inner.clip(old) if old else inner)
        if self.value is None:
            w = max(20, inner.w // 3)
            x = inner.x - w + int((inner.w + w) * self.phase)
            # a soft-edged moving stripe
            for i in range(6):
                a = pygame.Rect(x + i * w // 12, inner.y, w - i * w // 6, inner.h)
                pygame.draw.rect(surface, TH.shade(c.gold_dark, 0.7 + i * 0.1), a, border_radius=inner.h // 2)
        else:
            v = min(max(self.value, 0.0), 1.0)
            pygame.draw.rect(surface, c.gold, (inner.x, inner.y, int(inner.w * v), inner.h),
                             border_radius=inner.h // 2)
        surface.set_clip(old)
        pygame.draw.rect(surface, c.border, r, 1, border_radius=radius)
        if self.text:
            T.draw_text(surface, self.text, (r.x, r.y - 4), "small", c.text_dim, anchor="bottomleft")


# ---------------------------------------------------------------------------- dialogs

@dataclass
class DialogButton:
    text: str
    callback: Callable[[], Any] | None = None
    shortcut: int | None = None
    style: str = "secondary"


class Dialog(Panel):
    """A centred parchment panel: title, wrapped message, a row of buttons. Also shows errors.

    Clicking a button closes the dialog (``on_close`` is called; :class:`~game.shell.scene.ModalScene`
    wires it to remove the overlay) and then runs that button's callback.
    """

    def __init__(self, title: str, message: str, buttons: Sequence[DialogButton | tuple] = (), *,
                 screen: tuple[int, int] = (1600, 900), width: int = 600, accent: str = "gold",
                 on_close: Callable[[], Any] | None = None) -> None:
        specs = [b if isinstance(b, DialogButton) else DialogButton(*b) for b in buttons] or [
            DialogButton("OK", None, pygame.K_RETURN, "primary")]
        pad = 28
        title_h = T.line_height("title", display=True) if title else 0
        msg_h = T.wrapped_height(message, width - 2 * pad, "body") if message else 0
        btn_h = 48
        height = pad + title_h + (18 if title else 0) + msg_h + 28 + btn_h + pad
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (screen[0] // 2, screen[1] // 2)
        super().__init__(rect, fill="parchment", border=accent)
        self.title = ""  # drawn by draw_self in the dialog's own style
        self.dialog_title, self.message, self.accent = title, message, accent
        self.text = title or message
        self.on_close = on_close
        self.result: str | None = None
        self.message_rect = pygame.Rect(rect.x + pad, rect.y + pad + title_h + (18 if title else 0),
                                        width - 2 * pad, msg_h)
        self.buttons: list[Button] = []
        bw = min(236, (width - 2 * pad - 16 * (len(specs) - 1)) // len(specs))
        total = bw * len(specs) + 16 * (len(specs) - 1)
        x = rect.centerx - total // 2
        for spec in specs:
            b = Button(spec.text, (x, rect.bottom - pad - btn_h, bw, btn_h), self._make_handler(spec),
                       shortcut=spec.shortcut, style=spec.style)
            self.buttons.append(self.add(b))  # type: ignore[arg-type]
            x += bw + 16

    def _make_handler(self, spec: DialogButton) -> Callable[[], None]:
        def fire() -> None:
            self.result = spec.text
            if self.on_close is not None:
                self.on_close()
            if spec.callback is not None:
                spec.callback()
        return fire

    @classmethod
    def error(cls, message: str, *, title: str = "Something went wrong", screen: tuple[int, int] = (1600, 900),
              on_ok: Callable[[], Any] | None = None) -> Dialog:
        return cls(title, message, [DialogButton("OK", on_ok, pygame.K_RETURN, "primary")], screen=screen,
                   accent="bad")

    def draw_self(self, surface: pygame.Surface) -> None:
        th = TH.current()
        draw_panel(surface, self.rect, "parchment", self.accent, radius=14, border_width=2)
        band = pygame.Rect(self.rect.x + 2, self.rect.y + 2, self.rect.w - 4, 6)
        pygame.draw.rect(surface, th.colour(self.accent), band, border_top_left_radius=12, border_top_right_radius=12)
        if self.dialog_title:
            T.draw_text(surface, self.dialog_title, (self.rect.centerx, self.rect.y + 26), "title", th.colours.ink,
                        display=True, anchor="midtop")
        if self.message:
            T.draw_wrapped(surface, self.message, self.message_rect, "body", th.colours.ink, align="center")


class Curtain(Container):
    """A full-screen opaque cover for pass-and-play: a title, a message and one button.

    It paints every pixel of ``screen`` before drawing its text, so nothing underneath shows.
    """

    def __init__(self, title: str, message: str = "", button: str = "Continue",
                 on_continue: Callable[[], Any] | None = None, *, screen: tuple[int, int] = (1600, 900),
                 icon: Icon | None = None, shortcut: int | None = pygame.K_RETURN) -> None:
        super().__init__(pygame.Rect((0, 0), screen))
        self.title, self.message, self.icon = title, message, icon
        self.text = title
        self.on_close: Callable[[], Any] | None = None
        self.on_continue = on_continue
        self.card = pygame.Rect(0, 0, 760, 380)
        self.card.center = (self.rect.centerx, self.rect.centery + 10)
        self.button = Button(button, (0, 0, 340, 60), self._go, shortcut=shortcut, style="primary", size="large")
        self.button.rect.midbottom = (self.card.centerx, self.card.bottom - 36)
        self.add(self.button)

    def _go(self) -> None:
        if self.on_close is not None:
            self.on_close()
        if self.on_continue is not None:
            self.on_continue()

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        # swallow every mouse and key event: nothing behind a curtain may be operated
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN,
                              pygame.KEYUP, pygame.TEXTINPUT)

    def draw_self(self, surface: pygame.Surface) -> None:
        th = TH.current()
        c = th.colours
        surface.fill(c.curtain, self.rect)
        # a quiet pattern of diagonal lines, so the curtain reads as a cover, not an empty screen
        step = 48
        line = TH.shade(c.curtain, 1.06)
        for x in range(-self.rect.h, self.rect.w, step):
            pygame.draw.line(surface, line, (x, self.rect.bottom), (x + self.rect.h, self.rect.y), 1)
        card = self.card
        cx = card.centerx
        draw_panel(surface, card, "slate", "gold_dark", radius=18, border_width=2)
        y = card.y + 40
        if self.icon:
            self.icon.draw(surface, (cx, y + 18), 24)
            y += 56
        size = "title" if self.icon else "huge"
        if T.text_size(self.title, size, display=True)[0] > card.w - 60:  # a long name: a smaller title
            size = "title"
        with T.registry.within(card):
            title = T.fit(self.title, card.w - 60, size, display=True)
            r = T.draw_text(surface, title, (cx, y), size, c.gold_light, display=True, anchor="midtop")
        if self.message:
            area = pygame.Rect(card.x + 50, r.bottom + 14, card.w - 100, self.button.rect.y - r.bottom - 20)
            with T.registry.within(card):
                T.draw_wrapped(surface, self.message, area, "body", c.text_dim, align="center")


# ---------------------------------------------------------------------------- layout helpers

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
