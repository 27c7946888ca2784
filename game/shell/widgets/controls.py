"""Controls: Slider, Stepper, Toggle, Choice, ProgressBar."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from .. import text as T
from .. import theme as TH
from ..theme import Icon
from .base import (
    RectLike,
    Widget,
    draw_panel,
    event_pos,
)


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

    @property
    def animating(self) -> bool:
        return self.value is None  # the moving stripe

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
