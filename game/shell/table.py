"""What every game's table shares: the flow around a session, whatever the game draws.

:class:`TableBase` runs the session (bots in the worker, paced by ``ui.bot_delay``), the
pass-and-play curtain, the preview of a chosen move (Enter or a second click confirms; Esc or a
right-click cancels), the log panel (L), the rules reference at the current decision (F1),
leaving with Esc or a game's Leave button (the game saved as it stands: :meth:`leave`), the autosave when a
round ends, and the results when the game is over; undo (Ctrl+Z and a button: a human takes back their own
decisions back to the game's last point of no return, or in a solo game's learning mode back across the
bots' moves), the history of moves (Y and a button:
:mod:`game.shell.history`) and the move feed (:mod:`game.shell.feed`). A sealed choice (one the others make
at the same time, unseen: Realm's card selection and bid) is held face down for ``ui.reveal_hold`` seconds
before it goes to the session: a click makes it (the hold is its preview), Ctrl+Z, Esc, a right-click or
Change takes it back, Enter, Space or Lock in sends it at once, and another choice replaces it. A
game's table subclasses it and draws the board from ``self.view()`` and the legal actions;
it never changes the state itself but through :meth:`submit`.

:class:`ResultsScene` shows each player's points by source, from the game's adapter, and offers
another game with the same seats (:func:`play_again`).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable
from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.core.records import assisted_words
from game.core.session import GameSession

from .feed import MoveFeed
from .guide import active_guide
from .hint import Hint, HintAsker, hint_off_reason, plain_why
from .history import HistoryScene, move_words, told_by_next
from .review import open_review
from .rules import open_rules, rules_path
from .scene import Scene, WidgetScene
from .title import autosave_of
from .title import presets as _presets
from .widgets import Button, Label, ProgressBar, ScrollList, draw_panel

BAR_STEPS = 40  # a thinking bar is redrawn when it grows by 1/40 ...
BAR_FRAMES = 3  # ... and at most every third frame
TH_GOLD = (222, 184, 92)  # the held choice's bar running down
# a click on Undo counts only once the button has been there, clickable, this long: a double-click on the
# button that stood in its place a moment before (Realm's Confirm, "All 3 here") never takes the move back
UNDO_SETTLE = 0.5
# the hint names its bot as the tip does: "the expert bot" (HINT_PRESET; both games' hint lines say it)
HINT_TIP = "The expert bot's move from what you can see, shown as a preview (H)."
# told in the Hint button's tooltip and by the first hint while a game is fair:
HINTS_MARK_ASSISTED = "Hints mark this game as assisted in your statistics"
UNDONE_IN_LEARNING_MODE = "Move taken back by learning mode, further than fair play allows: the game counts as assisted"


class TableBase(Scene):
    """The shared flow of a game table; subclasses draw and build their own controls.

    Subclasses override :meth:`narrate` (an event as a log line), :meth:`animate` (start the
    motion for an event), :meth:`round_key` (autosave when it changes), :meth:`rebuild` (controls
    for the human's decision) and :meth:`draw_table`. ``rules_for`` maps decision names to sections
    of the game's rules file (or override :meth:`rules_section`).

    Where a game needs more of the flow, smaller hooks: :meth:`hold_flow` (something is still being
    shown: the session waits), :meth:`needs_curtain` (when pass and play covers the screen),
    :meth:`before_events` (a batch of new events as a whole, before each is narrated and animated)
    and :meth:`human_turn_begins` (a cue when the one human is to decide again).

    Drawing is in layers. A still table is not drawn again: :attr:`animating` is True only when
    :meth:`picture_key` (what the picture depends on, besides input, motion and the scene stack,
    which redraw it anyway) changed since the last draw, or a thinking bar
    (:meth:`thinking_parts`) grew. A frame in which only the bars grew redraws and presents just
    the bars (:meth:`redraw_parts`), over the table drawn last.
    """

    rules_for: dict[str, str] = {}
    log_rect = pygame.Rect(1010, 52, 574, 840)
    # the shared Hint, Undo and History: the same place in every game, the right end of the top bar (a game's
    # own top-bar buttons go to their left); a table does not move them
    # each wide enough for its label and its key's badge (H, Ctrl+Z, Y), which the Button draws only where it fits
    hint_rect = pygame.Rect(1202, 5, 100, 32)
    undo_rect = pygame.Rect(1308, 5, 148, 32)
    history_rect = pygame.Rect(1462, 5, 128, 32)
    feed_rect = pygame.Rect(1010, 700, 574, 140)  # the move feed: its newest line at the bottom
    # where the history's list of moves goes: over what a past position does not need (a decision's panel),
    # never over the rivals' boards
    history_panel_rect = pygame.Rect(1124, 52, 468, 840)
    # a game whose ``fold`` grows a line over a bot's several decisions holds that line back until it is whole
    holds_growing_lines = False
    history_tall_rect: pygame.Rect | None = None  # a taller place for that list, over more of the table (Tab)
    held_rect = pygame.Rect(440, 0, 1160, 44)  # a sealed choice held face down: over the top bar's right part
    shared_stay_in_preview = False  # True: Hint, Undo and History stay, dimmed, while a move is in preview

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        self.viewer = self._default_viewer()  # whose private information is drawn; -1: nobody's
        self.revealed_for: int | None = None  # the human the curtain was last lifted for
        self.pending: Any = None  # a chosen move shown in preview, waiting for Confirm
        self.pending_text = ""
        self.log = ScrollList(self.log_rect, title="Game log", max_items=cfg.ui.log_lines, keys=True)
        self.show_log = False
        self.bot_wait = 0.0
        self.finished = False
        self.results: Scene | None = None  # the finished game's results, pushed again by Enter on the final table
        self.looking_back = False  # a read-only picture of the past (the history's): a game offers no decision
        self.human_turn = False  # a human was to decide after the last move
        self.last_round: Any = self.round_key()
        self._told: dict[str, Any] | None = None  # the event behind the log's last line (a later one may fold in)
        self._open: str | None = None  # a live line not in the log and the feed yet: it may still grow
        for ev in session.events[:session.restored_events]:  # a continued game keeps its log, not animated
            self.tell(ev.data, self.narrate)
        self.shown_events = session.restored_events
        self.fed_moves = len(session.actions)  # moves the feed has named
        self.happened: list[str] = []  # every line the feed named, in order: the curtain's "since you last looked"
        self.seen_upto: dict[int, int] = {}  # per human seat: how many of them it had seen when it last looked
        self._bar = ProgressBar((0, 0, 10, 10), None)
        self._drawn: tuple | None = None  # (picture key, bar steps, frame) of the last draw
        self.started = time.monotonic() if not session.actions else None  # a continued game's length is unknown
        self.feed = MoveFeed()
        # their keys are the table's own (handle_event), shown as the buttons' badges
        self.undo_button = Button("Undo", self.undo_rect, self.undo, size="small", key_words="Ctrl+Z",
                                  tooltip="Take back your last decision (Ctrl+Z)")
        self.undo_settled = 0.0  # seconds Undo has stood clickable in its place (UNDO_SETTLE: a click counts)
        self.undo_press_ignored = False  # a press on Undo came too soon: its release is ignored too
        self.forced: set[int] = set()  # the numbers of the actions sent from here that were the only legal move
        self.history_button = Button("History", self.history_rect, self.open_history, size="small", key_words="Y",
                                     tooltip="Every move so far; click one to see the "
                                     "table as it was just after it (Y)")
        self.hint = HintAsker(session)
        self.hint_wait = False  # a hint asked, not answered yet
        self.hint_button = Button("Hint", self.hint_rect, self.ask_hint, size="small", key_words="H",
                                  tooltip=HINT_TIP)
        self.shared_shown: list[Button] = []  # the shared buttons drawn last, whose tips show (controls_tooltip_at)
        # where the mouse was at the last press, or when a shared button came or went: no shared button's tip
        # there until the mouse moves (a button that appears under a resting mouse opens no tip)
        self.tip_waits_at: tuple[int, int] | None = None
        self._shared_drawn: list[Button] = []  # the shared buttons drawn last (a change: one came or went)
        self.showing_hint = False  # a hint is being put in preview (a hinted sealed choice is previewed, not held)
        self.face_down: Any = None  # a sealed choice made, face down, not sent yet
        self.face_down_left = 0.0  # seconds until it is sent
        box = self.held_rect
        self.change_button = Button("Change", (box.right - 256, box.y + 5, 120, 34), self.take_back_held,
                                    size="small", tooltip="Take the choice back and choose again (Ctrl+Z, Esc)")
        self.lock_button = Button("Lock in", (box.right - 130, box.y + 5, 124, 34), self.send_held, size="small",
                                  style="primary", tooltip="Send it now (Enter or Space)")

    # ------------------------------------------------------------- for subclasses
    def narrate(self, event: dict[str, Any]) -> str | None:
        return None

    def animate(self, event: dict[str, Any]) -> None:
        pass

    def round_key(self) -> Any:
        return None

    def rebuild(self) -> None:
        pass

    def results_scene(self) -> Scene:
        return ResultsScene(self.cfg, self.s)

    def rules_section(self, decision: str) -> str | None:
        """The section of the rules that F1 opens at ``decision`` (a decision name; "" once over)."""
        return self.rules_for.get(decision)

    def hold_flow(self) -> bool:
        """Called every frame before the session moves on: True holds it this frame (neither the
        bots nor the results go on), for a table still showing something first. Never, here."""
        return False

    def needs_curtain(self, seat: int) -> bool:
        """Whether pass and play covers the screen before human ``seat`` decides: whenever the deciding
        human changes, here; a subclass may spare a curtain the viewer does not need."""
        return self.revealed_for != seat

    def before_events(self, batch: list[dict[str, Any]]) -> None:
        """The new events (their data, oldest first) before each is narrated and animated: for what a
        table shows of a batch as a whole. Nothing, here."""

    def human_turn_begins(self) -> None:
        """After a move, the one human at the table is to decide and was not after the move before
        (a cue, such as a sound; pass and play has its curtain). Nothing, here."""

    def draw_table(self, surface: pygame.Surface) -> None:
        """Draw the whole table (call :meth:`draw_thinking` for each of :meth:`thinking_parts`)."""

    def picture_key(self) -> tuple:
        """Everything the table's picture depends on apart from input, motion, the scene stack and
        the thinking bars; a subclass adds what else its drawing reads that can change by itself."""
        s = self.s
        return (id(s.state), len(s.actions), s.is_over(), self.viewer, self.revealed_for, repr(self.pending),
                self.pending_text, self.show_log, self.finished, self.can_undo(), self.feed.picture(), self.hint_wait,
                repr(self.face_down), math.ceil(self.face_down_left * 8))

    def thinking_parts(self) -> list[tuple[pygame.Rect, float | None]]:
        """The thinking bars on the table now: (rectangle, fraction done, or None before the bot's first
        report). None of them; a subclass says where its bars are."""
        return []

    def covering_rects(self) -> list[pygame.Rect]:
        """What the table draws above its thinking bars (a bar under one is not redrawn alone)."""
        shared = [self.undo_button.rect, self.history_button.rect] + ([self.feed_rect] if self.feed.lines else [])
        return shared + ([self.log.rect] if self.show_log else [])

    def draw_thinking(self, surface: pygame.Surface, rect: pygame.Rect, fraction: float | None) -> None:
        """One thinking bar, opaque over ``rect`` (a moving stripe while the fraction is None)."""
        self._bar.rect = pygame.Rect(rect)
        self._bar.value = fraction
        self._bar.draw(surface)

    def _bar_steps(self) -> tuple:
        return tuple((tuple(r), round(self._bar.phase * BAR_STEPS) if f is None else int(BAR_STEPS * f))
                     for r, f in self.thinking_parts())

    @property
    def animating(self) -> bool:
        if self.app is None or self._drawn is None or self.picture_key() != self._drawn[0]:
            return True  # the game moved on, or the viewer or the preview changed: at once
        return self._bar_steps() != self._drawn[1] and self.app.frame - self._drawn[2] >= BAR_FRAMES

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = (self.picture_key(), self._bar_steps(), self.app.frame if self.app else 0)
        self.draw_table(surface)
        self.draw_shared(surface)

    def draw_shared(self, surface: pygame.Surface) -> None:
        """What every table has over its own drawing: the move feed, and at the right end of the top bar Hint
        (when offered), Undo (dimmed while there is nothing to take back: it stays in its place) and History;
        while a move is in preview they step aside for a preview drawn there, or, with ``shared_stay_in_preview``
        (the preview is elsewhere), stay in place dimmed (Confirm or Cancel it first)."""
        area = self.feed_area()
        if area is not None and not self.show_log and self.pending is None:
            self.feed.draw(surface, area)
        self._draw_shared_buttons(surface)
        shown = list(self.shared_shown)
        if shown != self._shared_drawn and self.app is not None:
            self.tip_waits_at = tuple(self.app.mouse)  # came (or went) under the mouse: no tip until it moves
        self._shared_drawn = shown

    def _draw_shared_buttons(self, surface: pygame.Surface) -> None:
        """The shared buttons of :meth:`draw_shared` (or a held choice's), listed in ``shared_shown``."""
        self.shared_shown = []
        if self.face_down is not None:
            self.shared_shown = [self.change_button, self.lock_button]
            self.draw_held(surface)
            return
        previewing = self.pending is not None  # (their clicks wait: Confirm or Cancel the move first)
        if previewing and not self.shared_stay_in_preview:
            return
        if self.history_open_allowed():
            self.undo_button.enabled = self.can_undo() and not previewing
            self.history_button.enabled = not previewing
            self.shared_shown += [self.undo_button, self.history_button]
        if self.hint_offered():
            self.hint_button.text = "Hint\u2026" if self.hint_wait else "Hint"  # \u2026: the bot is thinking
            self.hint_button.tooltip = HINT_TIP + ("" if self.s.assisted else f" {HINTS_MARK_ASSISTED}.")
            self.hint_button.enabled = not previewing
            self.shared_shown.append(self.hint_button)
        for button in self.shared_shown:
            button.draw(surface)

    def controls_tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tip of the shared Hint, Undo or History button under ``pos``, as drawn last; none while the mouse
        rests where it was pressed, or where it was when a shared button came into view under it."""
        if self.tip_waits_at is not None:
            if abs(pos[0] - self.tip_waits_at[0]) + abs(pos[1] - self.tip_waits_at[1]) <= 3:
                return None
            self.tip_waits_at = None
        return next((b.tooltip for b in self.shared_shown if b.tooltip and b.rect.collidepoint(pos)), None)

    def control_rects(self) -> list[pygame.Rect]:
        """Where the game's own controls are now (its ``buttons``, if it keeps them in that list)."""
        return [pygame.Rect(b.rect) for b in getattr(self, "buttons", []) if getattr(b, "visible", True)]

    def feed_area(self) -> pygame.Rect | None:
        """Where the move feed goes now: ``feed_rect``, or None while any control of the table is there (a
        decision's panel: the feed gives way and never covers a control or the words around it)."""
        area = pygame.Rect(self.feed_rect)
        return None if area.collidelist(self.control_rects()) >= 0 else area

    def redraw_parts(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        if self._drawn is None or self.picture_key() != self._drawn[0]:
            return None
        parts = self.thinking_parts()
        rects = [pygame.Rect(r) for r, _ in parts]
        if [tuple(r) for r in rects] != [step[0] for step in self._drawn[1]]:
            return None  # a bar came or went: the table changes around it
        covers = self.covering_rects()
        if any(r.collidelist(covers) >= 0 for r in rects):
            return None
        for r, fraction in parts:
            self.draw_thinking(surface, r, fraction)
        self._drawn = (self._drawn[0], self._bar_steps(), self.app.frame if self.app else 0)
        return rects

    # ------------------------------------------------------------- lifecycle
    def on_enter(self) -> None:
        self.s.start_worker()
        self.seed_feed()  # here, not in __init__: a game's table may bring its own feed after the shell's
        self.rebuild()

    def on_exit(self) -> None:
        self.hint.close()
        self.s.close()

    def _default_viewer(self) -> int:
        humans = self.s.humans()
        return humans[0] if humans else 0

    def view(self) -> dict[str, Any]:
        """What the table may draw: the viewer's view (nothing private behind the curtain)."""
        return self.s.view(self.viewer if self.viewer >= 0 else self._default_viewer())

    @property
    def my_turn(self) -> bool:
        """A human is to move and the table shows that human's side."""
        s = self.s
        return not s.is_over() and s.human_to_move() and self.viewer == s.to_move()

    # ------------------------------------------------------------- flow
    def update(self, dt: float) -> None:
        self.log.update(dt)
        self._bar.update(dt)
        self.feed.update(dt)
        self.undo_button.update(dt)
        self.undo_settled = self.undo_settled + dt if self.undo_clickable() else 0.0
        self.history_button.update(dt)
        self.hint_button.update(dt)
        if self.hint.busy:
            self.poll_hint()
        if self.face_down is not None:
            self.count_down_held(dt)
        if self.hold_flow():
            return
        s = self.s
        if s.is_over():
            if not self.finished and not self.app.motion.busy:
                self.finished = True
                with contextlib.suppress(OSError):  # a finished game is not continued
                    autosave_of(s.adapter).unlink(missing_ok=True)
                self.drain_events()
                self.add_to_history()
                self.results = self.marked_results()
                self.app.push(self.results)
            return
        if self.app.motion.busy:
            return
        if not s.human_to_move():
            self.bot_wait += dt
            if self.bot_wait >= self.cfg.ui.bot_delay / max(0.25, self.cfg.ui.animation_speed) \
                    or self.cfg.ui.skip_animations:
                if s.tick():
                    self.bot_wait = 0.0
                    self.after_action()
        elif len(s.humans()) > 1 and self.needs_curtain(s.to_move()):
            self.curtain(s.to_move())

    def add_to_history(self) -> None:
        """The finished game into the player's history (a failure is a toast, never an error)."""
        from .stats import record_session

        seconds = time.monotonic() - self.started if self.started is not None else None
        problem = record_session(self.s, round(seconds, 1) if seconds is not None else None)
        if problem:
            self.app.toast(problem, seconds=5.0)

    def marked_results(self) -> Scene:
        """The results scene, marked as an assisted game in words that say what made it so."""
        scene = self.results_scene()
        if self.s.assisted and isinstance(scene, WidgetScene):
            scene.add(Label(assisted_words(self.s.record),
                            (0, 110, 1600, 28),
                            size="small", colour="gold", align="center"))
        return scene

    def curtain(self, seat: int) -> None:
        """Pass the screen to another human: nothing private is drawn until they are ready."""
        self.revealed_for = seat
        self.viewer = -1
        self.pending = None
        self.rebuild()

        def reveal() -> None:
            self.viewer = seat
            self.seen_upto[seat] = len(self.happened)
            self.rebuild()

        facing = self.curtain_prompt(seat)
        facing = facing.rstrip() if facing else ""
        if facing and not facing.endswith((".", "?", "!")):
            facing += "."
        message = (f"{facing} " if facing else "") + "Make sure nobody else is looking."
        lines = self.since_last_looked(seat) if seat in self.seen_upto else []
        self.app.curtain(f"{self.seat_name(seat)}, it is your turn", message, "I am ready", on_continue=reveal,
                         lines=lines, lines_title="Since you last looked:")

    def curtain_prompt(self, seat: int) -> str | None:
        """What the next human is asked to do, in a short sentence, for the curtain (None: not said). Only
        public words: the decision's kind, never a private detail of it."""
        return None

    def seat_name(self, seat: int) -> str:
        st = self.s.seats[seat]
        if st.name:
            return st.name
        names = self.s.adapter.seat_names(self.s.state)
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def choose(self, action: Any, text: str | None = None) -> None:
        """Show ``action`` in preview; choosing it again confirms it. ``text`` says what it does (None:
        the game's description of the move; "" nothing). A sealed choice is held face down at once instead
        (:meth:`hold`; a hint's is previewed), and while one is held, another choice replaces it."""
        if self.face_down is not None:
            if action != self.face_down:
                self.hold(action)
            return
        if not self.showing_hint and self.holds_sealed():
            self.hold(action)
            return
        if self.pending is not None and self.pending == action:
            self.submit(action)
            return
        self.pending = action
        self.pending_text = self.s.describe(action) if text is None else text
        self.app.play_sound("click")
        self.rebuild()

    def confirm(self) -> None:
        if self.pending is not None:
            self.submit(self.pending)

    def cancel_pending(self) -> None:
        self.pending = None
        self.pending_text = ""
        self.rebuild()

    def submit(self, action: Any) -> None:
        """The viewer's move to the session (a sealed choice is held face down first: :meth:`hold`; while one is
        held, the same move again locks it in and another replaces it, such as a bid changed on the dial)."""
        if self.holds_sealed() and action != self.face_down:
            self.hold(action)
            return
        self.send(action)

    def send(self, action: Any) -> None:
        """The move to the session now; an illegal one is a toast and changes nothing."""
        self.face_down = None
        self.pending = None
        self.pending_text = ""
        k, forced = len(self.s.actions), self.only_move()
        try:
            self.s.submit(action)
        except IllegalAction as exc:
            self.app.toast(str(exc))
            self.rebuild()
            return
        if forced:
            self.forced.add(k)
        self.after_action()

    def after_action(self) -> None:
        self.drain_events()
        key = self.round_key()
        if key != self.last_round and self.cfg.game.autosave and not self.s.is_over():
            self.last_round = key
            try:
                self.s.save(autosave_of(self.s.adapter))
            except OSError as exc:
                self.app.toast(f"Autosave failed: {exc.strerror}")
        turn = self.s.human_to_move()
        if turn and len(self.s.humans()) == 1:
            self.viewer = self.s.to_move()
            if not self.human_turn:
                self.human_turn_begins()
        self.human_turn = turn
        self.rebuild()

    def drain_events(self) -> None:
        new = self.s.events[self.shown_events:]
        self.before_events([ev.data for ev in new])
        told = set()
        for ev in new:
            line, merged = self.fold_line(ev.data, self.narrate)
            if line:
                self.open_line(line, merged)
                told.add(ev.action_index)
            self.animate(ev.data)
        self.shown_events = len(self.s.events)
        if not self.line_may_grow():
            self.close_line()
        self.feed_untold(told)

    def fold_line(self, data: dict[str, Any], line_of: Callable[[dict[str, Any]], str | None]
                  ) -> tuple[str | None, bool]:
        """An event in the words of ``line_of``: its own line, or, when the game's ``fold`` says it continues
        the event told last, one line for both (then True: it takes the last one's place)."""
        fold = self.s.adapter.fold
        merged = fold(self._told, data) if fold is not None and self._told is not None else None
        event = merged if merged is not None else data
        line = line_of(event)
        self._told = event if line else None
        return line, bool(line) and merged is not None

    def tell(self, data: dict[str, Any], line_of: Callable[[dict[str, Any]], str | None]) -> tuple[str | None, bool]:
        """An event into the log (:meth:`fold_line`); returns (the line or None, whether it replaced the last)."""
        line, merged = self.fold_line(data, line_of)
        if not line:
            return None, False
        replaced = merged and bool(self.log.entries)
        if replaced:
            self.log.entries.pop()
        self.log.append(line)
        return line, replaced

    def open_line(self, line: str, merged: bool) -> None:
        """A line told live: held back (:attr:`_open`) while a later event may still fold into it, so the log
        and the feed show it once, with its whole amount (play-test: "Seer gains 1 Elan" became "6 Elan" as
        the bot's collect went on); a line that grew after it was shown takes its place there."""
        if merged and self._open is not None:
            self._open = line
            return
        if merged:
            if self.log.entries:
                self.log.entries.pop()
            self.log.append(line)
            self.name_move(line, True)
            return
        self.close_line()
        self._open = line

    def close_line(self) -> None:
        """The held line (if any) into the log and the feed."""
        if self._open is not None:
            line, self._open = self._open, None
            self.log.append(line)
            self.name_move(line)

    def line_may_grow(self) -> bool:
        """Whether the line told last may still grow: the game folds lines, and the same seat, a bot, moves
        next (a person's decision, or another seat's move, shows it)."""
        s, told = self.s, self._told
        if not self.holds_growing_lines or self._open is None or told is None or s.adapter.fold is None \
                or s.is_over() or s.human_to_move():
            return False
        return s.to_move() == told.get("seat")

    def name_move(self, line: str, merged: bool = False) -> None:
        """A move (or what it caused) in words: into the feed, and kept for the pass-and-play curtain.
        ``merged``: the line replaces the newest one (the same gains, grown)."""
        if merged and self.happened:
            self.feed.replace_last(line)
            self.happened[-1] = line
            return
        self.feed.add(line)
        self.happened.append(line)

    def since_last_looked(self, seat: int, most: int = 7) -> list[str]:
        """What the feed named since ``seat`` last had the screen (the newest ``most``; a first line says how
        many earlier ones are left out). Only what the feed showed to everyone, so nothing private."""
        start = min(self.seen_upto.get(seat, 0), len(self.happened))
        lines = self.happened[start:]
        if len(lines) > most:
            earlier = len(lines) - (most - 1)
            lines = [f"… and {earlier} earlier moves (L shows the whole log)"] + lines[-(most - 1):]
        return lines

    def feed_untold(self, told: set[int]) -> None:
        """Name in the feed each new move whose events told nothing (a placement the log leaves out, a
        hidden choice), so the feed names every move of every player. With several humans at the screen a
        hidden move is told as such even to its maker: the feed stays up when the screen passes on."""
        names = self.seat_words()
        reader = self.viewer if len(self.s.humans()) == 1 else -1
        for k in range(self.fed_moves + 1, len(self.s.actions) + 1):
            if k not in told and not told_by_next(self.s, k):
                seat = self.s.actions[k - 1]["seat"]
                self.close_line()
                line = f"{names[seat]}: {move_words(self.s, k, names, reader)}"
                self.log.append(line)  # every line the feed shows is in the log (play-test: the log lacked these)
                self.name_move(line)
                self._told = None  # the feed's last line is this move's now: nothing folds into the log's
        self.fed_moves = len(self.s.actions)

    def seed_feed(self) -> None:
        """A table opened on a continued game: the feed starts with its last moves (as many as it shows, the
        newest last), told as the live feed told them: the game's words, with its ``fold``, and a move whose
        events said nothing named by :func:`move_words`. A fresh game's feed starts empty."""
        s = self.s
        restored = s.events[:s.restored_events]
        if not restored or self.feed.lines:
            return
        names = self.seat_words()
        words = s.adapter.narrate
        reader = self.viewer if len(s.humans()) == 1 else -1
        lines: list[tuple[int, str]] = []  # (the move it names, its words), oldest first
        named: set[int] = set()  # the moves some line tells
        told: dict[str, Any] | None = None
        for ev in restored:
            merged = s.adapter.fold(told, ev.data) if s.adapter.fold is not None and told is not None else None
            event = merged if merged is not None else ev.data
            line = words(s.state, event, names) if words is not None else self.narrate(event)
            told = event if line else None
            if line:
                named.add(ev.action_index)
            if line and merged is not None and lines:
                lines[-1] = (lines[-1][0], line)  # (the line grew in its place, as ``name_move`` has it)
            elif line:
                lines.append((ev.action_index, line))
        unnamed = [k for k in range(1, len(s.actions) + 1) if k not in named and not told_by_next(s, k)]
        lines += [(k, "") for k in unnamed]  # worded below, the last few only
        for k, line in sorted(lines, key=lambda kl: kl[0])[-self.feed.max_lines:]:  # (a stable sort)
            if not line:  # into the log too, before the lines of later moves: the log has all the feed shows
                line = f"{names[s.actions[k - 1]['seat']]}: {move_words(s, k, names, reader)}"
                later = sum(1 for j, text in lines if text and j > k)
                self.log.insert(len(self.log.entries) - later, line)
            self.feed.add(line)

    # ------------------------------------------------------------- undo and history
    def seat_words(self) -> list[str]:
        """Each seat as the players read it: "You" for the one human at the table, else its name."""
        humans = self.s.humans()
        return ["You" if humans == [p] else self.seat_name(p) for p in range(self.s.players)]

    def learning(self) -> bool:
        """Learning mode: set in the settings (or the setup) and a solo game (one human)."""
        return bool(self.cfg.ui.learning_mode) and len(self.s.humans()) == 1

    def undo_seat(self) -> int | None:
        """The human who may take a decision back now: the one whose side is shown (never behind the
        curtain, so in pass and play only the human whose turn it is or whose sealed choice is pending)."""
        s = self.s
        if self.finished or s.is_over() or self.viewer < 0 or not s.seats[self.viewer].human:
            return None
        if len(s.humans()) > 1 and s.human_to_move() and s.to_move() != self.viewer:
            return None  # the screen is about to pass to another human
        return self.viewer

    def only_move(self) -> bool:
        """The decision to move now offers the player one move only (a game whose window offers more moves than
        ``legal_actions`` lists says so here)."""
        return len(self.s.state.legal_actions()) == 1

    def can_undo(self) -> bool:
        """Whether Undo would take a decision back: one the viewer may take back (``GameSession.undo_target``) in
        which they had a choice. Taking back the only legal move (the last card of a hand, a bid of 0 when nothing
        can pay) would bring the same move back: nothing to undo (play-test: Undo lit after the bots' sealed
        choices that followed the player's last, forced, card)."""
        seat = self.undo_seat()
        return seat is not None and self._choice_at(self.s.undo_target(seat, self.learning()))

    def _choice_at(self, target: int | None) -> bool:
        """Action ``target`` began a decision with a choice in it (not only legal moves, as far as this table saw
        them sent; a continued game's moves before it was loaded count as choices)."""
        if target is None:
            return False
        end = target + 1
        while end in self.s.joined:
            end += 1
        return any(k not in self.forced for k in range(target, end))

    def undo_clickable(self) -> bool:
        """Undo is in its place and may be clicked: no move in preview, no choice held, something to take back."""
        return self.face_down is None and self.pending is None and self.history_open_allowed() and self.can_undo()

    def undo_click_too_soon(self, event: pygame.event.Event) -> bool:
        """A press on Undo before it has stood clickable for ``UNDO_SETTLE`` seconds (the second half of a
        double-click on the button that was there a moment before), and that press's release: True, ignored."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.undo_press_ignored = self.undo_settled < UNDO_SETTLE and \
                self.undo_button.rect.collidepoint(event.pos) and self.undo_clickable()
            return self.undo_press_ignored
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.undo_press_ignored:
            self.undo_press_ignored = False
            return True
        return False

    def undo(self) -> None:
        """Take back the viewer's last decision (if the rule allows): the session replays its record to
        just before it, a bot's search is dropped, the log is told again and the autosave follows."""
        seat = self.undo_seat()
        past_fair_rule = seat is not None and self.learning() and \
            self.s.undo_target(seat, True) != self.s.undo_target(seat)
        target = self.s.undo_target(seat, self.learning()) if seat is not None else None
        if target is not None and not self._choice_at(target):
            self.app.toast("Nothing to take back: your last decision was the only move you had", once=True)
            return
        if seat is None or not self.s.undo(seat, self.learning()):
            self.app.toast("Nothing to take back: the game has moved on since your last decision"
                           + ("" if self.learning() or len(self.s.humans()) > 1 else
                              " (learning mode, in Settings, goes further back)"), once=True)
            return
        self.forced = {k for k in self.forced if k < len(self.s.actions)}  # the moves taken back go
        self.app.motion.skip_all()
        self.pending = None
        self.pending_text = ""
        self.bot_wait = 0.0
        self.after_rewind()
        if self.cfg.game.autosave:
            try:
                self.s.save(autosave_of(self.s.adapter))
            except OSError as exc:
                self.app.toast(f"Autosave failed: {exc.strerror}")
        self.human_turn = self.s.human_to_move()
        self.app.toast(UNDONE_IN_LEARNING_MODE if past_fair_rule else "Move taken back", once=True)
        self.rebuild()

    def after_rewind(self) -> None:
        """The session went back (undo): the log and the feed are told again from the session's events.
        A game's table that keeps more of the past (a collector of events) adds to this."""
        self.log.entries.clear()
        self.log.scroll = 0.0
        self.feed.clear()
        self.happened.clear()
        self.seen_upto = {seat: 0 for seat in self.seen_upto}
        names = self.seat_words()
        words = self.s.adapter.narrate
        self._told = None
        self._open = None
        for ev in self.s.events:  # the game's words (the table's narrate would chime and show banners again)
            self.tell(ev.data, (lambda d: words(self.s.state, d, names)) if words is not None else self.narrate)
        self.shown_events = len(self.s.events)
        self.fed_moves = len(self.s.actions)

    def history_open_allowed(self) -> bool:
        return self.viewer >= 0 and not self.finished

    def open_history(self) -> None:
        if self.history_open_allowed():
            self.app.push(HistoryScene(self))

    # ------------------------------------------------------------- hint
    def hints_allowed(self) -> bool:
        """Whether this game offers hints: a solo game always, pass and play with the setting on."""
        return hint_off_reason(len(self.s.humans()), bool(self.cfg.ui.hints_in_pass_and_play)) is None

    def hint_ready(self) -> bool:
        """Whether the table can take a hint now (a game's table may say no while it shows something)."""
        return True

    def hint_offered(self) -> bool:
        """The Hint button shows: hints allowed, the viewer's turn (it reads "Hint…" while the bot thinks)."""
        return self.hints_allowed() and self.my_turn and self.hint_ready() and self.face_down is None

    def ask_hint(self) -> None:
        """H or the Hint button: a strong bot is asked for the viewer's move, from the viewer's own
        information; its answer comes in :meth:`poll_hint`. Off: a toast says why."""
        reason = hint_off_reason(len(self.s.humans()), bool(self.cfg.ui.hints_in_pass_and_play))
        if reason is not None:
            self.app.toast(reason)
            return
        if not self.my_turn or not self.hint_ready() or self.hint_wait or self.face_down is not None:
            return  # (a choice held face down is Changed first)
        if self.hint.ask(self.s.to_move(), len(self.s.actions)):
            self.hint_wait = True
            self.rebuild()

    def poll_hint(self) -> None:
        """The bot's answer, once it came and the game is still where it was asked: the game is then
        assisted and the move shown in preview, with one line of why."""
        got = self.hint.poll(len(self.s.actions))
        if got is None:
            if not self.hint.busy:
                self.hint_wait = False
            return
        self.hint_wait = False
        if not self.s.assisted:  # the first hint of a fair game: say what it does to the game's record
            self.app.toast(HINTS_MARK_ASSISTED, 5.0, once=True)
        self.s.record.mark_assisted("hints")
        self.s.note_hint(got.action)  # the record keeps what was shown: the review judges against it
        self.showing_hint = True
        try:
            self.show_hint(got, self.hint_why(got))
        finally:
            self.showing_hint = False

    def hint_why(self, hint: Hint) -> str:
        """One line of why the hinted move, in the game's words (a game's table says more)."""
        return plain_why(hint.value, hint.iterations, hint.forced)

    def show_hint(self, hint: Hint, why: str) -> None:
        """The hinted move in preview (the shared preview: Enter or a second click confirms it)."""
        self.pending = None  # the hint replaces any move in preview
        TableBase.choose(self, hint.action, f"Hint: {self.s.describe(hint.action)}. {why}")

    # ------------------------------------------------------------- a sealed choice, held face down
    def reveal_hold(self) -> float:
        """Seconds a sealed choice waits face down before it is sent (0: not held; previewed and confirmed like
        any move, as when animations are skipped: nothing on the table waits then)."""
        return 0.0 if self.cfg.ui.skip_animations else float(self.cfg.ui.reveal_hold)

    def holds_sealed(self) -> bool:
        """Whether the viewer's decision now is a sealed one that is held before it is sent."""
        return self.reveal_hold() > 0 and self.my_turn and bool(self.s.state.is_secret())

    def hold(self, action: Any) -> None:
        """Keep ``action`` face down for :meth:`reveal_hold` seconds (again from the start if one was held)."""
        self.face_down = action
        self.face_down_left = self.reveal_hold()
        self.pending = None
        self.pending_text = ""
        self.app.play_sound("click")
        self.rebuild()

    def take_back_held(self) -> None:
        """Ctrl+Z, Esc, a right-click or Change: the held choice is not sent; the decision is open again."""
        self.face_down = None
        self.rebuild()

    def send_held(self) -> None:
        if self.face_down is not None:
            self.send(self.face_down)

    def count_down_held(self, dt: float) -> None:
        if not self.my_turn:  # the game moved on without it (it cannot, while held): never send it late
            self.face_down = None
            return
        self.face_down_left -= dt
        if self.face_down_left <= 0:
            self.send_held()

    def held_event(self, event: pygame.event.Event) -> bool:
        """Input while a choice is held: its keys and buttons (True: used); anything else goes on to the table,
        where a click on another choice replaces it."""
        if self.change_button.handle_event(event) or self.lock_button.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE or (event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL):
                self.take_back_held()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.send_held()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.take_back_held()
            return True
        return False

    def draw_held(self, surface: pygame.Surface) -> None:
        """The held choice over the top bar: what it is, when it goes, Change and Lock in, a bar running down."""
        from . import text as T

        box = self.held_rect
        draw_panel(surface, box, fill=(66, 58, 36), border="gold", radius=8, shadow=False)
        held, tell = self.face_down, self.s.adapter.move_words
        what = tell(self.s.state, held, self.seat_words()) if tell is not None else self.s.describe(held)
        seconds = math.ceil(max(0.0, self.face_down_left))
        area = pygame.Rect(box.x + 12, box.y + 2, box.w - 290, box.h - 8)
        words = f"{what}: face down until the reveal; locked in {seconds} s"
        if len(T.whole_lines(words, area.w, "body")[1]) > 2:  # a long move: the shorter sentence, still whole
            words = f"{what}: locked in {seconds} s"
        with T.registry.within(area):
            T.draw_whole(surface, words, area, "body", "text", align="left")
        left = max(0.0, self.face_down_left) / max(0.01, self.reveal_hold())
        pygame.draw.rect(surface, TH_GOLD, (box.x + 10, box.bottom - 6, int((box.w - 280) * left), 3))
        self.change_button.draw(surface)
        self.lock_button.draw(surface)

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.tip_waits_at = tuple(event.pos)  # no shared button's tip here until the mouse moves
        if self.results is not None and event.type == pygame.KEYDOWN \
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):  # back from the final table
            self.app.push(self.results)
            return True
        if self.face_down is not None and self.held_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            if self.pending is not None:
                self.cancel_pending()  # a move in preview is only put away
            else:
                self.undo()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_y and not event.mod & pygame.KMOD_CTRL:
            self.open_history()
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION) and self.pending is None:
            if self.undo_click_too_soon(event):
                return True  # Ctrl+Z stays immediate: only the mouse waits
            if self.can_undo() and self.undo_button.handle_event(event):
                return True
            if self.history_open_allowed() and self.history_button.handle_event(event):
                return True
            if self.hint_offered() and self.hint_button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
                self.ask_hint()
                return True
            if event.key == pygame.K_l:
                self.show_log = not self.show_log
                return True
            if event.key == pygame.K_F1:
                decision = self.s.state.decision_name() if not self.s.is_over() else ""
                open_rules(self.app, rules_path(self.s.adapter.rules_key), self.rules_section(decision))
                return True
            if event.key == pygame.K_ESCAPE:
                if self.pending is not None:
                    self.cancel_pending()
                else:
                    self.ask_leave()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.pending is not None:
                self.confirm()
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3 and self.pending is not None:
            self.cancel_pending()
            return True
        return bool(self.show_log and self.log.handle_event(event))

    def draw_log(self, surface: pygame.Surface) -> None:
        if self.show_log:
            self.log.draw(surface)

    # ------------------------------------------------------------- leaving
    def keeps_game(self) -> bool:
        """Leaving now keeps the game for Continue: the autosave setting is on and the game goes on."""
        return bool(self.cfg.game.autosave) and not self.s.is_over()

    def leave_words(self) -> str:
        """What leaving keeps, as it is (issue 22: the dialog said "saved at the end of every round" while
        the game was in fact kept only at a round's start, and Res Arcana lost the round's moves)."""
        if not self.keeps_game():
            return "The game is over." if self.s.is_over() else \
                "Autosave is off in the settings: this game will not be kept."
        return ("The game is saved as you leave, at this very move (and at the start of every round); "
                "Continue on the title screen resumes it here.")

    def ask_leave(self) -> None:
        """Esc or a game's Leave button: the dialog that says what leaving keeps. In a lesson, the guide's
        own dialog (it saves the lesson, not the autosave)."""
        guide = active_guide(self.app)
        if guide is not None:
            guide.ask_leave()
            return
        self.app.dialog("Leave the game?", self.leave_words(), [("Leave", self.leave), ("Stay", None)])

    def leave(self) -> None:
        """Save the game as it stands (the autosave), then leave the table."""
        if self.keeps_game():
            try:
                self.s.save(autosave_of(self.s.adapter))
            except OSError as exc:
                self.app.toast(f"Autosave failed: {exc.strerror}")
        self.close()


def final_table_button(scene: Scene, rect: tuple[int, int, int, int]) -> Button:
    """A results screen's "Final table" (T): back to the table as the game ended, to read its last moves, the
    log and the history; Enter there brings the same results back (play-test s7: the last moves went by
    unseen, the results came at once)."""
    return Button("Final table", rect, lambda: back_to_final_table(scene), shortcut=pygame.K_t,
                  tooltip="The table as the game ended: its last moves, the log (L) and the history (Y); "
                  "Enter brings these results back")


def back_to_final_table(scene: Scene) -> None:
    """Leave the results for the finished table right under them (nothing when there is none)."""
    stack = scene.app.stack
    if stack.top is scene and len(stack.scenes) > 1 and isinstance(stack.scenes[-2], TableBase):
        app = scene.app
        app.pop()
        app.toast("The table as the game ended: Enter shows the results again", seconds=4.0)


class ResultsScene(WidgetScene):
    """The final results: each seat's total and its points by source, the winner first."""

    key_delay = 0.8  # an Enter that ended the game does not also start the next one

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        game = session.adapter
        st = session.state
        result = game.result(st)
        names = game.seat_names(st)
        scores = st.scores()
        sources: list[dict[str, float]] = result.get("sources") or [{} for _ in names]
        columns = [c for c in result.get("columns", []) if any(c in row for row in sources)]
        columns += [k for k in dict.fromkeys(k for row in sources for k in row) if k not in columns]
        self.match = game.match_of(st) if game.match_of is not None else None
        title = f"{game.title}: final results"
        if self.match is not None and not self.match.get("over"):
            title = f"{game.title}: game {self.match['game']} of the match"
        self.add(Label(title, (0, 60, 1600, 50), size="title", display=True, align="center"))
        winners = result.get("winners") or ([result["winner"]] if result.get("winner", -1) >= 0 else [])
        order = sorted(range(len(names)), key=lambda p: (p not in winners, -scores[p]))
        w_name, w_col = 420, max(90, min(160, 900 // max(1, len(columns) + 1)))
        x0 = (1600 - w_name - w_col * (len(columns) + 1)) // 2  # the table centred, like the buttons
        self.table = pygame.Rect(x0 - 20, 140, w_name + w_col * (len(columns) + 1) + 40, 60 + 50 * len(order))
        y = 150
        for k, col in enumerate(columns):
            self.add(Label(col, (x0 + w_name + k * w_col, y, w_col, 30), size="small", align="center",
                           colour="text_dim"))
        self.add(Label("Total", (x0 + w_name + len(columns) * w_col, y, w_col, 30), size="small", align="center",
                       colour="text_dim"))
        self.who = [f"{names[p]} ({self.player(p)})" for p in range(len(names))]
        for rank, p in enumerate(order):
            y = 196 + rank * 50
            mark = "\u2605 " if p in winners else ""
            self.add(Label(f"{mark}{self.who[p]}", (x0, y, w_name, 40), size="large"))
            for k, col in enumerate(columns):
                self.add(Label(f"{sources[p].get(col, 0):g}", (x0 + w_name + k * w_col, y, w_col, 40),
                               size="large", align="center"))
            self.add(Label(f"{scores[p]:g}", (x0 + w_name + len(columns) * w_col, y, w_col, 40), size="large",
                           align="center"))
        by = self.table.bottom + 40
        note = game.result_note(st) if game.result_note is not None else None
        if note:  # how the game settled a tie, say (the game's words)
            self.add(Label(note, (100, self.table.bottom + 8, 1400, 30), size="body", align="center",
                           colour="text_dim"))
            by += 30
        self.next_setup: dict[str, Any] | None = None
        self.next_session: GameSession | None = None
        # Enter on a finished game or match goes to the title screen, never into a new game unasked (play-test s6
        # p3 item 16: a player pressing Enter to dismiss the results started a new match); Esc does the same
        self.enter_leaves = self.match is None or bool(self.match.get("over"))
        if self.match is None:
            self.add(Button("Play again", (550, by, 240, 50), self.again,
                            tooltip="The same players and seats, a new deal"))
        else:
            self.add(Label(self.match_line(), (0, by - 10, 1600, 36), size="large", align="center",
                           colour="gold"))
            by += 50
            self.next_setup = game.next_in_match(st) if game.next_in_match is not None else None
            k, of = int(self.match["game"]), int(self.match.get("of", 3))
            if not self.match.get("over") and self.next_setup is not None:
                self.keep_match()
            if self.match.get("over"):
                label, tip = "New match", "A new match for the same players: game 1 of 3"
            else:
                label, tip = f"Game {k + 1} of {of}", "Go on with the match: the same players, the next game"
            self.add(Button(label, (550, by, 240, 50), self.again, tooltip=tip,
                            style="secondary" if self.enter_leaves else "primary",
                            shortcut=None if self.enter_leaves else pygame.K_RETURN,
                            enabled=self.next_setup is not None))
        self.add(final_table_button(self, (290, by, 240, 50)))
        # the highlighted button is the one Enter presses (play-test s9: "Play again" stood out while Enter left)
        self.add(Button("Title screen", (810, by, 240, 50), self.done, shortcut=pygame.K_ESCAPE,
                        style="primary" if self.enter_leaves else "secondary",
                        key_words="Enter" if self.enter_leaves else "",
                        tooltip="Leave for now: Continue on the title screen starts the match's next game"
                        if self.next_session is not None else None))
        self.add(Button("Review", (1070, by, 200, 50), lambda: open_review(self, self.cfg, self.s),
                        shortcut=pygame.K_r, tooltip="Step through the game with the bot's eye: win chances, "
                        "key moments"))

    def keep_match(self) -> None:
        """Deal the match's next game now and make it the autosave, so the match can be left here and
        continued from the title screen (the same deal as the button's)."""
        game = self.s.adapter
        self.next_session = deal_again(self.cfg, self.s, self.next_setup)
        if self.cfg.game.autosave:
            with contextlib.suppress(OSError):  # an unwritable folder: the match goes on from here only
                self.next_session.save(autosave_of(game))

    def player(self, p: int) -> str:
        seat = self.s.seats[p]
        return (seat.name or "human") if seat.human else f"{seat.bot} bot"

    def match_line(self) -> str:
        """Where the match stands after this game, in words."""
        m = self.match or {}
        wins = [float(w) for w in m.get("wins", [])]
        k, of = int(m.get("game", 1)), int(m.get("of", 3))
        if len(wins) == 2:
            tally = f"{self.who[0]} {wins[0]:g} \u2013 {wins[1]:g} {self.who[1]}"
        else:
            tally = ", ".join(f"{self.who[p]} {w:g}" for p, w in enumerate(wins))
        head = f"Match after game {k} of {of}: {tally}"
        if not m.get("over"):
            level = bool(wins) and max(wins) == min(wins)
            return f"{head}. The next game decides." if level and k == of - 1 else f"{head}."
        w = m.get("winner", -1)
        return f"{head}. {self.who[w]} wins the match!" if w is not None and w >= 0 else f"{head}. A drawn match."

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, self.table, fill="slate")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.enter_leaves and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.age >= self.key_delay:  # (a key meant for the table before still does nothing)
            self.done()
            return True
        return super().handle_event(event)

    def done(self) -> None:
        self.app.go_home()

    def again(self) -> None:
        """Play again; in a match, its next game (or a new match once it is decided)."""
        if self.match is None:
            play_again(self, self.cfg, self.s)
        elif self.next_setup is not None:
            play_again(self, self.cfg, self.s, self.next_session or deal_again(self.cfg, self.s, self.next_setup))


def deal_again(cfg: Any, session: GameSession, setup: dict[str, Any] | None = None,
               seed: int | None = None) -> GameSession:
    """A new game for a finished one's seats (the same players and bots): its setup, or ``setup`` (a
    match's next game), and a new deal (or ``seed``)."""
    return GameSession(session.players, list(session.seats), random.randrange(1, 10**9) if seed is None else seed,
                       dict((session.setup or {}) if setup is None else setup), presets=_presets(cfg),
                       game=session.adapter.key)


def play_again(results: Scene, cfg: Any, session: GameSession, new: GameSession | None = None) -> GameSession:
    """Go on from a finished game's results to ``new`` (by default :func:`deal_again`: the same seats
    and setup, a new deal). The finished table leaves the stack (its session's bots with it) and the
    new table takes the place of ``results``. Returns the new session."""
    sess = new or deal_again(cfg, session)
    app = results.app
    finished = app.stack.find(TableBase)
    if finished is not None:
        finished.close()
    app.replace(session.adapter.ui().TableScene(cfg, sess))
    return sess
