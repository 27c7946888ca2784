"""What every game's table shares: the flow around a session, whatever the game draws.

:class:`TableBase` runs the session (bots in the worker, paced by ``ui.bot_delay``), the
pass-and-play curtain, the preview of a chosen move (Enter or a second click confirms; Esc or a
right-click cancels), the log panel (L), the rules reference at the current decision (F1),
leaving with Esc, the autosave when a round ends, and the results when the game is over. A
game's table subclasses it and draws the board from ``self.view()`` and the legal actions;
it never changes the state itself but through :meth:`submit`.

:class:`ResultsScene` shows each player's points by source, from the game's adapter.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from game.core.errors import IllegalAction
from game.core.session import GameSession

from .rules import open_rules, rules_path
from .scene import Scene, WidgetScene
from .title import autosave_of
from .widgets import Button, Label, ScrollList, draw_panel


class TableBase(Scene):
    """The shared flow of a game table; subclasses draw and build their own controls.

    Subclasses override :meth:`narrate` (an event as a log line), :meth:`animate` (start the
    motion for an event), :meth:`round_key` (autosave when it changes), :meth:`rebuild` (controls
    for the human's decision) and :meth:`draw`. ``rules_for`` maps decision names to sections of
    the game's rules file.
    """

    rules_for: dict[str, str] = {}
    log_rect = pygame.Rect(1010, 52, 574, 840)

    def __init__(self, cfg: Any, session: GameSession) -> None:
        super().__init__()
        self.cfg = cfg
        self.s = session
        self.viewer = self._default_viewer()  # whose private information is drawn; -1: nobody's
        self.revealed_for: int | None = None  # the human the curtain was last lifted for
        self.pending: Any = None  # a chosen move shown in preview, waiting for Confirm
        self.pending_text = ""
        self.log = ScrollList(self.log_rect, title="Game log", max_items=cfg.ui.log_lines)
        self.show_log = False
        self.bot_wait = 0.0
        self.finished = False
        self.last_round: Any = self.round_key()
        for ev in session.events[:session.restored_events]:  # a continued game keeps its log, not animated
            line = self.narrate(ev.data)
            if line:
                self.log.append(line)
        self.shown_events = session.restored_events

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

    # ------------------------------------------------------------- lifecycle
    def on_enter(self) -> None:
        self.s.start_worker()
        self.rebuild()

    def on_exit(self) -> None:
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
        s = self.s
        if s.is_over():
            if not self.finished and not self.app.motion.busy:
                self.finished = True
                with contextlib.suppress(OSError):  # a finished game is not continued
                    autosave_of(s.adapter).unlink(missing_ok=True)
                self.drain_events()
                self.app.push(self.results_scene())
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
        elif len(s.humans()) > 1 and self.revealed_for != s.to_move():
            self.curtain(s.to_move())

    def curtain(self, seat: int) -> None:
        """Pass the screen to another human: nothing private is drawn until they are ready."""
        self.revealed_for = seat
        self.viewer = -1
        self.pending = None
        self.rebuild()

        def reveal() -> None:
            self.viewer = seat
            self.rebuild()

        self.app.curtain(f"{self.seat_name(seat)}, it is your turn", "Make sure nobody else is looking.",
                         "I am ready", on_continue=reveal)

    def seat_name(self, seat: int) -> str:
        st = self.s.seats[seat]
        if st.name:
            return st.name
        names = self.s.adapter.seat_names(self.s.state)
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def choose(self, action: Any, text: str | None = None) -> None:
        """Show ``action`` in preview; choosing it again confirms it."""
        if self.pending is not None and self.pending == action:
            self.submit(action)
            return
        self.pending = action
        self.pending_text = text or self.s.describe(action)
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
        self.pending = None
        self.pending_text = ""
        try:
            self.s.submit(action)
        except IllegalAction as exc:
            self.app.toast(str(exc))
            self.rebuild()
            return
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
        if self.s.human_to_move() and len(self.s.humans()) == 1:
            self.viewer = self.s.to_move()
        self.rebuild()

    def drain_events(self) -> None:
        for ev in self.s.events[self.shown_events:]:
            line = self.narrate(ev.data)
            if line:
                self.log.append(line)
            self.animate(ev.data)
        self.shown_events = len(self.s.events)

    # ------------------------------------------------------------- input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_l:
                self.show_log = not self.show_log
                return True
            if event.key == pygame.K_F1:
                decision = self.s.state.decision_name() if not self.s.is_over() else ""
                open_rules(self.app, rules_path(self.s.adapter.rules_key), self.rules_for.get(decision))
                return True
            if event.key == pygame.K_ESCAPE:
                if self.pending is not None:
                    self.cancel_pending()
                else:
                    self.app.dialog("Leave the game?", "The game is saved at the end of every round.",
                                    [("Leave", self.close), ("Stay", None)])
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


class ResultsScene(WidgetScene):
    """The final results: each seat's total and its points by source, the winner first."""

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
        columns = list(dict.fromkeys(k for row in sources for k in row))
        self.add(Label(f"{game.title}: final results", (0, 60, 1600, 50), size="title", display=True,
                       align="center"))
        order = sorted(range(len(names)), key=lambda p: (p != result.get("winner"), -scores[p]))
        x0, w_name, w_col = 200, 420, max(90, min(160, 900 // max(1, len(columns) + 1)))
        self.table = pygame.Rect(x0 - 20, 140, w_name + w_col * (len(columns) + 1) + 40, 60 + 50 * len(order))
        y = 150
        for k, col in enumerate(columns):
            self.add(Label(col, (x0 + w_name + k * w_col, y, w_col, 30), size="small", align="center",
                           colour="text_dim"))
        self.add(Label("Total", (x0 + w_name + len(columns) * w_col, y, w_col, 30), size="small", align="center",
                       colour="text_dim"))
        for rank, p in enumerate(order):
            y = 196 + rank * 50
            seat = session.seats[p]
            who = (seat.name or "human") if seat.human else f"{seat.bot} bot"
            mark = "\u2605 " if p == result.get("winner") else ""
            self.add(Label(f"{mark}{names[p]} ({who})", (x0, y, w_name, 40), size="large"))
            for k, col in enumerate(columns):
                self.add(Label(f"{sources[p].get(col, 0):g}", (x0 + w_name + k * w_col, y, w_col, 40),
                               size="large", align="center"))
            self.add(Label(f"{scores[p]:g}", (x0 + w_name + len(columns) * w_col, y, w_col, 40), size="large",
                           align="center"))
        self.add(Button("Title screen", (700, self.table.bottom + 40, 200, 50), self.done,
                        shortcut=pygame.K_RETURN, style="primary"))

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        draw_panel(surface, self.table, fill="slate")

    def done(self) -> None:
        self.app.go_home()
