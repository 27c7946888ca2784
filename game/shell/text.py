"""Text: cached fonts, cached renders, word wrapping, and the registry of texts drawn this frame.

Every widget draws its words through :func:`draw_text` / :func:`draw_wrapped`,
which record each string in :data:`registry`. The app clears the registry when
a frame starts and keeps a copy of the finished frame, so a headless test can
assert that a secret (another player's hand behind the pass-and-play curtain)
was *not* drawn. The registry is conservative: it records a string when it is
blitted to any surface, so it may over-report, never under-report.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from . import theme as _theme

Colour = tuple[int, int, int] | tuple[int, int, int, int]

_fonts: dict[tuple[int, str], pygame.font.Font] = {}
_renders: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_wraps: OrderedDict[tuple, tuple[str, ...]] = OrderedDict()
RENDER_CACHE_SIZE = 1024
WRAP_CACHE_SIZE = 512


def _ensure_font_module() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


def _font_path(style: str) -> str | None:
    th = _theme.current()
    parts = {"regular": th.font_regular, "bold": th.font_bold, "display": th.font_display}[style]
    try:
        from game.core.paths import resource_path  # lazily: the shell works without it (tests, other games)

        path = resource_path(*parts)
    except Exception:  # noqa: BLE001 - any failure means "use the built-in font"
        return None
    if not path.exists():
        if style not in _missing_warned:
            _missing_warned.add(style)
            print(f"warning: font {path} is missing; using pygame's built-in font", file=sys.stderr)
        return None
    return str(path)


_missing_warned: set[str] = set()


def font(size: int | str = "body", bold: bool = False, display: bool = False) -> pygame.font.Font:
    """A cached font. ``display`` picks the decorative title face, ``bold`` the bold face."""
    _ensure_font_module()
    px = _theme.current().size(size)
    style = "display" if display else ("bold" if bold else "regular")
    key = (px, style)
    f = _fonts.get(key)
    if f is None:
        path = _font_path(style)
        try:
            f = pygame.font.Font(path, px) if path else None
        except (OSError, FileNotFoundError):
            f = None
        if f is None:  # pygame's own font renders a little small: scale it up
            f = pygame.font.Font(None, int(px * 1.3))
        _fonts[key] = f
    return f


def clear_cache() -> None:
    _fonts.clear()
    _renders.clear()
    _wraps.clear()


def render(text: str, size: int | str = "body", colour: Colour = (255, 255, 255), bold: bool = False,
           display: bool = False) -> pygame.Surface:
    """A cached rendering of one line of text (anti-aliased, transparent background)."""
    key = (text, size, tuple(colour), bold, display)
    surf = _renders.get(key)
    if surf is not None:
        _renders.move_to_end(key)
        return surf
    f = font(size, bold, display)
    surf = f.render(text, True, colour[:3])
    if len(colour) == 4 and colour[3] < 255:
        surf.set_alpha(colour[3])
    _renders[key] = surf
    if len(_renders) > RENDER_CACHE_SIZE:
        _renders.popitem(last=False)
    return surf


def wrap(text: str, width: int, size: int | str = "body", bold: bool = False, display: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` pixels; ``\\n`` starts a new line.

    A single word wider than the width is broken by characters.
    """
    key = (text, width, size, bold, display)
    hit = _wraps.get(key)
    if hit is not None:
        _wraps.move_to_end(key)
        return list(hit)
    f = font(size, bold, display)
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = word if not line else line + " " + word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            # the word alone may still be too wide: break it by characters
            while f.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and f.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    _wraps[key] = tuple(lines)
    if len(_wraps) > WRAP_CACHE_SIZE:
        _wraps.popitem(last=False)
    return lines


def fit(text: str, width: int, size: int | str = "body", bold: bool = False, display: bool = False) -> str:
    """``text`` as it fits in ``width`` pixels on one line: whole, or cut with an ellipsis."""
    f = font(size, bold, display)
    if f.size(text)[0] <= width:
        return text
    cut = len(text)
    while cut > 1 and f.size(text[:cut].rstrip() + "\u2026")[0] > width:
        cut -= 1
    return text[:cut].rstrip() + "\u2026"


LEAST_SIZE = 13  # the smallest size a player must read (logical px): text steps down to it, then wraps


def whole_lines(text: str, width: int, size: int | str = "body", *, bold: bool = False, display: bool = False,
                least: int = LEAST_SIZE, max_lines: int = 1) -> tuple[int, list[str]]:
    """The size (px) and lines that show ``text`` whole within ``width``, never cut: in ``max_lines`` lines (one
    by default) at ``size`` or a smaller size down to ``least``, else wrapped at ``least`` over as many lines as
    it takes."""
    px = _theme.current().size(size)
    smallest = min(px, least)
    for k in range(px, smallest - 1, -1):
        if max_lines == 1:
            if text_size(text, k, bold, display)[0] <= width:
                return k, [text]
        elif len(lines := wrap(text, max(1, width), k, bold, display)) <= max_lines:
            return k, lines
    return smallest, wrap(text, max(1, width), smallest, bold, display)


def draw_whole(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int | str = "body",
               colour: Colour | str = "text", *, bold: bool = False, display: bool = False, align: str = "center",
               least: int = LEAST_SIZE) -> pygame.Rect:
    """Draw ``text`` whole in ``rect`` (see :func:`whole_lines`), its lines centred on the rect's height and
    placed by ``align`` (left/center/right); returns the area used. Give the rect room for the lines it needs."""
    px, lines = whole_lines(text, rect.w, size, bold=bold, display=display, least=least)
    step = line_height(px, bold, display)
    y = rect.centery - (step * (len(lines) - 1) + font(px, bold, display).get_height()) // 2
    x, anchor = {"left": (rect.x, "topleft"), "right": (rect.right, "topright")}.get(align,
                                                                                     (rect.centerx, "midtop"))
    used = pygame.Rect(rect.centerx, rect.centery, 0, 0)
    for line in lines:
        r = draw_text(surface, line, (x, y), px, colour, bold, display, anchor)
        used = used.union(r) if used.w else r
        y += step
    return used


def line_height(size: int | str = "body", bold: bool = False, display: bool = False) -> int:
    return font(size, bold, display).get_linesize()


def text_size(text: str, size: int | str = "body", bold: bool = False, display: bool = False) -> tuple[int, int]:
    return font(size, bold, display).size(text)


@dataclass(frozen=True)
class DrawnText:
    text: str
    rect: pygame.Rect
    box: pygame.Rect | None = None  # the widget or panel the text belongs in (None: the whole canvas)
    clip: pygame.Rect | None = None  # the surface's clip when drawn: text cut there is cut on purpose

    def overflows(self, canvas: pygame.Rect, slack: int = 1) -> bool:
        """True when the text leaves its box (or the canvas) where no clip cuts it."""
        area = self.box if self.box is not None else canvas
        area = area.clip(canvas) if area.colliderect(canvas) else area
        shown = self.rect.clip(self.clip) if self.clip is not None else self.rect
        if shown.w == 0 or shown.h == 0:
            return False
        return not area.inflate(2 * slack, 2 * slack).contains(shown)


class TextRegistry:
    """Every string drawn since :meth:`begin_frame`, with where it went and the box it belongs in."""

    def __init__(self) -> None:
        self.items: list[DrawnText] = []
        self.enabled = True
        self._boxes: list[pygame.Rect] = []
        self._offsets: list[tuple[int, int]] = []

    def begin_frame(self) -> None:
        self.items = []
        self._boxes = []

    @contextmanager
    def within(self, rect: pygame.Rect | tuple | None) -> Iterator[None]:
        """Texts drawn inside this block belong in ``rect`` (a widget's or a panel's rectangle)."""
        if rect is None or pygame.Rect(rect).w <= 0 or pygame.Rect(rect).h <= 0:
            yield
            return
        self._boxes.append(pygame.Rect(rect))
        try:
            yield
        finally:
            self._boxes.pop()

    @contextmanager
    def shifted(self, dx: int, dy: int) -> Iterator[None]:
        """Texts drawn inside this block go on an off-screen surface that is later blitted at (dx, dy):
        they are recorded where they will show on the canvas."""
        self._offsets.append((dx, dy))
        try:
            yield
        finally:
            self._offsets.pop()

    def record(self, text: str, rect: pygame.Rect, clip: pygame.Rect | None = None) -> None:
        if self.enabled and text:
            box = self._boxes[-1] if self._boxes else None
            shown = pygame.Rect(rect)
            for dx, dy in self._offsets:
                shown.move_ip(dx, dy)
            self.items.append(DrawnText(text, shown, box, clip))

    def overflowing(self, canvas: pygame.Rect | tuple = (0, 0, 1600, 900)) -> list[DrawnText]:
        """The texts drawn this frame that run outside their box or the canvas."""
        area = pygame.Rect(canvas)
        return [d for d in self.items if d.overflows(area)]

    def texts(self) -> list[str]:
        return [d.text for d in self.items]

    def contains(self, needle: str) -> bool:
        """True if ``needle`` is part of any string drawn (case-sensitive)."""
        return any(needle in d.text for d in self.items)


registry = TextRegistry()


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int] | tuple[float, float],
              size: int | str = "body", colour: Colour | str = "text", bold: bool = False, display: bool = False,
              anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    """Draw one line at ``pos`` (``anchor`` is any pygame.Rect position name); returns its rect."""
    rgb = _theme.current().colour(colour)
    img = render(text, size, rgb, bold, display)
    rect = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        sh = render(text, size, (0, 0, 0), bold, display)
        surface.blit(sh, rect.move(1, 2))
    surface.blit(img, rect)
    clip = surface.get_clip()
    registry.record(text, rect, clip if clip != surface.get_rect() else None)
    return rect


def draw_wrapped(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int | str = "body",
                 colour: Colour | str = "text", bold: bool = False, display: bool = False, align: str = "left",
                 valign: str = "top", spacing: int = 2) -> pygame.Rect:
    """Draw ``text`` wrapped into ``rect`` (``align`` left/center/right, ``valign`` top/middle).

    Lines that do not fit the rect's height are not drawn. Returns the area used.
    """
    lines = wrap(text, max(1, rect.w), size, bold, display)
    lh = line_height(size, bold, display) + spacing
    total = lh * len(lines) - spacing
    y = rect.y if valign == "top" else rect.y + max(0, (rect.h - total) // 2)
    used = pygame.Rect(rect.x, y, 0, 0)
    for line in lines:
        if y + lh - spacing > rect.bottom + 1:
            break
        if align == "center":
            r = draw_text(surface, line, (rect.centerx, y), size, colour, bold, display, "midtop")
        elif align == "right":
            r = draw_text(surface, line, (rect.right, y), size, colour, bold, display, "topright")
        else:
            r = draw_text(surface, line, (rect.x, y), size, colour, bold, display, "topleft")
        used = used.union(r) if used.w else r
        y += lh
    return used


def wrapped_height(text: str, width: int, size: int | str = "body", bold: bool = False, spacing: int = 2) -> int:
    lines = wrap(text, max(1, width), size, bold)
    return (line_height(size, bold) + spacing) * len(lines) - spacing


_theme.connect_text(clear_cache, draw_text)  # the theme clears our caches and draws markers' letters through us
