"""No drawn text leaves its widget's or panel's rectangle, on every scene, at two window sizes.

The app draws to a 1600x900 logical canvas scaled into the window, so the rectangles checked are
logical ones; the window sizes still run the whole mapping (and any size-dependent layout).
"""

from __future__ import annotations

import pygame
import pytest

from game.core.games import games
from game.core.session import GameSession, Seat
from game.realm.ui.main import ResultsScene, SetupScene, TableScene
from game.shell import testing
from game.shell.rules import RulesScene, rules_path
from game.shell.settings import SettingsScene
from game.shell.title import TitleScene
from game.shell.widgets import Container, Label

from .test_realm_ui_playthrough import run_game
from .test_realm_ui_readable import cut_texts

CANVAS = pygame.Rect(0, 0, 1600, 900)


class FitChecker:
    def __init__(self) -> None:
        self.bad: dict[str, str] = {}

    def __call__(self, app) -> None:
        where = type(app.stack.top).__name__
        for d in app.last_frame_texts:
            if d.overflows(CANVAS) and d.text not in self.bad:
                self.bad[d.text] = f"{where}: {d.text!r} at {tuple(d.rect)} outside {tuple(d.box or CANVAS)}"
        for words in cut_texts(app.last_frame_texts):  # a cut string stays in its box: it was not seen (issue 22)
            self.bad.setdefault(words, f"{where}: {words!r} is drawn cut")

    def report(self) -> str:
        return "\n".join(sorted(self.bad.values()))


def hover_everything(app, table: TableScene, check: FitChecker) -> None:
    """Rest the mouse on every hotspot and button of the table so each tooltip shows."""
    spots = [h.rect.center for h in table.hotspots] + [b.rect.center for b in table.buttons]
    for pos in spots:
        testing.move(app, pos, frames=2)
        check(app)


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_menus_fit(cfg, window) -> None:
    app = testing.make_app(window_size=window)
    check = FitChecker()
    for scene in (TitleScene(cfg, games()), SetupScene(cfg), SettingsScene(cfg), RulesScene(path=rules_path("realm"))):
        app.push(scene)
        testing.step(app, 3)
        check(app)
        for w in list(testing.widgets(app)):  # every tooltip of the scene
            if w.tooltip and w.visible:
                testing.move(app, w.rect.center, frames=int(app.tooltips.delay * 60) + 2)
                check(app)
        if isinstance(scene, RulesScene):
            for _ in scene.sections:
                for _ in range(12):
                    testing.key(app, pygame.K_PAGEDOWN, frames=2)
                    check(app)
                testing.key(app, pygame.K_DOWN, frames=2)
        app.stack.pop()
    assert not check.bad, check.report()


@pytest.mark.parametrize("window,players,seed", [((1280, 720), 2, 11), ((1600, 900), 4, 7), ((1600, 900), 5, 3),
                                                 ((1920, 1080), 3, 12)])
def test_table_overlays_and_results_fit(cfg, window, players, seed) -> None:
    app = testing.make_app(window_size=window)
    app.tooltips.delay = 0.0  # every tooltip shows at once
    names = ["Annabel", "Bartholomew", "Constantine", "Dorothea", "Evangeline"]
    sess = GameSession(players, [Seat("human", name=names[i]) for i in range(players)], seed=seed)
    app.push(TableScene(cfg, sess))
    check = FitChecker()
    hovered: set[str] = set()

    def on_frame(app) -> None:
        check(app)
        table = app.stack.find(TableScene)
        if table is not None and app.stack.top is table and table.s.human_to_move() \
                and table.viewer == table.s.to_move():
            d = table.s.state.decision_name()
            bs = table.buttons
            for b in bs:  # no control's words are cut (seen in a real window: a tuck option ended in "…")
                cut = [t.text for t in app.last_frame_texts if b.rect.contains(t.rect) and t.text.endswith("\u2026")
                       and not b.text.endswith("\u2026")]
                if cut:
                    check.bad[f"cut {b.text}"] = f"{d}: button {b.text!r} drawn cut as {cut[0]!r}"
            for i, a in enumerate(bs):  # a click meant for one control never lands on another
                for b in bs[i + 1:]:
                    if a.rect.colliderect(b.rect):
                        check.bad[f"{a.text}/{b.text}"] = f"{d}: buttons {a.text!r} and {b.text!r} overlap"
            if d not in hovered:
                hovered.add(d)
                hover_everything(app, table, check)

    run_game(app, on_frame=on_frame, seed=seed)
    testing.step(app, 3)
    assert app.stack.find(ResultsScene)
    check(app)
    assert not check.bad, check.report()


def test_every_reward_row_fits_without_being_cut() -> None:
    """Every row of every reward card, at the narrowest the table draws them (three cards side by
    side), reads whole: in words, or with the boards' symbols for coins, acolytes and mercenaries;
    never cut with an ellipsis."""
    from game.realm.engine import load_content
    from game.realm.ui.table import REWARDS_RECT, TableRenderer, UIHints
    from game.shell.text import registry

    testing.use_dummy_drivers()
    content = load_content()
    r = TableRenderer(content)
    surf = pygame.Surface((1600, 900))
    w = (REWARDS_RECT.w - 20 - 8 * 2) // 3
    compact = 0
    for card in content.rewards:
        registry.begin_frame()
        r.draw_reward(surf, pygame.Rect(0, 0, w, REWARDS_RECT.h - 36), card.id, {"reckoning": None}, UIHints(), [],
                      active=False)
        texts = [t.text for t in registry.items]
        assert not [t for t in texts if t.endswith("\u2026")], (card.id, texts)
        compact += sum(1 for row in card.rows if r.row_text(row, compact=True) in " ".join(texts)
                       and r.row_text(row, compact=True) != r.row_text(row).replace("last place:", "last:"))
    assert compact >= 1  # the control: some rows need the symbols (the test would cut them otherwise)


# ------------------------------------------------------- the table through whole all-bot games
def _table_frames(players: int, seed: int, every: int = 30):
    """The table drawn from the seat to move every ``every`` steps of a seeded all-bot game: the
    texts of each drawing (as the text registry recorded them)."""
    import random

    from game.realm.bots import fast_policy
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints
    from game.realm.ui.table_scene import monument_points
    from game.shell.text import registry

    testing.use_dummy_drivers()
    pygame.font.init()
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    r = TableRenderer(s.c)
    surf = pygame.Surface((1600, 900))
    names = ["Annabel", "Bartholomew (rule)", "Constantine (hard)", "Dorothea", "Evangeline (normal)"][:players]
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            registry.begin_frame()
            view = s.view(s.to_move())
            r.draw(surf, view, UIHints(seat_names=names, prompt="Annabel: Pay your bid",
                                       monument_points=monument_points(s, view["monuments"])))
            yield list(registry.items)
        s.apply_unchecked(fast_policy(s, rng))
        step += 1


def table_text_faults(items: list, small_ok: list[pygame.Rect] = ()) -> list[str]:
    """Cut, out-of-box, overlapping or (outside ``small_ok``) under-13-px texts of one drawing. The table
    itself exempts nothing (issue 22: the monument spaces, the legend, the supply and the reward rows were
    the last to come up to 13 px); ``small_ok`` is for the check's own control."""
    from game.shell.text import line_height

    least = line_height(13)
    bad = []
    for i, d in enumerate(items):
        if not d.text.strip():
            continue
        if d.text.endswith("\u2026"):
            bad.append(f"cut: {d.text!r}")
        if d.overflows(CANVAS):
            bad.append(f"out of its box: {d.text!r} at {tuple(d.rect)} in {tuple(d.box or CANVAS)}")
        if d.rect.h < least and not any(a.contains(d.rect) for a in small_ok):
            bad.append(f"under 13 px: {d.text!r} at {tuple(d.rect)}")
        for e in items[i + 1:]:
            both = d.rect.clip(e.rect)
            if e.text.strip() and both.w > 2 and both.h > 2:
                bad.append(f"overlap: {d.text!r} and {e.text!r} at {tuple(both)}")
    return bad + tile_text_faults(items)


def tile_text_faults(items: list) -> list[str]:
    """A monument tile's lines that reach into the frame a choosable or chosen tile gets (TILE_FRAME px): such a
    line shows clipped by it (play-test g1: Coin Purses' "fewest \u22125" on the tile's bottom edge), though it
    stays inside the tile's box."""
    from game.realm.ui.table import SPACES_RECT, TILE_FRAME

    inner = -2 * TILE_FRAME
    return [f"on a tile's frame: {d.text!r} at {tuple(d.rect)} in {tuple(d.box)}" for d in items
            if d.box is not None and d.box != SPACES_RECT and SPACES_RECT.contains(d.box) and d.text.strip()
            and not d.box.inflate(inner, inner).contains(d.rect)]


def _every_tile_framed(players: int, built: bool) -> list:
    """The texts of the table with every monument tile chosen (framed), free or built by seat 0 with every seat
    scoring from it (as many chips as fit, the rest in words)."""
    from game.realm.engine import new_game
    from game.realm.ui.table import TableRenderer, UIHints
    from game.shell.text import registry

    testing.use_dummy_drivers()
    pygame.font.init()
    s = new_game(players, seed=players)
    view = s.view(0)
    tiles = [sp.index for sp in s.c.spaces if not sp.id.startswith("track_")]
    if built:
        view = dict(view, monuments=[{"owner": 0, "option": len(sp.options) - 1 if sp.options else 0, "age": 1}
                                     if sp.index in tiles else None for sp in s.c.spaces])
    points = {i: [(-5 if p else 10) for p in range(players)] for i in tiles} if built else {}
    registry.begin_frame()
    TableRenderer(s.c).draw(pygame.Surface((1600, 900)), view,
                            UIHints(chosen={("space", i) for i in tiles}, monument_points=points))
    return list(registry.items)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_monument_tiles_lines_stay_inside_its_frame(players) -> None:
    """Free (Coin Purses' rule on two lines under its name) and built (name, rule, builder and chips), at every
    seat count; the window sizes draw the same logical tiles (the canvas is scaled), so this holds at 1280x720
    and 1600x900."""
    for built in (False, True):
        items = _every_tile_framed(players, built)
        assert any(d.text.startswith("fewest") for d in items) or built
        assert not tile_text_faults(items), tile_text_faults(items)
        assert not table_text_faults(items), table_text_faults(items)


def test_control_tiles_lines_16_px_apart_run_into_the_frame(monkeypatch) -> None:
    import game.realm.ui.table as T

    monkeypatch.setattr(T, "TILE_LINE", 16)
    assert any("fewest" in f for f in tile_text_faults(_every_tile_framed(3, built=False)))


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_the_table_through_a_seeded_all_bot_game_has_no_cut_overlapping_stray_or_tiny_text(players, seed) -> None:
    faults: set[str] = set()
    frames = 0
    for items in _table_frames(players, seed):
        frames += 1
        faults.update(table_text_faults(items))
    assert frames > 5
    assert not faults, "\n".join(sorted(faults)[:40])


def test_control_the_table_text_check_catches_each_fault() -> None:
    from game.shell.text import DrawnText

    box = pygame.Rect(0, 0, 200, 40)
    items = [DrawnText("Underst\u2026", pygame.Rect(5, 5, 60, 16), box),
             DrawnText("runs out", pygame.Rect(180, 5, 60, 16), box),
             DrawnText("tiny", pygame.Rect(5, 22, 20, 12), box),
             DrawnText("one", pygame.Rect(100, 5, 30, 16), box), DrawnText("two", pygame.Rect(110, 8, 30, 16), box)]
    got = " | ".join(table_text_faults(items, []))
    for fault in ("cut: 'Underst", "out of its box: 'runs out'", "under 13 px: 'tiny'", "overlap: 'one' and 'two'"):
        assert fault in got
    assert "tiny" not in " | ".join(table_text_faults(items, [pygame.Rect(0, 20, 50, 20)]))


# ------------------------------------------------------- the line of keys under the boards
def _key_line_faults(cfg, app, players: int) -> list[str]:
    """The table's line of keys, drawn at the start of a game and with the log open: every fault of the text
    check that names it (tiny, cut, out of its box, over another text), or "not drawn"."""
    from game.realm.ui.table_scene import key_help

    sess = GameSession(players, [Seat("human")] + [Seat("bot", "rule")] * (players - 1), seed=players)
    table = TableScene(cfg, sess)
    app.push(table)
    faults: list[str] = []
    for log_open in (False, True):
        table.show_log = log_open
        testing.step(app, 3)
        line = key_help(table.hints_allowed())
        if not testing.was_drawn(app, line):
            faults.append(f"not drawn: {line!r}")
        faults += [f for f in table_text_faults(list(app.last_frame_texts)) if "Ctrl+Z undo" in f]
    sess.close()
    app.stack.pop()
    return faults


@pytest.mark.parametrize("window,players", [((1280, 720), 2), ((1280, 720), 5), ((1600, 900), 4)])
def test_the_line_of_keys_is_13_px_and_fits_under_the_boards(cfg, window, players) -> None:
    app = testing.make_app(window_size=window, skip_animations=True)
    assert _key_line_faults(cfg, app, players) == []


def test_control_the_line_of_keys_at_its_old_11_px_fails_the_check(cfg, monkeypatch) -> None:
    from game.realm.ui import table_scene

    app = testing.make_app(window_size=(1280, 720), skip_animations=True)
    monkeypatch.setattr(table_scene, "KEYS_PX", 11)
    faults = _key_line_faults(cfg, app, 3)
    assert faults and all("under 13 px" in f for f in faults), faults


# ------------------------------------------------------- the setup's bot levels (#26)
def _level_note_faults(app, setup: SetupScene) -> list[str]:
    """What is wrong with the setup's level notes as drawn: a note under 13 px, cut, out of the screen, over
    another text or over a control."""
    from game.shell.text import line_height

    notes = {label.text for _level, label in setup.level_notes}
    drawn = [d for d in app.last_frame_texts if d.text in notes]
    bad = [f"not drawn: {t!r}" for t in notes - {d.text for d in drawn}]
    controls = [w.rect for w in testing.widgets(app) if w.visible and not isinstance(w, (Label, Container))]
    for d in drawn:
        if d.rect.h < line_height(13) or d.text.endswith("\u2026") or d.overflows(CANVAS):
            bad.append(f"small, cut or out: {d.text!r} at {tuple(d.rect)}")
        bad += [f"over a control: {d.text!r}" for r in controls if r.colliderect(d.rect)]
        bad += [f"over {e.text!r}: {d.text!r}" for e in app.last_frame_texts
                if e.text != d.text and e.text.strip() and d.rect.clip(e.rect).w > 2 and d.rect.clip(e.rect).h > 2]
    return bad


@pytest.mark.parametrize("window", [(1280, 720), (1600, 900)])
def test_the_setup_says_how_each_bot_level_measured_and_covers_nothing(cfg, window) -> None:
    from game.core.levels import measured_levels

    app = testing.make_app(window_size=window)
    setup = SetupScene(cfg)
    app.push(setup)
    testing.step(app, 3)
    measured = measured_levels("realm", ["easy", "normal", "hard", "expert"])
    assert len(measured) == 4 and [label.text for _l, label in setup.level_notes] == [w for _l, w in measured]
    assert _level_note_faults(app, setup) == []
    hard = next(label for level, label in setup.level_notes if level == "hard")
    kind = setup.seat_choices[1][0]
    kind.select(setup.KINDS.index("easy"))
    testing.step(app, 2)
    assert hard.colour == "text_dim"
    kind.select(setup.KINDS.index("hard"))  # a seat played by the hard bot: its line stands out
    testing.step(app, 2)
    assert hard.colour == "text"
    start = testing.find_widget(app, "Start")
    hard.rect.topleft = (start.rect.x + 10, start.rect.y + 10)  # the control: a note over Start is caught
    app.invalidate()
    testing.step(app, 2)
    assert any("over a control" in f for f in _level_note_faults(app, setup))


def test_without_a_levels_file_the_setup_shows_no_notes(cfg, tmp_path, monkeypatch) -> None:
    from game.core import levels

    monkeypatch.setattr(levels, "levels_path", lambda key: tmp_path / "missing.json")
    monkeypatch.setattr(levels, "_warned", set())
    app = testing.make_app()
    setup = SetupScene(cfg)
    app.push(setup)
    testing.step(app, 3)
    assert setup.level_notes == [] and not testing.was_drawn(app, "games measured")
