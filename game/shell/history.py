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

The list fills its panel with the moves around the chosen one (or the newest): the earlier ones above, told
as the viewer read them then, and below it the later ones, each only as its number and who made it (named as
they were then), so nothing learnt later is told. The wheel and Page Up / Down scroll it, a click on any move
shows the table after it, Home and End go to the first move and to the game as it is now. A row the list's
edge would cut is left out whole (never a row begun mid-sentence), and the part of the game the topmost row
belongs to stays named at the top.
A game whose panel is short may give a taller place for it (``history_tall_rect``: Realm's grows up over its
reward card); Tab or the Taller button switches between the two.
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
TALL_PANEL = 300  # a panel this tall or more has its title large
PAGE_ROWS = 5  # the rows Page Up / Page Down scroll the list by


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
        lines = after_the_move(told_lines_of_seats(session, events, names), seat, names)
        whole = lines if len(lines) <= MOST_LINES_CHOSEN else \
            [*lines[:MOST_LINES_CHOSEN], f"(and {len(lines) - MOST_LINES_CHOSEN} more)"]
        full = " ".join(ln if ln.endswith((".", ")")) else ln + "." for ln in whole)
        if len(lines) > MOST_LINES:
            lines = [*lines[:MOST_LINES], f"(and {len(lines) - MOST_LINES} more: click to read them all)"]
        text = " ".join(ln if ln.endswith((".", ")")) else ln + "." for ln in lines)
        if not text:
            if told_by_next(session, k):
                continue  # told with the next move, in its row
            text = full = move_words(session, k, names, viewer)
        out.append(Move(k, heading, names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}", text, full))
    return out


def told_lines(session: GameSession, events: list[dict[str, Any]], names: list[str]) -> list[str]:
    """A move's events in the game's words, an event the game folds into the one before (``GameAdapter.fold``:
    gains in a row) told in one line with it, as the log tells them."""
    return [line for line, _seat in told_lines_of_seats(session, events, names)]


def told_lines_of_seats(session: GameSession, events: list[dict[str, Any]],
                        names: list[str]) -> list[tuple[str, int | None]]:
    """:func:`told_lines`, each with the seat its event is about (its ``seat``; None: no one's)."""
    g = session.adapter
    lines: list[tuple[str, int | None]] = []
    told: dict[str, Any] | None = None
    for e in events:
        merged = g.fold(told, e) if g.fold is not None and told is not None else None
        event = merged if merged is not None else e
        line = g.narrate(session.state, event, names) if g.narrate is not None else None
        if line and merged is not None and lines:
            lines.pop()
        if line:
            seat = event.get("seat")
            lines.append((line, seat if isinstance(seat, int) else None))
        told = event if line else None
    return lines


def possessive(name: str) -> str:
    """ "your", "The Remnants'", "Ann's": whose move."""
    return "your" if name == "You" else name + ("'" if name.endswith("s") else "'s")


def after_the_move(told: list[tuple[str, int | None]], mover: int, names: list[str]) -> list[str]:
    """A move's lines, the first about another seat than the mover's marked as coming after the move (play-test
    s6: "The Archivists gain 3 VP" read as part of The Remnants' move, the reckoning it ended unsaid)."""
    lines, marked = [], False
    for line, seat in told:
        if not marked and seat is not None and seat != mover and 0 <= mover < len(names):
            line, marked = f"After {possessive(names[mover])} move: {line}", True
        lines.append(line)
    return lines


def told_by_next(session: GameSession, count: int) -> bool:
    """Move ``count`` tells nothing of itself but its seat's next move tells it (``GameAdapter.told_with_next``:
    Res Arcana's card chosen, then paid for), so neither the feed nor the history names it alone."""
    ask = session.adapter.told_with_next
    if ask is None:
        return False
    try:
        return bool(ask(session.state, session.adapter.from_json(session.state, session.actions[count - 1]["action"])))
    except Exception:  # noqa: BLE001 - a move the live position cannot read: named as any other
        return False


def move_words(session: GameSession, count: int, names: list[str], viewer: int) -> str:
    """Move ``count`` (1 for the first) in words when its events tell nothing: the game's words for the
    viewer's own or an open move, else only that a hidden choice was made."""
    row = session.actions[count - 1]
    if row["seat"] != viewer and session.steps[count - 1] != STEP_OWN:
        return "A hidden choice."
    g = session.adapter
    try:
        before = session.position(count - 1)  # the move read where it was made (a power's step says what it is for)
        action = g.from_json(before, row["action"])
        words = g.move_words(before, action, names) if g.move_words else g.describe(before, action)
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


def heading_step() -> int:
    """The room a heading of the list ("Round 3") takes above its first row."""
    return T.line_height("small", bold=True) + 8


@dataclass
class Entry:
    """One row of the list as laid out in the list's own column (``top`` 0: the first heading's top)."""

    index: int  # into the scene's ``moves``
    lines: list[str]
    top: int
    height: int
    heading: str | None  # drawn above the row: the first move of its part of the game
    later: bool = False  # a move after the one chosen: only its number and who made it


class HistoryScene(Scene):
    """The history panel over the table, and the table as it was after the chosen move (read-only)."""

    pauses_below = True  # the game waits (no bot moves) while its history is open

    def __init__(self, table: Any) -> None:
        super().__init__()
        self.table = table
        self.viewer = table.viewer
        self.moves = moves_of(table.s, table.seat_words(), self.viewer)
        self.shown = self.moves  # the moves told in words: up to the chosen one (nothing later is told there)
        self.names_then = table.seat_words()  # the seats as named at the chosen move: who made each later one
        self.chosen: int | None = None  # index into moves; None: the game as it is now
        self.past: Any = None  # the read-only table showing the chosen move
        self.rows: list[tuple[pygame.Rect, int]] = []  # (where, move index) of the rows drawn
        self.left_out: list[int] = []  # the moves the list's edges would have cut, so not drawn (move indices)
        self._laid_out: tuple[int | None, list[Entry]] | None = None  # (chosen, its entries): laid out once
        self.scroll = 0  # rows scrolled back (earlier) from the chosen or newest move; negative: on, past it
        # the list goes where the game's table says (over its decision panel, never the rivals' boards), or on
        # asking in its taller place, if it has one; "Back to the game" in the top bar, where the shared buttons
        # are on the table
        self.tall_rect = table.history_tall_rect  # None: the game has no taller place for its list
        self.tall = False
        self.size_button = Button("Taller", (0, 0, 134, 24), self.toggle_tall, shortcut=pygame.K_TAB, size="tiny")
        self._place()
        self.back = Button("Back to the game", (1390, 5, 200, BANNER_H - 10), self.close,
                           shortcut=pygame.K_ESCAPE, style="primary", size="small")

    def _place(self) -> None:
        """The panel where the table says (its taller place when asked for), its list and its title."""
        self.panel = pygame.Rect(self.tall_rect if self.tall and self.tall_rect else self.table.history_panel_rect)
        # a short panel, or one with the button beside its title: a smaller title, more room for moves
        self.title_size = "large" if self.panel.h >= TALL_PANEL and self.tall_rect is None else "body"
        self.list_top = self.panel.y + (42 if self.title_size == "large" else 34)
        self.list_bottom = self.panel.bottom - 8
        title_y = self.panel.y + 8 + T.line_height(self.title_size, bold=True) // 2
        self.size_button.rect.midright = (self.panel.right - 10, title_y)

    def toggle_tall(self) -> None:
        """Tab or its button: the list in the table's taller place for it, or back."""
        self.tall = not self.tall
        self.size_button.text = "Shorter" if self.tall else "Taller"
        self._laid_out = None
        self._place()

    # ------------------------------------------------------------ choosing a move
    def choose(self, index: int | None) -> None:
        if index is not None:
            index = max(0, min(len(self.moves) - 1, index))
        self.chosen = index
        self.scroll = 0  # the chosen move in view, the moves before it above and after it below
        if index is None:
            self.past = None
            self.shown = self.moves
            self.names_then = self.table.seat_words()
            return
        session = past_session(self.table.s, self.moves[index].count)
        self.names_then = names_at(session, session.state)
        self.shown = moves_of(session, self.names_then, self.viewer)
        self.past = type(self.table)(self.table.cfg, session)
        self.past.stack = self.stack  # drawn here, never pushed: it has the app but no turn in the flow
        self.past.finished = True  # no Undo, no History, no flow: a picture of the past
        self.past.looking_back = True  # ... offering no decision (no popup of the choices then)
        self.past.viewer = self.viewer
        self.past.revealed_for = self.viewer
        self.past.rebuild()

    def step(self, by: int) -> None:
        """The arrows: ``by`` moves back (negative) or on. The table after the last move is the table as it is
        now, so that step is skipped: the first step back from now shows the table before the last move, and
        a step on to the last move is back to now (play-test s6: the first step back changed only the banner)."""
        if not self.moves:
            return
        last = len(self.moves) - 1
        now = last if self.chosen is None else self.chosen
        target = now + by
        self.choose(None if target >= last and by > 0 else max(0, target))

    # ------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if self.tall_rect is not None and self.size_button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            self._key(event.key)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll += event.y * 2  # up: earlier moves come into view (kept in range as the list is drawn)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, index in self.rows:
                if rect.collidepoint(event.pos):
                    self.choose(index)
                    return True
        return True  # read-only: nothing reaches the table

    def _key(self, key: int) -> None:
        """Y or Esc: back to the game; the arrows step through the moves; Page Up / Down scroll the list;
        Home: the first move; End: the game as it is now."""
        if key in (pygame.K_y, pygame.K_ESCAPE):
            self.close()
        elif key in (pygame.K_LEFT, pygame.K_UP):
            self.step(-1)
        elif key in (pygame.K_RIGHT, pygame.K_DOWN):
            self.step(1)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll += PAGE_ROWS if key == pygame.K_PAGEUP else -PAGE_ROWS
        elif key == pygame.K_HOME and self.moves:
            self.choose(0)
        elif key == pygame.K_END:
            self.choose(None)

    def update(self, dt: float) -> None:
        self.back.update(dt)
        self.size_button.update(dt)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        if self.past is not None:
            self.past.draw(surface)
        else:
            self.table.draw(surface)
        self._banner(surface)
        panel = self.panel
        draw_panel(surface, panel, fill="slate")
        title_y = panel.y + 8 + T.line_height(self.title_size, bold=True) // 2
        T.draw_text(surface, "History", (panel.x + 14, title_y), size=self.title_size, bold=True, colour="gold",
                    anchor="midleft")
        if self.tall_rect is not None:  # the button beside the keys, and the keys said shorter
            self.size_button.draw(surface)
            T.draw_text(surface, "\u2190 \u2192 step", (self.size_button.rect.x - 10, title_y), size="small",
                        colour="text_dim", anchor="midright")
        else:
            T.draw_text(surface, "click a move \u00b7 \u2190 \u2192 step", (panel.right - 14, title_y), size="small",
                        colour="text_dim", anchor="midright")
        self._list(surface)
        self.back.draw(surface)

    def _banner(self, surface: pygame.Surface) -> None:
        """The top bar while the history is open: which moment is shown, and the way back."""
        rect = pygame.Rect(0, 0, surface.get_width(), BANNER_H)  # over the whole top bar: no word half hidden
        draw_panel(surface, rect, fill="gold_dark" if self.past is not None else "slate_dark", radius=0)
        if self.past is not None:
            move = self.moves[self.chosen or 0]
            of = len(self.table.s.actions)  # (a move told with the next has no row: the count is the actions')
            line = f"Looking back: the table after move {move.count} of {of} ({possessive(move.who)} " \
                   "move). Read only."
        else:
            line = "The game as it is now: click a move in the history to see the table just after it."
        T.draw_text(surface, line, (rect.x + 12, rect.centery), size="body", colour="text", anchor="midleft")

    def _row_lines(self, move: Move, whole: bool = False) -> list[str]:
        text = move.full if whole and move.full else move.text
        words = text if text.startswith(move.who) else f"{move.who}: {text}"
        return T.wrap(words, self.panel.w - 44, "small")

    def _later_line(self, move: Move) -> str:
        """A move after the chosen one, told only as its number and who made it (named as they were then)."""
        seat = self.table.s.actions[move.count - 1]["seat"]
        who = self.names_then[seat] if 0 <= seat < len(self.names_then) else f"Seat {seat + 1}"
        return f"Move {move.count}: {who}"

    def entries(self) -> list[Entry]:
        """The list laid out top to bottom: every move told (up to the chosen one), each part of the game under
        its heading, then the later moves, one line each."""
        if self._laid_out is None or self._laid_out[0] != self.chosen:
            self._laid_out = (self.chosen, self._lay_out())
        return self._laid_out[1]

    def _lay_out(self) -> list[Entry]:
        step = T.line_height("small")
        head_h = heading_step()
        out: list[Entry] = []
        y, previous = 0, None
        for i, move in enumerate(self._moves_listed()):
            is_later = i >= len(self.shown)
            heading = move.heading if move.heading != previous else None
            previous = move.heading
            y += head_h if heading else 0
            lines = [self._later_line(move)] if is_later else self._row_lines(move, whole=i == self.chosen)
            out.append(Entry(i, lines, y, step * len(lines) + 8, heading, is_later))
            y += out[-1].height
        return out

    def _view_top(self, entries: list[Entry], view_h: int) -> int:
        """Where the list's window starts in its column: the chosen move (or the newest) low in the window, the
        moves before it above and the next one (a quarter of the window at least) below it, moved by the scroll
        (a row at a time), never past either end. The scroll is kept in range here."""
        anchor = len(entries) - 1 if self.chosen is None else self.chosen
        bottom = entries[-1].top + entries[-1].height
        after = bottom - (entries[anchor].top + entries[anchor].height)
        next_h = entries[anchor + 1].top + entries[anchor + 1].height - entries[anchor].top - entries[anchor].height \
            if anchor + 1 < len(entries) else 0  # the next move and its heading: at least that one in view
        below = max(0, min(after, max(next_h, view_h // 4), view_h - entries[anchor].height))
        highest = max(0, bottom - view_h)
        self.scroll = max(anchor - len(entries) + 1, min(anchor, self.scroll))

        def top_at(scroll: int) -> int:  # the window's top with the row ``scroll`` rows before the anchor in focus
            focus = entries[anchor - scroll]
            return focus.top + focus.height + below - view_h

        while self.scroll > 0 and top_at(self.scroll - 1) <= 0:
            self.scroll -= 1  # the first move is in view already: the wheel turned further does nothing
        while self.scroll < 0 and top_at(self.scroll + 1) >= highest:
            self.scroll += 1  # ... nor past the last
        return self._top_on_a_row(entries, max(0, min(highest, top_at(self.scroll))), view_h, anchor)

    def _top_on_a_row(self, entries: list[Entry], top: int, view_h: int, anchor: int) -> int:
        """``top`` moved so the row it cuts is whole (rows are drawn whole or not at all): up to that row's
        heading (or the room for the heading kept at the list's top) while the anchor and the move after it
        still fit, else down past that row, never past the list's end."""
        head_h = heading_step()
        cut = next((e for e in entries if e.top - head_h < top < e.top + e.height), None)
        if cut is None:
            return top
        keep = entries[min(anchor + 1, len(entries) - 1)]
        up = max(0, cut.top - head_h)
        if keep.top + keep.height <= up + view_h:
            return up
        down = cut.top + cut.height - head_h  # (above ``top`` when the row after the cut one needs the heading room)
        highest = max(0, entries[-1].top + entries[-1].height - view_h)
        # never so far up that the anchor is cut at the foot (play-test g6: the newest move, a tuck, left out)
        anchor_whole = entries[anchor].top + entries[anchor].height <= down + view_h
        return down if down <= highest and anchor_whole else top

    def _list(self, surface: pygame.Surface) -> None:
        """The moves around the chosen one (or the newest), earlier above and later below, as many as fill the
        list; of a row at the list's edge, the lines inside it (the wheel brings the rest)."""
        panel = self.panel
        self.rows = []
        if not self.moves:
            T.draw_text(surface, "No moves yet.", (panel.x + 14, self.list_top + 8), size="small", colour="text_dim")
            return
        window = pygame.Rect(panel.x, self.list_top, panel.w, self.list_bottom - self.list_top)
        entries = self.entries()
        shift = window.y - self._view_top(entries, window.h)
        seen = [e for e in entries if e.top + shift < window.bottom and e.top + e.height + shift > window.y]
        window = self._sticky_heading(surface, seen[0], shift, window)
        whole = [e for e in seen if self._reads_whole(e, shift, window)]
        self.left_out = [e.index for e in seen if e not in whole]
        clip = surface.get_clip()
        surface.set_clip(window)
        for entry in whole:
            self._entry(surface, entry, shift, window)
        surface.set_clip(clip)

    def _reads_whole(self, entry: Entry, shift: int, window: pygame.Rect) -> bool:
        """Whether a row is drawn: only whole (play-test s6: a row cut at the list's top began mid-sentence),
        except the chosen move when it is taller than the whole list (then its lines that fit)."""
        top, bottom = entry.top + shift, entry.top + shift + entry.height - 2
        if entry.index == self.chosen and entry.height - 2 > window.h:
            return True
        return window.y <= top and bottom <= window.bottom

    def _sticky_heading(self, surface: pygame.Surface, top: Entry, shift: int, window: pygame.Rect) -> pygame.Rect:
        """The heading of the part of the game the topmost row belongs to, at the list's top when its own place
        is scrolled out of view; the window left for the rows under it."""
        head_h = heading_step()
        if top.heading and top.top + shift - head_h >= window.y:
            return window  # its own heading is in view
        T.draw_text(surface, self._moves_listed()[top.index].heading, (self.panel.x + 14, window.y + 4),
                    size="small", bold=True, colour="gold")
        return pygame.Rect(window.x, window.y + head_h, window.w, window.h - head_h)

    def _moves_listed(self) -> list[Move]:
        """The moves the list shows: those told up to the chosen one, then the later ones."""
        return [*self.shown, *self.moves[len(self.shown):]] if self.chosen is not None else self.moves

    def _entry(self, surface: pygame.Surface, entry: Entry, shift: int, window: pygame.Rect) -> None:
        """One row (and its heading above it), ``shift`` down from its place in the list's column; a line the
        list's edge would cut is left out, so every word drawn reads whole."""
        panel, step = self.panel, T.line_height("small")
        rect = pygame.Rect(panel.x + 10, entry.top + shift, panel.w - 20, entry.height - 2)
        head_h = T.line_height("small", bold=True)
        if entry.heading and rect.y - head_h - 4 >= window.y:
            T.draw_text(surface, entry.heading, (panel.x + 14, rect.y - head_h - 4), size="small", bold=True,
                        colour="gold")
        if entry.index == self.chosen:
            draw_panel(surface, rect, fill="slate_light", border="gold")
        colour = "text_dim" if entry.later else "text"
        for k, line in enumerate(entry.lines):
            y = rect.y + 4 + k * step
            if window.y <= y and y + step <= window.bottom:
                T.draw_text(surface, line, (rect.x + 10, y), size="small", colour=colour)
        if rect.colliderect(window):
            self.rows.append((rect.clip(window), entry.index))
