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


def _from_module(node: ast.ImportFrom, package: list[str]) -> str:
    """The absolute module a ``from ... import`` names, a relative one resolved against ``package`` (the
    parts of the package the importing file is in)."""
    if not node.level:
        return node.module or ""
    return ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))


def _imports(folder: Path) -> dict[str, set[str]]:
    """Every module a file under ``folder`` imports (absolute names; relative ones resolved)."""
    out: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        package = list(rel.parts[:-1])  # a module's package, or for an __init__ the package it starts
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                mod = _from_module(node, package)
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


# ------------------------------------------------------------------ no import circles
# Circles allowed for now: none (Res Arcana's state.py <-> hidden.py went with the engine's split, #20).
KNOWN_CIRCLES: list[set[str]] = []


def _module_of(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(node: ast.AST):
    """Every import statement under ``node``, at module level or inside a function, except those in an
    ``if TYPE_CHECKING:`` block (annotations only: they never run)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        body = child.orelse if _is_type_checking(child) else [child]
        for part in body:
            if part is not child and isinstance(part, (ast.Import, ast.ImportFrom)):
                yield part
            yield from _import_nodes(part)


def _import_graph(root: Path, tops: tuple[str, ...] = ("game", "ai")) -> dict[str, set[str]]:
    """Module -> the modules of ``tops`` it imports. ``from a import b`` points at ``a.b`` when that is a
    module, else at ``a``; a package's ``__init__`` that runs on the way is not counted as an arrow."""
    files = {_module_of(path, root): path for top in tops for path in (root / top).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        targets: set[str] = set()
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names if a.name in files)
                continue
            base = _from_module(node, package)
            for alias in node.names:
                if f"{base}.{alias.name}" in files:
                    targets.add(f"{base}.{alias.name}")
                elif base in files:
                    targets.add(base)
        graph[module] = targets - {module}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for target in graph.get(module, ()):
            if target not in order:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], order[target])
        if low[module] == order[module]:
            component = []
            while not component or component[-1] != module:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def _unknown_circles(graph: dict[str, set[str]]) -> list[str]:
    return [" <-> ".join(c) for c in _circles(graph) if set(c) not in KNOWN_CIRCLES]


def test_no_import_circles_in_game_and_ai() -> None:
    """No module of ``game/`` or ``ai/`` reaches itself through its imports (module- or function-level),
    so each can be read and changed from the bottom up."""
    assert _unknown_circles(_import_graph(ROOT)) == []


def test_the_circle_scan_finds_a_circle() -> None:
    """The control: a synthetic graph's circles are found whole, a diamond is no circle, and the known
    exception hides only itself (a circle that grows beyond it is reported)."""
    graph = {"a": {"b", "d"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": set(), "f": {"d", "e"}}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _circles({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) == []
    assert len(_unknown_circles({"s": {"h"}, "h": {"s"}})) == 1  # no exception hides a circle now


def test_the_circle_scan_reads_real_imports(tmp_path: Path) -> None:
    """The control on files: a package whose modules import each other at function level, relatively,
    is reported; a back-import under ``if TYPE_CHECKING:`` is not an arrow."""
    pkg = tmp_path / "game" / "toy"
    pkg.mkdir(parents=True)
    (tmp_path / "game" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("from .state import State\n")
    (pkg / "state.py").write_text("from . import rules\n\nclass State:\n    pass\n")
    (pkg / "rules.py").write_text("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                                  "    from .state import State\n\n\ndef legal(s: 'State') -> list:\n"
                                  "    return []\n")
    (pkg / "view.py").write_text("def view(s):\n    from game.toy.state import State\n    return State\n")
    (pkg / "flow.py").write_text("import game.toy.view\n")
    graph = _import_graph(tmp_path, ("game",))
    assert graph["game.toy.rules"] == set() and graph["game.toy.view"] == {"game.toy.state"}
    assert _circles(graph) == []
    (pkg / "state.py").write_text("from . import rules\n\ndef later():\n    from .flow import x\n")
    (pkg / "flow.py").write_text("import game.toy.view\nfrom .rules import legal\n")
    (pkg / "rules.py").write_text("def legal():\n    from game.toy import state\n")
    # state -> rules -> state, and state -> flow -> view -> state: one circle of four
    assert _circles(_import_graph(tmp_path, ("game",))) == [
        ["game.toy.flow", "game.toy.rules", "game.toy.state", "game.toy.view"]]


def test_the_theme_reaches_the_text_module_without_importing_it() -> None:
    """The theme (below the text) still clears the text's caches when a theme is installed, and a
    marker's letter is drawn (and recorded) through the text module."""
    import pygame

    from game.shell import text, theme

    testing.make_app()
    before = text.render("cached", "body", (1, 2, 3))
    assert text.render("cached", "body", (1, 2, 3)) is before
    old = theme.use(theme.with_changes())
    try:
        assert text.render("cached", "body", (1, 2, 3)) is not before
    finally:
        theme.use(old)
    text.registry.begin_frame()
    theme.draw_marker(pygame.Surface((40, 40)), (20, 20), 12, (200, 40, 40), "square", "Q")
    assert text.registry.texts() == ["Q"]


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
    assert testing.was_drawn(app, "Reckoning & Arcana")  # the product's name heads the title screen
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
