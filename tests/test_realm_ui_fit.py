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

from .test_realm_ui_playthrough import run_game

CANVAS = pygame.Rect(0, 0, 1600, 900)


class FitChecker:
    def __init__(self) -> None:
        self.bad: dict[str, str] = {}

    def __call__(self, app) -> None:
        where = type(app.stack.top).__name__
        for d in app.last_frame_texts:
            if d.overflows(CANVAS) and d.text not in self.bad:
                self.bad[d.text] = f"{where}: {d.text!r} at {tuple(d.rect)} outside {tuple(d.box or CANVAS)}"

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


@pytest.mark.parametrize("window,players,seed", [((1280, 720), 2, 11), ((1600, 900), 4, 7), ((1600, 900), 5, 3)])
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
