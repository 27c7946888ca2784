"""Learn to play: a guided first game at the real table, any game's, on the shell's flow.

A guided game is a normal :class:`~game.core.session.GameSession` at the game's own table, on a fixed
deal, the learner (seat 0) against easy bots. The engine is never changed: the guide only chooses some of
the bots' moves (:meth:`GuideScript.bot_action`), holds the bots while it speaks, and draws on top of the
table. It lives in a *layer* of the app (:meth:`App.add_layer`), so it sees every event before the scenes
and draws above all of them, the game's own overlays included.

What a game provides (``GameAdapter.guide_path`` names it, ``"module:attr"``):

* a :class:`GuideScript`: the fixed deal (:meth:`~GuideScript.new_session`), the ordered :class:`Step`
  list, the scripted bots (:meth:`~GuideScript.bot_action`), where the lesson ends
  (:meth:`~GuideScript.finished`), the closing summary, and what to click on a scene of its own over the
  table (:meth:`~GuideScript.overlay_targets`: an overlay's Continue, a dialog's button);
* on its table scene, ``guide_targets(actions) -> list[pygame.Rect]``: where to click, in order, for one
  of ``actions`` to be made now (the first rectangle is the next click: a card, then Confirm once the card
  is in preview); an empty list when none of them can be clicked now.

Steps. Each :class:`Step` has an id, a title, two or three sentences, ``applies(moment)`` (a predicate on
the :class:`Moment`: the learner's decision, the events seen, the scene over the table) and ``wants``: the
legal actions to highlight (None: an info step, closed with "Got it"). A ``must`` step refuses any other
click gently (the panel says what to click; the click changes nothing, and the session refuses any other
move); a free step only suggests. Steps are shown in list order, each once, when it first applies; at a
decision of the learner that no step covers, :meth:`GuideScript.suggest` is highlighted as a free choice,
so there is always something highlighted to click.

Leaving (Esc): the lesson is saved (``saves/guide-<game>.jsonl``, the session's record, and
``guide-<game>.json``, the steps done; both through a temporary file and a rename) and the title offers
"Resume Learn to play"; "Play on as a normal game" turns the guide off (the easy bots play on as they
are) and makes the game the ordinary autosave. A guided game is marked ``assisted`` in its record, so
the statistics never count it as a normal game. At the end the guide shows its summary with a button to a
normal game.

Tests drive a guided game by :meth:`Guide.next_click`: the centre of the first highlighted target, or of
the button that goes on ("Got it", the summary's buttons).
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.core import paths
from game.core.errors import IllegalAction
from game.core.games import GameAdapter
from game.core.records import read_record
from game.core.session import GameSession, autosave_path, presets_of

from . import text as T
from .scene import Scene
from .widgets import Button, draw_panel

PANEL_W = 500
REFUSED = "Click what is outlined in gold to go on (Esc: leave the lesson)."
INFO_REFUSED = "Read this, then click Got it."
PROGRESS_VERSION = 1


@dataclass
class Moment:
    """What a step's predicate sees: the session, the learner's decision (None when not theirs), every
    event type seen so far, the events of the last move, the scene over the table (None: the table is on
    top) and the steps done."""

    session: GameSession
    table: Scene
    seat: int
    decision: str | None
    legal: list[Any]
    seen: set[str]
    last_events: list[dict[str, Any]]
    over: Scene | None
    done: set[str]

    @property
    def state(self) -> Any:
        return self.session.state


@dataclass(frozen=True)
class Step:
    """One thing the guide says: ``applies`` says when, ``wants`` what to click (None: "Got it"). ``text``
    may be a function of the moment (words that name the card or the bid of this deal)."""

    id: str
    title: str
    text: str | Callable[[Moment], str]
    applies: Callable[[Moment], bool]
    wants: Callable[[Moment], list[Any]] | None = None
    must: bool = True


@dataclass
class GuideScript:
    """A game's guided first game (the hooks a game fills in; see the module's docstring)."""

    game_key: str
    title: str
    steps: list[Step]
    summary_title: str = "Well done"
    summary: list[str] = field(default_factory=list)
    first_game_section: str | None = None  # the rules' "first game" page, linked from the panel

    def new_session(self, cfg: Any) -> GameSession:
        """The fixed deal: seat 0 the learner, easy bots elsewhere."""
        raise NotImplementedError

    def bot_action(self, session: GameSession, seat: int, legal: list[Any]) -> Any | None:
        """A scripted bot's move now (None: the bot decides as it would)."""
        return None

    def finished(self, moment: Moment) -> bool:
        """Whether the lesson is over (by default when the game is)."""
        return moment.session.is_over()

    def suggest(self, moment: Moment) -> list[Any]:
        """The move highlighted at a decision no step covers (the learner may choose another)."""
        return moment.legal[:1]

    def panel_places(self, width: int, height: int, screen: tuple[int, int]) -> list[tuple[int, int]]:
        """Where the panel may go (its top-left corners), the first that covers no target wins."""
        w, h = screen
        return [(16, h - height - 60), (16, 60), (w - width - 16, 60), (w - width - 16, h - height - 60),
                ((w - width) // 2, 60), ((w - width) // 2, h - height - 60)]

    def free_words(self, moment: Moment) -> str:
        """The panel's words at a decision no step covers (the highlighted move is only a suggestion)."""
        return "The outlined choice is a sound one; you may also pick your own."

    def targets(self, table: Scene, wants: list[Any]) -> list[pygame.Rect] | None:
        """Where to click on the table, in order, for one of ``wants``; None (the default) asks the
        table's own ``guide_targets(wants)``."""
        return None

    def overlay_targets(self, scene: Scene, wants: list[Any]) -> list[pygame.Rect] | None:
        """Where to click on ``scene``, a scene of the game's own over the table (an overlay's Continue, a
        dialog's button for one of ``wants``); None: not a scene the guide speaks over."""
        return None


def load_script(game: GameAdapter) -> GuideScript | None:
    """The game's guide, or None when it has none."""
    path = getattr(game, "guide_path", None)
    if not path:
        return None
    import importlib

    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr or "GUIDE")


# ------------------------------------------------------------------ the saved lesson
def lesson_paths(game_key: str) -> tuple[Path, Path]:
    """The saved lesson: the session's record and the guide's progress (``OSError`` if no folder)."""
    folder = paths.saves_dir()
    return folder / f"guide-{game_key}.jsonl", folder / f"guide-{game_key}.json"


def has_lesson(game_key: str) -> bool:
    try:
        record, progress = lesson_paths(game_key)
        return record.exists() and progress.exists()
    except OSError:
        return False


def forget_lesson(game_key: str) -> None:
    with contextlib.suppress(OSError):
        for path in lesson_paths(game_key):
            path.unlink(missing_ok=True)


class GuidedSession(GameSession):
    """A session whose bots the guide may script and hold, and whose learner's moves it may refuse."""

    guide: Guide | None = None

    def tick(self) -> bool:
        guide = self.guide
        if guide is not None and not self.human_to_move() and not self.is_over():
            if guide.holds():
                return False
            legal = self.state.legal_actions()
            scripted = guide.script.bot_action(self, self.to_move(), legal)
            if scripted is not None and scripted in legal:
                self.submit(scripted)
                return True
        return super().tick()

    def submit(self, action: Any) -> None:
        guide = self.guide
        if guide is not None and self.human_to_move():
            refusal = guide.refusal(action)
            if refusal:
                raise IllegalAction(refusal)
        super().submit(action)


def guided_cfg(cfg: Any) -> Any:
    """The configuration a guided table runs with: no ordinary autosave (the lesson saves itself)."""
    out = copy.deepcopy(cfg)
    out.game["autosave"] = False
    return out


def start_lesson(app: Any, cfg: Any, game: GameAdapter, resume: bool = False) -> Guide | None:
    """Open the guided game of ``game`` at its table (``resume``: where it was left); None if it cannot."""
    script = load_script(game)
    if script is None:
        return None
    done: list[str] = []
    if resume:
        session, done = resume_session(script, cfg)
    else:
        forget_lesson(game.key)
        session = script.new_session(cfg)
        if not isinstance(session, GuidedSession):
            raise TypeError(f"{script.game_key}: new_session must give a GuidedSession")
    session.record.mark_assisted("lesson")  # a lesson is never counted as a normal game
    table = game.ui().TableScene(guided_cfg(cfg), session)
    guide = Guide(script, session, table, cfg, done)
    app.push(table)
    guide.install(app)
    return guide


def resume_session(script: GuideScript, cfg: Any) -> tuple[GameSession, list[str]]:
    """The saved lesson's session and steps done (``OSError``, ``ValueError`` or a ``SaveError``)."""
    record_path, progress_path = lesson_paths(script.game_key)
    progress = json.loads(progress_path.read_text(encoding="utf-8"))
    if progress.get("version") != PROGRESS_VERSION or progress.get("game") != script.game_key:
        raise ValueError(f"{progress_path.name}: not a lesson of this game")
    session = GuidedSession.from_record(read_record(record_path, game_key=script.game_key), str(record_path),
                                        presets_of(cfg))
    return session, [str(x) for x in progress.get("done", [])]


def active_guide(app: Any) -> Guide | None:
    """The guide over the app's table now, if a lesson is on."""
    return next((layer for layer in getattr(app, "_layers", []) if isinstance(layer, Guide)), None)


# ------------------------------------------------------------------ the guide
class Guide:
    """The guide over one table: picks the step, draws the panel and the highlights, filters the clicks."""

    def __init__(self, script: GuideScript, session: GameSession, table: Scene, cfg: Any,
                 done: Sequence[str] = ()) -> None:
        self.script = script
        self.s = session
        self.table = table
        self.cfg = cfg
        self.done: set[str] = set(done)
        self.step: Step | None = None
        self.wants: list[Any] = []
        self.targets: list[pygame.Rect] = []
        self.line = ""  # a refused click's gentle word
        self.seen: set[str] = set()
        self.seen_upto = 0
        self.last_events: list[dict[str, Any]] = []
        self.ended = False
        self.app: Any = None
        self.panel = pygame.Rect(0, 0, PANEL_W, 10)
        self.buttons: list[Button] = []
        self._drawn: tuple | None = None
        self.acted_at = 0  # the learner's moves when the open step was shown
        self.drawn_texts: list[T.DrawnText] = []  # what the guide drew in the last frame (for tests)
        if isinstance(session, GuidedSession):
            session.guide = self

    # ---------------------------------------------------------- life
    def install(self, app: Any) -> None:
        self.app = app
        app.add_layer(self)
        app.add_poller(self.poll)
        self.poll()

    def uninstall(self) -> None:
        if self.app is not None:
            self.app.remove_layer(self)
            self.app.remove_poller(self.poll)
        if isinstance(self.s, GuidedSession):
            self.s.guide = None
        self.app = None

    def holds(self) -> bool:
        """The bots wait while an info step is open or the lesson has ended (looked at afresh: a step
        that the last move brought up holds the very next bot)."""
        self.poll()
        return self.ended or (self.step is not None and self.step.wants is None)

    def refusal(self, action: Any) -> str | None:
        """Why the learner's ``action`` is refused now (None: it is not)."""
        step = self.step
        if self.ended:
            return "The lesson is over: choose what to do next in the guide's panel."
        if step is None:
            return None
        if step.wants is None:
            return INFO_REFUSED
        if step.must and action not in self.wants:
            return REFUSED
        return None

    # ---------------------------------------------------------- the moment
    def over_table(self) -> Scene | None:
        """The scene over the table now (None: the table is on top)."""
        top = self.app.stack.top if self.app is not None else None
        return None if top is self.table else top

    def moment(self) -> Moment:
        s = self.s
        mine = not s.is_over() and s.human_to_move()
        name = getattr(s.state, "decision_name", None)
        decision = (name() if callable(name) else "move") if mine else None
        return Moment(s, self.table, s.humans()[0] if s.humans() else 0, decision,
                      s.state.legal_actions() if mine else [],
                      self.seen, self.last_events, self.over_table(), self.done)

    def _read_events(self) -> None:
        new = self.s.events[self.seen_upto:]
        if new:
            self.last_events = [ev.data for ev in new]
            self.seen.update(str(ev.data.get("type")) for ev in new)
        self.seen_upto = len(self.s.events)

    def poll(self) -> None:
        """Every frame: what the guide shows now (only when the table is in the app's stack)."""
        if self.app is None:
            return
        if self.table.stack is None:  # the table left (home, results): the guide goes with it
            self.uninstall()
            return
        if self.ended:
            self._place()
            return
        self._read_events()
        if self.step is not None and self.step.wants is not None and self._acted():
            self.finish_step()
        moment = self.moment()
        if self.script.finished(moment) and not self.app.motion.busy and moment.over is None:
            self.end()
            return
        if self.step is None:
            self.step = self._next_step(moment)
            self.acted_at = self._learner_moves()
        self.wants = self._wants(moment)
        self.targets = self._targets(moment)
        self._place()

    def _learner_moves(self) -> int:
        return sum(1 for row in self.s.actions if self.s.seats[row["seat"]].human)

    def _acted(self) -> bool:
        return self._learner_moves() > self.acted_at

    def _next_step(self, moment: Moment) -> Step | None:
        for step in self.script.steps:
            if step.id not in self.done and step.applies(moment):
                return step
        return None

    def _wants(self, moment: Moment) -> list[Any]:
        if self.step is not None:
            return list(self.step.wants(moment)) if self.step.wants is not None else []
        return list(self.script.suggest(moment)) if moment.decision is not None else []

    def _targets(self, moment: Moment) -> list[pygame.Rect]:
        if self.step is not None and self.step.wants is None:
            return []
        if moment.over is not None:
            found = self.script.overlay_targets(moment.over, self.wants)
            return [pygame.Rect(r) for r in found or []]
        if not self.wants:
            return []
        found = self.script.targets(self.table, self.wants)
        if found is None:
            finder = getattr(self.table, "guide_targets", None)
            found = finder(self.wants) if finder is not None else []
        return [pygame.Rect(r) for r in found]

    def finish_step(self) -> None:
        """The open step is done (its move was made, or Got it): the next one may come."""
        if self.step is not None:
            self.done.add(self.step.id)
        self.step = None
        self.line = ""
        self.save()
        if self.app is not None:
            self.app.invalidate()

    # ---------------------------------------------------------- input
    def speaking(self) -> bool:
        """The guide speaks over the table, or over a scene the game's guide knows (an overlay)."""
        if self.app is None:
            return False
        over = self.over_table()
        return over is None or self.ended or self.script.overlay_targets(over, self.wants) is not None

    def covers(self, pos: tuple[int, int]) -> bool:
        """The panel is at ``pos`` (the table's tooltips do not show over it)."""
        return self.speaking() and bool(self.panel.w) and self.panel.collidepoint(pos)

    def keep_clear(self) -> list[pygame.Rect]:
        """What the guide draws over the table (the app asks each frame: no tooltip covers it, and no part
        of the table, such as a thinking bar, is redrawn alone over it): the outlines as drawn and the panel;
        the whole screen under the summary's veil."""
        if not self.speaking():
            return []
        if self.ended:
            return [pygame.Rect((0, 0), self.app.logical_size)]
        return [r.inflate(8, 8) for r in self.targets] + ([pygame.Rect(self.panel)] if self.panel.w else [])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the guide used (or refused) the event; False lets it through to the scenes."""
        if not self.speaking():
            return False
        for b in list(self.buttons):
            if b.handle_event(event):
                return True
        if self.ended:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            return self._click(event.pos)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.over_table() is None and getattr(self.table, "pending", None) is None:
            self.ask_leave()
            return True
        if self.step is not None and self.step.wants is None and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.finish_step()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_h) and self.step is not None \
                and (self.step.wants is None or self.step.must) and self.over_table() is None:
            pending = getattr(self.table, "pending", None)
            if event.key == pygame.K_h or pending not in self.wants:
                self.refuse()
                return True
        return False

    def _click(self, pos: tuple[int, int]) -> bool:
        if self.panel.collidepoint(pos):
            return True  # the panel's words are not the table's
        step = self.step
        if step is None or (step.wants is not None and not step.must):
            return False
        if step.wants is not None and any(r.collidepoint(pos) for r in self.targets):
            return False
        self.refuse()
        return True

    def refuse(self) -> None:
        self.line = INFO_REFUSED if self.step is not None and self.step.wants is None else REFUSED
        if self.app is not None:
            self.app.invalidate()

    # ---------------------------------------------------------- leaving, playing on, the end
    def save(self) -> None:
        """The lesson where it is (record and steps done), each through a temporary file and a rename."""
        if self.ended:
            return
        try:
            record, progress = lesson_paths(self.script.game_key)
            self.s.save(record)
            paths.write_text_atomic(progress, json.dumps({"version": PROGRESS_VERSION, "game": self.script.game_key,
                                                          "done": sorted(self.done)}))
        except OSError as exc:
            if self.app is not None:
                self.app.toast(f"The lesson could not be saved: {exc.strerror or exc}")

    def ask_leave(self) -> None:
        self.app.dialog("Leave the lesson?", "Leave: Learn to play on the title screen brings you back to this "
                        "step. Play on: this game goes on as a normal game, without the guide.",
                        [("Leave", self.leave), ("Play on", self.play_on), ("Stay", None)])

    def leave(self) -> None:
        self.save()
        table = self.table
        self.uninstall()
        table.close()

    def play_on(self) -> None:
        """The guide goes; the game goes on as a normal game with the same (easy) bots, saved as the autosave."""
        app = self.app
        self.ended = True
        forget_lesson(self.script.game_key)
        self.uninstall()
        cfg = getattr(self.table, "cfg", None)
        if cfg is not None:
            cfg.game["autosave"] = bool(self.cfg.game.autosave)
        if self.cfg.game.autosave:
            with contextlib.suppress(OSError):
                self.s.save(autosave_path(paths.saves_dir(), self.s.adapter))
        if app is not None:
            app.toast("The guide is off: the game goes on as any other")

    def end(self) -> None:
        """The lesson is over: the summary, and buttons to a normal game."""
        self.ended = True
        self.step = None
        self.targets = []
        forget_lesson(self.script.game_key)
        self.app.invalidate()

    def new_game(self) -> None:
        game = self.s.adapter
        app = self.app
        self.uninstall()
        app.go_home()
        app.push(game.ui().SetupScene(self.cfg, game))

    def home(self) -> None:
        app = self.app
        self.uninstall()
        app.go_home()

    def next_click(self) -> tuple[int, int] | None:
        """Where the guide wants the next click: its first target, or the button that goes on (looked at
        afresh, so a scene pushed since the last frame counts)."""
        self.poll()
        if self.targets and not self.ended:
            return self.targets[0].center
        for b in self.buttons:
            if b.text in ("Got it", "New game"):
                return b.rect.center
        return None

    # ---------------------------------------------------------- drawing
    def _words(self) -> tuple[str, str]:
        if self.ended:
            return self.script.summary_title, "\n\n".join(self.script.summary)
        if self.step is not None:
            text = self.step.text
            return self.step.title, text(self.moment()) if callable(text) else text
        if self.wants:
            return "Your move", self.script.free_words(self.moment())
        return "", ""

    def _place(self) -> None:
        """Size the panel to its words and put it where it covers none of the highlighted targets."""
        title, words = self._words()
        key = (title, words, self.line, tuple(map(tuple, self.targets)), self.ended)
        if key == self._drawn:
            return
        self._drawn = key
        self.buttons = []
        if not title and not words:
            self.panel = pygame.Rect(0, 0, 0, 0)
            return
        width = 720 if self.ended else PANEL_W
        body_h = T.wrapped_height(words, width - 32, "small")
        line_h = T.wrapped_height(self.line, width - 32, "small") + 6 if self.line else 0
        height = 16 + 30 + body_h + line_h + 62
        self.panel = self._spot(width, height)
        self._make_buttons()
        if self.app is not None:
            self.app.invalidate()

    def _spot(self, width: int, height: int) -> pygame.Rect:
        w, h = self.app.logical_size if self.app is not None else (1600, 900)
        if self.ended:
            return pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        spots = self.script.panel_places(width, height, (w, h))
        for x, y in spots:
            rect = pygame.Rect(x, y, width, height)
            if rect.inflate(16, 16).collidelist(self.targets) < 0:
                return rect
        return pygame.Rect(spots[0], (width, height))

    def _make_buttons(self) -> None:
        r = self.panel
        y = r.bottom - 50
        if self.ended:
            self.buttons = [Button("New game", (r.x + 16, y, 200, 38), self.new_game, style="primary",
                                   tooltip="Set up a normal game of your own"),
                            Button("Play on", (r.x + 228, y, 200, 38), self.play_on,
                                   tooltip="Play this game to its end without the guide"),
                            Button("Title screen", (r.x + 440, y, 200, 38), self.home)]
            return
        if self.step is not None and self.step.wants is None:
            self.buttons.append(Button("Got it", (r.right - 136, y, 120, 38), self.finish_step, style="primary",
                                       shortcut=pygame.K_RETURN, show_hint=False))
        self.buttons.append(Button("Leave", (r.x + 16, y, 100, 38), self.ask_leave, size="small",
                                   tooltip="Leave the lesson (Esc): resume it later, or play on without the guide"))
        if self.script.first_game_section:
            self.buttons.append(Button("Rules", (r.x + 124, y, 100, 38), self.open_rules, size="small",
                                       tooltip="The rules' first game page"))

    def open_rules(self) -> None:
        from .rules import open_rules, rules_path

        open_rules(self.app, rules_path(self.s.adapter.rules_key), self.script.first_game_section)

    def draw(self, surface: pygame.Surface) -> None:
        """The highlights, then the panel, over everything the scenes drew."""
        start = len(T.registry.items)
        if self.speaking():
            if self.ended:  # the summary: the table steps back
                veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
                veil.fill((8, 9, 12, 150))
                surface.blit(veil, (0, 0))
            self._draw_targets(surface)
            if self.panel.w:
                with T.registry.within(self.panel):
                    self._draw_panel(surface)
        self.drawn_texts = list(T.registry.items[start:])

    def _draw_targets(self, surface: pygame.Surface) -> None:
        for k, rect in enumerate(self.targets if not self.ended else []):
            pygame.draw.rect(surface, (255, 214, 90) if k == 0 else (190, 150, 60), rect.inflate(8, 8), 4,
                             border_radius=6)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        title, words = self._words()
        r = self.panel
        draw_panel(surface, r, "slate_dark", "gold")
        T.draw_text(surface, title, (r.x + 16, r.y + 12), "body", "gold_light", bold=True)
        used = T.draw_wrapped(surface, words, pygame.Rect(r.x + 16, r.y + 46, r.w - 32, r.h - 46 - 56), "small")
        if self.line:
            T.draw_wrapped(surface, self.line, pygame.Rect(r.x + 16, used.bottom + 6, r.w - 32, 40), "small",
                           "gold")
        for b in self.buttons:
            b.draw(surface)

    def update(self, dt: float) -> None:
        for b in self.buttons:
            b.update(dt)
