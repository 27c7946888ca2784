"""Res Arcana's card faces say the whole card, the large card view opens on any card, and "look at 3"
is answered by clicking the cards in order."""

from __future__ import annotations

import random

import pygame
import pytest

from game.core.session import GameSession, Seat
from game.shell import testing
from game.shell import text as T

from .arcana_helpers import table_at
from .test_arcana_ui_fit import _action_phase_state, crowd


def _face_texts(cd, size: tuple[int, int]) -> tuple[list[T.DrawnText], bool]:
    """The texts of ``cd``'s face at ``size`` (at the card view's size: as the view draws it) and whether
    every ability showed."""
    from game.arcana.ui import look as L
    from game.arcana.ui.cardview import FACE as VIEW
    from game.arcana.ui.cardview import draw_card_view

    T.registry.begin_frame()
    if size == VIEW:
        surf = pygame.Surface((1600, 900))
        draw_card_view(surf, cd, "")
        face = [d for d in T.registry.items if d.box is not None and d.box.size == VIEW]
        return [T.DrawnText(d.text, d.rect.move(-d.box.x, -d.box.y)) for d in face], _whole(cd, VIEW)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    whole = L.draw_card(surf, surf.get_rect(), cd)
    return list(T.registry.items), whole


def _whole(cd, size: tuple[int, int]) -> bool:
    """Whether the card view's face shows every ability at one of the sizes it tries."""
    from game.arcana.ui import look as L

    surf = pygame.Surface(size, pygame.SRCALPHA)
    return any(L.draw_card(surf, surf.get_rect(), cd, px=px) for px in (26, 23, 20, 18, 16))


def test_every_face_states_its_whole_card_in_words_never_cut() -> None:
    from game.arcana.engine import default_content
    from game.arcana.ui.cardview import FACE as VIEW
    from game.arcana.ui.layout import FACE

    testing.use_dummy_drivers()
    pygame.init()
    c = default_content()
    for cd in c.cards:
        for size in (FACE, VIEW):
            items, whole = _face_texts(cd, size)
            box = pygame.Rect((0, 0), size)
            assert not [d.text for d in items if d.text.endswith("\u2026")], cd.name
            assert all(box.contains(d.rect) for d in items), (cd.name, size)
            if size == VIEW:
                assert whole, f"{cd.name}: the card view shows every ability"
    words = {n: " ".join(d.text for d in _face_texts(c.card(n), VIEW)[0]) for n in
             ("dwarven_mines", "corrupt_altar", "hypnotic_basin", "treant", "druid", "dragons_lair")}
    assert "on card" in words["dwarven_mines"]  # the second power stores its Gold on the card
    assert "+2" in words["corrupt_altar"]
    assert "per" in words["hypnotic_basin"] and "rival" in words["hypnotic_basin"]
    assert "per" in words["treant"] and "rival" in words["treant"]
    assert "creature" in words["druid"]
    assert words["dragons_lair"].count("3") >= 5  # four costs of 3 and "3 less"
    # the control: a face too small for its abilities says so (it is not silently cut)
    assert not _face_texts(c.card("dragons_lair"), (136, 120))[1]


def _table(cfg, players: int = 2, crowded: bool = False):
    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    seats = [Seat("human", name="Annabel")] + [Seat("bot", "rule", name="Bartholomew")] * (players - 1)
    sess = GameSession(players, seats, 7, {"preset": "random"}, presets=None, game="arcana")
    sess.state = _action_phase_state(players, 7)
    if crowded:
        crowd(sess.state, [16] + [14] * (players - 1))
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    return app, table, sess


def test_right_click_or_v_shows_any_card_large_and_any_click_closes(cfg) -> None:
    app, table, sess = _table(cfg, 3, crowded=True)
    c = sess.content
    rival = sess.state.play[1][0]
    mine = sess.state.play[0][3]
    centre = c.by_id[table.view()["magic_items_free"][0]]
    for ci in (rival, mine, centre):
        testing.click(app, table.anchors[("card", ci)].center, button=3, frames=2)
        assert table.viewing is not None and table.viewing[0] == ci
        assert testing.was_drawn(app, "Any click or key closes this view.")
        assert any(d.text == c.cards[ci].name for d in app.last_frame_texts)
        testing.click(app, (800, 450), frames=2)
        assert table.viewing is None and not testing.was_drawn(app, "Any click or key closes this view.")
    testing.move(app, table.anchors[("card", rival)].center)
    testing.key(app, pygame.K_v, frames=2)
    assert table.viewing is not None and table.viewing[0] == rival
    testing.key(app, pygame.K_v, frames=2)
    assert table.viewing is None
    testing.click(app, (1300, 60), button=3, frames=2)  # the control: no card there, no view
    assert table.viewing is None


def _order_state(players: int = 2):
    """A seeded game played until seat 0 must put peeked cards back in order."""
    from game.arcana.engine import new_game
    from game.arcana.engine.state import K_POWER

    for seed in range(60):
        s = new_game(players, seed, preset="random")
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            if s.decision_name() == "order" and s.to_move() == 0:
                return s
            acts = s.legal_actions()
            look = [a for a in acts if a[0] == K_POWER and any(
                e["op"] == "look_top_reorder" for e in s.c.cards[a[1]].powers[a[2]].effects)]
            s.apply(look[0] if look and s.to_move() == 0 else acts[rng.randrange(len(acts))])
    return None


def test_look_at_three_is_answered_by_clicking_the_cards_in_order(cfg) -> None:
    from game.arcana.engine.state import K_ORDER, PERMS

    st = _order_state()
    if st is None:
        pytest.skip("no seeded game reached a 'look at 3' for seat 0")
    app, table, sess = table_at(cfg, st)
    assert table.my_turn and st.decision_name() == "order"
    assert not [b for b in table.buttons if getattr(b, "action", (None,))[0] == K_ORDER]  # no permutation list
    peek = table.view()["peek"]
    rects = [r for _, r in table._order_rects(table.view())]
    wanted = list(reversed(range(len(peek))))
    for i in wanted[:-1]:
        testing.click(app, rects[i].center, frames=2)
        assert table.pending is None
    testing.click(app, rects[wanted[-1]].center, frames=2)
    assert table.pending is not None and table.pending[0] == K_ORDER
    assert list(PERMS[len(peek)][table.pending[1]]) == wanted
    done = len(sess.actions)
    testing.key(app, pygame.K_RETURN, frames=3)
    assert len(sess.actions) == done + 1 and sess.actions[-1]["seat"] == 0


def test_the_last_card_of_a_draft_pack_is_taken_for_you(cfg) -> None:
    import time

    from game.arcana.ui import TableScene

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("bot", "rule")], 3, {"preset": "random", "draft": True},
                       presets=None, game="arcana")
    table = TableScene(cfg, sess)
    app.push(table)
    mine = 0
    seen_kept = False
    deadline = time.monotonic() + 60
    while sess.state.decision_name() == "draft" and time.monotonic() < deadline:
        testing.step(app, 1)
        if table.my_turn and sess.state.decision_name() == "draft":
            legal = sess.state.legal_actions()
            assert len(legal) > 1  # a pack of one never waits for a click
            me = table.view()["players"][0]
            drawn = " ".join(d.text for d in app.last_frame_texts)  # a long name is set on two lines
            assert all(sess.content.card(m).name in drawn for m in me["mage_options"])  # the mages in view
            assert all(sess.content.card(k).name in drawn for k in me["deck_contents"])  # and the cards kept
            seen_kept = seen_kept or bool(me["deck_contents"])
            table.submit(legal[0])
            mine += 1
        time.sleep(0.001)
    assert sess.state.decision_name() != "draft"
    kept = [a for a in sess.actions if a["seat"] == 0 and sess.adapter.from_json(sess.state, a["action"])[0] == 0]
    assert seen_kept
    assert len(kept) == 8 and mine == 6  # two packs of four: the last card of each was taken for the person


def test_a_short_list_of_choices_shows_whole_without_paging(cfg) -> None:
    from game.arcana.engine.state import K_ESS

    app, table, sess = _table(cfg, 2)
    options = [(K_ESS, e) for e in range(5)] * 2  # ten choices: two columns, no "More options"
    table.buttons = []
    assert table._two_columns(options, 1126, 538, 452)
    assert len(table.buttons) == 10
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(table.buttons) for b in table.buttons[i + 1:])
    assert all(b.rect.bottom <= 900 - 104 for b in table.buttons)
    table.buttons = []
    assert not table._two_columns(options * 3, 1126, 538, 452)  # the control: thirty do not fit, nothing placed
    assert not table.buttons


def test_one_of_a_cards_moves_is_done_in_two_clicks_its_only_move_is_previewed(cfg) -> None:
    from game.arcana.ui import TableScene

    from .test_arcana_ui_fit import _lift_curtain

    app = testing.make_app(skip_animations=True)
    sess = GameSession(2, [Seat("human", name="Annabel"), Seat("human", name="Bartholomew")], 7,
                       {"preset": "random"}, presets=None, game="arcana")
    sess.state = next(s for s in (_action_phase_state(2, seed) for seed in range(7, 60)) if s.to_move() == 0)
    table = TableScene(cfg, sess)
    app.push(table)
    testing.step(app, 3)
    _lift_curtain(app)
    spots = [sp for sp in table.spots if sp.card >= 0]
    many = next(sp for sp in spots if len(sp.actions) > 1)
    done = len(sess.actions)
    testing.click(app, many.rect.center, frames=2)  # the card: its moves are listed
    assert len(sess.actions) == done and table.selected == many.card
    option = next(b for b in table.buttons if getattr(b, "action", None) in many.actions)
    testing.click_widget(app, option, frames=2)  # one of them: done
    assert len(sess.actions) == done + 1 and table.pending is None
    _lift_curtain(app)
    testing.step(app, 3)
    assert table.my_turn  # the next seat, at this screen
    testing.click_widget(app, next(b for b in table.buttons if b.text == "Pass"), frames=2)
    assert table.pending is not None and len(sess.actions) == done + 1  # the control: a lone move waits


def _gain_state():
    """A seeded game played until seat 0 gains two or more essences of its choice by a power."""
    from game.arcana.engine import new_game
    from game.arcana.ui.collect import collecting

    for seed in range(200):
        s = new_game(2, seed, preset="random")
        rng = random.Random(seed)
        for _ in range(600):
            if s.is_terminal():
                break
            ch = s.view(0).get("essence_choice") or {}
            if s.decision_name() == "essence" and s.to_move() == 0 and ch.get("mode") == 0 and ch.get("count", 0) > 1 \
                    and len(s.legal_actions()) > 1 and not collecting(s, 0):  # a power's gain (a collect's: its panel)
                return s
            acts = s.legal_actions()
            s.apply(acts[rng.randrange(len(acts))])
    return None


def test_several_essences_of_ones_choice_are_gained_in_one_panel(cfg) -> None:

    st = _gain_state()
    assert st is not None
    n = st.view(0)["essence_choice"]["count"]
    app, table, sess = table_at(cfg, st)
    assert sum(table.ess_plan) == n  # a default the player can take as it is
    assert not any(b.enabled for b in table.buttons if b.text == "+")  # the control: no more than n
    done = len(sess.actions)
    plan = list(table.ess_plan)
    testing.click_widget(app, next(b for b in table.buttons if b.text == "Gain"), frames=2)
    assert len(sess.actions) >= done + n
    got = [sess.adapter.from_json(sess.state, a["action"]) for a in sess.actions[done:done + n]]
    assert all(a["seat"] == 0 for a in sess.actions[done:done + n])
    assert [sum(1 for a in got if a[1] == e) for e in range(5)] == plan  # exactly the plan, one by one


def test_look_at_three_is_dragged_into_order_and_put_back_in_one_click(cfg) -> None:
    from game.arcana.engine.state import K_ORDER, PERMS

    st = _order_state()
    if st is None:
        pytest.skip("no seeded game reached a 'look at 3' for seat 0")
    app, table, sess = table_at(cfg, st)
    n = len(table.view()["peek"])
    assert n >= 2
    rects = dict(enumerate(r for _, r in table._order_rects(table.view())))
    last = n - 1
    testing.press(app, rects[last].center)
    for x in range(rects[last].centerx, rects[0].centerx - 1, -20):  # held, the others make room as it passes
        testing.move(app, (x, rects[last].centery), frames=1)
        shown = [r for _, r in table._order_rects(table.view())]
        assert all(not a.colliderect(b) for k, a in enumerate(shown) for b in shown[k + 1:])  # never one on another
    testing.release(app, (rects[0].centerx, rects[0].centery))
    testing.step(app, 2)
    wanted = [last] + list(range(last))
    assert table.reorder.arrangement == wanted and table.pending is None  # a drop alone does not answer
    done = len(sess.actions)
    testing.click_widget(app, next(b for b in table.buttons if b.text == "Put back in this order"), frames=2)
    assert len(sess.actions) == done + 1
    got = sess.adapter.from_json(sess.state, sess.actions[-1]["action"])
    assert got[0] == K_ORDER and list(PERMS[n][got[1]]) == wanted


def test_a_short_press_on_a_peeked_card_is_a_click_not_a_drag(cfg) -> None:
    """The control for the drag: a press let go where it was places the card next from the top, and moves
    nothing."""

    st = _order_state()
    if st is None:
        pytest.skip("no seeded game reached a 'look at 3' for seat 0")
    app, table, sess = table_at(cfg, st)
    n = len(table.view()["peek"])
    rect = table._order_rects(table.view())[n - 1][1]
    testing.press(app, rect.center)
    testing.move(app, (rect.centerx + 3, rect.centery), frames=1)
    testing.release(app, (rect.centerx + 3, rect.centery))
    testing.step(app, 2)
    assert table.reorder.picks == [n - 1] and table.reorder.arrangement == list(range(n))
    testing.key(app, pygame.K_1, frames=2)  # the key way: slot 1's card goes next
    assert table.reorder.picks == [n - 1, 0]
