"""ScrollList: a scrolling list of lines (the game log)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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


@dataclass
class _Entry:
    text: str
    colour: TH.Colour | str | None
    icon: Icon | None
    lines: list[str] | None = None
    height: int = 0


class ScrollList(Widget):
    """A scrolling list of wrapped text entries (a game log): mouse wheel, drag, scrollbar.

    ``follow`` keeps the view at the newest entry while the user has not scrolled away. A notch of the wheel
    scrolls ``WHEEL_LINES`` lines (a smooth wheel's or a touchpad's part-notches in proportion). With
    ``keys`` the list also takes Page Up and Page Down (a view less a line), Home (the oldest entry) and End
    (the newest, where it follows again), and says so in its heading at the right (:data:`KEYS_HINT`, as
    it fits beside the title, else left out).
    """

    WHEEL_LINES = 5
    KEYS_HINT = "PgUp/PgDn \u00b7 Home: oldest \u00b7 End: newest"

    def __init__(self, rect: RectLike, items: Sequence[str] = (), *, size: int | str = "small",
                 max_items: int = 1000, follow: bool = True, title: str = "", keys: bool = False,
                 **kw: Any) -> None:
        super().__init__(rect, **kw)
        self.keys = keys
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

    def insert(self, index: int, text: str) -> None:
        """An entry put in before the one at ``index`` (an earlier line told late, as a continued game's)."""
        e = _Entry(text, None, None)
        self._measure(e)
        self.entries.insert(max(0, index), e)
        if self.follow and self.at_end():
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
                notches = getattr(event, "precise_y", 0.0) or event.y  # (a touchpad's part-notch has y 0)
                self.scroll_by(-notches * T.line_height(self.size) * self.WHEEL_LINES)
                return True
            return False
        if event.type == pygame.KEYDOWN and self.keys:
            return self._key(event.key)
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

    def _key(self, key: int) -> bool:
        page = self.view_rect().h - T.line_height(self.size)
        if key == pygame.K_PAGEUP:
            self.scroll_by(-page)
        elif key == pygame.K_PAGEDOWN:
            self.scroll_by(page)
        elif key == pygame.K_HOME:
            self.scroll = 0.0
        elif key == pygame.K_END:
            self.scroll_to_end()
        else:
            return False
        return True

    def keys_hint_rect(self) -> pygame.Rect | None:
        """Where the keys' hint goes in the heading (right-aligned), or None (no keys, or no room beside the
        title)."""
        if not self.keys:
            return None
        left = self.rect.x + self.pad + (T.text_size(self.title, "body", bold=True)[0] + 16 if self.title else 0)
        right = self.rect.right - self.pad
        for size in ("small", "tiny"):
            w, h = T.text_size(self.KEYS_HINT, size)
            if w <= right - left:
                return pygame.Rect(right - w, self.rect.y + self.pad - 2 + (T.line_height("body", bold=True) - h) // 2,
                                   w, h)
        return None

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
        hint = self.keys_hint_rect()
        if hint is not None:
            size = "small" if T.text_size(self.KEYS_HINT, "small")[0] == hint.w else "tiny"
            T.draw_text(surface, self.KEYS_HINT, hint.topleft, size, "text_dim")
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
                if ly >= view.y and ly + lh <= view.bottom:  # whole lines only: none cut in half at an edge
                    T.draw_text(surface, line, (x, ly), self.size, colour)
        surface.set_clip(old_clip)
        thumb = self._thumb()
        if thumb is not None:
            track = pygame.Rect(thumb.x, view.y, self.bar_w, view.h)
            pygame.draw.rect(surface, th.colours.slate, track, border_radius=4)
            pygame.draw.rect(surface, th.colours.gold if self._drag == "thumb" else th.colours.border, thumb,
                             border_radius=4)


# ---------------------------------------------------------------------------- numbers
