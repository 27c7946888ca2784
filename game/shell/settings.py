"""The settings screen: animation speed, skipping, bot pace, sound, window size, fullscreen, hints,
learning mode.

    app.push(SettingsScene(cfg, on_saved=lambda new_cfg: ...))

*Save* (Enter) validates and writes the ``[ui]`` keys into the user's
``config.toml`` with :func:`~game.core.config.save_user_settings`, reads the
settings back with :func:`~game.core.config.load_config`, applies them to the
running app (animation speed and skipping, window size, fullscreen), copies the
edited keys into the ``cfg`` it was given (so screens holding that object see
them at once), calls ``on_saved(new_cfg)`` and closes. *Cancel* (Esc) closes
without writing anything. A failed save shows the error and keeps the screen
open; the old file is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.config import ConfigError, load_config, save_user_settings
from game.core.paths import user_config_path

from . import text as T
from . import theme as TH
from .scene import WidgetScene
from .widgets import Button, Choice, Label, Slider, Toggle, Widget, draw_panel

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440))
KEYS = ("animation_speed", "skip_animations", "bot_delay", "sound", "width", "height", "fullscreen",
        "hints_in_pass_and_play", "learning_mode")
"""The ``[ui]`` keys this screen edits (and writes)."""


def learning_option(cfg: Any, rect: tuple[int, int, int, int]) -> Toggle:
    """A setup screen's learning-mode switch: the setting itself (``ui.learning_mode``), changed for the games
    started from now on; the Settings screen saves it for later sessions. It matters in solo games only."""
    return Toggle("Learning mode (solo): undo across the bots' moves", rect, bool(cfg.ui.learning_mode),
                  on_change=lambda on: cfg.ui.__setitem__("learning_mode", bool(on)), name="learning mode",
                  tooltip="Undo (Ctrl+Z) always takes back your own decisions until something new is seen or "
                  "another player acts. With this on, a game with one person may also go back across the bots' "
                  "moves to your previous decision; the game is then marked as assisted.")


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} \u00d7 {size[1]}"


class ValueSlider(Slider):
    """A :class:`Slider` with room for a wider value readout ("0.25×", "0.4 s") right of its track."""

    def __init__(self, *args: Any, readout: int = 100, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.readout = readout

    def track_rect(self) -> pygame.Rect:
        r = super().track_rect()
        r.w = self.rect.w - 24 - self.readout
        return r


class SettingsScene(WidgetScene):
    """The settings screen on the 1600x900 canvas. ``on_saved(new_cfg)`` runs after a successful save."""

    PANEL = pygame.Rect(380, 140, 840, 636)
    ROW_H = 72

    def __init__(self, cfg: Any, on_saved: Callable[[Any], Any] | None = None) -> None:
        super().__init__((1600, 900))
        self.cfg = cfg
        self.on_saved = on_saved
        ui = cfg.ui
        self._initial = {k: ui[k] for k in KEYS}
        self.rows: list[pygame.Rect] = []
        p = self.PANEL
        self.left = p.x + 44                  # labels
        self.ctrl_x = p.x + 430               # sliders and choices span ctrl_x .. right
        self.right = p.right - 44
        self._y = p.y + 22

        self.add(Label("Settings", (0, 62, 1600, 70), size="huge", display=True, align="center"))

        tip = ("How fast cards, coins and tokens move. 1.00\u00d7 is the normal pace; "
               "slide right to speed everything up, left to watch slowly.")
        self.speed = self._slider_row("Animation speed", "How fast cards and coins move", tip,
                                      ui.animation_speed, 0.25, 4.0, 0.25, "{:.2f}\u00d7", ("slow", "fast"))
        tip = ("Show every move at once, without animation. A click or a key also skips "
               "an animation that is playing.")
        self.skip = self._toggle_row("Skip animations", "Moves appear at once", tip, ui.skip_animations)
        tip = ("How long each bot's move stays on screen before the next player acts, in seconds. "
               "0 s lets bots play as fast as they think.")
        self.bot = self._slider_row("Bot speed", "Pause after each bot move", tip, ui.bot_delay, 0.0, 3.0, 0.1,
                                    "{:.1f} s", ("no pause", "3 s"))
        tip = "Sound effects for cards, coins and turns. Off plays nothing."
        self.sound = self._toggle_row("Sound", "Card, coin and turn effects", tip, ui.sound)
        sizes = list(WINDOW_SIZES)
        current = (int(ui.width), int(ui.height))
        if current not in sizes:
            sizes.append(current)
            sizes.sort(key=lambda s: (s[0] * s[1], s))
        tip = ("The window's size when it is not fullscreen. The picture scales to any size; "
               "you can also drag the window's edge.")
        self.size = self._row_base("Window size", "When not fullscreen", tip)
        self.size_choice = self.add(Choice((self.ctrl_x, self._line - 22, self.right - self.ctrl_x, 44), sizes,
                                           index=sizes.index(current), labels=[size_label(s) for s in sizes],
                                           tooltip=tip + "\nClick the left or right half to step through "
                                           "the sizes.", name="window size"))
        self._y += self.ROW_H
        tip = "Fill the whole screen. F11 switches between fullscreen and a window at any time."
        self.fullscreen = self._toggle_row("Fullscreen", "F11 switches any time", tip, bool(ui.fullscreen))
        tip = ("A game with one person always offers hints (H asks the expert bot for a move). With two or "
               "more people at one screen they are off unless this is on, so nobody gets help unseen.")
        self.hints = self._toggle_row("Hints in pass and play", "H suggests a move with several players", tip,
                                      bool(ui.hints_in_pass_and_play))
        tip = ("Solo games: Undo (Ctrl+Z) may also go back across the bots' moves to your previous "
               "decision. Such a game is marked as assisted.")
        self.learning = self._toggle_row("Learning mode", "Undo across the bots' moves", tip,
                                         bool(ui.learning_mode))

        self.skip.on_change = self._skip_changed
        self._skip_changed(self.skip.value)

        by = p.bottom + 34
        self.defaults_btn = self.add(Button("Defaults", (p.x, by, 180, 54), self.reset_defaults,
                                            tooltip="Put every control back to the game's defaults.\n"
                                            "Nothing is written until you press Save."))
        self.cancel_btn = self.add(Button("Cancel", (p.right - 420, by, 200, 54), self.cancel,
                                          shortcut=pygame.K_ESCAPE, tooltip="Close without changing anything."))
        self.save_btn = self.add(Button("Save", (p.right - 200, by, 200, 54), self.save, shortcut=pygame.K_RETURN,
                                        style="primary",
                                        tooltip="Keep these settings (in your settings file) and use them now."))
        try:
            self.where = str(user_config_path())
        except Exception:  # noqa: BLE001 - only a caption
            self.where = ""

    # ---- building rows -------------------------------------------------------
    @property
    def _line(self) -> int:
        """The y of the current row's main line (label and control centred on it)."""
        return self._y + 28

    def _row_base(self, label: str, hint: str, tip: str) -> Widget:
        row = pygame.Rect(self.PANEL.x + 16, self._y, self.PANEL.w - 32, self.ROW_H - 6)
        self.rows.append(row)
        area = self.add(Widget(row, tooltip=tip, name=label))
        self.add(Label(label, (self.left, self._line - 15, self.ctrl_x - self.left - 20, 30), tooltip=tip))
        self.add(Label(hint, (self.left, self._line + 14, self.ctrl_x - self.left - 20, 24), size="small",
                       colour="text_dim"))
        return area

    def _slider_row(self, label: str, hint: str, tip: str, value: float, lo: float, hi: float, step: float,
                    fmt: str, ends: tuple[str, str]) -> ValueSlider:
        self._row_base(label, hint, tip)
        s = ValueSlider((self.ctrl_x, self._line - 22, self.right - self.ctrl_x, 44), value, lo, hi, step, fmt=fmt,
                        tooltip=tip + "\nDrag, click, scroll, or hover and press \u2190 \u2192.", name=label)
        s.text = label  # what tests find it by; the row's Label draws the words
        self.add(s)
        tr = s.track_rect()
        self.add(Label(ends[0], (tr.x - 6, self._line + 14, 140, 24), size="small", colour="text_dim"))
        self.add(Label(ends[1], (tr.right - 134, self._line + 14, 140, 24), size="small", colour="text_dim",
                       align="right"))
        self._y += self.ROW_H
        return s

    def _toggle_row(self, label: str, hint: str, tip: str, value: bool) -> Toggle:
        row = pygame.Rect(self.PANEL.x + 16, self._y, self.PANEL.w - 32, self.ROW_H - 6)
        self.rows.append(row)
        self.add(Widget(row, tooltip=tip, name=label))
        # the toggle spans the row: its own label sits in the label column, its switch at the right edge
        t = Toggle(label, (self.left, self._line - 19, self.right - self.left, 38), value, tooltip=tip, name=label)
        self.add(t)
        self.add(Label(hint, (self.left, self._line + 14, self.ctrl_x - self.left - 20, 24), size="small",
                       colour="text_dim"))
        self._y += self.ROW_H
        return t

    def _skip_changed(self, skip: bool) -> None:
        self.speed.enabled = not skip  # the pace of animations that are skipped does not matter

    # ---- values --------------------------------------------------------------
    def values(self) -> dict[str, Any]:
        """The ``[ui]`` settings as the controls show them now."""
        w, h = self.size_choice.value
        return {
            "animation_speed": round(float(self.speed.value), 2),
            "skip_animations": bool(self.skip.value),
            "bot_delay": round(float(self.bot.value), 2),
            "sound": bool(self.sound.value),
            "width": int(w),
            "height": int(h),
            "fullscreen": bool(self.fullscreen.value),
            "hints_in_pass_and_play": bool(self.hints.value),
            "learning_mode": bool(self.learning.value),
        }

    def reset_defaults(self) -> None:
        """Set the controls to the bundled defaults (written only by Save)."""
        try:
            ui = load_config(user=False).ui
        except ConfigError as exc:
            if self.app is not None:
                self.app.show_error(str(exc))
            return
        self.speed.set_value(ui.animation_speed)
        self.skip.set_value(bool(ui.skip_animations))
        self.bot.set_value(ui.bot_delay)
        self.sound.set_value(bool(ui.sound))
        size = (int(ui.width), int(ui.height))
        if size in self.size_choice.options:
            self.size_choice.select(self.size_choice.options.index(size))
        self.fullscreen.set_value(bool(ui.fullscreen))
        self.hints.set_value(bool(ui.hints_in_pass_and_play))
        self.learning.set_value(bool(ui.learning_mode))

    # ---- buttons -------------------------------------------------------------
    def cancel(self) -> None:
        self.close()

    def save(self) -> None:
        vals = self.values()
        try:
            save_user_settings({"ui": vals})
            new_cfg = load_config()
        except ConfigError as exc:
            if self.app is not None:
                self.app.show_error(str(exc), title="Settings not saved")
            return
        for k in KEYS:  # everyone holding this cfg object sees the new values
            self.cfg.ui[k] = new_cfg.ui[k]
        self.apply(new_cfg)
        if self.app is not None:
            self.app.toast("Settings saved")
        self.close()
        if self.on_saved is not None:
            self.on_saved(new_cfg)

    def apply(self, new_cfg: Any) -> None:
        """Use the saved settings in the running app: motion pace, window size (if changed), fullscreen."""
        app = self.app
        if app is None:
            return
        ui = new_cfg.ui
        app.motion.speed = float(ui.animation_speed)
        app.motion.instant = bool(ui.skip_animations)
        size = (int(ui.width), int(ui.height))
        if size != (self._initial["width"], self._initial["height"]):
            app.resize(size)  # while fullscreen this only sets the size to come back to
        want_fs = bool(ui.fullscreen)
        if want_fs != bool(self._initial["fullscreen"]) and want_fs != app.fullscreen:
            app.toggle_fullscreen()

    # ---- drawing -------------------------------------------------------------
    def draw_background(self, surface: pygame.Surface) -> None:
        super().draw_background(surface)
        th = TH.current()
        draw_panel(surface, self.PANEL, "slate", "border", radius=16)
        mouse = self.app.mouse if self.app is not None else (-1, -1)
        for i, row in enumerate(self.rows):
            if row.collidepoint(mouse):
                pygame.draw.rect(surface, th.colours.slate_light, row, border_radius=10)
            if i:
                y = row.y - 3
                pygame.draw.line(surface, TH.shade(th.colours.border, 0.8), (row.x + 12, y), (row.right - 12, y))
        if self.where:
            T.draw_text(surface, f"Saved in {self.where}", (self.PANEL.centerx, self.PANEL.bottom - 22), "tiny",
                        th.colours.text_dim, anchor="center")
