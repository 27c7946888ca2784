"""The headless commands: simulate, replay, and bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_simulate_writes_logs_that_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["simulate", "--players", "3", "--games", "2", "--seed", "11", "--bots", "rule,random,rule",
               "--log-dir", str(tmp_path)])
    assert rc == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all("winner seat" in line for line in out)
    logs = sorted(tmp_path.glob("*.jsonl"))
    assert len(logs) == 2
    header = json.loads(logs[0].read_text().splitlines()[0])
    assert header["players"] == 3 and [s["bot"] for s in header["seats"]] == ["rule", "random", "rule"]
    for log in logs:
        assert main(["replay", str(log)]) == 0
    assert "reaches the recorded result" in capsys.readouterr().out


def test_simulate_is_deterministic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "4", "--games", "1", "--seed", "3", "--bots", "rule,rule,random,random"])
    a = capsys.readouterr().out
    main(["simulate", "--players", "4", "--games", "1", "--seed", "3", "--bots", "rule,rule,random,random"])
    assert capsys.readouterr().out == a


def test_replay_detects_tampering_and_corruption(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--players", "2", "--games", "1", "--seed", "5", "--bots", "random,random",
          "--log-dir", str(tmp_path)])
    log = next(tmp_path.glob("*.jsonl"))
    lines = log.read_text().splitlines()
    result = json.loads(lines[-1])
    result["result"]["scores"][0] += 1
    bad = tmp_path / "tampered.jsonl"
    bad.write_text("\n".join(lines[:-1] + [json.dumps(result)]) + "\n")
    capsys.readouterr()
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "tampered.jsonl" in err and "scores" in err and len(err.strip().splitlines()) == 1
    junk = tmp_path / "junk.jsonl"
    junk.write_text(lines[0] + "\n{not json\n")
    assert main(["replay", str(junk)]) == 2
    assert "junk.jsonl:2" in capsys.readouterr().err
    illegal = tmp_path / "illegal.jsonl"
    row = json.loads(lines[1])
    row["action"] = {"type": "select", "card": "NOPE"}
    illegal.write_text("\n".join([lines[0], json.dumps(row)]) + "\n")
    assert main(["replay", str(illegal)]) == 2
    assert "illegal.jsonl:2" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.jsonl")]) == 2


@pytest.mark.parametrize("argv,words", [
    (["simulate", "--players", "7"], "--players must be 2 to 5"),
    (["simulate", "--players", "3", "--bots", "rule,rule"], "--bots lists 2 entries for 3 players"),
    (["simulate", "--players", "2", "--bots", "rule,genius"], "unknown bot"),
    (["simulate", "--players", "2", "--factions", "guilded,elves"], "unknown faction"),
    (["simulate", "--games", "many"], "--games must be a whole number"),
    (["fly"], "invalid choice"),
])
def test_bad_arguments_one_line_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_main_py_runs_as_a_script(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", "--players", "2", "--games", "1",
                           "--seed", "2", "--bots", "random,rule"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "winner seat" in proc.stdout


def test_window_frames_option_prints_launch_and_frame_figures(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    assert main(["--frames", "4"]) == 0
    out = capsys.readouterr().out
    assert "first frame" in out and "4 frames" in out and "frame period median" in out
    assert (tmp_path / "user" / "config.toml").exists()


def test_missing_game_data_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    env = dict(os.environ, ROR_DATA_DIR=str(tmp_path / "nowhere"), ROR_USER_DIR=str(tmp_path / "user"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for args in (["simulate", "--players", "2"], ["--frames", "2"]):
        proc = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                              env=env, timeout=120)
        assert proc.returncode == 2
        assert proc.stderr.strip().splitlines() == [
            f"error: the game's bundled data is damaged or missing: board.toml: missing content file "
            f"({tmp_path / 'nowhere' / 'board.toml'})"]


def test_a_double_clicked_build_shows_fatal_errors_in_a_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game import cli

    shown: list[tuple] = []
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: shown.append((a, k)) or 0)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(ROOT), raising=False)
    monkeypatch.setattr(sys, "stderr", None)  # a windowed Windows build has no stderr at all
    assert cli.fatal("config.toml: ui.fps: expected a whole number", windowed=True) == 2
    assert len(shown) == 1 and "ui.fps" in shown[0][0][1]
    assert cli.fatal("bad command line", windowed=False) == 2  # headless commands: stderr only
    assert len(shown) == 1
