"""Bad input to the shared core never crashes and never loses anything: saves, logs, config, the
user folder, screenshots. Each case is one clear line (exit status 2 on the command line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.core import paths
from game.core.config import ConfigError, load_config
from game.core.session import GameSession, SaveError, Seat
from game.shell import testing

ROOT = Path(__file__).resolve().parents[1]


def _save(tmp_path: Path) -> tuple[Path, list[dict]]:
    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], 4, game="realm")
    for _ in range(6):
        if sess.human_to_move():
            sess.submit(sess.state.legal_actions()[0])
        else:
            sess.tick()
    path = tmp_path / "save.jsonl"
    sess.save(path)
    return path, [json.loads(x) for x in path.read_text().splitlines()]


def _write(path: Path, rows: list) -> None:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")


@pytest.mark.parametrize("change,words", [
    (lambda h: h["seats"][1].update(bot="bogus"), "seat 2: unknown bot 'bogus'"),
    (lambda h: h["seats"][1].update(bot="mcts:seconds=-1"), "seat 2: bot 'mcts:seconds=-1'"),
    (lambda h: h["seats"][1].update(bot="rule:noise=abc"), "noise must be a number"),
    (lambda h: h["seats"][1].update(kind="robot"), "seat 2 kind must be human or bot"),
    (lambda h: h.update(seed=5.9), "seed must be a whole number (got 5.9)"),
    (lambda h: h.update(seed=True), "seed must be a whole number"),
    (lambda h: h.update(players=7), "players must be 2 to 5"),
    (lambda h: h.update(players="2"), "players must be a whole number"),
    (lambda h: h.update(seats={"a": 1}), "seats must be a list of 2 seats"),
    (lambda h: h.update(setup=[]), "setup must be an object"),
    (lambda h: h.update(game="chess"), "unknown game 'chess'"),
])
def test_a_bad_save_is_refused_in_one_line(tmp_path: Path, change, words: str) -> None:
    path, rows = _save(tmp_path)
    change(rows[0])
    _write(path, rows)
    with pytest.raises(SaveError) as err:
        GameSession.load(path)
    msg = str(err.value)
    assert words in msg and "\n" not in msg and str(path) in msg


@pytest.mark.parametrize("bad_line,words", [
    ('{"seed": 1e400}', "expected an action or a result line"),
    ('{"result": 5}', "the result must be an object"),
    ('[1, 2, 3]', "expected an action or a result line"),
    ("[" * 100000 + "]" * 100000, "nested too deeply"),
    ('{"seat": 0.0, "action": {}}', "seat must be a whole number"),
    ('{"seat": 0, "action": ' + "[" * 50000 + "]" * 50000 + "}", "nested too deeply"),
])
def test_a_damaged_record_line_is_one_line_exit_2(tmp_path: Path, capsys, bad_line: str, words: str) -> None:
    path, rows = _save(tmp_path)
    _write(path, rows + [bad_line])
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
    with pytest.raises(SaveError, match=words.split(" (")[0]):
        GameSession.load(path)


@pytest.mark.parametrize("header_change,words", [
    (lambda h: h.update(seed=1e400), "seed must be a whole number"),
    (lambda h: h.update(seed=5.9), "seed must be a whole number (got 5.9)"),
    (lambda h: h.update(seed=2**64), "seed must be 0 to"),
])
def test_a_log_header_with_a_bad_seed_is_refused(tmp_path: Path, capsys, header_change, words: str) -> None:
    assert cli.main(["simulate", "--players", "2", "--seed", "5", "--bots", "random,random",
                     "--log-dir", str(tmp_path)]) == 0
    log = next(tmp_path.glob("*.jsonl"))
    rows = log.read_text().splitlines()
    head = json.loads(rows[0])
    header_change(head)
    rows[0] = json.dumps(head)
    log.write_text("\n".join(rows) + "\n")
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_a_record_write_that_fails_leaves_the_old_file_whole(tmp_path: Path, monkeypatch) -> None:
    path, rows = _save(tmp_path)
    before = path.read_bytes()
    sess = GameSession.load(path)
    sess.submit(sess.state.legal_actions()[0]) if sess.human_to_move() else sess.tick()

    def killed(*_a, **_k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(OSError):
        sess.save(path)
    assert path.read_bytes() == before  # the old save is untouched
    assert not list(tmp_path.glob("*.tmp"))  # and no half-written temporary is left


def test_stale_temp_files_are_removed_at_start(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    stale = paths.saves_dir() / "autosave-realm.jsonl.tmp"
    stale.write_text("half")
    assert cli.main(["--frames", "1"]) == 0
    assert not stale.exists()


def test_config_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    p = tmp_path / "c.toml"
    p.write_bytes(b"\xef\xbb\xbf[ui]\nfps = 30\n")
    assert load_config(p).ui.fps == 30


def test_config_nested_too_deeply_is_one_line(tmp_path: Path) -> None:
    p = tmp_path / "c.toml"
    p.write_text("x = " + "[" * 100000 + "]" * 100000 + "\n")
    with pytest.raises(ConfigError, match="nested too deeply"):
        load_config(p)
    with pytest.raises(ConfigError, match="is a folder|no such config file"):
        load_config(tmp_path)


@pytest.mark.skipif(os.geteuid() == 0 if hasattr(os, "geteuid") else True,
                    reason="root can write anywhere; the unwritable folder is simulated below instead")
def test_an_unwritable_user_folder_as_a_user(tmp_path: Path) -> None:  # pragma: no cover - CI runs as root
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    env = dict(os.environ, RECKONING_ARCANA_USER_DIR=str(folder / "user"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1


def test_an_unwritable_user_folder_is_one_line_exit_2(tmp_path: Path) -> None:
    """A user folder under a regular file cannot be created, even by root."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    env = dict(os.environ, RECKONING_ARCANA_USER_DIR=str(blocker / "user"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1"], capture_output=True, text=True,
                          env=env, timeout=120)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot create your settings file" in lines[0]
    assert "set RECKONING_ARCANA_USER_DIR to a folder you can write" in lines[0]


def test_a_screenshot_that_cannot_be_written_is_a_toast(tmp_path: Path) -> None:
    import pygame

    blocker = tmp_path / "file"
    blocker.write_text("x")
    app = testing.make_app(screenshot_dir=blocker / "shots")
    testing.step(app, 1)
    testing.key(app, pygame.K_F12)
    testing.step(app, 1)
    assert testing.was_drawn(app, "Screenshot not saved")
    app.screenshot_dir = tmp_path / "shots"
    testing.key(app, pygame.K_F12)
    testing.step(app, 1)
    assert testing.was_drawn(app, "Screenshot saved") and len(list((tmp_path / "shots").glob("*.png"))) == 1
    assert not list((tmp_path / "shots").glob("*.tmp*"))


def test_a_bot_that_answers_an_illegal_move_falls_back(monkeypatch) -> None:
    sess = GameSession(2, [Seat("bot", "normal"), Seat("bot", "normal")], 3, game="realm")

    class Liar:
        name = "liar"

        def decide(self, state, seat, legal, rng, **_):
            return ("select", 10**9)

    sess.agents = {0: Liar(), 1: Liar()}
    for _ in range(5):
        sess.tick()
    assert len(sess.actions) == 5 and "illegal move" in (sess.bot_error or "")


@pytest.mark.parametrize("spec,words", [
    ("mcts:seconds=1e9", "seconds must be a number from 0.01 to 30 (got 1e+09)"),
    ("mcts:seconds=inf", "seconds must be a number"),
    ("hard:seconds=-1", "seconds must be a number from 0.01 to 30"),
    ("mcts:iterations=1.5", "iterations must be a whole number"),
    ("mcts:cutoff=true", "cutoff must be a whole number"),
    ("rule:noise=x", "rule-bot parameter noise must be a number (got 'x')"),
])
def test_bot_specs_are_capped_as_presets_are(spec: str, words: str, capsys) -> None:
    assert cli.main(["simulate", "--players", "2", "--bots", f"{spec},rule"]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_the_preset_schema_is_the_registry_s_description() -> None:
    from ai.registry import MCTS_PARAMS
    from game.core.config import PRESET

    assert set(PRESET) == {"kind", "noise", "label", *MCTS_PARAMS}
    assert all(PRESET[k].lo == p.lo and PRESET[k].hi == p.hi for k, p in MCTS_PARAMS.items())


@pytest.mark.parametrize("content,words", [
    (b"\xff\xfe\x00garbage\x80", "not a results file (not text)"),
    (b'{"header": {"players": 2, "bots": ["random", "random"], "seed": 1}}\n'
     b'{"game": 0, "order": [5, 6], "scores": [1, 2], "wins": [1, 0], "labels": [{}, {}], "think": [0, 0], '
     b'"moves": [1, 1]}\n', "not a game result (order must list the seats 0 to 1)"),
    (b'{"header": {"players": 2, "bots": ["random", "random"], "seed": 1}}\n{"game": 0.5}\n',
     "game must be a whole number"),
    (b'{"header": {"players": 2, "bots": ["random", "random"], "seed": 1}}\n' + b"[" * 100000 + b"]" * 100000,
     "nested too deeply"),
])
def test_a_bad_results_file_is_one_line_and_left_as_it_was(tmp_path: Path, capsys, content: bytes,
                                                           words: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(content)
    assert cli.main(["tournament", "--players", "2", "--bots", "random,random", "--games", "2", "--seed", "1",
                     "--results", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and str(path) in err and len(err.splitlines()) == 1
    assert path.read_bytes() == content  # nothing appended


def test_a_results_folder_is_one_line(tmp_path: Path, capsys) -> None:
    assert cli.main(["tournament", "--players", "2", "--bots", "random,random", "--games", "1",
                     "--results", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "is a folder, not a results file" in err and len(err.splitlines()) == 1


def test_a_continued_game_keeps_its_log(tmp_path: Path, monkeypatch) -> None:
    """The log is rebuilt from the save's actions (not empty after Continue), and nothing replays as motion."""
    from game.realm.ui.main import TableScene

    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    cfg = load_config(user=False)
    cfg.ui["skip_animations"] = True
    sess = GameSession(3, [Seat("human"), Seat("bot", "normal"), Seat("bot", "easy")], 8, game="realm")
    for _ in range(60):
        if sess.human_to_move():
            sess.submit(sess.state.legal_actions()[0])
        else:
            sess.tick()
    sess.save(tmp_path / "s.jsonl")
    app = testing.make_app(skip_animations=True)
    live = app.push(TableScene(cfg, sess))
    live.drain_events()  # what the table showed as the game went on
    before = list(live.log.items)
    app.pop()
    loaded = GameSession.load(tmp_path / "s.jsonl")
    table = app.push(TableScene(cfg, loaded))
    assert len(before) > 10 and table.log.items == before
    assert not app.motion.busy
