"""The rules reference screen: the rulebook's sections, read from ``assets/<game>/rules/rules.toml``.

A game may add a short page of its own beside the rulebook, ``first_game.toml`` in the same folder and
the same format (a "first game" page in the edition's own words, which the Learn to play guide opens):
its sections are listed after the rulebook's (marked with a star), and the guide opens them by id.

A list of section titles on the left (click one, or move with the up and down keys; a list longer
than its panel scrolls with the wheel and shows a scrollbar and a "more below" / "more above" tab),
the chosen section on the right, word-wrapped, scrolled with the mouse wheel, PageUp/PageDown,
Home/End or the scrollbar. A game's own first-game page has a button in the header, so it is one
click away however long the list. Back (or Escape) closes the screen.

The section text uses a small line-based markup (see the comment at the top of the TOML
file): ``## heading``, ``- bullet``, ``1. step`` / ``A. step`` (leading spaces nest them),
``Example: ...`` set off from the rules, anything else a paragraph. Everything is drawn with
the shell's text helpers, so every line lands in the drawn-text registry.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.core.paths import resource_path

from . import text as T
from . import theme as TH
from .scene import WidgetScene
from .widgets import Button, draw_panel, event_pos

REQUIRED_KEYS = ("id", "number", "title", "text")

# layout of the 1600x900 logical canvas
SCREEN = (1600, 900)
LIST_RECT = pygame.Rect(40, 104, 440, 768)
PAGE_RECT = pygame.Rect(504, 104, 1056, 768)
PAGE_PAD_X = 56
ROW_H = 30
GROUP_GAP = 6
BODY_SIZE = 22        # px: larger than the theme's body size, for reading
BODY_LEADING = 9      # extra px between wrapped lines
HEADING_SIZE = 25
MAX_MEASURE = 900     # the widest a line of body text may be (px), for a comfortable measure
WHEEL_LINES = 3
SCROLL_RATE = 16.0    # 1/s: how fast the view eases towards its scroll target

_HEADING = re.compile(r"^##\s+(.*)$")
_BULLET = re.compile(r"^(\s*)[-\u2022]\s+(.*)$")
_STEP = re.compile(r"^(\s*)(\d{1,2}|[A-Z])\.\s+(.*)$")
_NOTE = re.compile(r"^(Example|Examples|Reminder|Remember|Don't Forget|Note)\b[^:]{0,20}:", re.IGNORECASE)


def rules_path(game: str) -> Path:
    """Where a game's bundled rules file lives: ``assets/<game>/rules/rules.toml``."""
    return resource_path("assets", game, "rules", "rules.toml")


def first_game_path(rules: str | Path) -> Path:
    """Where a game's own "first game" page lives, beside its rules file (it may have none)."""
    return Path(rules).with_name("first_game.toml")


def _one_line(s: object) -> str:
    return " ".join(str(s).split())


def load_rules(path: str | Path) -> list[dict[str, str]]:
    """The rulebook's sections in order: dicts with ``id``, ``number``, ``title`` and ``text``.

    Raises ``ValueError`` with a one-line message naming the file when it is missing, is not
    valid TOML, or holds bad data (no sections, a missing or empty key, a duplicate id).
    """
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{p}: missing rules file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ValueError(f"{p}: cannot read the rules file: {_one_line(exc)}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{p}: not valid TOML: {_one_line(exc)}") from None
    raw = data.get("section")
    if not isinstance(raw, list) or not raw:
        raise ValueError(f"{p}: no [[section]] entries")
    sections: list[dict[str, str]] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(raw, 1):
        if not isinstance(entry, dict):
            raise ValueError(f"{p}: section {i} is not a table")
        label = f"section {i}" + (f" ({entry['id']!r})" if isinstance(entry.get("id"), str) else "")
        out: dict[str, str] = {}
        for key in REQUIRED_KEYS:
            if key not in entry:
                raise ValueError(f"{p}: {label} has no {key!r}")
            value = entry[key]
            if not isinstance(value, str):
                raise ValueError(f"{p}: {label}: {key!r} must be a string")
            value = value.strip()
            if not value:
                raise ValueError(f"{p}: {label}: {key!r} is empty")
            out[key] = value
        if out["id"] in seen:
            raise ValueError(f"{p}: duplicate section id {out['id']!r} (sections {seen[out['id']]} and {i})")
        seen[out["id"]] = i
        sections.append(out)
    return sections


# ---------------------------------------------------------------------------- layout

@dataclass(frozen=True)
class _Line:
    """One line of text to draw, at ``y`` below the top of the section body."""

    text: str
    x: int
    y: int
    size: int
    colour: str
    bold: bool = False


@dataclass(frozen=True)
class _Bar:
    """The accent bar beside an example or reminder."""

    x: int
    y: int
    h: int


@dataclass
class _Layout:
    lines: list[_Line]
    bars: list[_Bar]
    height: int


def _classify(raw: str) -> tuple[str, int, str, str]:
    """(kind, level, marker, text) for one source line of a section."""
    if m := _HEADING.match(raw):
        return "heading", 0, "", m.group(1).strip()
    if m := _BULLET.match(raw):
        level = len(m.group(1).expandtabs(2)) // 2
        return "item", level, "\u2022" if level == 0 else "\u2013", m.group(2).strip()
    if m := _STEP.match(raw):
        level = len(m.group(1).expandtabs(2)) // 2
        return "item", level, m.group(2) + ".", m.group(3).strip()
    text = raw.strip()
    if _NOTE.match(text):
        return "note", 0, "", text
    return "para", 0, "", text


def layout_text(text: str, width: int) -> _Layout:
    """Lay a section's text out in a column ``width`` pixels wide (positions relative to its top left)."""
    lh = T.line_height(BODY_SIZE) + BODY_LEADING
    head_lh = T.line_height(HEADING_SIZE, bold=True)
    marker_w = T.text_size("00.", BODY_SIZE, bold=True)[0] + 10
    indent_step = marker_w
    lines: list[_Line] = []
    bars: list[_Bar] = []
    y = 0
    prev = ""
    for raw in text.splitlines():
        if not raw.strip():
            continue
        kind, level, marker, body = _classify(raw)
        # space above the block, by what came before it
        if prev:
            if kind == "heading":
                y += 30
            elif prev == "heading":
                y += 14
            elif kind == "item" and prev == "item":
                y += BODY_LEADING + 5
            else:
                y += 20
        if kind == "heading":
            for part in T.wrap(body, width, HEADING_SIZE, bold=True):
                lines.append(_Line(part, 0, y, HEADING_SIZE, "gold_light", bold=True))
                y += head_lh
            y -= 4
        elif kind == "item":
            x = level * indent_step
            text_x = x + (marker_w if marker[-1:] == "." else 30)
            lines.append(_Line(marker, x + (6 if marker[-1:] != "." else 0), y, BODY_SIZE, "gold", bold=True))
            for part in T.wrap(body, max(40, width - text_x), BODY_SIZE):
                lines.append(_Line(part, text_x, y, BODY_SIZE, "text"))
                y += lh
            y -= BODY_LEADING
        elif kind == "note":
            top = y
            for part in T.wrap(body, max(40, width - 24), BODY_SIZE):
                lines.append(_Line(part, 24, y, BODY_SIZE, "text_dim"))
                y += lh
            y -= BODY_LEADING
            bars.append(_Bar(2, top + 2, y - top))
        else:
            for part in T.wrap(body, width, BODY_SIZE):
                lines.append(_Line(part, 0, y, BODY_SIZE, "text"))
                y += lh
            y -= BODY_LEADING
        prev = kind
    return _Layout(lines, bars, y + 8)


# ---------------------------------------------------------------------------- the scene

class RulesScene(WidgetScene):
    """The rules reference. ``start`` is the id of the section to open at (the first if unknown)."""

    def __init__(self, start: str | None = None, *, path: str | Path) -> None:
        super().__init__(SCREEN)
        self.path = Path(path)
        self.error: str | None = None
        try:
            self.sections: list[dict[str, str]] = load_rules(self.path)
        except ValueError as exc:
            self.sections = []
            self.error = str(exc)
        first = first_game_path(self.path)
        own = load_rules(first) if self.sections and first.exists() else []  # a bad page of our own is a bug
        self.first_game: int | None = len(self.sections) if own else None  # where the game's own page starts
        self.sections = self.sections + own
        self.index = 0
        if start is not None:
            self.index = next((i for i, s in enumerate(self.sections) if s["id"] == start), 0)
        self.scroll = 0.0
        self.target = 0.0
        self.list_scroll = 0
        self.hover_row: int | None = None
        self._drag: tuple[int, float] | None = None  # (mouse y, scroll) when a scrollbar drag began
        self._layouts: dict[int, _Layout] = {}
        self._fade: tuple[pygame.Surface, pygame.Surface] | None = None
        self.back = self.add(Button("Back", (1400, 30, 160, 50), self.close, shortcut=pygame.K_ESCAPE,
                                    tooltip="Close the rules (Esc)"))
        if self.first_game is not None:  # the game's own page, one click away wherever the list is scrolled
            own_title = self.sections[self.first_game]
            self.first_game_button = self.add(Button(
                f"{own_title['number']} {own_title['title']}", (PAGE_RECT.x, 30, 280, 50),
                lambda: self.select(self.first_game or 0), size="small", tooltip="A short tour of a first game"))
        self._rows = self._row_rects()
        self._keep_row_visible()  # opened at a section low in the list (a game's own page): its title shows

    # ---- geometry -----------------------------------------------------------
    def _row_rects(self) -> list[pygame.Rect]:
        """Each section title's row in the list, before list scrolling."""
        rects = []
        self._row_words: list[tuple[int, list[str]]] = []  # each title's size and lines, whole (never cut)
        y = LIST_RECT.y + 14
        group = None
        room = LIST_RECT.w - 20 - self._number_width() - 28
        for s in self.sections:
            major = s["number"].split(".")[0]
            if group is not None and major != group:
                y += GROUP_GAP
            group = major
            px, lines = T.whole_lines(s["title"], room, "body")
            self._row_words.append((px, lines))
            height = ROW_H if len(lines) == 1 else T.line_height(px) * len(lines) + 8  # a long title: taller
            rects.append(pygame.Rect(LIST_RECT.x + 10, y, LIST_RECT.w - 20, height))
            y += height
        return rects

    def _number_width(self) -> int:
        """The column of section numbers in the list."""
        return max((T.text_size(s["number"], "small", bold=True)[0] for s in self.sections), default=0) + 18

    def list_view(self) -> pygame.Rect:
        return LIST_RECT.inflate(-8, -16)

    def list_max_scroll(self) -> int:
        if not self._rows:
            return 0
        return max(0, self._rows[-1].bottom + 14 - LIST_RECT.bottom)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where section ``index``'s title is on screen now (after list scrolling)."""
        return self._rows[index].move(0, -self.list_scroll)

    def body_rect(self) -> pygame.Rect:
        """The scrolling viewport of the section text."""
        top = PAGE_RECT.y + 124
        return pygame.Rect(PAGE_RECT.x + PAGE_PAD_X, top, PAGE_RECT.w - 2 * PAGE_PAD_X, PAGE_RECT.bottom - 26 - top)

    def _measure(self) -> int:
        return min(MAX_MEASURE, self.body_rect().w - 24)

    # ---- content -------------------------------------------------------------
    @property
    def current(self) -> dict[str, str] | None:
        return self.sections[self.index] if self.sections else None

    def layout(self, index: int | None = None) -> _Layout:
        i = self.index if index is None else index
        if i not in self._layouts:
            text = self.sections[i]["text"] if self.sections else ""
            self._layouts[i] = layout_text(text, self._measure())
        return self._layouts[i]

    def max_scroll(self) -> float:
        if not self.sections:
            return 0.0
        return float(max(0, self.layout().height - self.body_rect().h))

    def select(self, which: int | str) -> None:
        """Show a section, by index or id; the view starts at its top."""
        if isinstance(which, str):
            found = next((i for i, s in enumerate(self.sections) if s["id"] == which), None)
            if found is None:
                return
            which = found
        if not self.sections:
            return
        which = max(0, min(len(self.sections) - 1, which))
        if which != self.index:
            self.index = which
            self.scroll = self.target = 0.0
        self._keep_row_visible()

    def scroll_by(self, dy: float) -> None:
        self.target = min(max(0.0, self.target + dy), self.max_scroll())

    def scroll_to(self, y: float, instant: bool = False) -> None:
        self.target = min(max(0.0, y), self.max_scroll())
        if instant:
            self.scroll = self.target

    def page(self, n: int) -> None:
        """Scroll ``n`` pages (a page keeps one line of the previous one in view)."""
        step = self.body_rect().h - (T.line_height(BODY_SIZE) + BODY_LEADING)
        self.scroll_by(n * step)

    def _keep_row_visible(self) -> None:
        if not self._rows:
            return
        r = self._rows[self.index]
        view = self.list_view()
        if r.y - self.list_scroll < view.y:
            self.list_scroll = r.y - view.y
        elif r.bottom - self.list_scroll > view.bottom:
            self.list_scroll = r.bottom - view.bottom
        self.list_scroll = max(0, min(self.list_max_scroll(), self.list_scroll))

    def _list_track(self) -> pygame.Rect:
        view = self.list_view()
        return pygame.Rect(LIST_RECT.right - 12, view.y + 4, 6, view.h - 8)

    def list_thumb(self) -> pygame.Rect | None:
        """The list's scrollbar thumb, or None when every title is in view."""
        most = self.list_max_scroll()
        if not most:
            return None
        track = self._list_track()
        h = max(36, int(track.h * track.h / (track.h + most)))
        return pygame.Rect(track.x, track.y + int((track.h - h) * self.list_scroll / most), track.w, h)

    def more_below(self) -> bool:
        """Whether a title lies (partly) below the list's view."""
        return bool(self._rows) and self.row_rect(len(self._rows) - 1).bottom > self.list_view().bottom

    def more_above(self) -> bool:
        return bool(self._rows) and self.row_rect(0).y < self.list_view().y

    def scroll_list(self, dy: int) -> None:
        self.list_scroll = max(0, min(self.list_max_scroll(), self.list_scroll + dy))

    # ---- scrollbar -----------------------------------------------------------
    def _track(self) -> pygame.Rect:
        body = self.body_rect()
        return pygame.Rect(PAGE_RECT.right - 26, body.y, 8, body.h)

    def _thumb(self) -> pygame.Rect | None:
        total = self.layout().height if self.sections else 0
        track = self._track()
        if total <= track.h:
            return None
        h = max(40, int(track.h * track.h / total))
        y = track.y + int((track.h - h) * (self.scroll / max(1.0, self.max_scroll())))
        return pygame.Rect(track.x, y, track.w, h)

    # ---- events --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):  # the Back button (and Escape)
            return True
        pos = event_pos(event)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.hover_row = self._row_at(pos)
            if self._drag is not None:
                thumb = self._thumb()
                span = self._track().h - (thumb.h if thumb else 0)
                if span > 0:
                    self.scroll_to(self._drag[1] + (pos[1] - self._drag[0]) * self.max_scroll() / span, instant=True)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if pos is not None and LIST_RECT.collidepoint(pos):
                self.scroll_list(-event.y * ROW_H * 2)
                return True
            self.scroll_by(-event.y * WHEEL_LINES * (T.line_height(BODY_SIZE) + BODY_LEADING))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and pos is not None:
            if self.list_thumb() is not None and self._list_track().inflate(12, 0).collidepoint(pos):
                self.scroll_list(self.list_view().h // 2 * (1 if pos[1] > self.list_thumb().centery else -1))
                return True  # a click on the list's scrollbar pages the list
            row = self._row_at(pos)
            if row is not None:
                self.select(row)
                return True
            thumb = self._thumb()
            if thumb is not None and thumb.inflate(12, 0).collidepoint(pos):
                self._drag = (pos[1], self.scroll)
                return True
            if thumb is not None and self._track().inflate(12, 0).collidepoint(pos):
                self.page(1 if pos[1] > thumb.centery else -1)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    def _key(self, key: int) -> bool:
        if key == pygame.K_UP:
            self.select(self.index - 1)
        elif key == pygame.K_DOWN:
            self.select(self.index + 1)
        elif key == pygame.K_PAGEDOWN:
            self.page(1)
        elif key == pygame.K_PAGEUP:
            self.page(-1)
        elif key == pygame.K_SPACE:
            self.page(1)
        elif key == pygame.K_HOME:
            self.scroll_to(0)
        elif key == pygame.K_END:
            self.scroll_to(self.max_scroll())
        else:
            return False
        return True

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.list_view().collidepoint(pos):
            return None
        for i in range(len(self._rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    @property
    def animating(self) -> bool:
        return super().animating or self.scroll != getattr(self, "_drawn_scroll", None)  # gliding

    def update(self, dt: float) -> None:
        super().update(dt)
        self.target = min(self.target, self.max_scroll())
        gap = self.target - self.scroll
        if abs(gap) < 0.5:
            self.scroll = self.target
        else:
            self.scroll += gap * min(1.0, dt * SCROLL_RATE)

    # ---- drawing -------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self._drawn_scroll = self.scroll
        self.draw_background(surface)
        th = TH.current()
        T.draw_text(surface, "Rules of Play", (LIST_RECT.x + 4, 34), "title", "gold_light", display=True)
        if self.sections:
            hint = "\u2191 \u2193 sections    PgUp / PgDn or wheel to scroll"
            T.draw_text(surface, hint, (self.back.rect.x - 28, self.back.rect.centery), "small", "text_dim",
                        anchor="midright")
        self._draw_list(surface, th)
        self._draw_page(surface, th)
        self.root.draw(surface)

    def _draw_list(self, surface: pygame.Surface, th: TH.Theme) -> None:
        draw_panel(surface, LIST_RECT, "slate", "border")
        if not self.sections:
            T.draw_text(surface, "No sections", (LIST_RECT.x + 24, LIST_RECT.y + 22), "body", "text_dim")
            return
        view = self.list_view()
        old_clip = surface.get_clip()
        surface.set_clip(view)
        num_w = self._number_width()
        for i, s in enumerate(self.sections):
            r = self.row_rect(i)
            if r.bottom < view.y or r.y > view.bottom:
                continue
            chosen = i == self.index
            if chosen:
                pygame.draw.rect(surface, th.colours.slate_light, r, border_radius=7)
                pygame.draw.rect(surface, th.colours.gold, (r.x, r.y + 5, 4, r.h - 10), border_radius=2)
            elif i == self.hover_row:
                pygame.draw.rect(surface, TH.shade(th.colours.slate, 1.06), r, border_radius=7)
            T.draw_text(surface, s["number"], (r.x + 16, r.centery), "small", "gold" if chosen else "text_dim",
                        bold=True, anchor="midleft")
            px, lines = self._row_words[i]
            step = T.line_height(px)
            y = r.centery - step * len(lines) // 2
            for line in lines:
                T.draw_text(surface, line, (r.x + 16 + num_w, y), px, "gold_light" if chosen else "text")
                y += step
        self._draw_list_scroll(surface, th)
        surface.set_clip(old_clip)
        self._draw_more_marks(surface, th)

    def _draw_page(self, surface: pygame.Surface, th: TH.Theme) -> None:
        draw_panel(surface, PAGE_RECT, "slate", "border")
        x = PAGE_RECT.x + PAGE_PAD_X
        if self.error is not None or not self.sections:
            T.draw_text(surface, "Rules unavailable", (x, PAGE_RECT.y + 44), "title", "gold_light", display=True)
            msg = self.error or f"{self.path}: no sections"
            T.draw_wrapped(surface, msg, pygame.Rect(x, PAGE_RECT.y + 110, PAGE_RECT.w - 2 * PAGE_PAD_X, 200),
                           "body", "bad")
            return
        s = self.sections[self.index]
        T.draw_text(surface, f"Section {s['number']}", (x, PAGE_RECT.y + 30), "small", "gold", bold=True)
        title_box = pygame.Rect(x, PAGE_RECT.y + 52, PAGE_RECT.w - 2 * PAGE_PAD_X, 50)
        T.draw_whole(surface, s["title"], title_box, "title", "gold_light", display=True, align="left")
        rule_y = PAGE_RECT.y + 106
        pygame.draw.line(surface, th.colours.border, (x, rule_y), (PAGE_RECT.right - PAGE_PAD_X, rule_y))
        pygame.draw.line(surface, th.colours.gold_dark, (x, rule_y), (x + 72, rule_y), 2)

        body = self.body_rect()
        lay = self.layout()
        top = body.y - int(round(self.scroll))
        old_clip = surface.get_clip()
        surface.set_clip(body.inflate(0, 4))
        for bar in lay.bars:
            r = pygame.Rect(body.x + bar.x, top + bar.y, 4, bar.h)
            if r.bottom >= body.y and r.y <= body.bottom:
                pygame.draw.rect(surface, th.colours.gold_dark, r, border_radius=2)
        for ln in lay.lines:
            y = top + ln.y
            if y + ln.size < body.y or y > body.bottom:
                continue
            T.draw_text(surface, ln.text, (body.x + ln.x, y), ln.size, ln.colour, bold=ln.bold)
        surface.set_clip(old_clip)
        self._draw_fades(surface, body, th)
        self._draw_scrollbar(surface, th)

    def _fade_surfaces(self, w: int, h: int, rgb: tuple[int, int, int]) -> tuple[pygame.Surface, pygame.Surface]:
        """(bottom, top) gradients from transparent to the panel colour, cached."""
        if self._fade is None or self._fade[0].get_size() != (w, h):
            fade = pygame.Surface((w, h), pygame.SRCALPHA)
            for j in range(h):
                fade.fill((*rgb, int(255 * (j / max(1, h - 1)) ** 1.4)), (0, j, w, 1))
            self._fade = (fade, pygame.transform.flip(fade, False, True))
        return self._fade

    def _draw_fades(self, surface: pygame.Surface, body: pygame.Rect, th: TH.Theme) -> None:
        """Soft edges where the text continues above or below the view."""
        h = 30
        bottom, top = self._fade_surfaces(body.w + 8, h, th.colours.slate)
        if self.scroll < self.max_scroll() - 0.5:
            surface.blit(bottom, (body.x - 4, body.bottom - h + 4))
        if self.scroll > 0.5:
            surface.blit(top, (body.x - 4, body.y - 4))

    def _draw_list_scroll(self, surface: pygame.Surface, th: TH.Theme) -> None:
        """The list's scrollbar, and a soft edge where more titles lie below or above the view."""
        thumb = self.list_thumb()
        if thumb is None:
            return
        view = self.list_view()
        bottom, top = self._fade_surfaces(self.body_rect().w + 8, 30, th.colours.slate)  # the page's, cached
        if self.more_below():
            surface.blit(pygame.transform.scale(bottom, (view.w - 16, 30)), (view.x, view.bottom - 30))
        if self.more_above():
            surface.blit(pygame.transform.scale(top, (view.w - 16, 30)), (view.x, view.y))
        pygame.draw.rect(surface, th.colours.slate_dark, self._list_track(), border_radius=3)
        pygame.draw.rect(surface, th.colours.text_dim, thumb, border_radius=3)

    def _draw_more_marks(self, surface: pygame.Surface, th: TH.Theme) -> None:
        """A tab on the list's edge where more titles lie: "more below" (and "more above" once scrolled), outside
        the list's view, over its frame (play-test t1: centred on the edge, "more above" covered a title)."""
        marks = []
        if self.more_below():
            marks.append(("\u25be more below", 1))
        if self.more_above():
            marks.append(("\u25b4 more above", -1))
        for words, side in marks:
            w, h = T.text_size(words, "small")
            tab = pygame.Rect(0, 0, w + 20, h + 6)
            tab.centerx = LIST_RECT.centerx
            if side > 0:
                tab.top = min(LIST_RECT.bottom - 2, self.list_view().bottom)
            else:
                tab.bottom = max(LIST_RECT.y + 2, self.list_view().y)
            pygame.draw.rect(surface, th.colours.slate_dark, tab, border_radius=tab.h // 2)
            pygame.draw.rect(surface, th.colours.border, tab, 1, border_radius=tab.h // 2)
            T.draw_text(surface, words, tab.center, "small", "text_dim", anchor="center")

    def _draw_scrollbar(self, surface: pygame.Surface, th: TH.Theme) -> None:
        thumb = self._thumb()
        if thumb is None:
            return
        pygame.draw.rect(surface, th.colours.slate_dark, self._track(), border_radius=4)
        colour = th.colours.gold if self._drag is not None else th.colours.border
        pygame.draw.rect(surface, colour, thumb, border_radius=4)


def open_rules(app: Any, path: str | Path, start: str | None = None) -> RulesScene:
    """Push the rules screen onto ``app`` (an :class:`~game.shell.app.App`), opened at section ``start``."""
    scene = RulesScene(start, path=path)
    app.push(scene)
    return scene
