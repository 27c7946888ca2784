"""The PyInstaller build: it builds, runs headless, plays the same game as the source, and
reports damaged data clearly. Slow (a build takes about half a minute); ``.ci/run`` runs it."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXE_SUFFIX = ".exe" if sys.platform.startswith("win") else ""
NAME = "ReckoningArcana"  # the product's folder and executable base name (build.spec)
GAMES = {
    "realm": ["--players", "3", "--games", "1", "--seed", "7", "--bots", "rule,easy,mcts:iterations=30"],
    "arcana": ["--game", "arcana", "--players", "2", "--games", "1", "--seed", "7", "--preset", "random",
               "--bots", "rule,mcts:iterations=30"],
}

pytestmark = pytest.mark.slow


def _env(tmp: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RECKONING_ARCANA_USER_DIR=str(tmp / "user"))
    env.pop("ROR_DATA_DIR", None)
    env.pop("ROR_USER_DIR", None)
    return env


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the one-folder executable once for this module; the folder it lands in."""
    work = tmp_path_factory.mktemp("pyinstaller")
    proc = subprocess.run([sys.executable, "-m", "PyInstaller", str(ROOT / "build.spec"), "--noconfirm",
                           "--log-level", "WARN", "--distpath", str(work / "dist"), "--workpath", str(work / "build")],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = work / "dist" / NAME
    assert (out / f"{NAME}{EXE_SUFFIX}").exists() and (out / f"{NAME}-cli{EXE_SUFFIX}").exists()
    return out


def _run(exe: Path, args: list[str], tmp: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=300, env=_env(tmp))


@pytest.mark.parametrize("game", list(GAMES))
def test_frozen_simulate_plays_the_same_game_as_source(build: Path, tmp_path: Path, game: str) -> None:
    """Both games play the same seeded game frozen and from source, log for log."""
    GAME = GAMES[game]
    cli = build / f"{NAME}-cli{EXE_SUFFIX}"
    frozen = _run(cli, ["simulate", *GAME, "--log-dir", str(tmp_path / "frozen")], tmp_path)
    assert frozen.returncode == 0, frozen.stderr
    source = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", *GAME,
                             "--log-dir", str(tmp_path / "source")], capture_output=True, text=True, timeout=300,
                            env=_env(tmp_path))
    assert source.returncode == 0, source.stderr
    assert "winner seat" in frozen.stdout and frozen.stdout == source.stdout
    (log_f,) = (tmp_path / "frozen").glob("*.jsonl")
    (log_s,) = (tmp_path / "source").glob("*.jsonl")
    assert log_f.read_text() == log_s.read_text()  # every action and the result, line for line
    assert len(log_f.read_text().splitlines()) > 50
    rep = _run(cli, ["replay", str(log_s)], tmp_path)
    assert rep.returncode == 0 and "reaches the recorded result" in rep.stdout


def test_frozen_window_starts_and_creates_the_user_config(build: Path, tmp_path: Path) -> None:
    game = build / f"{NAME}{EXE_SUFFIX}"
    proc = _run(game, ["--frames", "5"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "first frame" in proc.stdout
    user_cfg = tmp_path / "user" / "config.toml"
    assert user_cfg.read_text() == (ROOT / "config.toml").read_text()  # copied from the bundled default


@pytest.mark.parametrize("game", list(GAMES))
def test_frozen_window_bots_search_in_processes(build: Path, tmp_path: Path, game: str) -> None:
    """The all-bots demo seats a hard bot; in the frozen game its searches run in the search
    processes (the executable started again as a child through ``freeze_support``), none failing."""
    exe = build / f"{NAME}{EXE_SUFFIX}"
    proc = _run(exe, ["--game", game, "--demo", "--frames", "900"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    m = re.search(r"bots: (\d+) decisions searched in (\d+) search process(?:es)?, (\d+) fell back", proc.stdout)
    assert m is not None, proc.stdout
    searched, processes, fell_back = map(int, m.groups())
    assert searched >= 1 and processes >= 1 and fell_back == 0, proc.stdout


def test_frozen_build_reports_damaged_data_and_config_in_one_line(build: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken"
    shutil.copytree(build, broken, symlinks=True)
    data = next(broken.rglob("assets/realm/data/cards.toml"))
    data.write_text("[[action]\nthis is not toml")
    proc = _run(broken / f"{NAME}-cli{EXE_SUFFIX}", ["simulate", "--players", "2"], tmp_path)
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "cards.toml" in lines[0] and "not valid TOML" in lines[0], proc.stderr
    data.unlink()
    proc = _run(broken / f"{NAME}{EXE_SUFFIX}", ["--frames", "2"], tmp_path)
    assert proc.returncode == 2 and "cards.toml: missing content file" in proc.stderr
    # a damaged user config: one line naming the file and the key, nothing lost
    user = tmp_path / "user"
    user.mkdir(exist_ok=True)
    (user / "config.toml").write_text('[ui]\nfps = "fast"\n')
    proc = _run(build / f"{NAME}{EXE_SUFFIX}", ["--frames", "2"], tmp_path)
    assert proc.returncode == 2 and "config.toml" in proc.stderr and "ui.fps" in proc.stderr, proc.stderr
    assert (user / "config.toml").read_text() == '[ui]\nfps = "fast"\n'


def test_readme_gives_the_build_command_this_module_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "pyinstaller build.spec --noconfirm" in readme and f"dist/{NAME}/" in readme


def test_one_product_name_in_the_build_the_release_and_the_package() -> None:
    """The two-game app has one name everywhere it is shipped from (the records keep their games' names)."""
    import tomllib

    assert f'NAME = "{NAME}"' in (ROOT / "build.spec").read_text()
    release = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert f"dist/{NAME}/{NAME}-cli simulate" in release and f'name="{NAME}-' in release
    assert "Reckoning & Arcana" in release
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["name"] == "reckoning-arcana"
    assert "Realm of Reckoning" in project["description"] and "Res Arcana" in project["description"]
    assert (ROOT / "config.toml").read_text().startswith("# Reckoning & Arcana settings")
    for text in (release, (ROOT / "build.spec").read_text(), (ROOT / "README.md").read_text()):
        assert "RealmOfReckoning/" not in text and "RealmOfReckoning-cli" not in text
