"""Play-test friction: the bid dial, the payment count, remembered seats, tooltips, symbols, the 2-player table."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.realm.ui import look as L
from game.realm.ui.main import SetupScene, TableScene
from game.shell import testing
from game.shell.settings import SettingsScene
from game.shell.widgets import Container, Label, Widget

from .engine_helpers import play_until
from .realm_ui_helpers import realm_table_at


def _table_at(cfg, pred, players: int = 3, seed: int = 61):
    st = play_until(players, seed, pred)
    app, scene = realm_table_at(cfg, st)
    return app, scene, st


def test_the_bid_dial_opens_at_zero_and_explains_every_maximum(cfg) -> None:
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "bid" and s.rk.maxbid[s.to_move()] >= 2)
    assert scene.bid_value == 0
    scene.bid_value = 2  # what the last reckoning's bid left behind
    scene.bid_key = ("an", "earlier", "bid")
    scene.rebuild()
    testing.step(app, 2)
    assert scene.bid_value == 0, "a new bid starts at 0, never at the previous one"
    p = st.to_move()
    assert testing.was_drawn(app, f"You can pay at most {st.rk.maxbid[p]} here:")
    assert testing.was_drawn(app, "Rivals could pay at most")
    for q in range(st.n):
        if q != p:
            assert testing.was_drawn(app, scene.seat_label(q) + ": ")


def test_the_payment_counts_what_is_paid_so_far(cfg) -> None:
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "pay" and s.rk.bids[s.to_move()] >= 2)
    bid = st.rk.bids[st.to_move()]
    assert testing.was_drawn(app, f"paid {bid} of {bid}") or testing.was_drawn(app, "too much")
    minus = [b for b in scene.buttons if b.text == "-"]
    testing.click(app, minus[0].rect.center)
    testing.step(app, 2)
    assert any(f"of {bid}" in t and "paid" in t for t in testing.drawn_texts(app))


def test_setup_remembers_the_last_seats(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    setup = SetupScene(cfg)
    app.push(setup)
    testing.step(app, 2)
    assert testing.was_drawn(app, "The Guilded (Equity)") or any("Random" in t for t in testing.drawn_texts(app))
    setup.players.index = 1  # 3 players
    setup.seat_choices[1][0].index = 0  # a second human
    setup.seat_choices[2][1].index = setup.FACTIONS.index("remnants")
    testing.click_widget(app, testing.find_widget(app, "Start"))
    testing.step(app, 2)
    app.stack.find(TableScene).s.close()
    app2 = testing.make_app()
    again = SetupScene(cfg)
    app2.push(again)
    testing.step(app2, 2)
    assert again.players.value == 3
    assert again.seat_choices[1][0].value == "human" and again.seat_choices[2][1].value == "remnants"
    assert testing.was_drawn(app2, "The Remnants (Dominion)") and testing.was_drawn(app2, "Player 3")


@pytest.mark.parametrize("make", [SettingsScene, SetupScene])
def test_a_tooltip_never_covers_another_control(cfg, make) -> None:
    """The window-size tip covered the Fullscreen toggle; beside a setup choice it covered the next one."""
    app = testing.make_app()
    app.tooltips.delay = 0.0
    app.push(make(cfg))
    testing.step(app, 2)
    controls = [w for w in testing.widgets(app) if w.visible and not isinstance(w, (Container, Label))
                and type(w) is not Widget and w.rect.w and w.rect.h]  # plain Widgets: row backgrounds
    for w in [w for w in controls if w.tooltip]:
        testing.move(app, w.rect.center, frames=3)
        tip = app.tooltips.visible_text
        assert tip
        rect, _lines = app.tooltips.rect_for(tip)
        for other in controls:
            assert other is w or not rect.colliderect(other.rect), (w.tooltip[:30], other)


def test_symbols_are_never_ambiguous() -> None:
    from game.realm.engine import new_game

    c = new_game(3, seed=1).c
    assert L.ICON_GLYPH["purse"] != L.COIN and L.ICON_GLYPH["sword"] != L.MERC
    assert len(set(L.ICON_GLYPH.values())) == len(L.ICON_GLYPH)
    assert not set(L.FACTION_LETTER.values()) & set(c.pillar_letters)
    assert not set(L.FACTION_RGB.values()) & set(c.pillar_rgb)
    assert L.ICON_GLYPH["open_eye"] != L.ICON_GLYPH["closed_eye"]


def test_tooltips_say_what_this_edition_decides(cfg) -> None:
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "select")
    tips = [h.tip for h in scene.hotspots]
    assert any("nobody scores" in t for t in tips if "region" in t)  # region-control ties
    # a rule, not a claim that someone holds it (play-test s6 p4 item 5: read as a bonus nobody had)
    assert any("Whoever holds the Equity artifact takes 2 coins more" in t for t in tips) or not any(
        r.gains[1] for rid in st.revealed for r in st.c.rewards[rid].rows)


def test_the_two_player_table_hand_and_bag_are_shown(cfg) -> None:
    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human"), Seat("bot", "normal")], seed=11)
    app.push(TableScene(cfg, sess))
    testing.step(app, 3)
    assert testing.was_drawn(app, "The table hand: 4 cards")
    assert testing.was_drawn(app, "The bag: tokens 0 1 2 4 5 6")
    assert pygame.display.get_init()


def test_a_bid_is_typed_with_digits_the_wheel_or_the_arrow_keys(cfg) -> None:
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "bid" and s.rk.maxbid[s.to_move()] >= 12)
    p = st.to_move()
    mx = st.rk.maxbid[p]
    testing.key(app, pygame.K_1, unicode="1")
    testing.key(app, pygame.K_2, unicode="2")
    assert scene.bid_value == 12  # typed, not twelve clicks
    testing.key(app, pygame.K_BACKSPACE)
    assert scene.bid_value == 1
    testing.key(app, pygame.K_9, unicode="9")
    assert scene.bid_value == (19 if mx >= 19 else 9)  # past the most: the last digit starts again
    testing.key(app, pygame.K_UP)
    testing.key(app, pygame.K_DOWN)
    testing.key(app, pygame.K_DOWN)
    assert scene.bid_value == (18 if mx >= 19 else 8)
    testing.wheel(app, scene.buttons[0].rect.center, dy=1)
    assert scene.bid_value == (19 if mx >= 19 else 9)
    testing.key(app, pygame.K_RETURN)
    assert st.rk.bids[p] == (19 if mx >= 19 else 9) and p not in st.pending  # Enter bids what was typed


def test_a_monument_space_says_what_it_would_score_before_it_is_placed(cfg) -> None:
    from game.realm.engine.scoring import space_points

    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "monument", players=3, seed=62)
    p = st.to_move()
    age = min(max(st.age, 1), 3)
    free = [h for h in scene.hotspots if h.kind == "space" and st.built[h.value] is None]
    built = [h for h in scene.hotspots if h.kind == "space" and st.built[h.value] is not None]
    assert free
    for h in free:
        sp = st.c.spaces[h.value]
        pts = space_points(st, h.value, 0, age)
        assert f"it would score: {scene.seat_label(0)}" in h.tip or "it would score:" in h.tip
        assert f"{scene.seat_label(p)} {pts[p]}" in h.tip, (sp.name, h.tip)
    assert not any("Built now" in h.tip for h in built)  # the control: a built space says what it scores


def test_h_in_pass_and_play_says_why_hints_are_off(cfg) -> None:
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "select")  # three humans at one screen
    assert not scene.hints_allowed()
    testing.key(app, pygame.K_h)
    assert any("Hints are off in pass and play: every player" in t for t, _s in app._toasts)
    assert not scene.hint_wait


def test_the_prompt_counts_the_acolytes_left_to_deploy(cfg) -> None:
    """Play-test: a deployment of several acolytes said nothing of how many were left (issue 22)."""
    app, scene, st = _table_at(cfg, lambda s: s.decision_name() == "place" and s.dec_n >= 2)
    p, left = st.to_move(), st.dec_n
    assert any(f"; {left} left ({st.reserve[p]} in reserve)" in t for t in testing.drawn_texts(app))
    scene.submit(st.legal_actions()[0])
    scene.viewer = scene.revealed_for = p
    scene.rebuild()
    testing.step(app, 2)
    st = scene.s.state
    assert st.decision_name() in ("place", "move") and st.to_move() == p
    want = f"; {left - 1} left (" if st.decision_name() == "place" else f"({left - 1} move"
    assert any(want in t for t in testing.drawn_texts(app)), testing.drawn_texts(app)


def test_the_legends_tip_shows_only_on_hover_and_never_over_the_boards(cfg) -> None:
    """Play-test: after a choice made on an option button lying over the icon legend, the legend's tip
    popped up over the opponents' boards without the mouse moving (issue 22)."""
    from game.realm.ui.table import BOARDS_RECT, LEGEND_RECT

    st = play_until(4, 61, lambda s: s.decision_name() == "tuck")
    p = st.to_move()
    sess = GameSession(4, [Seat("human") if q == p else Seat("bot", "rule") for q in range(4)], seed=1)
    sess.state = st
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 2)
    app.tooltips.delay = 0.1
    over = [b for b in scene.buttons if b.rect.colliderect(LEGEND_RECT)]
    assert over, "an option lies over the legend"
    at = (LEGEND_RECT.x + 60, over[0].rect.centery)
    testing.click(app, at)  # choose: the move in preview
    testing.click(app, at)  # and confirm it: the options go
    testing.step(app, 30)
    assert app.stack.top is scene
    assert not any(b.rect.collidepoint(at) for b in scene.buttons)
    assert LEGEND_RECT.collidepoint(at) and app.tooltips.visible_text is None
    testing.move(app, (at[0] + 12, at[1] + 4), frames=30)  # the control: on hover it shows
    tip = app.tooltips.visible_text
    assert tip and "pillar" in tip
    rect, _lines = app.tooltips.rect_for(tip)
    assert not rect.colliderect(BOARDS_RECT)
    sess.close()


def test_leaving_saves_the_game_at_this_move_and_the_dialog_says_so(cfg) -> None:
    """Play-test: the leave dialog said "saved at the end of every round" while Continue resumed
    mid-turn. Leaving now saves the game as it stands, and the dialog says that (issue 22)."""
    import random

    from game.shell.title import autosave_of

    sess = GameSession(3, [Seat("human") for _ in range(3)], seed=61)
    rng = random.Random(61)
    while not (sess.state.round == 2 and sess.state.decision_name() not in ("select", "discard")):
        sess.submit(rng.choice(sess.state.legal_actions()))  # into a round, mid-turn
    app = testing.make_app(skip_animations=True)
    scene = TableScene(cfg, sess)
    app.push(scene)
    scene.viewer = scene.revealed_for = sess.to_move()
    scene.rebuild()
    testing.step(app, 2)
    path = autosave_of(sess.adapter)
    path.unlink(missing_ok=True)  # the control: nothing saved before leaving
    testing.key(app, pygame.K_ESCAPE, frames=2)
    assert testing.was_drawn(app, "saved as you leave, at this very move")
    assert not path.exists()
    testing.click_widget(app, testing.find_widget(app, "Leave"), frames=3)
    back = GameSession.load(path)
    assert len(back.actions) == len(sess.actions) > 0
    assert back.state.decision_name() == sess.state.decision_name() and back.to_move() == sess.to_move()



def test_no_tip_pops_up_as_the_table_comes_up_under_a_resting_mouse(cfg) -> None:
    """Play-test: Start on the setup screen lies over the table's icon legend, whose tip popped up as the
    game began; a tip now waits for the mouse to move."""
    from game.realm.ui.table import LEGEND_RECT

    app = testing.make_app(skip_animations=True)
    app.tooltips.delay = 0.1
    at = LEGEND_RECT.center
    testing.move(app, at, frames=2)
    sess = GameSession(3, [Seat("human"), Seat("bot", "rule"), Seat("bot", "rule")], seed=4)
    scene = TableScene(cfg, sess)
    app.push(scene)
    testing.step(app, 30)
    assert app.tooltips.visible_text is None
    testing.move(app, (at[0] + 8, at[1]), frames=30)  # the control: once it moves, the tip shows
    assert app.tooltips.visible_text and "pillar" in app.tooltips.visible_text
    sess.close()
