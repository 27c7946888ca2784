"""The review of a game: the win-chance chart, the key moments and the table as it was after any move.

:class:`ReviewScene` is opened from the results screen, the statistics screen's list of past games and
``python main.py review FILE``. The analysis (:mod:`game.core.review`) runs in a background thread whose
searches go to the search processes; the chart fills in as it goes (a progress bar meanwhile) and the
scene is usable all along. The panel lies in the room the game names for it (``review_room``: Realm's hand,
Res Arcana's decision panel), over no player's board or cards: the chart (one line per player, in colours told
apart; a click picks that move, a key moment's ring marks the point after its fall) and the key moments (a click
shows the table after the move; each names the move the hint would have shown there, or the rival whose move it
was). Hide panel (Tab: the whole table) and Back are at the right end of the review's own bar.
Behind it, the table after the chosen move, drawn by the game's own table, read-only (the history
view's :func:`~game.shell.history.past_session`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.core.review import KeyMoment, Review, chart_lines, moment_cost_words, review_record, verdict
from game.core.session import GameSession

from . import text as T
from . import theme as TH
from .history import names_at, past_session
from .scene import Scene
from .theme import contrast
from .widgets import Button, draw_panel

PANEL = pygame.Rect(1124, 52, 468, 824)  # the panel of a game that names no room for it (the right edge)
KEYS = pygame.Rect(1000, 880, 600, 20)  # the review's keys, over the table's own (which do not apply)
LEGEND_SWATCH = 20  # an entry of the legend: its line's colour, then the name
LEGEND_COLUMNS = 3  # at most, side by side
LEGEND_GAP = 8  # between an entry and the next column
BANNER_H = 46  # the review's own bar over the table's top bar
# Back and Hide panel in the review's own bar, at its right end, where they cover nothing of any table; the panel
# put aside, Show the review takes Hide panel's place (4 px clear of what the table shows below the bar: Res
# Arcana's rivals' headers begin at y 44)
BACK_RECT = (1600 - 8 - 120, 5, 120, BANNER_H - 12)
HIDE_RECT = (BACK_RECT[0] - 8 - 210, 5, 210, BANNER_H - 12)
SHOW_RECT = HIDE_RECT
WIDE = 800  # a room at least this wide: the chart at the left, the key moments beside it


@dataclass(frozen=True)
class Layout:
    """Where the panel's parts go in the room the game gives it (:func:`review_layout`)."""

    panel: pygame.Rect
    legend: pygame.Rect  # the chart's legend: two rows of names or fewer (a taller one pushes the chart's top down)
    chart: pygame.Rect  # its foot stays
    caption_y: int  # what the lines are and how far the review has come, under the chart
    bar: pygame.Rect  # the review's progress
    moments: pygame.Rect  # the key moments: their heading at its top


def review_layout(room: tuple[int, int, int, int] | pygame.Rect, legend_h: int = 40) -> Layout:
    """The panel's parts in ``room`` (clear of the review's keys) under a legend ``legend_h`` high: one column (the
    chart over the key moments), or in a room :data:`WIDE` or wider two (the chart at the left, the key moments at
    the right). The review's progress, a line and its bar, under the chart."""
    panel = pygame.Rect(room)
    if panel.colliderect(KEYS):  # clear of the review's keys at the foot
        panel.h = KEYS.y - 4 - panel.y
    status = T.line_height("small") + 4
    top = panel.y + (36 if panel.w >= WIDE else 10)  # under the title (none in one column: room for the moments)
    if panel.w >= WIDE:
        width = (panel.w - 48) // 2
        legend = pygame.Rect(panel.x + 16, top, width, legend_h)
        chart = pygame.Rect(panel.x + 16, legend.bottom + 6, width, panel.bottom - 8 - status - legend.bottom - 6)
        moments = pygame.Rect(chart.right + 16, panel.y + 6, panel.right - chart.right - 24, panel.h - 12)
    else:
        width = panel.w - 32
        legend = pygame.Rect(panel.x + 16, top, width, legend_h)
        chart = pygame.Rect(panel.x + 16, legend.bottom + 6, width, max(96, min(230, (panel.h - 440) // 2 + 96)))
        below = chart.bottom + 4 + status + 6
        moments = pygame.Rect(panel.x + 4, below, panel.w - 8, panel.bottom - 8 - below)
    bar = pygame.Rect(chart.x + chart.w // 2 + 16, chart.bottom + 4 + status // 2 - 4, chart.w // 2 - 16, 8)
    return Layout(panel, legend, chart, chart.bottom + 4, bar, moments)


# each player's line and legend swatch are their seat's colour on the game's table (the adapter's
# ``seat_colours``); this palette only for a game that names none
LINE_COLOURS = [(214, 172, 78), (96, 170, 226), (210, 96, 96), (120, 196, 120), (190, 130, 210)]
CHART_FILL = (30, 33, 41)  # the chart's ground; the legend's is the panel's ("slate")
MARK_RGB = (240, 236, 226)  # a key moment's ring on the chart, and the chosen moment's fall drawn over its line
LINE_CONTRAST = 3.0  # a line and its swatch against both grounds at least (WCAG 2's ratio for graphics)
# two players' lines at least this far apart in colour (CIE76 distance in CIELAB; play-test: Realm's bronze
# Remnants and orange Guilded, 40 apart, read as one line; Res Arcana's seats are 46 to 84 apart); a seat whose
# colour is nearer another's takes one of DISTINCT_COLOURS instead, the one farthest from those taken (the legend
# says whose): every choice of Realm's factions then keeps its lines 64 apart or more
SEAT_DELTA = 45.0
DISTINCT_COLOURS = [(40, 180, 60), (70, 130, 250), (235, 70, 70), (250, 100, 210), (0, 205, 205), (255, 230, 80)]


class ReviewScene(Scene):
    """A finished game (or a game in progress, from ``viewer``'s side) reviewed move by move."""

    def __init__(self, cfg: Any, session: GameSession, record_path: Path | None = None, *,
                 viewer: int | None = None, workers: int = 2,
                 on_back: Callable[[], None] | None = None, analyse: bool = True) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        self.record_path = record_path
        self.viewer = viewer  # None: a finished game, every hand may show
        humans = session.humans()
        self.seat = viewer if viewer is not None else (humans[0] if humans else 0)
        self.names = names_at(session, session.state)
        self.seat_rgb = seat_colours(session.adapter, session.state, len(self.names))  # as on the table
        self.review = Review()
        self.done, self.total = 0, len(session.actions) + 1
        self.error = ""
        self.chosen = len(session.actions)  # the position shown: after this many moves
        self.past: Any = None
        self._changed = True  # the picture needs drawing
        self._drawn_progress: tuple[int, int, bool, str] | None = None  # the review's progress last drawn
        self._lines: list[list[float]] = []  # the chart's lines, made from the review once per change
        self._lines_of: tuple[int, int, bool] | None = None
        self._legend_of: tuple[tuple[Any, ...], list[tuple[pygame.Rect, list[str]]]] | None = None
        self.moment_rows: list[tuple[pygame.Rect, int]] = []
        self._cancelled = threading.Event()
        self.on_back = on_back
        room = session.adapter.review_room
        room_rect = pygame.Rect(room(len(self.names)) if room is not None else PANEL)  # where the panel goes
        legend = legend_layout(list(self.names), room_rect.w - 32 if room_rect.w < WIDE else (room_rect.w - 48) // 2)
        self.lay = review_layout(room_rect, max(rect.bottom for rect, _lines in legend))
        self.back = Button("Back", BACK_RECT, self.leave, shortcut=pygame.K_ESCAPE, style="primary")
        self.panel_shown = True  # the panel hides the table's right edge: Tab (or the button) puts it aside
        self.panel_button = Button("Hide panel", HIDE_RECT, self.toggle_panel, shortcut=pygame.K_TAB,
                                   tooltip="See the whole table; Tab brings the review back")
        self._thread: threading.Thread | None = None
        if analyse:
            self._thread = threading.Thread(target=self._analyse, args=(workers,), name="review", daemon=True)
            self._thread.start()

    # ------------------------------------------------------------ the analysis (background thread)
    def _analyse(self, workers: int) -> None:
        def partial(review: Review) -> None:
            self.review = review

        def progress(done: int, total: int) -> None:
            self.done, self.total = done, total

        try:
            review_record(self.record_path, self.s.record, workers=workers, viewer=self.viewer,
                          progress=progress, cancel=self._cancelled.is_set, partial=partial,
                          presets=self.s.presets)  # the key moments judged by this game's hint bot
        except Exception as exc:  # noqa: BLE001 - the review stays usable without its chart
            self.error = f"The review's search failed: {exc}".splitlines()[0]

    def leave(self) -> None:
        self._cancelled.set()
        if self.on_back is not None:
            self.on_back()
        else:
            self.close()

    # ------------------------------------------------------------ choosing a move
    def choose(self, count: int) -> None:
        self.chosen = max(0, min(len(self.s.actions), count))
        self.past = None  # built at the next draw
        self._changed = True

    def _table(self) -> Any:
        if self.past is None:
            session = past_session(self.s, self.chosen)
            self.past = self.s.adapter.ui().TableScene(self.cfg, session)
            self.past.stack = self.stack
            self.past.finished = True
            self.past.viewer = self.seat
            self.past.revealed_for = self.seat
            self.past.looking_back = True  # a picture of the past (as the history's): no decision offered
            self.past.rebuild()
            as_a_picture(self.past)
        return self.past

    def legend_places(self) -> list[tuple[pygame.Rect, list[str]]]:
        """Each player's entry of the legend on the screen and its name's lines (:func:`legend_layout`)."""
        key = (*self.names, T.line_height("small"))  # the names, and the text size (a theme may change it)
        if self._legend_of is None or self._legend_of[0] != key:
            legend = self.lay.legend
            self._legend_of = key, [(rect.move(legend.topleft), lines)
                                    for rect, lines in legend_layout(list(self.names), legend.w)]
        return self._legend_of[1]

    @property
    def chart(self) -> pygame.Rect:
        """Where the chart is drawn: the layout's, its top pushed down under a legend of more than two rows."""
        chart = self.lay.chart
        legend_bottom = max((rect.bottom for rect, _lines in self.legend_places()), default=self.lay.legend.y)
        top = max(chart.y, legend_bottom + 6)
        return pygame.Rect(chart.x, top, chart.w, chart.bottom - top)

    @property
    def plot(self) -> pygame.Rect:
        """Where the chart's lines go: the chart under a band at its top that holds the "100%" label, so no line
        (a seat at or near 100% early in the game) or marker runs through the label (play-test)."""
        chart = self.chart
        band = T.line_height("small") + 6
        return pygame.Rect(chart.x, chart.y + band, chart.w, max(1, chart.h - band))

    def count_at(self, x: int) -> int:
        """The move under ``x`` on the chart."""
        chart = self.lay.chart
        frac = (x - chart.x) / max(1, chart.w)
        return round(max(0.0, min(1.0, frac)) * len(self.s.actions))

    def toggle_panel(self) -> None:
        """Put the panel aside (the whole table shows, a button to bring it back) or bring it back."""
        self.panel_shown = not self.panel_shown
        self.panel_button.text = "Hide panel" if self.panel_shown else "Show the review"
        self.panel_button.rect = pygame.Rect(HIDE_RECT if self.panel_shown else SHOW_RECT)
        self._changed = True

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if (self.panel_shown and self.back.handle_event(event)) or self.panel_button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:  # the panel put aside: Esc still leaves
                self.leave()
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.choose(self.chosen - 1)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.choose(self.chosen + 1)
            elif event.key == pygame.K_HOME:
                self.choose(0)
            elif event.key == pygame.K_END:
                self.choose(len(self.s.actions))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.panel_shown:
            if self.chart.inflate(0, 18).collidepoint(event.pos):  # (a ring at 0% or 100% reaches past the edge)
                self.choose(self.count_at(event.pos[0]))
                return True
            for rect, index in self.moment_rows:
                if rect.collidepoint(event.pos):
                    self.choose(index + 1)  # the table just after the move
                    return True
        return True  # read-only: nothing below sees the input

    def update(self, dt: float) -> None:
        self.back.update(dt)
        self.panel_button.update(dt)

    def lines(self) -> list[list[float]]:
        """The chart's lines (:func:`~game.core.review.chart_lines`: each position's win chances as counted)."""
        review = self.review
        key = (id(review), len(review.chances), review.complete)
        if self._lines_of != key:
            self._lines = chart_lines(review)
            self._lines_of = key
        return self._lines

    def _progress_shown(self) -> tuple[int, int, bool, str]:
        """What of the background review a frame shows (a change from the last drawn needs a frame)."""
        return self.done, len(self.review.chances), self.review.complete, self.error

    @property
    def animating(self) -> bool:
        # the chart fills in; and the frame after it is done (or failed) shows that, whenever it happened
        return self._changed or self._drawn_progress != self._progress_shown()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._changed = False
        self._drawn_progress = self._progress_shown()
        self._table().draw(surface)
        self._banner(surface)
        self._keys(surface)
        if not self.panel_shown:
            self.moment_rows = []
            self.panel_button.draw(surface)
            return
        panel = self.lay.panel
        draw_panel(surface, panel, fill="slate")
        if panel.w >= WIDE:
            T.draw_text(surface, "Review", (panel.x + 16, panel.y + 8), size="body", bold=True, colour="gold")
            T.draw_text(surface, "click the chart or a moment \u00b7 \u2190 \u2192 step",
                        (self.chart.right, panel.y + 10), size="small", colour="text_dim", anchor="topright")
        self._legend(surface)
        self._chart(surface)
        self._progress(surface)
        self._moments(surface)
        self.panel_button.draw(surface)
        self.back.draw(surface)

    def _banner(self, surface: pygame.Surface) -> None:
        rect = pygame.Rect(0, 0, surface.get_width(), BANNER_H)
        draw_panel(surface, rect, fill="gold_dark", radius=0)
        words_w = HIDE_RECT[0] - 24  # clear of the buttons
        n = len(self.s.actions)
        where = "the start" if self.chosen == 0 else f"move {self.chosen} of {n}"
        line = f"Review: the table after {where}." if self.chosen else f"Review: the table at {where}."
        lines = self.lines()
        row = lines[self.chosen] if self.chosen < len(lines) else None
        if row is not None:
            line += "  Win chance: " + ", ".join(f"{self.names[p]} {c:.0%}" for p, c in enumerate(row))
        T.draw_whole(surface, line, pygame.Rect(rect.x + 12, rect.y + 2, words_w, rect.h - 4), "body", "text",
                     align="left")  # whole: a smaller size, then two lines

    def _keys(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, TH.current().colour("background"), KEYS)
        T.draw_text(surface, "\u2190 \u2192 step \u00b7 Home / End: start / end \u00b7 Tab: "
                    + ("hide the panel" if self.panel_shown else "the review panel") + " \u00b7 Esc: back",
                    (KEYS.right - 16, KEYS.centery), size="small", colour="text_dim", anchor="midright")

    def line_colours(self) -> list[tuple[int, int, int]]:
        """Each player's line and swatch: their seat's colour, lightened where it would not stand out
        :data:`LINE_CONTRAST` to 1 from the chart or the panel (:func:`lightened_to_stand_out`), and another where it
        is too like a colour taken before it, the humans' first (:func:`distinct_colours`)."""
        grounds = (CHART_FILL, TH.current().colour("slate"))
        humans = self.s.humans()
        order = sorted(range(len(self.seat_rgb)), key=lambda p: p not in humans)  # the people keep theirs first
        return distinct_colours([lightened_to_stand_out(rgb, grounds) for rgb in self.seat_rgb], order, grounds)

    def swatch_rect(self, p: int) -> pygame.Rect:
        """Where player ``p``'s swatch is drawn in the legend: a short bar of their line's colour."""
        rect = self.legend_places()[p][0]
        return pygame.Rect(rect.x, rect.y + T.line_height("small") // 2 - 2, 14, 4)

    def _legend(self, surface: pygame.Surface) -> None:
        step = T.line_height("small")
        colours = self.line_colours()
        for p, (rect, lines) in enumerate(self.legend_places()):
            pygame.draw.rect(surface, colours[p], self.swatch_rect(p))
            for k, line in enumerate(lines):
                T.draw_text(surface, line, (rect.x + LEGEND_SWATCH, rect.y + k * step), size="small", colour="text")

    def _point(self, count: int, chance: float) -> tuple[int, int]:
        n = max(1, len(self.s.actions))
        chart = self.plot
        return (chart.x + round(chart.w * count / n), chart.bottom - round(chart.h * chance))

    def moment_point(self, m: KeyMoment) -> tuple[int, int]:
        """Where key moment ``m`` is marked on the chart: the point after its move on the line that fell (the
        mover's own, or the reviewed player's for a rival's move), the point a click on the moment shows."""
        rows = self.lines()
        return self._point(m.index + 1, rows[m.index + 1][hurt(m)])

    def _chart(self, surface: pygame.Surface) -> None:
        chart, plot = self.chart, self.plot
        pygame.draw.rect(surface, CHART_FILL, chart)
        for frac in (0.25, 0.5, 0.75, 1.0):
            y = plot.bottom - round(plot.h * frac)
            pygame.draw.line(surface, (60, 64, 76), (plot.x, y), (plot.right, y))
        T.draw_text(surface, "100%", (chart.x + 4, chart.y + 2), size="small", colour="text_dim")  # above the plot
        rows = self.lines()
        humans = self.s.humans()
        colours = self.line_colours()
        for p in sorted(range(len(self.names)), key=lambda p: p in humans):  # the people's lines on top
            points = [self._point(k, row[p]) for k, row in enumerate(rows)]
            if len(points) > 1:
                pygame.draw.lines(surface, colours[p], False, points,
                                  3 if p in humans else 2)
        x = self._point(self.chosen, 0)[0]
        pygame.draw.line(surface, (234, 228, 214), (x, plot.y - 3), (x, chart.bottom))
        for m in self.review.moments:  # a ring where each fall ends, on the line that fell; the chosen one's fall
            if m.index + 1 < len(rows):    # drawn over its line, white, and the ring filled
                whose = hurt(m)
                start, end = self._point(m.index, rows[m.index][whose]), self.moment_point(m)
                if self.chosen == m.index + 1:
                    pygame.draw.line(surface, MARK_RGB, start, end, 4)
                pygame.draw.circle(surface, (20, 22, 28), end, 8)
                pygame.draw.circle(surface, MARK_RGB, end, 7, 2)
                if self.chosen == m.index + 1:
                    pygame.draw.circle(surface, (214, 172, 78), end, 5)
        pygame.draw.rect(surface, (80, 84, 96), chart, 1)

    def _progress(self, surface: pygame.Surface) -> None:
        bar, y, chart = self.lay.bar, self.lay.caption_y, self.lay.chart
        if self.error:
            T.draw_wrapped(surface, self.error, pygame.Rect(chart.x, y, chart.w, self.lay.moments.y - y), "small",
                           "bad")
            return
        if self.done >= self.total:
            words = f"Reviewed: all {len(self.s.actions)} moves. Each line: the share of playouts that player won"
            if T.text_size(words, "small")[0] > chart.w:
                words = f"Reviewed: all {len(self.s.actions)} moves."
            T.draw_text(surface, words, (chart.x, y), size="small", colour="text_dim")
            return
        T.draw_text(surface, f"Reviewing\u2026 {self.done} of {self.total}", (chart.x, y), size="small",
                    colour="text_dim")
        pygame.draw.rect(surface, (30, 33, 41), bar)
        pygame.draw.rect(surface, (214, 172, 78), (bar.x, bar.y, round(bar.w * self.done / max(1, self.total)),
                                                   bar.h))

    def _moments(self, surface: pygame.Surface) -> None:
        box = self.lay.moments
        T.draw_text(surface, "Key moments", (box.x + 12, box.y), size="body", bold=True, colour="gold")
        self.moment_rows = []
        y = box.y + T.line_height("body", bold=True) + 4
        note = T.wrap(self.verdict(), box.w - 24, "small") if self.verdict() else []
        for line in note:
            T.draw_text(surface, line, (box.x + 12, y), size="small", colour="text_dim")
            y += T.line_height("small")
        if not self.review.moments:
            return
        y += 4 if note else 0
        limit = box.bottom
        px = self.moments_size(limit - y)
        step = T.line_height(px)
        laid = [(m, *self.moment_lines(m, px)) for m in self.review.moments]
        if y + sum(step * len(lines) + 10 for _m, _h, lines in laid) - 4 > limit:
            limit -= step  # room for a line that counts those left out (in the panel's margin below the list)
            laid = self._listed(laid, limit - y, step)
        for m, head, lines in laid:
            rect = pygame.Rect(box.x + 8, y, box.w - 16, step * len(lines) + 6)
            if rect.bottom > limit:
                break
            if self.chosen == m.index + 1:
                draw_panel(surface, rect, fill="slate_light", border="gold")
            for k, ln in enumerate(lines):
                at = (rect.x + 10, rect.y + 3 + k * step)
                if k == 0 and ln.startswith(head):  # which move and its cost, in gold; then the moves
                    T.draw_text(surface, head, at, size=px, colour="gold_light")
                    at, ln = (at[0] + T.text_size(head + " ", px)[0], at[1]), ln[len(head):].lstrip()
                T.draw_text(surface, ln, at, size=px, colour="text")
            self.moment_rows.append((rect, m.index))
            y = rect.bottom + 4
        left = len(self.review.moments) - len(self.moment_rows)
        if left:
            T.draw_text(surface, left_out_words(left), (box.x + 18, y), size=px, colour="text_dim")

    def _listed(self, laid: list[tuple[KeyMoment, str, list[str]]], room: int,
                step: int) -> list[tuple[KeyMoment, str, list[str]]]:
        """The moments listed when not every one fits ``room``: the chosen one (a ring clicked on the chart), then
        the costliest, as many as fit, in the order played (the smallest falls are the ones left to the rings)."""
        chosen = [k for k, (m, _h, _l) in enumerate(laid) if self.chosen == m.index + 1]
        order = chosen + sorted((k for k in range(len(laid)) if k not in chosen), key=lambda k: -laid[k][0].cost)
        kept: list[int] = []
        used = 0
        for k in order:
            need = step * len(laid[k][2]) + 10
            if used + need - 4 <= room:
                kept.append(k)
                used += need
        return [laid[k] for k in sorted(kept)]

    def verdict(self) -> str:
        """The line over the key moments (:func:`~game.core.review.verdict` for the seat at the screen)."""
        if self.done < self.total:  # the review still running: the moments so far speak for themselves
            return "" if self.review.moments else "None so far."
        review = Review(self.review.chances, self.review.moments, True)
        return verdict(review, self.seat, self.names[self.seat] if self.seat < len(self.names) else "You")

    def moments_size(self, room: int) -> int:
        """The text size (px) at which every key moment fits in ``room`` px: the panel's small size, or a smaller
        one down to 13 px when the moves' words are long (Res Arcana names what each power does); at 13 px those
        that do not fit are left out, as before."""
        px = TH.current().size("small")
        for k in range(px, min(px, T.LEAST_SIZE) - 1, -1):
            need = sum(T.line_height(k) * len(self.moment_lines(m, k)[1]) + 10 for m in self.review.moments)
            if need <= room:
                return k
        return min(px, T.LEAST_SIZE)

    def seat_name(self, p: int) -> str:
        return self.names[p] if p < len(self.names) else f"Seat {p + 1}"

    def moment_lines(self, m: KeyMoment, size: int | str = "small") -> tuple[str, list[str]]:
        """A key moment as one short paragraph wrapped to the panel, and its head (which move, whose and what
        it cost, the win chance before and after as the chart shows them): 'Move 12 (You), win chance 62% → 54%:
        You chose “Play Stone Gardens”. The hint: “Bid 2”.'
        (two lines for most moments, so five fit). The better move is the one the hint (H) would have shown
        there (:mod:`game.core.review`), so the review never calls the hint's own move a mistake."""
        # no-break spaces keep "62% → 54%" on one line when the head wraps
        who, cost = self.seat_name(m.seat), moment_cost_words(self.lines(), m).replace(" ", "\u00a0")
        if hurt(m) != m.seat:  # a rival's move: whose chance it cost, and no hint (it was not theirs to play)
            whose = "your" if self.seat_name(hurt(m)) == "You" else f"{self.seat_name(hurt(m))}'s"
            head = f"Move {m.index + 1} ({who}'s move, a rival's), {whose} win chance {cost}:"
            return head, T.wrap(f"{head} {who} chose \u201c{m.played}\u201d.", self.lay.moments.w - 36, size)
        head = f"Move {m.index + 1} ({who}), win chance {cost}:"
        hint = f"The hint: \u201c{m.best}\u201d." if m.best else "The hint would have chosen it too."
        text = f"{head} {who} chose \u201c{m.played}\u201d. {hint}"
        return head, T.wrap(text, self.lay.moments.w - 36, size)


def hurt(m: KeyMoment) -> int:
    """The seat whose chance fell at key moment ``m``: the mover's own, or for a rival's move the reviewed one."""
    return m.seat if m.whose < 0 else m.whose


def as_a_picture(table: Any) -> None:
    """The reviewed table as a picture of the past: none of its buttons (the decision's options, the top bar's)
    is drawn, so nothing looks as if it could still be clicked (play-test t1: the reviewed position's recruit
    menu was drawn as live buttons). The review takes every input itself."""
    root = getattr(table, "root", None)
    for widget in [*(root.walk() if root is not None else []), *getattr(table, "buttons", [])]:
        if isinstance(widget, Button):
            widget.visible = False


def left_out_words(n: int) -> str:
    """The line under the key moments when ``n`` of them do not fit the panel."""
    return f"{n} more key moment{'s' if n != 1 else ''} not listed: {'its ring is' if n == 1 else 'their rings are'} " \
           "on the chart"


def seat_colours(adapter: Any, state: Any, players: int) -> list[tuple[int, int, int]]:
    """Each seat's colour on the game's table (the adapter's ``seat_colours``), else :data:`LINE_COLOURS`."""
    own = list(adapter.seat_colours(state)) if adapter.seat_colours is not None else []
    return [tuple(own[p][:3]) if p < len(own) else LINE_COLOURS[p % len(LINE_COLOURS)]  # type: ignore[misc]
            for p in range(players)]


def lightened_to_stand_out(rgb: tuple[int, ...], grounds: tuple[tuple[int, ...], ...],
                ratio: float = LINE_CONTRAST) -> tuple[int, int, int]:
    """``rgb`` itself when it stands out ``ratio`` to 1 from every colour of ``grounds``, else lightened by the
    least step that does: mixed with white, which keeps its hue (a dark seat colour reads as itself, paler)."""
    for step in range(101):
        t = step / 100
        out = tuple(round(v + (255 - v) * t) for v in rgb[:3])
        if all(contrast(out, g) >= ratio for g in grounds):
            return out  # type: ignore[return-value]
    return (255, 255, 255)


def delta_e(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """How far apart two colours look: the CIE76 distance of their CIELAB values (about 2.3: just told apart)."""
    la, lb = _lab(a), _lab(b)
    return sum((x - y) ** 2 for x, y in zip(la, lb, strict=True)) ** 0.5


def _lab(rgb: tuple[int, ...]) -> tuple[float, float, float]:
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    r, g, b = (linear(v) for v in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distinct_colours(rgbs: list[tuple[int, int, int]], order: list[int], grounds: tuple[tuple[int, ...], ...],
                     apart: float = SEAT_DELTA) -> list[tuple[int, int, int]]:
    """``rgbs`` with each colour too near one taken before it (in ``order``: :data:`SEAT_DELTA` apart at least)
    replaced by the colour of :data:`DISTINCT_COLOURS` (lightened to stand out from ``grounds``) farthest from
    those taken."""
    taken: dict[int, tuple[int, int, int]] = {}
    spare = [lightened_to_stand_out(c, grounds) for c in DISTINCT_COLOURS]
    for p in order:
        rgb = rgbs[p]
        if any(delta_e(rgb, other) < apart for other in taken.values()):
            rgb = max(spare, key=lambda c: min(delta_e(c, other) for other in taken.values()))
        taken[p] = rgb
    return [taken[p] for p in range(len(rgbs))]


def legend_layout(names: list[str], width: int) -> list[tuple[pygame.Rect, list[str]]]:
    """Where each name of the chart's legend goes (from the legend's top-left, ``width`` wide) and its lines: in
    the fewest rows of at most :data:`LEGEND_COLUMNS` columns in which every name reads whole on one line at the
    small size; else one name a row, a name wider than the legend wrapped. Never one entry over another, never
    a name cut or made smaller."""
    step = T.line_height("small")
    widest = max((T.text_size(name, "small")[0] for name in names), default=0)
    for rows in range(1, len(names) + 1):
        columns = -(-len(names) // rows)
        column_w = width // columns
        if columns <= LEGEND_COLUMNS and LEGEND_SWATCH + widest + LEGEND_GAP <= column_w:
            return [(pygame.Rect((p % columns) * column_w, (p // columns) * step, column_w - LEGEND_GAP, step),
                     [name]) for p, name in enumerate(names)]
    places, y = [], 0
    for name in names:
        lines = T.wrap(name, width - LEGEND_SWATCH, "small")
        places.append((pygame.Rect(0, y, width, step * len(lines)), lines))
        y += step * len(lines)
    return places


def open_review(scene: Scene, cfg: Any, session: GameSession, record_path: Path | None = None) -> ReviewScene:
    """Push the review of ``session`` (a finished game) over ``scene``; its review is cached beside
    ``record_path`` (default: where the session's record was kept as it went into the history)."""
    review = ReviewScene(cfg, session, record_path if record_path is not None else session.record_path)
    assert scene.app is not None
    scene.app.push(review)
    return review


def run_review_window(cfg: Any, record_path: Path, record: Any, home: Callable[[], Scene], workers: int = 2,
                      max_frames: int | None = None) -> int:
    """Open the window on the review of the record at ``record_path`` (already read and checked); Back
    goes to ``home`` (the title screen)."""
    from game.core import paths
    from game.core.config import ensure_user_config
    from game.core.session import presets_of

    from .app import App

    ensure_user_config()
    app = App.from_config(cfg, title=paths.app_identity().title, icon=paths.resource_path("assets", "icon.png"))
    app.home = home
    session = GameSession.from_record(record, str(record_path), presets_of(cfg))
    app.push(ReviewScene(cfg, session, record_path, workers=workers, on_back=app.go_home))
    app.run(max_frames)
    return 0
