"""The statistics screen (from the title), and the hook that adds each finished window game to the history.

Per game (a tab each): your games played and won, the win rate against each bot level and by faction
or mage (with a 95% interval from :data:`game.core.history.MIN_GAMES_FOR_INTERVAL` games on), the
average and best score, a chart of your score game by game (won and lost marked by shape as well as
colour), and the list of past games with their record files. The figures are
:func:`game.core.history.summarize`'s, the same as ``python main.py stats``.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import pygame

from game.core import paths
from game.core.games import GameAdapter
from game.core.history import (
    MIN_GAMES_FOR_INTERVAL,
    GameEntry,
    HistoryError,
    empty_summary,
    read_games,
    record_finished,
    summarize,
)
from game.core.session import GameSession

from . import text as T
from . import theme as TH
from .scene import WidgetScene
from .widgets import Button, Label, ScrollList, draw_panel

FIGURES = pygame.Rect(40, 150, 760, 650)  # the tables of figures
CHART = pygame.Rect(840, 150, 720, 262)  # the score chart's panel
GAMES = pygame.Rect(840, 430, 720, 370)  # the list of past games
FOLDER = pygame.Rect(40, 812, 1520, 44)  # where the records are, under both panels
ROW_H = 27
# the columns of a table of figures: (heading, x offset, width, align)
COLUMNS = (("", 0, 250, "left"), ("Played", 250, 80, "right"), ("Won", 330, 70, "right"),
           ("Win %", 400, 80, "right"), ("95% interval", 480, 130, "right"), ("Average", 610, 80, "right"),
           ("Best", 690, 50, "right"))
CHART_GAMES = 40  # the chart shows your last 40 games
SIDE_WORD = {"realm": "faction", "arcana": "mage"}


def record_session(session: GameSession, seconds: float | None = None) -> str | None:
    """Add a finished window game to the history (called once, as its results show); None when it was
    added, else a one-line warning for the player. Never raises: the game is over either way. The
    session learns where its record was kept (``record_path``), so its review is cached beside it."""
    if session.record.result is None:
        return None

    def kept(path: Path) -> None:
        session.record_path = path

    return record_finished(session.record, session.state, session.adapter, source="window", seconds=seconds,
                           on_kept=kept)


def percent(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.0f}%"


def number(x: float | None) -> str:
    return "" if x is None else f"{x:.1f}".rstrip("0").rstrip(".")


def figure_cells(name: str, t: dict[str, Any]) -> list[str]:
    """One row of a table of figures: the name, then each column's text."""
    interval = t.get("interval")
    return [name, str(t["played"]), str(t["won"]), percent(t["win_rate"]),
            f"{100 * interval[0]:.0f}\u2013{100 * interval[1]:.0f}%" if interval else "",
            number(t["average_score"]), number(t["best_score"])]


def local_time(stamp: str) -> str:
    """A history time (UTC, ISO 8601) in the player's time zone, to the minute."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def game_row(g: dict[str, Any]) -> str:
    """A past game as one entry of the list: how it ended, when, who sat where with their scores."""
    when = local_time(g["played_at"])
    seats = ", ".join(f"{who} {score:g}" for who, score in zip(g["seats"], g["scores"]))
    extra = " \u00b7 assisted" if g["assisted"] else ""
    return f"{g['result'].capitalize()}{extra} \u00b7 {when} \u00b7 {seats}\nrecord: {shown_path(g['record'])}"


def result_marker(result: str) -> TH.Icon:
    """The mark before a past game in the list, the chart's own: a circle won, a square lost (a diamond:
    bots only). The row's text stays in the text colour, so a list of losses reads as easily as wins."""
    colours = TH.current().colours
    if result == "won":
        return TH.Icon(colours.good, "circle")
    if result == "lost":
        return TH.Icon(colours.bad, "square")
    return TH.Icon(colours.text_dim, "diamond")


def shown_path(record: str) -> str:
    """A record's path as the list shows it: inside the user's folder (named under the list) from there."""
    try:
        return Path(record).relative_to(paths.user_data_dir()).as_posix()
    except ValueError:
        return record


class StatsScene(WidgetScene):
    """Your statistics, a tab per game; Back (Esc) returns to the title."""

    def __init__(self, cfg: Any, games: Sequence[GameAdapter], entries: list[GameEntry] | None = None) -> None:
        super().__init__()
        self.cfg = cfg
        self.games = list(games)
        self.problem = ""
        self.listed: list[dict[str, Any]] = []
        self._pressed: tuple[int, int] | None = None
        if entries is None:
            try:
                entries = read_games(report=self._note)
            except (HistoryError, OSError) as exc:
                self.problem, entries = str(exc), []
        self.summary = summarize(entries)
        self.shown = self.games[0].key if self.games else ""
        self.add(Label("Your statistics", (0, 30, 1600, 60), size="title", display=True, align="center"))
        self.tabs: dict[str, Button] = {}
        width = 300
        x0 = 800 - (len(self.games) * (width + 16) - 16) // 2
        for i, g in enumerate(self.games):
            self.tabs[g.key] = self.add(Button(g.title, (x0 + i * (width + 16), 92, width, 44),
                                               lambda k=g.key: self.show(k), tooltip=f"Your games of {g.title}"))
        self.add(Button("Back", (1400, 36, 160, 46), self.close, shortcut=pygame.K_ESCAPE))
        self.past = self.add(ScrollList(GAMES, title="Past games \u00b7 click one for its review", follow=False))
        self.show(self.shown)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click (a press and release in place) on a past game opens its review."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._pressed is not None:
            pressed, self._pressed = self._pressed, None
            if abs(event.pos[1] - pressed[1]) < 6 and self.past.view_rect().collidepoint(event.pos):
                for index, (entry, y) in enumerate(self._entries_shown()):
                    if y <= event.pos[1] < y + entry.height and index < len(self.listed):
                        super().handle_event(event)  # the list ends its drag
                        self.open_review(self.listed[index])
                        return True
        return super().handle_event(event)

    def _entries_shown(self) -> list[tuple[Any, int]]:
        """(entry, y) of every entry of the list, visible or not, by its index."""
        view = self.past.view_rect()
        y = view.y - int(self.past.scroll)
        out = []
        for entry in self.past.entries:
            out.append((entry, y))
            y += entry.height
        return out

    def open_review(self, g: dict[str, Any]) -> None:
        """The review of past game ``g`` from its record (a missing or damaged record: a note instead)."""
        from game.core.errors import ReplayError
        from game.core.records import read_record
        from game.core.session import SaveError, presets_of

        from .review import ReviewScene

        path = Path(g["record"])
        try:
            rec = read_record(path)
            session = GameSession.from_record(rec, str(path), presets_of(self.cfg))
        except (ReplayError, SaveError, OSError) as exc:
            self.problem = f"Cannot review that game: {exc}".splitlines()[0]
            return
        assert self.app is not None
        self.app.push(ReviewScene(self.cfg, session, path))

    def _note(self, message: str) -> None:
        self.problem = message

    def figures(self) -> dict[str, Any]:
        return self.summary.get(self.shown) or empty_summary()

    def show(self, key: str) -> None:
        """Show the statistics of game ``key``."""
        self.shown = key
        for k, tab in self.tabs.items():
            tab.style = "primary" if k == key else "secondary"
        self.past.clear()
        games = self.figures()["games"]
        self.listed = list(reversed(games))  # the list's entries, in order: a click opens that game's review
        for g in reversed(games):  # the newest first
            self.past.append(game_row(g), colour="text_dim" if g["result"] == "bots only" else "text",
                             icon=result_marker(g["result"]))
        if not games:
            self.past.append("No games yet: a finished game appears here.", colour="text_dim")
        self.past.scroll = 0.0

    # ------------------------------------------------------------------ drawing
    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, FIGURES, fill="slate")
        draw_panel(surface, CHART, fill="slate")
        with T.registry.within(FIGURES):
            self.draw_figures(surface)
        with T.registry.within(CHART):
            self.draw_chart(surface)
        with T.registry.within(FOLDER):
            T.draw_wrapped(surface, f"Record paths are from your game folder, {paths.user_data_dir()}",
                           FOLDER, "small", "text_dim", align="center")
        if self.problem:
            T.draw_text(surface, self.problem, (800, 862), "small", "bad", anchor="midtop")

    def draw_figures(self, surface: pygame.Surface) -> None:
        s = self.figures()
        x, y = FIGURES.x + 10, FIGURES.y + 14
        n = s["recorded"]
        T.draw_text(surface, f"{n} game{'' if n == 1 else 's'} recorded, {s['played']} with you at the table"
                    + (f" ({s['assisted']} assisted)" if s["assisted"] else ""), (x, y), "body")
        y += 32
        if s["played"]:
            interval = figure_cells("", s)[4]
            rate = percent(s["win_rate"]) + (f", 95% interval {interval}" if interval else "")
            T.draw_text(surface, f"Won {s['won']} of {s['played']} ({rate})", (x, y), "body", "gold")
            T.draw_text(surface, f"Average score {number(s['average_score'])}  \u00b7  best "
                        f"{number(s['best_score'])}", (x, y + 30), "body", "gold")
        else:
            T.draw_text(surface, "Play a game against the bots to see your figures here.", (x, y), "body", "text_dim")
        y += 74
        bottom = FIGURES.bottom - 10
        y = self.draw_table(surface, "Against each bot level", "bot", s["against"], y, bottom)
        word = SIDE_WORD.get(self.shown, "side")
        bottom -= ROW_H
        self.draw_table(surface, f"By {word}", "", s["sides"], y + 14, bottom)
        T.draw_text(surface, f"A win rate's 95% interval shows from {MIN_GAMES_FOR_INTERVAL} games on.",
                    (x, bottom + 4), "small", "text_dim")

    def draw_table(self, surface: pygame.Surface, heading: str, suffix: str, rows: dict[str, Any], y: int,
                   bottom: int) -> int:
        """A table of figures under ``heading`` from ``y``, as many rows as fit above ``bottom``; the y after."""
        x = FIGURES.x + 10
        T.draw_text(surface, heading, (x, y), "body", bold=True)
        for title, dx, w, _align in COLUMNS[1:]:
            T.draw_text(surface, title, (x + dx + w, y + 4), "small", "text_dim", anchor="topright")
        y += 30
        if not rows:
            T.draw_text(surface, "none yet", (x, y), "small", "text_dim")
            return y + ROW_H
        room = max(1, (bottom - y) // ROW_H)
        items = sorted(rows.items(), key=lambda kv: -kv[1]["played"])
        shown = items if len(items) <= room else items[: room - 1]
        for name, t in shown:
            cells = figure_cells(f"{name} {suffix}".strip(), t)
            for (_, dx, w, align), cell in zip(COLUMNS, cells):
                pos, anchor = ((x + dx, y), "topleft") if align == "left" else ((x + dx + w, y), "topright")
                T.draw_text(surface, cell, pos, "small", anchor=anchor)
            y += ROW_H
        if len(shown) < len(items):
            T.draw_text(surface, f"and {len(items) - len(shown)} more", (x, y), "small", "text_dim")
            y += ROW_H
        return y

    def draw_chart(self, surface: pygame.Surface) -> None:
        """Your score in each of your last games, oldest on the left: a circle won, a square lost."""
        r = CHART
        T.draw_text(surface, "Your score, game by game", (r.x + 14, r.y + 10), "body", bold=True)
        lost = T.draw_text(surface, "lost", (r.right - 14, r.y + 12), "small", "text_dim", anchor="topright")
        TH.draw_marker(surface, (lost.x - 12, lost.centery), 6, TH.current().colour("bad"), "square")
        won = T.draw_text(surface, "won", (lost.x - 34, r.y + 12), "small", "text_dim", anchor="topright")
        TH.draw_marker(surface, (won.x - 12, won.centery), 6, TH.current().colour("good"), "circle")
        scored = [g for g in self.figures()["games"] if g["score"] is not None]
        games = scored[-CHART_GAMES:]
        plot = pygame.Rect(r.x + 64, r.y + 52, r.w - 92, r.h - 92)
        pygame.draw.rect(surface, TH.current().colour("slate_dark"), plot)
        if not games:
            T.draw_text(surface, "No games with you at the table yet", plot.center, "small", "text_dim",
                        anchor="center")
            return
        scores = [float(g["score"]) for g in games]
        lo, hi = min(0.0, min(scores)), max(scores)
        hi = hi if hi > lo else lo + 1

        def at(i: int, v: float) -> tuple[float, float]:
            fx = 0.5 if len(games) == 1 else i / (len(games) - 1)
            return (plot.x + 12 + fx * (plot.w - 24), plot.bottom - 8 - (v - lo) / (hi - lo) * (plot.h - 16))

        T.draw_text(surface, number(hi), (plot.x - 8, plot.y), "small", "text_dim", anchor="topright")
        T.draw_text(surface, number(lo), (plot.x - 8, plot.bottom), "small", "text_dim", anchor="bottomright")
        points = [at(i, v) for i, v in enumerate(scores)]
        for words, x, anchor in axis_words(len(scored), len(games), plot, points[0][0]):
            T.draw_text(surface, words, (x, plot.bottom + 6), "small", "text_dim", anchor=anchor)
        if len(points) > 1:
            pygame.draw.aalines(surface, TH.current().colour("text_dim"), False, points)
        for g, p in zip(games, points):
            won = g["result"] == "won"
            TH.draw_marker(surface, p, 6, TH.current().colour("good" if won else "bad"),
                           "circle" if won else "square")


def axis_words(scored: int, shown: int, plot: pygame.Rect, only_x: float) -> list[tuple[str, float, str]]:
    """The words under the score chart, (words, x, anchor): which games it shows, from your ``scored``
    games the last ``shown``; a single game is named under its point (``only_x``)."""
    if shown == 1:
        return [("your first game", only_x, "midtop")]
    first = scored - shown + 1
    return [(f"game {first}" if first > 1 else "your first game", plot.x, "topleft"),
            (f"game {scored}, the latest", plot.right, "topright")]
