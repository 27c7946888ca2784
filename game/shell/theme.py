"""The look of the shell in one place: a dark, warm palette, font sizes and font files.

Widgets never hard-code a colour or a size; they ask the active :class:`Theme`
(``theme.current()``). A game may install its own theme with :func:`use`.

Colour is never the only carrier of meaning: :func:`draw_marker` draws a
shape (circle, square, triangle, diamond, hexagon, star) with an optional
letter, so two players whose colours a colour-blind player cannot tell apart
still differ in shape and letter.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pygame

Colour = tuple[int, int, int] | tuple[int, int, int, int]

SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "star")


@dataclass(frozen=True)
class Palette:
    """Named colours (RGB)."""

    background: tuple[int, int, int] = (22, 24, 30)        # near-black slate: the table
    slate: tuple[int, int, int] = (40, 44, 54)             # panels
    slate_light: tuple[int, int, int] = (58, 63, 77)       # raised panels, hovered rows
    slate_dark: tuple[int, int, int] = (30, 33, 41)        # sunken wells, tracks
    parchment: tuple[int, int, int] = (236, 224, 196)      # cards, dialogs
    parchment_dark: tuple[int, int, int] = (206, 189, 152)
    ink: tuple[int, int, int] = (44, 34, 24)               # text on parchment
    text: tuple[int, int, int] = (234, 228, 214)           # text on slate
    text_dim: tuple[int, int, int] = (160, 156, 146)
    text_disabled: tuple[int, int, int] = (104, 104, 104)
    gold: tuple[int, int, int] = (214, 172, 78)            # accents, primary buttons
    gold_light: tuple[int, int, int] = (240, 206, 120)
    gold_dark: tuple[int, int, int] = (150, 114, 44)
    border: tuple[int, int, int] = (88, 82, 70)
    focus: tuple[int, int, int] = (255, 230, 150)
    good: tuple[int, int, int] = (112, 190, 120)
    bad: tuple[int, int, int] = (214, 92, 80)
    shadow: tuple[int, int, int, int] = (0, 0, 0, 110)
    dim: tuple[int, int, int, int] = (8, 8, 12, 170)       # behind modal dialogs
    curtain: tuple[int, int, int] = (18, 19, 24)           # pass-and-play curtain (opaque)
    letterbox: tuple[int, int, int] = (0, 0, 0)


@dataclass(frozen=True)
class Sizes:
    """Font sizes in logical pixels (for a 1600x900 design resolution)."""

    tiny: int = 14
    small: int = 17
    body: int = 20
    large: int = 26
    title: int = 36
    huge: int = 56


@dataclass(frozen=True)
class Theme:
    colours: Palette = field(default_factory=Palette)
    sizes: Sizes = field(default_factory=Sizes)
    # font files, looked up with resource_path(*parts); a missing file falls back to pygame's own font
    font_regular: tuple[str, ...] = ("assets", "fonts", "DejaVuSans.ttf")
    font_bold: tuple[str, ...] = ("assets", "fonts", "DejaVuSans-Bold.ttf")
    font_display: tuple[str, ...] = ("assets", "fonts", "DejaVuSerif-Bold.ttf")
    radius: int = 10            # corner radius of panels and buttons
    padding: int = 12
    shadow_offset: tuple[int, int] = (0, 5)
    shadow_blur: int = 9
    tooltip_delay: float = 0.45  # seconds the mouse must rest before a tooltip shows
    tooltip_width: int = 360

    def size(self, name: str | int) -> int:
        """A font size by name (``"body"``) or a literal number."""
        if isinstance(name, int):
            return name
        try:
            return int(getattr(self.sizes, name))
        except AttributeError:
            raise ValueError(f"theme: unknown font size {name!r}") from None

    def colour(self, name: str | Colour) -> Colour:
        """A colour by name (``"gold"``) or a literal tuple."""
        if isinstance(name, tuple):
            return name
        try:
            return getattr(self.colours, name)
        except AttributeError:
            raise ValueError(f"theme: unknown colour {name!r}") from None


_current = Theme()


def current() -> Theme:
    return _current


def use(theme: Theme) -> Theme:
    """Install ``theme`` for every widget drawn from now on; returns the previous one."""
    global _current
    old, _current = _current, theme
    clear_text_cache = _text_module.get("clear_cache")
    if clear_text_cache is not None:  # the fonts cached so far are the old theme's
        clear_text_cache()
    return old


# The text module sits above the theme (its fonts, sizes and colours come from here). When it is
# imported it hands the theme the two things the theme needs of it, so the theme never imports it back:
# its cache to clear when the theme changes, and how it draws a line (a marker's letter).
_text_module: dict[str, Callable] = {}


def connect_text(clear_cache: Callable[[], None], draw_text: Callable[..., pygame.Rect]) -> None:
    """Called once by ``game.shell.text`` as it is imported."""
    _text_module["clear_cache"] = clear_cache
    _text_module["draw_text"] = draw_text


def with_changes(**changes: object) -> Theme:
    """A copy of the current theme with some fields replaced."""
    return replace(_current, **changes)  # type: ignore[arg-type]


def shade(rgb: Colour, k: float) -> tuple[int, int, int]:
    """Darken (k<1) or lighten (k>1) a colour."""
    r, g, b = rgb[0], rgb[1], rgb[2]
    if k >= 1:
        t = min(1.0, k - 1)
        return (int(r + (255 - r) * t), int(g + (255 - g) * t), int(b + (255 - b) * t))
    return (int(r * k), int(g * k), int(b * k))


def luminance(rgb: Colour) -> float:
    """A colour's relative luminance (WCAG 2)."""
    def linear(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The contrast ratio of two colours (WCAG 2: 1 to 21; 4.5 reads as text, 3 as a graphic)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def readable_on(rgb: Colour) -> tuple[int, int, int]:
    """Ink or white, whichever reads better on ``rgb``."""
    lum = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
    return _current.colours.ink if lum > 140 else (250, 248, 240)


def _polygon(center: tuple[float, float], radius: float, sides: int, rotation: float) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + radius * math.cos(rotation + 2 * math.pi * i / sides),
             cy + radius * math.sin(rotation + 2 * math.pi * i / sides)) for i in range(sides)]


def marker_points(shape: str, center: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The outline of a marker shape (not used for circles)."""
    if shape == "square":
        r = radius * 0.86
        cx, cy = center
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        cx, cy = center
        return _polygon((cx, cy + radius * 0.15), radius * 1.12, 3, -math.pi / 2)
    if shape == "diamond":
        return _polygon(center, radius * 1.05, 4, -math.pi / 2)
    if shape == "hexagon":
        return _polygon(center, radius, 6, 0.0)
    if shape == "star":
        pts = []
        cx, cy = center
        for i in range(10):
            r = radius * (1.1 if i % 2 == 0 else 0.5)
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return pts
    raise ValueError(f"theme: unknown marker shape {shape!r} (known: {', '.join(SHAPES)})")


def draw_marker(surface: pygame.Surface, center: tuple[float, float], radius: float, colour: Colour,
                shape: str = "circle", letter: str = "", outline: Colour | None = None) -> pygame.Rect:
    """A colour-blind-safe marker: a filled shape with a dark outline and an optional letter."""
    edge = outline if outline is not None else shade(colour, 0.35)
    if shape == "circle":
        pygame.draw.circle(surface, edge, center, radius + 2)
        rect = pygame.draw.circle(surface, colour, center, radius)
    else:
        pts = marker_points(shape, center, radius)
        pygame.draw.polygon(surface, edge, pts, 0)
        inner = marker_points(shape, center, max(1.0, radius - 2.5))
        rect = pygame.draw.polygon(surface, colour, inner, 0)
        pygame.draw.aalines(surface, edge, True, pts)
    if letter:
        draw_text = _text_module.get("draw_text")
        if draw_text is None:
            raise RuntimeError("a marker's letter needs game.shell.text imported (it draws the letter)")
        draw_text(surface, letter, center, size=max(9, int(radius * 1.05)), colour=readable_on(colour),
                  bold=True, anchor="center")
    return rect


@dataclass(frozen=True)
class Icon:
    """What a widget shows besides its colour: a shape and/or a letter."""

    colour: Colour
    shape: str = "circle"
    letter: str = ""

    def draw(self, surface: pygame.Surface, center: tuple[float, float], radius: float) -> pygame.Rect:
        return draw_marker(surface, center, radius, self.colour, self.shape, self.letter)
