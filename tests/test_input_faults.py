"""Bad input from outside never crashes and never reaches the wrong place (issue #19, "Input").

- An action's JSON with a key its type does not have is refused naming the key, in both games: a
  record replays exactly what it says, never a line with a stray note or a typo'd field.
- An integer too long for Python to read (over 4,300 digits) in the config, in a record or in a
  save is one line naming what and where: exit status 2 on the command line, a message in the
  window, and the file is kept as it was.
- A save of another game in a game's autosave file is refused, never handed to the wrong table.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import cli
from game.arcana.engine import actions as arcana_actions
from game.core import paths
from game.core.config import ConfigError, load_config
from game.core.errors import ActionFormatError, ReplayError
from game.core.games import games, get_game
from game.core.records import MAX_DIGITS, read_record
from game.core.session import GameSession, Seat, autosave_path
from game.realm.engine import kinds as realm_kinds
from game.shell import testing
from game.shell.scene import ModalScene
from game.shell.title import TitleScene

HUGE = "9" * 5000  # more digits than Python converts by default (4,300)
ROOT = Path(__file__).resolve().parents[1]
STRAYS = ("note", "card", "seat", "amount", "essence", "power", "space")  # a note, or another kind's field


# ---------------------------------------------------------------- unknown keys in an action's JSON
def _stray_key(obj: dict[str, Any]) -> str:
    """A key this action's JSON does not have: a real field of some other kind when there is one."""
    return next(k for k in STRAYS[1:] + STRAYS[:1] if k not in obj)


def _check_action_json(game_key: str, state: Any, action: Any) -> str:
    """The clean JSON form round-trips; the same form with a stray key is refused naming the key."""
    game = get_game(game_key)
    clean = game.to_json(state, action)
    assert game.from_json(state, json.loads(json.dumps(clean))) == action  # the control: clean forms are read
    stray = _stray_key(clean)
    for extra in ({stray: 1}, {"note": "a comment"}):
        if set(extra) & set(clean):
            continue
        with pytest.raises(ActionFormatError) as err:
            game.from_json(state, {**clean, **extra})
        msg = str(err.value)
        assert repr(next(iter(extra))) in msg and "\n" not in msg, msg
    return clean["type"]


def _walk(game_key: str, state: Any, rng: random.Random, seen: set[str]) -> Any:
    """Play ``state`` to the end at random, checking every legal action of every position."""
    while not state.is_terminal():
        legal = state.legal_actions()
        seen.update(_check_action_json(game_key, state, a) for a in legal)
        state.apply(rng.choice(legal))
    return state


def test_every_legal_realm_action_refuses_a_stray_key() -> None:
    game = get_game("realm")
    seen: set[str] = set()
    for n in range(2, 6):  # every player count, two deals each
        for seed in (19, 1019):
            _walk("realm", game.new_game(n, seed + n), random.Random(seed * n), seen)
    # these games reach every kind but Guidance's rare advance today; every kind is also checked directly below
    assert {"select", "discard", "place", "move", "stop", "tuck", "bid", "pay", "row", "monument"} <= seen


def test_every_legal_arcana_action_refuses_a_stray_key() -> None:
    game = get_game("arcana")
    seen: set[str] = set()
    for n in range(2, 5):
        _walk("arcana", game.new_game(n, 40 + n), random.Random(n), seen)  # the first game's preset
        _walk("arcana", game.new_game(n, 50 + n, preset="random", draft=True), random.Random(n), seen)
    setup: dict[str, Any] | None = {"preset": "random", "match": {"game": 1, "wins": [0, 0]}}
    for g in range(3):  # a match for two: its first-player choice and its picks from the pool
        final = _walk("arcana", game.new_game(2, 60 + g, **setup), random.Random(g), seen)
        setup = game.next_in_match(final)
        if setup["match"]["game"] == 1:  # decided in two games
            break
    # these games reach every type today; every type is also checked directly below
    assert {"draft", "mage", "magic_item", "place", "power", "pay", "claim", "pass", "first_player",
            "match_pick"} <= seen


def _realm_action(kind: str) -> tuple:
    """A well-formed action of ``kind`` (the first id in every field), legal or not."""
    if kind == "pay":
        return ("pay", 1, 0, (0,) * 5, (), (0,) * 5)
    if kind == "monument":
        return ("monument", 0, 0)
    return (kind, *(0 for _ in realm_kinds.KINDS[kind].fields))


@pytest.mark.parametrize("kind", sorted(str(k) for k in realm_kinds.KINDS))
def test_every_realm_action_type_refuses_a_stray_key(kind: str) -> None:
    state = get_game("realm").new_game(3, 5)
    assert _check_action_json("realm", state, _realm_action(kind)) == kind


@pytest.mark.parametrize("kind", sorted(arcana_actions.TYPES, key=arcana_actions.TYPES.get))
def test_every_arcana_action_type_refuses_a_stray_key(kind: int) -> None:
    from game.arcana.engine.state import ACTION_LEN

    state = get_game("arcana").new_game(2, 5)
    action = (kind, *(0 for _ in range(ACTION_LEN[kind] - 1)))
    assert _check_action_json("arcana", state, action) == arcana_actions.TYPES[kind]


@pytest.mark.parametrize("game_key,obj,key", [
    ("arcana", {"type": "pass", "x": 1}, "'x'"),
    ("realm", {"type": "select", "card": "A01", "note": 1}, "'note'"),
    ("realm", {"type": "stop", "to": "R1"}, "'to'"),
    ("arcana", {"type": "pay", "essences": {"gold": 1}, "gold": 1}, "'gold'"),
    ("realm", {"type": "pay", "acolytes": 1, "coin": 2}, "'coin'"),
])
def test_the_issue_s_examples_are_refused_naming_the_key(game_key: str, obj: dict, key: str) -> None:
    game = get_game(game_key)
    state = game.new_game(2, 3)
    with pytest.raises(ActionFormatError, match=f"{key} .*its fields"):
        game.from_json(state, obj)
    clean = {k: v for k, v in obj.items() if repr(k) != key}
    assert game.from_json(state, clean)  # the control: without the stray key it is read


def _log(tmp_path: Path, game_key: str, seed: int = 3) -> Path:
    assert cli.main(["simulate", "--game", game_key, "--players", "2", "--bots", "random,random", "--seed",
                     str(seed), "--log-dir", str(tmp_path)]) == 0
    return next(tmp_path.glob(f"{game_key}_*.jsonl"))


@pytest.mark.parametrize("game_key", ["realm", "arcana"])
def test_a_log_line_with_a_stray_key_does_not_replay(tmp_path: Path, capsys, game_key: str) -> None:
    log = _log(tmp_path, game_key)
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 0  # the control: the log as written replays
    rows = log.read_text().splitlines()
    line = json.loads(rows[5])
    line["action"]["note"] = "typed by hand"
    rows[5] = json.dumps(line)
    log.write_text("\n".join(rows) + "\n")
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"{log}:6:" in err and "'note'" in err and len(err.splitlines()) == 1


# ---------------------------------------------------------------- integers too long to read
def _config(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(body)
    return path


@pytest.mark.parametrize("body,words", [
    (f"[game]\nseed = {HUGE}\n", "line 2: game.seed is a number of 5000 digits"),
    (f"[ui]\nfps = 30\n\n[game]\nplayers = 3\nseed = -{HUGE}\n", "line 6: game.seed is a number of 5000 digits"),
    (f"[game]\nseed = [{HUGE}]\n", "line 2: game.seed is a number of 5000 digits"),
    (f'[bots.presets.x]\nlabel = "{HUGE}"  # {HUGE}\n[game]\nseed = {HUGE}\n',
     "line 4: game.seed is a number of 5000 digits"),
    (f"[bench]\ngames = 0x{'f' * 5000}\n", "bench.games must be an integer from 1 to 1e+06 (got a number of 6021"),
    (f"[game]\nseed = {'9_' * 3000}9\n", "game.seed must be an integer from 0 to 4.61169e+18 (got a number of 3001"),
], ids=["seed", "seed-on-line-6", "in-a-list", "after-digits-in-a-string", "hexadecimal", "with-underscores"])
def test_a_config_number_too_long_to_read_is_one_line(tmp_path: Path, capsys, body: str, words: str) -> None:
    path = _config(tmp_path, body)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    msg = str(err.value)
    assert msg.startswith(str(path)) and words in msg and len(msg) < 200, msg
    assert cli.main(["--config", str(path), "simulate", "--players", "2"]) == 2
    out = capsys.readouterr().err.strip()
    assert words in out and len(out.splitlines()) == 1


def test_a_config_seed_in_range_is_read(tmp_path: Path) -> None:  # the control for the above
    assert load_config(_config(tmp_path, f"[game]\nseed = {2**62}\n")).game.seed == 2**62


def test_the_config_file_as_a_whole_window_start_is_exit_2(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("ROR_USER_DIR", str(tmp_path / "user"))
    path = _config(tmp_path, f"[game]\nseed = {HUGE}\n")
    assert cli.main(["--config", str(path), "--frames", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert "game.seed is a number of 5000 digits" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["simulate", "tournament", "bench"])
@pytest.mark.parametrize("seed,words", [
    (HUGE, "--seed must be 0 to 4611686018427387904 (got a number of 5000 digits)"),
    (str(2**62 + 1), f"--seed must be 0 to 4611686018427387904 (got {2**62 + 1})"),
    ("x" + HUGE, "--seed must be a whole number (got 'x9999"),
], ids=["5000-digits", "over-the-bound", "not-a-number"])
def test_a_command_line_seed_is_bounded(capsys, command: str, seed: str, words: str) -> None:
    extra = ["--bots", "random,random"] if command == "tournament" else []
    assert cli.main([command, "--seed", seed, *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1 and len(err) < 200


def _with_line(path: Path, index: int, change: Any) -> None:
    rows = path.read_text().splitlines()
    rows[index] = change(rows[index])
    path.write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("game_key", ["realm", "arcana"])
@pytest.mark.parametrize("index,change,words", [
    (0, lambda line: line.replace('"seed": 3,', f'"seed": {HUGE},'), ":1: seed is a number of 5000 digits"),
    (0, lambda line: line.replace('"players": 2,', f'"players": -{HUGE},'), ":1: players is a number of 5000"),
    (3, lambda line: line.replace('"seat": ', f'"seat": {HUGE}'), ":4: seat is a number of 5001 digits"),
    (-1, lambda line: line.replace('{"result": {', f'{{"result": {{"note": [{HUGE}], '), "a number of 5000 digits"),
], ids=["seed", "players", "seat", "in-the-result"])
def test_a_record_number_too_long_to_read_is_one_line(tmp_path: Path, capsys, game_key: str, index: int,
                                                      change: Any, words: str) -> None:
    log = _log(tmp_path, game_key)
    before = log.read_text()
    _with_line(log, index, change)
    assert log.read_text() != before
    capsys.readouterr()
    assert cli.main(["replay", str(log)]) == 2
    err = capsys.readouterr().err.strip()
    assert f"error: {log}" in err and words in err and len(err.splitlines()) == 1 and len(err) < 300


def test_a_record_number_is_refused_however_low_python_s_digit_limit(tmp_path: Path) -> None:
    """The record's own bound is checked before Python converts: below the least limit Python allows (640)."""
    log = _log(tmp_path, "realm")
    _with_line(log, 0, lambda line: line.replace('"seed": 3,', f'"seed": {"7" * 700},'))
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        with pytest.raises(ReplayError, match="seed is a number of 700 digits"):
            read_record(log)
    finally:
        sys.set_int_max_str_digits(old)
    _with_line(log, 0, lambda line: line.replace("7" * 700, "7" * MAX_DIGITS))
    with pytest.raises(ReplayError, match="seed must be 0 to"):  # long but readable: the range says no
        read_record(log)


def test_the_issue_s_commands_exit_2_with_one_line(tmp_path: Path) -> None:
    """The commands of the report, as a player runs them: ``main.py`` with such a config, and ``replay``."""
    log = _log(tmp_path, "arcana")
    _with_line(log, 0, lambda line: line.replace('"seed": 3,', f'"seed": {HUGE},'))
    config = _config(tmp_path, f"[game]\nseed = {HUGE}\n")
    env = dict(os.environ, ROR_USER_DIR=str(tmp_path / "user"), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for args, words in ((["replay", str(log)], "seed is a number of 5000 digits"),
                        (["--config", str(config), "--frames", "1"], "game.seed is a number of 5000 digits")):
        proc = subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True, text=True,
                              env=env, timeout=120)
        assert proc.returncode == 2 and words in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, \
            proc.stderr[-500:]


# ---------------------------------------------------------------- another game's record
def _saved_game(game_key: str, path: Path, moves: int = 8) -> Path:
    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], 4, game=game_key)
    rng = random.Random(1)
    for _ in range(moves):
        if sess.human_to_move():
            sess.submit(rng.choice(sess.state.legal_actions()))
        else:
            sess.tick()
    path.parent.mkdir(parents=True, exist_ok=True)
    sess.save(path)
    return path


@pytest.mark.parametrize("card,other", [("realm", "arcana"), ("arcana", "realm")])
def test_a_record_of_another_game_is_refused_for_this_game(tmp_path: Path, card: str, other: str) -> None:
    path = _saved_game(other, tmp_path / f"autosave-{card}.jsonl")
    with pytest.raises(ReplayError) as err:
        read_record(path, game_key=card)
    msg = str(err.value)
    assert msg == f"{path}:1: a record of {get_game(other).title}, not of {get_game(card).title}"
    assert read_record(path, game_key=other).game == other  # the control: as its own game it is read
    assert read_record(path).game == other  # and so by a reader that takes any game (replay)


def _title(cfg: Any) -> tuple[Any, TitleScene]:
    app = testing.make_app(skip_animations=True)
    app.home = lambda: TitleScene(cfg, games())
    app.go_home()
    testing.step(app, 2)
    return app, app.stack.top


def _continue(app: Any, title: TitleScene, game_key: str) -> None:
    card = next(r for g, r in title.cards if g.key == game_key)
    button = next(w for w in testing.widgets(app) if w.text == "Continue" and card.contains(w.rect))
    assert button.enabled
    testing.click_widget(app, button)
    testing.step(app, 2)


def _shown_error(app: Any) -> str:
    top = app.stack.top
    assert isinstance(top, ModalScene), type(top).__name__
    return top.content.message


@pytest.mark.parametrize("card,other", [("realm", "arcana"), ("arcana", "realm")])
def test_continue_refuses_another_game_s_save_and_keeps_it(cfg, card: str, other: str) -> None:
    path = _saved_game(other, autosave_path(paths.saves_dir(), card))
    before = path.read_bytes()
    app, title = _title(cfg)
    _continue(app, title, card)
    assert _shown_error(app) == f"{path}:1: a record of {get_game(other).title}, not of {get_game(card).title}"
    assert path.read_bytes() == before and not any(type(s).__name__ == "TableScene" for s in app.stack.scenes)
    testing.key(app, pygame.K_RETURN)  # OK: back at the title
    testing.step(app, 1)
    assert app.stack.top is title
    path.replace(autosave_path(paths.saves_dir(), other))  # the control: as its own game's save it opens
    title.on_resume()
    _continue(app, title, other)
    table = next(s for s in app.stack.scenes if type(s).__name__ == "TableScene")
    assert table.s.adapter.key == other and type(table).__module__.startswith(f"game.{other}.")


@pytest.mark.parametrize("game_key", ["realm", "arcana"])
def test_continue_on_a_save_with_a_huge_seed_shows_why_and_keeps_it(cfg, game_key: str) -> None:
    path = _saved_game(game_key, autosave_path(paths.saves_dir(), game_key))
    _with_line(path, 0, lambda line: line.replace('"seed": 4,', f'"seed": {HUGE},'))
    before = path.read_bytes()
    app, title = _title(cfg)
    _continue(app, title, game_key)
    assert _shown_error(app) == f"{path}:1: seed is a number of 5000 digits (a record's numbers have at most 100)"
    assert path.read_bytes() == before and app.stack.scenes[0] is title
