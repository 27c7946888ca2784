"""The config loader: defaults, the user's overlay, and one-line errors for bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from game.shell import paths
from game.shell.config import ConfigError, ensure_user_config, load_config, save_user_settings


@pytest.fixture(autouse=True)
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def test_defaults_load_from_the_bundled_file() -> None:
    cfg = load_config()
    assert paths.resource_path("config.toml").exists()
    assert cfg.ui.fps == 60 and cfg.game.players == 4
    assert {"easy", "normal", "hard"} <= set(cfg.bots.presets)
    assert cfg.bots.presets["hard"].kind == "mcts" and cfg.bots.presets["hard"].seconds > 0


def test_user_overlay_wins(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "config.toml").write_text("[ui]\nfps = 30\n[bots.presets.hard]\nseconds = 2\n")
    cfg = load_config()
    assert cfg.ui.fps == 30 and cfg.bots.presets["hard"].seconds == 2.0 and cfg.bots.presets["hard"].kind == "mcts"


@pytest.mark.parametrize("text,words", [
    ("[ui]\nfps = \"fast\"\n", "ui.fps must be an integer from 15 to 240 (got 'fast')"),
    ("[ui]\nfps = 1000\n", "ui.fps must be an integer from 15 to 240"),
    ("[ui]\ncolour = 3\n", "unknown key ui.colour"),
    ("[sound]\nvolume = 3\n", "unknown section [sound]"),
    ("[ui\nfps = 3\n", "not valid TOML"),
    ("[bots.presets.hard]\nkind = \"genius\"\n", "bots.presets.hard.kind must be one of"),
    ("[bots.presets.hard]\nspeed = 1\n", "unknown key bots.presets.hard.speed"),
    ("[ui]\nfullscreen = 1\n", "ui.fullscreen must be true or false"),
    ("[bots]\ndefault = \"nightmare\"\n", "bots.default 'nightmare' is not a preset"),
])
def test_bad_config_is_one_clear_line(tmp_path: Path, text: str, words: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ConfigError) as exc:
        load_config(bad)
    msg = str(exc.value)
    assert words in msg and "\n" not in msg


def test_bad_config_from_the_command_line_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[ui]\nfps = 2\n")
    assert main(["--config", str(bad), "bench", "--section", "engine", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.toml: ui.fps" in err and len(err.splitlines()) == 1


def test_save_user_settings_round_trips(user_dir: Path) -> None:
    ensure_user_config()
    assert (user_dir / "config.toml").exists()
    save_user_settings({"ui": {"animation_speed": 2.0, "sound": False}})
    cfg = load_config()
    assert cfg.ui.animation_speed == 2.0 and cfg.ui.sound is False
    with pytest.raises(ConfigError):
        save_user_settings({"ui": {"animation_speed": 99.0}})
    assert load_config().ui.animation_speed == 2.0  # nothing lost


def test_user_dir_override(user_dir: Path) -> None:
    assert paths.user_data_dir() == user_dir
    assert paths.saves_dir().is_dir() and paths.logs_dir().is_dir()
