"""One house, two games: the shared parts know no game, and a toy game registered only here runs
through the command line, records, tournaments and a headless window with no change to them."""

from __future__ import annotations

import ast
import json
import time
from pathlib import Path

import pytest

from game import cli
from game.core.games import game_keys, games, get_game, register_game, unregister_game
from game.core.records import read_record, replay
from game.core.session import GameSession, SaveError
from game.shell import testing
from game.shell.title import TitleScene

ROOT = Path(__file__).resolve().parents[1]

GAMES = ("realm", "arcana")


def _imports(folder: Path) -> dict[str, set[str]]:
    """Every module a file under ``folder`` imports (absolute names; relative ones resolved)."""
    out: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        package = list(rel.parts[:-1]) if rel.name != "__init__" else list(rel.parts[:-1])
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package[: len(package) - node.level + 1]
                    mod = ".".join(base + ([node.module] if node.module else []))
                else:
                    mod = node.module or ""
                names.add(mod)
                names.update(f"{mod}.{a.name}" for a in node.names)
        out[str(rel)] = names
    return out


def _offenders(folder: str, banned: tuple[str, ...]) -> list[str]:
    bad = []
    for mod, names in _imports(ROOT / folder).items():
        for name in names:
            if any(name == b or name.startswith(b + ".") for b in banned):
                bad.append(f"{mod} imports {name}")
    return bad


@pytest.mark.parametrize("shared", ["game/core", "game/shell", "ai"])
def test_shared_parts_import_no_game(shared: str) -> None:
    assert _offenders(shared, tuple(f"game.{g}" for g in GAMES)) == []


def test_games_do_not_import_each_other_and_engines_import_no_pygame() -> None:
    assert _offenders("game/realm", ("game.arcana",)) == []
    if (ROOT / "game" / "arcana").exists():
        assert _offenders("game/arcana", ("game.realm",)) == []
    for g in GAMES:
        engine = ROOT / "game" / g / "engine"
        if engine.exists():
            assert _offenders(f"game/{g}/engine", ("pygame", "pymunk", "threading", "game.shell.app")) == []


@pytest.mark.parametrize("lower", ["game/core", "ai", "game/realm/engine", "game/arcana/engine"])
def test_lower_layers_import_nothing_from_the_window(lower: str) -> None:
    """The core, the bots and the engines sit below the shell and the command line: the config loader
    and the resource paths live in ``game/core``, and only ``game/cli.py`` (the top) starts the window."""
    assert _offenders(lower, ("game.shell", "game.cli", "pygame", "pymunk")) == []


def test_the_import_scan_can_fail(tmp_path: Path) -> None:
    """The control: the scan does see an import of a game, a relative one included."""
    names = _imports(ROOT / "game" / "realm" / "ui")
    assert any(n.startswith("game.realm.engine") for ns in names.values() for n in ns)


# ------------------------------------------------------------------ the toy game
@pytest.fixture
def toy():
    register_game("goofspiel", "tests.toy_game:ADAPTER")
    yield get_game("goofspiel")
    unregister_game("goofspiel")


def test_toy_game_simulate_replay_tournament(toy, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "goofspiel", "--players", "3", "--games", "2", "--seed", "4",
                     "--bots", "random,rule,mcts:iterations=30", "--log-dir", str(tmp_path)]) == 2
    assert "unknown bot 'rule'" in capsys.readouterr().err  # the toy registers no rule bot
    assert cli.main(["simulate", "--game", "goofspiel", "--players", "3", "--games", "2", "--seed", "4",
                     "--bots", "random,random,mcts:iterations=30", "--log-dir", str(tmp_path)]) == 0
    logs = sorted(tmp_path.glob("goofspiel_*.jsonl"))
    assert len(logs) == 2
    for log in logs:
        assert cli.main(["replay", str(log)]) == 0
    assert "Goofspiel, replayed, reaches the recorded result" in capsys.readouterr().out
    assert cli.main(["tournament", "--game", "goofspiel", "--players", "2", "--bots", "random,mcts:iterations=40",
                     "--games", "6", "--seed", "3"]) == 0
    assert "mcts" in capsys.readouterr().out
    assert cli.main(["simulate", "--game", "goofspiel", "--players", "2", "--factions", "a,b"]) == 2
    assert "--factions is not an option of Goofspiel" in capsys.readouterr().err
    assert cli.main(["simulate", "--game", "chess"]) == 2


def test_toy_game_in_the_window_from_the_title(toy, cfg) -> None:
    app = testing.make_app(skip_animations=True)
    app.home = lambda: TitleScene(cfg, games())
    app.go_home()
    testing.step(app, 2)
    assert testing.was_drawn(app, "Goofspiel") and testing.was_drawn(app, "Realm of Reckoning")
    new_games = [w for w in testing.widgets(app) if w.text == "New game"]
    windowed = [k for k in game_keys() if get_game(k).has_window()]
    assert len(new_games) == len(windowed)
    testing.click_widget(app, new_games[windowed.index("goofspiel")])
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Start"))
    t0 = time.time()
    while time.time() - t0 < 60:
        testing.step(app, 1)
        bids = [w for w in testing.widgets(app) if (w.text or "").startswith("Bid ") and w.visible]
        if bids:
            testing.click_widget(app, bids[0])
        done = [w for w in testing.widgets(app) if w.text == "Title screen"]
        if done:
            table = app.stack.top
            assert table.s.is_over() and len([a for a in table.s.actions if a["seat"] == 0]) == 6
            testing.click_widget(app, done[0])
            testing.step(app, 2)
            assert isinstance(app.stack.top, TitleScene)
            return
        time.sleep(0.002)
    raise AssertionError("the toy game did not finish")


# ------------------------------------------------------------------ records: one format, old ones still read
def _v1_log(tmp_path: Path) -> Path:
    """A log in the format before the shared record, as the old ``game/gamelog.py`` wrote it."""
    import random

    from game.realm.engine import new_game, to_json
    from game.realm.hooks import make_agent

    st = new_game(3, seed=9)
    header = {"format": "realm-of-reckoning-log", "version": 1, "players": 3, "seed": 9,
              "factions": [st.c.factions[f].id for f in st.factions], "bots": ["rule", "rule", "random"]}
    agents = [make_agent(b) for b in header["bots"]]
    lines = [json.dumps(header)]
    while not st.is_terminal():
        p = st.to_move()
        a = agents[p].decide(st, p, st.legal_actions(), random.Random(len(lines)))
        lines.append(json.dumps({"seat": p, "action": to_json(st.c, a)}))
        st.apply(a)
    lines.append(json.dumps({"result": {"scores": st.score, "winner": st.winner, "age_scores": st.age_scores}}))
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_version_1_logs_and_saves_still_load(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = _v1_log(tmp_path)
    assert cli.main(["replay", str(log)]) == 0
    assert "reaches the recorded result" in capsys.readouterr().out
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    save = {"format": "realm-of-reckoning-save", "version": 1, "players": 3, "seed": 9,
            "factions": rows[0]["factions"],
            "seats": [{"kind": "human", "bot": "normal", "name": ""}, {"kind": "bot", "bot": "hard", "name": ""},
                      {"kind": "bot", "bot": "normal", "name": ""}],
            "actions": rows[1:41]}
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(save))
    sess = GameSession.load(path)
    assert len(sess.actions) == 40 and sess.seats[1].bot == "hard" and sess.seats[0].human
    save["version"] = 7
    path.write_text(json.dumps(save))
    with pytest.raises(SaveError, match="realm-of-reckoning-save version 7 is not supported"):
        GameSession.load(path)


def test_a_save_is_a_record_that_replays(tmp_path: Path) -> None:
    from game.core.session import Seat

    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], 3, game="realm")
    for _ in range(30):
        if sess.human_to_move():
            sess.submit(sess.state.legal_actions()[0])
        else:
            sess.tick()
    sess.save(tmp_path / "s.jsonl")
    rec = read_record(tmp_path / "s.jsonl")
    assert rec.game == "realm" and len(rec.actions) == 30 and rec.result is None
    assert replay(rec).view(0) == sess.state.view(0)
    assert cli.main(["replay", str(tmp_path / "s.jsonl")]) == 0
    assert not list(tmp_path.glob("*.tmp"))
