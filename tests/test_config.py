"""The config loader: defaults, the user's overlay, and one-line errors for bad input."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.cli import main
from game.core import paths
from game.core.config import ConfigError, ensure_user_config, load_config, save_user_settings


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
    hard = cfg.bots.presets["hard"]
    assert cfg.ui.fps == 30 and hard.seconds == 2.0 and isinstance(hard.seconds, float)
    bundled = load_config(user=False).bots.presets["hard"]
    assert hard.kind == "mcts" and hard.cutoff == bundled.cutoff  # untouched keys keep the bundled values
    assert cfg.ui.width == 1600
    assert load_config(user=False).ui.fps == 60  # user=False ignores the user's copy


def test_bad_user_copy_is_named_by_its_full_path(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "config.toml").write_text("[game]\nplayers = 6\n")
    with pytest.raises(ConfigError) as exc:
        load_config()
    assert str(exc.value) == f"{user_dir / 'config.toml'}: game.players must be an integer from 2 to 5 (got 6)"


@pytest.mark.parametrize("text,words", [
    ("[ui]\nfps = \"fast\"\n", 'ui.fps must be an integer from 15 to 240 (got "fast")'),
    ("[ui]\nfps = 1000\n", "ui.fps must be an integer from 15 to 240 (got 1000)"),
    ("[ui]\nanimation_speed = 0.1\n", "ui.animation_speed must be a number from 0.25 to 4 (got 0.1)"),
    ("[ui]\nbot_delay = nan\n", "ui.bot_delay must be a number from 0 to 3 (got nan)"),
    ("[ui]\nwidth = [1, 2]\n", "ui.width must be an integer from 800 to 3840 (got a list)"),
    ("[ui]\ncolour = 3\n", "unknown key ui.colour"),
    ("[sound]\nvolume = 3\n", "unknown section [sound]"),
    ("[ui]\nfps = 30\n[ui\nsound = true\n", "not valid TOML: "),
    ('[bots.presets.hard]\nkind = "genius"\n',
     'bots.presets.hard.kind must be one of "random", "rule", "mcts" (got "genius")'),
    ("[bots.presets.hard]\nspeed = 1\n", "unknown key bots.presets.hard.speed"),
    ('[bots.presets.hard]\nrollout = "smart"\n', 'bots.presets.hard.rollout must be one of "random", "fast"'),
    ("[bots.presets.hard]\nseconds = 0\n", "bots.presets.hard.seconds must be a number from 0.01 to 30"),
    ("[bots.presets]\nhard = 3\n", "bots.presets.hard must be a table"),
    ("[ui]\nfullscreen = 1\n", "ui.fullscreen must be true or false (got 1)"),
    ("[game]\nplayers = true\n", "game.players must be an integer from 2 to 5 (got true)"),
    ("[bots]\ndefault = \"nightmare\"\n", 'bots.default "nightmare" is not a preset'),
])
def test_bad_config_is_one_clear_line(tmp_path: Path, text: str, words: str) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(text)
    with pytest.raises(ConfigError) as exc:
        load_config(bad)
    msg = str(exc.value)
    assert msg.startswith(f"{bad}: ") and words in msg and "\n" not in msg
    err = exc.value  # no chained traceback behind the one line
    assert err.__cause__ is None and (err.__context__ is None or err.__suppress_context__)


def test_malformed_toml_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[ui]\nfps = 30\n[ui\n")
    with pytest.raises(ConfigError, match=r"bad\.toml: not valid TOML: .*line 3"):
        load_config(bad)


def test_unreadable_and_missing_files_are_one_line(tmp_path: Path) -> None:
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"[ui]\nfps = \xff\n")
    with pytest.raises(ConfigError, match=r"binary\.toml: not valid TOML") as exc:
        load_config(binary)
    assert "\n" not in str(exc.value)
    with pytest.raises(ConfigError, match=r"nowhere\.toml: no such config file"):
        load_config(tmp_path / "nowhere.toml")


def test_bad_config_from_the_command_line_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[ui]\nfps = 2\n")
    assert main(["--config", str(bad), "bench", "--section", "engine", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "bad.toml: ui.fps" in err and len(err.splitlines()) == 1


def test_ensure_user_config_copies_the_bundled_defaults_once(user_dir: Path) -> None:
    path = ensure_user_config()
    assert path == user_dir / "config.toml"
    assert path.read_text(encoding="utf-8") == paths.resource_path("config.toml").read_text(encoding="utf-8")
    path.write_text("[ui]\nfps = 33\n")
    ensure_user_config()  # an existing copy is never overwritten
    assert load_config().ui.fps == 33


def test_save_user_settings_round_trips(user_dir: Path) -> None:
    ensure_user_config()
    save_user_settings({"ui": {"animation_speed": 2.0, "sound": False}})
    save_user_settings({"game": {"players": 3}})  # earlier settings survive a later save
    cfg = load_config()
    assert cfg.ui.animation_speed == 2.0 and cfg.ui.sound is False and cfg.game.players == 3
    assert cfg.ui.fps == 60
    before = (user_dir / "config.toml").read_text(encoding="utf-8")
    with pytest.raises(ConfigError, match=r"ui\.animation_speed must be a number from 0\.25 to 4"):
        save_user_settings({"ui": {"animation_speed": 99.0}})
    with pytest.raises(ConfigError, match=r"bots\.default \"nobody\" is not a preset"):
        save_user_settings({"bots": {"default": "nobody"}})
    assert (user_dir / "config.toml").read_text(encoding="utf-8") == before  # a refused save changes nothing


def test_save_user_settings_writes_presets_and_awkward_strings(user_dir: Path) -> None:
    label = 'Quite "hard"\\ \t\nreally'
    save_user_settings({"bots": {"default": "my bot", "presets": {
        "my bot": {"kind": "mcts", "seconds": 1, "label": label},
        "hard": {"cutoff": 10},
    }}})
    save_user_settings({"bots": {"presets": {"hard": {"exploration": 1.5}}}})  # merges into the saved preset
    cfg = load_config()
    mine = cfg.bots.presets["my bot"]
    assert cfg.bots.default == "my bot" and mine.label == label and mine.seconds == 1.0
    hard = cfg.bots.presets["hard"]
    assert hard.cutoff == 10 and hard.exploration == 1.5 and hard.kind == "mcts"


def test_user_dir_override(user_dir: Path) -> None:
    assert not user_dir.exists()
    assert paths.user_data_dir() == user_dir
    assert paths.user_config_path() == user_dir / "config.toml"
    assert paths.saves_dir() == user_dir / "saves" and paths.saves_dir().is_dir()
    assert paths.logs_dir() == user_dir / "logs" and paths.logs_dir().is_dir()


@pytest.fixture
def platform_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No folder variable set; a Linux user whose data folder is ``tmp_path / "xdg"``."""
    monkeypatch.delenv("ROR_USER_DIR")
    monkeypatch.delenv("RECKONING_ARCANA_USER_DIR", raising=False)
    monkeypatch.setattr(paths.Path, "home", classmethod(lambda cls: tmp_path / "home"))
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    return tmp_path / "xdg"


def test_platform_user_dirs(platform_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert paths.user_data_dir() == platform_dir / "ReckoningArcana"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert paths.user_data_dir("Other") == tmp_path / "home" / ".local" / "share" / "Other"
    assert paths.user_data_dir() == tmp_path / "home" / ".local" / "share" / "ReckoningArcana"
    monkeypatch.setattr(sys, "platform", "darwin")
    assert paths.user_data_dir() == tmp_path / "home" / "Library" / "Application Support" / "ReckoningArcana"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "appdata"))
    assert paths.user_data_dir() == tmp_path / "appdata" / "ReckoningArcana"
    assert not (tmp_path / "appdata").exists()  # asking for the folder creates nothing


def test_the_new_folder_variable_wins_and_the_old_one_is_still_read(platform_dir: Path, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "old-var"))
    assert paths.user_data_dir() == tmp_path / "old-var"
    monkeypatch.setenv("RECKONING_ARCANA_USER_DIR", str(tmp_path / "new-var"))
    assert paths.user_data_dir() == tmp_path / "new-var"
    assert paths.app_identity().env_var == "RECKONING_ARCANA_USER_DIR"


def _old_folder(platform_dir: Path) -> Path:
    """The first release's user folder: settings (three seats), a save and a log."""
    old = platform_dir / "RealmOfReckoning"
    (old / "saves").mkdir(parents=True)
    (old / "logs").mkdir()
    (old / "config.toml").write_text("[game]\nplayers = 3\n")
    (old / "saves" / "autosave-realm.jsonl").write_text("a save\n")
    (old / "logs" / "realm_1.jsonl").write_text("a log\n")
    return old


def _files(folder: Path) -> dict[str, str]:
    return {str(f.relative_to(folder)): f.read_text() for f in sorted(folder.rglob("*")) if f.is_file()}


def test_the_old_user_folder_is_moved_on_first_start(platform_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = _old_folder(platform_dir)
    before = _files(old)
    new = platform_dir / "ReckoningArcana"
    assert paths.user_data_dir() == new
    assert not old.exists() and _files(new) == before
    assert load_config().game.players == 3  # the player's settings, read from the new folder
    assert paths.saves_dir() == new / "saves" and paths.logs_dir() == new / "logs"
    assert capsys.readouterr().err == ""


def test_when_both_folders_exist_the_new_one_wins(platform_dir: Path) -> None:
    old = _old_folder(platform_dir)
    before = _files(old)
    new = platform_dir / "ReckoningArcana"
    new.mkdir()
    (new / "config.toml").write_text("[game]\nplayers = 5\n")
    assert paths.user_data_dir() == new
    assert load_config().game.players == 5
    assert _files(old) == before and _files(new) == {"config.toml": "[game]\nplayers = 5\n"}


def test_when_the_move_fails_the_old_folder_is_read(platform_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    old = _old_folder(platform_dir)
    before = _files(old)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths.os, "rename", refuse)
    assert paths.user_data_dir() == old
    assert load_config().game.players == 3 and paths.saves_dir() == old / "saves"
    assert _files(old) == before and not (platform_dir / "ReckoningArcana").exists()
    warning = capsys.readouterr().err
    assert warning.count("\n") == 1 and "could not move your data folder" in warning and str(old) in warning


def test_without_an_old_folder_nothing_moves(platform_dir: Path) -> None:
    platform_dir.mkdir()
    (platform_dir / "SomethingElse").mkdir()
    assert paths.user_data_dir() == platform_dir / "ReckoningArcana"
    assert sorted(f.name for f in platform_dir.iterdir()) == ["SomethingElse"]


def test_resource_path_in_source_and_frozen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert not paths.is_frozen()
    root = paths.resource_path()
    assert (root / "game" / "core" / "paths.py").is_file()
    assert paths.resource_path("assets", "realm", "data").is_dir()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "bundle"), raising=False)
    assert paths.is_frozen()
    assert paths.resource_path("config.toml") == tmp_path / "bundle" / "config.toml"


def test_a_preset_may_hold_one_game_s_own_values(user_dir: Path) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "config.toml").write_text("[bots.presets.hard]\ncutoff = 20\n[bots.presets.hard.realm]\n"
                                          "cutoff = 30\nroot_k = 5\n")
    hard = load_config().bots.presets["hard"]
    assert hard.cutoff == 20 and hard["realm"] == {"cutoff": 30, "root_k": 5}
    save_user_settings({"ui": {"fps": 30}})  # the writer keeps the game's table as a table
    again = load_config().bots.presets["hard"]
    assert again["realm"] == {"cutoff": 30, "root_k": 5} and again.cutoff == 20


@pytest.mark.parametrize("text, words", [
    ("[bots.presets.hard.realm]\nlabel = 'x'\n", r"unknown key bots\.presets\.hard\.realm\.label"),
    ("[bots.presets.hard.realm]\nroot_k = 0\n", r"bots\.presets\.hard\.realm\.root_k must be"),
    ("[bots.presets.hard]\nrealm = 3\n", r"bots\.presets\.hard\.realm must be a table"),
    ("[bots.presets.hard.chess]\nroot_k = 4\n", r"unknown key bots\.presets\.hard\.chess .*a game's table: realm"),
])
def test_a_game_s_table_in_a_preset_is_checked(user_dir: Path, text: str, words: str) -> None:
    user_dir.mkdir(parents=True)
    (user_dir / "config.toml").write_text(text)
    with pytest.raises(ConfigError, match=words):
        load_config()
