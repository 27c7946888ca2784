"""The Learn to play framework (game.shell.guide) on the toy game: steps shown when they first apply and
never otherwise, clicks off the highlight refused without changing anything, the bots scripted and held,
leaving and resuming at the same step, playing on as a normal game, and the end's summary."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.core.errors import IllegalAction
from game.core.games import get_game, register_game, unregister_game
from game.core.session import Seat
from game.shell import guide as G
from game.shell import testing
from game.shell.scene import WidgetScene
from game.shell.title import TitleScene
from game.shell.widgets import Button

from .toy_game import ADAPTER, BaseTable


class TableScene(BaseTable):
    """The toy's shared-flow table with the guide's hook: where to click for some of its moves."""

    def guide_targets(self, actions: list[Any]) -> list[pygame.Rect]:
        if self.pending is not None and self.pending in actions:
            return [b.rect for b in self.buttons if b.text == "Confirm"]
        return [b.rect for b in self.buttons if b.text in {f"Bid {v}" for v in actions}]


class SetupScene(WidgetScene):
    def __init__(self, cfg: Any, game: Any) -> None:
        super().__init__()
        self.add(Button("Start", (700, 400, 200, 50)))


def draw_cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, (90, 60, 120), rect)


def _mine(m: G.Moment) -> bool:
    return m.decision is not None


class ToyGuide(G.GuideScript):
    def new_session(self, cfg: Any) -> G.GuidedSession:
        return G.GuidedSession(2, [Seat("human"), Seat("bot", "random")], 5, game="goofspiel")

    def bot_action(self, session: Any, seat: int, legal: list[Any]) -> Any:
        return min(legal)  # the toy's bot always bids its lowest card

    def finished(self, moment: G.Moment) -> bool:
        return sum(1 for row in moment.session.actions if row["seat"] == 0) >= 3


GUIDE = ToyGuide("goofspiel", "Learn Goofspiel", [
    G.Step("welcome", "Welcome", "Each round a prize is shown and both players bid a card in secret.",
           lambda m: True),
    G.Step("never", "Never shown", "This step's moment never comes.", lambda m: False),
    G.Step("high", "Bid high", "Bid your highest card: the prize is yours.", _mine,
           wants=lambda m: [max(m.legal)]),
    G.Step("free", "Your choice", "Now bid any card you like.", _mine, wants=lambda m: [min(m.legal)], must=False),
], summary=["You bid in secret, the higher card takes the prize."])


@pytest.fixture
def toy(cfg):
    register_game("goofspiel", dataclasses.replace(ADAPTER, ui_module="tests.test_guide_shell",
                                                   guide_path="tests.test_guide_shell:GUIDE"))
    yield cfg
    unregister_game("goofspiel")


def _start(cfg, resume: bool = False):
    app = testing.make_app(skip_animations=True)
    app.home = lambda: TitleScene(cfg, [get_game("goofspiel")])
    app.push(app.home())
    guide = G.start_lesson(app, cfg, get_game("goofspiel"), resume=resume)
    testing.step(app, 2)
    return app, guide


def _drive(app, guide, until, clicks: int = 60) -> list[str]:
    """Click only where the guide says until ``until()``; the steps seen, in order."""
    seen = []
    for _ in range(clicks):
        testing.step(app, 1)
        if until():
            return seen
        if guide.step is not None and (not seen or seen[-1] != guide.step.id):
            seen.append(guide.step.id)
        pos = guide.next_click()
        if pos is not None:
            testing.click(app, pos)
    raise AssertionError(f"not reached after {clicks} clicks; steps {seen}")


def test_steps_come_in_order_when_they_apply_and_the_lesson_ends(toy) -> None:
    app, guide = _start(toy)
    assert guide.step.id == "welcome" and testing.was_drawn(app, "Welcome")
    seen = _drive(app, guide, lambda: guide.ended)
    assert seen == ["welcome", "high", "free"]  # "never" never applied, so it never showed
    assert "never" not in guide.done
    testing.step(app, 1)
    assert testing.was_drawn(app, "You bid in secret, the higher card takes the prize.")
    assert guide.s.record.assisted  # a lesson is never a normal game in the statistics
    assert not G.has_lesson("goofspiel")  # a finished lesson leaves nothing to resume


def test_an_info_step_holds_the_bots_and_refuses_the_table(toy) -> None:
    app, guide = _start(toy)
    sess = guide.s
    testing.step(app, 5)
    assert len(sess.actions) == 0 or not sess.human_to_move()
    before = list(sess.actions)
    bid = next(b for b in guide.table.buttons if b.text.startswith("Bid "))
    testing.click(app, bid.rect.center)  # refused: the info step is open
    testing.step(app, 3)
    assert guide.table.pending is None and sess.actions == before and guide.line == G.INFO_REFUSED


def test_a_click_off_the_highlight_is_refused_and_changes_nothing(toy) -> None:
    app, guide = _start(toy)
    testing.click(app, guide.next_click())  # Got it
    testing.step(app, 2)
    assert guide.step.id == "high"
    table, sess = guide.table, guide.s
    low = next(b for b in table.buttons if b.text == f"Bid {min(sess.state.legal_actions())}")
    assert not any(r.colliderect(low.rect) for r in guide.targets)
    before = list(sess.actions)
    testing.click(app, low.rect.center)
    testing.step(app, 2)
    assert table.pending is None and sess.actions == before and guide.line == G.REFUSED
    with pytest.raises(IllegalAction):  # a move that reaches the session by another way is refused too
        sess.submit(min(sess.state.legal_actions()))
    assert sess.actions == before
    # control: the highlighted bid goes through
    testing.click(app, guide.next_click())
    testing.click(app, guide.next_click())
    testing.step(app, 2)
    assert sess.actions[0] == {"seat": 0, "action": {"bid": 6}}


def test_the_bots_play_the_scripted_moves(toy) -> None:
    app, guide = _start(toy)
    _drive(app, guide, lambda: guide.ended)
    bot_bids = [row["action"]["bid"] for row in guide.s.actions if row["seat"] == 1]
    assert bot_bids and bot_bids == sorted(bot_bids) and bot_bids[0] == 1  # always its lowest card


def test_leave_and_resume_at_the_same_step(toy) -> None:
    app, guide = _start(toy)
    _drive(app, guide, lambda: guide.step is not None and guide.step.id == "free")
    moves = list(guide.s.actions)
    testing.key(app, pygame.K_ESCAPE)
    testing.click_widget(app, testing.find_widget(app, "Leave"))
    testing.step(app, 2)
    assert isinstance(app.stack.top, TitleScene) and G.has_lesson("goofspiel")
    assert testing.find_widget(app, "Resume Learn to play")
    assert guide.app is None  # the guide left with its table
    app2, resumed = _start(toy, resume=True)
    assert resumed.s.actions == moves and "high" in resumed.done and "welcome" in resumed.done
    assert resumed.step is not None and resumed.step.id == "free"


def test_play_on_turns_the_guide_off(toy) -> None:
    app, guide = _start(toy)
    testing.key(app, pygame.K_ESCAPE)
    testing.click_widget(app, testing.find_widget(app, "Play on as a normal game"))
    testing.step(app, 2)
    sess = guide.s
    assert guide.app is None and sess.guide is None and not G.has_lesson("goofspiel")
    low = min(sess.state.legal_actions())
    sess.submit(low)  # no step refuses it now
    assert sess.actions[-1 if sess.actions[-1]["seat"] == 0 else -2]["action"] == {"bid": low}
