"""The title screen: every registered game as a card with its cover, New game, Continue and Rules.

The title knows no game: each card is drawn from the game's adapter (title, tagline) and its
window module (``draw_cover``, ``SetupScene``, ``TableScene``). With one game registered it is
one card in the middle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.core import paths
from game.core.errors import ReplayError
from game.core.games import GameAdapter
from game.core.records import read_record
from game.core.session import GameSession, SaveError, autosave_path

from . import guide
from .rules import RulesScene, rules_path
from .scene import WidgetScene
from .settings import SettingsScene
from .widgets import Button, Label, draw_panel

CARD_W, CARD_H = 470, 470
COVER_H = 250


def presets(cfg: Any) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in cfg.bots.presets.items()}


def autosave_of(game: GameAdapter) -> Any:
    """Where a game's autosave lives (in the user's saves folder); ``OSError`` if it cannot be made."""
    return autosave_path(paths.saves_dir(), game)


def has_autosave(game: GameAdapter) -> bool:
    try:
        return autosave_of(game).exists()
    except OSError:  # an unwritable user folder: nothing to continue
        return False


class TitleScene(WidgetScene):
    """The home scene: the product's name, a card per game, Settings and Quit."""

    def __init__(self, cfg: Any, games: Sequence[GameAdapter]) -> None:
        super().__init__()
        self.cfg = cfg
        self.games = [g for g in games if g.has_window()]
        ident = paths.app_identity()
        single = len(self.games) == 1
        self.add(Label(self.games[0].title if single else ident.title, (0, 40, 1600, 70), size="huge",
                       display=True, align="center"))
        n = len(self.games)
        gap = 60
        x0 = (1600 - (n * CARD_W + (n - 1) * gap)) // 2
        self.cards: list[tuple[GameAdapter, pygame.Rect]] = []
        self.lessons: list[tuple[GameAdapter, Button]] = []  # each game's Learn to play button
        self.continues: list[Button] = []
        for i, g in enumerate(self.games):
            r = pygame.Rect(x0 + i * (CARD_W + gap), 150, CARD_W, CARD_H)
            self.cards.append((g, r))
            self.add(Label(g.title, (r.x, r.y + COVER_H + 16, r.w, 50), size="title", display=True, align="center"))
            self.add(Label(g.tagline, (r.x, r.y + COVER_H + 66, r.w, 26), size="body", align="center",
                           colour="text_dim"))
            first = i == 0
            bx = r.x + 30
            half = (r.w - 60 - 10) // 2
            lesson = guide.load_script(g) is not None
            self.add(Button("New game", (bx, r.y + COVER_H + 104, half if lesson else r.w - 60, 50),
                            lambda g=g: self.new_game(g), shortcut=pygame.K_n if first else None, style="primary",
                            tooltip=f"Set up a new game of {g.title}"))
            if lesson:
                learn = self.add(Button("Learn to play", (bx + half + 10, r.y + COVER_H + 104, half, 50),
                                        lambda g=g: self.learn(g), shortcut=pygame.K_l if first else None,
                                        tooltip=f"A guided first game of {g.title} against easy bots"))
                self.lessons.append((g, learn))
            cont = self.add(Button("Continue", (bx, r.y + COVER_H + 162, half, 46), lambda g=g: self.resume(g),
                                   shortcut=pygame.K_c if first else None,
                                   tooltip=f"Go on with the {g.title} game you left"))
            cont.enabled = has_autosave(g)
            self.continues.append(cont)
            self.add(Button("Rules", (bx + half + 10, r.y + COVER_H + 162, half, 46),
                            lambda g=g: self.app.push(RulesScene(path=rules_path(g.rules_key))),
                            shortcut=pygame.K_r if first else None, tooltip=f"The rules of {g.title}"))
        self.add(Button("Statistics", (800 - 320, 690, 200, 50), self.statistics, shortcut=pygame.K_t,
                        tooltip="Your games so far: wins against each bot level, scores, past games"))
        self.add(Button("Settings", (800 - 100, 690, 200, 50), self.settings, shortcut=pygame.K_s))
        self.add(Button("Quit", (800 + 120, 690, 200, 50), lambda: self.app.quit(), shortcut=pygame.K_q))
        self.covers: dict[str, pygame.Surface | None] = {}
        self.on_resume()

    def tooltip_owner(self, pos: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect]] | None:
        """A game card's button's tip goes beside the whole card (below it, where the screen is empty), covering
        none of the words on the screen nor the other card (play-test t1: "Learn to play"'s tip, put above the
        button, covered the game's name)."""
        found = super().tooltip_owner(pos)
        card = next((r for _g, r in self.cards if r.collidepoint(pos)), None)
        if found is None or card is None:
            return found
        _owner, others = found
        words = [pygame.Rect(w.rect) for w in self.root.walk() if isinstance(w, Label) and w.visible]
        rows = pygame.Rect(card).unionall([r for _g, r in self.cards])  # the cards' row, and beside it, far from
        margins = [pygame.Rect(0, rows.y, rows.x, rows.h), pygame.Rect(rows.right, rows.y, 1600, rows.h)]  # the mouse
        return pygame.Rect(card), others + words + margins + [pygame.Rect(r) for _g, r in self.cards if r != card]

    def on_resume(self) -> None:  # back from a game: its autosave (or a lesson's) may have come or gone
        for (g, _), cont in zip(self.cards, self.continues):
            cont.enabled = has_autosave(g)
        for g, learn in self.lessons:
            saved = guide.has_lesson(g.key)
            learn.text = "Resume lesson" if saved else "Learn to play"  # "Resume Learn to play" is too wide
            learn.size = "small" if saved else "body"
            learn.tooltip = ("Resume Learn to play: the guided first game, at the step where you left it" if saved
                             else f"A guided first game of {g.title} against easy bots")

    def learn(self, g: GameAdapter) -> None:
        """Learn to play: resume the lesson left (or start again), else begin it."""
        if not guide.has_lesson(g.key):
            self.begin_lesson(g, False)
            return
        self.app.dialog("Resume Learn to play?", f"You left the {g.title} lesson part-way: resume it at the "
                        "step where you left it, or start it again.",
                        [("Resume", lambda: self.begin_lesson(g, True)),
                         ("Start again", lambda: self.begin_lesson(g, False)), ("Cancel", None)])

    def begin_lesson(self, g: GameAdapter, resume: bool) -> None:
        try:
            guide.start_lesson(self.app, self.cfg, g, resume=resume)
        except (ReplayError, SaveError, OSError, ValueError) as exc:  # the saved lesson is kept as it is
            self.app.show_error(f"The lesson cannot be resumed: {exc}")

    def _cover(self, g: GameAdapter, size: tuple[int, int]) -> pygame.Surface | None:
        if g.key not in self.covers:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            try:
                g.ui().draw_cover(surf, surf.get_rect())
            except (LookupError, AttributeError, ImportError):
                surf = None
            self.covers[g.key] = surf
        return self.covers[g.key]

    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        for g, r in self.cards:
            draw_panel(surface, r, fill="slate")
            cover = self._cover(g, (r.w - 24, COVER_H - 12))
            if cover is not None:
                surface.blit(cover, (r.x + 12, r.y + 12))

    def new_game(self, g: GameAdapter) -> None:
        if not has_autosave(g):
            self.app.push(g.ui().SetupScene(self.cfg, g))
            return
        self.app.dialog("Start a new game?",
                        f"You have a {g.title} game in progress. A new game replaces it once it begins.",
                        [("New game", lambda: self.app.push(g.ui().SetupScene(self.cfg, g))),
                         ("Continue it", lambda: self.resume(g)), ("Cancel", None)])

    def statistics(self) -> None:
        from .stats import StatsScene

        self.app.push(StatsScene(self.cfg, self.games))

    def settings(self) -> None:
        def saved(new_cfg: Any) -> None:
            if self.app.sounds is not None:
                self.app.sounds.enabled = bool(new_cfg.ui.sound)

        self.app.push(SettingsScene(self.cfg, on_saved=saved))

    def resume(self, g: GameAdapter) -> None:
        try:  # a record of another game is refused here, never handed to this game's table
            path = autosave_of(g)
            sess = GameSession.from_record(read_record(path, game_key=g.key), str(path), presets(self.cfg))
        except (ReplayError, SaveError, OSError) as exc:  # shown in one line; the file is kept as it is
            self.app.show_error(str(exc))
            return
        if sess.is_over():
            autosave_of(g).unlink(missing_ok=True)
            self.on_resume()
            self.app.show_error("That game is over: start a new one.", title="Nothing to continue")
            return
        self.app.push(g.ui().TableScene(self.cfg, sess))
