"""Undo is lit only when pressing it would take back a decision with a choice in it (play-test: Undo was lit after
the bots' sealed card selections that followed the player's last card, the only one left in hand: pressing it
only brought the same forced move back)."""

from __future__ import annotations

import random

import pygame

from game.core.session import GameSession, Seat
from game.realm.ui.main import TableScene
from game.shell import testing


def _table(cfg):
    cfg.ui["reveal_hold"] = 0.0  # a selection is sent at once, not held face down
    sess = GameSession(3, [Seat("human"), Seat("bot", "rule"), Seat("bot", "rule")], seed=3)
    app = testing.make_app()
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 2)
    return app, scene


def _after_a_bots_sealed_choice(app, scene, forced: bool) -> None:
    """Play (the human at random) until the human's select, forced or not as asked, was followed by a bot's
    sealed selection, with the reveal still to come."""
    s, rng = scene.s, random.Random(1)
    for _ in range(20000):
        if app.stack.top is not scene:
            app.stack.top.close()
        elif scene.my_turn:
            legal = s.state.legal_actions()
            if s.state.decision_name() == "select" and (len(legal) == 1) == forced:
                scene.send(legal[0])
                while s.actions[-1]["seat"] == 0:
                    testing.step(app, 1)  # the bots act in the frame's update; the frame is drawn after it
                assert s.steps[-1] == "secret"  # a bot's card, face down: the reveal is still to come
                return
            scene.send(rng.choice(legal))
        testing.step(app, 1)
    raise AssertionError("no such moment")


def test_undo_is_dim_and_does_nothing_after_a_forced_move(cfg) -> None:
    app, scene = _table(cfg)
    _after_a_bots_sealed_choice(app, scene, forced=True)
    s = scene.s
    assert s.undo_target(0) is not None  # the rule would rewind to the forced card ...
    assert not scene.can_undo()  # ... which would bring the same card back: nothing to undo
    assert scene.undo_button in scene.shared_shown and not scene.undo_button.enabled
    count = len(s.actions)
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(s.actions) >= count  # nothing taken back
    s.close()


def test_undo_is_lit_and_takes_back_a_chosen_card(cfg) -> None:  # the control
    app, scene = _table(cfg)
    _after_a_bots_sealed_choice(app, scene, forced=False)
    s = scene.s
    assert scene.can_undo() and scene.undo_button.enabled
    before = s.undo_target(0)
    testing.key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(s.actions) == before and s.state.decision_name() == "select" and s.to_move() == 0
    s.close()


def test_a_payment_with_several_ways_is_a_choice_though_the_short_list_holds_one(cfg) -> None:
    """The pay decision lists a short list of payments (``legal_actions``), which may hold a single one of many;
    the panel offers them all, so paying is a choice and may be taken back."""
    from game.realm.engine.state import new_game

    from .realm_ui_helpers import realm_table_at

    for seed in range(100):
        st = new_game(3, seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            if st.decision_name() == "pay" and len(legal) == 1 and st.payment_count(st.to_move()) > 1:
                app, scene = realm_table_at(cfg, st)
                assert not scene.only_move()
                k = len(scene.s.actions)
                scene.send(legal[0])
                assert scene._choice_at(k)  # Undo may take it back, where the rule allows
                scene.s.close()
                return
            st.apply(rng.choice(legal))
    raise AssertionError("no such payment")
