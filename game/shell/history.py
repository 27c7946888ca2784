"""The history of a game: every move so far in words, and the table as it was just after any of them.

:class:`HistoryScene` goes over a :class:`~game.shell.table.TableBase` (key Y or its History button).
On the right, the moves, grouped by the part of the game they were made in (the game's ``heading``:
"Age 1, round 2", "Round 3"), each with who made it and what happened, in the words of the game's one
narration (``GameAdapter.narrate``) that the log and the move feed use too. Clicking a move (or the
arrow keys) shows the table as it was just after it: the game is replayed to that move
(``GameSession.position``) and drawn by a read-only copy of the game's own table, from the viewing
seat's side as it stood then, so it shows what that seat knew then and nothing more. Another seat's
hidden choice is told only as such; the words of a move come from its public events, or, for the
viewer's own move or an open one, the game's description of it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pygame

from game.core.records import Record
from game.core.session import STEP_OWN, GameSession

from . import text as T
from .scene import Scene
from .widgets import Button, draw_panel

BANNER_H = 46  # the "Looking back" bar over the top bar, with "Back to the game" at its right end
MOST_LINES = 3  # a move's sentences shown in the list (the rest counted)
MOST_LINES_CHOSEN = 12  # ... and when it is the move chosen


@dataclass
class Move:
    count: int  # the action count just after this move (1 for the first move)
    heading: str
    who: str
    text: str  # its sentences, the first few (the rest counted)
    full: str = ""  # every sentence: shown when the move is the one chosen


def moves_of(session: GameSession, names: list[str], viewer: int) -> list[Move]:
    """Every move so far as :class:`Move` rows, in words as ``viewer`` (named in ``names``) may read them."""
    g = session.adapter
    by_action: dict[int, list[dict[str, Any]]] = {}
    for ev in session.events:
        by_action.setdefault(ev.action_index, []).append(ev.data)
    current = "The start of the game"
    for data in by_action.get(0, []):
        current = (g.heading(data) if g.heading else None) or current
    out = []
    for k, row in enumerate(session.actions, 1):
        events = by_action.get(k, [])
        heads = [h for h in (g.heading(e) if g.heading else None for e in events) if h]
        heading = heads[0] if heads and events and g.heading(events[0]) else current
        current = heads[-1] if heads else current
        seat = row["seat"]
        lines = told_lines(session, events, names)
        whole = lines if len(lines) <= MOST_LINES_CHOSEN else \
            [*lines[:MOST_LINES_CHOSEN], f"(and {len(lines) - MOST_LINES_CHOSEN} more)"]
        full = " ".join(ln if ln.endswith((".", ")")) else ln + "." for ln in whole)
        if len(lines) > MOST_LINES:
            lines = [*lines[:MOST_LINES], f"(and {len(lines) - MOST_LINES} more: click to read them all)"]
        text = " ".join(ln if ln.endswith((".", ")")) else ln + "." for ln in lines)
        if not text:
            text = full = move_words(session, k, names, viewer)
        out.append(Move(k, heading, names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}", text, full))
    return out


def told_lines(session: GameSession, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """A move's events in the game's words, an event the game folds into the one before (``GameAdapter.fold``:
    gains in a row) told in one line with it, as the log tells them."""
    g = session.adapter
    lines: list[str] = []
    told: dict[str, Any] | None = None
    for e in events:
        merged = g.fold(told, e) if g.fold is not None and told is not None else None
        event = merged if merged is not None else e
        line = g.narrate(session.state, event, names) if g.narrate is not None else None
        if line and merged is not None and lines:
            lines.pop()
        if line:
            lines.append(line)
        told = event if line else None
    return lines


def move_words(session: GameSession, count: int, names: list[str], viewer: int) -> str:
    """Move ``count`` (1 for the first) in words when its events tell nothing: the game's words for the
    viewer's own or an open move, else only that a hidden choice was made."""
    row = session.actions[count - 1]
    if row["seat"] != viewer and session.steps[count - 1] != STEP_OWN:
        return "A hidden choice."
    g = session.adapter
    try:
        action = g.from_json(session.state, row["action"])
        words = g.move_words(session.state, action, names) if g.move_words else g.describe(session.state, action)
        return words + "."
    except Exception:  # noqa: BLE001 - words for a move the live position cannot read: say less
        return "A move."


def names_at(session: GameSession, state: Any) -> list[str]:
    """The seats as the players read them at ``state``: "You" for the one human, else a player's own name
    or the game's name for the seat then (a Res Arcana seat is named by its mage only once it is revealed)."""
    humans = session.humans()
    game_names = session.adapter.seat_names(state)
    return ["You" if humans == [p] else (seat.name or game_names[p]) for p, seat in enumerate(session.seats)]


def past_session(session: GameSession, count: int) -> GameSession:
    """A copy of ``session`` at the position after ``count`` actions, for looking only: the same seats, no
    worker, no bot's search; its events are there (for the list of moves) but none is told again."""
    past = copy.copy(session)
    past.state = session.position(count)
    past.state.events = None
    past.record = Record(session.record.game, session.players, session.seed, dict(session.setup or {}),
                         session.record.seats, list(session.actions[:count]))
    past.events = [ev for ev in session.events if ev.action_index <= count]
    past.restored_events = 0  # a table built on it tells and shows none of them
    past.steps = session.steps[:count]
    past.agents, past.worker, past.job = {}, None, None
    return past


class HistoryScene(Scene):
    """The history panel over the table, and the table as it was after the chosen move (read-only)."""

    pauses_below = True  # the game waits (no bot moves) while its history is open

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.viewer = table.viewer
        self.moves = moves_of(table.s, table.seat_words(), self.viewer)
        self.shown = self.moves  # the moves listed: up to the chosen one (nothing later is told there)
        self.chosen: int | None = None  # index into moves; None: the game as it is now
        self.past: Any = None  # the read-only table showing the chosen move
        self.rows: list[tuple[pygame.Rect, int]] = []  # (where, move index) of the rows drawn
        self.scroll = 0  # rows scrolled past, from the newest end
        # the list goes where the game's table says (over its decision panel, never the rivals' boards); "Back
        # to the game" in the top bar, where the shared buttons are on the table
        self.panel = pygame.Rect(table.history_panel_rect)
        self.list_top = self.panel.y + 42
        self.list_bottom = self.panel.bottom - 8
        self.back = Button("Back to the game", (1390, 5, 200, BANNER_H - 10), self.close,
                           shortcut=pygame.K_ESCAPE, style="primary", size="small")

    # ------------------------------------------------------------ choosing a move
    def choose(self, index: int | None) -> None:
        if index is not None:
            index = max(0, min(len(self.moves) - 1, index))
        self.chosen = index
        self.scroll = 0  # the chosen move is the newest listed
        if index is None:
            self.past = None
            self.shown = self.moves
            return
        session = past_session(self.table.s, self.moves[index].count)
        self.shown = moves_of(session, names_at(session, session.state), self.viewer)
        self.past = type(self.table)(self.table.cfg, session)
        self.past.stack = self.stack  # drawn here, never pushed: it has the app but no turn in the flow
        self.past.finished = True  # no Undo, no History, no flow: a picture of the past
        self.past.viewer = self.viewer
        self.past.revealed_for = self.viewer
        self.past.rebuild()

    def step(self, by: int) -> None:
        if not self.moves:
            return
        now = len(self.moves) if self.chosen is None else self.chosen
        self.choose(now + by if now + by < len(self.moves) else None)

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_y, pygame.K_ESCAPE):
                self.close()
            elif event.key in (pygame.K_LEFT, pygame.K_UP):
                self.step(-1)
            elif event.key in (pygame.K_RIGHT, pygame.K_DOWN):
                self.step(1)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(len(self.moves) - 1, self.scroll + event.y * 2))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos) and event.pos[1] >= self.list_top:
                    self.choose(index)
                    return True
        return True  # read-only: nothing reaches the table

    def update(self, dt: float) -> None:
        self.back.update(dt)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.past is not None:
            self.past.draw(surface)
        else:
            self.table.draw(surface)
        self._banner(surface)
        panel = self.panel
        draw_panel(surface, panel, fill="slate")
        T.draw_text(surface, "History", (panel.x + 14, panel.y + 8), size="large", bold=True, colour="gold")
        T.draw_text(surface, "click a move \u00b7 \u2190 \u2192 step", (panel.right - 14, panel.y + 14),
                    size="small", colour="text_dim", anchor="topright")
        self._list(surface)
        self.back.draw(surface)

    def _banner(self, surface: pygame.Surface) -> None:
        """The top bar while the history is open: which moment is shown, and the way back."""
        rect = pygame.Rect(0, 0, surface.get_width(), BANNER_H)  # over the whole top bar: no word half hidden
        draw_panel(surface, rect, fill="gold_dark" if self.past is not None else "slate_dark", radius=0)
        if self.past is not None:
            move = self.moves[self.chosen or 0]
            line = f"Looking back: the table after move {move.count} of {len(self.moves)} ({move.who}). Read only."
        else:
            line = "The game as it is now: click a move in the history to see the table just after it."
        T.draw_text(surface, line, (rect.x + 12, rect.centery), size="body", colour="text", anchor="midleft")

    def _row_lines(self, move: Move, whole: bool = False) -> list[str]:
        text = move.full if whole and move.full else move.text
        words = text if text.startswith(move.who) else f"{move.who}: {text}"
        return T.wrap(words, self.panel.w - 44, "small")

    def _list(self, surface: pygame.Surface) -> None:
        """The moves, the newest at the bottom (scrolled back by the wheel), grouped under headings. The newest
        row listed is drawn whole even when it is taller than the list (its first lines then go under the
        panel's title); any other only when it fits."""
        panel, top = self.panel, self.list_top
        self.rows = []
        step = T.line_height("small")
        head_h = T.line_height("small", bold=True) + 8
        y = self.list_bottom
        last = len(self.shown) - 1 - min(self.scroll, max(0, len(self.shown) - 1))  # -1: no moves yet
        if self.chosen is not None:
            later = len(self.moves) - len(self.shown)
            T.draw_text(surface, f"{later} later move{'s' if later != 1 else ''}: \u2192 to step on" if later else
                        "The latest move", (panel.x + 14, y - 22), size="small", colour="text_dim")
            y -= 26
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(panel.x, top, panel.w, self.list_bottom - top))
        headed = False  # the topmost row drawn so far has its heading above it
        for i in range(last, -1, -1):
            move = self.shown[i]
            lines = self._row_lines(move, whole=i == self.chosen)
            h = step * len(lines) + 8
            first_of_group = i == 0 or self.shown[i - 1].heading != move.heading
            if self.rows and y - h - head_h < top:  # only whole rows, with room for their group's heading above
                if not headed:  # the group the top row belongs to, named above it
                    heading = self.shown[self.rows[-1][1]].heading
                    T.draw_text(surface, heading, (panel.x + 14, y - head_h + 4), size="small", bold=True,
                                colour="gold")
                break
            y -= h
            rect = pygame.Rect(panel.x + 10, y, panel.w - 20, h - 2)
            if i == self.chosen:
                draw_panel(surface, rect, fill="slate_light", border="gold")
            for k, ln in enumerate(lines):
                T.draw_text(surface, ln, (rect.x + 10, rect.y + 4 + k * step), size="small", colour="text")
            self.rows.append((rect, i))
            headed = first_of_group
            if first_of_group:
                y -= head_h
                T.draw_text(surface, move.heading, (panel.x + 14, y + 4), size="small", bold=True, colour="gold")
        surface.set_clip(clip)
        if not self.moves:
            T.draw_text(surface, "No moves yet.", (panel.x + 14, top + 8), size="small", colour="text_dim")
