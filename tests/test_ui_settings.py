"""The settings screen, driven headless: change controls, save, cancel, a save that fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core.config import load_config
from game.core.paths import user_config_path
from game.shell import testing  # make_app() uses the SDL dummy drivers
from game.shell.app import App
from game.shell.scene import WidgetScene
from game.shell.settings import SettingsScene
from game.shell.widgets import Slider, Toggle


@pytest.fixture()
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def open_settings(cfg: Any | None = None) -> tuple[App, SettingsScene, list[Any]]:
    app = testing.make_app()
    app.push(WidgetScene())  # something to come back to
    saved: list[Any] = []
    scene = SettingsScene(cfg if cfg is not None else load_config(), on_saved=saved.append)
    app.push(scene)
    testing.step(app, 2)
    return app, scene, saved


def slider_x(s: Slider, value: float) -> int:
    tr = s.track_rect()
    return round(tr.x + (value - s.lo) / (s.hi - s.lo) * tr.w)


def test_the_screen_shows_every_setting_with_its_value(user_dir: Path) -> None:
    app, scene, _ = open_settings()
    for words in ("Animation speed", "Skip animations", "Bot speed", "Sound", "Window size", "Fullscreen",
                  "Hints in pass and play", "1.00\u00d7", "0.4 s", "1600 \u00d7 900", "slow", "fast", "Save", "Cancel"):
        assert testing.was_drawn(app, words), words
    assert isinstance(testing.find_widget(app, "Animation speed", Slider), Slider)
    assert isinstance(testing.find_widget(app, "Sound", Toggle), Toggle)
    for w in (scene.speed, scene.skip, scene.bot, scene.sound, scene.size_choice, scene.fullscreen, scene.hints):
        assert w.tooltip, w


def test_hints_in_pass_and_play_is_switched_on_the_screen(user_dir: Path) -> None:
    """The pass-and-play hint setting (off by default) is a switch here, not only a line in the file."""
    app, scene, _ = open_settings()
    hints = testing.find_widget(app, "Hints in pass and play", Toggle)
    assert hints.value is False
    testing.click(app, hints.rect.center)
    assert hints.value is True
    testing.click_widget(app, testing.find_widget(app, "Save"))
    assert load_config().ui.hints_in_pass_and_play is True and scene.cfg.ui.hints_in_pass_and_play is True


def test_change_speed_and_sound_then_save_writes_the_users_file(user_dir: Path) -> None:
    app, scene, saved = open_settings()
    speed = testing.find_widget(app, "Animation speed", Slider)
    testing.click(app, (slider_x(speed, 2.0), speed.track_rect().centery))
    assert speed.value == 2.0
    testing.move(app, speed.rect.center)
    testing.key(app, pygame.K_RIGHT)  # hover and an arrow key step it
    assert speed.value == 2.25
    sound = testing.find_widget(app, "Sound", Toggle)
    assert sound.value is True
    testing.click(app, sound.rect.center)
    assert sound.value is False
    bot = testing.find_widget(app, "Bot speed", Slider)
    testing.click(app, (slider_x(bot, 1.5), bot.track_rect().centery))
    testing.step(app)
    assert testing.was_drawn(app, "1.5 s") and testing.was_drawn(app, "2.25\u00d7")

    assert not user_config_path().exists()
    testing.click_widget(app, testing.find_widget(app, "Save"))
    assert user_config_path().exists()
    again = load_config()
    assert again.ui.animation_speed == 2.25 and again.ui.sound is False and again.ui.bot_delay == 1.5
    assert again.ui.width == 1600 and again.ui.fullscreen is False
    assert scene not in app.stack.scenes  # closed
    assert len(saved) == 1 and saved[0].ui.animation_speed == 2.25
    assert scene.cfg.ui.sound is False  # the cfg it was given follows too
    assert app.motion.speed == 2.25


def test_enter_saves_and_the_window_size_is_applied(user_dir: Path) -> None:
    app, scene, saved = open_settings()
    choice = scene.size_choice
    testing.click(app, (choice.rect.x + 10, choice.rect.centery))  # the left half: the previous size
    assert choice.value == (1280, 720) and testing.find_widget(app, "1280 \u00d7 720") is choice
    skip = testing.find_widget(app, "Skip animations", Toggle)
    testing.click(app, skip.rect.center)
    assert not scene.speed.enabled  # a skipped animation has no speed
    testing.key(app, pygame.K_RETURN)
    ui = load_config().ui
    assert (ui.width, ui.height) == (1280, 720) and ui.skip_animations is True
    assert app.windowed_size == (1280, 720) and app.window.get_size() == (1280, 720)
    assert app.motion.instant is True
    assert saved and scene not in app.stack.scenes


def test_cancel_and_escape_write_nothing(user_dir: Path) -> None:
    app, scene, saved = open_settings()
    testing.click(app, testing.find_widget(app, "Sound", Toggle).rect.center)
    testing.click_widget(app, testing.find_widget(app, "Cancel"))
    assert scene not in app.stack.scenes and not user_config_path().exists() and saved == []

    user_config_path().parent.mkdir(parents=True)
    user_config_path().write_text("[ui]\nsound = true\n", encoding="utf-8")
    before = user_config_path().read_bytes()
    app, scene, saved = open_settings()
    testing.click(app, testing.find_widget(app, "Sound", Toggle).rect.center)
    testing.key(app, pygame.K_ESCAPE)
    assert scene not in app.stack.scenes and saved == []
    assert user_config_path().read_bytes() == before
    assert load_config().ui.sound is True


def test_a_save_that_fails_validation_shows_the_error_and_keeps_the_old_file(user_dir: Path) -> None:
    cfg = load_config(user=False)
    # the file was hand-edited into something invalid while the game ran
    user_config_path().parent.mkdir(parents=True)
    user_config_path().write_text("[game]\nplayers = 9\n", encoding="utf-8")
    before = user_config_path().read_bytes()
    app, scene, saved = open_settings(cfg)
    testing.click(app, testing.find_widget(app, "Sound", Toggle).rect.center)
    testing.click_widget(app, testing.find_widget(app, "Save"))
    testing.step(app, 2)
    assert testing.was_drawn(app, "game.players")  # the error names the key
    assert testing.was_drawn(app, "Settings not saved")
    assert user_config_path().read_bytes() == before
    assert scene in app.stack.scenes and saved == []  # still open, so the user can cancel
    assert cfg.ui.sound is True  # nothing applied
    testing.key(app, pygame.K_RETURN)  # OK on the error dialog
    assert scene is app.stack.top


def test_defaults_resets_the_controls_without_writing(user_dir: Path) -> None:
    user_config_path().parent.mkdir(parents=True)
    user_config_path().write_text("[ui]\nanimation_speed = 3.0\nwidth = 1366\nheight = 768\n", encoding="utf-8")
    app, scene, _ = open_settings()
    assert scene.speed.value == 3.0 and scene.size_choice.value == (1366, 768)
    assert testing.was_drawn(app, "1366 \u00d7 768")  # an unlisted current size is offered too
    testing.click_widget(app, testing.find_widget(app, "Defaults"))
    assert scene.speed.value == 1.0 and scene.size_choice.value == (1600, 900)
    assert "3.0" in user_config_path().read_text(encoding="utf-8")


def test_tooltips_explain_the_rows(user_dir: Path) -> None:
    app, scene, _ = open_settings()
    app.tooltips.delay = 0.1
    testing.move(app, (scene.left + 10, scene.bot.rect.centery + 26))  # the hint line of the bot row
    testing.step(app, 12)
    assert testing.was_drawn(app, "How long each bot")
    assert "fullscreen" in (scene.tooltip_at(scene.size_choice.rect.center) or "")
