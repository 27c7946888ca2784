"""The guides' outlines: where they point, when they speak, and that nothing of the table covers them.

Res Arcana's guide asks the table where each move is clicked (``TableScene.target_rect_for``), so every move it
suggests has an outline on the screen, the collect panel's included.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.arcana import guide as G
from game.arcana.ui.collect import collecting
from game.shell import testing

from .arcana_helpers import table_at
from .test_guide_arcana import _drive, _start

SCREEN = pygame.Rect(0, 0, 1600, 900)


def _outline_problems(table: Any, wants: list[Any], targets: list[pygame.Rect]) -> list[str]:
    """What is wrong with the outlines of ``wants`` on Res Arcana's ``table``: none, one off the screen, or (at
    a collect answered in the panel) one outside the decision panel."""
    from game.arcana.ui.table import PANEL

    st = table.s.state
    where = f"{st.decision_name()} {wants[:2]}"
    if not targets:
        return [f"nothing outlined at {where}"]
    out = [f"off the screen at {where}: {tuple(r)}" for r in targets if not SCREEN.contains(r)]
    if table.collect_steps:
        out += [f"outside the collect panel at {where}: {tuple(r)}" for r in targets if not PANEL.contains(r)]
    return out


def test_every_step_of_the_arcana_lesson_outlines_what_to_click_on_the_screen(cfg) -> None:
    app, guide = _start(cfg)
    problems: list[str] = []
    checked = []

    def check() -> None:
        if guide.ended or guide.over_table() is not None or not guide.wants or not guide.table.my_turn:
            return
        checked.append(guide.s.state.decision_name())
        problems.extend(_outline_problems(guide.table, guide.wants, guide.targets))

    _drive(app, guide, lambda: guide.ended, each_frame=check)
    assert {"magic_item", "essence", "action", "pay", "defend"} <= set(checked)  # the control: it looked
    assert not problems, sorted(set(problems))


def _seat0_decisions(seed: int, limit: int = 70) -> list[Any]:
    """Positions of a seeded random Res Arcana game (two seats, random cards) where seat 0 decides."""
    from game.arcana.engine import new_game

    state = new_game(2, seed, preset="random")
    rng = random.Random(seed)
    found = []
    while not state.is_terminal() and len(found) < limit:
        legal = state.legal_actions()
        if state.to_move() == 0:
            found.append(state.copy())
        state.apply(legal[rng.randrange(len(legal))])
    return found


def test_each_move_the_guide_suggests_in_random_games_has_an_outline_and_a_collect_is_in_its_panel(cfg) -> None:
    """The guide's free suggestion (the rule bot's move from the seat) at every decision of seat 0 in a few
    seeded random games: the table outlines it on the screen, and at a collect inside the collect panel."""
    problems: list[str] = []
    collects = 0
    app, table, sess = table_at(cfg, _seat0_decisions(1)[0])
    for seed in (1, 2, 3):
        for st in _seat0_decisions(seed):
            sess.state = st
            table.pending, table.selected, table.pay_vec, table.ess_plan = None, -1, None, None
            table.rebuild()
            testing.step(app, 1)
            move = G.suggested_move(sess, 0, st.legal_actions())
            collects += bool(table.collect_steps)
            problems.extend(_outline_problems(table, [move], table.guide_targets([move])))
            if collecting(st, 0) and not table.collect_steps:  # a lone choice of the collect: its own button
                assert table.guide_targets([move]) == [next(pygame.Rect(b.rect) for b in table.buttons
                                                             if getattr(b, "action", None) == move)]
    assert collects >= 3  # the control: the collect panel came up
    assert not problems, problems[:10]


def test_the_outline_check_sees_a_collect_outlined_on_its_card(cfg) -> None:
    """The control of the check above: a collect outlined at the card that gives it (outside the panel) is a
    problem, and so is nothing outlined."""
    for st in _seat0_decisions(1) + _seat0_decisions(2):
        app, table, sess = table_at(cfg, st)
        if table.collect_steps:
            break
    move = table.collect_steps[0].actions()[0]
    assert _outline_problems(table, [move], table.guide_targets([move])) == []
    card = next(sp for sp in table.spots if sp.card == table.collect_steps[0].card)
    assert _outline_problems(table, [move], [pygame.Rect(card.rect)])
    assert _outline_problems(table, [move], [])


# ------------------------------------------------------------------ Realm: the age's end, once counted
def test_realm_tells_of_the_ages_end_only_once_the_scoring_has_counted_up(cfg) -> None:
    from game.realm.ui.overlays import AgeScoringScene

    from . import test_guide_realm as R

    app, guide = R._start(cfg)
    R.drive(app, guide, lambda: isinstance(app.stack.top, AgeScoringScene))
    scoring = app.stack.top
    title = next(s.title for s in R.STEPS if s.id == "age_end")
    counting = 0
    testing.step(app, 1)  # the first frame with the count up
    while scoring.busy():
        guide.poll()  # (as each frame does: what it shows now)
        assert guide.step is None and not any(d.text == title for d in guide.drawn_texts), scoring.shown
        assert guide.drawn_texts == []  # nor any other words over the count ("Your move" for the next deal)
        assert guide.next_click() is None  # nothing to click while it counts (the Continue is not there yet)
        counting += 1
        testing.step(app, 1)
    assert counting > 5  # the control: frames went by while it counted
    testing.step(app, 1)
    assert guide.step is not None and guide.step.id == "age_end"
    assert any(d.text == title for d in guide.drawn_texts)  # the control: now it speaks
    testing.click(app, guide.next_click())  # Got it
    testing.step(app, 1)
    assert guide.targets == [scoring.button.rect]  # then Continue is outlined


def test_realm_tells_of_the_ages_end_as_soon_as_its_count_is_skipped(cfg) -> None:
    """A click on the counting overlay skips to the end of the count: the age's end is told at once, and only
    then (the control: while it counted, nothing was said)."""
    from game.realm.ui.overlays import AgeScoringScene

    from . import test_guide_realm as R

    app, guide = R._start(cfg)
    R.drive(app, guide, lambda: isinstance(app.stack.top, AgeScoringScene))
    scoring = app.stack.top
    testing.step(app, 2)
    guide.poll()
    assert scoring.busy() and guide.step is None and guide.drawn_texts == []  # the control: counting, silent
    testing.click(app, scoring.rect.center)  # skip the count
    testing.step(app, 1)
    assert not scoring.busy() and app.stack.top is scoring  # skipped, not closed
    assert guide.step is not None and guide.step.id == "age_end"
    assert any(d.text == guide.step.title for d in guide.drawn_texts)


# ------------------------------------------------------------------ no tooltip over the guide
TIP = "A tip of the table, long enough to reach the outline"


def _lesson_at_an_outline(cfg: Any, game: str) -> tuple[Any, Any]:
    """A lesson of ``game`` at its first step that outlines something to click."""
    from . import test_guide_arcana as A
    from . import test_guide_realm as R

    app, guide = A._start(cfg) if game == "arcana" else R._start(cfg)
    drive = A._drive if game == "arcana" else R.drive
    drive(app, guide, lambda: guide.step is not None and guide.step.wants is not None and bool(guide.targets))
    return app, guide


def _tip_lines(app: Any) -> list[pygame.Rect]:
    """Where the lines of the tip were drawn in the last frame."""
    return [pygame.Rect(d.rect) for d in app.last_frame_texts if len(d.text) > 8 and d.text in TIP]


def _rest_beside(app: Any, guide: Any, target: pygame.Rect) -> None:
    """The mouse rests just beside ``target`` (off it and off the panel), where a tip placed as usual would lie
    over it; every place on the table has a tip."""
    from game.shell.widgets.tooltip import TooltipManager

    plain = TooltipManager(screen=(1600, 900))
    for pos in [(target.x - 40, target.y - 30), (target.right + 20, target.y - 30), (target.x - 40, target.bottom + 10),
                (target.right + 20, target.bottom + 10)]:
        plain.pos = pos
        if SCREEN.collidepoint(pos) and not guide.panel.collidepoint(pos) and \
                plain.rect_for(TIP)[0].colliderect(target.inflate(8, 8)):
            break
    guide.table.tooltip_at = lambda at: TIP
    guide.table.tooltip_owner = lambda at: None
    app.tooltips.delay = 0.0
    testing.move(app, pos, frames=3)


@pytest.mark.parametrize("game", ["arcana", "realm"])
def test_a_table_tooltip_never_covers_the_guides_outline_or_panel(cfg, game: str) -> None:
    app, guide = _lesson_at_an_outline(cfg, game)
    target = guide.targets[0]
    _rest_beside(app, guide, target)
    kept = guide.keep_clear()
    assert target.inflate(8, 8) in kept and guide.panel in kept
    assert _tip_lines(app)  # the tip shows...
    assert app.tooltips.rect_for(TIP)[0].collidelist(kept) < 0  # ...clear of the outline and the panel
    assert [r for r in _tip_lines(app) if r.collidelist(kept) >= 0] == []
    guide.keep_clear = lambda: []  # the control: where the mouse rests, the tip would lie over the outline
    testing.step(app, 1)
    assert app.tooltips.rect_for(TIP)[0].colliderect(target.inflate(8, 8))


@pytest.mark.parametrize("game", ["arcana", "realm"])
def test_a_tip_already_showing_moves_aside_when_an_outline_comes_under_it(cfg, game: str) -> None:
    """The mouse rests and its tip shows; then the guide outlines what lies under the tip (its next step): the
    tip moves aside in the very next frame, the mouse never moving. The control: before the outline came, the
    tip lay where the outline now is."""
    app, guide = _lesson_at_an_outline(cfg, game)
    target = guide.targets[0]
    keep_clear = guide.keep_clear
    guide.keep_clear = lambda: []  # no outline yet
    _rest_beside(app, guide, target)
    mouse = app.mouse
    assert _tip_lines(app) and app.tooltips.rect_for(TIP)[0].colliderect(target.inflate(8, 8))  # the control
    guide.keep_clear = keep_clear  # the outline comes
    app.invalidate()
    testing.step(app, 1)
    assert app.mouse == mouse and app.tooltips.visible_text == TIP
    kept = guide.keep_clear()
    assert _tip_lines(app) and [r for r in _tip_lines(app) if r.collidelist(kept) >= 0] == []


def test_a_tip_with_no_place_clear_of_the_guide_is_not_drawn(cfg) -> None:
    app, guide = _lesson_at_an_outline(cfg, "arcana")
    _rest_beside(app, guide, guide.targets[0])
    assert _tip_lines(app)  # the control: a place was found
    guide.keep_clear = lambda: [pygame.Rect(0, 0, 1600, 900)]
    app.invalidate()
    testing.step(app, 2)
    assert app.tooltips.visible_text == TIP and _tip_lines(app) == []


# ------------------------------------------------------------------ a thinking bar never over a layer
def test_a_thinking_bar_redrawn_alone_never_lands_on_the_guides_panel(cfg) -> None:
    """Realm's thinking bars are redrawn alone as they grow (the app's partial frame); under the guide's panel
    the frame is drawn whole instead, so the panel stays on top. The control: a bar clear of the guide is
    still redrawn alone."""
    from . import test_guide_realm as R

    app, guide = R._start(cfg)
    table, panel = guide.table, pygame.Rect(guide.panel)
    assert guide.step is not None and guide.step.wants is None  # the welcome: the bots wait, nothing moves
    bar = pygame.Rect(panel.x + 40, panel.y + 20, 120, 6)
    clear = pygame.Rect(40, 300, 120, 6)
    assert not clear.collidelist(guide.keep_clear()) >= 0
    grown = [0.1]
    table.thinking_parts = lambda: [(bar, grown[0]), (clear, grown[0])]
    app.invalidate()
    testing.step(app, 2)
    under_panel = pygame.image.tobytes(app.canvas.subsurface(bar), "RGB")  # the panel drawn over the bar
    partial = app.frames_partial
    for k in range(1, 6):
        grown[0] = 0.1 + 0.15 * k
        testing.step(app, 4)
        assert pygame.image.tobytes(app.canvas.subsurface(bar), "RGB") == under_panel, k
    guide.keep_clear = lambda: []  # the control: with nothing kept clear the bars are redrawn alone...
    grown[0] = 0.2
    testing.step(app, 4)
    assert app.frames_partial > partial
    assert pygame.image.tobytes(app.canvas.subsurface(bar), "RGB") != under_panel  # ...over the panel
