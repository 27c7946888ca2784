"""Whole games driven only by synthetic clicks and keys, as a person at the table would play them."""

from __future__ import annotations

import random
import time

import pygame

from game.core.session import GameSession, Seat
from game.realm.ui.main import ResultsScene, TableScene
from game.realm.ui.overlays import AgeScoringScene, ReckoningScene
from game.shell import testing
from game.shell.scene import ModalScene


def hotspot_for(scene: TableScene, a: tuple):
    """The hotspot a person clicks for action ``a`` (None when the move is made with buttons)."""
    c = scene.s.content
    k = a[0]
    want = None
    if k in ("select", "discard"):
        want = ("card", c.cards[a[1]].id)
    elif k in ("place", "lose_acolyte"):
        want = ("region", a[1])
    elif k == "reward":
        want = ("reward", c.rewards[a[1]].id)
    elif k == "row":
        want = ("row", a[1])
    elif k == "monument":
        want = ("space", a[1])
    elif k == "merc_discard":
        want = ("merc", c.mercenaries[a[1]].id)
    if want is None:
        return None
    return next(h for h in reversed(scene.hotspots) if (h.kind, h.value) == want)


def play_by_clicks(app, scene: TableScene, rng: random.Random) -> None:
    """Make one legal move of the human to move by clicking what a person would click."""
    st = scene.s.state
    d = st.decision_name()
    legal = st.legal_actions()
    btn = {b.text: b for b in scene.buttons}
    assert scene.viewer == st.to_move(), f"seat {st.to_move()} must {d}, but the table shows seat {scene.viewer}"
    if d == "bid":
        target = rng.randint(0, st.rk.maxbid[st.to_move()])
        while scene.bid_value < target:
            testing.click(app, btn["+"].rect.center)
        while scene.bid_value > target:
            testing.click(app, btn["-"].rect.center)
        testing.click(app, btn["Bid"].rect.center)
        return
    if d == "pay":
        assert btn["Pay"].enabled, "the suggested payment is legal"
        testing.click(app, btn["Pay"].rect.center)
        return
    a = rng.choice(legal)
    spot = hotspot_for(scene, a)
    if spot is None:  # an option button: preview, then Confirm
        i = legal.index(a)
        options = [b for b in scene.buttons if b.text not in ("Confirm", "Cancel")]
        assert options, f"nothing to click for the {d} of seat {st.to_move()} (viewer {scene.viewer})"
        if i >= len(options):
            a, i = legal[0], 0
        testing.click(app, options[i].rect.center)
        testing.step(app, 1)
        assert scene.pending == a
        testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
        return
    quick = a[0] == "place" and scene.quick_place()  # a deployment's later acolytes go with one click
    testing.click(app, spot.rect.center)
    if quick:
        return
    c = scene.s.content
    if a[0] == "monument" and len(c.spaces[a[1]].options) > 1:  # the options come up as buttons: preview, Confirm
        testing.step(app, 1)
        name = c.spaces[a[1]].options[a[2]]["name"]  # the button also says what it would score now
        testing.click(app, next(b for b in scene.buttons if b.text == name or b.text.startswith(name + " ("))
                      .rect.center)
        testing.step(app, 1)
        assert scene.pending == a, (a, scene.pending)
        testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
        return
    testing.step(app, 1)
    assert scene.pending == a, (d, a, scene.pending)
    testing.click(app, spot.rect.center)


def run_game(app, on_frame=None, seed: int = 0, limit_s: float = 300) -> dict[str, int]:
    """Play every human decision by clicks until the results show; counts of what was seen."""
    rng = random.Random(seed)
    seen: dict[str, int] = {}
    t0 = time.time()
    idle = 0
    last = -1
    while time.time() - t0 < limit_s:
        testing.step(app, 1)
        if on_frame is not None:
            on_frame(app)
        if app.stack.find(ResultsScene):
            return seen
        scene = app.stack.find(TableScene)
        top = app.stack.top
        n_actions = len(scene.s.actions)
        idle = 0 if n_actions != last else idle + 1
        last = n_actions
        assert idle < 600, f"the game stalls at {scene.s.state.decision_name()} of seat {scene.s.to_move()}"
        if isinstance(top, (ReckoningScene, AgeScoringScene)):
            seen[type(top).__name__] = seen.get(type(top).__name__, 0) + 1
            testing.key(app, pygame.K_RETURN)
        elif isinstance(top, ModalScene):
            try:
                ready = testing.find_widget(app, "I am ready")
            except LookupError:
                continue
            seen["curtain"] = seen.get("curtain", 0) + 1
            testing.click_widget(app, ready)
        elif top is scene and scene.s.human_to_move() and scene.viewer == scene.s.to_move() \
                and scene.frozen is None:  # a person waits for the end of an age to be shown
            seen[scene.s.state.decision_name()] = seen.get(scene.s.state.decision_name(), 0) + 1
            play_by_clicks(app, scene, rng)
    raise AssertionError("the game did not finish in time")


def test_two_humans_play_a_whole_game_by_clicks(cfg) -> None:
    """Pass and play: every change of deciding human brings the curtain, public decisions (tuck) too."""
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Ann"), Seat("human", name="Bo")], seed=11)
    app.push(TableScene(cfg, sess))
    seen = run_game(app, seed=3)
    assert sess.state.is_terminal()
    assert seen["tuck"] > 0 and seen["curtain"] > 0
    assert {a["seat"] for a in sess.actions} == {0, 1}
    # from Realm's own results, "Final table" shows the table as the game ended; Enter there brings them back
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    testing.step(app, 2)
    testing.click_widget(app, testing.find_widget(app, "Final table"))
    assert isinstance(app.stack.top, TableScene) and app.stack.top.s is sess
    testing.key(app, pygame.K_RETURN)
    assert app.stack.top is results
