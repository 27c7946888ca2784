"""Placing several acolytes (play-test: five acolytes took ten clicks, a region and Confirm each).

What this edition decides: the first acolyte of a deployment is previewed and confirmed like any move;
the rest of that deployment go with one click on a region each. Every placement is still the engine's
own legal ``place`` action, submitted one at a time; Ctrl+Z takes back one placement, and the log names
each one.
"""

from __future__ import annotations

import random

import pygame

from game.core.session import GameSession, Seat
from game.realm.bots import fast_policy
from game.realm.ui.main import TableScene
from game.realm.ui.table import REGION_RECTS
from game.shell import testing

SEED = 11  # three players: 28 moves in, a deployment of 5 acolytes with 12 in reserve


def _deploying(cfg, window: tuple[int, int] = (1600, 900)):
    """A pass-and-play table (three humans) at the first placement of a deployment of five acolytes."""
    sess = GameSession(3, [Seat("human") for _ in range(3)], seed=SEED)
    app = testing.make_app(window_size=window, skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    rng = random.Random(SEED)
    while not (sess.state.decision_name() == "place" and sess.state.dec_n >= 5):
        scene.send(fast_policy(sess.state, rng))  # through the table, so its log and summaries follow
    scene.viewer = scene.revealed_for = sess.to_move()
    scene.rebuild()
    testing.step(app, 2)
    while app.stack.top is not scene:  # a reckoning's summary read and closed
        testing.key(app, pygame.K_RETURN, frames=3)
    assert scene.my_turn and sess.state.dec_n == 5
    return app, scene


def _acolytes(scene, p: int) -> list[int]:
    st = scene.s.state
    return [st.board[r * st.n + p] for r in range(len(REGION_RECTS))]


def _place_by_clicks(app, scene, regions: list[int]) -> int:
    """Place one acolyte in each of ``regions`` as a person would: click the region, and Confirm when the
    table asks for it. The clicks made."""
    clicks = 0
    for r in regions:
        testing.click(app, REGION_RECTS[r].center)
        clicks += 1
        testing.step(app, 1)
        confirm = next((b for b in scene.buttons if b.text == "Confirm"), None)
        if confirm is not None:
            testing.click(app, confirm.rect.center)
            clicks += 1
            testing.step(app, 1)
    return clicks


def _single_clicks(app, scene, regions: list[int]) -> None:
    """One click on each region, nothing else (what the play-tester wanted to do)."""
    for r in regions:
        testing.click(app, REGION_RECTS[r].center)
        testing.step(app, 1)


def test_five_acolytes_into_three_regions_take_six_clicks_and_all_land(cfg) -> None:
    app, scene = _deploying(cfg)
    p = scene.s.to_move()
    before, actions = _acolytes(scene, p), len(scene.s.actions)
    regions = [0, 0, 3, 3, 2]
    clicks = _place_by_clicks(app, scene, regions)
    assert clicks == 6  # the old flow: 10 (a region and Confirm for each)
    after = _acolytes(scene, p)
    assert [after[r] - before[r] for r in range(5)] == [regions.count(r) for r in range(5)]
    placed = scene.s.actions[actions:]
    assert [a["action"]["type"] for a in placed] == ["place"] * 5 and {a["seat"] for a in placed} == {p}
    names = [scene.s.content.region_names[r] for r in regions]
    lines = [e.text for e in scene.log.entries if "places an acolyte in" in e.text or "place an acolyte in" in e.text]
    assert [next(n for n in names if n in line) for line in lines[-5:]] == names  # each placement named


def test_control_one_click_each_with_the_old_flow_places_only_what_was_confirmed(cfg, monkeypatch) -> None:
    """The old flow (every acolyte previewed, then confirmed): the same single clicks land fewer acolytes, so
    the count above could not pass without the quick placement."""
    app, scene = _deploying(cfg)
    monkeypatch.setattr(TableScene, "quick_place", lambda self: False)
    p = scene.s.to_move()
    before = sum(_acolytes(scene, p))
    testing.click(app, REGION_RECTS[0].center)
    testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
    _single_clicks(app, scene, [0, 3, 3, 2])
    assert sum(_acolytes(scene, p)) - before < 5
    monkeypatch.undo()  # and with it, the same clicks place them all
    app, scene = _deploying(cfg)
    before = sum(_acolytes(scene, p))
    testing.click(app, REGION_RECTS[0].center)
    testing.click(app, next(b for b in scene.buttons if b.text == "Confirm").rect.center)
    _single_clicks(app, scene, [0, 3, 3, 2])
    assert sum(_acolytes(scene, p)) - before == 5


def test_the_first_placement_is_previewed_and_says_the_rest_take_one_click(cfg) -> None:
    app, scene = _deploying(cfg)
    st = scene.s.state
    p = st.to_move()
    assert "Click a region to place an acolyte, then Confirm; 5 left" in scene._hints().prompt
    actions = len(scene.s.actions)
    testing.click(app, REGION_RECTS[1].center)
    testing.step(app, 1)
    assert scene.pending == ("place", 1) and len(scene.s.actions) == actions  # a misclick costs nothing yet
    assert scene.pending_text.startswith("Confirm this one: the other 4 then go with one click on a region each")
    testing.key(app, pygame.K_ESCAPE)  # put away: nothing placed
    assert scene.pending is None and len(scene.s.actions) == actions
    testing.click(app, REGION_RECTS[1].center)
    testing.key(app, pygame.K_RETURN)
    testing.step(app, 1)
    assert len(scene.s.actions) == actions + 1
    assert scene._hints().prompt.endswith(f": Click a region to place an acolyte; 4 left ({st.reserve[p]} in reserve)")
    testing.step(app, 2)
    assert testing.was_drawn(app, scene._hints().prompt)


def test_ctrl_z_takes_back_one_placement_at_a_time_and_the_first_is_previewed_again(cfg) -> None:
    app, scene = _deploying(cfg)
    p = scene.s.to_move()
    before, actions = _acolytes(scene, p), len(scene.s.actions)
    _place_by_clicks(app, scene, [4, 4, 1])
    assert len(scene.s.actions) == actions + 3
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 1)
    after = _acolytes(scene, p)
    assert len(scene.s.actions) == actions + 2 and after[1] == before[1] and after[4] == before[4] + 2
    assert scene.s.state.dec_n == 3 and "; 3 left" in scene._hints().prompt
    _single_clicks(app, scene, [1])  # still one click: the deployment's first was confirmed
    assert _acolytes(scene, p)[1] == before[1] + 1
    for _ in range(3):
        testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
        testing.step(app, 1)
    assert len(scene.s.actions) == actions and _acolytes(scene, p) == before
    _single_clicks(app, scene, [2])  # back at the deployment's first acolyte: previewed, not placed
    assert scene.pending == ("place", 2) and len(scene.s.actions) == actions


def test_a_hint_during_the_placements_is_still_a_preview(cfg) -> None:
    """The window never places for the player: a move it shows (a hint) waits for Confirm even when a click
    on a region would place at once."""
    app, scene = _deploying(cfg)
    _place_by_clicks(app, scene, [0])
    actions = len(scene.s.actions)
    assert scene.quick_place()
    scene.choose(("place", 3), "Hint: the expert bot's move")
    testing.step(app, 1)
    assert scene.pending == ("place", 3) and len(scene.s.actions) == actions


def test_all_five_in_one_region_take_two_clicks_and_one_ctrl_z_takes_them_back(cfg) -> None:
    app, scene = _deploying(cfg)
    p = scene.s.to_move()
    before, actions = _acolytes(scene, p), len(scene.s.actions)
    testing.click(app, REGION_RECTS[4].center)
    testing.step(app, 1)
    button = next(b for b in scene.buttons if b.text == "All 5 here")
    assert "Ctrl+Z takes them back together" in button.tooltip
    testing.click(app, button.rect.center)
    testing.step(app, 1)
    assert _acolytes(scene, p)[4] == before[4] + 5 and sum(_acolytes(scene, p)) == sum(before) + 5
    placed = scene.s.actions[actions:]
    assert [a["action"] for a in placed] == [{"type": "place", "region": scene.s.content.region_ids[4]}] * 5
    assert scene.s.state.decision_name() != "place"  # the deployment is over: its card is tucked next
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    testing.step(app, 1)
    assert len(scene.s.actions) == actions and _acolytes(scene, p) == before  # one decision, taken back whole


def test_all_here_is_offered_only_for_two_or_more_and_never_past_the_reserve(cfg) -> None:
    app, scene = _deploying(cfg)
    st = scene.s.state
    p = st.to_move()
    st.reserve[p] = 3  # fewer in reserve than the deployment asks for: the rest become moves
    scene.rebuild()
    testing.click(app, REGION_RECTS[0].center)
    testing.step(app, 1)
    assert [b.text for b in scene.buttons if b.text.startswith("All ")] == ["All 3 here"]
    testing.key(app, pygame.K_ESCAPE)
    _place_by_clicks(app, scene, [0, 0])
    scene.choose(("place", 2), "Hint: the expert bot's move")  # the last one in reserve, in preview
    testing.step(app, 1)
    assert scene.s.state.reserve[p] == 1 and not [b for b in scene.buttons if b.text.startswith("All ")]
